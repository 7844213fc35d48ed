/*
 * File:    papi_preset_hybrid.c
 *
 * With several core PMUs (Arm big.LITTLE: arm_ac53 on the little cores,
 * arm_ac72 on the big ones) a native event counts only while the thread
 * runs on its own core type's CPUs.  A preset defined with the default
 * PMU's events alone would count one cluster and read 0 (or part of the
 * loop) on the other, without an error.  Here each preset is instead the
 * SUM of every core type's definition: the preset table's section of each
 * core PMU is loaded in turn (its native events qualified with that PMU's
 * name), and for each preset that every section defines, the definitions
 * are joined:
 *   - plain or added events (NOT_DERIVED, DERIVED_ADD): DERIVED_ADD of all;
 *   - with a DERIVED_SUB or DERIVED_POSTFIX part: one postfix formula, each
 *     part's formula with its events renumbered, the parts added;
 *   - other derived types (per second, compound, ...), more events than
 *     a derived event can hold (PAPI_EVENTS_IN_DERIVED_EVENT), or an event
 *     not of the section's own PMU (a generic perf:: event, another PMU's:
 *     it would count on one core type only, or twice): unavailable.
 * A preset that only some core types define is unavailable (PAPI_ENOEVNT
 * when added): never a partial count.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "papi_internal.h"
#include "papi_vector.h"
#include "papi_memory.h"
#include "papi_preset.h"
#include "papi_preset_check.h"
#include "papi_preset_hybrid.h"

#define HYBRID_MAX_PMUS 8

static char hybrid_names[HYBRID_MAX_PMUS][PAPI_MIN_STR_LEN];
static int hybrid_ids[HYBRID_MAX_PMUS];
static int hybrid_count;
/* the PMU whose section is being loaded, -1 outside a load */
static int loading = -1;

void
_papi_preset_hybrid_set( const char **names, const int *ids, int n )
{
	int i;

	hybrid_count = 0;
	if ( names == NULL || ids == NULL || n < 2 ) {
		return;
	}
	if ( n > HYBRID_MAX_PMUS ) {
		n = HYBRID_MAX_PMUS;
	}
	for ( i = 0; i < n; i++ ) {
		snprintf( hybrid_names[i], sizeof ( hybrid_names[i] ), "%s",
			  names[i] );
		hybrid_ids[i] = ids[i];
	}
	hybrid_count = n;
}

int
_papi_preset_hybrid_active( void )
{
	return hybrid_count > 1;
}

char *
_papi_preset_hybrid_term( char *term, char *buf, size_t size )
{
	int n;

	if ( loading < 0 || term == NULL || strstr( term, "::" ) != NULL ||
	     strncmp( term, "PAPI_", 5 ) == 0 ) {
		return term;
	}
	n = snprintf( buf, size, "%s::%s", hybrid_names[loading], term );
	if ( n < 0 || ( size_t ) n >= size ) {
		return term;
	}
	return buf;
}

/* The parts of one preset: each PMU's definition, taken out of the table */
typedef struct {
	unsigned int count;
	int derived;
	char *postfix;
	char *note;
	unsigned int code[PAPI_MAX_INFO_TERMS];
	unsigned int default_code[PAPI_MAX_INFO_TERMS];
	char *name[PAPI_MAX_INFO_TERMS];
	char *base_name[PAPI_MAX_INFO_TERMS];
	char *default_name[PAPI_MAX_INFO_TERMS];
} hybrid_part_t;

/* Move the definition of preset p (loaded for one PMU) into part */
static void
take_definition( hwi_presets_t *p, hybrid_part_t *part )
{
	unsigned int j;

	memset( part, 0, sizeof ( *part ) );
	part->count = p->count;
	part->derived = p->derived_int;
	part->postfix = p->postfix;
	part->note = p->note;
	for ( j = 0; j < p->count && j < PAPI_MAX_INFO_TERMS; j++ ) {
		part->code[j] = p->code[j];
		part->default_code[j] = p->default_code[j];
		part->name[j] = p->name[j];
		part->base_name[j] = p->base_name[j];
		part->default_name[j] = p->default_name[j];
		p->name[j] = NULL;
		p->base_name[j] = NULL;
		p->default_name[j] = NULL;
	}
	p->count = 0;
	p->code[0] = PAPI_NULL;
	p->postfix = NULL;
	p->note = NULL;
	p->derived_int = NOT_DERIVED;
}

static void
free_part( hybrid_part_t *part )
{
	unsigned int j;

	for ( j = 0; j < part->count && j < PAPI_MAX_INFO_TERMS; j++ ) {
		free( part->name[j] );
		free( part->base_name[j] );
		free( part->default_name[j] );
	}
	if ( part->postfix != NULL ) {
		papi_free( part->postfix );
	}
	if ( part->note != NULL ) {
		papi_free( part->note );
	}
	memset( part, 0, sizeof ( *part ) );
}

/* Append s to the formula buf (size) at *len; -1 if it does not fit */
static int
append( char *buf, size_t size, size_t *len, const char *s )
{
	size_t n = strlen( s );

	if ( *len + n + 1 > size ) {
		return -1;
	}
	memcpy( buf + *len, s, n + 1 );
	*len += n;
	return 0;
}

/* Append one part's formula, its events numbered from first on */
static int
append_formula( char *buf, size_t size, size_t *len,
		const hybrid_part_t *part, unsigned int first )
{
	char tok[PAPI_MIN_STR_LEN];
	const char *p, *end;
	unsigned int j;

	switch ( part->derived ) {
	case NOT_DERIVED:
	case DERIVED_ADD:
	case DERIVED_SUB:
		for ( j = 0; j < part->count; j++ ) {
			snprintf( tok, sizeof ( tok ), "N%u|", first + j );
			if ( append( buf, size, len, tok ) ) {
				return -1;
			}
			if ( j > 0 && append( buf, size, len,
				part->derived == DERIVED_SUB ? "-|" : "+|" ) ) {
				return -1;
			}
		}
		return 0;
	case DERIVED_POSTFIX:
		if ( part->postfix == NULL ) {
			return -1;
		}
		for ( p = part->postfix; *p != '\0'; p = end ) {
			end = strchr( p, '|' );
			if ( end == NULL ) {
				end = p + strlen( p );
			}
			if ( end - p >= ( long ) sizeof ( tok ) ) {
				return -1;
			}
			if ( p[0] == 'N' && end > p + 1 ) {
				snprintf( tok, sizeof ( tok ), "N%u|",
					  first + ( unsigned int ) atoi( p + 1 ) );
			} else if ( end > p ) {
				snprintf( tok, sizeof ( tok ), "%.*s|",
					  ( int ) ( end - p ), p );
			} else {
				tok[0] = '\0';
			}
			if ( append( buf, size, len, tok ) ) {
				return -1;
			}
			if ( *end == '|' ) {
				end++;
			}
		}
		return 0;
	default:
		return -1;
	}
}

/* 1 if every event of part k is an event of core PMU k: a generic event */
/* (perf::...) or another PMU's counts on one core type only, and in     */
/* several parts it would be counted twice                               */
static int
part_is_own( const hybrid_part_t *part, int k )
{
	size_t len = strlen( hybrid_names[k] );
	unsigned int j;

	for ( j = 0; j < part->count && j < PAPI_MAX_INFO_TERMS; j++ ) {
		if ( part->name[j] == NULL ||
		     strncmp( part->name[j], hybrid_names[k], len ) != 0 ||
		     strncmp( part->name[j] + len, "::", 2 ) != 0 ) {
			return 0;
		}
	}
	return 1;
}

/* Join the parts (one per PMU) of preset p into it; 0 if it counts now */
static int
join_parts( hwi_presets_t *p, hybrid_part_t *parts, int n, int cidx )
{
	char formula[PAPI_HUGE_STR_LEN], note[PAPI_HUGE_STR_LEN];
	size_t flen = 0, nlen = 0;
	unsigned int total = 0, j, t;
	int k, simple = 1;

	formula[0] = '\0';
	for ( k = 0; k < n; k++ ) {
		if ( parts[k].count == 0 ) {
			SUBDBG( "%s: no definition for core PMU %s: unavailable\n",
				p->symbol, hybrid_names[k] );
			return -1;
		}
		if ( !part_is_own( &parts[k], k ) ) {
			SUBDBG( "%s: the definition for core PMU %s has an event "
				"of another PMU: unavailable\n", p->symbol,
				hybrid_names[k] );
			return -1;
		}
		total += parts[k].count;
		if ( parts[k].derived != NOT_DERIVED &&
		     parts[k].derived != DERIVED_ADD ) {
			simple = 0;
		}
	}
	if ( total > PAPI_EVENTS_IN_DERIVED_EVENT ) {
		SUBDBG( "%s: %u events over the core PMUs, more than %d: "
			"unavailable\n", p->symbol, total,
			PAPI_EVENTS_IN_DERIVED_EVENT );
		return -1;
	}
	if ( !simple ) {
		for ( k = 0, t = 0; k < n; t += parts[k].count, k++ ) {
			if ( append_formula( formula, sizeof ( formula ), &flen,
					     &parts[k], t ) ||
			     ( k > 0 && append( formula, sizeof ( formula ),
						&flen, "+|" ) ) ) {
				SUBDBG( "%s: definition for %s cannot be "
					"summed: unavailable\n", p->symbol,
					hybrid_names[k] );
				return -1;
			}
		}
		if ( !_papi_preset_postfix_ok( formula, total ) ) {
			SUBDBG( "%s: summed formula %s is invalid\n",
				p->symbol, formula );
			return -1;
		}
	}

	/* the note: which core types, then each type's own note */
	note[0] = '\0';
	append( note, sizeof ( note ), &nlen, "Sum over core types" );
	for ( k = 0; k < n; k++ ) {
		append( note, sizeof ( note ), &nlen, k ? " + " : " " );
		append( note, sizeof ( note ), &nlen, hybrid_names[k] );
	}
	for ( k = 0; k < n; k++ ) {
		if ( parts[k].note != NULL ) {
			append( note, sizeof ( note ), &nlen, "; " );
			append( note, sizeof ( note ), &nlen, hybrid_names[k] );
			append( note, sizeof ( note ), &nlen, ": " );
			append( note, sizeof ( note ), &nlen, parts[k].note );
		}
	}

	/* move every part's events in, in PMU order */
	t = 0;
	for ( k = 0; k < n; k++ ) {
		for ( j = 0; j < parts[k].count; j++, t++ ) {
			p->code[t] = parts[k].code[j];
			p->default_code[t] = parts[k].default_code[j];
			p->name[t] = parts[k].name[j];
			p->base_name[t] = parts[k].base_name[j];
			p->default_name[t] = parts[k].default_name[j];
			parts[k].name[j] = NULL;
			parts[k].base_name[j] = NULL;
			parts[k].default_name[j] = NULL;
		}
		parts[k].count = 0;
	}
	p->count = total;
	if ( total < PAPI_MAX_INFO_TERMS ) {
		p->code[total] = PAPI_NULL;
	}
	p->derived_int = simple ? DERIVED_ADD : DERIVED_POSTFIX;
	p->postfix = simple ? NULL : papi_strdup( formula );
	p->note = papi_strdup( note );
	p->component_index = cidx;
	return 0;
}

int
_papi_preset_hybrid_load( int cidx, int ( *load_one ) ( char *, int, int ) )
{
	hybrid_part_t *parts;
	int i, k, n = hybrid_count, ret = PAPI_OK, available = 0;

	parts = papi_calloc( ( size_t ) PAPI_MAX_PRESET_EVENTS * ( size_t ) n,
			     sizeof ( *parts ) );
	if ( parts == NULL ) {
		return PAPI_ENOMEM;
	}

	for ( k = 0; k < n; k++ ) {
		loading = k;
		ret = load_one( hybrid_names[k], hybrid_ids[k], cidx );
		loading = -1;
		for ( i = 0; i < PAPI_MAX_PRESET_EVENTS; i++ ) {
			if ( _papi_hwi_presets[i].symbol == NULL ) {
				break;
			}
			take_definition( &_papi_hwi_presets[i],
					 &parts[i * n + k] );
		}
		if ( ret != PAPI_OK ) {
			break;
		}
	}

	for ( i = 0; i < PAPI_MAX_PRESET_EVENTS; i++ ) {
		if ( _papi_hwi_presets[i].symbol == NULL ) {
			break;
		}
		if ( ret == PAPI_OK &&
		     join_parts( &_papi_hwi_presets[i], &parts[i * n], n,
				 cidx ) == 0 ) {
			available++;
		}
		for ( k = 0; k < n; k++ ) {
			free_part( &parts[i * n + k] );
		}
	}
	papi_free( parts );

	_papi_hwd[cidx]->cmp_info.num_preset_events = available;
	SUBDBG( "%d presets summed over %d core PMUs\n", available, n );
	return ret;
}
