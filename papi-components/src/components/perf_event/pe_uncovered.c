/*
 * File:    pe_uncovered.c
 *
 * A kernel with several core PMUs (big.LITTLE: one per cluster) counts a
 * core event only while the thread runs on its own PMU's CPUs.  Where
 * libpfm4 knows only some of the core types (a little core it has no
 * table for), PAPI's events all open on the known types' PMUs, and a
 * thread that runs on the other CPUs loses that part of its count
 * without an error: a loop there reads 0, a loop that migrates half.
 *
 * At init the kernel's core PMUs (those whose sysfs directory has a
 * "cpus" file) are compared with the perf types libpfm4's present core
 * PMUs open their events on.  Where one is opened on by none, its CPUs
 * are uncovered: the component says so (partially disabled, with the
 * PMU and its CPUs named), and a core event is then counted only on one
 * CPU that is covered (PAPI_CPU_ATTACH); a count of a thread is refused.
 * With one core PMU in the kernel every core event reaches it, and
 * nothing is looked at further.
 */

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "papi_internal.h"
#include "perfmon/pfmlib_perf_event.h"
#include "papi_libpfm4_pmus.h"
#include "linux-sysfile.h"

#include PEINCLUDE
#include "perf_event_lib.h"
#include "pe_hybrid.h"
#define _PE_UNCOVERED_CONTROL
#include "pe_uncovered.h"

#define PE_SYSFS_PMUS "/sys/bus/event_source/devices"

/* Kernel core PMUs looked at, and CPUs tracked (a CPU past them that is */
/* in an uncovered PMU's list is taken as uncovered, as is every CPU of  */
/* a PMU past the first PE_UNCOVERED_MAX_PMUS)                           */
#define PE_UNCOVERED_MAX_PMUS 16
#define PE_UNCOVERED_MAX_CPUS 4096
#define PE_LONG_BITS ( 8 * sizeof ( unsigned long ) )

static int kernel_core_types[PE_UNCOVERED_MAX_PMUS];
static int num_kernel_core_pmus;
static int any_uncovered;
static unsigned long uncovered_cpus[PE_UNCOVERED_MAX_CPUS / PE_LONG_BITS];
/* "armv8_cortex_a53 (CPUs 0-1)", and more of them comma-separated */
static char uncovered_text[PAPI_HUGE_STR_LEN];

/* Marks the CPUs of a kernel CPU list ("0-1,4") uncovered; 0 if the   */
/* list is not one                                                       */
static int
mark_uncovered( const char *list )
{
	const char *p = list;
	char *end;
	long first, last, cpu;

	while ( *p != '\0' ) {
		first = strtol( p, &end, 10 );
		if ( end == p || first < 0 ) {
			return 0;
		}
		last = first;
		p = end;
		if ( *p == '-' ) {
			last = strtol( p + 1, &end, 10 );
			if ( end == p + 1 || last < first ) {
				return 0;
			}
			p = end;
		}
		for ( cpu = first;
		      cpu <= last && cpu < PE_UNCOVERED_MAX_CPUS; cpu++ ) {
			uncovered_cpus[cpu / PE_LONG_BITS] |=
				1UL << ( cpu % PE_LONG_BITS );
		}
		if ( *p == ',' ) {
			p++;
		} else if ( *p != '\0' ) {
			return 0;
		}
	}
	return 1;
}

static int
cpu_uncovered( int cpu )
{
	if ( cpu >= PE_UNCOVERED_MAX_CPUS ) {
		return 1;
	}
	return ( uncovered_cpus[cpu / PE_LONG_BITS] >>
		 ( cpu % PE_LONG_BITS ) ) & 1;
}

/* 1 if a present libpfm4 core PMU opens its events on perf type type  */
static int
libpfm4_covers( int type )
{
	const pfm_pmu_info_t *pmus;
	int i, n;

	n = _papi_libpfm4_present_pmus( &pmus );
	for ( i = 0; i < n; i++ ) {
		if ( pmus[i].type == PFM_PMU_TYPE_CORE &&
		     _pe_hybrid_perf_type( &pmus[i] ) == type ) {
			return 1;
		}
	}
	return 0;
}

/* Appends "NAME (CPUs LIST)" to uncovered_text */
static void
name_uncovered( const char *name, const char *cpus )
{
	size_t len = strlen( uncovered_text );

	snprintf( uncovered_text + len, sizeof ( uncovered_text ) - len,
		  "%s%s (CPUs %s)", len ? ", " : "", name, cpus );
}

/* The kernel's own PMUs (perf's software events, tracepoints, probes,  */
/* breakpoints) serve no CPU's core events: not looked at, each look-up */
/* being a path walk at every PAPI start.                               */
static int
kernel_software_pmu( const char *name )
{
	static const char *const software[] = {
		"software", "tracepoint", "breakpoint", "kprobe", "uprobe"
	};
	size_t i;

	for ( i = 0; i < sizeof ( software ) / sizeof ( software[0] ); i++ ) {
		if ( strcmp( name, software[i] ) == 0 ) {
			return 1;
		}
	}
	return 0;
}

void
_pe_uncovered_init( PAPI_component_info_t *info )
{
	char path[PATH_MAX], cpus[PAPI_HUGE_STR_LEN];
	char names[PE_UNCOVERED_MAX_PMUS][PAPI_MIN_STR_LEN];
	char lists[PE_UNCOVERED_MAX_PMUS][PAPI_HUGE_STR_LEN];
	struct dirent *d;
	DIR *dir;
	int i, j, n = 0, type;
	size_t len;

	num_kernel_core_pmus = 0;
	any_uncovered = 0;
	uncovered_text[0] = '\0';
	memset( uncovered_cpus, 0, sizeof ( uncovered_cpus ) );

	dir = opendir( PE_SYSFS_PMUS );
	if ( dir == NULL ) {
		return;
	}
	while ( ( d = readdir( dir ) ) != NULL &&
		n < PE_UNCOVERED_MAX_PMUS ) {
		if ( d->d_name[0] == '.' || kernel_software_pmu( d->d_name ) ) {
			continue;
		}
		snprintf( path, sizeof ( path ), PE_SYSFS_PMUS "/%s/cpus",
			  d->d_name );
		if ( _linux_read_sysfile( path, cpus, sizeof ( cpus ) ) < 0 ) {
			continue;	/* not a core PMU */
		}
		snprintf( names[n], sizeof ( names[n] ), "%s", d->d_name );
		snprintf( lists[n], sizeof ( lists[n] ), "%s", cpus );
		n++;
	}
	closedir( dir );

	/* One core PMU: every core event opens on it (its type not needed) */
	if ( n < 2 ) {
		return;
	}
	for ( j = 0; j < n; j++ ) {
		snprintf( path, sizeof ( path ), PE_SYSFS_PMUS "/%s/type",
			  names[j] );
		if ( _linux_read_sysfile_int( path, &type ) != 1 ) {
			continue;
		}
		i = num_kernel_core_pmus++;
		kernel_core_types[i] = type;
		if ( i != j ) {
			memcpy( names[i], names[j], sizeof ( names[i] ) );
			memcpy( lists[i], lists[j], sizeof ( lists[i] ) );
		}
	}
	if ( num_kernel_core_pmus < 2 ) {
		return;
	}
	for ( i = 0; i < num_kernel_core_pmus; i++ ) {
		if ( libpfm4_covers( kernel_core_types[i] ) ) {
			continue;
		}
		if ( !mark_uncovered( lists[i] ) ) {
			/* a list we cannot read: none of its CPUs is known */
			memset( uncovered_cpus, 0xff, sizeof ( uncovered_cpus ) );
		}
		any_uncovered = 1;
		name_uncovered( names[i], lists[i] );
	}
	if ( any_uncovered ) {
		/* after a reason set before, if any */
		len = info->partially_disabled ?
			strlen( info->partially_disabled_reason ) : 0;
		info->partially_disabled = 1;
		snprintf( info->partially_disabled_reason + len,
			  sizeof ( info->partially_disabled_reason ) - len,
			  "%slibpfm4 has no event table for the core PMU %s: "
			  "core events count only on one other CPU "
			  "(PAPI_CPU_ATTACH), never for a thread",
			  len ? "; " : "", uncovered_text );
		SUBDBG( "uncovered core PMUs: %s\n", uncovered_text );
	}
}

/* 1 if an event of this perf type counts on a core PMU: the generic    */
/* hardware types, which one of them takes, or one's own type            */
static int
counts_on_core_pmu( int type )
{
	int i;

	if ( type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE ||
	     type == PERF_TYPE_RAW ) {
		return 1;
	}
	for ( i = 0; i < num_kernel_core_pmus; i++ ) {
		if ( kernel_core_types[i] == type ) {
			return 1;
		}
	}
	return 0;
}

int
_pe_uncovered_check( const pe_control_t *ctl )
{
	static int warned;
	int i, cpu;

	if ( !any_uncovered ) {
		return PAPI_OK;
	}
	for ( i = 0; i < ctl->num_events; i++ ) {
		if ( !counts_on_core_pmu( ( int ) ctl->events[i].attr.type ) ) {
			continue;
		}
		cpu = ctl->events[i].cpu;
		if ( cpu >= 0 && !cpu_uncovered( cpu ) ) {
			continue;
		}
		/* the CPUs missed are also in the component's reason */
		if ( __sync_lock_test_and_set( &warned, 1 ) == 0 ) {
			PAPIERROR( "perf_event: libpfm4 has no event table for "
				   "the core PMU %s: a count of a thread's core "
				   "events would miss its time there, so it is "
				   "refused; count one other CPU instead "
				   "(PAPI_CPU_ATTACH)", uncovered_text );
		}
		return PAPI_ECNFLCT;
	}
	return PAPI_OK;
}
