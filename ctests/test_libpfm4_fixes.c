/*
 * Upstream defects of libpfm4 4.13.0+git106 fixed by our patches of class
 * "fix" (libpfm4-pmus/README.md), each scenario run in a child process (the
 * sysfs PMU cache lives as long as the process):
 *
 *  - 0030: an ARM core PMU whose sysfs name is not in perf_name (armv8_pmuv3
 *    on device-tree systems) must still encode when it is the only core PMU;
 *  - 0031: pfm_init_sysfs_pmu_cache() must keep the right type for the PMUs
 *    after one without a readable type, and must not fail the perf_event
 *    layer when /sys/bus/event_source/devices cannot be scanned (this case
 *    needs 0030 too: no sysfs name can match then);
 *  - 0034: each ARM core PMU is typed with its own core type's sysfs PMU:
 *    its device-tree name (armv8_cortex_a72) when it exists, else, when
 *    sysfs has several generic PMUs (ACPI's armv8_pmuv3_N), the one whose
 *    CPUs have a MIDR its detect routine recognizes; with several core
 *    PMUs and none matching, PFM_ERR_NOTSUPP; one generic PMU: as before
 *    (0030), no MIDR read.
 * 0032 (attribute array overflow) is tested by ctests/test_parse_attrs.c.
 * And the start-up patch 0044: pfm_initialize() only lists the sysfs PMU
 * names; a name's directory is looked at (mux interval file, type) when the
 * name is first looked up, once, also by threads looking it up at once, and
 * every look-up gives the answer it gave when the initialization read them.
 *
 * Linked with the aarch64 table build's static libpfm.a (ARM64 tables, run on
 * this host) and -Wl,--wrap=scandir,--wrap=access,--wrap=fopen: libpfm4's
 * look-ups under /sys/bus/event_source/devices are redirected to a fake sysfs
 * tree made in a temporary directory, those under /sys/devices/system/cpu
 * (the MIDR of each CPU) to its subdirectory .cpu (a name libpfm4's PMU scan
 * skips). LIBPFM_PROC_CPUINFO gives the CPUs.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/stat.h>
#include <cmocka.h>

#include <perfmon/pfmlib_perf_event.h>

#include "run_in_child.h"

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif

#define SYSFS_DEVICES "/sys/bus/event_source/devices"
#define SYSFS_CPU "/sys/devices/system/cpu"
#define FAKE_CPU "/.cpu"	/* fake SYSFS_CPU, under fake_root */

static char fake_root[64];	/* fake SYSFS_DEVICES, "" for the real one */
static int midr_reads;		/* fopen()s of a CPU's MIDR file */
static int sysfs_scans;		/* scandir()s of SYSFS_DEVICES */
static int sysfs_accesses;	/* access()es under SYSFS_DEVICES */
static int sysfs_fopens;	/* fopen()s under SYSFS_DEVICES */

/* libpfm4's look-up of a sysfs PMU's type by name (lib/pfmlib_perf_event.c) */
extern int pfm_perf_find_sysfs_pmu_type(const char *name, int *type);

/* whether path is dir or under it */
static int
under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (!path[n] || path[n] == '/');
}

/* SYSFS_DEVICES/rest -> fake_root/rest, SYSFS_CPU/rest -> fake_root/.cpu/rest */
static const char *
redirect(const char *path, char *buf, size_t len)
{
	if (!fake_root[0])
		return path;
	if (under(path, SYSFS_DEVICES))
		snprintf(buf, len, "%s%s", fake_root, path + strlen(SYSFS_DEVICES));
	else if (under(path, SYSFS_CPU))
		snprintf(buf, len, "%s" FAKE_CPU "%s", fake_root, path + strlen(SYSFS_CPU));
	else
		return path;
	return buf;
}

int __real_scandir(const char *dir, struct dirent ***list,
		   int (*filter)(const struct dirent *),
		   int (*compar)(const struct dirent **, const struct dirent **));
int __real_access(const char *path, int mode);
FILE *__real_fopen(const char *path, const char *mode);

int
__wrap_scandir(const char *dir, struct dirent ***list,
	       int (*filter)(const struct dirent *),
	       int (*compar)(const struct dirent **, const struct dirent **))
{
	char buf[4096];
	const char *p = redirect(dir, buf, sizeof(buf));

	if (under(dir, SYSFS_DEVICES))
		__atomic_add_fetch(&sysfs_scans, 1, __ATOMIC_RELAXED);
	/* sorted, so that the order of the fake PMUs is known */
	return __real_scandir(p, list, filter, p != dir ? alphasort : compar);
}

int
__wrap_access(const char *path, int mode)
{
	char buf[4096];

	if (under(path, SYSFS_DEVICES))
		__atomic_add_fetch(&sysfs_accesses, 1, __ATOMIC_RELAXED);
	return __real_access(redirect(path, buf, sizeof(buf)), mode);
}

FILE *
__wrap_fopen(const char *path, const char *mode)
{
	char buf[4096];

	if (strstr(path, "/midr_el1"))
		midr_reads++;
	if (under(path, SYSFS_DEVICES))
		__atomic_add_fetch(&sysfs_fopens, 1, __ATOMIC_RELAXED);
	return __real_fopen(redirect(path, buf, sizeof(buf)), mode);
}

/*
 * a fake sysfs directory; type < 0: no type file, !mux: no mux interval file
 * (not a perf_events PMU)
 */
static void
fake_dir(const char *name, int mux, int type)
{
	char path[4096];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", fake_root, name);
	assert_int_equal(mkdir(path, 0755), 0);
	if (mux) {
		snprintf(path, sizeof(path), "%s/%s/perf_event_mux_interval_ms", fake_root, name);
		fp = __real_fopen(path, "w");
		assert_non_null(fp);
		fputs("4\n", fp);
		fclose(fp);
	}
	if (type < 0)
		return;
	snprintf(path, sizeof(path), "%s/%s/type", fake_root, name);
	fp = __real_fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "%d\n", type);
	fclose(fp);
}

/* a fake PMU directory; type < 0: no type file */
static void
fake_pmu(const char *name, int type)
{
	fake_dir(name, 1, type);
}

/* a fake core PMU serving the CPUs of list cpus (its cpus file) */
static void
fake_core_pmu(const char *name, int type, const char *cpus)
{
	char path[4096];
	FILE *fp;

	fake_pmu(name, type);
	snprintf(path, sizeof(path), "%s/%s/cpus", fake_root, name);
	fp = __real_fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "%s\n", cpus);
	fclose(fp);
}

/* fake CPUs first..last, each with its MIDR (regs/identification/midr_el1) */
static void
fake_cpus(int first, int last, unsigned long long midr)
{
	char path[4096];
	FILE *fp;
	int cpu;

	for (cpu = first; cpu <= last; cpu++) {
		snprintf(path, sizeof(path), "mkdir -p '%s" FAKE_CPU "/cpu%d/regs/identification'",
			 fake_root, cpu);
		assert_int_equal(system(path), 0);
		snprintf(path, sizeof(path), "%s" FAKE_CPU "/cpu%d/regs/identification/midr_el1",
			 fake_root, cpu);
		fp = __real_fopen(path, "w");
		assert_non_null(fp);
		fprintf(fp, "0x%016llx\n", midr);
		fclose(fp);
	}
}

static void
make_fake_root(void)
{
	strcpy(fake_root, "/tmp/test_libpfm4_fixes.XXXXXX");
	assert_non_null(mkdtemp(fake_root));
}

static void
remove_fake_root(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fake_root);
	assert_int_equal(system(cmd), 0);
}

/* Initialize with the cpuinfo fixture cpuinfo, encode ev for perf_events */
static int
init_and_encode_on(const char *cpuinfo, const char *ev, struct perf_event_attr *attr, int *ret)
{
	pfm_perf_encode_arg_t e;
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", FIXTURES, cpuinfo);
	setenv("LIBPFM_PROC_CPUINFO", path, 1);
	if (pfm_initialize() != PFM_SUCCESS)
		return -1;
	memset(attr, 0, sizeof(*attr));
	memset(&e, 0, sizeof(e));
	e.size = sizeof(e);
	e.attr = attr;
	*ret = pfm_get_os_event_encoding(ev, PFM_PLM3, PFM_OS_PERF_EVENT, &e);
	return 0;
}

/* Initialize with the Raspberry Pi 4 (Cortex-A72) cpuinfo, encode ev for perf_events */
static int
init_and_encode(const char *ev, struct perf_event_attr *attr, int *ret)
{
	return init_and_encode_on("raspberry-pi4.txt", ev, attr, ret);
}

/*
 * In the child: initialize with the Raspberry Pi 4 (Cortex-A72) cpuinfo,
 * encode arm_ac72::CPU_CYCLES for perf_events; 0 if it succeeds with
 * attr.type == *(int *)arg.
 */
static int
encode_a72_type(void *arg)
{
	struct perf_event_attr attr;
	int want = *(int *)arg, ret;

	if (init_and_encode("arm_ac72::CPU_CYCLES", &attr, &ret))
		return 2;
	if (ret != PFM_SUCCESS) {
		printf("  arm_ac72::CPU_CYCLES: %s\n", pfm_strerror(ret));
		return 3;
	}
	if ((int)attr.type != want || attr.config != 0x11) {
		printf("  arm_ac72::CPU_CYCLES: type %u config 0x%llx, expected type %d config 0x11\n",
		       attr.type, (unsigned long long)attr.config, want);
		return 4;
	}
	return 0;
}

/* 0030: the only core PMU is called armv8_pmuv3 (QEMU virt, device tree) */
static void
test_only_pmu_named_armv8_pmuv3(void **state)
{
	int want = PERF_TYPE_RAW;

	(void)state;
	make_fake_root();
	fake_pmu("armv8_pmuv3", 8);
	fake_pmu("software", 1);
	assert_int_equal(run_in_child("A72 with armv8_pmuv3 only", encode_a72_type, &want), 0);
	remove_fake_root();
}

/*
 * In the child: on the same A72 system, encode an event of the Cortex-A53,
 * which is not detected there, through LIBPFM_ENCODE_INACTIVE; 0 if that
 * fails.  (The A53's perf_name names its own sysfs PMU only; a PMU without
 * perf_name, as arm_n1, is PERF_TYPE_RAW in upstream's code, active or not.)
 */
static int
encode_inactive_a53_fails(void *arg)
{
	struct perf_event_attr attr;
	int ret;

	(void)arg;
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	if (init_and_encode("arm_ac53::INST_RETIRED", &attr, &ret))
		return 2;
	if (ret == PFM_SUCCESS) {
		printf("  arm_ac53::INST_RETIRED encoded (type %u config 0x%llx) for the A72's PMU\n",
		       attr.type, (unsigned long long)attr.config);
		return 3;
	}
	return 0;
}

/*
 * 0030 does not reach an inactive PMU: PERF_TYPE_RAW would count the A53's
 * codes on the A72's PMU, a wrong count without an error
 */
static void
test_inactive_pmu_not_raw(void **state)
{
	(void)state;
	make_fake_root();
	fake_pmu("armv8_pmuv3", 8);
	fake_pmu("software", 1);
	assert_int_equal(run_in_child("inactive A53 on an A72", encode_inactive_a53_fails, NULL), 0);
	remove_fake_root();
}

/* 0031 (i): a PMU without a type file listed before the A72's */
static void
test_type_after_skipped_pmu(void **state)
{
	int want = 10;

	(void)state;
	make_fake_root();
	fake_pmu("a_no_type", -1);
	fake_pmu("armv8_cortex_a72", 10);
	fake_pmu("breakpoint", 5);
	fake_pmu("software", 1);
	assert_int_equal(run_in_child("A72 after a PMU without type", encode_a72_type, &want), 0);
	remove_fake_root();
}

/* 0031 (ii): no /sys/bus/event_source/devices at all */
static void
test_no_sysfs_pmu_directory(void **state)
{
	int want = PERF_TYPE_RAW;

	(void)state;
	make_fake_root();
	remove_fake_root();	/* fake_root now names a directory that does not exist */
	assert_int_equal(run_in_child("no sysfs PMU directory", encode_a72_type, &want), 0);
}

/* what a child encodes, and what it expects */
struct expect {
	const char *cpuinfo;	/* fixture */
	const char *ev;
	int ret;		/* pfm_get_os_event_encoding()'s */
	int type;		/* attr.type, when ret is PFM_SUCCESS */
};

/* In the child: 0 if x->ev encodes as *x says */
static int
encode_expect(void *arg)
{
	const struct expect *x = arg;
	struct perf_event_attr attr;
	int ret;

	if (init_and_encode_on(x->cpuinfo, x->ev, &attr, &ret))
		return 2;
	if (ret != x->ret) {
		printf("  %s: %s (type %u), expected %s\n", x->ev, pfm_strerror(ret),
		       ret == PFM_SUCCESS ? attr.type : 0, pfm_strerror(x->ret));
		return 3;
	}
	if (ret == PFM_SUCCESS && (int)attr.type != x->type) {
		printf("  %s: type %u, expected %d\n", x->ev, attr.type, x->type);
		return 4;
	}
	return 0;
}

/* encode_expect(), reading no CPU's MIDR (one generic PMU: no choice) */
static int
encode_no_midr_read(void *arg)
{
	int ret = encode_expect(arg);

	if (!ret && midr_reads) {
		printf("  %d MIDR reads\n", midr_reads);
		return 5;
	}
	return ret;
}

/*
 * On the RK3399's CPUs (0-3 Cortex-A53, 4-5 Cortex-A72) with the fake sysfs
 * tree made: 0 if arm_ac53::CPU_CYCLES and arm_ac72::CPU_CYCLES give ret53
 * and ret72, with types type53 and type72 on success; removes the tree
 */
static int
rk3399_types(const char *what, int ret53, int type53, int ret72, int type72)
{
	struct expect a53 = { "rk3399.txt", "arm_ac53::CPU_CYCLES", ret53, type53 };
	struct expect a72 = { "rk3399.txt", "arm_ac72::CPU_CYCLES", ret72, type72 };
	char buf[256];
	int fails;

	snprintf(buf, sizeof(buf), "%s, A53", what);
	fails = run_in_child(buf, encode_expect, &a53);
	snprintf(buf, sizeof(buf), "%s, A72", what);
	fails |= run_in_child(buf, encode_expect, &a72);
	remove_fake_root();
	return fails;
}

#define MIDR_A53 0x410fd034ULL	/* Cortex-A53 r0p4 */
#define MIDR_A72 0x410fd082ULL	/* Cortex-A72 r0p2 */

/* 0034: ACPI names both core PMUs generically, A53 cluster probed first */
static void
test_acpi_generic_pmus(void **state)
{
	(void)state;
	make_fake_root();
	fake_core_pmu("armv8_pmuv3_0", 8, "0-3");
	fake_core_pmu("armv8_pmuv3_1", 9, "4-5");
	fake_pmu("software", 1);
	fake_cpus(0, 3, MIDR_A53);
	fake_cpus(4, 5, MIDR_A72);
	assert_int_equal(rk3399_types("armv8_pmuv3_0 = A53, _1 = A72", PFM_SUCCESS, 8, PFM_SUCCESS, 9), 0);
}

/*
 * 0034: the same, A72 cluster probed first (armv8_pmuv3_0, which arm_ac72's
 * perf_name lists, is the A72's by chance); CPU 0 is offline (no MIDR)
 */
static void
test_acpi_generic_pmus_swapped(void **state)
{
	(void)state;
	make_fake_root();
	fake_core_pmu("armv8_pmuv3_0", 8, "4-5");
	fake_core_pmu("armv8_pmuv3_1", 9, "0-3");
	fake_pmu("software", 1);
	fake_cpus(1, 3, MIDR_A53);
	fake_cpus(4, 5, MIDR_A72);
	assert_int_equal(rk3399_types("armv8_pmuv3_0 = A72, _1 = A53", PFM_SUCCESS, 9, PFM_SUCCESS, 8), 0);
}

/* 0034: device-tree names: each core PMU's own, whatever the MIDRs say */
static void
test_dt_core_pmu_names(void **state)
{
	(void)state;
	make_fake_root();
	fake_core_pmu("armv8_cortex_a53", 8, "0-3");
	fake_core_pmu("armv8_cortex_a72", 9, "4-5");
	fake_pmu("software", 1);
	assert_int_equal(rk3399_types("armv8_cortex_a53, armv8_cortex_a72", PFM_SUCCESS, 8, PFM_SUCCESS, 9), 0);
}

/* 0034: two generic core PMUs, neither of them an A53's nor an A72's */
static void
test_generic_pmus_no_match(void **state)
{
	(void)state;
	make_fake_root();
	fake_core_pmu("armv8_pmuv3_0", 8, "0-3");
	fake_core_pmu("armv8_pmuv3_1", 9, "4-5");
	fake_pmu("software", 1);
	fake_cpus(0, 3, 0x412fd050ULL);	/* Cortex-A55 */
	fake_cpus(4, 5, 0x414fd0b1ULL);	/* Cortex-A76 */
	assert_int_equal(rk3399_types("MIDRs of neither", PFM_ERR_NOTSUPP, 0, PFM_ERR_NOTSUPP, 0), 0);
}

/*
 * 0034 keeps 0030: the only core PMU is armv8_pmuv3, whose CPUs' MIDR is the
 * A72's: PERF_TYPE_RAW still (one generic PMU: nothing to choose)
 */
static void
test_only_generic_pmu_stays_raw(void **state)
{
	struct expect a72 = { "raspberry-pi4.txt", "arm_ac72::CPU_CYCLES", PFM_SUCCESS, PERF_TYPE_RAW };
	int fails;

	(void)state;
	make_fake_root();
	fake_core_pmu("armv8_pmuv3", 8, "0-3");
	fake_pmu("software", 1);
	fake_cpus(0, 3, 0x410fd083ULL);	/* Cortex-A72 r0p3 */
	fails = run_in_child("A72 with armv8_pmuv3 and its MIDR", encode_expect, &a72);
	fails |= run_in_child("A72 with armv8_pmuv3: no MIDR read", encode_no_midr_read, &a72);
	remove_fake_root();
	assert_int_equal(fails, 0);
}

/*
 * 0034: one core type online (the Raspberry Pi 4's A72s, CPUs 0-3), two
 * generic PMUs: armv8_pmuv3_0 for CPUs 4-7, offline (no MIDR), _1 the A72s'
 */
static void
test_one_type_two_generic_pmus(void **state)
{
	struct expect a72 = { "raspberry-pi4.txt", "arm_ac72::CPU_CYCLES", PFM_SUCCESS, 9 };
	int fails;

	(void)state;
	make_fake_root();
	fake_core_pmu("armv8_pmuv3_0", 8, "4-7");
	fake_core_pmu("armv8_pmuv3_1", 9, "0-3");
	fake_pmu("software", 1);
	fake_cpus(0, 3, 0x410fd083ULL);	/* Cortex-A72 r0p3 */
	fails = run_in_child("A72 online, armv8_pmuv3_0 offline CPUs, _1 A72", encode_expect, &a72);
	remove_fake_root();
	assert_int_equal(fails, 0);
}

/*
 * 0034: an A57 + A53 system (as Arm's Juno r0/r1) under ACPI, the A53s'
 * PMU probed first: arm_ac57, whose perf_name lists armv8_pmuv3_0 and
 * armv8_pmuv3, is typed on armv8_pmuv3_1, the PMU of the CPUs its detect
 * routine recognizes (the part numbers come from the detect routines)
 */
static void
test_acpi_generic_pmus_a57(void **state)
{
	struct expect a57 = { "a57-a53.txt", "arm_ac57::CPU_CYCLES", PFM_SUCCESS, 9 };
	struct expect a53 = { "a57-a53.txt", "arm_ac53::CPU_CYCLES", PFM_SUCCESS, 8 };
	int fails;

	(void)state;
	make_fake_root();
	fake_core_pmu("armv8_pmuv3_0", 8, "0-3");
	fake_core_pmu("armv8_pmuv3_1", 9, "4-5");
	fake_pmu("software", 1);
	fake_cpus(0, 3, 0x410fd034ULL);	/* Cortex-A53 r0p4 */
	fake_cpus(4, 5, 0x411fd070ULL);	/* Cortex-A57 r1p0 */
	fails = run_in_child("A57 + A53, armv8_pmuv3_0 = A53, _1 = A57, A57", encode_expect, &a57);
	fails |= run_in_child("A57 + A53, armv8_pmuv3_0 = A53, _1 = A57, A53", encode_expect, &a53);
	remove_fake_root();
	assert_int_equal(fails, 0);
}

/*
 * 0044: a sysfs tree with PMUs, a directory without the mux interval file
 * (not a perf_events PMU) and one without a type file
 */
static void
fake_lookup_tree(void)
{
	make_fake_root();
	fake_pmu("armv8_pmuv3", 8);
	fake_pmu("breakpoint", 5);
	fake_dir("no_mux", 0, 9);
	fake_pmu("no_type", -1);
	fake_pmu("software", 1);
	fake_pmu("uprobe", 7);
}

/* a look-up in fake_lookup_tree(), its answer, and what it reads first */
static const struct lookup {
	const char *name;
	int ret;	/* pfm_perf_find_sysfs_pmu_type()'s */
	int type;	/* when ret is PFM_SUCCESS */
	int accesses;	/* access()es and fopen()s of its first look-up */
	int fopens;
} lookups[] = {
	{ "software",		PFM_SUCCESS,		1, 1, 1 },
	{ "breakpoint",		PFM_SUCCESS,		5, 1, 1 },
	{ "uprobe",		PFM_SUCCESS,		7, 1, 1 },
	{ "armv8_pmuv3",	PFM_SUCCESS,		8, 1, 1 },
	{ "no_mux",		PFM_ERR_NOTFOUND,	0, 1, 0 },
	{ "no_type",		PFM_ERR_NOTFOUND,	0, 1, 1 },
	{ "absent",		PFM_ERR_NOTFOUND,	0, 0, 0 },
	{ "armv8_cortex_a72",	PFM_ERR_NOTFOUND,	0, 0, 0 },
};

/* 0 if the look-up of l->name answers as l says */
static int
lookup_answers(const struct lookup *l)
{
	int ret, type = -1;

	ret = pfm_perf_find_sysfs_pmu_type(l->name, &type);
	if (ret != l->ret || (ret == PFM_SUCCESS && type != l->type)) {
		printf("  %s: %s (type %d), expected %s (type %d)\n", l->name,
		       pfm_strerror(ret), type, pfm_strerror(l->ret), l->type);
		return 1;
	}
	return 0;
}

static int
init_raspberry_pi4(void)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/raspberry-pi4.txt", FIXTURES);
	setenv("LIBPFM_PROC_CPUINFO", path, 1);
	return pfm_initialize() != PFM_SUCCESS;
}

/* In the child: 0 if every look-up, first and second, answers as lookups[] says */
static int
lookups_answer(void *arg)
{
	size_t i;
	int fails = 0, pass;

	(void)arg;
	if (init_raspberry_pi4())
		return 2;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++)
			fails |= lookup_answers(&lookups[i]);
	return fails ? 3 : 0;
}

/* 0 if access() and fopen() were called a and f times under SYSFS_DEVICES since *a0, *f0 */
static int
sysfs_reads(const char *what, int *a0, int *f0, int a, int f)
{
	int da = sysfs_accesses - *a0, df = sysfs_fopens - *f0;

	*a0 = sysfs_accesses;
	*f0 = sysfs_fopens;
	if (da == a && df == f)
		return 0;
	printf("  %s: %d access() and %d fopen() under %s, expected %d and %d\n",
	       what, da, df, SYSFS_DEVICES, a, f);
	return 1;
}

/*
 * In the child: pfm_initialize() lists the sysfs PMU names and reads no file
 * of theirs; encoding an arm_ac72 event reads the one PMU that exists of
 * those it looks up, armv8_pmuv3, once; each name's first look-up reads its
 * directory (mux interval file, then type), a second one nothing.
 */
static int
lookups_read_once(void *arg)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t e;
	int a = 0, f = 0, fails = 0, i, ret;
	size_t j;
	char buf[128];

	(void)arg;
	if (init_raspberry_pi4())
		return 2;
	if (sysfs_scans != 1) {
		printf("  pfm_initialize(): %d scans of %s, expected 1\n", sysfs_scans, SYSFS_DEVICES);
		fails = 1;
	}
	fails |= sysfs_reads("pfm_initialize()", &a, &f, 0, 0);
	for (i = 0; i < 2; i++) {
		memset(&attr, 0, sizeof(attr));
		memset(&e, 0, sizeof(e));
		e.size = sizeof(e);
		e.attr = &attr;
		ret = pfm_get_os_event_encoding("arm_ac72::CPU_CYCLES", PFM_PLM3, PFM_OS_PERF_EVENT, &e);
		if (ret != PFM_SUCCESS || attr.type != PERF_TYPE_RAW) {
			printf("  arm_ac72::CPU_CYCLES: %s, type %u\n", pfm_strerror(ret), attr.type);
			fails = 1;
		}
		snprintf(buf, sizeof(buf), "encoding %d of arm_ac72::CPU_CYCLES", i + 1);
		fails |= sysfs_reads(buf, &a, &f, !i, !i);
	}
	for (i = 0; i < 2; i++) {
		for (j = 0; j < sizeof(lookups) / sizeof(lookups[0]); j++) {
			const struct lookup *l = &lookups[j];
			int first = !i && strcmp(l->name, "armv8_pmuv3");

			fails |= lookup_answers(l);
			snprintf(buf, sizeof(buf), "look-up %d of %s", i + 1, l->name);
			fails |= sysfs_reads(buf, &a, &f, first ? l->accesses : 0, first ? l->fopens : 0);
		}
	}
	return fails ? 3 : 0;
}

#define LOOKUP_THREADS	8

static pthread_barrier_t lookup_barrier;

/* one thread: every look-up of lookups[], all threads starting at once */
static void *
lookup_thread(void *arg)
{
	size_t i, k;
	int fails = 0;

	k = (size_t)(uintptr_t)arg;
	pthread_barrier_wait(&lookup_barrier);
	/* each thread in another order, so that first look-ups meet */
	for (i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++)
		fails |= lookup_answers(&lookups[(i + k) % (sizeof(lookups) / sizeof(lookups[0]))]);
	for (i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++)
		fails |= lookup_answers(&lookups[i]);
	return (void *)(uintptr_t)fails;
}

/* In the child: 0 if LOOKUP_THREADS threads looking the names up at once get lookups[]' answers */
static int
lookups_threads(void *arg)
{
	pthread_t th[LOOKUP_THREADS];
	void *r;
	int fails = 0;
	size_t i;

	(void)arg;
	if (init_raspberry_pi4())
		return 2;
	pthread_barrier_init(&lookup_barrier, NULL, LOOKUP_THREADS);
	for (i = 0; i < LOOKUP_THREADS; i++)
		if (pthread_create(&th[i], NULL, lookup_thread, (void *)(uintptr_t)(i % 2 ? i : 0)))
			return 4;
	for (i = 0; i < LOOKUP_THREADS; i++) {
		pthread_join(th[i], &r);
		fails |= (int)(uintptr_t)r;
	}
	return fails ? 3 : 0;
}

/* 0044: look-ups give the answers the initialization's reads gave */
static void
test_lookup_answers(void **state)
{
	(void)state;
	fake_lookup_tree();
	assert_int_equal(run_in_child("sysfs PMU look-ups", lookups_answer, NULL), 0);
	remove_fake_root();
}

/* 0044: nothing read at initialization, each name at its first look-up only */
static void
test_lookup_reads_once(void **state)
{
	(void)state;
	fake_lookup_tree();
	assert_int_equal(run_in_child("sysfs PMU files read at first look-up only", lookups_read_once, NULL), 0);
	remove_fake_root();
}

/* 0044: first look-ups from several threads at once */
static void
test_lookup_threads(void **state)
{
	int fails = 0, i;

	(void)state;
	fake_lookup_tree();
	for (i = 0; i < 20; i++)
		fails |= run_in_child("sysfs PMU look-ups from 8 threads at once", lookups_threads, NULL);
	remove_fake_root();
	assert_int_equal(fails, 0);
}

int
main(int argc, char **argv)
{
	/* the look-ups of 0044, which need no ARM table: run alone by the */
	/* ThreadSanitizer build (tsan-unit-libpfm4-sysfs-threads)         */
	const struct CMUnitTest lookups_only[] = {
		cmocka_unit_test(test_lookup_answers),
		cmocka_unit_test(test_lookup_threads),
	};
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_only_pmu_named_armv8_pmuv3),
		cmocka_unit_test(test_inactive_pmu_not_raw),
		cmocka_unit_test(test_type_after_skipped_pmu),
		cmocka_unit_test(test_no_sysfs_pmu_directory),
		cmocka_unit_test(test_acpi_generic_pmus),
		cmocka_unit_test(test_acpi_generic_pmus_swapped),
		cmocka_unit_test(test_dt_core_pmu_names),
		cmocka_unit_test(test_generic_pmus_no_match),
		cmocka_unit_test(test_only_generic_pmu_stays_raw),
		cmocka_unit_test(test_one_type_two_generic_pmus),
		cmocka_unit_test(test_acpi_generic_pmus_a57),
		cmocka_unit_test(test_lookup_answers),
		cmocka_unit_test(test_lookup_reads_once),
		cmocka_unit_test(test_lookup_threads),
	};

	if (access("/proc/sys/kernel/perf_event_paranoid", F_OK)) {
		printf("no /proc/sys/kernel/perf_event_paranoid: libpfm4's perf_event layer cannot be tested here\n");
		return 1;
	}
	if (argc > 1 && !strcmp(argv[1], "lookup-threads"))
		return cmocka_run_group_tests(lookups_only, NULL, NULL);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
