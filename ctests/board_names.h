/*
 * The model string PAPI reports for each board's cpuinfo fixture (PAPI
 * patch "perf_event: name the CPU by its core PMUs where the kernel names
 * none"): the kernel's model name where /proc/cpuinfo gives one, else the
 * names (pfm_pmu_info_t.desc) of the model-specific core PMUs libpfm4
 * detects, " + " between core types in PMU id order; on RISC-V per core
 * type (in hart order), followed by the isa (shortened between tokens to
 * fit) and the ids in parentheses.
 *
 * One table for both halves of the chain: test_detect_riscv and
 * test_detect_arm check that libpfm4 detects, on each fixture, core PMUs
 * of exactly these names (cores; NULL: a generic PMU only); test_papi_substrate
 * checks that PAPI's cpuinfo decoding, named with them, gives model.
 */
#ifndef BOARD_NAMES_H
#define BOARD_NAMES_H

#include <stdio.h>
#include <string.h>

struct board_name {
	const char *fixture;
	const char *arch;	/* "riscv64", "aarch64", "x86_64" */
	const char *cores;	/* libpfm4's names of the core PMUs */
	const char *model;	/* the model string PAPI reports */
};

static const struct board_name board_names[] = {
	{ "hifive-unmatched-linux6.txt", "riscv64", "SiFive U74-MC",
	  "SiFive U74-MC (rv64imafdc, marchid 0x8000000000000007, mimpid 0x20181004)" },
	{ "visionfive2-jh7110.txt", "riscv64", "SiFive U74-MC",
	  "SiFive U74-MC (rv64imafdc_zicntr_zicsr_zifencei_zihpm_zba_zbb, "
	  "marchid 0x8000000000000007, mimpid 0x4210427)" },
	/* the isa and the ids would take 128 characters with the NUL: */
	/* its last token goes                                          */
	{ "hifive-premier-p550.txt", "riscv64", "SiFive Performance P550",
	  "SiFive Performance P550 (rv64imafdch_zicntr_zicsr_zifencei_zihpm_zba_zbb_..., "
	  "marchid 0x8000000000000008, mimpid 0x6220425)" },
	{ "sg2044-c920v2.txt", "riscv64", "T-Head C906/C910/C920",
	  "T-Head C906/C910/C920 (rv64imafdcv_zicntr_zicsr_zifencei_zihpm_sscofpmf, "
	  "marchid 0x80000000090c0d00, mimpid 0x2047000)" },
	{ "bpi-f3-spacemit-k1.txt", "riscv64", "SpacemiT X60",
	  "SpacemiT X60 (rv64imafdcv_zicntr_zicsr_zifencei_zihpm_zba_zbb_sscofpmf, "
	  "marchid 0x8000000058000001, mimpid 0x1000000049772200)" },
	{ "long-isa-k1.txt", "riscv64", "SpacemiT X60",
	  "SpacemiT X60 (rv64imafdcv_zicbom_zicboz_zicntr_zicond_zicsr_..., "
	  "marchid 0x8000000058000001, mimpid 0x1000000049772200)" },
	{ "qemu-virt-riscv64.txt", "riscv64", NULL,
	  "RISC-V (rv64imafdch_zicbom_zicboz_zicntr_zicsr_zifencei_zihintpause_zihpm_zba_zbb_zbs_sstc, "
	  "marchid 0x0, mimpid 0x0)" },
	/* SpacemiT K3 (/proc/cpuinfo of a board under SpacemiT's kernel,  */
	/* published in github.com/sanderjo/SpacemiT-K3-X100-A100): two     */
	/* core types, each named by the kernel's model name; libpfm4 has   */
	/* only its generic PMU there.  The names and both types' ids leave */
	/* no room for the isa, not even for "..."                          */
	{ "spacemit-k3.txt", "riscv64", NULL,
	  "Spacemit(R) X100 + Spacemit(R) A100 (marchid 0x8000000058000002 + 0x8000000041000002, "
	  "mimpid 0x33d8a600 + 0x10000000d5686200)" },
	/* arm64 prints no model name */
	{ "raspberry-pi4.txt", "aarch64", "ARM Cortex A72", "ARM Cortex A72" },
	{ "aws-graviton2.txt", "aarch64", "ARM Neoverse N1", "ARM Neoverse N1" },
	{ "rk3399.txt", "aarch64", "ARM Cortex A53 + ARM Cortex A72",
	  "ARM Cortex A53 + ARM Cortex A72" },
	/* x86: the kernel's model name, whatever libpfm4 calls the core */
	{ "x86-64-kvm-epyc.txt", "x86_64", "AMD64 Fam17h Zen2", "AMD EPYC" },
};

#define NUM_BOARD_NAMES (sizeof(board_names) / sizeof(board_names[0]))

#ifdef __PFMLIB_H__
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

/*
 * The names of the model-specific core PMUs libpfm4 detects on the
 * fixture (present, PFM_PMU_TYPE_CORE, not a generic one: riscv,
 * ix86arch), " + " between them in PMU id order, as PAPI's perf_event
 * component takes them; "" for none.  In a child process (a fresh
 * pfm_initialize()); 0 if they are want (NULL: none), else 1, after
 * printing what was found.
 */
static int
board_core_names_are(const char *fixture_dir, const char *fixture, const char *want)
{
	char path[4096], names[512];
	pfm_pmu_info_t info;
	int status, i;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		snprintf(path, sizeof(path), "%s/%s", fixture_dir, fixture);
		setenv("LIBPFM_PROC_CPUINFO", path, 1);
		unsetenv("LIBPFM_FORCE_PMU");
		unsetenv("LIBPFM_DISABLED_PMUS");
		unsetenv("LIBPFM_ENCODE_INACTIVE");
		if (pfm_initialize() != PFM_SUCCESS)
			_exit(2);
		names[0] = '\0';
		for (i = 0; i < PFM_PMU_MAX; i++) {
			memset(&info, 0, sizeof(info));
			info.size = sizeof(info);
			if (pfm_get_pmu_info(i, &info) != PFM_SUCCESS || !info.is_present ||
			    info.type != PFM_PMU_TYPE_CORE || !strcmp(info.name, "riscv") ||
			    !strcmp(info.name, "ix86arch"))
				continue;
			snprintf(names + strlen(names), sizeof(names) - strlen(names),
				 "%s%s", names[0] ? " + " : "", info.desc);
		}
		pfm_terminate();
		if (strcmp(names, want ? want : "")) {
			printf("  %s: libpfm4 names the cores \"%s\", expected \"%s\"\n",
			       fixture, names, want ? want : "");
			fflush(stdout);
			_exit(1);
		}
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}

/* board_core_names_are() for every board of the table on arch           */
/* ("aarch64", "riscv64"): how many differ; *checked, how many there are */
static int
board_core_names_differ(const char *fixture_dir, const char *arch, int *checked)
{
	size_t i;
	int bad = 0;

	*checked = 0;
	for (i = 0; i < NUM_BOARD_NAMES; i++) {
		if (strcmp(board_names[i].arch, arch))
			continue;
		(*checked)++;
		bad += board_core_names_are(fixture_dir, board_names[i].fixture,
					    board_names[i].cores) != 0;
	}
	return bad;
}
#endif

#endif
