/* Threaded-mode benchmark: what a threaded code pays, through the side this
 * program is linked with (PAPI: tside_papi.c, raw perf_event: tside_perf.c).
 *   -t setup  the process's first set-up (PAPI: library + thread init
 *             included: "first"), then N threads one after another, each
 *             timing its own set-up ("setup") and tear-down ("teardown")
 *   -t hl     the region pair: PAPI_hl_region_begin + _end against two raw
 *             group reads; the first pair ("hl-first", PAPI's high-level
 *             set-up included) and the mean of K more ("hl")
 *   -t read   T threads set up, then all read their own set K times at once
 *             ("read": per read, one row per thread)
 *   -t heap   the heap a set holds (created with its events, not started):
 *             the first set ("heap-first") and the mean of N more ("heap"),
 *             from mallinfo2(); the N creations are measured too ("create")
 * One CSV row per measurement: side,test,threads,run,sample,metric,value
 * with metric ns (always), instructions (-I perf: a user-only counter of the
 * measuring thread, the cost of its two reads subtracted) or bytes (heap).
 * -I callgrind: client requests around each measurement instead, tagged
 * bench:SIDE:TEST:THREADS:SAMPLE:DIVISOR (run-bench divides); -M: strace
 * markers bench:begin:TEST:THREADS:SAMPLE:DIVISOR and bench:end:... around
 * each. Exit status: 0, 1 usage, 2 counters unavailable or a side failed. */
#include "bench.h"
#include <inttypes.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(s) ((void)(s))
#endif

static int icm = IC_NONE, nev, domain = DOM_USER;
static long run, k = 1000, n = 8, threads = 1;
static struct event evs[MAX_EVENTS];
static char prog[64];
static pthread_barrier_t barrier;
static volatile int failed;

static void usage(void)
{
	fprintf(stderr, "usage: thr_%s -t setup|hl|read|heap [-n N] [-k K] [-T THREADS] [-r RUN] "
		"[-d user|kernel|all] [-M] [-I none|perf|callgrind] EVENT...\n", side_name);
	exit(1);
}

/* One measurement of the calling thread: begin, then end with its divisor. */
struct meas {
	const char *test;
	long threads, sample, div;
	int icfd, cg; /* cg: zero and dump callgrind's counts around it */
	uint64_t ic_cost, ic0, t0;
	char tag[96];
};

static void meas_begin(struct meas *m, const char *test, long thr, long sample, long div)
{
	m->test = test;
	m->threads = thr;
	m->sample = sample;
	m->div = div;
	snprintf(m->tag, sizeof m->tag, "%s:%ld:%ld:%ld", test, thr, sample, div);
	bench_mark("begin", m->tag);
	if (m->cg)
		CALLGRIND_ZERO_STATS;
	if (icm == IC_PERF)
		m->ic0 = icount_read(m->icfd);
	m->t0 = now_ns();
}

static void meas_end(struct meas *m)
{
	uint64_t t1 = now_ns(), ic1 = icm == IC_PERF ? icount_read(m->icfd) : 0;
	char tag[128];
	if (m->cg) {
		snprintf(tag, sizeof tag, "bench:%s:%s", side_name, m->tag);
		CALLGRIND_DUMP_STATS_AT(tag);
	}
	bench_mark("end", m->tag);
	printf("%s,%s,%ld,%ld,%ld,ns,%.1f\n", side_name, m->test, m->threads, run, m->sample,
	       (double)(t1 - m->t0) / (double)m->div);
	if (icm == IC_PERF)
		printf("%s,%s,%ld,%ld,%ld,instructions,%.1f\n", side_name, m->test, m->threads, run, m->sample,
		       (double)(ic1 - m->ic0 - m->ic_cost) / (double)m->div);
}

static void meas_thread_init(struct meas *m)
{
	memset(m, 0, sizeof *m);
	m->cg = icm == IC_CALLGRIND;
	if (icm == IC_PERF) {
		uint64_t a, b;
		int with_kernel;
		static int said;
		m->icfd = icount_open_all(&with_kernel);
		if (m->icfd < 0)
			m->icfd = icount_open(prog); /* says why, exits */
		if (__atomic_fetch_add(&said, 1, __ATOMIC_RELAXED) == 0)
			fprintf(stderr, "instructions counted: %s\n", with_kernel ? "user + kernel" : "user only");
		a = icount_read(m->icfd);
		b = icount_read(m->icfd);
		m->ic_cost = b - a;
	}
}

static volatile double sink;
static void work(void)
{
	double x = 1.0;
	long i;
	for (i = 0; i < 10000; i++)
		x = x * 1.0000001 + 0.5;
	sink = x;
}

/* a counter that counted nothing is an error, not a result */
static int check(const long long *v, const char *when)
{
	int i;
	for (i = 0; i < nev; i++)
		if (v[i] <= 0) {
			fprintf(stderr, "%s: event %s counted %lld %s: counters do not work here\n", prog,
				evs[i].name, v[i], when);
			return -1;
		}
	return 0;
}

static void *setup_thread(void *arg)
{
	long i = (long)arg;
	long long v[MAX_EVENTS];
	struct tset s;
	struct meas m;
	meas_thread_init(&m);
	meas_begin(&m, "setup", 1, i, 1);
	if (tside_setup(&s) < 0) {
		failed = 1;
		return NULL;
	}
	meas_end(&m);
	work();
	meas_begin(&m, "teardown", 1, i, 1);
	if (tside_teardown(&s, v) < 0) {
		failed = 1;
		return NULL;
	}
	meas_end(&m);
	if (check(v, "in a thread") < 0)
		failed = 1;
	if (m.icfd > 0)
		close(m.icfd);
	return NULL;
}

static int test_setup(void)
{
	struct tset s;
	struct meas m;
	long long v[MAX_EVENTS];
	pthread_t t;
	long i;
	meas_thread_init(&m);
	meas_begin(&m, "first", 1, 0, 1);
	if (tside_process_init(evs, nev, domain) < 0 || tside_setup(&s) < 0)
		return -1;
	meas_end(&m);
	/* one thread at a time: each set-up alone (and callgrind sees only it) */
	for (i = 1; i <= n && !failed; i++) {
		if (pthread_create(&t, NULL, setup_thread, (void *)i) != 0) {
			fprintf(stderr, "%s: pthread_create failed\n", prog);
			return -1;
		}
		pthread_join(t, NULL);
	}
	work();
	if (failed || tside_teardown(&s, v) < 0)
		return -1;
	return check(v, "in the first thread");
}

static int test_hl(void)
{
	struct meas m;
	long i;
	meas_thread_init(&m);
	if (tside_region_init(evs, nev, domain) < 0)
		return -1;
	meas_begin(&m, "hl-first", 1, 0, 1);
	if (tside_region_begin() < 0 || tside_region_end() < 0)
		return -1;
	meas_end(&m);
	meas_begin(&m, "hl", 1, 0, k);
	for (i = 0; i < k; i++)
		if (tside_region_begin() < 0 || tside_region_end() < 0)
			return -1;
	meas_end(&m);
	return 0;
}

static void *read_thread(void *arg)
{
	long id = (long)arg, i;
	long long v[MAX_EVENTS];
	struct tset s;
	struct meas m;
	int ok;
	meas_thread_init(&m);
	/* set up and read once: the steady state is measured (a first read may
	 * fault in PAPI's mmap page) */
	ok = tside_setup(&s) == 0 && tside_read(&s, v) == 0;
	if (!ok)
		failed = 1;
	else if (id == 0)
		fprintf(stderr, "read: %s\n", tside_read_method(&s));
	pthread_barrier_wait(&barrier);
	if (failed)
		return NULL;
	/* callgrind: one count for all threads, zeroed by thread 0 once all are here */
	if (icm == IC_CALLGRIND && id == 0)
		CALLGRIND_ZERO_STATS;
	if (icm == IC_CALLGRIND)
		pthread_barrier_wait(&barrier);
	m.cg = 0; /* one count for all threads, below */
	meas_begin(&m, "read", threads, id, k);
	for (i = 0; i < k; i++)
		if (tside_read(&s, v) < 0) {
			failed = 1;
			break;
		}
	meas_end(&m);
	if (icm == IC_CALLGRIND) {
		char tag[96];
		pthread_barrier_wait(&barrier);
		if (id == 0) {
			snprintf(tag, sizeof tag, "bench:%s:read:%ld:0:%ld", side_name, threads, threads * k);
			CALLGRIND_DUMP_STATS_AT(tag);
		}
		/* no thread goes on (and counts) before the dump */
		pthread_barrier_wait(&barrier);
	}
	work();
	if (tside_teardown(&s, v) < 0 || check(v, "in a reading thread") < 0)
		failed = 1;
	return NULL;
}

static int test_read(void)
{
	pthread_t t[1024];
	long i;
	if (threads < 1 || threads > 1024) {
		fprintf(stderr, "%s: -T %ld: 1 to 1024 threads\n", prog, threads);
		return -1;
	}
	if (tside_process_init(evs, nev, domain) < 0)
		return -1;
	pthread_barrier_init(&barrier, NULL, (unsigned)threads);
	for (i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, read_thread, (void *)i) != 0) {
			/* the barrier would never open: stop here */
			fprintf(stderr, "%s: pthread_create failed for thread %ld of %ld\n", prog, i + 1, threads);
			exit(2);
		}
	for (i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	return failed ? -1 : 0;
}

static size_t heap_in_use(void)
{
	struct mallinfo2 mi = mallinfo2();
	return mi.uordblks + mi.hblkhd;
}

static int test_heap(void)
{
	struct tset *sets = calloc((size_t)n + 1, sizeof *sets);
	size_t h0, h1, h2;
	struct meas m;
	long i;
	if (!sets) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return -1;
	}
	if (tside_process_init(evs, nev, domain) < 0)
		return -1;
	/* the heap read before anything is printed: the first printf allocates
	 * stdout's buffer */
	meas_thread_init(&m);
	h0 = heap_in_use();
	if (tside_create(&sets[0]) < 0)
		return -1;
	h1 = heap_in_use();
	meas_begin(&m, "create", 1, 0, n);
	for (i = 1; i <= n; i++)
		if (tside_create(&sets[i]) < 0) {
			fprintf(stderr, "%s: set %ld of %ld could not be created (open files: ulimit -n?)\n",
				prog, i + 1, n + 1);
			return -1;
		}
	h2 = heap_in_use();
	meas_end(&m);
	printf("%s,heap-first,1,%ld,0,bytes,%.1f\n", side_name, run, (double)h1 - (double)h0);
	printf("%s,heap,1,%ld,0,bytes,%.1f\n", side_name, run, ((double)h2 - (double)h1) / (double)n);
	for (i = n; i >= 0; i--)
		if (tside_destroy(&sets[i]) < 0)
			return -1;
	free(sets);
	return 0;
}

int main(int argc, char **argv)
{
	const char *test = NULL;
	int c, rc;

	snprintf(prog, sizeof prog, "thr_%s", side_name);
	while ((c = getopt(argc, argv, "t:n:k:T:r:d:MI:")) != -1) {
		switch (c) {
		case 't': test = optarg; break;
		case 'n': n = atol(optarg); break;
		case 'k': k = atol(optarg); break;
		case 'T': threads = atol(optarg); break;
		case 'r': run = atol(optarg); break;
		case 'd':
			if ((domain = domain_parse(optarg)) < 0)
				usage();
			break;
		case 'M': bench_markers = 1; break;
		case 'I':
			if ((icm = icount_mode_parse(optarg)) < 0)
				usage();
			break;
		default: usage();
		}
	}
	if (!test || n < 1 || k < 1 || optind >= argc || argc - optind > MAX_EVENTS)
		usage();
#ifndef HAVE_CALLGRIND
	if (icm == IC_CALLGRIND) {
		fprintf(stderr, "%s: built without valgrind/callgrind.h: -I callgrind is not available (use -I perf)\n", prog);
		return 1;
	}
#endif
	if ((nev = events_from_args(prog, !strcmp(side_name, "papi"), argv + optind, argc - optind, evs)) < 0)
		return 1;
	if (!strcmp(test, "setup"))
		rc = test_setup();
	else if (!strcmp(test, "hl"))
		rc = test_hl();
	else if (!strcmp(test, "read"))
		rc = test_read();
	else if (!strcmp(test, "heap"))
		rc = test_heap();
	else
		usage();
	fflush(stdout);
	return rc ? 2 : 0;
}
