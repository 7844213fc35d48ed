/*
 * count_loop.c: a first measurement with PAPI's low-level API.
 *
 *   cc count_loop.c -o count_loop $(pkg-config --cflags --libs papi)
 *   ./count_loop                          # PAPI_TOT_INS and PAPI_TOT_CYC
 *   ./count_loop PAPI_TOT_INS PAPI_BR_MSP  # any presets or native events
 *
 * Counts the events named (at most 8) around a loop of floating-point work,
 * prints each count, and, with PAPI_TOT_INS and PAPI_TOT_CYC among them,
 * instructions per cycle. An event this CPU or this kernel setting cannot
 * count is refused with PAPI's reason; nothing is printed as a zero it did not
 * count. Exit status: 0 counted, 1 an event refused or PAPI failed.
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>

#define MAX_EVENTS 8

static int
refused(const char *what, const char *name, int ret)
{
	fprintf(stderr, "count_loop: %s %s: %s\n", what, name, PAPI_strerror(ret));
	return 1;
}

int
main(int argc, char **argv)
{
	static const char *defaults[] = { "PAPI_TOT_INS", "PAPI_TOT_CYC" };
	const char **names = argc > 1 ? (const char **)argv + 1 : defaults;
	int n = argc > 1 ? argc - 1 : 2, es = PAPI_NULL, i, ret, ins = -1, cyc = -1;
	long long counts[MAX_EVENTS];
	volatile double x = 1.0;

	if (n > MAX_EVENTS) {
		fprintf(stderr, "count_loop: at most %d events\n", MAX_EVENTS);
		return 1;
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT)
		return refused("PAPI_library_init", "", ret);
	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK)
		return refused("PAPI_create_eventset", "", ret);
	for (i = 0; i < n; i++) {
		if ((ret = PAPI_add_named_event(es, names[i])) != PAPI_OK)
			return refused("cannot count", names[i], ret);
		if (!strcmp(names[i], "PAPI_TOT_INS"))
			ins = i;
		if (!strcmp(names[i], "PAPI_TOT_CYC"))
			cyc = i;
	}
	if ((ret = PAPI_start(es)) != PAPI_OK)
		return refused("PAPI_start", "", ret);
	for (i = 0; i < 10000000; i++)
		x = x * 1.0000001 + 0.0000001;
	if ((ret = PAPI_stop(es, counts)) != PAPI_OK)
		return refused("PAPI_stop", "", ret);

	for (i = 0; i < n; i++)
		printf("%-24s %lld\n", names[i], counts[i]);
	if (ins >= 0 && cyc >= 0 && counts[cyc] > 0)
		printf("%-24s %.2f\n", "instructions per cycle", (double)counts[ins] / counts[cyc]);
	PAPI_shutdown();
	return 0;
}
