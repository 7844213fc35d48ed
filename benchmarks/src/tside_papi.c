/* The PAPI side of the threaded mode (thr_main.c): PAPI_thread_init once,
 * then per thread PAPI_register_thread + an event set of its own; the
 * high-level API's region pair. */
#include "bench.h"
#include <papi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct event *tevs;
static int tn, tdomain;

static unsigned long thread_id(void)
{
	return (unsigned long)pthread_self();
}

int tside_process_init(struct event *evs, int n, int domain)
{
	int rc;
	tevs = evs;
	tn = n;
	tdomain = domain;
	if (papi_init_domain(evs, n, domain) < 0)
		return -1;
	if ((rc = PAPI_thread_init(thread_id)) != PAPI_OK) {
		papi_fail("PAPI_thread_init", NULL, rc);
		return -1;
	}
	return 0;
}

int tside_setup(struct tset *s)
{
	int rc;
	if ((rc = PAPI_register_thread()) != PAPI_OK) {
		papi_fail("PAPI_register_thread", NULL, rc);
		return -1;
	}
	if (papi_create_with(&s->evset, tevs, tn) < 0)
		return -1;
	if ((rc = PAPI_start(s->evset)) != PAPI_OK) {
		papi_fail("PAPI_start", NULL, rc);
		return -1;
	}
	return 0;
}

const char *tside_read_method(const struct tset *s)
{
	(void)s;
	return "PAPI_read";
}

int tside_read(struct tset *s, long long *values)
{
	int rc = PAPI_read(s->evset, values);
	if (rc != PAPI_OK) {
		papi_fail("PAPI_read", NULL, rc);
		return -1;
	}
	return 0;
}

int tside_teardown(struct tset *s, long long *values)
{
	int rc;
	if ((rc = PAPI_stop(s->evset, values)) != PAPI_OK) {
		papi_fail("PAPI_stop", NULL, rc);
		return -1;
	}
	if ((rc = tside_destroy(s)) != 0)
		return -1;
	if ((rc = PAPI_unregister_thread()) != PAPI_OK) {
		papi_fail("PAPI_unregister_thread", NULL, rc);
		return -1;
	}
	return 0;
}

int tside_create(struct tset *s)
{
	return papi_create_with(&s->evset, tevs, tn);
}

int tside_destroy(struct tset *s)
{
	int rc;
	if ((rc = PAPI_cleanup_eventset(s->evset)) != PAPI_OK ||
	    (rc = PAPI_destroy_eventset(&s->evset)) != PAPI_OK) {
		papi_fail("PAPI cleanup/destroy", NULL, rc);
		return -1;
	}
	return 0;
}

/* The high-level API reads its events from PAPI_EVENTS, set here to the
 * events' names, counts PAPI's default domain (user), and writes its report
 * at exit under PAPI_OUTPUT_DIRECTORY (run-bench points it into OUTDIR). */
int tside_region_init(struct event *evs, int n, int domain)
{
	char list[MAX_EVENTS * (EV_NAME_MAX + 1)];
	size_t len = 0;
	int i;
	/* (exclude_hv aside: the raw side's encodings of "user" may count it) */
	if ((papi_domain_of(evs, n, domain) & (PAPI_DOM_USER | PAPI_DOM_KERNEL)) != PAPI_DOM_USER) {
		fprintf(stderr, "papi side: the high-level API counts the user domain only: "
			"its region pair is measured with -d user\n");
		return -1;
	}
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? "," : "", evs[i].name);
	return setenv("PAPI_EVENTS", list, 1);
}

int tside_region_begin(void)
{
	int rc = PAPI_hl_region_begin("bench");
	if (rc != PAPI_OK) {
		papi_fail("PAPI_hl_region_begin", NULL, rc);
		return -1;
	}
	return 0;
}

int tside_region_end(void)
{
	int rc = PAPI_hl_region_end("bench");
	if (rc != PAPI_OK) {
		papi_fail("PAPI_hl_region_end", NULL, rc);
		return -1;
	}
	return 0;
}
