/*
 * RISC-V PMU detection in libpfm4 (sifive_u74 and the generic riscv PMU of
 * libpfm4-pmus/), with the cpuinfo fixtures in ctests/fixtures/cpuinfo and
 * LIBPFM_PROC_CPUINFO. Linked with the ARCH=riscv64 table build's static
 * libpfm.a, which runs on the host.
 *
 * Unpatched libpfm4 (4.13.0, 4.13.0+git106) never clears a PMU's "active"
 * flag, not even in pfm_terminate() (our patch 0004 fixes that), so a second
 * pfm_initialize() in one process would still show the PMUs of the first.
 * Each case runs in a child process all the same, independent of 0004:
 * set LIBPFM_PROC_CPUINFO, pfm_initialize(), look, pfm_terminate(), and
 * report what it saw in its exit status.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cmocka.h>

#include <perfmon/pfmlib.h>

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif

/*
 * libpfm4's ABI: PMU ids are appended, never renumbered. Ours follow
 * upstream's last (PFM_PMU_INTEL_GNR_UNC_IMC11 = 695 in 4.13.0+git106), and
 * programs built against them keep these numbers (libpfm4-pmus/README.md).
 */
_Static_assert(PFM_PMU_INTEL_GNR_UNC_IMC11 == 695, "upstream's last PMU id moved");
_Static_assert(PFM_PMU_SIFIVE_U74 == 696, "sifive_u74 is PMU id 696");
_Static_assert(PFM_PMU_RISCV == 697, "riscv is PMU id 697");
_Static_assert(PFM_PMU_ARM_CORTEX_A72 == 678, "arm_ac72 keeps upstream's id 678");

/* what a child saw */
#define SAW_U74		0x01	/* sifive_u74 is present */
#define SAW_GENERIC	0x02	/* riscv is present */
#define SAW_U74_EVENT	0x04	/* INTEGER_LOAD_RETIRED found without a PMU name */
#define SAW_FW_EVENT	0x08	/* FW_SET_TIMER found without a PMU name */
#define SAW_BAD_INFO	0x40	/* a present PMU with the wrong counters or events */
#define SAW_INIT_FAIL	0x80	/* pfm_initialize() failed */

/* 1 if present (with the expected counters and number of events), else 0 */
static int
present(pfm_pmu_t pmu, int cntrs, int fixed, int nevents, int *saw)
{
	pfm_pmu_info_t info;

	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	if (pfm_get_pmu_info(pmu, &info) != PFM_SUCCESS || !info.is_present)
		return 0;
	if (info.num_cntrs != cntrs || info.num_fixed_cntrs != fixed
	    || info.nevents != nevents || info.type != PFM_PMU_TYPE_CORE)
		*saw |= SAW_BAD_INFO;
	return 1;
}

static int
look(const char *path)
{
	int saw = 0;

	setenv("LIBPFM_PROC_CPUINFO", path, 1);
	unsetenv("LIBPFM_ENCODE_INACTIVE");
	unsetenv("LIBPFM_FORCE_PMU");
	unsetenv("LIBPFM_DISABLED_PMUS");

	if (pfm_initialize() != PFM_SUCCESS)
		return SAW_INIT_FAIL;
	/* U74: 2 programmable + 2 fixed counters; 35 events, 15 newer Linux
	 * names, 3 classes, 2 fixed-counter and 22 firmware events */
	if (present(PFM_PMU_SIFIVE_U74, 2, 2, 35 + 15 + 3 + 2 + 22, &saw))
		saw |= SAW_U74;
	if (present(PFM_PMU_RISCV, 0, 2, 2 + 22, &saw))
		saw |= SAW_GENERIC;
	if (pfm_find_event("INTEGER_LOAD_RETIRED") >= 0)
		saw |= SAW_U74_EVENT;
	if (pfm_find_event("FW_SET_TIMER") >= 0)
		saw |= SAW_FW_EVENT;
	pfm_terminate();
	return saw;
}

static int
detect_path(const char *path)
{
	int status;
	pid_t pid;

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(look(path));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static int
detect_fixture(const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	return detect_path(path);
}

/* a cpuinfo made up for one case, in a temporary file */
static int
detect_text(const char *text)
{
	char path[] = "/tmp/test_detect_riscv.XXXXXX";
	int fd, saw;

	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	saw = detect_path(path);
	unlink(path);
	return saw;
}

#define U74_LINUX6 "processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\nmmu\t\t: sv39\n" \
	"uarch\t\t: sifive,u74-mc\nmvendorid\t: 0x489\nmarchid\t\t: 0x8000000000000007\n" \
	"mimpid\t\t: 0x20181004\n\n"

static void
test_unmatched_linux6(void **state)
{
	(void)state;
	assert_int_equal(detect_fixture("hifive-unmatched-linux6.txt"),
			 SAW_U74 | SAW_U74_EVENT | SAW_FW_EVENT);
}

static void
test_unmatched_old_kernel(void **state)
{
	(void)state;
	/* no ids: the uarch line decides */
	assert_int_equal(detect_fixture("hifive-unmatched-linux5.txt"),
			 SAW_U74 | SAW_U74_EVENT | SAW_FW_EVENT);
}

static void
test_qemu_virt_is_generic(void **state)
{
	(void)state;
	assert_int_equal(detect_fixture("qemu-virt-riscv64.txt"),
			 SAW_GENERIC | SAW_FW_EVENT);
}

static void
test_truncated_is_not_u74(void **state)
{
	(void)state;
	/* marchid cut to "0x80": not the U74's id; still a RISC-V hart */
	assert_int_equal(detect_fixture("truncated-unmatched.txt"),
			 SAW_GENERIC | SAW_FW_EVENT);
}

static void
test_bad_files_detect_nothing(void **state)
{
	(void)state;
	assert_int_equal(detect_fixture("garbage.bin"), 0);
	assert_int_equal(detect_fixture("empty.txt"), 0);
	assert_int_equal(detect_fixture("does-not-exist.txt"), 0);
}

static void
test_arm_is_not_riscv(void **state)
{
	(void)state;
	assert_int_equal(detect_fixture("raspberry-pi4.txt"), 0);
	assert_int_equal(detect_fixture("aws-graviton2.txt"), 0);
}

static void
test_ids_decide_over_uarch(void **state)
{
	(void)state;
	/* the ids alone are enough */
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "mvendorid\t: 0x489\nmarchid\t\t: 0x8000000000000007\n"
				     "mimpid\t\t: 0x0\n\n"),
			 SAW_U74 | SAW_U74_EVENT | SAW_FW_EVENT);
	/* ids present but another core: uarch is not believed */
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u74-mc\nmvendorid\t: 0x489\n"
				     "marchid\t\t: 0x8000000000000008\nmimpid\t\t: 0x20181004\n\n"),
			 SAW_GENERIC | SAW_FW_EVENT);
	/* one id only, or an id that is not a number */
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u74-mc\nmvendorid\t: 0x489\n\n"),
			 SAW_GENERIC | SAW_FW_EVENT);
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u74-mc\nmvendorid\t: 0x489\n"
				     "marchid\t\t: 0x8000000000000007 \x01\n\n"),
			 SAW_GENERIC | SAW_FW_EVENT);
}

static void
test_uarch_forms(void **state)
{
	(void)state;
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u74\n\n"),
			 SAW_U74 | SAW_U74_EVENT | SAW_FW_EVENT);
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u74-mcx\n\n"),
			 SAW_GENERIC | SAW_FW_EVENT);
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u54-mc\n\n"),
			 SAW_GENERIC | SAW_FW_EVENT);
}

static void
test_every_hart_must_be_u74(void **state)
{
	(void)state;
	assert_int_equal(detect_text(U74_LINUX6 U74_LINUX6), SAW_U74 | SAW_U74_EVENT | SAW_FW_EVENT);
	assert_int_equal(detect_text(U74_LINUX6
				     "processor\t: 1\nhart\t\t: 2\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u54-mc\n\n"),
			 SAW_GENERIC | SAW_FW_EVENT);
	/* a line that is not a RISC-V isa makes it no RISC-V system at all */
	assert_int_equal(detect_text(U74_LINUX6 "processor\t: 1\nisa\t\t: x86\n\n"), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unmatched_linux6),
		cmocka_unit_test(test_unmatched_old_kernel),
		cmocka_unit_test(test_qemu_virt_is_generic),
		cmocka_unit_test(test_truncated_is_not_u74),
		cmocka_unit_test(test_bad_files_detect_nothing),
		cmocka_unit_test(test_arm_is_not_riscv),
		cmocka_unit_test(test_ids_decide_over_uarch),
		cmocka_unit_test(test_uarch_forms),
		cmocka_unit_test(test_every_hart_must_be_u74),
	};

	return cmocka_run_group_tests_name("libpfm4 RISC-V PMU detection", tests,
					   NULL, NULL);
}
