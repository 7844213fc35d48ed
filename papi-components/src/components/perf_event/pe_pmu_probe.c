/*
 * File:    pe_pmu_probe.c
 *
 * Probe, once at component initialisation, two capabilities of the core
 * PMU that PAPI otherwise takes for granted:
 *
 * - Privilege filtering.  A RISC-V hart without the Sscofpmf extension
 *   (every SiFive U74) cannot count user and kernel mode apart, and
 *   perf_event_open() rejects exclude_kernel=1 with EINVAL.  PAPI's
 *   default domain is user-only, so every PAPI_start() would fail.  When
 *   detected, the default and available domains become user+kernel+
 *   supervisor (every mode, the firmware's included: what such a PMU
 *   counts), and a request for anything less gets PAPI_EINVAL instead of
 *   being silently widened.
 *
 * - Overflow interrupts.  Without Sscofpmf there are none either: the
 *   kernel refuses sampling events with EOPNOTSUPP.  Hardware overflow
 *   (PAPI_overflow() and PAPI_profil() without the FORCE_SW flags) then
 *   fails with PAPI_ENOSUPP; software overflow still works.
 *
 * Privilege filtering is probed at initialisation (it sets the component's
 * domains); overflow interrupts at the first hardware overflow request,
 * since most programs never make one.
 *
 * The probe event is the generic hardware cycles event; if it does not
 * open at all (no hardware PMU, perf_event_open not implemented, no
 * permission) nothing is concluded and PAPI's defaults stay.  The probes
 * leave exclude_hv clear: such a PMU refuses every exclude_* bit, and
 * PAPI's events take exclude_hv from libpfm4, which sets none there.
 */

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "papi.h"
#include "papi_internal.h"

#include PEINCLUDE
#include "pe_pmu_probe.h"

/* What a PMU without privilege filtering counts: every mode, including */
/* the firmware's (exclude_hv must stay clear too, or the open fails)     */
#define PE_ALL_MODES ( PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR )

pe_pmu_caps_t _pe_pmu_caps = { 1, 1 };

/* What the sampling probe needs, kept from _pe_pmu_probe_init() */
static pe_open_fn_t probe_open_fn;
static pe_probe_errors_t probe_errs;
static int sampling_probed;

static int
probe_open( pe_open_fn_t open_fn, int exclude_kernel, int sampling )
{
	struct perf_event_attr attr;
	long fd;

	memset( &attr, 0, sizeof ( attr ) );
	attr.size = sizeof ( attr );
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.disabled = 1;
	attr.exclude_kernel = exclude_kernel;
	if ( sampling ) {
		attr.sample_period = 1ULL << 30;
		attr.sample_type = PERF_SAMPLE_IP;
		attr.wakeup_events = 1;
	}

	errno = 0;
	fd = open_fn( &attr, 0, -1, -1, 0 );
	if ( fd < 0 )
		return errno ? errno : EINVAL;
	close( ( int ) fd );
	return 0;
}

static int
is_refusal( int err )
{
	return err == EINVAL || err == EOPNOTSUPP;
}

void
_pe_pmu_probe( pe_open_fn_t open_fn, pe_probe_errors_t *errs )
{
	/* Only the probes whose answer can change _pe_pmu_decide()'s     */
	/* decision are run; the others are PE_PROBE_NOT_RUN, which it    */
	/* then ignores:                                                  */
	/* - user-only opens: filtering works;                            */
	/* - user-only refused (EINVAL, EOPNOTSUPP): does the event exist */
	/*   at all (user+kernel);                                        */
	/* - any other error (no PMU, no permission): nothing is decided. */
	/* Sampling is left to _pe_pmu_probe_sampling().                  */
	errs->user_kernel = PE_PROBE_NOT_RUN;
	errs->sampling = PE_PROBE_NOT_RUN;
	errs->user_only = probe_open( open_fn, 1, 0 );
	if ( is_refusal( errs->user_only ) ) {
		errs->user_kernel = probe_open( open_fn, 0, 0 );
	}
}

void
_pe_pmu_probe_sampling( pe_open_fn_t open_fn, pe_probe_errors_t *errs )
{
	/* sample in a domain that counts, so only sampling is tested; */
	/* if none counts, nothing is decided                          */
	if ( errs->user_only == 0 ) {
		errs->sampling = probe_open( open_fn, 1, 1 );
	} else if ( errs->user_kernel == 0 ) {
		errs->sampling = probe_open( open_fn, 0, 1 );
	}
}

void
_pe_pmu_decide( const pe_probe_errors_t *errs, pe_pmu_caps_t *caps )
{
	/* The event exists (it opens, or only permission stops it) */
	int event_exists = ( errs->user_kernel == 0 ||
			     errs->user_kernel == EACCES ||
			     errs->user_kernel == EPERM );

	caps->priv_filter = !( is_refusal( errs->user_only ) && event_exists );

	/* sampling refused while the same counting event opens */
	caps->overflow_intr = 1;
	if ( is_refusal( errs->sampling ) &&
	     ( errs->user_only == 0 ||
	       ( errs->user_kernel == 0 && !caps->priv_filter ) ) )
		caps->overflow_intr = 0;
}

void
_pe_pmu_probe_init( pe_open_fn_t open_fn, PAPI_component_info_t *info )
{
	_pe_pmu_probe( open_fn, &probe_errs );
	_pe_pmu_decide( &probe_errs, &_pe_pmu_caps );
	probe_open_fn = open_fn;
	sampling_probed = 0;

	SUBDBG( "PMU probe: errno user-only %d, user+kernel %d: "
		"privilege filtering %d\n",
		probe_errs.user_only, probe_errs.user_kernel,
		_pe_pmu_caps.priv_filter );

	if ( !_pe_pmu_caps.priv_filter ) {
		/* Counts always include user and kernel mode.  If kernel   */
		/* counting is not permitted (perf_event_paranoid), leave   */
		/* the defaults: software events still count user-only.     */
		if ( info->available_domains & PAPI_DOM_KERNEL ) {
			info->available_domains = PE_ALL_MODES;
			info->default_domain = PE_ALL_MODES;
		}
	}
}

int
_pe_pmu_check_domain( int domain )
{
	if ( _pe_pmu_caps.priv_filter )
		return PAPI_OK;
	if ( ( domain & PE_ALL_MODES ) == PE_ALL_MODES )
		return PAPI_OK;
	SUBDBG( "domain %#x: this PMU counts all modes together\n", domain );
	return PAPI_EINVAL;
}

int
_pe_pmu_check_overflow( void )
{
	static int warned = 0;

	/* Threads racing here open the same probe and decide the same */
	if ( !sampling_probed && probe_open_fn != NULL ) {
		_pe_pmu_probe_sampling( probe_open_fn, &probe_errs );
		_pe_pmu_decide( &probe_errs, &_pe_pmu_caps );
		sampling_probed = 1;
		SUBDBG( "PMU probe: errno sampling %d: overflow interrupts %d\n",
			probe_errs.sampling, _pe_pmu_caps.overflow_intr );
	}
	if ( _pe_pmu_caps.overflow_intr )
		return PAPI_OK;
	if ( !warned ) {
		warned = 1;
		PAPIERROR( "perf_event: this PMU raises no overflow interrupts "
			   "(RISC-V without Sscofpmf); use PAPI_OVERFLOW_FORCE_SW "
			   "or PAPI_PROFIL_FORCE_SW" );
	}
	return PAPI_ENOSUPP;
}
