/*
 * libFuzzer target: PAPI's hardware-information reader of /proc/cpuinfo, with
 * the input as the file (PAPI reads /proc/cpuinfo only: its open() is
 * redirected to the input, as the unit tests do, ctests/open_hook.h):
 * _linux_get_cpu_info() of
 * linux-common.c, the function PAPI_library_init() calls, with our readers of
 * linux-cpuinfo.c (exact keys, RISC-V ids, CPU counts).  As in the unit test
 * ctests/test_papi_substrate.c, it is called directly: no PAPI initialization
 * per input.
 */
#include "fuzz_papi.h"
#include "../ctests/open_hook.h"

int _linux_get_cpu_info(PAPI_hw_info_t *hwinfo, int *cpuinfo_mhz);

static const char *cpuinfo;

static const char *
open_hook(const char *path, char *buf, size_t size)
{
	(void)buf;
	(void)size;
	if (cpuinfo && path && strcmp(path, "/proc/cpuinfo") == 0)
		return cpuinfo;
	return path;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* no variable: PAPI opens /proc/cpuinfo, which open_hook() redirects */
	cpuinfo = fuzz_papi_input_file(NULL, "cpuinfo");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	PAPI_hw_info_t hw;
	int mhz = 0;

	fuzz_write_file(cpuinfo, data, size);
	memset(&hw, 0, sizeof(hw));
	_linux_get_cpu_info(&hw, &mhz);
	FUZZ_SAY("vendor %d %s, model %d %s, cpuid %d.%d.%d, %d CPUs, %d MHz\n", hw.vendor,
		 hw.vendor_string, hw.model, hw.model_string, hw.cpuid_family,
		 hw.cpuid_model, hw.cpuid_stepping, hw.totalcpus, mhz);
	return 0;
}
