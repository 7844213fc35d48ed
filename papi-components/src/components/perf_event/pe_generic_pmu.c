/*
 * File:    pe_generic_pmu.c
 *
 * The perf_event component needs a "default" core PMU: its events need no
 * PMU prefix, its counter count is the component's, and its name selects
 * the preset table.  Where libpfm4 finds no model-specific core PMU (an
 * unknown RISC-V core, a virtual machine without a PMU), rather than
 * disabling the whole component, software events included, fall back to
 * a generic PMU: libpfm4's architected
 * core PMU for the architecture if present, else its generic perf events
 * (PERF_COUNT_HW_* and PERF_COUNT_SW_*), which the kernel maps to whatever
 * the hardware has.
 */

#include <stdio.h>
#include <string.h>

#include "papi.h"
#include "papi_internal.h"
#include "perfmon/pfmlib.h"
#include "papi_libpfm4_pmus.h"
#include "pe_generic_pmu.h"

/* Architected core PMUs, in order of preference */
static const char *generic_core_pmus[] = { "riscv", "ix86arch", NULL };

/* Cap on the counters claimed for a PMU that reports none (perf) */
#define GENERIC_PMU_COUNTERS 8

int
_pe_generic_core_pmu( const char *name )
{
	int i;

	if ( name == NULL )
		return 0;
	for ( i = 0; generic_core_pmus[i] != NULL; i++ ) {
		if ( strcmp( name, generic_core_pmus[i] ) == 0 )
			return 1;
	}
	return 0;
}

/* The present PMU called name; 1 if found */
static int
find_present_pmu( const char *name, pfm_pmu_type_t type, pfm_pmu_info_t *pinfo )
{
	const pfm_pmu_info_t *pmus;
	int i, n;

	/* the present PMUs, all named (papi_libpfm4_pmus.c) */
	n = _papi_libpfm4_present_pmus( &pmus );
	for ( i = 0; i < n; i++ ) {
		if ( pmus[i].type != type )
			continue;
		if ( strcmp( pmus[i].name, name ) == 0 ) {
			memcpy( pinfo, &pmus[i], sizeof ( *pinfo ) );
			return 1;
		}
	}
	return 0;
}

int
_pe_find_generic_pmu( pfm_pmu_info_t *pinfo )
{
	int i, found = 0;

	for ( i = 0; !found && generic_core_pmus[i] != NULL; i++ )
		found = find_present_pmu( generic_core_pmus[i], PFM_PMU_TYPE_CORE, pinfo );
	if ( !found )
		found = find_present_pmu( "perf", PFM_PMU_TYPE_OS_GENERIC, pinfo );
	if ( found && pinfo->num_cntrs + pinfo->num_fixed_cntrs == 0 )
		pinfo->num_cntrs = GENERIC_PMU_COUNTERS;
	if ( found )
		SUBDBG( "No model-specific core PMU, using %s\n", pinfo->name );
	return found;
}

void
_pe_describe_default_pmu( PAPI_component_info_t *info,
			  const pfm_pmu_info_t *pinfo, int generic )
{
	if ( pinfo->name == NULL )
		return;
	snprintf( info->description, PAPI_MAX_STR_LEN,
		  "Linux perf_event CPU counters, PMU %.40s%s",
		  pinfo->name,
		  generic ? " (generic: no model-specific PMU found)" : "" );
}
