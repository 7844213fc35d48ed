/*
 * libFuzzer target: PAPI's user-defined events, with the input as the file
 * named by PAPI_USER_EVENTS_FILE (papi_preset.c: the same parser as the
 * presets', user-event side, with its formulas and references to presets and
 * to other user events). Each input: PAPI_library_init() (which loads the
 * file), every user event and preset enumerated and its information read,
 * PAPI_shutdown(). Sections of CPU,arm_n1 are the ones loaded (fuzz_papi.h).
 */
#include "fuzz_papi.h"

static const char *events;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	events = fuzz_papi_input_file("PAPI_USER_EVENTS_FILE", "user-events");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_write_file(events, data, size);
	fuzz_papi_init();
	fuzz_papi_walk(PAPI_UE_MASK, PAPI_ENUM_EVENTS);
	fuzz_papi_walk(PAPI_PRESET_MASK, PAPI_PRESET_ENUM_AVAIL);
	PAPI_shutdown();
	return 0;
}
