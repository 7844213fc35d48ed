/*
 * libFuzzer target: an event string for one of our PMUs, forced with
 * LIBPFM_FORCE_PMU (FUZZ_PMU, given at build time: sifive_u74 and riscv from the
 * riscv64 table build, arm_ac72 and arm_n1 from the aarch64 one), through
 * pfm_find_event() and pfm_get_os_event_encoding() for PFM_OS_PERF_EVENT_EXT
 * (the encoding PAPI asks for) and PFM_OS_NONE (the raw codes).
 * The input is the string (up to its first NUL), with or without a PMU prefix.
 */
#include <perfmon/pfmlib_perf_event.h>

#include "fuzz_util.h"

#ifndef FUZZ_PMU
#error "FUZZ_PMU must name the PMU to force"
#endif

/*
 * FUZZ_SKIP_KNOWN (make fuzz FUZZ_KNOWN=skip): inputs with more than 64 ':'
 * are not tried, so that a run goes past libpfm4's known overflow of its
 * 64-entry attribute array (fuzz/README.md, "Findings", K1) to find others.
 */
static int skip_known;

static int
known_overflow(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == ':';
	return n > 64;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	pfm_pmu_info_t info;
	int i, forced = 0;

	(void)argc;
	(void)argv;
	skip_known = getenv("FUZZ_SKIP_KNOWN") != NULL;
	setenv("LIBPFM_FORCE_PMU", FUZZ_PMU, 1);
	FUZZ_REQUIRE(pfm_initialize() == PFM_SUCCESS, "pfm_initialize failed");
	pfm_for_all_pmus(i) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info(i, &info) == PFM_SUCCESS && info.is_present &&
		    strcmp(info.name, FUZZ_PMU) == 0)
			forced = 1;
	}
	FUZZ_REQUIRE(forced, "PMU %s is not active with LIBPFM_FORCE_PMU=%s", FUZZ_PMU, FUZZ_PMU);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	pfm_pmu_encode_arg_t raw;
	char *fstr = NULL;

	if (skip_known && known_overflow(s)) {
		free(s);
		return -1;	/* not added to the corpus */
	}

	FUZZ_SAY("%s: pfm_find_event %d\n", s, pfm_find_event(s));

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = &attr;
	arg.fstr = &fstr;
	if (pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg) == PFM_SUCCESS)
		FUZZ_SAY("%s: type %u config %#llx (%s)\n", s, attr.type,
			 (unsigned long long)attr.config, fstr);
	free(fstr);

	memset(&raw, 0, sizeof(raw));
	raw.size = sizeof(raw);
	fstr = NULL;
	raw.fstr = &fstr;
	pfm_get_os_event_encoding(s, PFM_PLM3, PFM_OS_NONE, &raw);
	free(raw.codes);
	free(fstr);

	free(s);
	return 0;
}
