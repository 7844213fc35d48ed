/*
 * libFuzzer target: PAPI_event_name_to_code() on the input (up to its first
 * NUL): preset names, user-event names, and native names through the
 * perf_event component and libpfm4 (arm_n1 forced, fuzz_papi.h), with or
 * without a PMU or component prefix; a name found is turned back into a name
 * and its information read.  PAPI stays initialized from one input to the
 * next, but is shut down and initialized again every FUZZ_REINIT inputs:
 * its native event table keeps every event found (it grows, PAPI patch
 * 0026) and each look-up walks it, so that without the restarts a long run
 * slowed down from 7,000 to under 200 inputs a second within 300,000.
 */
#include "fuzz_papi.h"

#define FUZZ_REINIT 4096

static unsigned long inputs;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_papi_environment();
	fuzz_papi_init();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);
	char name[PAPI_MAX_STR_LEN];
	PAPI_event_info_t info;
	int code;

	if (++inputs % FUZZ_REINIT == 0) {
		PAPI_shutdown();
		fuzz_papi_init();
	}
	if (PAPI_event_name_to_code(s, &code) == PAPI_OK) {
		PAPI_event_code_to_name(code, name);
		PAPI_get_event_info(code, &info);
		FUZZ_SAY("%s: %#x %s\n", s, (unsigned)code, name);
	} else
		FUZZ_SAY("%s: not found\n", s);
	free(s);
	return 0;
}
