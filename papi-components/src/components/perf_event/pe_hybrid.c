/*
 * File:    pe_hybrid.c
 *
 * Machines with several core PMUs: an Arm big.LITTLE SoC (RK3399: Cortex-A53
 * and Cortex-A72, each cluster its own PMU in Linux), a heterogeneous
 * RISC-V or x86 CPU.  libpfm4 detects each core type's PMU and encodes each
 * event for its own PMU (perf type of that PMU), which counts only while the
 * thread runs on that PMU's CPUs.
 *
 * The component counts with every core PMU.  The first one (libpfm4's
 * order) stays the default one (its events need no PMU prefix, its name
 * selects the preset table's section); the others, "too many default
 * PMUs" otherwise, are kept in a list:
 *   - the presets become the sum of every core type's definition
 *     (papi_preset_hybrid.c), so that they count wherever the thread runs;
 *   - an event set whose events lie on several PMUs is opened as one perf
 *     group per PMU (perf type): the kernel refuses a group across PMUs;
 *     the groups are enabled, read and disabled in the same PAPI call;
 *   - multiplexing core events is refused (see _pe_hybrid_refuse_multiplex).
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "papi.h"
#include "papi_internal.h"
#include "papi_preset_hybrid.h"
#include "perfmon/pfmlib_perf_event.h"

#include PEINCLUDE
#include "perf_event_lib.h"
#define _PE_HYBRID_CONTROL
#include "pe_hybrid.h"

static pfm_pmu_info_t core_pmus[PE_HYBRID_MAX_CORE_PMUS];
static int core_types[PE_HYBRID_MAX_CORE_PMUS];
static int num_core_pmus;

/* A perf type not asked for yet */
#define PE_HYBRID_TYPE_UNASKED ( -2 )

/* Events of a libpfm4 PMU looked at to find its perf type */
#define PE_HYBRID_TYPE_TRIES 16

/* The perf type (attr.type) libpfm4 gives the events of a PMU: that of  */
/* the kernel PMU they open on; -1 if none of its first events encodes   */
static int
perf_type_of( const pfm_pmu_info_t *pinfo )
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	pfm_event_info_t einfo;
	char name[PAPI_2MAX_STR_LEN];
	int idx, tries;

	for ( idx = pinfo->first_event, tries = 0;
	      ( idx >= 0 ) && ( tries < PE_HYBRID_TYPE_TRIES );
	      idx = pfm_get_event_next( idx ), tries++ ) {
		memset( &einfo, 0, sizeof ( einfo ) );
		einfo.size = sizeof ( einfo );
		if ( pfm_get_event_info( idx, PFM_OS_NONE, &einfo ) != PFM_SUCCESS ) {
			continue;
		}
		snprintf( name, sizeof ( name ), "%s::%s", pinfo->name, einfo.name );
		memset( &attr, 0, sizeof ( attr ) );
		memset( &arg, 0, sizeof ( arg ) );
		arg.attr = &attr;
		arg.size = sizeof ( arg );
		if ( pfm_get_os_event_encoding( name, PFM_PLM3, PFM_OS_PERF_EVENT,
					       &arg ) == PFM_SUCCESS ) {
			return ( int ) attr.type;
		}
	}
	return -1;
}

void
_pe_hybrid_forget( void )
{
	num_core_pmus = 0;
	_papi_preset_hybrid_set( NULL, NULL, 0 );
}

int
_pe_hybrid_add_core_pmu( const pfm_pmu_info_t *pinfo )
{
	int i, type;

	if ( num_core_pmus >= PE_HYBRID_MAX_CORE_PMUS ) {
		return -1;
	}
	/* Two core types whose events open on the same kernel PMU (one   */
	/* PMU for every CPU whose name both types' perf_name lists have,  */
	/* as armv8_pmuv3_0 for arm_ac57 and arm_ac72) are one PMU to      */
	/* count with: the first one's events count on every CPU, and a    */
	/* preset summed over both would count everything twice.           */
	/* (asked only from a second core PMU on: one core PMU, the        */
	/* common case, costs no encoding at init)                          */
	type = ( num_core_pmus > 0 ) ? perf_type_of( pinfo ) : -1;
	for ( i = 0; ( type != -1 ) && ( i < num_core_pmus ); i++ ) {
		if ( core_types[i] == PE_HYBRID_TYPE_UNASKED ) {
			core_types[i] = perf_type_of( &core_pmus[i] );
		}
		if ( core_types[i] == type ) {
			SUBDBG( "core PMU %s opens on perf type %d, as %s: "
				"not another core PMU\n", pinfo->name, type,
				core_pmus[i].name );
			return -2;
		}
	}
	memcpy( &core_pmus[num_core_pmus], pinfo, sizeof ( *pinfo ) );
	core_types[num_core_pmus] = ( num_core_pmus > 0 ) ? type :
		PE_HYBRID_TYPE_UNASKED;
	return num_core_pmus++;
}

int
_pe_hybrid_num_core_pmus( void )
{
	return num_core_pmus;
}

void
_pe_hybrid_model_string( char *model, size_t size, int position,
			 const char *desc )
{
	size_t len = strlen( model );

	if ( position == 0 || len == 0 ) {
		snprintf( model, size, "%s", desc );
	} else if ( position > 0 && len + 3 + strlen( desc ) < size ) {
		snprintf( model + len, size - len, " + %s", desc );
	}
}

void
_pe_hybrid_register_presets( void )
{
	const char *names[PE_HYBRID_MAX_CORE_PMUS];
	int ids[PE_HYBRID_MAX_CORE_PMUS];
	int i;

	if ( num_core_pmus < 2 ) {
		_papi_preset_hybrid_set( NULL, NULL, 0 );
		return;
	}
	for ( i = 0; i < num_core_pmus; i++ ) {
		names[i] = core_pmus[i].name;
		ids[i] = core_pmus[i].pmu;
	}
	_papi_preset_hybrid_set( names, ids, num_core_pmus );
}

int
_pe_hybrid_num_counters( void )
{
	int i, n = 0;

	for ( i = 0; i < num_core_pmus; i++ ) {
		n += core_pmus[i].num_cntrs + core_pmus[i].num_fixed_cntrs;
	}
	return n;
}

int
_pe_hybrid_leader( const pe_control_t *ctl, int i )
{
	int j;

	if ( i == 0 ) {
		return -1;
	}
	if ( num_core_pmus < 2 ) {
		return 0;
	}
	for ( j = 0; j < i; j++ ) {
		if ( ctl->events[j].attr.type == ctl->events[i].attr.type ) {
			return j;
		}
	}
	return -1;
}

int
_pe_hybrid_groups( const pe_control_t *ctl )
{
	int i, n = 0;

	for ( i = 0; i < ctl->num_events; i++ ) {
		if ( ctl->events[i].group_leader_fd == -1 ) {
			n++;
		}
	}
	return n;
}

int
_pe_hybrid_read_groups( pe_control_t *ctl )
{
	long long buf[1 + PERF_EVENT_MAX_MPX_COUNTERS];
	int i, k, n, members;
	ssize_t ret;

	for ( i = 0; i < ctl->num_events; i++ ) {
		if ( ctl->events[i].group_leader_fd != -1 ) {
			continue;
		}
		members = 1;
		for ( k = i + 1; k < ctl->num_events; k++ ) {
			if ( ctl->events[k].group_leader_fd ==
			     ctl->events[i].event_fd ) {
				members++;
			}
		}
		ret = read( ctl->events[i].event_fd, buf, sizeof ( buf ) );
		if ( ret == -1 ) {
			PAPIERROR( "read of the group of event %d returned an "
				   "error: %s", i, strerror( errno ) );
			return PAPI_ESYS;
		}
		if ( ret < ( ssize_t ) ( ( 1 + members ) * sizeof ( long long ) ) ||
		     buf[0] != members ) {
			PAPIERROR( "short read of the group of event %d "
				   "(%zd bytes, %d events)", i, ret, members );
			return PAPI_ESYS;
		}
		/* the kernel gives the members in the order they joined: */
		/* the leader, then increasing event index                 */
		ctl->counts[i] = buf[1];
		n = 2;
		for ( k = i + 1; k < ctl->num_events; k++ ) {
			if ( ctl->events[k].group_leader_fd ==
			     ctl->events[i].event_fd ) {
				ctl->counts[k] = buf[n++];
			}
		}
	}
	return PAPI_OK;
}

int
_pe_hybrid_refuse_multiplex( const pe_control_t *ctl )
{
	int i;

	if ( num_core_pmus < 2 ) {
		return 0;
	}
	for ( i = 0; i < ctl->num_events; i++ ) {
		switch ( ctl->events[i].attr.type ) {
		case PERF_TYPE_SOFTWARE:
		case PERF_TYPE_TRACEPOINT:
		case PERF_TYPE_BREAKPOINT:
			break;
		default:
			return 1;
		}
	}
	return 0;
}
