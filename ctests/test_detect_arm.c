/*
 * ARM core PMU detection (libpfm4-pmus/lib/pfmlib_arm_detect.c) with the
 * cpuinfo fixtures of ctests/fixtures/cpuinfo, through LIBPFM_PROC_CPUINFO.
 * Linked with the aarch64 table build's static libpfm.a (ARM64 tables, run on
 * this host). Each test initializes libpfm4 with one fixture, lists the ARM
 * core PMUs reported present, and terminates, so the tests also check that a
 * re-initialization detects afresh.
 */
#include <stdarg.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <perfmon/pfmlib.h>

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif

/*
 * Initialize with the given fixture (NULL: a file that does not exist) and
 * return the names of the ARM core PMUs reported present, space separated
 * in id order ("" if none).
 */
static const char *
present_arm_core_pmus(const char *fixture)
{
	static char path[4096], list[1024];
	pfm_pmu_info_t info;
	int i;

	snprintf(path, sizeof(path), "%s/%s", FIXTURES,
		 fixture ? fixture : "no-such-file.txt");
	setenv("LIBPFM_PROC_CPUINFO", path, 1);
	unsetenv("LIBPFM_ENCODE_INACTIVE");
	unsetenv("LIBPFM_FORCE_PMU");

	assert_int_equal(pfm_initialize(), PFM_SUCCESS);

	list[0] = '\0';
	for (i = 0; i < PFM_PMU_MAX; i++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info(i, &info) != PFM_SUCCESS)
			continue;
		if (!info.is_present || info.type != PFM_PMU_TYPE_CORE)
			continue;
		if (strncmp(info.name, "arm_", 4))
			continue;
		if (list[0])
			strcat(list, " ");
		strcat(list, info.name);
	}
	pfm_terminate();
	return list;
}

/*
 * Opens of the cpuinfo fixture: linked with -Wl,--wrap=open, every open() of
 * libpfm4 (its cpuinfo reader uses open/read/close) comes through here.
 */
int __real_open(const char *path, int flags, ...);
static int cpuinfo_opens;

int
__wrap_open(const char *path, int flags, ...)
{
	const char *ci = getenv("LIBPFM_PROC_CPUINFO");
	va_list ap;
	int mode;

	if (ci && !strcmp(path, ci))
		cpuinfo_opens++;
	if (!(flags & O_CREAT))
		return __real_open(path, flags);
	va_start(ap, flags);
	mode = va_arg(ap, int);
	va_end(ap);
	return __real_open(path, flags, mode);
}

static void
test_raspberry_pi4_is_a72(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus("raspberry-pi4.txt"), "arm_ac72");
}

/* Every ARM PMU's detection shares one read of the file (was one read each). */
static void
test_cpuinfo_read_once_per_initialization(void **state)
{
	(void)state;
	cpuinfo_opens = 0;
	assert_string_equal(present_arm_core_pmus("raspberry-pi4.txt"), "arm_ac72");
	assert_int_equal(cpuinfo_opens, 1);
	/* and afresh at the next initialization */
	assert_string_equal(present_arm_core_pmus("aws-graviton2.txt"), "arm_n1");
	assert_int_equal(cpuinfo_opens, 2);
}

static void
test_graviton2_is_n1(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus("aws-graviton2.txt"), "arm_n1");
}

static void
test_rk3399_is_a72_only(void **state)
{
	(void)state;
	/* four A53 listed before two A72: the big core, and only it */
	assert_string_equal(present_arm_core_pmus("rk3399.txt"), "arm_ac72");
}

static void
test_a53_board_is_a53(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus("raspberry-pi3-a53.txt"), "arm_ac53");
}

static void
test_a72_id_is_upstreams(void **state)
{
	pfm_pmu_info_t info;

	(void)state;
	assert_int_equal(PFM_PMU_ARM_CORTEX_A72, 678);
	assert_int_equal(PFM_PMU_ARM_N1, 449);
	assert_string_equal(present_arm_core_pmus("raspberry-pi4.txt"), "arm_ac72");
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	assert_int_equal(pfm_get_pmu_info(PFM_PMU_ARM_CORTEX_A72, &info), PFM_SUCCESS);
	assert_string_equal(info.name, "arm_ac72");
	assert_int_equal(info.num_cntrs, 6);
	assert_int_equal(info.nevents, 83 + 66);	/* events + A57-table aliases */
	pfm_terminate();
}

static void
test_garbage_has_no_arm_core(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus("garbage.bin"), "");
}

static void
test_empty_has_no_arm_core(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus("empty.txt"), "");
}

static void
test_missing_file_has_no_arm_core(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus(NULL), "");
}

static void
test_riscv_has_no_arm_core(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus("hifive-unmatched-linux6.txt"), "");
}

static void
test_redetect_after_terminate(void **state)
{
	(void)state;
	/* each initialization sees only its own cpuinfo */
	assert_string_equal(present_arm_core_pmus("aws-graviton2.txt"), "arm_n1");
	assert_string_equal(present_arm_core_pmus("empty.txt"), "");
	assert_string_equal(present_arm_core_pmus("rk3399.txt"), "arm_ac72");
	assert_string_equal(present_arm_core_pmus("raspberry-pi3-a53.txt"), "arm_ac53");
}

static void
test_verbose_explains_choice(void **state)
{
	char tmpl[] = "/tmp/test_detect_arm.XXXXXX", buf[8192];
	int fd, saved;
	ssize_t n;

	(void)state;
	/* LIBPFM_VERBOSE goes to stderr: catch it in a file */
	fd = mkstemp(tmpl);
	assert_true(fd >= 0);
	unlink(tmpl);
	fflush(stderr);
	saved = dup(2);
	dup2(fd, 2);
	setenv("LIBPFM_VERBOSE", "1", 1);
	present_arm_core_pmus("rk3399.txt");
	unsetenv("LIBPFM_VERBOSE");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);

	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	assert_true(n > 0);
	buf[n] = '\0';
	assert_non_null(strstr(buf, "default core PMU arm_ac72 for 2 x Cortex-A72 (0x41:0xd08)"));
	assert_non_null(strstr(buf, "only this ARM core PMU is reported as detected"));
	assert_non_null(strstr(buf, "not chosen: 4 x Cortex-A53 (0x41:0xd03): LITTLE core"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_raspberry_pi4_is_a72),
		cmocka_unit_test(test_graviton2_is_n1),
		cmocka_unit_test(test_cpuinfo_read_once_per_initialization),
		cmocka_unit_test(test_rk3399_is_a72_only),
		cmocka_unit_test(test_a53_board_is_a53),
		cmocka_unit_test(test_a72_id_is_upstreams),
		cmocka_unit_test(test_garbage_has_no_arm_core),
		cmocka_unit_test(test_empty_has_no_arm_core),
		cmocka_unit_test(test_missing_file_has_no_arm_core),
		cmocka_unit_test(test_riscv_has_no_arm_core),
		cmocka_unit_test(test_redetect_after_terminate),
		/* last: libpfm4 keeps verbose mode on once set */
		cmocka_unit_test(test_verbose_explains_choice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
