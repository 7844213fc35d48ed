/*
 * libFuzzer target: our scan of PAPI's built-in preset table
 * (papi-components/src/papi_preset_scan.c, PAPI patch 0010), which the
 * loader uses to skip the lines of other CPUs without copying them, on the
 * input as the table (exactly its size, NUL-terminated, as the built-in table
 * ends; up to its first NUL). The built-in table is compiled in, so
 * PAPI_CSV_EVENT_FILE never reaches this scan: it is called directly, as the
 * loader calls it (skip, take a line, again), with its own checks: the scan
 * stops at the start of a line, on a line the loader must parse or on this
 * PMU's CPU line, and a CPU name lies within its line.
 */
#include <papi.h>
#include "papi_preset_scan.h"

#include "fuzz_papi.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

#define FUZZ_CHECK(cond)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "fuzz target: check failed: %s\n", #cond); \
			abort();					\
		}							\
	} while (0)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *table = fuzz_string(data, size);
	char *end = table + strlen(table), *p = table, *eol;
	const char *name;
	size_t len;
	int kind;

	while (*p) {
		_papi_preset_skip_lines(&p, FUZZ_PAPI_PMU);
		FUZZ_CHECK(p >= table && p <= end);
		FUZZ_CHECK(p == table || p == end || p[-1] == '\n');
		if (!*p)
			break;
		kind = _papi_preset_line_kind(p, &name, &len);
		FUZZ_CHECK(kind == PAPI_PRESET_LINE_OTHER || kind == PAPI_PRESET_LINE_CPU);
		eol = strchr(p, '\n');
		if (kind == PAPI_PRESET_LINE_CPU) {
			FUZZ_CHECK(name > p && name + len <= (eol ? eol : end));
			FUZZ_CHECK(len == strlen(FUZZ_PAPI_PMU) &&
				   strncasecmp(name, FUZZ_PAPI_PMU, len) == 0);
		}
		p = eol ? eol + 1 : end;	/* the loader takes this line */
	}
	free(table);
	return 0;
}
