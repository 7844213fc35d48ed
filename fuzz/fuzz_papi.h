/*
 * Set-up shared by the PAPI targets: PAPI's static library linked with the
 * aarch64 table build of libpfm4, whose Neoverse N1 PMU is forced (this host
 * has none of our CPUs), so that PAPI's perf_event component takes arm_n1 as
 * its core PMU and loads the presets of the CPU,arm_n1 section.
 */
#ifndef FUZZ_PAPI_H
#define FUZZ_PAPI_H

#include <papi.h>

#include "fuzz_util.h"

#define FUZZ_PAPI_PMU "arm_n1"

static inline void
fuzz_papi_environment(void)
{
	setenv("LIBPFM_FORCE_PMU", FUZZ_PAPI_PMU, 1);
	unsetenv("PAPI_CSV_EVENT_FILE");
	unsetenv("PAPI_USER_EVENTS_FILE");
	unsetenv("LIBPFM_PROC_CPUINFO");
}

/*
 * The set-up of a target whose input PAPI reads as a file: the environment
 * above, and the file (named NAME in the target's work directory) that the
 * environment variable VAR, if any, gives to PAPI.
 */
static inline const char *
fuzz_papi_input_file(const char *var, const char *name)
{
	const char *path;

	fuzz_papi_environment();
	path = fuzz_file(name);
	if (var)
		setenv(var, path, 1);
	return path;
}

/* PAPI_library_init(), which must work: a target that cannot is no test. */
static inline void
fuzz_papi_init(void)
{
	int ret = PAPI_library_init(PAPI_VER_CURRENT);

	FUZZ_REQUIRE(ret == PAPI_VER_CURRENT, "PAPI_library_init: %s", PAPI_strerror(ret));
}

/* Every event of a kind (PAPI_PRESET_MASK, PAPI_UE_MASK), its information read. */
static inline int
fuzz_papi_walk(int mask, int modifier)
{
	PAPI_event_info_t info;
	char name[PAPI_MAX_STR_LEN];
	int code = mask, n = 0;

	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) != PAPI_OK)
		return 0;
	do {
		if (PAPI_get_event_info(code, &info) == PAPI_OK)
			n++;
		PAPI_event_code_to_name(code, name);
		PAPI_query_event(code);
	} while (PAPI_enum_event(&code, modifier) == PAPI_OK);
	FUZZ_SAY("%d events of mask %#x with information\n", n, (unsigned)mask);
	return n;
}

#endif
