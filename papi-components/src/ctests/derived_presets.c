/*
 * File:    derived_presets.c
 *
 * Derived presets and user events whose terms are other presets or
 * events, read from files given with PAPI_CSV_EVENT_FILE and
 * PAPI_USER_EVENTS_FILE.  Each event must get the postfix formula and
 * native events its definition gives, or be unavailable where its
 * definition cannot be right.
 *
 * The files name perf_event's software events, which every Linux kernel
 * has, under every PMU name of the perf_event component, so that the
 * section is the one PAPI loads for its default core PMU.  The test
 * writes them, then runs itself again with the two variables set.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "papi.h"
#include "papi_test.h"

#define A "perf::TASK-CLOCK"
#define B "perf::PAGE-FAULTS"
#define C "perf::CONTEXT-SWITCHES"
#define A4 A "," A "," A "," A
#define C4 C "," C "," C "," C
#define AGAIN "PAPI_DERIVED_PRESETS_RUN"

/* Terms are taken as their own formula and native events, each native */
/* event added once; X_A = A - B, X_B = B - A. */
static const char *table =
	"PRESET,PAPI_TOT_CYC,NOT_DERIVED," A "\n"
	"PRESET,PAPI_TOT_INS,NOT_DERIVED," B "\n"
	"PRESET,PAPI_L3_DCA,DERIVED_POSTFIX,N0|N1|-|," A "," B "\n"
	"PRESET,PAPI_L3_TCA,DERIVED_ADD,PAPI_L3_DCA,PAPI_L3_DCA\n"
	"PRESET,PAPI_L3_DCR,DERIVED_POSTFIX,N0|N1|-|," B "," A "\n"
	"PRESET,PAPI_L3_DCW,DERIVED_ADD,PAPI_TOT_INS,PAPI_L3_DCR\n"
	"PRESET,PAPI_LST_INS,DERIVED_ADD," B "," A "\n"
	"PRESET,PAPI_L2_TCA,DERIVED_ADD,PAPI_TOT_INS,PAPI_L3_DCA\n"
	"PRESET,PAPI_L2_TCM,DERIVED_ADD,PAPI_L3_DCA,PAPI_TOT_INS\n"
	"PRESET,PAPI_L2_DCA,DERIVED_ADD,PAPI_L2_DCA,PAPI_TOT_CYC\n"
	"PRESET,PAPI_L2_DCM,DERIVED_ADD,PAPI_TOT_CYC,PAPI_L2_DCM\n"
	"PRESET,PAPI_L2_ICA,DERIVED_ADD,PAPI_L1_ICM,PAPI_TOT_CYC\n"
	"PRESET,PAPI_L3_TCR,DERIVED_ADD,PAPI_L3_DCA,PAPI_L3_DCR\n"
	"PRESET,PAPI_L3_TCW,DERIVED_ADD," B ",PAPI_L3_DCA\n"
	"PRESET,PAPI_L2_TCR,DERIVED_ADD,PAPI_L3_DCA," B "\n"
	"PRESET,PAPI_L2_TCW,DERIVED_ADD,PAPI_L3_DCA,PAPI_L3_DCA,PAPI_TOT_CYC\n"
	"PRESET,PAPI_L1_TCR,NOT_DERIVED,PAPI_L3_DCA\n"
	"PRESET,PAPI_L1_STM,NOT_DERIVED," A ",PAPI_L3_DCA\n"
	"PRESET,PAPI_L2_LDM,DERIVED_ADD," A4 "," A4 "," A4 "," A "\n"
	"PRESET,PAPI_L2_STM,DERIVED_ADD," A "," A "," A "," A "," A "," A "," A ",PAPI_L3_DCA\n"
	"PRESET,PAPI_L1_ICH,DERIVED_ADD," C4 "," C4 "," C "," C "," C ",PAPI_L3_DCA\n"
	"PRESET,PAPI_L1_DCM,DERIVED_INFIX,N0-N1-N0," A "," B "\n"
	"PRESET,PAPI_L1_LDM,DERIVED_INFIX,N0/N1*N0," A "," B "\n";

static const char *user_events =
	"EVENT,UE_IPC,DERIVED_POSTFIX,N0|N1|/|,PAPI_TOT_INS,PAPI_TOT_CYC\n"
	"EVENT,UE_MIX,DERIVED_POSTFIX,N0|N1|*|,PAPI_LST_INS,PAPI_TOT_CYC\n"
	"EVENT,UE_TCA_RATE,DERIVED_POSTFIX,N0|N1|/|,PAPI_L3_TCA,PAPI_TOT_CYC\n"
	"EVENT,UE_RAW,DERIVED_POSTFIX,N0N1|+|," A "," B "\n"
	"EVENT,UE_ON_RAW,DERIVED_ADD," B ",UE_RAW\n";

struct derived_case {
	const char *name;
	const char *postfix;		/* NULL: the event must be unavailable */
	const char *natives[8];
};

static const struct derived_case cases[] = {
	{ "UE_IPC", "N0|N1|/|", { B, A } },
	{ "UE_MIX", "N0|N1|+|N1|*|", { B, A } },	/* (B + A) * A */
	{ "PAPI_L3_DCA", "N0|N1|-|", { A, B } },
	{ "PAPI_L3_TCA", "N0|N1|-|N0|N1|-|+|", { A, B } },
	{ "PAPI_L3_DCW", "N0|N0|N1|-|+|", { B, A } },	/* B + (B - A) */
	{ "PAPI_L2_TCA", "N0|N1|N0|-|+|", { B, A } },	/* B + (A - B) */
	{ "PAPI_L2_TCM", "N0|N1|-|N1|+|", { A, B } },	/* (A - B) + B */
	{ "UE_TCA_RATE", "N0|N1|-|N0|N1|-|+|N0|/|", { A, B } },
	{ "PAPI_L2_DCA", NULL, { NULL } },	/* its own first term */
	{ "PAPI_L2_DCM", NULL, { NULL } },	/* its own second term */
	{ "PAPI_L2_ICA", NULL, { NULL } },	/* a term the table does not define */
	{ "PAPI_L3_TCR", "N0|N1|-|N1|N0|-|+|", { A, B } },	/* (A - B) + (B - A) */
	{ "PAPI_L3_TCW", "N0|N1|N0|-|+|", { B, A } },	/* B + (A - B) */
	{ "PAPI_L2_TCR", "N0|N1|-|N2|+|", { A, B, B } },	/* (A - B) + B */
	{ "PAPI_L2_TCW", "N0|N1|-|N0|N1|-|+|N0|+|", { A, B } },
	{ "PAPI_L1_TCR", "N0|N1|-|", { A, B } },	/* NOT_DERIVED of a derived term */
	{ "PAPI_L1_STM", NULL, { NULL } },	/* NOT_DERIVED with two terms */
	/* a derived event holds PAPI_EVENTS_IN_DERIVED_EVENT native events, at most PAPI_MAX_INFO_TERMS (12) */
	{ "PAPI_L2_LDM", NULL, { NULL } },	/* thirteen native events */
	/* seven native events and a term of two, one of them there already */
	{ "PAPI_L2_STM", "N0|N1|+|N2|+|N3|+|N4|+|N5|+|N6|+|N0|N7|-|+|",
	  { A, A, A, A, A, A, A, B } },
	{ "PAPI_L1_ICH", NULL, { NULL } },	/* eleven and a term of two new ones */
	{ "PAPI_L1_DCM", "N0|N1|-|N0|-|", { A, B } },	/* (A - B) - A */
	{ "PAPI_L1_LDM", "N0|N1|/|N0|*|", { A, B } },	/* (A / B) * A */
	{ "UE_RAW", NULL, { NULL } },	/* "N0N1": tokens that run together */
	{ "UE_ON_RAW", NULL, { NULL } },
};

/* write_file: a file of the sections' CPU lines, then TEXT */
static void
write_file( char *path, const PAPI_component_info_t *cmpinfo, const char *text )
{
	int fd = mkstemp( path ), i;
	FILE *f = fd < 0 ? NULL : fdopen( fd, "w" );

	if ( f == NULL )
		test_fail( __FILE__, __LINE__, "mkstemp", PAPI_ESYS );
	for ( i = 0; i < PAPI_PMU_MAX && cmpinfo->pmu_names[i] != NULL; i++ )
		fprintf( f, "CPU,%s\n", cmpinfo->pmu_names[i] );
	fputs( text, f );
	fclose( f );
}

/* check: whether the event has the formula and native events of its case */
static int
check( const struct derived_case *c )
{
	PAPI_event_info_t info;
	int code, retval;
	unsigned int n;

	retval = PAPI_event_name_to_code( c->name, &code );
	if ( retval != PAPI_OK ) {
		/* a user event that is refused has no name */
		if ( c->postfix == NULL && strncmp( c->name, "UE_", 3 ) == 0 )
			return 1;
		printf( "%s: no code (%s)\n", c->name, PAPI_strerror( retval ) );
		return 0;
	}
	retval = PAPI_query_event( code );
	if ( c->postfix == NULL ) {
		if ( retval == PAPI_OK )
			printf( "%s: available, expected not\n", c->name );
		return retval != PAPI_OK;
	}
	memset( &info, 0, sizeof ( info ) );
	if ( retval != PAPI_OK || PAPI_get_event_info( code, &info ) != PAPI_OK ) {
		printf( "%s: unavailable (%s)\n", c->name, PAPI_strerror( retval ) );
		return 0;
	}
	for ( n = 0; n < 8 && c->natives[n] != NULL; n++ )
		;
	if ( strcmp( info.postfix, c->postfix ) != 0 || info.count != n ) {
		printf( "%s: formula %s of %u native events, expected %s of %u\n",
			c->name, info.postfix, info.count, c->postfix, n );
		return 0;
	}
	for ( n = 0; n < info.count; n++ )
		if ( strstr( info.name[n], c->natives[n] ) == NULL ) {
			printf( "%s: native event %u is %s, expected %s\n",
				c->name, n, info.name[n], c->natives[n] );
			return 0;
		}
	return 1;
}

int
main( int argc, char **argv )
{
	char table_path[] = "/tmp/papi_derived_presets.XXXXXX";
	char events_path[] = "/tmp/papi_derived_user_events.XXXXXX";
	const PAPI_component_info_t *cmpinfo;
	unsigned int i, bad = 0;
	int retval, cidx;

	tests_quiet( argc, argv );

	retval = PAPI_library_init( PAPI_VER_CURRENT );
	if ( retval != PAPI_VER_CURRENT )
		test_fail( __FILE__, __LINE__, "PAPI_library_init", retval );

	if ( getenv( AGAIN ) == NULL ) {
		cidx = PAPI_get_component_index( "perf_event" );
		cmpinfo = cidx < 0 ? NULL : PAPI_get_component_info( cidx );
		if ( cmpinfo == NULL || cmpinfo->disabled )
			test_skip( __FILE__, __LINE__, "perf_event component", PAPI_ECMP );
		write_file( table_path, cmpinfo, table );
		write_file( events_path, cmpinfo, user_events );
		PAPI_shutdown(  );
		setenv( "PAPI_CSV_EVENT_FILE", table_path, 1 );
		setenv( "PAPI_USER_EVENTS_FILE", events_path, 1 );
		setenv( AGAIN, "1", 1 );
		execv( "/proc/self/exe", argv );
		test_fail( __FILE__, __LINE__, "execv", PAPI_ESYS );
	}

	unlink( getenv( "PAPI_CSV_EVENT_FILE" ) );
	unlink( getenv( "PAPI_USER_EVENTS_FILE" ) );
	/* PAPI loads a table only for a default core PMU */
	if ( PAPI_query_event( PAPI_TOT_CYC ) != PAPI_OK )
		test_skip( __FILE__, __LINE__, "no preset table loaded (no core PMU)", 0 );

	for ( i = 0; i < sizeof ( cases ) / sizeof ( cases[0] ); i++ )
		if ( !check( &cases[i] ) )
			bad++;
	if ( bad )
		test_fail( __FILE__, __LINE__, "derived events not as defined", bad );
	test_pass( __FILE__ );
	return 0;
}
