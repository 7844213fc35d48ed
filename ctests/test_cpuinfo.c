/*
 * Unit tests of libpfm4's shared /proc/cpuinfo reader (lib/pfmlib_cpuinfo.c,
 * added by libpfm4-pmus/) on the fixtures of ctests/fixtures/cpuinfo, the
 * file it reads (LIBPFM_PROC_CPUINFO as pfm_initialize() takes it), and, on x86, of the look-up of a prefix naming an
 * inactive PMU. Linked with the host build's static libpfm.a, whose
 * internal symbols are reachable from a static link.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pfmlib_priv.h"
#include "perfmon/pfmlib_perf_event.h"

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif

/* The reader's file, as pfm_initialize() sets it from LIBPFM_PROC_CPUINFO */
static void
use_fixture(const char *name)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	pfm_cfg.proc_cpuinfo = path;
}

/* One variable for both readers: LIBPFM_PROC_CPUINFO as libpfm4 itself */
/* reads it (pfmlib_init_env()), none of the reader's own.               */
static void
test_path_from_libpfm_variable(void **state)
{
	(void)state;
	unsetenv("LIBPFM_FORCE_PMU");
	unsetenv("LIBPFM_PROC_CPUINFO");
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	assert_string_equal(pfmlib_cpuinfo_path(), "/proc/cpuinfo");
	pfm_terminate();

	setenv("LIBPFM_PROC_CPUINFO", FIXTURES "/rk3399.txt", 1);
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	assert_string_equal(pfmlib_cpuinfo_path(), FIXTURES "/rk3399.txt");
	pfm_terminate();

	/* set but empty: a file of that name, as the ARM parser takes it */
	setenv("LIBPFM_PROC_CPUINFO", "", 1);
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	assert_string_equal(pfmlib_cpuinfo_path(), "");
	pfm_terminate();
	unsetenv("LIBPFM_PROC_CPUINFO");
}

static void
test_riscv_harts_from_one(void **state)
{
	pfmlib_cpuinfo_t ci;

	(void)state;
	use_fixture("hifive-unmatched-linux6.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_SUCCESS);
	assert_int_equal(ci.nentries, 4);
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "hart"), "1");
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 3, "hart"), "4");
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "mvendorid"), "0x489");
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 2, "marchid"), "0x8000000000000007");
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 1, "uarch"), "sifive,u74-mc");
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "isa"), "rv64imafdc");
	assert_null(pfmlib_cpuinfo_value(&ci, 4, "hart"));
	pfmlib_cpuinfo_free(&ci);
}

static void
test_missing_key_is_not_found(void **state)
{
	pfmlib_cpuinfo_t ci;

	(void)state;
	/* an older kernel prints no ids: never a value from elsewhere */
	use_fixture("hifive-unmatched-linux5.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_SUCCESS);
	assert_null(pfmlib_cpuinfo_value(&ci, 0, "mvendorid"));
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "uarch"), "sifive,u74-mc");
	pfmlib_cpuinfo_free(&ci);
}

static void
test_exact_key_match(void **state)
{
	pfmlib_cpuinfo_t ci;

	(void)state;
	use_fixture("qemu-virt-riscv64.txt");
	/* "isa" must not match "hart isa", in either order */
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_SUCCESS);
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "isa"),
			    "rv64imafdch_zicbom_zicboz_zicntr_zicsr_zifencei_zihintpause_zihpm_zba_zbb_zbs_sstc");
	assert_null(pfmlib_cpuinfo_value(&ci, 0, "hart is"));
	assert_null(pfmlib_cpuinfo_value(&ci, 0, "CPU"));
	pfmlib_cpuinfo_free(&ci);

	use_fixture("raspberry-pi4.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_SUCCESS);
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "CPU part"), "0xd08");
	assert_null(pfmlib_cpuinfo_value(&ci, 0, "CPU"));
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "CPU architecture"), "8");
	pfmlib_cpuinfo_free(&ci);
}

static void
test_big_little_entries(void **state)
{
	pfmlib_cpuinfo_t ci;
	int i;

	(void)state;
	use_fixture("rk3399.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_SUCCESS);
	assert_int_equal(ci.nentries, 6);
	for (i = 0; i < 4; i++)
		assert_string_equal(pfmlib_cpuinfo_value(&ci, i, "CPU part"), "0xd03");
	for (i = 4; i < 6; i++)
		assert_string_equal(pfmlib_cpuinfo_value(&ci, i, "CPU part"), "0xd08");
	pfmlib_cpuinfo_free(&ci);

	/* the machine-wide block of 32-bit ARM kernels is an entry of its own */
	use_fixture("raspberry-pi4.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_SUCCESS);
	assert_int_equal(ci.nentries, 5);
	assert_null(pfmlib_cpuinfo_value(&ci, 4, "CPU part"));
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 4, "Hardware"), "BCM2835");
	pfmlib_cpuinfo_free(&ci);
}

static void
test_bad_files(void **state)
{
	pfmlib_cpuinfo_t ci;

	(void)state;
	use_fixture("does-not-exist.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_ERR_NOTFOUND);
	use_fixture("empty.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_ERR_NOTFOUND);
	pfm_cfg.proc_cpuinfo = "";
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_ERR_NOTFOUND);
	use_fixture("garbage.bin");
	if (pfmlib_cpuinfo_read(&ci) == PFM_SUCCESS) {
		assert_null(pfmlib_cpuinfo_value(&ci, 0, "CPU part"));
		pfmlib_cpuinfo_free(&ci);
	}

	/* cut in the middle of a value: the partial line reads as it is */
	use_fixture("truncated-unmatched.txt");
	assert_int_equal(pfmlib_cpuinfo_read(&ci), PFM_SUCCESS);
	assert_int_equal(ci.nentries, 1);
	assert_string_equal(pfmlib_cpuinfo_value(&ci, 0, "marchid"), "0x80");
	assert_null(pfmlib_cpuinfo_value(&ci, 0, "mimpid"));
	pfmlib_cpuinfo_free(&ci);
}

#if defined(__x86_64__) || defined(__i386__)
/* An event named with an inactive PMU's prefix: not found, unless    */
/* LIBPFM_ENCODE_INACTIVE=1 allows inactive PMUs (4.13.0+git106 parses */
/* on its list of active PMUs; our former patch 0026 did the same).   */
static void
test_inactive_pmu_prefix(void **state)
{
	const char *ev = "amd64_fam19h_zen3::RETIRED_INSTRUCTIONS";
	pfm_perf_encode_arg_t arg;
	struct perf_event_attr attr;
	pfm_pmu_info_t info;

	(void)state;
	unsetenv("LIBPFM_PROC_CPUINFO");
	unsetenv("LIBPFM_FORCE_PMU");
	unsetenv("LIBPFM_ENCODE_INACTIVE");
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	memset(&info, 0, sizeof(info));
	assert_int_equal(pfm_get_pmu_info(amd64_fam19h_zen3_support.pmu, &info), PFM_SUCCESS);
	if (info.is_present) {
		pfm_terminate();
		skip();
	}
	memset(&arg, 0, sizeof(arg));
	arg.attr = &attr;
	arg.size = sizeof(arg);
	assert_int_equal(pfm_get_os_event_encoding(ev, PFM_PLM3, PFM_OS_PERF_EVENT, &arg),
			 PFM_ERR_NOTFOUND);
	pfm_terminate();
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	memset(&attr, 0, sizeof(attr));
	assert_int_equal(pfm_get_os_event_encoding(ev, PFM_PLM3, PFM_OS_PERF_EVENT, &arg),
			 PFM_SUCCESS);
	assert_int_equal(attr.type, PERF_TYPE_RAW);
	pfm_terminate();
	unsetenv("LIBPFM_ENCODE_INACTIVE");
}
#endif

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_from_libpfm_variable),
		cmocka_unit_test(test_riscv_harts_from_one),
		cmocka_unit_test(test_missing_key_is_not_found),
		cmocka_unit_test(test_exact_key_match),
		cmocka_unit_test(test_big_little_entries),
		cmocka_unit_test(test_bad_files),
#if defined(__x86_64__) || defined(__i386__)
		cmocka_unit_test(test_inactive_pmu_prefix),
#endif
	};

	return cmocka_run_group_tests_name("libpfm4 cpuinfo reader", tests,
					   NULL, NULL);
}
