/*
 * File:    papi_eventset_slots.h
 *
 * The per-event arrays of an event set, sized to the events it holds
 * (papi_eventset_slots.c).
 */

#ifndef _PAPI_EVENTSET_SLOTS_H
#define _PAPI_EVENTSET_SLOTS_H

/* The entries a new event set of component cidx starts with */
int _papi_hwi_eventset_first_slots( int cidx );

/* Room for slots events and native events in ESI's EventInfoArray,    */
/* NativeInfoArray, NativeBits, hw_start and sw_stop (at most the      */
/* component's num_mpx_cntrs: the callers check that limit).            */
/* Entries in use keep their contents; pointers into the arrays taken  */
/* before the call are stale after it.  PAPI_OK or PAPI_ENOMEM.         */
int _papi_hwi_eventset_reserve( EventSetInfo_t *ESI, int slots );

/* The entries of the overflow and profile arrays: PAPI_overflow() and */
/* PAPI_sprofil() take at most num_cntrs events                        */
int _papi_hwi_eventset_overflow_slots( int cidx );

#endif
