/*
 * metrics_regions N: guest_loop(N) in a region "loop" and guest_loop(2 * N)
 * in a region "loop2" of PAPI's high-level API, which counts the events of
 * PAPI_EVENTS there (the guest test "metrics": papi_metrics --regions).
 */
#include <stdio.h>
#include <stdlib.h>

#include <papi.h>

#include "guest_loop.h"

int main(int argc, char **argv)
{
	uint64_t n;

	if (argc != 2 || (n = strtoull(argv[1], NULL, 0)) == 0) {
		fprintf(stderr, "usage: metrics_regions N\n");
		return 2;
	}
	if (PAPI_hl_region_begin("loop") != PAPI_OK)
		return 1;
	guest_loop(n);
	if (PAPI_hl_region_end("loop") != PAPI_OK)
		return 1;
	if (PAPI_hl_region_begin("loop2") != PAPI_OK)
		return 1;
	guest_loop(2 * n);
	if (PAPI_hl_region_end("loop2") != PAPI_OK)
		return 1;
	return 0;
}
