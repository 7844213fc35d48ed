/*
 * File:    pe_user_access.c
 *
 * Which perf_event event sets read their counters in user space (through
 * the perf mmap page, perf_helpers.h's mmap_read_self()), and how their
 * events ask the kernel for it on AArch64.
 *
 * A counter register read in user space is the one of the CPU the reader
 * runs on, so only the calling thread's own events can be read that way:
 * sets that are inherited, attached to another thread, system-wide or
 * bound to a CPU never try, nor do sets PAPI multiplexes.  On AArch64
 * (Linux 5.17+, kernel.perf_user_access=1) each event must ask for user
 * access with attr.config1 bit 1, and the kernel refuses an event that
 * asks but is not bound to a task; only the hardware PMU's events have a
 * counter to read.
 */

#ifdef PEINCLUDE
#include PEINCLUDE
#else
#include <perfmon/perf_event.h>
#endif

#include "pe_user_access.h"

int
_pe_user_read_wanted( int inherit, int attached, int system_wide,
		      int cpu, int multiplexed )
{
	if ( inherit || attached || system_wide || multiplexed )
		return 0;
	return cpu == -1;
}

void
_pe_user_read_request( struct perf_event_attr *attr, int arm64 )
{
	if ( !arm64 )
		return;
	switch ( attr->type ) {
	case PERF_TYPE_SOFTWARE:
	case PERF_TYPE_TRACEPOINT:
	case PERF_TYPE_BREAKPOINT:
		return;
	default:
		/* hardware, hw cache, raw, or the PMU's own dynamic type */
		attr->config1 |= PE_USER_READ_ARM64_CONFIG1;
	}
}
