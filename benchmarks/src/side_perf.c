/* The raw perf_event side: the same group as PAPI's perf_event component
 * builds (leader disabled, members enabled, PERF_FORMAT_GROUP on the leader,
 * this thread on any CPU), started and stopped the way PAPI does it.
 * The perf_group_* functions work on any group (the threaded mode keeps one
 * per thread); side_* on this process's one. */
#include "bench.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

const char *const side_name = "perf";
static int fds[MAX_EVENTS];
static int nfds;
static struct event *events;

int perf_want_user_read;

void perf_attr_of(const struct event *ev, struct perf_event_attr *a)
{
	memset(a, 0, sizeof *a);
	a->size = sizeof *a;
	a->type = ev->type;
	a->config = ev->config;
	a->config1 = ev->config1;
#ifdef __aarch64__
	/* the arm64 PMU publishes a counter to user space only for events
	 * that ask (config1 bit 1), of a hardware PMU */
	if (perf_want_user_read && a->type != PERF_TYPE_SOFTWARE &&
	    a->type != PERF_TYPE_TRACEPOINT && a->type != PERF_TYPE_BREAKPOINT)
		a->config1 |= 0x2;
#endif
	a->config2 = ev->config2;
	a->exclude_user = ev->exclude_user;
	a->exclude_kernel = ev->exclude_kernel;
	a->exclude_hv = ev->exclude_hv;
}

int perf_group_open(const struct event *evs, int n, int *fd)
{
	int i;
	for (i = 0; i < n; i++) {
		struct perf_event_attr a;
		perf_attr_of(&evs[i], &a);
		a.disabled = i == 0;
		a.read_format = i == 0 ? PERF_FORMAT_GROUP : 0;
		fd[i] = (int)syscall(SYS_perf_event_open, &a, 0, -1, i ? fd[0] : -1, 0);
		if (fd[i] < 0) {
			int e = errno;
			perf_open_error("perf side", evs[i].name, e);
			while (i-- > 0)
				close(fd[i]);
			return -1;
		}
	}
	return 0;
}

int perf_group_start(const int *fd, int n, const struct event *evs)
{
	int i;
	for (i = 0; i < n; i++)
		if (ioctl(fd[i], PERF_EVENT_IOC_RESET, 0) < 0)
			goto fail;
	if (ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0) < 0)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "perf side: ioctl on %s failed: %s\n", evs[i < n ? i : 0].name, strerror(errno));
	return -1;
}

int perf_group_read(int leader, int n, long long *values)
{
	uint64_t buf[1 + MAX_EVENTS];
	ssize_t want = (ssize_t)((1 + n) * sizeof(uint64_t));
	int i;
	if (read(leader, buf, (size_t)want) != want || buf[0] != (uint64_t)n) {
		fprintf(stderr, "perf side: group read failed: %s\n", strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++)
		values[i] = (long long)buf[1 + i];
	return 0;
}

int perf_group_stop(int leader, int n, long long *values)
{
	if (ioctl(leader, PERF_EVENT_IOC_DISABLE, 0) < 0) {
		fprintf(stderr, "perf side: ioctl(DISABLE) failed: %s\n", strerror(errno));
		return -1;
	}
	return perf_group_read(leader, n, values);
}

int perf_group_close(const int *fd, int n)
{
	int i, rc = 0;
	for (i = n - 1; i >= 0; i--)
		if (close(fd[i]) < 0)
			rc = -1;
	return rc;
}

int side_init(struct event *evs, int n, int domain)
{
	(void)domain; /* already in the encodings */
	events = evs;
	if (perf_group_open(evs, n, fds) < 0)
		return -1;
	nfds = n;
	return 0;
}

int side_start(void)
{
	return perf_group_start(fds, nfds, events);
}

int side_read(long long *values)
{
	return perf_group_read(fds[0], nfds, values);
}

int side_stop(long long *values)
{
	return perf_group_stop(fds[0], nfds, values);
}

int side_term(void)
{
	int rc = perf_group_close(fds, nfds);
	nfds = 0;
	return rc;
}

const char *side_version(void)
{
	return "raw perf_event";
}
