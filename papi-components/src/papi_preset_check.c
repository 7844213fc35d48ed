/*
 * File:    papi_preset_check.c
 *
 * A derived event's formula (DERIVED_POSTFIX, or DERIVED_INFIX once turned
 * into postfix) is evaluated by _papi_hwi_postfix_calc() at every read of
 * the event: "N<i>" pushes the count of the definition's i-th native event,
 * "#" the CPU's clock in Hz, a number itself; '+', '-', '*' and '/' replace
 * the two values on top with their result; '|' separates.  Loading the
 * table accepted any string there.  A formula naming a native event the
 * definition does not have read a counter slot that is not the event's (a
 * wrong value, without an error), an operator the calculation does not know
 * ('%' and '^' pass the infix conversion) ended it early with "BUG! Unable
 * to parse", and a term such as "N" alone failed an assert().
 *
 * The loader now checks the formula by the calculation's own rules, so a
 * definition whose formula cannot be evaluated is reported and left
 * unavailable, as one with a missing native event is.
 */

#include <ctype.h>
#include <stddef.h>

#include "papi.h"
#include "papi_internal.h"
#include "papi_preset_check.h"

/* the calculation's limits: its value stack and its operand buffer */
#define POSTFIX_STACK    PAPI_EVENTS_IN_DERIVED_EVENT
#define POSTFIX_DIGITS   15

int
_papi_preset_postfix_ok( const char *postfix, unsigned int nevents )
{
	const char *p = postfix;
	int depth = 0, native, digits;
	unsigned int val;

	if ( p == NULL )
		return 0;
	while ( *p != '\0' ) {
		if ( *p == '|' ) {
			p++;
			continue;
		}
		if ( *p == '+' || *p == '-' || *p == '*' || *p == '/' ) {
			if ( depth < 2 )
				return 0;
			depth--;
			p++;
			continue;
		}
		if ( *p != 'N' && *p != '#' && !isdigit( ( unsigned char ) *p ) )
			return 0;
		/* a value is pushed */
		if ( depth >= POSTFIX_STACK )
			return 0;
		depth++;
		if ( *p == '#' ) {
			p++;
			continue;
		}
		native = *p == 'N';
		if ( native )
			p++;
		/* val saturates: any index past the stack is wrong anyway */
		for ( digits = 0, val = 0; isdigit( ( unsigned char ) *p ); p++, digits++ )
			if ( val <= POSTFIX_STACK )
				val = val * 10 + ( unsigned int ) ( *p - '0' );
		if ( digits == 0 || digits > POSTFIX_DIGITS )
			return 0;
		if ( native && ( val >= nevents || val >= POSTFIX_STACK ) )
			return 0;
	}
	return depth == 1;
}
