/*
 * File:    pe_generic_pmu.h
 *
 * Fallback "default" PMU for the perf_event component when libpfm4 finds
 * no model-specific core PMU.
 */

#ifndef _PE_GENERIC_PMU_H
#define _PE_GENERIC_PMU_H

#include "perfmon/pfmlib.h"

/* 1 if this libpfm4 core PMU is architected (the same on every model of  */
/* its architecture) rather than model-specific                          */
int _pe_generic_core_pmu( const char *name );

/* The best generic PMU present: an architected core PMU ("riscv",       */
/* "ix86arch"), else libpfm4's generic perf events ("perf").  Fills pinfo */
/* and returns 1 if one is present, else returns 0.                      */
int _pe_find_generic_pmu( pfm_pmu_info_t *pinfo );

/* Say in the component description which PMU is the default one        */
void _pe_describe_default_pmu( PAPI_component_info_t *info,
			       const pfm_pmu_info_t *pinfo, int generic );

#endif
