/*
 * File:    papi_libpfm4_pmus.h
 *
 * The PMUs libpfm4 has detected, found once per libpfm4 initialization
 * for all the components that look (papi_libpfm4_pmus.c).
 */

#ifndef _PAPI_LIBPFM4_PMUS_H
#define _PAPI_LIBPFM4_PMUS_H

#include "perfmon/pfmlib.h"

/* Points *pmus at the present PMUs (pfm_get_pmu_info() succeeded, is_present */
/* set, a name), in PMU id order, and returns how many; -1 if out of memory. */
/* The list stays valid until _papi_libpfm4_forget_pmus().                   */
int _papi_libpfm4_present_pmus( const pfm_pmu_info_t **pmus );

/* Called when libpfm4 is initialized or terminated: scan again next time    */
void _papi_libpfm4_forget_pmus( void );

#endif
