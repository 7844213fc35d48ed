/*
 * libFuzzer target: PAPI's preset table parser, with the input as the table
 * named by PAPI_CSV_EVENT_FILE (papi_preset.c, with our fast scan of the
 * table, papi_preset_scan.c, and the formula check, papi_preset_check.c).
 * Each input: PAPI_library_init(), every preset enumerated and its information
 * read (the first query loads the table: presets load on first use),
 * PAPI_shutdown(). Sections of CPU,arm_n1 are the ones loaded (fuzz_papi.h).
 */
#include "fuzz_papi.h"

static const char *table;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	table = fuzz_papi_input_file("PAPI_CSV_EVENT_FILE", "presets");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_write_file(table, data, size);
	fuzz_papi_init();
	fuzz_papi_walk(PAPI_PRESET_MASK, PAPI_ENUM_EVENTS);
	PAPI_shutdown();
	return 0;
}
