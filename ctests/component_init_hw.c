/*
 * The hardware info as each component sees it in its init_component, for
 * test_papi_perf.c: every compiled-in component's init is wrapped through
 * PAPI's component table (_papi_hwd), so the test needs no component of
 * its own in the library.  Components read the hardware info there (PAPI's
 * powercap component takes its socket count from it); what they read must
 * be what PAPI_get_hardware_info() gives once PAPI_library_init() is done.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

/* as PAPI's Linux build defines them (its compiler flags) */
#define OSLOCK "linux-lock.h"
#define OSCONTEXT "linux-context.h"
#define USE_COMPILER_TLS
#define PAPI_NUM_COMP 3
/* papi_internal.h includes PAPI's config.h, not ours */
#undef PACKAGE_BUGREPORT
#undef PACKAGE_NAME
#undef PACKAGE_STRING
#undef PACKAGE_TARNAME
#undef PACKAGE_VERSION
#undef PACKAGE_URL
#undef PACKAGE
#undef VERSION

#include "papi.h"
#include "papi_internal.h"
#include "papi_vector.h"

#include "component_init_hw.h"

#define MAX_COMPONENTS 64

static int (*real_init[MAX_COMPONENTS])(int);
static PAPI_hw_info_t seen[MAX_COMPONENTS];
static int seen_valid[MAX_COMPONENTS];

static int
init_seen(int cidx)
{
	if (cidx >= 0 && cidx < MAX_COMPONENTS) {
		seen[cidx] = _papi_hwi_system_info.hw_info;
		seen_valid[cidx] = 1;
	}
	return real_init[cidx](cidx);
}

int
component_init_hw_hook(void)
{
	int i;

	for (i = 0; i < MAX_COMPONENTS && _papi_hwd[i]; i++) {
		seen_valid[i] = 0;
		if (_papi_hwd[i]->init_component == NULL ||
		    _papi_hwd[i]->init_component == init_seen)
			continue;
		real_init[i] = _papi_hwd[i]->init_component;
		_papi_hwd[i]->init_component = init_seen;
	}
	return i;
}

const PAPI_hw_info_t *
component_init_hw(int cidx)
{
	if (cidx < 0 || cidx >= MAX_COMPONENTS || !seen_valid[cidx])
		return NULL;
	return &seen[cidx];
}

void
component_init_hw_unhook(void)
{
	int i;

	for (i = 0; i < MAX_COMPONENTS && _papi_hwd[i]; i++)
		if (_papi_hwd[i]->init_component == init_seen)
			_papi_hwd[i]->init_component = real_init[i];
}
