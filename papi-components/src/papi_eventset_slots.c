/*
 * File:    papi_eventset_slots.c
 *
 * An event set kept its per-event arrays (EventInfoArray, NativeInfoArray
 * with NativeBits, hw_start, sw_stop, and the overflow and profile
 * arrays) at the component's num_mpx_cntrs entries from its creation:
 * 384 for perf_event, some 50 KB per event set besides the component's
 * own state, whatever the set held.
 *
 * A set now starts with entries for the component's counters (at least
 * PAPI_EVENTSET_FIRST_SLOTS), and _papi_hwi_add_event() grows the arrays,
 * doubling them, before an event that needs more, up to num_mpx_cntrs,
 * where the limits of adding an event are checked.  The
 * entries in use keep their contents and their index; NativeInfoArray's
 * ni_bits point into the new NativeBits.  Nothing else keeps a pointer
 * into these arrays across the growth: the framework indexes them anew,
 * and a component sees NativeInfoArray only during the calls it gets.
 * The arrays change only when an event is added, which PAPI refuses on a
 * running set.
 *
 * The overflow and profile arrays never grow: PAPI_overflow() and
 * PAPI_sprofil() refuse more than num_cntrs events, so they have that
 * many entries.
 */

#include <string.h>

#include "papi.h"
#include "papi_internal.h"
#include "papi_vector.h"
#include "papi_memory.h"
#include "papi_eventset_slots.h"

/* Entries a set starts with at the least: the counters of a small PMU */
#define PAPI_EVENTSET_FIRST_SLOTS 8

int
_papi_hwi_eventset_first_slots( int cidx )
{
	int n = _papi_hwd[cidx]->cmp_info.num_cntrs;

	if ( n < PAPI_EVENTSET_FIRST_SLOTS ) {
		n = PAPI_EVENTSET_FIRST_SLOTS;
	}
	if ( n > _papi_hwd[cidx]->cmp_info.num_mpx_cntrs ) {
		n = _papi_hwd[cidx]->cmp_info.num_mpx_cntrs;
	}
	return n;
}

int
_papi_hwi_eventset_overflow_slots( int cidx )
{
	int n = _papi_hwd[cidx]->cmp_info.num_cntrs;

	return n > 0 ? n : 1;
}

/* *array to n entries of size bytes, the entries from old on set to 0 */
static int
grow_array( void **array, int old, int n, size_t size )
{
	void *p;

	p = papi_realloc( *array, ( size_t ) n * size );
	if ( p == NULL ) {
		return PAPI_ENOMEM;
	}
	memset( ( char * ) p + ( size_t ) old * size, 0,
		( size_t ) ( n - old ) * size );
	*array = p;
	return PAPI_OK;
}

int
_papi_hwi_eventset_reserve( EventSetInfo_t *ESI, int slots )
{
	int cidx = ESI->CmpIdx;
	int old = ESI->EventSlots;
	int max = _papi_hwd[cidx]->cmp_info.num_mpx_cntrs;
	int reg = _papi_hwd[cidx]->size.reg_value;
	int n, i, j;

	if ( slots > max ) {
		slots = max;
	}
	if ( slots <= old ) {
		return PAPI_OK;
	}
	for ( n = old > 0 ? old : 1; n < slots; n *= 2 )
		;
	if ( n > max ) {
		n = max;
	}

	if ( grow_array( ( void ** ) &ESI->sw_stop, old, n,
			 sizeof ( long long ) ) != PAPI_OK ||
	     grow_array( ( void ** ) &ESI->hw_start, old, n,
			 sizeof ( long long ) ) != PAPI_OK ||
	     grow_array( ( void ** ) &ESI->EventInfoArray, old, n,
			 sizeof ( EventInfo_t ) ) != PAPI_OK ||
	     grow_array( ( void ** ) &ESI->NativeInfoArray, old, n,
			 sizeof ( NativeInfo_t ) ) != PAPI_OK ||
	     ( reg > 0 &&
	       grow_array( ( void ** ) &ESI->NativeBits, old, n,
			   ( size_t ) reg ) != PAPI_OK ) ) {
		/* the arrays grown so far are larger than needed: harmless */
		return PAPI_ENOMEM;
	}

	/* the new entries as _papi_hwi_assign_eventset() sets them up */
	for ( i = old; i < n; i++ ) {
		ESI->EventInfoArray[i].event_code = ( unsigned int ) PAPI_NULL;
		ESI->EventInfoArray[i].ops = NULL;
		ESI->EventInfoArray[i].derived = NOT_DERIVED;
		for ( j = 0; j < PAPI_EVENTS_IN_DERIVED_EVENT; j++ ) {
			ESI->EventInfoArray[i].pos[j] = PAPI_NULL;
		}
		ESI->NativeInfoArray[i].ni_event = -1;
		ESI->NativeInfoArray[i].ni_position = -1;
		ESI->NativeInfoArray[i].ni_papi_code = -1;
		ESI->NativeInfoArray[i].ni_owners = 0;
	}
	/* NativeBits may have moved */
	for ( i = 0; i < n; i++ ) {
		ESI->NativeInfoArray[i].ni_bits = ( hwd_register_t * )
			( ( ( unsigned char * ) ESI->NativeBits ) + ( i * reg ) );
	}

	ESI->EventSlots = n;
	return PAPI_OK;
}
