/*
 * test_tracepoints: the kernel's tracepoints are events of libpfm4's perf PMU
 * and of PAPI, as libpfm4 4.13.0 listed them, where configure was given
 * --enable-perf-tracepoints (libpfm4 built with CONFIG_PFMLIB_NOTRACEPOINT=n);
 * by default they are left out (=y, libpfm4's own default since
 * 4.13.0+git106). Built with PERF_TRACEPOINTS=1 (listed) or 0 (left out):
 * the build must do what configure was asked.
 *
 *   test_tracepoints [SUBSYSTEM:NAME]     (default sched:sched_switch)
 *
 * libpfm4 (4.13.0 and 4.13.0+git106) finds the tracepoints only through a mounted debugfs: the
 * first "debugfs" line of /proc/mounts, then MOUNT/tracing/events/SUBSYSTEM/
 * NAME/id (a tracefs mounted alone, e.g. at /sys/kernel/tracing, is not
 * looked at). Without a mounted, readable debugfs there is nothing to check:
 * exit 77 with a "SKIP:" line saying why. Otherwise, with PERF_TRACEPOINTS=1:
 *   - libpfm4: pfm_find_event("perf::SUBSYSTEM:NAME") finds it, and
 *     pfm_get_os_event_encoding() gives PERF_TYPE_TRACEPOINT with the
 *     tracepoint's id as config;
 *   - PAPI: PAPI_event_name_to_code() knows it, and an event set with it
 *     (domain PAPI_DOM_ALL: tracepoints fire in the kernel) adds, starts and
 *     stops; for sched:sched_switch the count must be at least the number of
 *     sleeps made while counting (each one switches this thread out).
 * With PERF_TRACEPOINTS=0 both must answer that the event does not exist.
 * Exit 0: as configured; 1: not.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <papi.h>
#include <perfmon/pfmlib_perf_event.h>

#ifndef PERF_TRACEPOINTS
#error "PERF_TRACEPOINTS must be 1 (configure --enable-perf-tracepoints) or 0 (left out, the default)"
#endif

#define SLEEPS 20

static int
fail(const char *what)
{
	printf("FAIL: %s\n", what);
	return 1;
}

/* The mount point of the first debugfs in /proc/mounts, as libpfm4 looks */
/* for it; 0 if there is none.                                              */
static int
debugfs_mount(char *mnt, size_t len)
{
	char line[4096], dev[1024], dir[1024], type[256];
	FILE *f = fopen("/proc/mounts", "r");
	int found = 0;

	if (f == NULL)
		return 0;
	while (!found && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "%1023s %1023s %255s", dev, dir, type) == 3 &&
		    strcmp(type, "debugfs") == 0) {
			snprintf(mnt, len, "%s", dir);
			found = 1;
		}
	fclose(f);
	return found;
}

/* The tracepoint's id from MOUNT/tracing/events/SUB/NAME/id, or -1. */
static long long
tracepoint_id(const char *mnt, const char *sub, const char *name, char *path, size_t len)
{
	char buf[64];
	FILE *f;
	long long id = -1;

	snprintf(path, len, "%s/tracing/events/%s/%s/id", mnt, sub, name);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fgets(buf, sizeof(buf), f) != NULL)
		id = strtoll(buf, NULL, 10);
	fclose(f);
	return id;
}

static int
check_libpfm4(const char *event, long long id)
{
	pfm_perf_encode_arg_t arg;
	struct perf_event_attr attr;
	int idx, ret;

	ret = pfm_initialize();
	if (ret != PFM_SUCCESS)
		return fail("pfm_initialize");
	idx = pfm_find_event(event);
	if (!PERF_TRACEPOINTS) {
		pfm_terminate();
		if (idx >= 0)
			return fail("libpfm4 lists a tracepoint although configure left them out");
		printf("libpfm4: %s not found (%s), as configured (tracepoints left out)\n",
		       event, pfm_strerror(idx));
		return 0;
	}
	if (idx < 0) {
		printf("libpfm4: pfm_find_event(%s): %s\n", event, pfm_strerror(idx));
		pfm_terminate();
		return fail("libpfm4 does not list the tracepoint (built with CONFIG_PFMLIB_NOTRACEPOINT=y?)");
	}
	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = &attr;
	arg.size = sizeof(arg);
	ret = pfm_get_os_event_encoding(event, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
	pfm_terminate();
	if (ret != PFM_SUCCESS) {
		printf("libpfm4: pfm_get_os_event_encoding(%s): %s\n", event, pfm_strerror(ret));
		return fail("libpfm4 finds the tracepoint but does not encode it");
	}
	printf("libpfm4: %s: type %" PRIu32 " config %" PRIu64 " (tracepoint id %lld)\n",
	       event, attr.type, (uint64_t)attr.config, id);
	if (attr.type != PERF_TYPE_TRACEPOINT || attr.config != (uint64_t)id)
		return fail("libpfm4 encodes the tracepoint wrongly");
	return 0;
}

static int
check_papi(const char *event, int count_switches)
{
	int es = PAPI_NULL, code, ret, i;
	long long v;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return fail("PAPI_library_init");
	ret = PAPI_event_name_to_code((char *)event, &code);
	if (!PERF_TRACEPOINTS) {
		if (ret == PAPI_OK)
			return fail("PAPI knows a tracepoint although configure left them out");
		printf("PAPI: %s: %s, as configured\n", event, PAPI_strerror(ret));
		return 0;
	}
	if (ret != PAPI_OK) {
		printf("PAPI: PAPI_event_name_to_code(%s): %s\n", event, PAPI_strerror(ret));
		return fail("PAPI does not know the tracepoint");
	}
	/* the default domain of new event sets; setting it on the set asks   */
	/* the component to open a hardware test event, which a host without  */
	/* a PMU does not have                                                */
	if ((ret = PAPI_set_cmp_domain(PAPI_DOM_ALL, 0)) != PAPI_OK) {
		printf("PAPI_set_cmp_domain(PAPI_DOM_ALL): %s\n", PAPI_strerror(ret));
		return fail("PAPI refuses the kernel domain (not root?)");
	}
	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK) {
		printf("PAPI_create_eventset: %s\n", PAPI_strerror(ret));
		return fail("PAPI_create_eventset");
	}
	if ((ret = PAPI_add_event(es, code)) != PAPI_OK) {
		printf("PAPI_add_event(%s): %s\n", event, PAPI_strerror(ret));
		return fail("PAPI does not add the tracepoint");
	}
	if ((ret = PAPI_start(es)) != PAPI_OK) {
		printf("PAPI_start: %s\n", PAPI_strerror(ret));
		return fail("PAPI does not start the tracepoint");
	}
	for (i = 0; i < SLEEPS; i++)
		usleep(1000);
	if ((ret = PAPI_stop(es, &v)) != PAPI_OK) {
		printf("PAPI_stop: %s\n", PAPI_strerror(ret));
		return fail("PAPI does not stop the tracepoint");
	}
	printf("PAPI: %s = %lld over %d sleeps of 1 ms\n", event, v, SLEEPS);
	if (count_switches && v < SLEEPS)
		return fail("fewer context switches counted than sleeps made");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	PAPI_shutdown();
	return 0;
}

int
main(int argc, char **argv)
{
	const char *tp = argc > 1 ? argv[1] : "sched:sched_switch";
	char mnt[1024], path[2300], sub[256], event[600];
	const char *colon = strchr(tp, ':');
	long long id;
	int bad;

	if (colon == NULL || colon == tp || (size_t)(colon - tp) >= sizeof(sub)) {
		fprintf(stderr, "usage: %s [SUBSYSTEM:NAME]\n", argv[0]);
		return 2;
	}
	snprintf(sub, sizeof(sub), "%.*s", (int)(colon - tp), tp);
	snprintf(event, sizeof(event), "perf::%s", tp);
	printf("tracepoints %s in this build (configure %s)\n",
	       PERF_TRACEPOINTS ? "listed" : "left out",
	       PERF_TRACEPOINTS ? "--enable-perf-tracepoints" : "default");

	if (!debugfs_mount(mnt, sizeof(mnt))) {
		printf("SKIP: debugfs is not mounted: libpfm4 finds tracepoints "
		       "only under a mounted debugfs (DEBUGFS/tracing/events)\n");
		return 77;
	}
	id = tracepoint_id(mnt, sub, colon + 1, path, sizeof(path));
	if (id < 0) {
		printf("SKIP: %s: %s (debugfs mounted at %s; the tracepoint is not there "
		       "or not readable by uid %d)\n", path, strerror(errno), mnt, (int)getuid());
		return 77;
	}
	printf("debugfs at %s; %s: id %lld\n", mnt, tp, id);

	bad = check_libpfm4(event, id);
	bad |= check_papi(event, strcmp(tp, "sched:sched_switch") == 0);
	return bad;
}
