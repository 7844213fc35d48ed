/*
 * File:    pe_pmu_probe.h
 *
 * What the core PMU can do, probed once when the perf_event component
 * starts: count user and kernel separately, and raise overflow interrupts.
 */

#ifndef _PE_PMU_PROBE_H
#define _PE_PMU_PROBE_H

#include <sys/types.h>

struct perf_event_attr;

typedef long ( *pe_open_fn_t ) ( struct perf_event_attr *attr, pid_t pid,
				 int cpu, int group_fd, unsigned long flags );

/* errno of each probe's perf_event_open(), 0 if it opened,             */
/* PE_PROBE_NOT_RUN if its answer could not change the decision          */
#define PE_PROBE_NOT_RUN	( -1 )

typedef struct {
	int user_only;		/* cycles, exclude_kernel=1 */
	int user_kernel;	/* cycles, nothing excluded */
	int sampling;		/* cycles, sample_period set, either domain */
} pe_probe_errors_t;

typedef struct {
	int priv_filter;	/* 1: user and kernel can be counted apart */
	int overflow_intr;	/* 1: overflow interrupts (sampling) work */
} pe_pmu_caps_t;

/* Capabilities: priv_filter found by _pe_pmu_probe_init(), overflow_intr */
/* by the first _pe_pmu_check_overflow() (both 1 before)                 */
extern pe_pmu_caps_t _pe_pmu_caps;

/* Open the privilege-filtering probe events with open_fn (those the    */
/* decision needs: 1 or 2 perf_event_open() calls); fills errs, with    */
/* sampling PE_PROBE_NOT_RUN.                                            */
void _pe_pmu_probe( pe_open_fn_t open_fn, pe_probe_errors_t *errs );

/* Then the sampling probe, in a domain that counts (none: not run)      */
void _pe_pmu_probe_sampling( pe_open_fn_t open_fn, pe_probe_errors_t *errs );

/* The decision, from the probes' errnos alone.  Unknown means capable:  */
/* only an explicit refusal of a hardware event that otherwise opens     */
/* counts as a missing capability.                                       */
void _pe_pmu_decide( const pe_probe_errors_t *errs, pe_pmu_caps_t *caps );

/* Probe privilege filtering, decide, and make the component's domains */
/* truthful.                                                            */
void _pe_pmu_probe_init( pe_open_fn_t open_fn, PAPI_component_info_t *info );

/* PAPI_OK if the PMU can count this domain, else PAPI_EINVAL            */
int _pe_pmu_check_domain( int domain );

/* PAPI_OK if hardware overflow can be used, else PAPI_ENOSUPP; the      */
/* first call since _pe_pmu_probe_init() runs the sampling probe.        */
int _pe_pmu_check_overflow( void );

#endif
