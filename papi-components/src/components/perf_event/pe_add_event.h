/*
 * File:    pe_add_event.h
 *
 * PAPI_add_event() on an open event set: when only the new event needs
 * opening (pe_add_event.c).
 */

#ifndef _PE_ADD_EVENT_H
#define _PE_ADD_EVENT_H

/* needs perf_event_lib.h (no include guard) included before */

/* 1 if a control state with events open may keep them while one event   */
/* more (count = num_events + 1) is added: one group, none multiplexed, */
/* none sampling, all open, not running                                 */
int _pe_can_open_one_more( const pe_control_t *ctl, int count, int running );

/* 1 if the open event *ev is the event that attr and cpu would open      */
int _pe_same_open_event( const pe_event_info_t *ev,
			 const struct perf_event_attr *attr, int cpu );

/* 1 if every event of the group is a software event (PERF_TYPE_SOFTWARE): */
/* the kernel can always schedule it, no scheduability check is needed     */
int _pe_group_is_software( const pe_control_t *ctl );

/* 1 if every event of the group is of the core PMU (PERF_TYPE_HARDWARE,  */
/* PERF_TYPE_HW_CACHE, PERF_TYPE_RAW) or a software event: a group the    */
/* core PMU's driver checks at perf_event_open() where it does that      */
int _pe_group_on_core_pmu( const pe_control_t *ctl );

#endif
