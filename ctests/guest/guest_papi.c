/*
 * guest_papi: PAPI checks run inside the emulated guests (ctests/guest/), built
 * wherever PAPI is cross-built.
 *
 *   guest_papi count EVENT N1 N2 [SLACK]  count a 2-instruction loop of N1 and N2
 *       iterations with EVENT in PAPI's default domain: must be 2N + C, one small
 *       C; with SLACK > 0 (RISC-V guests, where QEMU also counts kernel
 *       instructions, and several vCPUs), both counts must lie within
 *       [2N, 2N * (1 + SLACK/100)] in one of GUEST_TRIES tries and never
 *       under 2N (guest_loop.h).
 *       Exit 77 if EVENT does not exist (e.g. presets not there yet).
 *   guest_papi sched EVENT...  add the events one at a time: the first that does
 *       not fit must fail (at add or start) with PAPI_ECNFLCT; then with
 *       multiplexing all of them must add, start, count and stop.
 *   guest_papi unknown  an unknown event name: PAPI_event_name_to_code and
 *       PAPI_add_named_event fail with PAPI_ENOEVNT or PAPI_ECMP (PAPI 7.0.0's and
 *       7.2.0's perf_event component answers PAPI_ECMP for a name libpfm4 does not
 *       know), leaving the event set empty.
 *   guest_papi default EVENT  counts EVENT in PAPI's default domain (exit 1 if
 *       it does not count).
 *   guest_papi user EVENT  counts EVENT with the domain set to PAPI_DOM_USER;
 *       exit 3 with the error if PAPI refuses (at PAPI_set_opt or PAPI_start).
 *   guest_papi userread EVENT N1 N2 FAST [SLACK]  PAPI_read while counting:
 *       fast_counter_read must be FAST (0/1, the perf_user_access the suite set),
 *       the counts between reads around the loops must be 2N + C as for
 *       "count"; then 2000 PAPI_read calls must make no read() call with FAST 1
 *       (user-space reads: guest_reads.h counts the calls) and one each at
 *       least with FAST 0; prints "ns_per_read T", their mean time.
 *   guest_papi overflow OVF OTHER N [MIN]  overflow on OVF every 500000
 *       events around a loop of N iterations, three times: OVF alone; OTHER
 *       added before it (OVF is event 1, a group member); OTHER added before it
 *       and removed after PAPI_overflow (OVF becomes event 0 and the group
 *       leader: PAPI 0031). Each time the handler must run count/500000 times
 *       (+- 1), always for OVF's index; with MIN (a percentage; QEMU's RISC-V
 *       counters lose some overflows), at least MIN% of count/500000 times.
 *       Exit 3 if PAPI refuses the overflow with PAPI_ENOSUPP (a PMU without
 *       overflow interrupts).
 *   guest_papi thread-presets  the presets' first use in a thread PAPI never
 *       registered (PAPI 0033; PAPI_library_init ran in the main thread): the
 *       thread's PAPI_query_event(PAPI_TOT_CYC) loads them, then
 *       PAPI_get_event_info, PAPI_enum_event and PAPI_get_component_info
 *       there must agree with the main thread's answers. Exit 77 if the CPU
 *       has no presets.
 *   guest_papi foreign-read EVENT N  a running set of EVENT read by others
 *       (PAPI 0036): after a loop of N iterations the owner reads it (user
 *       space where the kernel grants it), then a forked child and another
 *       thread read it, then the owner again: every read must succeed (no
 *       signal) and the values must not go back (child and thread read()).
 *   guest_papi idle-read EVENT N MAX  EVENT counts (almost) nothing while a
 *       loop of N iterations runs (an SBI firmware event on one hart): the
 *       PAPI_read values around the loop and PAPI_stop's may not exceed MAX,
 *       whichever way PAPI reads (user space or read()). A counter of
 *       instructions or cycles read instead would give 2N or more.
 *   guest_papi reset-read EVENT N [SLACK [CASES]]  PAPI_reset() of a running set of
 *       EVENT with user-space reads on (fast_counter_read must be 1), then a
 *       loop and PAPI_read(), which must count the loop since the reset (2N +
 *       C with 0 <= C <= 2000: PAPI_reset's return, the move and PAPI_read,
 *       927 measured on one vCPU; or with SLACK as for "count") and be served
 *       in user space (no read() call: guest_reads.h). Each case on a set of its own,
 *       opened and started on CPU 0 (PAPI 0065):
 *       "migrate": reset at once, then the thread moves itself to CPU 1 (with
 *       one CPU it stays), where the kernel programs the event's counter
 *       again, and the loop of N iterations;
 *       "wrap" (AArch64): before the reset the set counts up to WRAP_MARGIN
 *       short of 2^31 - 1, then the thread moves to CPU 1 and loops
 *       WRAP_MARGIN iterations (2 * WRAP_MARGIN instructions): PAPI asks
 *       for no 64-bit counter, so the kernel starts the event's 32-bit
 *       counter at 2^31 + 1, and it overflows half-way through that loop; the
 *       kernel then starts it at 2^31 + 1 again (at the overflow interrupt,
 *       or at the next schedule-in). The count before the reset plus the
 *       loop's instructions must reach 2^31 - 1 (the counter did overflow).
 *       CASES: those to run, comma-separated (default: both).
 *       Exit 77 if EVENT does not exist.
 *   guest_papi start-faults EV1 EV2  the page faults of each phase of a
 *       2-event set with user-space reads on (fast_counter_read must be 1),
 *       counted by getrusage(RUSAGE_THREAD): set-up (create + 2 adds),
 *       PAPI_start, the first PAPI_read, a second one, PAPI_stop; twice, the
 *       first set of the process, then a fresh set (PAPI's code and data
 *       already in use). The fresh set's PAPI_start and PAPI_reads must make
 *       no page fault, and its reads no read() call: the events' perf mmap
 *       pages are touched at set-up (PAPI 0157), where raw perf_event's
 *       start (reset + enable) touches no page either. Exit 77 if an event
 *       does not exist.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <papi.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest_loop.h"
#include "guest_reads.h"

#define CHECK(call)                                                                  \
	do {                                                                         \
		int r_ = (call);                                                     \
		if (r_ != PAPI_OK) {                                                 \
			printf("%s: %s (%d)\n", #call, PAPI_strerror(r_), r_);       \
			return 1;                                                    \
		}                                                                    \
	} while (0)

/* PAPI_start, guest_loop(n), PAPI_stop: the count, printed. */
static int count_once(int es, const char *ev, uint64_t n, long long *v)
{
	CHECK(PAPI_start(es));
	guest_loop(n);
	CHECK(PAPI_stop(es, v));
	printf("%s: N=%" PRIu64 " count=%lld = 2N%+" PRId64 "\n", ev, n, *v,
	       (int64_t)(*v - 2 * (int64_t)n));
	return 0;
}

static int cmd_count(const char *ev, uint64_t n1, uint64_t n2, double slack)
{
	int es = PAPI_NULL, code, t, i, over;
	long long v[2];
	uint64_t n[2] = { n1, n2 };
	int64_t c[2];

	if (PAPI_event_name_to_code((char *)ev, &code) != PAPI_OK || PAPI_query_event(code) != PAPI_OK) {
		printf("%s: not available in this build\n", ev);
		return 77;
	}
	CHECK(PAPI_create_eventset(&es));
	CHECK(PAPI_add_named_event(es, ev));
	/* Warm-up: the first start/stop also runs the dynamic linker's lazy binding. */
	CHECK(PAPI_start(es));
	CHECK(PAPI_stop(es, &v[0]));
	if (slack > 0) {
		for (t = 1; t <= GUEST_TRIES; t++) {
			for (i = over = 0; i < 2; i++) {
				if (count_once(es, ev, n[i], &v[i]))
					return 1;
				if (guest_bound(v[i], n[i], slack) < 0) {
					printf("%s: count under 2N\n", ev);
					return 1;
				}
				over |= guest_bound(v[i], n[i], slack) > 0;
			}
			if (!over) {
				printf("%s: counts within [2N, 2N*(1+%g%%)] (try %d)\n", ev, slack, t);
				return 0;
			}
		}
		printf("%s: count over 2N*(1+%g%%) in each of %d tries\n", ev, slack, GUEST_TRIES);
		return 1;
	}
	for (i = 0; i < 2; i++) {
		if (count_once(es, ev, n[i], &v[i]))
			return 1;
		c[i] = v[i] - 2 * (int64_t)n[i];
	}
	if (c[0] != c[1] || c[0] < 0 || c[0] > 1000) {
		printf("%s: count is not 2N+C with one small C\n", ev);
		return 1;
	}
	printf("%s: count = 2N+%" PRId64 " exactly\n", ev, c[0]);
	return 0;
}

static int cmd_sched(int argc, char **argv)
{
	int es = PAPI_NULL, i, r = PAPI_OK, n;
	long long v[64];

	CHECK(PAPI_create_eventset(&es));
	for (i = 2; i < argc; i++) {
		r = PAPI_add_named_event(es, argv[i]);
		if (r != PAPI_OK) {
			printf("adding %s (event %d): %s (%d)\n", argv[i], i - 1, PAPI_strerror(r), r);
			break;
		}
		printf("added %s\n", argv[i]);
	}
	if (r == PAPI_OK) {
		r = PAPI_start(es);
		printf("start with %d events: %s (%d)\n", argc - 2, PAPI_strerror(r), r);
		if (r == PAPI_OK)
			PAPI_stop(es, v);
	}
	if (r != PAPI_ECNFLCT) {
		printf("expected PAPI_ECNFLCT (%d) for more events than counters\n", PAPI_ECNFLCT);
		return 1;
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);

	es = PAPI_NULL;
	CHECK(PAPI_multiplex_init());
	CHECK(PAPI_create_eventset(&es));
	CHECK(PAPI_assign_eventset_component(es, 0));
	CHECK(PAPI_set_multiplex(es));
	for (i = 2; i < argc; i++)
		CHECK(PAPI_add_named_event(es, argv[i]));
	CHECK(PAPI_start(es));
	guest_loop(20000000);
	CHECK(PAPI_stop(es, v));
	n = argc - 2;
	for (i = 0; i < n; i++)
		printf("multiplexed %s = %lld\n", argv[i + 2], v[i]);
	/* The first event counts instructions (INST_RETIRED): about 2 per iteration. */
	if (v[0] < 0.9 * 40000000 || v[0] > 1.1 * 40000000) {
		printf("multiplexed %s: not within 10%% of the loop's 40000000 instructions\n", argv[2]);
		return 1;
	}
	printf("%d events counted with multiplexing\n", n);
	return 0;
}

static int cmd_unknown(void)
{
	int es = PAPI_NULL, r, code, bad = 0;

	r = PAPI_event_name_to_code("NO_SUCH_EVENT_XYZ", &code);
	printf("PAPI_event_name_to_code(NO_SUCH_EVENT_XYZ): %s (%d)\n", PAPI_strerror(r), r);
	bad |= r != PAPI_ENOEVNT && r != PAPI_ECMP;
	CHECK(PAPI_create_eventset(&es));
	r = PAPI_add_named_event(es, "NO_SUCH_EVENT_XYZ");
	printf("PAPI_add_named_event(NO_SUCH_EVENT_XYZ): %s (%d)\n", PAPI_strerror(r), r);
	bad |= r != PAPI_ENOEVNT && r != PAPI_ECMP;
	r = PAPI_num_events(es);
	printf("events in the set afterwards: %d\n", r);
	bad |= r != 0;
	return bad;
}

static int cmd_domain(const char *ev, int user)
{
	int es = PAPI_NULL, r;
	long long v;
	const char *what = user ? "PAPI_DOM_USER" : "the default domain";

	CHECK(PAPI_create_eventset(&es));
	CHECK(PAPI_assign_eventset_component(es, 0));
	if (user) {
		PAPI_option_t opt;
		memset(&opt, 0, sizeof(opt));
		opt.domain.eventset = es;
		opt.domain.domain = PAPI_DOM_USER;
		r = PAPI_set_opt(PAPI_DOMAIN, &opt);
		if (r != PAPI_OK) {
			printf("PAPI_set_opt(PAPI_DOMAIN, PAPI_DOM_USER): %s (%d)\n", PAPI_strerror(r), r);
			return 3;
		}
	}
	CHECK(PAPI_add_named_event(es, ev));
	r = PAPI_start(es);
	if (r != PAPI_OK) {
		printf("start %s in %s: %s (%d)\n", ev, what, PAPI_strerror(r), r);
		return user ? 3 : 1;
	}
	guest_loop(1000000);
	CHECK(PAPI_stop(es, &v));
	printf("%s in %s = %lld\n", ev, what, v);
	return v > 0 ? 0 : 1;
}

static int cmd_userread(const char *ev, uint64_t n1, uint64_t n2, int fast, double slack)
{
	const PAPI_component_info_t *ci = PAPI_get_component_info(0);
	int es = PAPI_NULL, code, i, t, tries = slack > 0 ? GUEST_TRIES : 1, low = 0, over = 1;
	long long v[3], tmp;
	uint64_t n[2] = { n1, n2 };
	int64_t c[2];
	struct timespec t0, t1;
	long reads;

	if (PAPI_event_name_to_code((char *)ev, &code) != PAPI_OK || PAPI_query_event(code) != PAPI_OK) {
		printf("%s: not available in this build\n", ev);
		return 77;
	}
	printf("fast_counter_read=%d (expected %d)\n", ci->fast_counter_read, fast);
	if (ci->fast_counter_read != fast)
		return 1;
	CHECK(PAPI_create_eventset(&es));
	CHECK(PAPI_add_named_event(es, ev));
	CHECK(PAPI_start(es));
	CHECK(PAPI_read(es, &tmp));	/* lazy binding */
	/* Bounded counts: up to GUEST_TRIES tries, as guest_loop.h explains. */
	for (t = 1; t <= tries && over && !low; t++) {
		CHECK(PAPI_read(es, &v[0]));
		guest_loop(n1);
		CHECK(PAPI_read(es, &v[1]));
		guest_loop(n2);
		CHECK(PAPI_read(es, &v[2]));
		for (i = over = 0; i < 2; i++) {
			c[i] = (v[i + 1] - v[i]) - 2 * (int64_t)n[i];
			printf("%s: N=%" PRIu64 " between reads %lld = 2N%+" PRId64 "\n", ev, n[i],
				v[i + 1] - v[i], c[i]);
			if (slack > 0) {
				low |= guest_bound(v[i + 1] - v[i], n[i], slack) < 0;
				over |= guest_bound(v[i + 1] - v[i], n[i], slack) > 0;
			}
		}
	}
	reads = reads_made;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < 2000; i++)
		CHECK(PAPI_read(es, &tmp));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	reads = reads_made - reads;
	CHECK(PAPI_stop(es, &tmp));
	printf("ns_per_read %lld\n", ((t1.tv_sec - t0.tv_sec) * 1000000000LL +
		(t1.tv_nsec - t0.tv_nsec)) / 2000);
	printf("read() calls made by 2000 PAPI_read: %ld\n", reads);
	if (fast ? reads != 0 : reads < 2000) {
		printf("%s: PAPI_read %s\n", ev, fast ? "called read() with user-space reads on"
						   : "made fewer read() calls than reads with user-space reads off");
		return 1;
	}
	if (tmp < v[2]) {
		printf("%s: count went back: %lld after %lld\n", ev, tmp, v[2]);
		return 1;
	}
	if (slack > 0) {
		if (low)
			printf("%s: count under 2N\n", ev);
		else if (over)
			printf("%s: count over 2N*(1+%g%%) in each of %d tries\n", ev, slack, tries);
		else
			printf("%s: counts within [2N, 2N*(1+%g%%)] (try %d)\n", ev, slack, t - 1);
		return low || over;
	}
	if (c[0] != c[1] || c[0] < 0 || c[0] > 1000) {
		printf("%s: count between reads is not 2N+C with one small C\n", ev);
		return 1;
	}
	return 0;
}

static volatile int overflow_calls, overflow_wrong, overflow_index;

static void overflow_handler(int es, void *address, long long vector, void *context)
{
	int index[4], n = 4;

	(void)address;
	(void)context;
	overflow_calls++;
	if (PAPI_get_overflow_event_index(es, vector, index, &n) != PAPI_OK || n != 1 ||
	    index[0] != overflow_index)
		overflow_wrong++;
}

enum overflow_case { OVF_ALONE, OVF_MEMBER, OVF_AFTER_REMOVE };

/* Overflow on ovf every threshold events around a loop of n iterations; for
 * OVF_MEMBER and OVF_AFTER_REMOVE, other is added first, and for the latter
 * removed after the overflow is set, which makes ovf event 0 and the group
 * leader. */
static int overflow_run(enum overflow_case how, int ovf, int other, uint64_t n, int min_percent)
{
	static const char *const name[] = { "alone", "as a group member", "after removing the leader" };
	const long long threshold = 500000;
	int es = PAPI_NULL, left[2], nleft = 2, r;
	long long v[2], expect, least;

	overflow_calls = overflow_wrong = 0;
	overflow_index = how == OVF_MEMBER;
	CHECK(PAPI_create_eventset(&es));
	if (how != OVF_ALONE)
		CHECK(PAPI_add_event(es, other));
	CHECK(PAPI_add_event(es, ovf));
	r = PAPI_overflow(es, ovf, (int)threshold, 0, overflow_handler);
	if (r != PAPI_OK) {
		printf("PAPI_overflow: %s (%d)\n", PAPI_strerror(r), r);
		return r == PAPI_ENOSUPP ? 3 : 1;
	}
	if (how == OVF_AFTER_REMOVE) {
		CHECK(PAPI_remove_event(es, other));
		CHECK(PAPI_list_events(es, left, &nleft));
		if (nleft != 1 || left[0] != ovf) {
			printf("after the removal the set should hold one event\n");
			return 1;
		}
	}
	CHECK(PAPI_start(es));
	guest_loop(n);
	CHECK(PAPI_stop(es, v));
	expect = v[overflow_index] / threshold;
	least = min_percent ? expect * min_percent / 100 : expect - 1;
	printf("%s: count %lld, threshold %lld: %d overflows (expected %lld to %lld), %d for another index\n",
	       name[how], v[overflow_index], threshold, overflow_calls, least, expect + 1,
	       overflow_wrong);
	if (expect < 3 || overflow_calls < least || overflow_calls > expect + 1 || overflow_wrong)
		return 1;
	CHECK(PAPI_cleanup_eventset(es));
	CHECK(PAPI_destroy_eventset(&es));
	return 0;
}

static int cmd_overflow(const char *ovf, const char *other, uint64_t n, int min_percent)
{
	int ovf_code, other_code, how, r = 0;

	CHECK(PAPI_event_name_to_code((char *)ovf, &ovf_code));
	CHECK(PAPI_event_name_to_code((char *)other, &other_code));
	for (how = OVF_ALONE; how <= OVF_AFTER_REMOVE && !r; how++)
		r = overflow_run(how, ovf_code, other_code, n, min_percent);
	return r;
}

/* Available presets by enumeration and by the component info */
static void presets_seen(int *enumerated, int *in_info)
{
	int code = PAPI_PRESET_MASK;

	*enumerated = 0;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK)
		while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK)
			(*enumerated)++;
	*in_info = PAPI_get_component_info(0)->num_preset_events;
}

static int thread_query, thread_info_count, thread_enumerated, thread_in_info;

static void *unregistered_thread(void *arg)
{
	PAPI_event_info_t info;

	(void)arg;
	thread_query = PAPI_query_event(PAPI_TOT_CYC);	/* the first use */
	if (PAPI_get_event_info(PAPI_TOT_CYC, &info) == PAPI_OK)
		thread_info_count = (int)info.count;
	presets_seen(&thread_enumerated, &thread_in_info);
	return NULL;
}

static int cmd_thread_presets(void)
{
	pthread_t thread;
	int enumerated, in_info;

	if (pthread_create(&thread, NULL, unregistered_thread, NULL) != 0 ||
	    pthread_join(thread, NULL) != 0) {
		printf("cannot run a thread\n");
		return 1;
	}
	printf("in a new thread: PAPI_query_event(PAPI_TOT_CYC) %d, %d native events, "
	       "%d presets enumerated, num_preset_events %d\n", thread_query,
	       thread_info_count, thread_enumerated, thread_in_info);
	presets_seen(&enumerated, &in_info);
	printf("in the main thread: %d presets enumerated, num_preset_events %d\n",
	       enumerated, in_info);
	if (in_info == 0)
		return 77;
	if (thread_query != PAPI_OK || thread_info_count == 0 ||
	    thread_enumerated != enumerated || thread_in_info != in_info)
		return 1;
	return 0;
}

static int foreign_es = PAPI_NULL;
static long long foreign_value;
static int foreign_rc;

static void *foreign_thread(void *arg)
{
	(void)arg;
	foreign_rc = PAPI_read(foreign_es, &foreign_value);
	return NULL;
}

static int cmd_foreign_read(const char *ev, uint64_t n)
{
	long long v[2];
	pthread_t thread;
	int status, bad = 0;
	pid_t pid;

	CHECK(PAPI_create_eventset(&foreign_es));
	CHECK(PAPI_add_named_event(foreign_es, ev));
	CHECK(PAPI_start(foreign_es));
	guest_loop(n);
	CHECK(PAPI_read(foreign_es, &v[0]));
	printf("owner: %lld\n", v[0]);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		long long c;
		int r = PAPI_read(foreign_es, &c);

		printf("forked child: PAPI_read %d, %lld\n", r, c);
		fflush(stdout);
		_exit(r == PAPI_OK && c >= v[0] ? 0 : 1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		printf("cannot run a child\n");
		return 1;
	}
	if (WIFSIGNALED(status)) {
		printf("forked child: killed by signal %d\n", WTERMSIG(status));
		bad = 1;
	} else if (WEXITSTATUS(status) != 0) {
		printf("forked child: wrong answer\n");
		bad = 1;
	}
	if (pthread_create(&thread, NULL, foreign_thread, NULL) != 0 ||
	    pthread_join(thread, NULL) != 0) {
		printf("cannot run a thread\n");
		return 1;
	}
	printf("other thread: PAPI_read %d, %lld\n", foreign_rc, foreign_value);
	CHECK(PAPI_read(foreign_es, &v[1]));
	printf("owner again: %lld\n", v[1]);
	CHECK(PAPI_stop(foreign_es, &v[1]));
	if (foreign_rc != PAPI_OK || foreign_value < v[0] || v[1] < foreign_value) {
		printf("other thread: wrong answer\n");
		bad = 1;
	}
	return bad;
}

static int cmd_idle_read(const char *ev, uint64_t n, long long max)
{
	int es = PAPI_NULL;
	long long v[3];

	CHECK(PAPI_create_eventset(&es));
	CHECK(PAPI_add_named_event(es, ev));
	CHECK(PAPI_start(es));
	CHECK(PAPI_read(es, &v[0]));
	guest_loop(n);
	CHECK(PAPI_read(es, &v[1]));
	CHECK(PAPI_stop(es, &v[2]));
	printf("%s around a loop of %" PRIu64 " iterations: read %lld, read %lld, stop %lld (at most %lld)\n",
	       ev, n, v[0], v[1], v[2], max);
	return v[0] > max || v[1] > max || v[2] > max;
}

#define WRAP_AT ((1ULL << 31) - 1)
#define WRAP_MARGIN (1ULL << 26)

static int move_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) == 0)
		return 0;
	printf("sched_setaffinity(CPU %d): %s\n", cpu, strerror(errno));
	return 1;
}

/* One reset-read case on a set of its own, opened and started on CPU 0: the
 * set counts up to pre (before), PAPI_reset(), a move to CPU cpu (where: the
 * CPU then), a loop of n iterations, PAPI_read() (after, made: its read()
 * calls). */
static int reset_once(const char *ev, uint64_t pre, int cpu, uint64_t n, long long *before,
		      long long *after, int *where, long *made)
{
	int es = PAPI_NULL;
	long long v;
	long r0;

	if (move_to(0))
		return 1;
	CHECK(PAPI_create_eventset(&es));
	CHECK(PAPI_add_named_event(es, ev));
	CHECK(PAPI_start(es));
	CHECK(PAPI_read(es, &v));	/* lazy binding */
	while ((uint64_t)v + 2 <= pre) {
		guest_loop((pre - (uint64_t)v) / 2);
		CHECK(PAPI_read(es, &v));
	}
	*before = v;
	CHECK(PAPI_reset(es));
	if (move_to(cpu))
		return 1;
	*where = sched_getcpu();
	guest_loop(n);
	r0 = reads_made;
	CHECK(PAPI_read(es, after));
	*made = reads_made - r0;
	CHECK(PAPI_stop(es, &v));
	CHECK(PAPI_cleanup_eventset(es));
	CHECK(PAPI_destroy_eventset(&es));
	return 0;
}

static int cmd_reset_read(const char *ev, uint64_t n, double slack, const char *which)
{
	static const char *const names[] = { "migrate", "wrap" };
	const PAPI_component_info_t *ci = PAPI_get_component_info(0);
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN), cpu = ncpus > 1 ? 1 : 0;
	int code, c, t, b, where = -1, bad = 0, tries = slack > 0 ? GUEST_TRIES : 1;
#if defined(__aarch64__)
	int cases = 2;
#else
	int cases = 1;	/* RISC-V: 64-bit cycle and instret counters */
#endif
	long long before, after;
	long made;

	if (PAPI_event_name_to_code((char *)ev, &code) != PAPI_OK || PAPI_query_event(code) != PAPI_OK) {
		printf("%s: not available in this build\n", ev);
		return 77;
	}
	printf("fast_counter_read=%d (expected 1), %d CPUs\n", ci->fast_counter_read, ncpus);
	if (ci->fast_counter_read != 1)
		return 1;
	for (c = 0; c < cases; c++) {
		uint64_t pre = c ? WRAP_AT - WRAP_MARGIN : 0, m = c ? WRAP_MARGIN : n;
		char item[16];

		snprintf(item, sizeof(item), ",%s,", names[c]);
		if (which && !strstr(which, item)) {
			printf("%s: not run here\n", names[c]);
			continue;
		}

		for (t = 1; t <= tries; t++) {
			if (reset_once(ev, pre, cpu, m, &before, &after, &where, &made))
				return 1;
			printf("%s: %lld counted before PAPI_reset() on CPU 0; on CPU %d after a loop of N=%"
			       PRIu64 ": PAPI_read() (%s) %lld = 2N%+lld\n", names[c], before, where, m,
			       made ? "read()" : "user space", after, after - 2 * (long long)m);
			if (made) {
				printf("%s: PAPI_read() made %ld read() calls: not in user space\n",
				       names[c], made);
				bad = 1;
				break;
			}
			if (where != cpu) {
				printf("%s: on CPU %d, not %d\n", names[c], where, cpu);
				bad = 1;
				break;
			}
			if (c == 1 && before + 2 * (long long)m < (long long)WRAP_AT) {
				printf("%s: %lld before the reset and a loop of %lld: short of 2^31 - 1, no overflow\n",
				       names[c], before, 2 * (long long)m);
				bad = 1;
				break;
			}
			if (slack == 0) {
				if (after < 2 * (long long)m || after > 2 * (long long)m + 2000) {
					printf("%s: not 2N + C with 0 <= C <= 2000\n", names[c]);
					bad = 1;
				}
				break;
			}
			b = after < 0 ? -1 : guest_bound((uint64_t)after, m, slack);
			if (b == 0) {
				printf("%s: within [2N, 2N*(1+%g%%)] (try %d)\n", names[c], slack, t);
				break;
			}
			if (b < 0 || t == tries) {
				printf("%s: %s\n", names[c], b < 0 ? "under 2N" : "over 2N*(1+slack) in each try");
				bad = 1;
				break;
			}
		}
	}
	return bad;
}

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Minor page faults of this thread so far. */
static long minor_faults(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru) != 0)
		return -1;
	return ru.ru_minflt;
}

static int cmd_start_faults(const char *ev1, const char *ev2)
{
	static const char *const phase[5] = { "set-up", "PAPI_start", "first PAPI_read",
					      "PAPI_read again", "PAPI_stop" };
	const PAPI_component_info_t *ci = PAPI_get_component_info(0);
	int es, code, round, p, bad = 0;
	long f[6], reads;
	long long v[2], ns[6];

	if (PAPI_event_name_to_code((char *)ev1, &code) != PAPI_OK ||
	    PAPI_event_name_to_code((char *)ev2, &code) != PAPI_OK) {
		printf("%s or %s: not available in this build\n", ev1, ev2);
		return 77;
	}
	if (!ci->fast_counter_read) {
		printf("fast_counter_read=0: no user-space reads, no mmap pages to look at\n");
		return 1;
	}
	for (round = 0; round < 2; round++) {
		es = PAPI_NULL;
		f[0] = minor_faults();
		ns[0] = now_ns();
		CHECK(PAPI_create_eventset(&es));
		CHECK(PAPI_add_named_event(es, ev1));
		CHECK(PAPI_add_named_event(es, ev2));
		f[1] = minor_faults();
		ns[1] = now_ns();
		CHECK(PAPI_start(es));
		f[2] = minor_faults();
		ns[2] = now_ns();
		reads = reads_made;
		CHECK(PAPI_read(es, v));
		f[3] = minor_faults();
		ns[3] = now_ns();
		CHECK(PAPI_read(es, v));
		f[4] = minor_faults();
		ns[4] = now_ns();
		reads = reads_made - reads;
		CHECK(PAPI_stop(es, v));
		f[5] = minor_faults();
		ns[5] = now_ns();
		CHECK(PAPI_cleanup_eventset(es));
		CHECK(PAPI_destroy_eventset(&es));
		printf("%s set: page faults:", round ? "a fresh" : "the first");
		for (p = 0; p < 5; p++)
			printf(" %s %ld%s", phase[p], f[p + 1] - f[p], p < 4 ? "," : "\n");
		printf("%s set: ns (getrusage included):", round ? "a fresh" : "the first");
		for (p = 0; p < 5; p++)
			printf(" %s %lld%s", phase[p], ns[p + 1] - ns[p], p < 4 ? "," : "\n");
		if (round == 0)
			continue;
		if (reads != 0) {
			printf("the fresh set's PAPI_reads made %ld read() calls: not in user space\n",
			       reads);
			bad = 1;
		}
		for (p = 1; p < 4; p++) {
			if (f[p + 1] != f[p]) {
				printf("the fresh set's %s made %ld page faults (its mmap pages "
				       "not touched at set-up?)\n", phase[p], f[p + 1] - f[p]);
				bad = 1;
			}
		}
	}
	return bad;
}

int main(int argc, char **argv)
{
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);
	r = PAPI_library_init(PAPI_VER_CURRENT);
	if (r != PAPI_VER_CURRENT) {
		printf("PAPI_library_init: %s (%d)\n", PAPI_strerror(r), r);
		return 1;
	}
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "count"))
		return cmd_count(argv[2], strtoull(argv[3], NULL, 0), strtoull(argv[4], NULL, 0),
				 argc == 6 ? atof(argv[5]) : 0);
	if (argc >= 4 && !strcmp(argv[1], "sched"))
		return cmd_sched(argc, argv);
	if (argc == 2 && !strcmp(argv[1], "unknown"))
		return cmd_unknown();
	if (argc == 3 && !strcmp(argv[1], "default"))
		return cmd_domain(argv[2], 0);
	if (argc == 3 && !strcmp(argv[1], "user"))
		return cmd_domain(argv[2], 1);
	if ((argc == 6 || argc == 7) && !strcmp(argv[1], "userread"))
		return cmd_userread(argv[2], strtoull(argv[3], NULL, 0), strtoull(argv[4], NULL, 0),
				    atoi(argv[5]), argc == 7 ? atof(argv[6]) : 0);
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "overflow"))
		return cmd_overflow(argv[2], argv[3], strtoull(argv[4], NULL, 0),
					   argc == 6 ? atoi(argv[5]) : 0);
	if (argc == 2 && !strcmp(argv[1], "thread-presets"))
		return cmd_thread_presets();
	if (argc == 4 && !strcmp(argv[1], "foreign-read"))
		return cmd_foreign_read(argv[2], strtoull(argv[3], NULL, 0));
	if (argc == 5 && !strcmp(argv[1], "idle-read"))
		return cmd_idle_read(argv[2], strtoull(argv[3], NULL, 0), atoll(argv[4]));
	if (argc >= 4 && argc <= 6 && !strcmp(argv[1], "reset-read")) {
		char which[64] = "";

		if (argc == 6)
			snprintf(which, sizeof(which), ",%s,", argv[5]);
		return cmd_reset_read(argv[2], strtoull(argv[3], NULL, 0), argc >= 5 ? atof(argv[4]) : 0,
				      argc == 6 ? which : NULL);
	}
	if (argc == 4 && !strcmp(argv[1], "start-faults"))
		return cmd_start_faults(argv[2], argv[3]);
	fprintf(stderr, "usage: guest_papi count EV N1 N2 | sched EV... | unknown | default EV | user EV | userread EV N1 N2 FAST [SLACK] | overflow OVF OTHER N [MIN] | thread-presets | foreign-read EV N | idle-read EV N MAX | reset-read EV N [SLACK [CASES]] | start-faults EV1 EV2\n");
	return 2;
}
