/*
 * File:    pe_add_event.c
 *
 * PAPI_add_event() hands the component the whole event set again, one
 * event longer, and a full reopen closes every event and opens them all
 * again: adding the n-th event costs n-1 close() and n perf_event_open()
 * calls, besides the schedulability check.
 *
 * When the set is one group (not multiplexed: every event is a member of
 * event 0's group), no event samples, every event is open and the set is
 * not running, the events already open stay open if each of them is
 * exactly what a full reopen would open now: the same perf_event_attr
 * (after everything open_pe_events() sets), the same cpu, the same pid.
 * Then only the new event is opened into the group, and the group is
 * checked as after a full reopen.  Anything else (an event set option
 * changed since the open, a failure of the new open) takes the full
 * reopen.
 *
 * The check itself (enable, disable and read the group) is left out for a
 * group whose events are all software events: the kernel always
 * schedules such a group (group_can_go_on() in kernel/events/core.c), so
 * the check could only say yes.
 */

#include <string.h>

#include "papi.h"
#include "papi_internal.h"

#include PEINCLUDE
#include "perf_event_lib.h"
#include "pe_add_event.h"

int
_pe_can_open_one_more( const pe_control_t *ctl, int count, int running )
{
	int i;

	if ( running || ctl->multiplexed ) {
		return 0;
	}
	if ( ( ctl->num_events < 1 ) || ( count != ctl->num_events + 1 ) ) {
		return 0;
	}
	for ( i = 0; i < ctl->num_events; i++ ) {
		if ( !ctl->events[i].event_opened ) {
			return 0;
		}
		if ( ctl->events[i].sampling ||
		     ctl->events[i].attr.sample_period ) {
			return 0;
		}
	}
	return 1;
}

int
_pe_same_open_event( const pe_event_info_t *ev,
		     const struct perf_event_attr *attr, int cpu )
{
	if ( ev->cpu != cpu ) {
		return 0;
	}
	return memcmp( &ev->attr, attr, sizeof ( *attr ) ) == 0;
}

int
_pe_group_is_software( const pe_control_t *ctl )
{
	int i;

	for ( i = 0; i < ctl->num_events; i++ ) {
		if ( ctl->events[i].attr.type != PERF_TYPE_SOFTWARE ) {
			return 0;
		}
	}
	return ctl->num_events > 0;
}

int
_pe_group_on_core_pmu( const pe_control_t *ctl )
{
	int i;

	for ( i = 0; i < ctl->num_events; i++ ) {
		switch ( ctl->events[i].attr.type ) {
		case PERF_TYPE_HARDWARE:
		case PERF_TYPE_HW_CACHE:
		case PERF_TYPE_RAW:
		case PERF_TYPE_SOFTWARE:
			break;
		default:
			return 0;
		}
	}
	return ctl->num_events > 0;
}
