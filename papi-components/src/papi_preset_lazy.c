/*
 * File:    papi_preset_lazy.c
 *
 * PAPI_library_init() used to resolve every preset of the CPU's section
 * through the component (each native event of each preset allocated and
 * encoded by libpfm4): 85% of the instructions of PAPI_library_init() on a
 * Cortex-A72 (2.8 M of 3.3 M), whether the program uses presets or not.
 *
 * With the compiled-in event table that load cannot fail for reasons the
 * caller could act on at init, so it is recorded here and done the first
 * time anything needs the presets: adding, querying, enumerating or
 * describing a preset, or reading a component's number of presets.  The
 * result is the same table, loaded by the same code; a program that only
 * uses native events never pays for it.  Tables read from files
 * (PAPI_CSV_EVENT_FILE, PAPI_USER_EVENTS_FILE, or no compiled-in table) are
 * still loaded at init, so that their errors are reported there as before.
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

static int
env_set( const char *name )
{
	const char *v = getenv( name );

	return v != NULL && v[0] != '\0';
}

int
_papi_preset_defer( const char *pmu_str, int pmu_type, int cidx,
		    int table_compiled_in )
{
	char *copy;

	if ( !table_compiled_in || env_set( "PAPI_CSV_EVENT_FILE" ) ||
	     env_set( "PAPI_USER_EVENTS_FILE" ) || pmu_str == NULL )
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
	if ( !__atomic_load_n( &lazy_pending, __ATOMIC_ACQUIRE ) )
		return;

	pthread_mutex_lock( &lazy_lock );
	if ( lazy_pending ) {
		retval = _papi_load_preset_table_now( lazy_pmu, lazy_type,
						      lazy_cidx );
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
