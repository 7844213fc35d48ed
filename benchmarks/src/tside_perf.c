/* The raw perf_event side of the threaded mode (thr_main.c): per thread a
 * group of its own, opened, reset and enabled as side_perf.c does; nothing
 * per process. A region is one group read at each end. */
#include "bench.h"

static struct event *tevs;
static int tn;
static struct tset region; /* the region pair's group, opened at the first begin */
static int region_open;
static long long region_vals[MAX_EVENTS];

int tside_process_init(struct event *evs, int n, int domain)
{
	(void)domain; /* in the encodings */
	tevs = evs;
	tn = n;
	return 0;
}

int tside_setup(struct tset *s)
{
	if (perf_group_open(tevs, tn, s->fd) < 0)
		return -1;
	return perf_group_start(s->fd, tn, tevs);
}

int tside_read(struct tset *s, long long *values)
{
	return perf_group_read(s->fd[0], tn, values);
}

int tside_teardown(struct tset *s, long long *values)
{
	if (perf_group_stop(s->fd[0], tn, values) < 0)
		return -1;
	return perf_group_close(s->fd, tn);
}

int tside_create(struct tset *s)
{
	return perf_group_open(tevs, tn, s->fd);
}

int tside_destroy(struct tset *s)
{
	return perf_group_close(s->fd, tn);
}

int tside_region_init(struct event *evs, int n, int domain)
{
	return tside_process_init(evs, n, domain);
}

int tside_region_begin(void)
{
	if (!region_open) {
		if (tside_setup(&region) < 0)
			return -1;
		region_open = 1;
	}
	return perf_group_read(region.fd[0], tn, region_vals);
}

int tside_region_end(void)
{
	return perf_group_read(region.fd[0], tn, region_vals);
}
