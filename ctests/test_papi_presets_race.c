/*
 * The first preset use in one thread while another thread adds native
 * events (the ThreadSanitizer test of the start-up series).  With the
 * presets loaded on first use (PAPI patch 0020 as it was), the first
 * PAPI_query_event(PAPI_TOT_CYC) loaded the CPU's preset section then:
 * every native event of every preset was added to PAPI's native event
 * table (_papi_hwi_add_native_event(), papi_internal.c) and to
 * perf_event's (allocate_native_event(), pe_libpfm4_events.c, which
 * realloc()s it when full), while the other thread, adding
 * perf::TASK-CLOCK to an event set again and again, read both tables
 * (_papi_hwi_component_index(), find_existing_event() and their callers)
 * without a lock that the writer held: data races that TSan reports (1 to 3
 * of 3 runs of the colleague's program; here every round).  In PAPI 7.2.0
 * those writes all happen in PAPI_library_init(), before the program can
 * have another thread using PAPI.  PAPI_thread_init() then loaded them
 * all; since PAPI "PAPI_thread_init() no longer resolves all presets" the
 * first preset query resolves PAPI_TOT_CYC alone, beside the adds, which
 * the native event look-ups and adds under one lock (PAPI fixes) make safe.
 *
 * Each round: PAPI_library_init() and PAPI_thread_init() (PAPI's locks are
 * only taken from then on) in the main thread; a thread that loops
 * PAPI_create_eventset(), PAPI_add_named_event("perf::TASK-CLOCK"),
 * PAPI_cleanup_eventset(), PAPI_destroy_eventset(); once it has done so
 * LOOPS_BEFORE times, the main thread's first preset call; the thread goes
 * on until the main thread is done, and for LOOPS_AFTER more; then
 * PAPI_shutdown().  Under the TSan build (make check's tsan-unit-papi-
 * presets-race, ctests/sanitizers/run) any report fails the test; in every
 * build the results are checked: every add succeeded, PAPI_TOT_CYC and the
 * table's other presets are available, and the event set's event is
 * perf::TASK-CLOCK.
 *
 * The presets are those of a table written here (PAPI_CSV_EVENT_FILE) for
 * libpfm4's generic perf PMU, forced (LIBPFM_FORCE_PMU=perf: every Linux
 * machine has it, and it has perf::TASK-CLOCK, which a forced model PMU
 * would leave out): 10 presets of 72 native events, enough for the load to
 * grow perf_event's native table, as the CPU sections of PAPI's own table
 * do (zen4: 40 native events).  The host's own CPU may have no section.
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
#include <cmocka.h>

#include "papi.h"

#define ROUNDS 4
#define LOOPS_BEFORE 20
#define LOOPS_AFTER 20
#define NATIVE "perf::TASK-CLOCK"

/* The native events of the table: 24 events, each bare, :u and :k */
static const char *const table_events[] = {
	"PERF_COUNT_HW_CPU_CYCLES", "PERF_COUNT_HW_INSTRUCTIONS",
	"PERF_COUNT_HW_CACHE_REFERENCES", "PERF_COUNT_HW_CACHE_MISSES",
	"PERF_COUNT_HW_BRANCH_INSTRUCTIONS", "PERF_COUNT_HW_BRANCH_MISSES",
	"PERF_COUNT_HW_BUS_CYCLES", "PERF_COUNT_HW_REF_CPU_CYCLES",
	"PERF_COUNT_HW_STALLED_CYCLES_FRONTEND", "PERF_COUNT_HW_STALLED_CYCLES_BACKEND",
	"PERF_COUNT_SW_CPU_CLOCK", "PERF_COUNT_SW_PAGE_FAULTS",
	"PERF_COUNT_SW_CONTEXT_SWITCHES", "PERF_COUNT_SW_CPU_MIGRATIONS",
	"PERF_COUNT_SW_PAGE_FAULTS_MIN", "PERF_COUNT_SW_PAGE_FAULTS_MAJ",
	"PERF_COUNT_HW_CACHE_L1D:READ:ACCESS", "PERF_COUNT_HW_CACHE_L1D:WRITE:MISS",
	"PERF_COUNT_HW_CACHE_L1I:READ:MISS", "PERF_COUNT_HW_CACHE_LL:READ:MISS",
	"PERF_COUNT_HW_CACHE_DTLB:READ:MISS", "PERF_COUNT_HW_CACHE_ITLB:READ:MISS",
	"PERF_COUNT_HW_CACHE_BPU:READ:ACCESS", "PERF_COUNT_HW_CACHE_NODE:READ:ACCESS",
};
#define NEVENTS (sizeof(table_events) / sizeof(table_events[0]))
/* PAPI_TOT_CYC one event, then these DERIVED_ADD of 7 or 8 of the rest */
static const char *const table_presets[] = {
	"PAPI_TOT_INS", "PAPI_L1_DCM", "PAPI_L1_ICM", "PAPI_L2_DCM", "PAPI_L2_ICM",
	"PAPI_L3_DCM", "PAPI_L3_ICM", "PAPI_L1_TCM", "PAPI_L2_TCM",
};
#define NPRESETS (sizeof(table_presets) / sizeof(table_presets[0]))
static char table_path[64];

/* The table: 0 when written */
static int
write_table(void)
{
	static const char *const qual[] = { "", ":u", ":k" };
	unsigned int e, p, n = 1;
	FILE *f;
	int fd;

	snprintf(table_path, sizeof(table_path), "/tmp/presets-race.XXXXXX");
	fd = mkstemp(table_path);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		return 1;
	fprintf(f, "CPU,perf\nPRESET,PAPI_TOT_CYC,NOT_DERIVED,perf::%s\n", table_events[0]);
	for (p = 0; p < NPRESETS; p++) {
		fprintf(f, "PRESET,%s,DERIVED_ADD", table_presets[p]);
		for (e = 0; e < 8 && n < 3 * NEVENTS; e++, n++)
			fprintf(f, ",perf::%s%s", table_events[n % NEVENTS], qual[n / NEVENTS]);
		fprintf(f, "\n");
	}
	return fclose(f) != 0;
}

static int adder_loops;		/* event sets made by the adder */
static int main_done;		/* the main thread's preset call returned */
static int adder_failed;	/* what the adder found wrong, 0 if nothing */

static unsigned long
thread_id(void)
{
	return (unsigned long)pthread_self();
}

/* One event set with NATIVE in it, checked, and gone; 0 when all went */
/* right, else the step that failed (printed once)                       */
static int
add_native_once(void)
{
	static int said;
	char name[PAPI_MAX_STR_LEN] = "";
	int set = PAPI_NULL, codes[1], n = 1, step = 0, rc;

	if ((rc = PAPI_create_eventset(&set)) != PAPI_OK)
		step = 1;
	else if ((rc = PAPI_add_named_event(set, NATIVE)) != PAPI_OK)
		step = 2;
	else if ((rc = PAPI_list_events(set, codes, &n)) != PAPI_OK || n != 1)
		step = 3;
	/* the default PMU's events are named without their "perf::" */
	else if ((rc = PAPI_event_code_to_name(codes[0], name)) != PAPI_OK ||
		 (strcmp(name, NATIVE) != 0 && strcmp(name, NATIVE + 6) != 0))
		step = 4;
	if (step != 1 && (PAPI_cleanup_eventset(set) != PAPI_OK ||
			  PAPI_destroy_eventset(&set) != PAPI_OK) && step == 0)
		step = 5;
	if (step != 0 && !said++)
		printf("  adder: step %d failed: %d (%s)\n", step, rc, name);
	return step;
}

static void *
adder(void *arg)
{
	int after = 0, loops = 0;

	(void)arg;
	if (PAPI_register_thread() != PAPI_OK) {
		__atomic_store_n(&adder_failed, 1, __ATOMIC_RELEASE);
		__atomic_store_n(&adder_loops, LOOPS_BEFORE, __ATOMIC_RELEASE);
		return NULL;
	}
	while (after < LOOPS_AFTER) {
		if (add_native_once() != 0)
			__atomic_store_n(&adder_failed, 2, __ATOMIC_RELEASE);
		__atomic_store_n(&adder_loops, ++loops, __ATOMIC_RELEASE);
		if (__atomic_load_n(&main_done, __ATOMIC_ACQUIRE))
			after++;
	}
	PAPI_unregister_thread();
	return NULL;
}

/* One round; 0 when everything answered right, 77 when no PAPI_TOT_CYC */
static int
round_of(int round)
{
	pthread_t thread;
	unsigned int p;
	int query, loops, code;

	__atomic_store_n(&adder_loops, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&main_done, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&adder_failed, 0, __ATOMIC_RELAXED);
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(PAPI_thread_init(thread_id), PAPI_OK);
	/* nothing before the thread that could load presets loaded on first */
	/* use (PAPI_get_component_info() did): a disabled perf_event is     */
	/* found after it                                                      */
	assert_int_equal(pthread_create(&thread, NULL, adder, NULL), 0);
	while (__atomic_load_n(&adder_loops, __ATOMIC_ACQUIRE) < LOOPS_BEFORE)
		;
	/* the program's first preset call, while the other thread adds */
	query = PAPI_query_event(PAPI_TOT_CYC);
	__atomic_store_n(&main_done, 1, __ATOMIC_RELEASE);
	assert_int_equal(pthread_join(thread, NULL), 0);
	loops = __atomic_load_n(&adder_loops, __ATOMIC_ACQUIRE);
	printf("  round %d: PAPI_query_event(PAPI_TOT_CYC) %d, %d event sets beside it, adder %s\n",
	       round, query, loops, adder_failed ? "failed" : "ok");
	for (p = 0; p < NPRESETS; p++)
		if (PAPI_event_name_to_code(table_presets[p], &code) != PAPI_OK ||
		    PAPI_query_event(code) != PAPI_OK) {
			printf("  %s unavailable\n", table_presets[p]);
			query = PAPI_ENOEVNT;
		}
	if (PAPI_get_component_info(0)->disabled) {
		printf("  perf_event disabled: %s\n", PAPI_get_component_info(0)->disabled_reason);
		PAPI_shutdown();
		return 77;
	}
	PAPI_shutdown();
	return query != PAPI_OK || adder_failed != 0;
}

static void
test_first_preset_use_beside_native_adds(void **state)
{
	int round, rc;

	(void)state;
	assert_int_equal(write_table(), 0);
	setenv("PAPI_CSV_EVENT_FILE", table_path, 1);
	setenv("LIBPFM_FORCE_PMU", "perf", 1);
	for (round = 1; round <= ROUNDS; round++) {
		rc = round_of(round);
		if (rc != 0)
			break;
	}
	unlink(table_path);
	if (rc == 77)
		skip();
	assert_int_equal(rc, 0);
}

/*
 * Several threads whose first preset calls come at once, with the presets
 * resolved one by one (PAPI "each preset's terms resolved at that preset's
 * first use"): each thread asks for two presets of the table, its own and
 * its neighbour's, so that some are first used by two threads at once and
 * others by one; without PAPI_thread_init() in the odd rounds, with it
 * (which resolves nothing) in the even ones.  Each resolution writes the preset's entry and the native event
 * tables under the load's lock and publishes the entry; a thread that finds
 * a preset resolved reads its entry without the lock.  Under TSan any
 * report fails; in every build each answer is checked against the main
 * thread's, asked afterwards.
 */
#define FIRST_USERS 4
static pthread_barrier_t first_barrier;
static int first_count[FIRST_USERS][2];

static void *
first_user(void *arg)
{
	long k = (long)arg;
	PAPI_event_info_t info;
	int i, code;

	pthread_barrier_wait(&first_barrier);
	for (i = 0; i < 2; i++) {
		const char *name = table_presets[(k + i) % FIRST_USERS];

		first_count[k][i] = -1;
		if (PAPI_event_name_to_code(name, &code) == PAPI_OK &&
		    PAPI_query_event(code) == PAPI_OK &&
		    PAPI_get_event_info(code, &info) == PAPI_OK)
			first_count[k][i] = (int)info.count;
	}
	return NULL;
}

static void
test_first_preset_uses_at_once(void **state)
{
	pthread_t threads[FIRST_USERS];
	PAPI_event_info_t info;
	long k;
	int i, code, round;

	(void)state;
	assert_int_equal(write_table(), 0);
	setenv("PAPI_CSV_EVENT_FILE", table_path, 1);
	setenv("LIBPFM_FORCE_PMU", "perf", 1);
	for (round = 1; round <= ROUNDS; round++) {
		assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
		if (round % 2 == 0)
			assert_int_equal(PAPI_thread_init(thread_id), PAPI_OK);
		assert_int_equal(pthread_barrier_init(&first_barrier, NULL, FIRST_USERS), 0);
		for (k = 0; k < FIRST_USERS; k++)
			assert_int_equal(pthread_create(&threads[k], NULL, first_user, (void *)k), 0);
		for (k = 0; k < FIRST_USERS; k++)
			assert_int_equal(pthread_join(threads[k], NULL), 0);
		pthread_barrier_destroy(&first_barrier);
		for (k = 0; k < FIRST_USERS; k++) {
			for (i = 0; i < 2; i++) {
				const char *name = table_presets[(k + i) % FIRST_USERS];

				assert_int_equal(PAPI_event_name_to_code(name, &code), PAPI_OK);
				assert_int_equal(PAPI_get_event_info(code, &info), PAPI_OK);
				assert_true(info.count > 0);
				assert_int_equal(first_count[k][i], (int)info.count);
			}
		}
		printf("  round %d: %d threads, 2 presets each, all answered\n", round, FIRST_USERS);
		PAPI_shutdown();
	}
	unlink(table_path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_preset_use_beside_native_adds),
		cmocka_unit_test(test_first_preset_uses_at_once),
	};

	setvbuf(stdout, NULL, _IONBF, 0);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
