/* Overhead benchmark: one measurement cycle (init, start, read, stop+read,
 * term) per iteration, through the side this program is linked with (PAPI or
 * raw perf_event). Prints one CSV row per phase and iteration:
 *   side,mode,run,iter,phase,ns,instructions
 * instructions is empty unless -I perf (a user-only instruction counter read
 * around each phase; for the guests) or -I callgrind (client requests: the
 * counts are in the callgrind output files, one dump per phase).
 * The events are given as bench_encode prints them (NAME=encoding); the PAPI
 * side uses only NAME. Exit status: 0, 1 usage, 2 counters unavailable. */
#include "bench.h"
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(s) ((void)(s))
#endif

static void usage(void)
{
	fprintf(stderr, "usage: ovh_%s [-n ITER] [-r RUN] [-m MODE] [-d user|kernel|all] [-M] "
		"[-I none|perf|callgrind] [-w WORK] EVENT...\n"
		"  EVENT: NAME=type:config:config1:config2:xu:xk:xh (from bench_encode)%s\n",
		side_name, strcmp(side_name, "papi") ? "" : " or a PAPI event name");
	exit(1);
}

static volatile double sink;
static void work(long n)
{
	double x = 1.0;
	long i;
	for (i = 0; i < n; i++)
		x = x * 1.0000001 + 0.5;
	sink = x;
}

static int ic_fd = -1;

int main(int argc, char **argv)
{
	struct event evs[MAX_EVENTS];
	long long vals[MAX_EVENTS];
	const char *mode = "cold";
	long iters = 1, run = 0, wk = 10000, it;
	int domain = DOM_USER, nev = 0, c, i, icm = IC_NONE;
	uint64_t ic_cost = 0;
	char err[512];

	while ((c = getopt(argc, argv, "n:r:m:d:MI:w:V")) != -1) {
		switch (c) {
		case 'V': printf("%s\n", side_version()); return 0;
		case 'n': iters = atol(optarg); break;
		case 'r': run = atol(optarg); break;
		case 'm': mode = optarg; break;
		case 'd':
			if ((domain = domain_parse(optarg)) < 0)
				usage();
			break;
		case 'M': bench_markers = 1; break;
		case 'I':
			if ((icm = icount_mode_parse(optarg)) < 0)
				usage();
			break;
		case 'w': wk = atol(optarg); break;
		default: usage();
		}
	}
	if (iters < 1 || optind >= argc || argc - optind > MAX_EVENTS)
		usage();
	snprintf(err, sizeof err, "ovh_%s", side_name);
	if ((nev = events_from_args(err, !strcmp(side_name, "papi"), argv + optind, argc - optind, evs)) < 0)
		return 1;
#ifndef HAVE_CALLGRIND
	if (icm == IC_CALLGRIND) {
		fprintf(stderr, "ovh_%s: built without valgrind/callgrind.h: -I callgrind is not available (use -I perf)\n", side_name);
		return 1;
	}
#endif
	if (icm == IC_PERF) {
		ic_fd = icount_open(err);
		/* cost of the two reads around an empty phase, subtracted below */
		uint64_t a = icount_read(ic_fd), b = icount_read(ic_fd);
		ic_cost = b - a;
	}

	for (it = 0; it < iters; it++) {
		uint64_t t[PH_N][2], ic[PH_N][2], t0, t1;
		int rc = 0, ph;
		t0 = now_ns();
		for (ph = 0; ph < PH_N && rc == 0; ph++) {
			bench_mark("begin", phase_names[ph]);
			if (icm == IC_PERF)
				ic[ph][0] = icount_read(ic_fd);
			else if (icm == IC_CALLGRIND)
				CALLGRIND_ZERO_STATS;
			t[ph][0] = now_ns();
			switch (ph) {
			case PH_INIT: rc = side_init(evs, nev, domain); break;
			case PH_START: rc = side_start(); break;
			case PH_READ:
			case PH_REREAD: rc = side_read(vals); break;
			case PH_STOP: rc = side_stop(vals); break;
			case PH_TERM: rc = side_term(); break;
			}
			t[ph][1] = now_ns();
			if (icm == IC_PERF)
				ic[ph][1] = icount_read(ic_fd);
			else if (icm == IC_CALLGRIND) {
				char tag[64];
				snprintf(tag, sizeof tag, "bench:%s:%ld:%s", side_name, it, phase_names[ph]);
				CALLGRIND_DUMP_STATS_AT(tag);
			}
			bench_mark("end", phase_names[ph]);
			if (ph == PH_START)
				work(wk);
			if (ph == PH_READ || ph == PH_REREAD)
				work(wk);
			if (ph == PH_STOP) {
				/* a counter that counted nothing is an error, not a result */
				for (i = 0; i < nev; i++)
					if (vals[i] <= 0) {
						fprintf(stderr, "ovh_%s: event %s counted %lld: counters do not work here\n",
							side_name, evs[i].name, vals[i]);
						return 2;
					}
			}
		}
		t1 = now_ns();
		if (rc)
			return 2;
		uint64_t icsum = 0;
		for (ph = 0; ph < PH_N; ph++) {
			printf("%s,%s,%ld,%ld,%s,%" PRIu64 ",", side_name, mode, run, it, phase_names[ph],
			       t[ph][1] - t[ph][0]);
			if (icm == IC_PERF) {
				uint64_t d = ic[ph][1] - ic[ph][0] - ic_cost;
				icsum += d;
				printf("%" PRIu64, d);
			}
			printf("\n");
		}
		printf("%s,%s,%ld,%ld,total,%" PRIu64 ",", side_name, mode, run, it, t1 - t0);
		if (icm == IC_PERF)
			printf("%" PRIu64, icsum);
		printf("\n");
	}
	return 0;
}
