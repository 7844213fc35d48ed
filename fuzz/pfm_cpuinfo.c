/*
 * libFuzzer target: libpfm4's /proc/cpuinfo reader and the PMU detection
 * that uses it, with the input as the file (LIBPFM_PROC_CPUINFO; reader
 * lib/pfmlib_cpuinfo.c of libpfm4-pmus/).  Built with the aarch64 table
 * (every ARM core PMU's detection, big.LITTLE entries) and the riscv64 one
 * (every RISC-V PMU: the cores of Linux perf's map and riscv).  Each input:
 * pfm_initialize() (which reads the file once), the detected PMUs listed,
 * pfm_terminate() (which forgets them: libpfm4 patch 0004).
 */
#include <perfmon/pfmlib.h>

#include "fuzz_util.h"

static const char *cpuinfo;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	unsetenv("LIBPFM_FORCE_PMU");
	cpuinfo = fuzz_file("cpuinfo");
	setenv("LIBPFM_PROC_CPUINFO", cpuinfo, 1);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pfm_pmu_info_t info;
	int i;

	fuzz_write_file(cpuinfo, data, size);
	if (pfm_initialize() == PFM_SUCCESS) {
		pfm_for_all_pmus(i) {
			memset(&info, 0, sizeof(info));
			info.size = sizeof(info);
			if (pfm_get_pmu_info(i, &info) == PFM_SUCCESS && info.is_present)
				FUZZ_SAY("detected %s\n", info.name);
		}
	}
	pfm_terminate();
	return 0;
}
