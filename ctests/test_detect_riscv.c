/*
 * RISC-V PMU detection in libpfm4 (the core PMUs and the generic riscv PMU of
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
#include "board_names.h"

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif

/*
 * libpfm4's ABI: PMU ids are appended, never renumbered, and never one that
 * upstream gave another PMU. Ours follow upstream's last id
 * (PFM_PMU_AMD64_FAM1AH_ZEN6_L3, libpfm4 6870a9f), which the release's
 * header reserves with the other ids upstream added after 4.13.0+git106
 * (libpfm4 patch "Reserve the PMU ids upstream libpfm4 gave after
 * 4.13.0+git106"); check-upstream-head compares the whole enum with
 * upstream's head (scripts/check-pmu-ids).
 */
_Static_assert(PFM_PMU_ARM_CORTEX_X4 == PFM_PMU_INTEL_GNR_UNC_IMC11 + 1, "upstream's X4 follows IMC11");
_Static_assert(PFM_PMU_ARM_OLYMPUS == PFM_PMU_ARM_CORTEX_X4 + 1, "upstream's Olympus follows X4");
_Static_assert(PFM_PMU_AMD64_FAM1AH_ZEN6 == PFM_PMU_ARM_OLYMPUS + 1, "upstream's Zen6 follows Olympus");
_Static_assert(PFM_PMU_AMD64_FAM1AH_ZEN6_L3 == PFM_PMU_AMD64_FAM1AH_ZEN6 + 1, "upstream's Zen6 L3 follows Zen6");
_Static_assert(PFM_PMU_SIFIVE_U74 == PFM_PMU_AMD64_FAM1AH_ZEN6_L3 + 1, "sifive_u74 follows upstream's last id");
_Static_assert(PFM_PMU_RISCV == PFM_PMU_SIFIVE_U74 + 1, "riscv follows sifive_u74");
/* the cores sent with them take the next ids, in their patch's order */
_Static_assert(PFM_PMU_SIFIVE_P550 == PFM_PMU_RISCV + 1, "sifive_p550 follows riscv");
_Static_assert(PFM_PMU_THEAD_C900 == PFM_PMU_SIFIVE_P550 + 1, "thead_c900 follows sifive_p550");
_Static_assert(PFM_PMU_ANDES_AX45 == PFM_PMU_THEAD_C900 + 1, "andes_ax45 follows thead_c900");
_Static_assert(PFM_PMU_OPENHW_CVA6 == PFM_PMU_ANDES_AX45 + 1, "openhw_cva6 follows andes_ax45");
/* the cores held back (no public manual, no board) the highest */
_Static_assert(PFM_PMU_SIFIVE_BULLET07 == PFM_PMU_OPENHW_CVA6 + 1, "sifive_bullet07 follows openhw_cva6");
_Static_assert(PFM_PMU_SIFIVE_BULLET0D == PFM_PMU_SIFIVE_BULLET07 + 1, "sifive_bullet0d follows sifive_bullet07");
_Static_assert(PFM_PMU_SIFIVE_P650 == PFM_PMU_SIFIVE_BULLET0D + 1, "sifive_p650 follows sifive_bullet0d");
_Static_assert(PFM_PMU_STARFIVE_DUBHE80 == PFM_PMU_SIFIVE_P650 + 1, "starfive_dubhe80 follows sifive_p650");
/* then the X60, held too (part of its event list only) */
_Static_assert(PFM_PMU_SPACEMIT_X60 == PFM_PMU_STARFIVE_DUBHE80 + 1, "spacemit_x60 follows starfive_dubhe80");
_Static_assert(PFM_PMU_MAX == PFM_PMU_SPACEMIT_X60 + 1, "spacemit_x60 is our last PMU id");

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

/* pfm_initialize() on the cpuinfo file path, no PMU forced or hidden */
static int
init_with(const char *path)
{
	setenv("LIBPFM_PROC_CPUINFO", path, 1);
	unsetenv("LIBPFM_ENCODE_INACTIVE");
	unsetenv("LIBPFM_FORCE_PMU");
	unsetenv("LIBPFM_DISABLED_PMUS");
	return pfm_initialize();
}

static int
look(const char *path)
{
	int saw = 0;

	if (init_with(path) != PFM_SUCCESS)
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

/* what a child that runs looker() on path saw (its exit status) */
typedef int (*looker_t)(const char *path);

static int
in_child(looker_t looker, const char *path)
{
	int status;
	pid_t pid;

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(looker(path));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static int
fixture_in_child(looker_t looker, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	return in_child(looker, path);
}

/* a cpuinfo made up for one case, in a temporary file */
static int
text_in_child(looker_t looker, const char *text)
{
	char path[] = "/tmp/test_detect_riscv.XXXXXX";
	int fd, saw;

	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	saw = in_child(looker, path);
	unlink(path);
	return saw;
}

#define detect_fixture(name)	fixture_in_child(look, name)
#define detect_text(text)	text_in_child(look, text)

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
	/* ids present but of an unknown core: uarch is not believed */
	assert_int_equal(detect_text("processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc\n"
				     "uarch\t\t: sifive,u74-mc\nmvendorid\t: 0x489\n"
				     "marchid\t\t: 0x8000000000000009\nmimpid\t\t: 0x20181004\n\n"),
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

/*
 * Every RISC-V PMU: detection must leave exactly one of them active on a
 * RISC-V system (the core's, or the generic one), none elsewhere.
 */
static const pfm_pmu_t riscv_pmus[]={
	PFM_PMU_SIFIVE_U74, PFM_PMU_RISCV, PFM_PMU_SIFIVE_P550,
	PFM_PMU_THEAD_C900, PFM_PMU_ANDES_AX45, PFM_PMU_OPENHW_CVA6,
	PFM_PMU_SIFIVE_BULLET07, PFM_PMU_SIFIVE_BULLET0D, PFM_PMU_SIFIVE_P650,
	PFM_PMU_STARFIVE_DUBHE80, PFM_PMU_SPACEMIT_X60,
};
#define NRISCV_PMUS (int)(sizeof(riscv_pmus)/sizeof(riscv_pmus[0]))
#define ONLY_NONE	0	/* no RISC-V PMU */
#define ONLY_MANY	0xfe	/* more than one */

/* in a child: 1 + the index in riscv_pmus[] of the only active one */
static int
look_only(const char *path)
{
	pfm_pmu_info_t info;
	int i, only = ONLY_NONE;

	if (init_with(path) != PFM_SUCCESS)
		return SAW_INIT_FAIL;
	for (i = 0; i < NRISCV_PMUS; i++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info(riscv_pmus[i], &info) != PFM_SUCCESS || !info.is_present)
			continue;
		only = only == ONLY_NONE ? i + 1 : ONLY_MANY;
	}
	pfm_terminate();
	return only;
}

static int
only_pmu(pfm_pmu_t pmu)
{
	int i;

	for (i = 0; i < NRISCV_PMUS; i++)
		if (riscv_pmus[i] == pmu)
			return i + 1;
	fail();
	return ONLY_NONE;
}

static void
assert_only_fixture(const char *name, pfm_pmu_t pmu)
{
	int got = fixture_in_child(look_only, name);

	if (got != only_pmu(pmu))
		fail_msg("%s: active RISC-V PMU %d (index + 1), expected %d", name, got, only_pmu(pmu));
}

/* one hart with these ids (NULL: line left out) and uarch (NULL: none) */
static void
assert_only_ids(const char *vendor, const char *arch, const char *imp, const char *uarch,
		pfm_pmu_t pmu)
{
	char text[512];
	int got;

	snprintf(text, sizeof(text), "processor\t: 0\nhart\t\t: 0\nisa\t\t: rv64imafdc\n"
		 "%s%s%s%s%s%s%s%s%s%s%s%s\n",
		 uarch ? "uarch\t\t: " : "", uarch ? uarch : "", uarch ? "\n" : "",
		 vendor ? "mvendorid\t: " : "", vendor ? vendor : "", vendor ? "\n" : "",
		 arch ? "marchid\t\t: " : "", arch ? arch : "", arch ? "\n" : "",
		 imp ? "mimpid\t\t: " : "", imp ? imp : "", imp ? "\n" : "");
	got = text_in_child(look_only, text);
	if (got != only_pmu(pmu))
		fail_msg("%s-%s-%s uarch %s: active RISC-V PMU %d (index + 1), expected %d",
			 vendor ? vendor : "-", arch ? arch : "-", imp ? imp : "-",
			 uarch ? uarch : "-", got, only_pmu(pmu));
}

/*
 * One fixture per board of each core (ids as published cpuinfo dumps show
 * them; where no dump was found, the ids of Linux's mapfile with mimpid 0x0:
 * JH8100, RZ/Five, Genesys 2). SpacemiT X60 (Banana Pi BPI-F3): the row of
 * SpacemiT's kernel's mapfile, not Linux's.
 */
static void
test_boards(void **state)
{
	(void)state;
	assert_only_fixture("hifive-unmatched-linux6.txt", PFM_PMU_SIFIVE_U74);
	assert_only_fixture("visionfive2-jh7110.txt", PFM_PMU_SIFIVE_U74);
	assert_only_fixture("hifive-premier-p550.txt", PFM_PMU_SIFIVE_P550);
	assert_only_fixture("nezha-d1.txt", PFM_PMU_THEAD_C900);
	assert_only_fixture("licheepi4a-th1520.txt", PFM_PMU_THEAD_C900);
	assert_only_fixture("milkv-pioneer-sg2042.txt", PFM_PMU_THEAD_C900);
	assert_only_fixture("sg2044-c920v2.txt", PFM_PMU_THEAD_C900);
	assert_only_fixture("jh8100-dubhe80.txt", PFM_PMU_STARFIVE_DUBHE80);
	assert_only_fixture("rzfive-ax45mp.txt", PFM_PMU_ANDES_AX45);
	assert_only_fixture("genesys2-cva6.txt", PFM_PMU_OPENHW_CVA6);
	assert_only_fixture("bpi-f3-spacemit-k1.txt", PFM_PMU_SPACEMIT_X60);
	assert_only_fixture("long-isa-k1.txt", PFM_PMU_SPACEMIT_X60);
	assert_only_fixture("qemu-virt-riscv64.txt", PFM_PMU_RISCV);
	/* SpacemiT K3: 8 X100 and 8 A100 harts, neither core known (the  */
	/* /proc/cpuinfo of a board under SpacemiT's kernel published in   */
	/* github.com/sanderjo/SpacemiT-K3-X100-A100, proc-cpuinfo.md)     */
	assert_only_fixture("spacemit-k3.txt", PFM_PMU_RISCV);
	assert_int_equal(fixture_in_child(look_only, "raspberry-pi4.txt"), ONLY_NONE);
}

/* the mapfile's patterns, at and beyond their edges */
static void
test_mapfile_patterns(void **state)
{
	(void)state;
	/* sifive/bullet-07: marchid bits 11:8 in 1-e, mimpid 0x7/0x8/0xa/0xc.. */
	assert_only_ids("0x489", "0x8000000000000107", "0x7000", NULL, PFM_PMU_SIFIVE_BULLET07);
	assert_only_ids("0x489", "0x8000000000000e07", "0x8abc", NULL, PFM_PMU_SIFIVE_BULLET07);
	assert_only_ids("0x489", "0x8000000000000507", "0xa1", NULL, PFM_PMU_SIFIVE_BULLET07);
	assert_only_ids("0x489", "0x8000000000000507", "0xc0000000", NULL, PFM_PMU_SIFIVE_BULLET07);
	assert_only_ids("0x489", "0x8000000000000f07", "0x7000", NULL, PFM_PMU_RISCV);
	assert_only_ids("0x489", "0x8000000000000107", "0x7", NULL, PFM_PMU_RISCV);
	assert_only_ids("0x489", "0x8000000000000107", "0x9000", NULL, PFM_PMU_RISCV);
	assert_only_ids("0x489", "0x8000000000000107", NULL, NULL, PFM_PMU_RISCV);
	/* sifive/bullet-0d: same marchids, mimpid 0xd.. */
	assert_only_ids("0x489", "0x8000000000000207", "0xd0123", NULL, PFM_PMU_SIFIVE_BULLET0D);
	/* sifive/bullet (the U74): bits 11:8 zero, any mimpid */
	assert_only_ids("0x489", "0x8000000000000007", "0xd0123", NULL, PFM_PMU_SIFIVE_U74);
	/* sifive/p550 and sifive/p650 */
	assert_only_ids("0x489", "0x8000000000000008", "0x1", NULL, PFM_PMU_SIFIVE_P550);
	assert_only_ids("0x489", "0x8000000000000108", "0x9000", NULL, PFM_PMU_SIFIVE_P650);
	assert_only_ids("0x489", "0x8000000000000608", "0xb1", NULL, PFM_PMU_SIFIVE_P650);
	assert_only_ids("0x489", "0x8000000000000708", "0x9000", NULL, PFM_PMU_RISCV);
	assert_only_ids("0x489", "0x8000000000000108", "0xa000", NULL, PFM_PMU_RISCV);
	/* thead/c900-legacy: exact ids */
	assert_only_ids("0x5b7", "0x80000000090c0d00", "0x2047001", NULL, PFM_PMU_RISCV);
	assert_only_ids("0x5b7", "0x0", "0x1", NULL, PFM_PMU_RISCV);
	/* openhwgroup/cva6: exact ids */
	assert_only_ids("0x602", "0x3", "0x1", NULL, PFM_PMU_RISCV);
	/* starfive/dubhe-80: Dubhe-80 and Dubhe-90 */
	assert_only_ids("0x67e", "0x80000000db000090", "0x5", NULL, PFM_PMU_STARFIVE_DUBHE80);
	assert_only_ids("0x67e", "0x80000000db0000a0", "0x5", NULL, PFM_PMU_RISCV);
	/* andes/ax45: any mimpid */
	assert_only_ids("0x31e", "0x8000000000008a45", "0x123456", NULL, PFM_PMU_ANDES_AX45);
	assert_only_ids("0x31e", "0x8000000000008a25", "0x0", NULL, PFM_PMU_RISCV);
	/* spacemit/x60 (SpacemiT's kernel): any mimpid, or none */
	assert_only_ids("0x710", "0x8000000058000001", "0x2000000012345678", NULL, PFM_PMU_SPACEMIT_X60);
	assert_only_ids("0x710", "0x8000000058000001", NULL, NULL, PFM_PMU_SPACEMIT_X60);
	assert_only_ids("0x710", "0x8000000058000101", "0x1000000049772200", NULL, PFM_PMU_RISCV);
	/* SpacemiT X100, unknown vendors */
	assert_only_ids("0x710", "0x8000000058000002", "0x33d8a600", NULL, PFM_PMU_RISCV);
	assert_only_ids("0x123", "0x8000000000000007", "0x0", NULL, PFM_PMU_RISCV);
}

/* the device-tree uarch line where the ids are missing or all zero */
static void
test_uarch_fallback(void **state)
{
	(void)state;
	assert_only_ids(NULL, NULL, NULL, "thead,c906", PFM_PMU_THEAD_C900);
	assert_only_ids(NULL, NULL, NULL, "thead,c910", PFM_PMU_THEAD_C900);
	assert_only_ids(NULL, NULL, NULL, "thead,c920", PFM_PMU_THEAD_C900);
	assert_only_ids("0x0", "0x0", "0x0", "thead,c906", PFM_PMU_THEAD_C900);
	assert_only_ids("0x0", "0x0", NULL, "thead,c910", PFM_PMU_THEAD_C900);
	assert_only_ids(NULL, NULL, NULL, "sifive,p550", PFM_PMU_SIFIVE_P550);
	assert_only_ids(NULL, NULL, NULL, "andestech,ax45mp", PFM_PMU_ANDES_AX45);
	assert_only_ids("0x0", "0x0", "0x0", "spacemit,x60", PFM_PMU_SPACEMIT_X60);
	assert_only_ids("0x0", "0x0", "0x0", "sifive,u74-mc", PFM_PMU_SIFIVE_U74);
	/* ids present and known decide over uarch, unknown ones too */
	assert_only_ids("0x489", "0x8000000000000008", "0x0", "thead,c906", PFM_PMU_SIFIVE_P550);
	assert_only_ids("0x710", "0x8000000058000001", "0x0", "thead,c906", PFM_PMU_SPACEMIT_X60);
	assert_only_ids("0x710", "0x8000000058000002", "0x0", "spacemit,x60", PFM_PMU_RISCV);
	/* no ids and an unknown or missing uarch */
	assert_only_ids("0x0", "0x0", "0x0", NULL, PFM_PMU_RISCV);
	assert_only_ids(NULL, NULL, NULL, "thead,c908", PFM_PMU_RISCV);
}

/* harts of different cores: the generic PMU, and only it */
static void
test_mixed_harts_generic(void **state)
{
	(void)state;
	assert_int_equal(detect_text(U74_LINUX6
				     "processor\t: 1\nhart\t\t: 2\nisa\t\t: rv64imafdc\n"
				     "mvendorid\t: 0x489\nmarchid\t\t: 0x8000000000000008\n"
				     "mimpid\t\t: 0x6220425\n\n"),
			 SAW_GENERIC | SAW_FW_EVENT);
	/* a known core's hart first, then one of an unknown core of the */
	/* same vendor (an X60, then a K3's X100): the generic PMU alone  */
	assert_int_equal(text_in_child(look_only,
				       "processor\t: 0\nhart\t\t: 0\nisa\t\t: rv64imafdcv\n"
				       "mvendorid\t: 0x710\nmarchid\t\t: 0x8000000058000001\n"
				       "mimpid\t\t: 0x1000000049772200\n\n"
				       "processor\t: 1\nhart\t\t: 1\nisa\t\t: rv64imafdcv\n"
				       "mvendorid\t: 0x710\nmarchid\t\t: 0x8000000058000002\n"
				       "mimpid\t\t: 0x33d8a600\n\n"),
			 only_pmu(PFM_PMU_RISCV));
}

/*
 * The ids reserved for upstream's PMUs name no PMU in this build: nothing
 * answers under them, not even in a library holding every table.
 */
static void
test_upstream_ids_reserved(void **state)
{
	static const pfm_pmu_t reserved[] = {
		PFM_PMU_ARM_CORTEX_X4, PFM_PMU_ARM_OLYMPUS,
		PFM_PMU_AMD64_FAM1AH_ZEN6, PFM_PMU_AMD64_FAM1AH_ZEN6_L3,
	};
	pfm_pmu_info_t info;
	size_t i;

	(void)state;
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	for (i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		assert_int_not_equal(pfm_get_pmu_info(reserved[i], &info), PFM_SUCCESS);
	}
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	assert_int_equal(pfm_get_pmu_info(PFM_PMU_SIFIVE_U74, &info), PFM_SUCCESS);
	assert_string_equal(info.name, "sifive_u74");
	pfm_terminate();
}

/* The names PAPI gives the CPU: libpfm4's of each board's core PMUs */
/* (ctests/board_names.h; test_papi_substrate checks the rest)       */
static void
test_board_core_names(void **state)
{
	int n;

	(void)state;
	assert_int_equal(board_core_names_differ(FIXTURES, "riscv64", &n), 0);
	assert_true(n > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_core_names),
		cmocka_unit_test(test_unmatched_linux6),
		cmocka_unit_test(test_unmatched_old_kernel),
		cmocka_unit_test(test_qemu_virt_is_generic),
		cmocka_unit_test(test_truncated_is_not_u74),
		cmocka_unit_test(test_bad_files_detect_nothing),
		cmocka_unit_test(test_arm_is_not_riscv),
		cmocka_unit_test(test_ids_decide_over_uarch),
		cmocka_unit_test(test_uarch_forms),
		cmocka_unit_test(test_every_hart_must_be_u74),
		cmocka_unit_test(test_boards),
		cmocka_unit_test(test_mapfile_patterns),
		cmocka_unit_test(test_uarch_fallback),
		cmocka_unit_test(test_mixed_harts_generic),
		/* last: pfm_initialize() in this process */
		cmocka_unit_test(test_upstream_ids_reserved),
	};

	return cmocka_run_group_tests_name("libpfm4 RISC-V PMU detection", tests,
					   NULL, NULL);
}
