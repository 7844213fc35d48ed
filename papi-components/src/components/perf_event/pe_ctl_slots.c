/*
 * File:    pe_ctl_slots.c
 *
 * An event set's control state (pe_control_t) kept an array entry per
 * event for PERF_EVENT_MAX_MPX_COUNTERS (384) events, the most a
 * multiplexed set may hold: some 83 KB per event set, most of an event
 * set's memory, whatever it counted.  A set of a few events now uses the
 * PE_CTL_FIRST_SLOTS slots held in the control state itself; when events
 * are added beyond them, the arrays move to one heap block, doubled as
 * needed up to PERF_EVENT_MAX_MPX_COUNTERS, with the entries of the
 * events already there copied: every event keeps its index, its file
 * descriptor and its mmap page.  The block is given back when the set
 * closes all its events with none left (an update to 0 events: the
 * framework does that before it frees the control state).
 *
 * Nothing keeps a pointer to an entry across calls of the component: the
 * code indexes ctl->events[] and its siblings anew each time, and the
 * arrays change only in update_control_state, which the framework calls
 * on a stopped set.
 */

#include <string.h>

#include "papi.h"
#include "papi_internal.h"
#include "papi_memory.h"

#include PEINCLUDE

#include "perf_event_lib.h"
#include "pe_ctl_slots.h"

void
_pe_ctl_slots_init( pe_control_t *ctl )
{
	ctl->events = ctl->first.events;
	ctl->counts = ctl->first.counts;
	ctl->reset_flags = ctl->first.reset_flags;
	ctl->reset_counts = ctl->first.reset_counts;
	ctl->reset_locks = ctl->first.reset_locks;
	ctl->slots = PE_CTL_FIRST_SLOTS;
	ctl->slots_block = NULL;
}

int
_pe_ctl_slots_reserve( pe_control_t *ctl, int count )
{
	size_t n, old;
	char *block, *p;
	pe_event_info_t *events;
	long long *counts, *reset_counts;
	unsigned int *reset_flags;
	uint32_t *reset_locks;

	if ( count <= ctl->slots ) {
		return PAPI_OK;
	}
	if ( count > PERF_EVENT_MAX_MPX_COUNTERS ) {
		return PAPI_ECOUNT;
	}

	n = ( size_t ) ctl->slots;
	while ( n < ( size_t ) count ) {
		n *= 2;
	}
	if ( n > PERF_EVENT_MAX_MPX_COUNTERS ) {
		n = PERF_EVENT_MAX_MPX_COUNTERS;
	}

	/* one block; the 8-byte entries first, so that each array is aligned */
	block = papi_calloc( n, sizeof ( pe_event_info_t ) +
			     2 * sizeof ( long long ) +
			     sizeof ( unsigned int ) + sizeof ( uint32_t ) );
	if ( block == NULL ) {
		return PAPI_ENOMEM;
	}
	p = block;
	events = ( pe_event_info_t * ) p;
	p += n * sizeof ( pe_event_info_t );
	counts = ( long long * ) p;
	p += n * sizeof ( long long );
	reset_counts = ( long long * ) p;
	p += n * sizeof ( long long );
	reset_flags = ( unsigned int * ) p;
	p += n * sizeof ( unsigned int );
	reset_locks = ( uint32_t * ) p;

	old = ( size_t ) ctl->slots;
	memcpy( events, ctl->events, old * sizeof ( pe_event_info_t ) );
	memcpy( counts, ctl->counts, old * sizeof ( long long ) );
	memcpy( reset_counts, ctl->reset_counts, old * sizeof ( long long ) );
	memcpy( reset_flags, ctl->reset_flags, old * sizeof ( unsigned int ) );
	memcpy( reset_locks, ctl->reset_locks, old * sizeof ( uint32_t ) );

	if ( ctl->slots_block != NULL ) {
		papi_free( ctl->slots_block );
	}
	ctl->slots_block = block;
	ctl->events = events;
	ctl->counts = counts;
	ctl->reset_counts = reset_counts;
	ctl->reset_flags = reset_flags;
	ctl->reset_locks = reset_locks;
	ctl->slots = ( int ) n;

	return PAPI_OK;
}

void
_pe_ctl_slots_release( pe_control_t *ctl )
{
	if ( ctl->slots_block == NULL ) {
		return;
	}
	papi_free( ctl->slots_block );
	/* what the first slots held was copied to the block: stale now */
	memset( &ctl->first, 0, sizeof ( ctl->first ) );
	_pe_ctl_slots_init( ctl );
}
