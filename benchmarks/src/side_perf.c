/* The raw perf_event side: the same group as PAPI's perf_event component
 * builds (leader disabled, members enabled, PERF_FORMAT_GROUP on the leader,
 * this thread on any CPU), started and stopped the way PAPI does it. */
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

int side_init(struct event *evs, int n, int domain)
{
	int i;
	(void)domain; /* already in the encodings */
	events = evs;
	for (i = 0; i < n; i++) {
		struct perf_event_attr a;
		memset(&a, 0, sizeof a);
		a.size = sizeof a;
		a.type = evs[i].type;
		a.config = evs[i].config;
		a.config1 = evs[i].config1;
		a.config2 = evs[i].config2;
		a.exclude_user = evs[i].exclude_user;
		a.exclude_kernel = evs[i].exclude_kernel;
		a.exclude_hv = evs[i].exclude_hv;
		a.disabled = i == 0;
		a.read_format = i == 0 ? PERF_FORMAT_GROUP : 0;
		fds[i] = (int)syscall(SYS_perf_event_open, &a, 0, -1, i ? fds[0] : -1, 0);
		if (fds[i] < 0) {
			int e = errno;
			perf_open_error("perf side", evs[i].name, e);
			while (i-- > 0)
				close(fds[i]);
			return -1;
		}
	}
	nfds = n;
	return 0;
}

int side_start(void)
{
	int i;
	for (i = 0; i < nfds; i++)
		if (ioctl(fds[i], PERF_EVENT_IOC_RESET, 0) < 0)
			goto fail;
	if (ioctl(fds[0], PERF_EVENT_IOC_ENABLE, 0) < 0)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "perf side: ioctl on %s failed: %s\n", events[i < nfds ? i : 0].name, strerror(errno));
	return -1;
}

int side_read(long long *values)
{
	uint64_t buf[1 + MAX_EVENTS];
	ssize_t want = (ssize_t)((1 + nfds) * sizeof(uint64_t));
	int i;
	if (read(fds[0], buf, (size_t)want) != want || buf[0] != (uint64_t)nfds) {
		fprintf(stderr, "perf side: group read failed: %s\n", strerror(errno));
		return -1;
	}
	for (i = 0; i < nfds; i++)
		values[i] = (long long)buf[1 + i];
	return 0;
}

int side_stop(long long *values)
{
	if (ioctl(fds[0], PERF_EVENT_IOC_DISABLE, 0) < 0) {
		fprintf(stderr, "perf side: ioctl(DISABLE) failed: %s\n", strerror(errno));
		return -1;
	}
	return side_read(values);
}

int side_term(void)
{
	int i, rc = 0;
	for (i = nfds - 1; i >= 0; i--)
		if (close(fds[i]) < 0)
			rc = -1;
	nfds = 0;
	return rc;
}

const char *side_version(void)
{
	return "raw perf_event";
}
