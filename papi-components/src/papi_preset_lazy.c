/*
 * File:    papi_preset_lazy.c
 *
 * Resolving every preset of the CPU's section (each native event of
 * each preset allocated and encoded by libpfm4) is most of the work of
 * PAPI_library_init(), whether the program uses presets or not.  The
 * load is recorded here and done the first time anything needs the
 * presets: adding, querying, enumerating or describing a preset,
 * looking a preset name or code up, or reading a component's number of
 * presets.  The table loaded, and the code loading it, are the same; a
 * program that only uses native events never pays for it.  This holds
 * for the compiled-in table and for a table named by
 * PAPI_CSV_EVENT_FILE alike.
 *
 * The choice this makes: the messages of a table with errors (a bad
 * line, a native event this libpfm4 or PMU does not have, a bad
 * formula) come at that first use, once, instead of in
 * PAPI_library_init(), printed as PAPIERROR prints them then
 * (PAPI_VERBOSE, or an error level set with PAPI_set_debug() by then),
 * and the presets they concern are unavailable (PAPI_ENOEVNT).  An
 * error of PAPI_library_init() stays one: a table file that cannot be
 * opened is loaded, and fails, at init (the perf_event component is
 * then disabled, "Error loading preset events").  The file is read at
 * first use: a relative PAPI_CSV_EVENT_FILE is then looked up from the
 * working directory of that moment.  With PAPI_USER_EVENTS_FILE the
 * presets and user events load at init: user event names are looked up
 * where the presets are not loaded first.
 *
 * Only a program without threads defers the load past its first use.
 * The load writes every preset term into PAPI's native event table
 * and the component's (which grows, moving its entries), and other
 * threads read those tables without a lock whenever they add, name
 * or set up a native event: a first preset use in one thread would
 * race with another thread's adds of native events.  A program with
 * threads calls PAPI_thread_init() before its threads use PAPI
 * (PAPI's locks work only from then on), and PAPI_thread_init()
 * loads the presets, in the thread that calls it: every write of the
 * load is done before another thread can read the tables.  A program
 * that uses PAPI from several threads without PAPI_thread_init() has
 * no locks at all: its threads race on the native tables anyway as
 * soon as two of them add events PAPI has not seen.
 */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "papi_internal.h"
#include "papi_preset.h"
#include "papi_preset_lazy.h"

static pthread_mutex_t lazy_lock = PTHREAD_MUTEX_INITIALIZER;
static int lazy_pending;	/* a load is recorded and not done yet */
static char *lazy_pmu;
static int lazy_type, lazy_cidx;
/*
 * Set in the thread running the load: the load itself reaches calls that
 * ensure the presets (_papi_hwi_native_name_to_code() asks
 * PAPI_get_component_info() through PAPI_get_component_index()), and these
 * must not wait for the lock their own thread holds.
 */
static __thread int lazy_loading_here;

static int
env_set( const char *name )
{
	const char *v = getenv( name );

	return v != NULL && v[0] != '\0';
}

int
_papi_preset_defer( const char *pmu_str, int pmu_type, int cidx,
		    int table_readable )
{
	char *copy;

	if ( !table_readable || env_set( "PAPI_USER_EVENTS_FILE" ) ||
	     pmu_str == NULL )
		return 0;
	copy = strdup( pmu_str );
	if ( copy == NULL )
		return 0;

	pthread_mutex_lock( &lazy_lock );
	free( lazy_pmu );
	lazy_pmu = copy;
	lazy_type = pmu_type;
	lazy_cidx = cidx;
	__atomic_store_n( &lazy_pending, 1, __ATOMIC_RELEASE );
	pthread_mutex_unlock( &lazy_lock );
	return 1;
}

void
_papi_preset_ensure( void )
{
	int retval;

	/* the common case once loaded: one load, no lock */
	if ( !__atomic_load_n( &lazy_pending, __ATOMIC_ACQUIRE ) ||
	     lazy_loading_here )
		return;

	pthread_mutex_lock( &lazy_lock );
	if ( lazy_pending ) {
		lazy_loading_here = 1;
		retval = _papi_load_preset_table_now( lazy_pmu, lazy_type,
						      lazy_cidx );
		lazy_loading_here = 0;
		if ( retval != PAPI_OK )
			PAPIERROR( "loading the presets of %s failed: %s",
				   lazy_pmu, PAPI_strerror( retval ) );
		free( lazy_pmu );
		lazy_pmu = NULL;
		__atomic_store_n( &lazy_pending, 0, __ATOMIC_RELEASE );
	}
	pthread_mutex_unlock( &lazy_lock );
}

void
_papi_preset_forget( void )
{
	pthread_mutex_lock( &lazy_lock );
	free( lazy_pmu );
	lazy_pmu = NULL;
	__atomic_store_n( &lazy_pending, 0, __ATOMIC_RELEASE );
	pthread_mutex_unlock( &lazy_lock );
}
