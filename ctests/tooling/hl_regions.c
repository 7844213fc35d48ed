/*
 * hl_regions: a region "compute" of PAPI's high-level API that burns
 * 40 ms of CPU time times (its MPI rank + 1) * 2 - 1 (rank 0: 40 ms,
 * rank 1: 120 ms), where rank 1 also sleeps 300 ms (the slowest rank by
 * wall-clock time however busy the machine), and a region "rest" of 1 ms;
 * tooling-test-metrics runs it under mpirun with papi_metrics --regions.
 */
#include <stdlib.h>
#include <time.h>

#include <papi.h>

static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void burn(double ms)
{
	double end = cpu_ms() + ms;
	volatile unsigned long x = 0;

	while (cpu_ms() < end)
		x++;
}

int main(void)
{
	const char *r = getenv("OMPI_COMM_WORLD_RANK");
	int rank = r ? atoi(r) : 0;

	if (PAPI_hl_region_begin("compute") != PAPI_OK)
		return 1;
	burn(40.0 * (2 * rank + 1));
	if (rank == 1) {
		struct timespec nap = { 0, 300000000 };

		nanosleep(&nap, NULL);
	}
	if (PAPI_hl_region_end("compute") != PAPI_OK)
		return 1;
	if (PAPI_hl_region_begin("rest") != PAPI_OK)
		return 1;
	burn(1);
	if (PAPI_hl_region_end("rest") != PAPI_OK)
		return 1;
	return 0;
}
