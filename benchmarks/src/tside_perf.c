/* The raw perf_event side of the threaded mode (thr_main.c): per thread a
 * group of its own, opened, reset and enabled as side_perf.c does, and each
 * event's mmap page mapped; nothing per process. A read is the bare
 * user-space read of every event where the kernel allows it for all of them,
 * else one read() of the group (thr_perf -t read says which on stderr). A
 * region is one group read at each end. */
#include "bench.h"
#include <stddef.h>

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
	perf_want_user_read = 1;
	return 0;
}

int tside_setup(struct tset *s)
{
	long long v;
	int i;
	if (perf_group_open(tevs, tn, s->fd) < 0)
		return -1;
	if (perf_group_start(s->fd, tn, tevs) < 0)
		return -1;
	s->uread = 1;
	for (i = 0; i < tn; i++) {
		s->page[i] = uread_map(s->fd[i]);
		if (!s->page[i] || !uread_value(s->page[i], &v))
			s->uread = 0;
	}
	return 0;
}

int tside_read(struct tset *s, long long *values)
{
	int i;
	if (s->uread) {
		for (i = 0; i < tn; i++)
			if (!uread_value(s->page[i], &values[i]))
				break;
		if (i == tn)
			return 0;
	}
	return perf_group_read(s->fd[0], tn, values);
}

const char *tside_read_method(const struct tset *s)
{
	return s->uread ? "user-space read of each event's counter" : "read() of the group";
}

int tside_teardown(struct tset *s, long long *values)
{
	int i;
	if (perf_group_stop(s->fd[0], tn, values) < 0)
		return -1;
	for (i = 0; i < tn; i++) {
		uread_unmap(s->page[i]);
		s->page[i] = NULL;
	}
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
