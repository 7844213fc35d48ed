/*
 * Unit tests of our PAPI substrate internals, linked with the host build's
 * static libpapi.a: cpuinfo decoding into the hardware info (the
 * fixtures of ctests/fixtures/cpuinfo opened for /proc/cpuinfo, see open()
 * below), the CPU clock and its
 * source (cpufreq and device tree files from ctests/fixtures/cpu-clock, see
 * open() below), the cycle timer's arithmetic and monotonicity, PAPI's
 * timers going through the C library's clock_gettime() (counted by the
 * wrapper below), and the perf_event PMU probe's decision logic with a
 * fault-injected perf_event_open.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <dlfcn.h>
#include <dirent.h>
#include <linux/perf_event.h>
#include <cmocka.h>

#include "papi.h"
#include "linux-cycles.h"
#include "linux-cpuinfo.h"
#include "components/perf_event/pe_pmu_probe.h"
#include "open_hook.h"
#include "board_names.h"

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif

/* linux-common.c */
int _linux_get_cpu_info(PAPI_hw_info_t *hwinfo, int *cpuinfo_mhz);
const char *_linux_cpu_mhz_source(void);

/*
 * PAPI reads the CPU clock's sysfs and device tree files with open(), and
 * libpapi.a is linked into this program: its open() and open64() are
 * those of open_hook.h.  While clock_root is set, they open cpu0's
 * cpufreq/ and of_node/ files from that directory instead (a directory
 * that does not exist is a machine with neither); while cpuinfo_fixture is
 * set, that file for /proc/cpuinfo (PAPI reads /proc/cpuinfo, never a file
 * an environment variable names); every other file is opened as asked.
 * cpuinfo_opened counts the opens of /proc/cpuinfo.
 */
#define CLOCK_FIXTURES FIXTURES "/../cpu-clock"
#define SYS_CPU0 "/sys/devices/system/cpu/cpu0/"

static const char *clock_root;
static const char *cpuinfo_fixture;
static int cpuinfo_opened;

static const char *
open_hook(const char *path, char *buf, size_t size)
{
	const char *rest;

	if (path && strcmp(path, "/proc/cpuinfo") == 0) {
		cpuinfo_opened++;
		if (cpuinfo_fixture)
			return cpuinfo_fixture;
	}
	if (!clock_root || !path || strncmp(path, SYS_CPU0, strlen(SYS_CPU0)))
		return path;
	rest = path + strlen(SYS_CPU0);
	if (strncmp(rest, "cpufreq/", 8) && strncmp(rest, "of_node/", 8))
		return path;
	snprintf(buf, size, "%s/%s", clock_root, rest);
	return buf;
}

/*
 * clock_gettime() for libpapi.a, as open() above: counts the calls per
 * clock, then calls the C library's (the vDSO where the clock allows).
 * PAPI 7.2.0's timers made the system call instead, past this wrapper.
 */
static int clock_calls[16];

int
clock_gettime(clockid_t id, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);

	if (id >= 0 && id < 16)
		clock_calls[id]++;
	if (!real)
		real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
	return real(id, ts);
}

static void
use_fixture(const char *name)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	cpuinfo_fixture = path;
}

/* decoded as on a machine without cpufreq and device tree clock */
static void
decode(const char *fixture, PAPI_hw_info_t *hw, int *mhz)
{
	memset(hw, 0, sizeof(*hw));
	*mhz = 0;
	use_fixture(fixture);
	clock_root = CLOCK_FIXTURES "/none";
	assert_int_equal(_linux_get_cpu_info(hw, mhz), PAPI_OK);
	clock_root = NULL;
	cpuinfo_fixture = NULL;
}

/* ---- CPU identification ------------------------------------------- */

/* PAPI reads /proc/cpuinfo; LIBPFM_PROC_CPUINFO is libpfm4's (the   */
/* port's PAPI 7.0.0 read the file it named)                        */
static void
test_cpuinfo_path(void **state)
{
	PAPI_hw_info_t hw;
	int mhz = 0;

	(void)state;
	setenv("LIBPFM_PROC_CPUINFO", FIXTURES "/rk3399.txt", 1);
	cpuinfo_fixture = NULL;
	cpuinfo_opened = 0;
	memset(&hw, 0, sizeof(hw));
	assert_int_equal(_linux_get_cpu_info(&hw, &mhz), PAPI_OK);
	unsetenv("LIBPFM_PROC_CPUINFO");
	/* /proc/cpuinfo itself was opened, not the file the variable names */
	assert_true(cpuinfo_opened >= 1);
}

static void
test_unmatched_linux6(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;
	FILE *f;

	(void)state;
	decode("hifive-unmatched-linux6.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_SIFIVE);
	assert_string_equal(hw.vendor_string, "SiFive");
	/* the kernel names no core: the uarch string until libpfm4 does */
	assert_string_equal(hw.model_string,
		"sifive,u74-mc (rv64imafdc, marchid 0x8000000000000007, mimpid 0x20181004)");
	assert_int_equal(hw.model, 7);
	assert_int_equal(hw.cpuid_family, 0x489);
	assert_int_equal(hw.cpuid_model, 7);
	assert_int_equal(hw.cpuid_stepping, 0x20181004);
	/* no "cpu MHz", no BogoMIPS guess: unknown */
	assert_true(mhz < 1);

	f = fopen(FIXTURES "/hifive-unmatched-linux6.txt", "r");
	assert_non_null(f);
	assert_int_equal(_linux_cpuinfo_count_cpus(f), 4);
	fclose(f);
}

static void
test_unmatched_linux5_no_ids(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("hifive-unmatched-linux5.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_SIFIVE);
	assert_string_equal(hw.vendor_string, "SiFive");
	assert_string_equal(hw.model_string, "sifive,u74-mc (rv64imafdc)");
	assert_int_equal(hw.cpuid_family, 0);
}

static void
test_truncated_unmatched(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("truncated-unmatched.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_SIFIVE);
	/* the core is named from uarch; ids are reported as they read */
	assert_non_null(strstr(hw.model_string, "sifive,u74-mc ("));
	assert_non_null(strstr(hw.model_string, "marchid 0x80,"));
}

static void
test_unknown_riscv_vendor(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("qemu-virt-riscv64.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_RISCV);
	assert_string_equal(hw.vendor_string, "RISC-V mvendorid 0x0");
	assert_true(strncmp(hw.model_string, "RISC-V (rv64imafdch_zicbom", 26) == 0);
	assert_non_null(strstr(hw.model_string, "marchid 0x0, mimpid 0x0)"));
}

/* The isa in parentheses: the whole isa line, or a prefix of it that */
/* ends between two '_'-separated tokens, then "_..."                 */
static void
assert_isa_whole_or_cut_at_token(const char *model, const char *isa)
{
	const char *s = strstr(model, " (rv"), *e;
	size_t n;

	assert_non_null(s);
	s += 2;
	e = s + strcspn(s, ",)");
	n = (size_t)(e - s);
	if (n == strlen(isa) && strncmp(s, isa, n) == 0)
		return;
	assert_true(n > 4);
	assert_memory_equal(e - 4, "_...", 4);
	/* the kept part is the isa's up to one of its '_' */
	assert_true(strncmp(s, isa, n - 4) == 0);
	assert_int_equal(isa[n - 4], '_');
}

/* An isa line longer than the model string holds (Linux 6.x prints one */
/* token per extension): shortened between tokens, marked with "_..."   */
static void
test_long_isa_cut_at_token(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("long-isa-k1.txt", &hw, &mhz);
	assert_string_equal(hw.model_string,
		"spacemit,x60 (rv64imafdcv_zicbom_zicboz_zicntr_zicond_zicsr_..., "
		"marchid 0x8000000058000001, mimpid 0x1000000049772200)");
	assert_true(strlen(hw.model_string) < PAPI_MAX_STR_LEN - 1);
	assert_isa_whole_or_cut_at_token(hw.model_string,
		"rv64imafdcv_zicbom_zicboz_zicntr_zicond_zicsr_zifencei_zihintpause_"
		"zihpm_zfh_zfhmin_zca_zcd_zba_zbb_zbc_zbs_zkt_zve32f_zve32x_zve64d_"
		"zve64f_zve64x_zvfh_zvfhmin_zvkt_sscofpmf_sstc_svinval_svnapot_svpbmt");

	/* the isa of QEMU's virt machine fits: whole */
	decode("qemu-virt-riscv64.txt", &hw, &mhz);
	assert_isa_whole_or_cut_at_token(hw.model_string,
		"rv64imafdch_zicbom_zicboz_zicntr_zicsr_zifencei_zihintpause_zihpm_zba_zbb_zbs_sstc");
}

/* JEDEC names of mvendorid: T-Head's 0x5b7 and SpacemiT's 0x710 as */
/* SiFive's 0x489                                                   */
static void
test_riscv_vendor_names(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("sg2044-c920v2.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_RISCV);
	assert_string_equal(hw.vendor_string, "T-Head");
	decode("hifive-premier-p550.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_SIFIVE);
	assert_string_equal(hw.vendor_string, "SiFive");
	decode("bpi-f3-spacemit-k1.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_RISCV);
	assert_string_equal(hw.vendor_string, "SpacemiT");
}

/* The model string PAPI reports on each board: its cpuinfo decoded, */
/* then named with libpfm4's names of the core PMUs (board_names.h;  */
/* test_detect_riscv and test_detect_arm check those names)          */
static void
test_board_model_strings(void **state)
{
	PAPI_hw_info_t hw;
	size_t i;
	int mhz;

	(void)state;
	for (i = 0; i < NUM_BOARD_NAMES; i++) {
		decode(board_names[i].fixture, &hw, &mhz);
		_linux_cpuinfo_name_cores(&hw, board_names[i].cores);
		if (strcmp(hw.model_string, board_names[i].model))
			fail_msg("%s: model string \"%s\", expected \"%s\"",
				 board_names[i].fixture, hw.model_string,
				 board_names[i].model);
		assert_true(strlen(hw.model_string) < PAPI_MAX_STR_LEN);
	}
}

/* The names replace only the decoder's: a longer name shortens the */
/* isa more (from the whole line), an x86 model name stays          */
static void
test_name_cores_rules(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("long-isa-k1.txt", &hw, &mhz);
	_linux_cpuinfo_name_cores(&hw, "A Core Name Of Exactly Forty Characters!");
	assert_string_equal(hw.model_string,
		"A Core Name Of Exactly Forty Characters! (rv64imafdcv_zicbom_zicboz_..., "
		"marchid 0x8000000058000001, mimpid 0x1000000049772200)");
	/* named again: the same isa, from the whole line */
	_linux_cpuinfo_name_cores(&hw, "SiFive U74-MC");
	assert_string_equal(hw.model_string,
		"SiFive U74-MC (rv64imafdcv_zicbom_zicboz_zicntr_zicond_zicsr_..., "
		"marchid 0x8000000058000001, mimpid 0x1000000049772200)");
	/* no names: unchanged */
	_linux_cpuinfo_name_cores(&hw, "");
	assert_non_null(strstr(hw.model_string, "SiFive U74-MC ("));

	/* after an x86 (or Arm) file, nothing of the RISC-V harts is kept */
	decode("x86-64-no-cpu-mhz.txt", &hw, &mhz);
	assert_true(hw.model_string[0] != '\0');
	hw.model_string[0] = '\0';
	_linux_cpuinfo_name_cores(&hw, "ARM Cortex A72");
	assert_string_equal(hw.model_string, "ARM Cortex A72");
}

/* RISC-V harts of two core types, each with the kernel's model name  */
/* (SpacemiT K3: the fixture is the /proc/cpuinfo of a board published */
/* in github.com/sanderjo/SpacemiT-K3-X100-A100, proc-cpuinfo.md): both */
/* types named, and kept when libpfm4 names a core; the numbers are the */
/* first hart's                                                         */
static void
test_riscv_core_types_kernel_names(void **state)
{
	static const char k3[] =
		"Spacemit(R) X100 + Spacemit(R) A100 (marchid 0x8000000058000002 + "
		"0x8000000041000002, mimpid 0x33d8a600 + 0x10000000d5686200)";
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("spacemit-k3.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_RISCV);
	assert_string_equal(hw.vendor_string, "SpacemiT");
	assert_string_equal(hw.model_string, k3);
	assert_int_equal(hw.model, 0x58000002);
	assert_int_equal(hw.cpuid_family, 0x710);
	assert_int_equal(hw.cpuid_model, 0x58000002);
	assert_int_equal(hw.cpuid_stepping, 0x33d8a600);
	/* a kernel's model name is not replaced by libpfm4's */
	_linux_cpuinfo_name_cores(&hw, "SpacemiT X60");
	assert_string_equal(hw.model_string, k3);
}

static void
test_arm_no_bogomips_mhz(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("aws-graviton2.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_ARM_ARM);
	assert_int_equal(hw.cpuid_model, 0xd0c);
	/* BogoMIPS 243.75 is the timer, not the clock: no MHz from it */
	assert_true(mhz < 1);

	decode("raspberry-pi4.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_ARM_ARM);
	assert_int_equal(hw.cpuid_model, 0xd08);
}

static void
test_bad_cpuinfo(void **state)
{
	PAPI_hw_info_t hw;
	int mhz;

	(void)state;
	decode("garbage.bin", &hw, &mhz);
	assert_int_not_equal(hw.vendor, PAPI_VENDOR_SIFIVE);
	decode("empty.txt", &hw, &mhz);
	assert_int_equal(hw.vendor, PAPI_VENDOR_UNKNOWN);
	assert_true(mhz < 1);
}

/* ---- /proc/cpuinfo searched in memory ----------------------------- */

/* The search _linux_cpuinfo_find() replaces (linux-common.c's          */
/* search_cpu_info() before): the first piece fgets() reads that holds key */
static int
find_with_stdio(FILE *f, const char *key, char *line, size_t size)
{
	rewind(f);
	while (fgets(line, (int)size, f) != NULL)
		if (strstr(line, key) != NULL)
			return 1;
	return 0;
}

/* Every fixture, every key PAPI looks for and some that match inside  */
/* lines, at the end of the file or nowhere, with fgets()' buffer of     */
/* PAPI_HUGE_STR_LEN and smaller ones (long lines read in pieces, keys  */
/* cut in two, NULs in garbage.bin): the same line found, or none.       */
static void
test_cpuinfo_find_as_stdio(void **state)
{
	static const char *const keys[] = {
		"cpu MHz", "clock", "vendor_id", "vendor", "system type",
		"platform", "CPU implementer", "cpu family", "model",
		"model name", "stepping", "cpu", "revision", "Processor",
		"CPU architecture", "CPU part", "CPU variant", "BogoMIPS",
		"cpu model", "processor", "hart", "isa", "mvendorid", "flags",
		"Hardware", "Serial", ":", " ", "\t", "0", "e", "a b",
		"0x8000000000000007", "no such key"
	};
	static const size_t sizes[] = { PAPI_HUGE_STR_LEN, 100, 17, 5, 2 };
	char path[4096], want[PAPI_HUGE_STR_LEN], got[PAPI_HUGE_STR_LEN];
	struct dirent *e;
	int files = 0, found = 0, w, g;
	size_t k, z;
	FILE *ref, *f;
	DIR *d;

	(void)state;
	d = opendir(FIXTURES);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", FIXTURES, e->d_name);
		ref = fopen(path, "r");
		assert_non_null(ref);
		use_fixture(e->d_name);
		f = _linux_cpuinfo_fopen();
		cpuinfo_fixture = NULL;
		assert_non_null(f);
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
			for (z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
				w = find_with_stdio(ref, keys[k], want, sizes[z]);
				g = _linux_cpuinfo_find(f, keys[k], got, sizes[z]);
				if (g < 0) {
					/* only an empty file is left to stdio */
					assert_int_equal(fseek(ref, 0, SEEK_END), 0);
					assert_int_equal(ftell(ref), 0);
					continue;
				}
				if (g != w || (w && strcmp(got, want) != 0))
					fail_msg("%s, \"%s\", %zu bytes: %s%s; stdio: %s%s",
						 e->d_name, keys[k], sizes[z],
						 g ? "found " : "not found",
						 g ? got : "", w ? "found " : "not found",
						 w ? want : "");
				found += w;
			}
		}
		fclose(f);
		fclose(ref);
		files++;
	}
	closedir(d);
	assert_true(files >= 20);
	assert_true(found >= 1000);
	/* a stream not opened by _linux_cpuinfo_fopen() is not searched */
	assert_int_equal(_linux_cpuinfo_find(stdin, "cpu", got, sizeof(got)), -1);
}

/* ---- CPU clock (docs/cpu-clock.md) -------------------------------- */

/* PAPI initialized on the cpuinfo fixture and the cpufreq/ and of_node/ */
/* files of ctests/fixtures/cpu-clock/ROOT: the clock PAPI hands out and */
/* its source (NULL: none, the clock is unknown).                       */
static void
clock_is(const char *cpuinfo, const char *root, int max, int min,
	 const char *source)
{
	static char dir[4096];
	const PAPI_hw_info_t *hw;
	const char *from;

	use_fixture(cpuinfo);
	snprintf(dir, sizeof(dir), "%s/%s", CLOCK_FIXTURES, root);
	clock_root = dir;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	clock_root = NULL;
	cpuinfo_fixture = NULL;
	hw = PAPI_get_hardware_info();
	assert_non_null(hw);
	assert_int_equal(hw->cpu_max_mhz, max);
	assert_int_equal(hw->cpu_min_mhz, min);
	assert_int_equal(PAPI_get_opt(PAPI_CLOCKRATE, NULL), max);
	from = _linux_cpu_mhz_source();
	if (source == NULL) {
		assert_null(from);
	} else {
		assert_non_null(from);
		assert_non_null(strstr(from, source));
	}
	PAPI_shutdown();
}

/* a case that failed leaves PAPI initialized: not the next one's problem */
static int
clock_teardown(void **state)
{
	(void)state;
	clock_root = NULL;
	cpuinfo_fixture = NULL;
	if (PAPI_is_initialized())
		PAPI_shutdown();
	return 0;
}

/* cpufreq first (kHz), before "cpu MHz" and the device tree */
static void
test_clock_cpufreq_first(void **state)
{
	(void)state;
	clock_is("raspberry-pi4.txt", "cpufreq-and-dt", 1500, 600, "cpufreq");
	clock_is("x86-64-kvm-epyc.txt", "cpufreq-and-dt", 1500, 600, "cpufreq");
}

/* "cpu MHz" (x86: this build machine's, truncated), else "clock"      */
/* (POWER), both before the device tree                                */
static void
test_clock_cpuinfo_line(void **state)
{
	(void)state;
	clock_is("x86-64-kvm-epyc.txt", "dt32", 2096, 2096, "\"cpu MHz\"");
	clock_is("power9-lpar.txt", "dt32", 2750, 2750, "\"clock\"");
}

/* cpu0's clock-frequency, one 32-bit or 64-bit cell (Hz) */
static void
test_clock_device_tree(void **state)
{
	(void)state;
	/* 0x47868c00: 1.2 GHz, a HiFive Unmatched's U74 */
	clock_is("hifive-unmatched-linux6.txt", "dt32", 1200, 1200, "device tree");
	/* 0x0000000165a0bc00: 6 GHz, more than 32 bits hold */
	clock_is("qemu-virt-riscv64.txt", "dt64", 6000, 6000, "device tree");
	/* a cpufreq that knows no maximum (0 kHz) is passed over */
	clock_is("raspberry-pi4.txt", "cpufreq-no-max", 1200, 1200, "device tree");
}

/* Nothing says: 0, "unknown", never a guess (the QEMU guests; ACPI     */
/* servers without cpufreq), also for a clock-frequency of 12 bytes     */
static void
test_clock_unknown(void **state)
{
	(void)state;
	clock_is("aws-graviton2.txt", "none", 0, 0, NULL);
	clock_is("hifive-unmatched-linux6.txt", "none", 0, 0, NULL);
	clock_is("hifive-unmatched-linux6.txt", "dt-too-long", 0, 0, NULL);
	clock_is("empty.txt", "none", 0, 0, NULL);
	/* x86 too (0037): no cpufreq, no "cpu MHz" (x86's "bogomips" is */
	/* not PAPI's "BogoMIPS")                                        */
	clock_is("x86-64-no-cpu-mhz.txt", "none", 0, 0, NULL);
}

/* A few milliseconds of this thread's CPU time, for the timers to see */
static void
spin(void)
{
	volatile double x = 1.0;
	int i;

	for (i = 0; i < 3000000; i++)
		x = x * 1.0000001;
}

/* With the clock unknown, PAPI_get_virt_cyc counts at a nominal 1 GHz */
/* on every architecture, x86 included (0101): it was the thread's    */
/* CPU time in microseconds times the clock, -1 or 0 here.            */
static void
test_virt_cycles_unknown_clock(void **state)
{
	long long v0, v1, n0, n1;

	(void)state;
	use_fixture("x86-64-no-cpu-mhz.txt");
	clock_root = CLOCK_FIXTURES "/none";
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	clock_root = NULL;
	cpuinfo_fixture = NULL;
	assert_int_equal(PAPI_get_hardware_info()->cpu_max_mhz, 0);
	/* as the process's first read would (an earlier test read first) */
	_linux_cycles_init(PAPI_get_hardware_info()->cpu_max_mhz);
	n0 = PAPI_get_virt_nsec();
	v0 = PAPI_get_virt_cyc();
	spin();
	v1 = PAPI_get_virt_cyc();
	n1 = PAPI_get_virt_nsec();
	assert_true(v0 > 0 && v1 > v0);
	/* one cycle a nanosecond: within the nanoseconds around it */
	assert_true(v1 - v0 <= n1 - n0);
	assert_true(v1 - v0 >= (n1 - n0) / 2);
	PAPI_shutdown();
}

/* ---- Cycle timer -------------------------------------------------- */

static void
test_cycles_scale(void **state)
{
	const unsigned long long year = 365ULL * 86400ULL;

	(void)state;
	/* FU740: 1 MHz timebase, 1.2 GHz core */
	assert_true(_linux_cycles_scale(1000000ULL, 1000000ULL, 1200000000ULL) == 1200000000ULL);
	assert_true(_linux_cycles_scale(1ULL, 1000000ULL, 1200000000ULL) == 1200ULL);
	/* a year of uptime does not overflow */
	assert_true(_linux_cycles_scale(year * 1000000ULL, 1000000ULL, 1200000000ULL) ==
		    year * 1200000000ULL);
	/* Raspberry Pi 4: 54 MHz timer, 1.5 GHz core; floor, exact */
	assert_true(_linux_cycles_scale(54000000ULL * 1000ULL + 1ULL, 54000000ULL,
					1500000000ULL) == 1500000000000ULL + 27ULL);
	assert_true(_linux_cycles_scale(5ULL, 0ULL, 1ULL) == 0ULL);
	/* long uptimes: 50 years of a 1 GHz timer (ARMv8.6's, and the     */
	/* nanoseconds of the clock_gettime() paths) at 5 GHz; 10 years   */
	/* of a 24 MHz one at 2 GHz: exact, no 64-bit product overflows    */
	assert_true(_linux_cycles_scale(50ULL * year * 1000000000ULL + 999999999ULL,
					1000000000ULL, 5000000000ULL) ==
		    50ULL * year * 5000000000ULL + 4999999995ULL);
	assert_true(_linux_cycles_scale(10ULL * year * 24000000ULL + 23999999ULL,
					24000000ULL, 2000000000ULL) ==
		    10ULL * year * 2000000000ULL + 1999999916ULL);
	/* a CPU clock above 18.4 GHz (up to the 1e6 MHz the cpuinfo reader */
	/* takes) with a 1 GHz timer: (ticks % tick_hz) * cpu_hz passed 2^64 */
	assert_true(_linux_cycles_scale(999999999ULL, 1000000000ULL, 30000000000ULL) ==
		    29999999970ULL);
	assert_true(_linux_cycles_scale(3ULL * 1000000000ULL + 999999999ULL, 1000000000ULL,
					999999000000ULL) ==
		    3ULL * 999999000000ULL + 999998999000ULL);
	/* the fastest timer taken (2^32 - 1 Hz) with that clock */
	assert_true(_linux_cycles_scale(4294967294ULL, 4294967295ULL, 999999000000ULL) ==
		    999998999767ULL);
}

static void
test_dt_cell(void **state)
{
	char path[] = "/tmp/test_papi_dt_XXXXXX";
	const unsigned char be32[] = { 0x00, 0x0f, 0x42, 0x40 };
	const unsigned char be64[] = { 0, 0, 0, 0, 0x47, 0x86, 0x8c, 0x00 };
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, be32, 4), 4);
	close(fd);
	assert_true(_linux_read_dt_cell(path) == 1000000ULL);

	fd = open(path, O_WRONLY | O_TRUNC);
	assert_int_equal(write(fd, be64, 8), 8);
	close(fd);
	assert_true(_linux_read_dt_cell(path) == 1200000000ULL);

	fd = open(path, O_WRONLY | O_TRUNC);
	assert_int_equal(write(fd, be64, 3), 3);
	close(fd);
	assert_true(_linux_read_dt_cell(path) == 0ULL);

	/* 12 bytes (three cells) are no single number */
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_int_equal(write(fd, be64, 8), 8);
	assert_int_equal(write(fd, be32, 4), 4);
	close(fd);
	assert_true(_linux_read_dt_cell(path) == 0ULL);
	unlink(path);
	assert_true(_linux_read_dt_cell(path) == 0ULL);
}

static long long
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void
test_cycles_monotonic_and_scaled(void **state)
{
	long long c0, c1, prev, n0, n1, cur;
	struct timespec ten_ms = { 0, 10000000 };
	int i;

	(void)state;
	/* unknown CPU clock: one cycle per nanosecond */
	_linux_cycles_init(-1);
	assert_true(_linux_cycles_cpu_hz() == 1000000000ULL);
	prev = _linux_cycles_read();
	assert_true(prev > 0);
	for (i = 0; i < 100000; i++) {
		cur = _linux_cycles_read();
		assert_true(cur >= prev);
		prev = cur;
	}

	/* 2 GHz: twice the nanoseconds, within 2 ms of slack */
	_linux_cycles_init(2000);
	n0 = mono_ns();
	c0 = _linux_cycles_read();
	nanosleep(&ten_ms, NULL);
	c1 = _linux_cycles_read();
	n1 = mono_ns();
	assert_true(c1 - c0 > 0);
	assert_true(c1 - c0 <= 2 * (n1 - n0) + 4000000LL);
	assert_true(c1 - c0 >= 2 * 10000000LL - 4000000LL);
}

static void
test_papi_timers(void **state)
{
	long long c0, c1, u0, u1, v0, v1;

	(void)state;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	c0 = PAPI_get_real_cyc();
	u0 = PAPI_get_real_usec();
	v0 = PAPI_get_virt_cyc();
	spin();
	c1 = PAPI_get_real_cyc();
	u1 = PAPI_get_real_usec();
	v1 = PAPI_get_virt_cyc();
	assert_true(c0 > 0 && c1 > c0);
	assert_true(u0 > 0 && u1 > u0);
	assert_true(v0 > 0 && v1 > v0);
	assert_true(PAPI_get_real_nsec() > 0);
	assert_true(PAPI_get_virt_usec() > 0);
	PAPI_shutdown();
}

/* PAPI's microsecond and nanosecond timers call clock_gettime(), which  */
/* reads the real-time clock in the vDSO, on every architecture, x86    */
/* included (0105); syscall(__NR_clock_gettime) would not be counted.  */
static void
test_timers_through_clock_gettime(void **state)
{
	(void)state;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	memset(clock_calls, 0, sizeof(clock_calls));
	assert_true(PAPI_get_real_usec() > 0);
	assert_int_equal(clock_calls[CLOCK_REALTIME], 1);
	assert_true(PAPI_get_real_nsec() > 0);
	assert_int_equal(clock_calls[CLOCK_REALTIME], 2);
	assert_true(PAPI_get_virt_usec() > 0);
	assert_int_equal(clock_calls[CLOCK_THREAD_CPUTIME_ID], 1);
	assert_true(PAPI_get_virt_nsec() > 0);
	assert_int_equal(clock_calls[CLOCK_THREAD_CPUTIME_ID], 2);
	PAPI_shutdown();
}

/* ---- perf_event PMU probe ----------------------------------------- */

/* A fake perf_event_open: errno for user-only, for user+kernel, for   */
/* sampling events (0 opens /dev/null)                                 */
static int fake_err_user_only, fake_err_user_kernel, fake_err_sampling;
static int fake_calls;

static long
fake_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
	  unsigned long flags)
{
	int err;

	(void)pid; (void)cpu; (void)group_fd; (void)flags;
	fake_calls++;
	assert_int_equal(attr->type, PERF_TYPE_HARDWARE);
	assert_true(attr->config == PERF_COUNT_HW_CPU_CYCLES);
	if (attr->sample_period)
		err = fake_err_sampling;
	else if (attr->exclude_kernel)
		err = fake_err_user_only;
	else
		err = fake_err_user_kernel;
	if (err) {
		errno = err;
		return -1;
	}
	return open("/dev/null", O_RDONLY);
}

static void
fake_pmu(int user_only, int user_kernel, int sampling)
{
	fake_err_user_only = user_only;
	fake_err_user_kernel = user_kernel;
	fake_err_sampling = sampling;
	fake_calls = 0;
	_pe_pmu_caps.priv_filter = 1;
	_pe_pmu_caps.overflow_intr = 1;
	_pe_pmu_caps.kernel_denied = 0;
}

/* _pe_pmu_check_domain(domain) with what it writes to stderr in err */
static int
check_domain_stderr(int domain, char *err, size_t len)
{
	FILE *tmp = tmpfile();
	int saved = dup(2), ret;
	size_t n;

	assert_non_null(tmp);
	fflush(stderr);
	assert_true(dup2(fileno(tmp), 2) == 2);
	ret = _pe_pmu_check_domain(domain);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(err, 1, len - 1, tmp);
	err[n] = 0;
	fclose(tmp);
	return ret;
}

static void
default_info(PAPI_component_info_t *info)
{
	memset(info, 0, sizeof(*info));
	info->default_domain = PAPI_DOM_USER;
	info->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR;
}

static void
test_probe_u74_no_sscofpmf(void **state)
{
	PAPI_component_info_t info;
	char err[512];

	(void)state;
	fake_pmu(EINVAL, 0, EOPNOTSUPP);
	default_info(&info);
	_pe_pmu_probe_init(fake_open, &info);
	/* user-only refused, user+kernel opens; sampling not yet probed */
	assert_int_equal(fake_calls, 2);
	assert_int_equal(_pe_pmu_caps.priv_filter, 0);
	assert_int_equal(_pe_pmu_caps.overflow_intr, 1);
	assert_int_equal(info.default_domain,
			 PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR);
	assert_int_equal(info.available_domains,
			 PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR);
	/* refused, saying so once where PAPI reports errors (0120) */
	setenv("PAPI_VERBOSE", "1", 1);
	assert_int_equal(check_domain_stderr(PAPI_DOM_USER, err, sizeof(err)), PAPI_EINVAL);
	assert_non_null(strstr(err, "counts user and kernel mode together"));
	assert_int_equal(check_domain_stderr(PAPI_DOM_KERNEL, err, sizeof(err)), PAPI_EINVAL);
	assert_string_equal(err, "");
	unsetenv("PAPI_VERBOSE");
	/* perf_event maps a domain without SUPERVISOR to exclude_hv=1 */
	assert_int_equal(_pe_pmu_check_domain(PAPI_DOM_USER | PAPI_DOM_KERNEL), PAPI_EINVAL);
	assert_int_equal(_pe_pmu_check_domain(PAPI_DOM_USER | PAPI_DOM_KERNEL |
					      PAPI_DOM_SUPERVISOR), PAPI_OK);
	assert_int_equal(_pe_pmu_check_domain(PAPI_DOM_ALL), PAPI_OK);
	/* the first overflow request probes sampling (user+kernel) */
	assert_int_equal(_pe_pmu_check_overflow(), PAPI_ENOSUPP);
	assert_int_equal(fake_calls, 3);
	assert_int_equal(_pe_pmu_caps.overflow_intr, 0);
	assert_int_equal(_pe_pmu_check_overflow(), PAPI_ENOSUPP);
	assert_int_equal(fake_calls, 3);
}

static void
test_probe_full_pmu(void **state)
{
	PAPI_component_info_t info;

	(void)state;
	/* Sscofpmf, or any x86/Arm core PMU */
	fake_pmu(0, 0, 0);
	default_info(&info);
	_pe_pmu_probe_init(fake_open, &info);
	assert_int_equal(fake_calls, 1);	/* user-only: no sampling at init */
	assert_int_equal(_pe_pmu_caps.priv_filter, 1);
	assert_int_equal(_pe_pmu_caps.overflow_intr, 1);
	assert_int_equal(info.default_domain, PAPI_DOM_USER);
	assert_int_equal(_pe_pmu_check_domain(PAPI_DOM_USER), PAPI_OK);
	assert_int_equal(_pe_pmu_check_overflow(), PAPI_OK);
	assert_int_equal(fake_calls, 2);
	assert_int_equal(_pe_pmu_check_overflow(), PAPI_OK);
	assert_int_equal(fake_calls, 2);

	/* a PMU without interrupts: known at the first request */
	fake_pmu(0, 0, EOPNOTSUPP);
	default_info(&info);
	_pe_pmu_probe_init(fake_open, &info);
	assert_int_equal(_pe_pmu_caps.overflow_intr, 1);
	assert_int_equal(_pe_pmu_check_overflow(), PAPI_ENOSUPP);
	assert_int_equal(_pe_pmu_caps.overflow_intr, 0);
	/* a new initialization probes again */
	fake_pmu(0, 0, 0);
	default_info(&info);
	_pe_pmu_probe_init(fake_open, &info);
	assert_int_equal(_pe_pmu_check_overflow(), PAPI_OK);
	assert_int_equal(fake_calls, 2);
}

static void
test_probe_inconclusive(void **state)
{
	PAPI_component_info_t info;
	const int errs[] = { ENOENT, ENODEV, ENOSYS, EACCES };
	unsigned i;

	(void)state;
	/* no hardware PMU, qemu-user, paranoid 3: nothing is concluded */
	for (i = 0; i < sizeof(errs) / sizeof(errs[0]); i++) {
		fake_pmu(errs[i], errs[i], errs[i]);
		default_info(&info);
		_pe_pmu_probe_init(fake_open, &info);
		assert_int_equal(_pe_pmu_check_overflow(), PAPI_OK);
		assert_int_equal(_pe_pmu_caps.priv_filter, 1);
		assert_int_equal(_pe_pmu_caps.overflow_intr, 1);
		assert_int_equal(info.default_domain, PAPI_DOM_USER);
	}
}

static void
test_probe_paranoid_2(void **state)
{
	PAPI_component_info_t info;
	char err[512];

	(void)state;
	/* U74, kernel counting not permitted: exclude_kernel is still refused */
	fake_pmu(EINVAL, EACCES, EACCES);
	default_info(&info);
	info.available_domains &= ~PAPI_DOM_KERNEL;	/* _pe_handle_paranoid */
	_pe_pmu_probe_init(fake_open, &info);
	assert_int_equal(_pe_pmu_check_overflow(), PAPI_OK);
	assert_int_equal(_pe_pmu_caps.priv_filter, 0);
	assert_int_equal(_pe_pmu_caps.overflow_intr, 1);	/* unknown */
	assert_int_equal(info.default_domain, PAPI_DOM_USER);
	assert_int_equal(_pe_pmu_caps.kernel_denied, 1);
	/* the component's reason, which the utilities print, names the */
	/* setting and the level needed (0120)                           */
	assert_int_equal(info.partially_disabled, 1);
	/* (its level too where /proc says it: not asserted, a host may not) */
	assert_non_null(strstr(info.partially_disabled_reason,
				"kernel.perf_event_paranoid"));
	assert_non_null(strstr(info.partially_disabled_reason, "1 or lower"));
	assert_non_null(strstr(info.partially_disabled_reason, "with CAP_PERFMON"));
	/* refused as a permission, nothing on stderr at PAPI's default */
	/* error level (PAPI_QUIET, PAPI_VERBOSE unset)                  */
	unsetenv("PAPI_VERBOSE");
	assert_int_equal(check_domain_stderr(PAPI_DOM_USER, err, sizeof(err)), PAPI_EPERM);
	assert_string_equal(err, "");
}

/* The refusal's PAPIERROR, where PAPI reports errors: once per process */
/* (run before test_probe_paranoid_2, whose refusal would be the first) */
static void
test_probe_paranoid_2_verbose(void **state)
{
	PAPI_component_info_t info;
	char err[512];

	(void)state;
	fake_pmu(EINVAL, EACCES, EACCES);
	default_info(&info);
	_pe_pmu_probe_init(fake_open, &info);
	setenv("PAPI_VERBOSE", "1", 1);
	assert_int_equal(check_domain_stderr(PAPI_DOM_USER, err, sizeof(err)), PAPI_EPERM);
	assert_non_null(strstr(err, "PAPI Error: perf_event: this PMU counts user and kernel mode together"));
	assert_non_null(strstr(err, "1 or lower, or CAP_PERFMON"));
	assert_int_equal(check_domain_stderr(PAPI_DOM_ALL, err, sizeof(err)), PAPI_EPERM);
	assert_string_equal(err, "");
	unsetenv("PAPI_VERBOSE");
}

/* CAP_PERFMON at paranoid 2: the kernel domain is permitted though the */
/* paranoid level took it out of the available ones; the probe decides */
static void
test_probe_paranoid_2_perfmon(void **state)
{
	PAPI_component_info_t info;

	(void)state;
	fake_pmu(EINVAL, 0, EOPNOTSUPP);
	default_info(&info);
	info.available_domains &= ~PAPI_DOM_KERNEL;	/* _pe_handle_paranoid */
	_pe_pmu_probe_init(fake_open, &info);
	assert_int_equal(_pe_pmu_caps.priv_filter, 0);
	assert_int_equal(_pe_pmu_caps.kernel_denied, 0);
	assert_int_equal(info.default_domain,
			 PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR);
	assert_int_equal(info.available_domains,
			 PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR);
	assert_int_equal(_pe_pmu_check_domain(info.default_domain), PAPI_OK);
}

static void
test_probe_decide_sampling_only(void **state)
{
	pe_probe_errors_t errs = { 0, 0, EOPNOTSUPP };
	pe_pmu_caps_t caps;

	(void)state;
	/* privilege filtering but no interrupts */
	_pe_pmu_decide(&errs, &caps);
	assert_int_equal(caps.priv_filter, 1);
	assert_int_equal(caps.overflow_intr, 0);
	fake_pmu(0, 0, 0);
}

/* The probes run only the perf_event_open()s that decide, privilege    */
/* filtering at initialization, sampling at the first overflow request: */
/* for every combination of answers, the same capabilities as all three */
/* opens.                                                               */
static int
is_refusal(int err)
{
	return err == EINVAL || err == EOPNOTSUPP;
}

static void
test_probe_only_what_decides(void **state)
{
	static const int errs[] = { 0, EINVAL, EOPNOTSUPP, EACCES, EPERM,
				    ENOENT, ENODEV, ENOSYS };
	const int n = sizeof(errs) / sizeof(errs[0]);
	pe_probe_errors_t all, ran;
	pe_pmu_caps_t want, got;
	int a, b, c, expect;

	(void)state;
	for (a = 0; a < n; a++)
		for (b = 0; b < n; b++)
			for (c = 0; c < n; c++) {
				fake_pmu(all.user_only = errs[a],
					 all.user_kernel = errs[b],
					 all.sampling = errs[c]);
				_pe_pmu_decide(&all, &want);
				/* initialization: user-only, + user+kernel if refused */
				_pe_pmu_probe(fake_open, &ran);
				assert_int_equal(ran.sampling, PE_PROBE_NOT_RUN);
				assert_int_equal(fake_calls, is_refusal(errs[a]) ? 2 : 1);
				_pe_pmu_decide(&ran, &got);
				assert_int_equal(got.priv_filter, want.priv_filter);
				/* first overflow request: sampling if a domain counts */
				_pe_pmu_probe_sampling(fake_open, &ran);
				_pe_pmu_decide(&ran, &got);
				assert_int_equal(got.priv_filter, want.priv_filter);
				assert_int_equal(got.overflow_intr, want.overflow_intr);
				if (errs[a] == 0)
					expect = 2;
				else if (is_refusal(errs[a]))
					expect = errs[b] == 0 ? 3 : 2;
				else
					expect = 1;
				assert_int_equal(fake_calls, expect);
			}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpuinfo_path),
		cmocka_unit_test(test_unmatched_linux6),
		cmocka_unit_test(test_unmatched_linux5_no_ids),
		cmocka_unit_test(test_truncated_unmatched),
		cmocka_unit_test(test_unknown_riscv_vendor),
		cmocka_unit_test(test_long_isa_cut_at_token),
		cmocka_unit_test(test_riscv_vendor_names),
		cmocka_unit_test(test_board_model_strings),
		cmocka_unit_test(test_name_cores_rules),
		cmocka_unit_test(test_riscv_core_types_kernel_names),
		cmocka_unit_test(test_arm_no_bogomips_mhz),
		cmocka_unit_test(test_bad_cpuinfo),
		cmocka_unit_test(test_cpuinfo_find_as_stdio),
		cmocka_unit_test_teardown(test_clock_cpufreq_first, clock_teardown),
		cmocka_unit_test_teardown(test_clock_cpuinfo_line, clock_teardown),
		cmocka_unit_test_teardown(test_clock_device_tree, clock_teardown),
		cmocka_unit_test_teardown(test_clock_unknown, clock_teardown),
		cmocka_unit_test_teardown(test_virt_cycles_unknown_clock, clock_teardown),
		cmocka_unit_test(test_cycles_scale),
		cmocka_unit_test(test_dt_cell),
		cmocka_unit_test(test_cycles_monotonic_and_scaled),
		cmocka_unit_test(test_papi_timers),
		cmocka_unit_test(test_timers_through_clock_gettime),
		cmocka_unit_test(test_probe_u74_no_sscofpmf),
		cmocka_unit_test(test_probe_full_pmu),
		cmocka_unit_test(test_probe_inconclusive),
		cmocka_unit_test(test_probe_paranoid_2_verbose),
		cmocka_unit_test(test_probe_paranoid_2),
		cmocka_unit_test(test_probe_paranoid_2_perfmon),
		cmocka_unit_test(test_probe_decide_sampling_only),
		cmocka_unit_test(test_probe_only_what_decides),
	};

	return cmocka_run_group_tests_name("PAPI substrate", tests, NULL, NULL);
}
