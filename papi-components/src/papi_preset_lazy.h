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
/* be done now: the preset table cannot be opened (table_readable 0: the  */
/* load fails at init), or PAPI_USER_EVENTS_FILE names a file            */
/* (user events load at init, with the presets).                           */
int _papi_preset_defer( const char *pmu_str, int pmu_type, int cidx,
			int table_readable );

/* Load the recorded presets if not done yet (once: errors are printed  */
/* once).  Called wherever the preset table's names, codes, counts or the */
/* number of presets are read.                                            */
void _papi_preset_ensure( void );

/* Forget a recorded load (PAPI_shutdown()).                               */
void _papi_preset_forget( void );

#endif
