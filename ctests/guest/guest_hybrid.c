/*
 * guest_hybrid: counting on a big.LITTLE machine (the "biglittle" guest:
 * armv8_cortex_a53 on CPUs 0-1, armv8_cortex_a72 on CPUs 2-3).
 *
 *   guest_hybrid libpfm PLACE N EVENT...
 *       encodes each EVENT with libpfm4 (user level), opens it for this
 *       thread, counts guest_loop(N) run at PLACE and prints per event
 *         event EVENT type T config 0xC count X enabled E running R
 *   guest_hybrid papi PLACE N EVENT...
 *       the same through PAPI: one event set with every EVENT (presets or
 *       native names) and prints per event
 *         event EVENT count X [mid M]
 *       (M: PAPI_read() after the first half of a migrating loop, on the
 *       first CPU) or "papi-error FUNCTION EVENT: MESSAGE" (exit 3) where
 *       PAPI refuses.
 *   guest_hybrid papi-on-cpu CPU N EVENT...
 *       as papi, the event set attached to CPU (PAPI_CPU_ATTACH) and the
 *       loop pinned there
 *   guest_hybrid papi-mpx PLACE N EVENT...
 *       multiplexing: PAPI_set_multiplex() on a set holding EVENT..., then
 *       adding EVENT... to a multiplexed set; prints per case
 *         mpx after-add|before-add: OK | error MESSAGE
 *   guest_hybrid papi-overflow PLACE N EVENT...
 *       PAPI_overflow() on each EVENT alone in a set (PLACE and N unused):
 *         overflow EVENT: OK | error MESSAGE
 *   guest_hybrid papi-info PLACE N EVENT...
 *       what PAPI says of each EVENT (PLACE and N unused):
 *         info EVENT avail yes|no natives K NAME... | info EVENT error MESSAGE
 *
 * PLACE is a CPU ("0": the whole loop pinned there) or two CPUs "A,B": half
 * of the loop pinned to A, then the thread migrates and runs the other half
 * on B, inside one count. Counts are whatever the kernel says: the shell
 * tests (suite.sh) judge them.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <linux/perf_event.h>
#include <perfmon/pfmlib_perf_event.h>
#include <papi.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guest_loop.h"

#define MAX_EVENTS 8

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		fprintf(stderr, "guest_hybrid: cannot pin to CPU %d\n", cpu);
		exit(2);
	}
}

/* The loop at PLACE: "A" or "A,B" (half on A, half on B). */
static void run_at(const char *place, uint64_t n)
{
	int a, b;

	if (sscanf(place, "%d,%d", &a, &b) == 2) {
		pin(a);
		guest_loop(n / 2);
		pin(b);
		guest_loop(n - n / 2);
	} else {
		guest_loop(n);
	}
}

/* Pins to PLACE's first CPU before anything is opened or started. */
static void pin_first(const char *place)
{
	pin(atoi(place));
}

static int by_libpfm(const char *place, uint64_t n, int nev, char **names)
{
	struct perf_event_attr attr[MAX_EVENTS];
	int fd[MAX_EVENTS];
	int i, ret;

	ret = pfm_initialize();
	if (ret != PFM_SUCCESS) {
		fprintf(stderr, "guest_hybrid: pfm_initialize: %s\n", pfm_strerror(ret));
		return 2;
	}
	pin_first(place);
	for (i = 0; i < nev; i++) {
		pfm_perf_encode_arg_t arg;

		memset(&attr[i], 0, sizeof(attr[i]));
		memset(&arg, 0, sizeof(arg));
		arg.attr = &attr[i];
		arg.size = sizeof(arg);
		ret = pfm_get_os_event_encoding(names[i], PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
		if (ret != PFM_SUCCESS) {
			printf("libpfm-error %s: %s\n", names[i], pfm_strerror(ret));
			return 3;
		}
		attr[i].disabled = 1;
		attr[i].read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		fd[i] = syscall(__NR_perf_event_open, &attr[i], 0, -1, -1, 0);
		if (fd[i] < 0) {
			printf("open-error %s: %m\n", names[i]);
			return 3;
		}
	}
	for (i = 0; i < nev; i++)
		ioctl(fd[i], PERF_EVENT_IOC_ENABLE, 0);
	run_at(place, n);
	for (i = 0; i < nev; i++)
		ioctl(fd[i], PERF_EVENT_IOC_DISABLE, 0);
	for (i = 0; i < nev; i++) {
		uint64_t v[3];

		if (read(fd[i], v, sizeof(v)) != sizeof(v)) {
			printf("read-error %s\n", names[i]);
			return 3;
		}
		printf("event %s type %" PRIu32 " config 0x%" PRIx64 " count %" PRIu64
		       " enabled %" PRIu64 " running %" PRIu64 "\n",
		       names[i], attr[i].type, (uint64_t)attr[i].config, v[0], v[1], v[2]);
		close(fd[i]);
	}
	return 0;
}

static int papi_error(const char *fn, const char *what, int ret)
{
	printf("papi-error %s %s: %s\n", fn, what, PAPI_strerror(ret));
	return 3;
}

/* attach: the CPU the event set counts on (PAPI_CPU_ATTACH), -1 for none */
static int by_papi(const char *place, uint64_t n, int nev, char **names, int attach)
{
	long long values[MAX_EVENTS], mid[MAX_EVENTS];
	int set = PAPI_NULL;
	int i, ret, a, b, migrate;

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT)
		return papi_error("PAPI_library_init", "-", ret);
	pin_first(place);
	ret = PAPI_create_eventset(&set);
	if (ret != PAPI_OK)
		return papi_error("PAPI_create_eventset", "-", ret);
	if (attach >= 0) {
		PAPI_option_t opt;

		ret = PAPI_assign_eventset_component(set, 0);
		if (ret != PAPI_OK)
			return papi_error("PAPI_assign_eventset_component", "-", ret);
		memset(&opt, 0, sizeof(opt));
		opt.cpu.eventset = set;
		opt.cpu.cpu_num = attach;
		ret = PAPI_set_opt(PAPI_CPU_ATTACH, &opt);
		if (ret != PAPI_OK)
			return papi_error("PAPI_set_opt(PAPI_CPU_ATTACH)", "-", ret);
	}
	for (i = 0; i < nev; i++) {
		ret = PAPI_add_named_event(set, names[i]);
		if (ret != PAPI_OK)
			return papi_error("PAPI_add_named_event", names[i], ret);
	}
	migrate = sscanf(place, "%d,%d", &a, &b) == 2;
	ret = PAPI_start(set);
	if (ret != PAPI_OK)
		return papi_error("PAPI_start", "-", ret);
	if (migrate) {
		/* as run_at(), with a read between the halves */
		pin(a);
		guest_loop(n / 2);
		ret = PAPI_read(set, mid);
		if (ret != PAPI_OK)
			return papi_error("PAPI_read", "-", ret);
		pin(b);
		guest_loop(n - n / 2);
	} else {
		run_at(place, n);
	}
	ret = PAPI_stop(set, values);
	if (ret != PAPI_OK)
		return papi_error("PAPI_stop", "-", ret);
	for (i = 0; i < nev; i++) {
		printf("event %s count %lld", names[i], values[i]);
		if (migrate)
			printf(" mid %lld", mid[i]);
		printf("\n");
	}
	return 0;
}

/* One multiplexing case: "after-add" (set_multiplex on the full set) or */
/* "before-add" (the events added to a multiplexed set)                   */
static int mpx_case(const char *which, int nev, char **names)
{
	int set = PAPI_NULL;
	int i, ret;
	const char *fn = "PAPI_set_multiplex";

	ret = PAPI_create_eventset(&set);
	if (ret == PAPI_OK)
		ret = PAPI_assign_eventset_component(set, 0);
	if (ret != PAPI_OK)
		return papi_error("PAPI_create_eventset", "-", ret);
	if (strcmp(which, "before-add") == 0) {
		ret = PAPI_set_multiplex(set);
		for (i = 0; ret == PAPI_OK && i < nev; i++) {
			fn = "PAPI_add_named_event";
			ret = PAPI_add_named_event(set, names[i]);
		}
	} else {
		for (i = 0; i < nev; i++) {
			ret = PAPI_add_named_event(set, names[i]);
			if (ret != PAPI_OK)
				return papi_error("PAPI_add_named_event", names[i], ret);
		}
		ret = PAPI_set_multiplex(set);
	}
	if (ret == PAPI_OK)
		printf("mpx %s: OK\n", which);
	else
		printf("mpx %s: error %s: %s\n", which, fn, PAPI_strerror(ret));
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	return 0;
}

static int by_papi_mpx(int nev, char **names)
{
	int ret;

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT)
		return papi_error("PAPI_library_init", "-", ret);
	ret = PAPI_multiplex_init();
	if (ret != PAPI_OK)
		return papi_error("PAPI_multiplex_init", "-", ret);
	mpx_case("after-add", nev, names);
	mpx_case("before-add", nev, names);
	return 0;
}

static void overflow_handler(int set, void *address, long long overflow_vector, void *context)
{
	(void)set;
	(void)address;
	(void)overflow_vector;
	(void)context;
}

static int by_papi_overflow(int nev, char **names)
{
	int i, ret, code;

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT)
		return papi_error("PAPI_library_init", "-", ret);
	for (i = 0; i < nev; i++) {
		int set = PAPI_NULL;

		ret = PAPI_create_eventset(&set);
		if (ret == PAPI_OK)
			ret = PAPI_event_name_to_code(names[i], &code);
		if (ret == PAPI_OK)
			ret = PAPI_add_event(set, code);
		if (ret != PAPI_OK)
			return papi_error("PAPI_add_event", names[i], ret);
		ret = PAPI_overflow(set, code, 1000000, 0, overflow_handler);
		if (ret == PAPI_OK)
			printf("overflow %s: OK\n", names[i]);
		else
			printf("overflow %s: error %s\n", names[i], PAPI_strerror(ret));
		PAPI_cleanup_eventset(set);
		PAPI_destroy_eventset(&set);
	}
	return 0;
}

static int by_papi_info(int nev, char **names)
{
	PAPI_event_info_t info;
	int i, j, code, ret;

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT)
		return papi_error("PAPI_library_init", "-", ret);
	for (i = 0; i < nev; i++) {
		ret = PAPI_event_name_to_code(names[i], &code);
		if (ret == PAPI_OK)
			ret = PAPI_get_event_info(code, &info);
		if (ret != PAPI_OK) {
			printf("info %s error %s\n", names[i], PAPI_strerror(ret));
			continue;
		}
		printf("info %s avail %s natives %u", names[i],
		       PAPI_query_event(code) == PAPI_OK ? "yes" : "no", info.count);
		for (j = 0; j < (int)info.count && j < PAPI_MAX_INFO_TERMS; j++)
			printf(" %s", info.name[j]);
		printf("\n");
	}
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t n;

	if (argc < 5 || argc - 4 > MAX_EVENTS) {
		fprintf(stderr, "usage: guest_hybrid libpfm|papi|papi-on-cpu|papi-mpx|papi-overflow|papi-info PLACE N EVENT... (up to %d)\n", MAX_EVENTS);
		return 2;
	}
	n = strtoull(argv[3], NULL, 0);
	if (strcmp(argv[1], "libpfm") == 0)
		return by_libpfm(argv[2], n, argc - 4, argv + 4);
	if (strcmp(argv[1], "papi") == 0)
		return by_papi(argv[2], n, argc - 4, argv + 4, -1);
	if (strcmp(argv[1], "papi-on-cpu") == 0)
		return by_papi(argv[2], n, argc - 4, argv + 4, atoi(argv[2]));
	if (strcmp(argv[1], "papi-mpx") == 0)
		return by_papi_mpx(argc - 4, argv + 4);
	if (strcmp(argv[1], "papi-overflow") == 0)
		return by_papi_overflow(argc - 4, argv + 4);
	if (strcmp(argv[1], "papi-info") == 0)
		return by_papi_info(argc - 4, argv + 4);
	fprintf(stderr, "guest_hybrid: unknown mode '%s'\n", argv[1]);
	return 2;
}
