/*
 * libFuzzer target: PAPI's user-defined events, with the input as the file
 * named by PAPI_USER_EVENTS_FILE (papi_preset.c: the same parser as the
 * presets', user-event side, with its formulas and references to presets and
 * to other user events). Each input: PAPI_library_init() (which loads the
 * file), every user event and preset enumerated and its information read,
 * PAPI_shutdown(). Sections of CPU,arm_n1 are the ones loaded (fuzz_papi.h),
 * with a small preset table of its own (below).
 */
#include "fuzz_papi.h"

static const char *events;

/*
 * The presets the user events may name: a few of the N1's, so that an input
 * costs the user-event parser and not a load of the whole built-in arm_n1
 * section (with PAPI_USER_EVENTS_FILE the presets load at every
 * PAPI_library_init(): three quarters of the time; papi-presets-csv fuzzes
 * that table). A derived preset among them, for user events built on one.
 */
static const char presets[] =
	"CPU,arm_n1\n"
	"PRESET,PAPI_TOT_CYC,NOT_DERIVED,CPU_CYCLES\n"
	"PRESET,PAPI_TOT_INS,NOT_DERIVED,INST_RETIRED\n"
	"PRESET,PAPI_BR_INS,NOT_DERIVED,BR_RETIRED\n"
	"PRESET,PAPI_BR_MSP,NOT_DERIVED,BR_MIS_PRED_RETIRED\n"
	"PRESET,PAPI_BR_PRC,DERIVED_SUB,BR_RETIRED,BR_MIS_PRED_RETIRED\n";

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *table;

	(void)argc;
	(void)argv;
	events = fuzz_papi_input_file("PAPI_USER_EVENTS_FILE", "user-events");
	table = fuzz_file("presets");
	fuzz_write_file(table, (const uint8_t *)presets, sizeof(presets) - 1);
	setenv("PAPI_CSV_EVENT_FILE", table, 1);
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
