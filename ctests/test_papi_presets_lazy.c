/*
 * PAPI patch 0020: the CPU's presets are loaded on first use, not in
 * PAPI_library_init().  Counts libpfm4 encodings made by PAPI (linked with
 * -Wl,--wrap=pfm_get_os_event_encoding): none at init, some once a preset
 * is queried; at init again when the table comes from a file
 * (PAPI_CSV_EVENT_FILE), as before the patch; and a shutdown forgets the
 * pending load.  That the presets loaded are the same as those loaded from
 * the file is test_papi_perf's test_presets_same_as_full_parse.  The load
 * works from a thread PAPI has never registered (issue 20: it wrote
 * through that thread's missing ThreadInfo_t), each case in a child
 * process so that a crash is a failure of this test, not of the binary.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <cmocka.h>

#include "papi.h"
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "run_in_child.h"

/* A core PMU of this architecture that has a section in papi_events.csv, */
/* forced so that the test does not depend on the machine's CPU.          */
#if defined(__x86_64__) || defined(__i386__)
#define PMU_WITH_PRESETS "hsw"
#elif defined(__aarch64__)
#define PMU_WITH_PRESETS "arm_ac72"
#elif defined(__riscv)
#define PMU_WITH_PRESETS "sifive_u74"
#endif

static int encodings;

int __real_pfm_get_os_event_encoding(const char *str, int dfl_plm, pfm_os_t os, void *args);

int
__wrap_pfm_get_os_event_encoding(const char *str, int dfl_plm, pfm_os_t os, void *args)
{
	encodings++;
	return __real_pfm_get_os_event_encoding(str, dfl_plm, os, args);
}

static void
init(void)
{
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	if (PAPI_get_component_info(0)->disabled)
		fail_msg("perf_event component disabled: %s", PAPI_get_component_info(0)->disabled_reason);
}

static void
test_presets_loaded_on_first_use(void **state)
{
	int code = PAPI_PRESET_MASK, n = 0;

	(void)state;
	encodings = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(encodings, 0);
	/* the first query loads the section: PAPI_TOT_CYC is in every one */
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	assert_true(encodings > 0);
	printf("  %d encodings at the first preset query, none at init\n", encodings);
	/* enumeration sees the whole section */
	assert_int_equal(PAPI_enum_event(&code, PAPI_ENUM_FIRST), PAPI_OK);
	while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK)
		n++;
	assert_true(n > 10);
	PAPI_shutdown();
}

static void
test_component_info_counts_presets(void **state)
{
	(void)state;
	encodings = 0;
	init();	/* reads the component info: loads */
	assert_true(PAPI_get_component_info(0)->num_preset_events > 10);
	assert_true(encodings > 0);
	PAPI_shutdown();
}

static void
test_table_from_file_loads_at_init(void **state)
{
	(void)state;
	setenv("PAPI_CSV_EVENT_FILE", EVENTS_CSV, 1);
	encodings = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_true(encodings > 0);
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	PAPI_shutdown();
	unsetenv("PAPI_CSV_EVENT_FILE");
}

static void
test_shutdown_forgets_pending_load(void **state)
{
	(void)state;
	encodings = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	PAPI_shutdown();	/* never used: nothing loaded, nothing left */
	assert_int_equal(encodings, 0);
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(encodings, 0);
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	assert_true(encodings > 0);
	PAPI_shutdown();
}

/* The first call that needs the presets, made in a thread that never    */
/* called PAPI_register_thread() or PAPI_create_eventset(): 0 when it     */
/* loaded them and answered as from the main thread.                      */
enum first_call { QUERY, EVENT_INFO, ENUM, COMPONENT_INFO, NATIVE_NAME };

static void *
unregistered_thread(void *arg)
{
	enum first_call call = *(enum first_call *)arg;
	PAPI_event_info_t info;
	int code = PAPI_PRESET_MASK, ok = 0;

	switch (call) {
	case QUERY:
		ok = PAPI_query_event(PAPI_TOT_CYC) == PAPI_OK;
		break;
	case EVENT_INFO:
		ok = PAPI_get_event_info(PAPI_TOT_CYC, &info) == PAPI_OK &&
			info.count > 0 && strcmp(info.symbol, "PAPI_TOT_CYC") == 0;
		break;
	case ENUM:
		ok = PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK &&
			PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK;
		break;
	case COMPONENT_INFO:
		ok = PAPI_get_component_info(0)->num_preset_events > 10;
		break;
	case NATIVE_NAME:
		/* the same component call path, without presets: 7.0.0 */
		/* crashed here too                                     */
		ok = PAPI_event_name_to_code("perf::TASK-CLOCK", &code) == PAPI_OK &&
			PAPI_query_event(code) == PAPI_OK;
		break;
	}
	/* a preset call loaded the presets here, in this thread */
	if (call != NATIVE_NAME && encodings == 0)
		ok = 0;
	return ok ? NULL : (void *)1;
}

/* In the child: init in the main thread, the first call in a new thread */
/* (exit 0: it loaded the presets and answered right)                   */
static int
first_call_in_new_thread(void *arg)
{
	enum first_call call = *(enum first_call *)arg;
	pthread_t thread;
	void *result;

	if (call == NATIVE_NAME)	/* perf:: events beside the forced PMU */
		unsetenv("LIBPFM_FORCE_PMU");
	encodings = 0;
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT || encodings != 0)
		return 2;
	if (pthread_create(&thread, NULL, unregistered_thread, &call) != 0 ||
	    pthread_join(thread, &result) != 0)
		return 3;
	/* the main thread sees the same presets */
	if (PAPI_query_event(PAPI_TOT_CYC) != PAPI_OK)
		return 4;
	PAPI_shutdown();
	return result == NULL ? 0 : 1;
}

static void
test_first_use_in_unregistered_thread(void **state)
{
	static const char *names[] = { "PAPI_query_event", "PAPI_get_event_info",
		"PAPI_enum_event", "PAPI_get_component_info", "PAPI_event_name_to_code" };
	char what[96];
	enum first_call call;
	int failed = 0;

	(void)state;
	for (call = QUERY; call <= NATIVE_NAME; call++) {
		snprintf(what, sizeof(what), "%s first in an unregistered thread", names[call]);
		failed += run_in_child(what, first_call_in_new_thread, &call) != 0;
	}
	assert_int_equal(failed, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets_loaded_on_first_use),
		cmocka_unit_test(test_component_info_counts_presets),
		cmocka_unit_test(test_table_from_file_loads_at_init),
		cmocka_unit_test(test_shutdown_forgets_pending_load),
		cmocka_unit_test(test_first_use_in_unregistered_thread),
	};

	setenv("LIBPFM_FORCE_PMU", PMU_WITH_PRESETS, 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
