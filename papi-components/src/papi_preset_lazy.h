/*
 * File:    papi_preset_lazy.h
 *
 * Loading the presets of the CPU on first use instead of in
 * PAPI_library_init() (papi_preset_lazy.c).
 */

#ifndef _PAPI_PRESET_LAZY_H
#define _PAPI_PRESET_LAZY_H

/* Called by _papi_load_preset_table(): returns 1 if the load of the       */
/* presets of pmu_str was recorded to be done on first use, 0 if it must  */
/* be done now (the table is not compiled in, or PAPI_CSV_EVENT_FILE or    */
/* PAPI_USER_EVENTS_FILE names a file: then errors are reported at init,   */
/* as before).                                                             */
int _papi_preset_defer( const char *pmu_str, int pmu_type, int cidx,
			int table_compiled_in );

/* Load the recorded presets if not done yet.  Called wherever the preset  */
/* table's codes, counts or the number of presets are read.               */
void _papi_preset_ensure( void );

/* Forget a recorded load (PAPI_shutdown()).                               */
void _papi_preset_forget( void );

#endif
