/*
 * ARM core PMU detection (libpfm4's own pfmlib_init_cpuids() in
 * lib/pfmlib_arm.c since 4.13.0+git106: every core type listed in
 * /proc/cpuinfo is detected) with the cpuinfo fixtures of
 * ctests/fixtures/cpuinfo, through LIBPFM_PROC_CPUINFO. Linked with the
 * aarch64 table build's static libpfm.a (ARM64 tables, run on this host).
 * Each test initializes libpfm4 with one fixture, lists the ARM core PMUs
 * reported present, and terminates, so the tests also check that a
 * re-initialization detects afresh (patch 0004).
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
#include "board_names.h"

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif
#ifndef LIBPFM4_FIXTURES
#error "LIBPFM4_FIXTURES must name the libpfm4 fixture directory"
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
 * Opens of the cpuinfo fixture: linked with -Wl,--wrap=open,--wrap=fopen,
 * every open() (our RISC-V reader, lib/pfmlib_cpuinfo.c) and fopen()
 * (libpfm4's ARM parser) of libpfm4 comes through here.
 */
int __real_open(const char *path, int flags, ...);
FILE *__real_fopen(const char *path, const char *mode);
static int cpuinfo_opens;

static void
count_open(const char *path)
{
	const char *ci = getenv("LIBPFM_PROC_CPUINFO");

	if (ci && !strcmp(path, ci))
		cpuinfo_opens++;
}

int
__wrap_open(const char *path, int flags, ...)
{
	va_list ap;
	int mode;

	count_open(path);
	if (!(flags & O_CREAT))
		return __real_open(path, flags);
	va_start(ap, flags);
	mode = va_arg(ap, int);
	va_end(ap);
	return __real_open(path, flags, mode);
}

FILE *
__wrap_fopen(const char *path, const char *mode)
{
	count_open(path);
	return __real_fopen(path, mode);
}

static void
test_raspberry_pi4_is_a72(void **state)
{
	(void)state;
	assert_string_equal(present_arm_core_pmus("raspberry-pi4.txt"), "arm_ac72");
}

/* Every ARM PMU's detection shares one read of the file (libpfm4's parser). */
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
test_rk3399_is_a53_and_a72(void **state)
{
	(void)state;
	/*
	 * four A53 listed before two A72: since 4.13.0+git106 libpfm4 detects
	 * every core type (each event is then typed from its own sysfs PMU);
	 * 4.13.0 with our former patch 0003 chose the big core only
	 */
	assert_string_equal(present_arm_core_pmus("rk3399.txt"), "arm_ac53 arm_ac72");
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
	assert_string_equal(present_arm_core_pmus("rk3399.txt"), "arm_ac53 arm_ac72");
	assert_string_equal(present_arm_core_pmus("raspberry-pi3-a53.txt"), "arm_ac53");
}

static void
test_verbose_lists_core_types(void **state)
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
	/* libpfm4's parser names each distinct core type once */
	assert_non_null(strstr(buf, "Detected ARM CPU impl=0x41 arch=8 part=0xd03"));
	assert_non_null(strstr(buf, "Detected ARM CPU impl=0x41 arch=8 part=0xd08"));
	assert_null(strstr(strstr(buf, "part=0xd08") + 1, "part=0xd08"));
}

/*
 * Every event name of upstream 4.13.0+git106's arm_ac72 (the Cortex-A57
 * table, ctests/fixtures/libpfm4/arm_ac72-git106-names.txt, extracted from
 * the pristine source) still resolves in our arm_ac72, to the same code.
 */
static void
test_git106_a72_names_resolve(void **state)
{
	pfm_pmu_encode_arg_t arg;
	char line[256], name[128], ev[160];
	unsigned int code;
	int ret, n = 0, bad = 0;
	FILE *fp;

	(void)state;
	fp = fopen(LIBPFM4_FIXTURES "/arm_ac72-git106-names.txt", "r");
	assert_non_null(fp);
	present_arm_core_pmus("raspberry-pi4.txt");
	setenv("LIBPFM_PROC_CPUINFO", FIXTURES "/raspberry-pi4.txt", 1);
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	while (fgets(line, sizeof(line), fp)) {
		if (line[0] == '#' || sscanf(line, "%127s %x", name, &code) != 2)
			continue;
		n++;
		snprintf(ev, sizeof(ev), "arm_ac72::%s", name);
		memset(&arg, 0, sizeof(arg));
		arg.size = sizeof(arg);
		ret = pfm_get_os_event_encoding(ev, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &arg);
		if (ret != PFM_SUCCESS) {
			printf("  %s: %s\n", ev, pfm_strerror(ret));
			bad++;
		} else if ((arg.codes[0] & 0xffff) != code) {
			printf("  %s: code 0x%x, upstream 0x%x\n", ev,
			       (unsigned int)(arg.codes[0] & 0xffff), code);
			bad++;
		}
		free(arg.codes);
	}
	fclose(fp);
	pfm_terminate();
	assert_int_equal(n, 82);
	assert_int_equal(bad, 0);
}

/* The names PAPI gives the CPU: libpfm4's of each board's core PMUs */
/* (ctests/board_names.h; test_papi_substrate checks the rest)       */
static void
test_board_core_names(void **state)
{
	int n;

	(void)state;
	assert_int_equal(board_core_names_differ(FIXTURES, "aarch64", &n), 0);
	assert_true(n > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_core_names),
		cmocka_unit_test(test_raspberry_pi4_is_a72),
		cmocka_unit_test(test_graviton2_is_n1),
		cmocka_unit_test(test_cpuinfo_read_once_per_initialization),
		cmocka_unit_test(test_rk3399_is_a53_and_a72),
		cmocka_unit_test(test_git106_a72_names_resolve),
		cmocka_unit_test(test_a53_board_is_a53),
		cmocka_unit_test(test_a72_id_is_upstreams),
		cmocka_unit_test(test_garbage_has_no_arm_core),
		cmocka_unit_test(test_empty_has_no_arm_core),
		cmocka_unit_test(test_missing_file_has_no_arm_core),
		cmocka_unit_test(test_riscv_has_no_arm_core),
		cmocka_unit_test(test_redetect_after_terminate),
		/* last: libpfm4 keeps verbose mode on once set */
		cmocka_unit_test(test_verbose_lists_core_types),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
