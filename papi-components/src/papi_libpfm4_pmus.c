/*
 * File:    papi_libpfm4_pmus.c
 *
 * A component finds the PMUs libpfm4 has detected by calling
 * pfm_get_pmu_info() on every PMU id until it returns PFM_ERR_INVAL: about
 * 700 ids for the few PMUs present.  Scan once per libpfm4
 * initialization and keep the present PMUs' information for every
 * component that looks: the same PMUs, in the same order, with the same
 * information, since detection cannot change until pfm_terminate().
 * papi_libpfm4_events.c forgets the list when it initializes or
 * terminates libpfm4.
 */

#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "papi_internal.h"

#include "papi_libpfm4_pmus.h"

static pfm_pmu_info_t *present_pmus;
static int num_present_pmus = -1;	/* -1: not scanned */

static int
scan_pmus( void )
{
	pfm_pmu_info_t info, *list = NULL, *more;
	int i, n = 0, size = 0, ret;

	/* pfm_get_pmu_info() writes the whole structure, or nothing when */
	/* it fails: cleared once, not for each of the ids                */
	memset( &info, 0, sizeof ( info ) );
	info.size = sizeof ( info );
	for ( i = 0;; i++ ) {
		/* the end of the ids, whatever PFM_PMU_MAX this libpfm4 has */
		ret = pfm_get_pmu_info( i, &info );
		if ( ( ret == PFM_ERR_INVAL ) || ( ret == PFM_ERR_NOINIT ) ) {
			break;
		}
		/* (a PMU id the library does not have: PFM_ERR_NOTSUPP, the */
		/* structure left as the id before left it)                  */
		if ( ( ret != PFM_SUCCESS ) || ( info.name == NULL ) || !info.is_present ) {
			continue;
		}
		if ( n == size ) {
			size = size ? 2 * size : 8;
			more = realloc( list, ( size_t ) size * sizeof ( *list ) );
			if ( more == NULL ) {
				free( list );
				return -1;
			}
			list = more;
		}
		list[n++] = info;
	}
	present_pmus = list;
	num_present_pmus = n;
	SUBDBG( "%d PMUs present among %d ids\n", n, i );
	return n;
}

int
_papi_libpfm4_present_pmus( const pfm_pmu_info_t **pmus )
{
	if ( num_present_pmus < 0 && scan_pmus(  ) < 0 ) {
		return -1;
	}
	*pmus = present_pmus;
	return num_present_pmus;
}

void
_papi_libpfm4_forget_pmus( void )
{
	free( present_pmus );
	present_pmus = NULL;
	num_present_pmus = -1;
}
