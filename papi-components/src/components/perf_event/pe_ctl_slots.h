/*
 * File:    pe_ctl_slots.h
 *
 * The per-event arrays of a perf_event control state (pe_control_t):
 * held in the control state for a few events, grown on the heap for more
 * (pe_ctl_slots.c).
 */

#ifndef _PE_CTL_SLOTS_H
#define _PE_CTL_SLOTS_H

/* needs perf_event_lib.h (no include guard) included before */

/* Point the arrays at the slots the control state holds itself */
void _pe_ctl_slots_init( pe_control_t *ctl );

/* Make room for count events, keeping the contents of the slots in use: */
/* PAPI_OK, PAPI_ECOUNT beyond PERF_EVENT_MAX_MPX_COUNTERS, PAPI_ENOMEM  */
int _pe_ctl_slots_reserve( pe_control_t *ctl, int count );

/* With no event left open: give the heap block back, if any, and use   */
/* the control state's own (cleared) slots again                        */
void _pe_ctl_slots_release( pe_control_t *ctl );

#endif
