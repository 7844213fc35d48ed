/*
 * Unit tests of a PAPI build (host or cross): the library initialises with the
 * version it was built as, and its perf_event component is either enabled or
 * says why it is not.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <papi.h>

static void
test_papi_initialises(void **state)
{
	const PAPI_component_info_t *cmp;
	int cid;

	(void)state;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	/* the library is the release its header says (7.0) */
	assert_int_equal(PAPI_get_opt(PAPI_LIB_VERSION, NULL), PAPI_VERSION);
	assert_int_equal(PAPI_VERSION_MAJOR(PAPI_VERSION), 7);
	assert_int_equal(PAPI_VERSION_MINOR(PAPI_VERSION), 0);

	cid = PAPI_get_component_index("perf_event");
	assert_true(cid >= 0);
	cmp = PAPI_get_component_info(cid);
	assert_non_null(cmp);
	assert_string_equal(cmp->name, "perf_event");
	/* a disabled component must say why, never be silently unusable */
	if (cmp->disabled)
		assert_true(strlen(cmp->disabled_reason) > 0);
	PAPI_shutdown();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_papi_initialises),
	};

	return cmocka_run_group_tests_name("PAPI", tests, NULL, NULL);
}
