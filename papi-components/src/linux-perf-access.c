/*
 * File:    linux-perf-access.c
 *
 * The perf_event and perf_event_uncore components both read the kernel's
 * perf_event_paranoid setting at initialization.  It is now read by the
 * first component that asks and kept until the next PAPI_library_init(),
 * which forgets it, so that a changed setting is still seen by the next
 * initialization.
 */

#include "linux-sysfile.h"
#include "linux-perf-access.h"

#define PERF_EVENT_PARANOID "/proc/sys/kernel/perf_event_paranoid"

static int paranoid_result = 2;	/* _linux_read_sysfile_int(); 2: not read */
static int paranoid_level;

int
_linux_perf_event_paranoid( int *level )
{
	if ( paranoid_result == 2 ) {
		paranoid_result = _linux_read_sysfile_int( PERF_EVENT_PARANOID,
							   &paranoid_level );
	}
	if ( paranoid_result == 1 ) {
		*level = paranoid_level;
	}
	return paranoid_result;
}

void
_linux_perf_access_forget( void )
{
	paranoid_result = 2;
}
