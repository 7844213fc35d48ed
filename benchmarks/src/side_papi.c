/* The PAPI side: library init + event set + named events in "init", then
 * PAPI_start / PAPI_read / PAPI_stop, and cleanup + destroy + shutdown in
 * "term".  With OVH_PAPI_PRESET=NAME (a preset user, scripts/bench-startup)
 * the set also gets preset NAME after the events, in "init": its first use
 * loads the CPU's presets.  Where the preset cannot be counted (no hardware
 * PMU, as in the x86 build VM) the add fails after that load, which is
 * said once on stderr, and the set goes on with the events alone. */
#include "bench.h"
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const side_name = "papi";
static int evset = PAPI_NULL;
static int nev;

void papi_fail(const char *what, const char *name, int rc)
{
	fprintf(stderr, "papi side: %s%s%s failed: %s\n", what, name ? " " : "", name ? name : "",
		PAPI_strerror(rc));
}

/* The PAPI domain that matches the raw side's: exactly the exclude bits of
 * the encoding (whether libpfm4 sets exclude_hv for "all" depends on the
 * PMU, and a U74 refuses any exclude bit), else from DOM_* bits. */
int papi_domain_of(const struct event *evs, int n, int domain)
{
	int papi_dom = 0;
	if (n > 0 && evs[0].encoded)
		return (evs[0].exclude_user ? 0 : PAPI_DOM_USER) |
		       (evs[0].exclude_kernel ? 0 : PAPI_DOM_KERNEL) |
		       (evs[0].exclude_hv ? 0 : PAPI_DOM_SUPERVISOR);
	if (domain & DOM_USER)
		papi_dom |= PAPI_DOM_USER;
	if (domain & DOM_KERNEL)
		papi_dom |= PAPI_DOM_KERNEL;
	return papi_dom;
}

/* PAPI_library_init, and the domain where it is not PAPI's default (user). */
int papi_init_domain(const struct event *evs, int n, int domain)
{
	int rc, papi_dom = papi_domain_of(evs, n, domain);
	rc = PAPI_library_init(PAPI_VER_CURRENT);
	if (rc != PAPI_VER_CURRENT) {
		papi_fail("PAPI_library_init", NULL, rc);
		return -1;
	}
	if (papi_dom != PAPI_DOM_USER && (rc = PAPI_set_domain(papi_dom)) != PAPI_OK) {
		papi_fail("PAPI_set_domain", NULL, rc);
		return -1;
	}
	return 0;
}

/* A new event set with the n events added by name; -1 (and why) if not. */
int papi_create_with(int *set, const struct event *evs, int n)
{
	const PAPI_component_info_t *ci;
	int rc, i;
	*set = PAPI_NULL;
	if ((rc = PAPI_create_eventset(set)) != PAPI_OK) {
		papi_fail("PAPI_create_eventset", NULL, rc);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if ((rc = PAPI_add_named_event(*set, evs[i].name)) != PAPI_OK) {
			/* why, when it fails (not measured work: the raw side has no such call) */
			ci = PAPI_get_component_info(0);
			if (ci && ci->disabled) {
				fprintf(stderr, "papi side: PAPI's perf_event component is disabled: %s\n",
					ci->disabled_reason);
				return -1;
			}
			if (rc == PAPI_ENOEVNT)
				fprintf(stderr, "papi side: cannot add event %s: %s (unknown to libpfm4 here, or the kernel has no counter for it: no hardware PMU?)\n",
					evs[i].name, PAPI_strerror(rc));
			else if (rc == PAPI_EPERM)
				fprintf(stderr, "papi side: event %s: counters not allowed (perf_event_paranoid)\n", evs[i].name);
			else
				papi_fail("PAPI_add_named_event", evs[i].name, rc);
			return -1;
		}
	}
	return 0;
}

int side_init(struct event *evs, int n, int domain)
{
	static int said;
	int rc;
	const char *preset;

	if (papi_init_domain(evs, n, domain) < 0 || papi_create_with(&evset, evs, n) < 0)
		return -1;
	preset = getenv("OVH_PAPI_PRESET");
	if (preset != NULL && preset[0] != '\0' &&
	    (rc = PAPI_add_named_event(evset, preset)) != PAPI_OK && !said++)
		fprintf(stderr, "papi side: preset %s loaded, not added: %s\n", preset,
			PAPI_strerror(rc));
	nev = n;
	return 0;
}

int side_start(void)
{
	int rc = PAPI_start(evset);
	if (rc != PAPI_OK) {
		papi_fail("PAPI_start", NULL, rc);
		return -1;
	}
	return 0;
}

int side_read(long long *values)
{
	int rc = PAPI_read(evset, values);
	if (rc != PAPI_OK) {
		papi_fail("PAPI_read", NULL, rc);
		return -1;
	}
	return 0;
}

int side_stop(long long *values)
{
	int rc = PAPI_stop(evset, values);
	if (rc != PAPI_OK) {
		papi_fail("PAPI_stop", NULL, rc);
		return -1;
	}
	return 0;
}

int side_term(void)
{
	int rc;
	if ((rc = PAPI_cleanup_eventset(evset)) != PAPI_OK ||
	    (rc = PAPI_destroy_eventset(&evset)) != PAPI_OK) {
		papi_fail("PAPI cleanup/destroy", NULL, rc);
		return -1;
	}
	PAPI_shutdown();
	(void)nev;
	return 0;
}

const char *side_version(void)
{
	static char v[64];
	snprintf(v, sizeof v, "PAPI %d.%d.%d.%d (headers)", PAPI_VERSION_MAJOR(PAPI_VERSION),
		 PAPI_VERSION_MINOR(PAPI_VERSION), PAPI_VERSION_REVISION(PAPI_VERSION),
		 PAPI_VERSION_INCREMENT(PAPI_VERSION));
	return v;
}
