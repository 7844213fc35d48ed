/*
 * PAPI patch 0020: the CPU's presets are loaded on first use, not in
 * PAPI_library_init().  Counts libpfm4 encodings made by PAPI (linked with
 * -Wl,--wrap=pfm_get_os_event_encoding): none at init, some once a preset
 * is queried; at init again when the table comes from a file
 * (PAPI_CSV_EVENT_FILE), as before the patch; and a shutdown forgets the
 * pending load.  That the presets loaded are the same as those loaded from
 * the file is test_papi_perf's test_presets_same_as_full_parse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "papi.h"
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets_loaded_on_first_use),
		cmocka_unit_test(test_component_info_counts_presets),
		cmocka_unit_test(test_table_from_file_loads_at_init),
		cmocka_unit_test(test_shutdown_forgets_pending_load),
	};

	setenv("LIBPFM_FORCE_PMU", PMU_WITH_PRESETS, 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
