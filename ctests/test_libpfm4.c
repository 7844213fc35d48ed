/*
 * Unit tests of a libpfm4 build (host or cross): the library initialises, and
 * its generic perf PMU encodes events as the kernel's perf_event ABI defines
 * them. Expected values come from <linux/perf_event.h>, not from libpfm4.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <perfmon/pfmlib_perf_event.h>
static int
pfm_setup(void **state)
{
	(void)state;
	return pfm_initialize() == PFM_SUCCESS ? 0 : -1;
}

static int
pfm_teardown(void **state)
{
	(void)state;
	pfm_terminate();
	return 0;
}

static void
test_libpfm4_version(void **state)
{
	(void)state;
	/* pfm_get_version() is the API version (4.0 in every 4.x release) */
	assert_int_equal(pfm_get_version(), LIBPFM_VERSION);
	assert_int_equal(PFM_MAJ_VERSION(pfm_get_version()), 4);
}

/* encode one event for perf_event_open; returns the libpfm4 error code */
static int
encode(const char *name, struct perf_event_attr *attr)
{
	pfm_perf_encode_arg_t arg;

	memset(attr, 0, sizeof(*attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = attr;
	arg.size = sizeof(arg);
	return pfm_get_os_event_encoding(name, PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
}

/* does the event offer this modifier (attribute)? */
static int
has_modifier(const char *name, const char *mod)
{
	pfm_event_attr_info_t ainfo;
	pfm_event_info_t info;
	int idx, i;

	idx = pfm_find_event(name);
	assert_true(idx >= 0);
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	assert_int_equal(pfm_get_event_info(idx, PFM_OS_PERF_EVENT, &info), PFM_SUCCESS);
	for (i = 0; i < info.nattrs; i++) {
		memset(&ainfo, 0, sizeof(ainfo));
		ainfo.size = sizeof(ainfo);
		assert_int_equal(pfm_get_event_attr_info(idx, i, PFM_OS_PERF_EVENT, &ainfo),
				 PFM_SUCCESS);
		if (ainfo.type == PFM_ATTR_MOD_BOOL && !strcmp(ainfo.name, mod))
			return 1;
	}
	return 0;
}

static void
test_generic_hw_event_encoding(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	assert_int_equal(encode("perf::PERF_COUNT_HW_CPU_CYCLES", &attr), PFM_SUCCESS);
	assert_int_equal(attr.type, PERF_TYPE_HARDWARE);
	assert_int_equal(attr.config, PERF_COUNT_HW_CPU_CYCLES);
	/*
	 * PFM_PLM3 = user only, where the core PMU can filter by privilege
	 * (the event then has a "k" modifier); a PMU that cannot (a U74)
	 * offers no modifier and must not ask the kernel to exclude anything.
	 */
	assert_int_equal(attr.exclude_user, 0);
	assert_int_equal(attr.exclude_kernel,
			 has_modifier("perf::PERF_COUNT_HW_CPU_CYCLES", "k"));
	if (!attr.exclude_kernel)
		assert_int_equal(attr.exclude_hv, 0);

	assert_int_equal(encode("perf::PERF_COUNT_HW_INSTRUCTIONS", &attr), PFM_SUCCESS);
	assert_int_equal(attr.type, PERF_TYPE_HARDWARE);
	assert_int_equal(attr.config, PERF_COUNT_HW_INSTRUCTIONS);
}

static void
test_software_event_encoding(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	assert_int_equal(encode("perf::PERF_COUNT_SW_TASK_CLOCK", &attr), PFM_SUCCESS);
	assert_int_equal(attr.type, PERF_TYPE_SOFTWARE);
	assert_int_equal(attr.config, PERF_COUNT_SW_TASK_CLOCK);
}

static void
test_unknown_event_is_an_error(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	assert_int_equal(encode("perf::NO_SUCH_EVENT", &attr), PFM_ERR_NOTFOUND);
	assert_int_equal(encode("no_such_pmu::CYCLES", &attr), PFM_ERR_NOTFOUND);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_libpfm4_version),
		cmocka_unit_test(test_generic_hw_event_encoding),
		cmocka_unit_test(test_software_event_encoding),
		cmocka_unit_test(test_unknown_event_is_an_error),
	};

	return cmocka_run_group_tests_name("libpfm4", tests, pfm_setup,
					   pfm_teardown);
}
