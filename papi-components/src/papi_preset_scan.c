/*
 * File:    papi_preset_scan.c
 *
 * PAPI_library_init() loads the presets of one CPU (one libpfm4 PMU name)
 * from the event table compiled into the library, which holds the sections
 * of every CPU PAPI knows (about 2,300 lines).  papi_load_derived_events()
 * copied and tokenized every line of it, although outside the sections of
 * that CPU it ignores all but the CPU lines naming it; this was the larger
 * part of PAPI_library_init's instructions.
 *
 * The functions here classify a line in place, with the rules of
 * papi_load_derived_events() (fields split by strtok_r on ',', which skips
 * empty fields, then blanks trimmed), so that it can skip the lines it
 * would ignore without copying them.  A line they cannot classify is left
 * to the normal parser, which therefore still sees every line that has an
 * effect or gives an error, with the same line numbers: what is loaded is
 * unchanged.
 */

#include <stddef.h>
#include <string.h>

#include "papi_preset_scan.h"

static int
is_blank( char c )
{
	return c == ' ' || c == '\t';
}

static int
is_eol( char c )
{
	return c == '\n' || c == '\0';
}

/* 'word' (upper-case ASCII letters) at p, in any case? */
static int
word_at( const char *p, const char *word )
{
	for ( ; *word; p++, word++ ) {
		if ( ( *p & ~0x20 ) != *word )
			return 0;
	}
	return 1;
}

/* Is the first field at p exactly 'word' (any case), blanks trimmed?    */
/* Returns the position after the field (at ',' or the end of line).     */
static const char *
first_field_is( const char *p, const char *word, size_t len )
{
	if ( !word_at( p, word ) )
		return NULL;
	p += len;
	while ( is_blank( *p ) )
		p++;
	if ( *p != ',' && !is_eol( *p ) )
		return NULL;
	return p;
}

int
_papi_preset_line_kind( const char *line, const char **name,
			size_t *name_len )
{
	const char *p = line;
	const char *end;

	/* strtok_r skips leading delimiters; trim_string the blanks */
	while ( *p == ',' )
		p++;
	while ( is_blank( *p ) )
		p++;

	switch ( *p ) {
	case '#':
		return PAPI_PRESET_LINE_COMMENT;
	case 'P': case 'p':
		return first_field_is( p, "PRESET", 6 ) ?
			PAPI_PRESET_LINE_DEFINITION : PAPI_PRESET_LINE_OTHER;
	case 'E': case 'e':
		return first_field_is( p, "EVENT", 5 ) ?
			PAPI_PRESET_LINE_DEFINITION : PAPI_PRESET_LINE_OTHER;
	case 'C': case 'c':
		p = first_field_is( p, "CPU", 3 );
		if ( p == NULL )
			return PAPI_PRESET_LINE_OTHER;
		/* second field: empty fields skipped, blanks trimmed */
		while ( *p == ',' )
			p++;
		while ( is_blank( *p ) )
			p++;
		end = p;
		while ( *end != ',' && !is_eol( *end ) )
			end++;
		while ( end > p && is_blank( end[-1] ) )
			end--;
		if ( end == p )	/* no name: an error the parser reports */
			return PAPI_PRESET_LINE_OTHER;
		*name = p;
		*name_len = ( size_t ) ( end - p );
		return PAPI_PRESET_LINE_CPU;
	default:
		return PAPI_PRESET_LINE_OTHER;
	}
}

/* Same CPU name, compared as strcasecmp() does in the C locale. */
static int
same_name( const char *name, size_t len, const char *pmu_name )
{
	size_t i;

	for ( i = 0; i < len; i++ ) {
		char a = name[i], b = pmu_name[i];

		if ( b == '\0' )
			return 0;
		if ( a >= 'A' && a <= 'Z' )
			a += 'a' - 'A';
		if ( b >= 'A' && b <= 'Z' )
			b += 'a' - 'A';
		if ( a != b )
			return 0;
	}
	return pmu_name[len] == '\0';
}

int
_papi_preset_skip_lines( char **table, const char *pmu_name )
{
	char *p = *table;
	char *eol;
	const char *name;
	size_t name_len;
	int kind, skipped = 0;

	while ( *p ) {
		/* most lines of the table start so; strncmp, not memcmp: the */
		/* table may end less than 7 bytes from here */
		if ( strncmp( p, "PRESET,", 7 ) == 0 )
			kind = PAPI_PRESET_LINE_DEFINITION;
		else
			kind = _papi_preset_line_kind( p, &name, &name_len );
		if ( kind == PAPI_PRESET_LINE_OTHER )
			break;
		if ( kind == PAPI_PRESET_LINE_CPU &&
		     same_name( name, name_len, pmu_name ) )
			break;
		eol = strchr( p, '\n' );
		p = eol ? eol + 1 : p + strlen( p );
		skipped++;
	}
	*table = p;
	return skipped;
}
