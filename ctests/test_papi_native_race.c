/*
 * Threads adding the same new native event at once (PAPI patches
 * "framework: native event codes looked up and added under one lock" and
 * "perf_event: native events looked up and added under one lock").
 *
 * In PAPI 7.2.0 a name's look-up in perf_event's native event table and
 * the insertion of its entry took NAMELIB_LOCK twice: a thread whose first
 * look-up missed an event that another thread added before its second
 * filled that entry again in place while the other thread copied the
 * entry's attr into its event set.  A cleared attr is a hardware cycles
 * event: where the machine has no hardware PMU (a VM) perf_event_open()
 * refuses it and PAPI_add_named_event() returned PAPI_ENOEVNT (6 to 22 %
 * of the runs of 4 threads adding perf::TASK-CLOCK on a 2-CPU VM).  A
 * thread whose second look-up missed too added the name a second time;
 * PAPI's own table of native codes had the same look-up-then-add without
 * one lock, and both tables were read without a lock while a writer could
 * realloc() them.
 *
 * Each round runs in a process of its own (the first adds of a process
 * race most: without the fixes 2 to 10 % of the rounds fail here):
 * PAPI_library_init() and PAPI_thread_init(), THREADS threads registered,
 * then all at once after a barrier, for two names the process has not
 * seen: an event set, PAPI_add_named_event() of the name,
 * PAPI_list_events() for its code, PAPI_event_name_to_code() of the name,
 * the set cleaned up and destroyed.  The names are perf's software events,
 * bare and with modifiers that keep them user-space counts; each is the
 * first name of 3 rounds.  Every add must succeed, and every thread must
 * get the same code for a name, from its set and from the name.  Under
 * the TSan build (make check's tsan-unit-papi-native-race) any report
 * fails the round too.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "papi.h"

#define THREADS 4

static const char *const events[] = {
	"perf::TASK-CLOCK", "perf::PERF_COUNT_SW_CPU_CLOCK",
	"perf::PERF_COUNT_SW_PAGE_FAULTS", "perf::PERF_COUNT_SW_CONTEXT_SWITCHES",
	"perf::PERF_COUNT_SW_CPU_MIGRATIONS", "perf::PERF_COUNT_SW_PAGE_FAULTS_MIN",
	"perf::PERF_COUNT_SW_PAGE_FAULTS_MAJ", "perf::PERF_COUNT_SW_TASK_CLOCK",
};
/* PAPI counts the user domain unless ":k=" or ":u=" says otherwise */
static const char *const modifiers[] = { "", ":u", ":k", ":u=0", ":u=1", ":k=0" };
#define NEVENTS (sizeof(events) / sizeof(events[0]))
#define NMODIFIERS (sizeof(modifiers) / sizeof(modifiers[0]))
#define NAMES (NEVENTS * NMODIFIERS)
/* each name first in 3 rounds: a round fails 2 to 10 % of the time */
#define ROUNDS (3 * NAMES)

static pthread_barrier_t barrier;
static char names[NAMES][PAPI_MAX_STR_LEN];
/* this round's two names; per name and thread: the step that failed */
/* (0: none), the codes found                                          */
static const char *round_names[2];
static int failed[2][THREADS];
static int set_codes[2][THREADS];
static int name_codes[2][THREADS];

static unsigned long
thread_id(void)
{
	return (unsigned long)pthread_self();
}

/* One thread's add of name n: 0, or the step that failed */
static int
add_once(int n, int t)
{
	int set = PAPI_NULL, codes[1], count = 1, step = 0, rc;

	if (PAPI_create_eventset(&set) != PAPI_OK)
		return 1;
	if ((rc = PAPI_add_named_event(set, round_names[n])) != PAPI_OK)
		step = 2;
	else if ((rc = PAPI_list_events(set, codes, &count)) != PAPI_OK || count != 1)
		step = 3;
	else if ((rc = PAPI_event_name_to_code(round_names[n], &name_codes[n][t])) != PAPI_OK)
		step = 4;
	else
		set_codes[n][t] = codes[0];
	if (PAPI_cleanup_eventset(set) != PAPI_OK || PAPI_destroy_eventset(&set) != PAPI_OK)
		step = step ? step : 5;
	if (step != 0)
		printf("  thread %d, %s: step %d failed: %d\n", t, round_names[n], step, rc);
	return step;
}

static void *
adder(void *arg)
{
	int t = (int)(intptr_t)arg, n;

	if (PAPI_register_thread() != PAPI_OK)
		return arg + 1;
	pthread_barrier_wait(&barrier);
	for (n = 0; n < 2; n++)
		failed[n][t] = add_once(n, t);
	PAPI_unregister_thread();
	return NULL;
}

/* One round, in a process of its own (the first adds of a process race */
/* most): 0 when all went right, 1 if not, 77 when perf_event is off    */
static int
round_of(void)
{
	pthread_t threads[THREADS];
	int t, n, bad = 0;
	void *result;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_thread_init(thread_id) != PAPI_OK)
		return 1;
	if (PAPI_get_component_info(0)->disabled) {
		printf("  perf_event disabled: %s\n", PAPI_get_component_info(0)->disabled_reason);
		return 77;
	}
	if (pthread_barrier_init(&barrier, NULL, THREADS) != 0)
		return 1;
	for (t = 0; t < THREADS; t++)
		if (pthread_create(&threads[t], NULL, adder, (void *)(intptr_t)t) != 0)
			return 1;
	for (t = 0; t < THREADS; t++)
		if (pthread_join(threads[t], &result) != 0 || result != NULL)
			bad = 1;
	for (n = 0; n < 2; n++)
		for (t = 0; t < THREADS; t++) {
			if (failed[n][t] != 0) {
				bad = 1;
				continue;
			}
			if (set_codes[n][t] != set_codes[n][0] ||
			    name_codes[n][t] != set_codes[n][0]) {
				printf("  %s: thread %d got %#x (by name %#x), thread 0 %#x\n",
				       round_names[n], t, set_codes[n][t],
				       name_codes[n][t], set_codes[n][0]);
				bad = 1;
			}
		}
	PAPI_shutdown();
	return bad;
}

static void
test_same_new_native_event_at_once(void **state)
{
	unsigned int e, m, round;
	int status, failures = 0, skipped = 0;
	pid_t pid;

	(void)state;
	for (m = 0, round = 0; m < NMODIFIERS; m++)
		for (e = 0; e < NEVENTS; e++, round++)
			snprintf(names[round], sizeof(names[round]), "%s%s",
				 events[e], modifiers[m]);
	for (round = 0; round < ROUNDS; round++) {
		round_names[0] = names[round % NAMES];
		round_names[1] = names[(round + 1) % NAMES];
		pid = fork();
		assert_true(pid >= 0);
		if (pid == 0)
			_exit(round_of());
		assert_int_equal(waitpid(pid, &status, 0), pid);
		if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
			skipped++;
		else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			printf("  round %u (%s, %s) failed (status %#x)\n",
			       round, round_names[0], round_names[1], status);
			failures++;
		}
	}
	printf("  %u rounds of %d threads adding two new names: %d failed\n",
	       (unsigned int)ROUNDS, THREADS, failures);
	if (skipped == (int)ROUNDS)
		skip();
	assert_int_equal(failures, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_new_native_event_at_once),
	};

	setvbuf(stdout, NULL, _IONBF, 0);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
