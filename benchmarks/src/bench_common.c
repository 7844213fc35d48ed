/* Helpers shared by every benchmark program (no PAPI, no libpfm4 here: the raw
 * perf_event programs link this and nothing else). */
#include "bench.h"
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

const char *const phase_names[PH_N] = { "init", "start", "read", "reread", "stop", "term" };
int bench_markers;

uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void bench_mark(const char *what, const char *phase)
{
	char buf[64];
	int n;
	if (!bench_markers)
		return;
	n = snprintf(buf, sizeof buf, "bench:%s:%s", what, phase);
	/* fd -1: fails with EBADF, costs one system call, shows in strace. */
	if (write(-1, buf, (size_t)n) != -1)
		abort();
}

int domain_parse(const char *s)
{
	if (!strcmp(s, "user"))
		return DOM_USER;
	if (!strcmp(s, "kernel"))
		return DOM_KERNEL;
	if (!strcmp(s, "all"))
		return DOM_USER | DOM_KERNEL;
	return -1;
}

int icount_mode_parse(const char *s)
{
	if (!strcmp(s, "none"))
		return IC_NONE;
	if (!strcmp(s, "perf"))
		return IC_PERF;
	if (!strcmp(s, "callgrind"))
		return IC_CALLGRIND;
	return -1;
}

int event_parse_encoding(const char *s, struct event *ev, char *err, int errlen)
{
	const char *eq = strrchr(s, '=');
	unsigned long long v[7];
	const char *p;
	char *end;
	int i;

	memset(ev, 0, sizeof *ev);
	if (!eq || eq == s || (size_t)(eq - s) >= sizeof ev->name) {
		snprintf(err, errlen, "bad encoding '%s': expected NAME=type:config:config1:config2:xu:xk:xh", s);
		return -1;
	}
	memcpy(ev->name, s, (size_t)(eq - s));
	p = eq + 1;
	for (i = 0; i < 7; i++) {
		errno = 0;
		v[i] = strtoull(p, &end, 0);
		if (errno || end == p || (i < 6 && *end != ':') || (i == 6 && *end)) {
			snprintf(err, errlen, "bad encoding '%s': field %d is not a number", s, i + 1);
			return -1;
		}
		p = end + 1;
	}
	if (v[0] > UINT32_MAX || v[4] > 1 || v[5] > 1 || v[6] > 1) {
		snprintf(err, errlen, "bad encoding '%s': type or exclude bits out of range", s);
		return -1;
	}
	ev->type = (uint32_t)v[0];
	ev->config = v[1];
	ev->config1 = v[2];
	ev->config2 = v[3];
	ev->exclude_user = (int)v[4];
	ev->exclude_kernel = (int)v[5];
	ev->exclude_hv = (int)v[6];
	ev->encoded = 1;
	return 0;
}

static int read_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = -100;
	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = -100;
		fclose(f);
	}
	return v;
}

void perf_open_error(const char *who, const char *name, int err)
{
	int par = read_paranoid();
	switch (err) {
	case EACCES:
	case EPERM:
		fprintf(stderr, "%s: cannot open %s: %s: counters not allowed (perf_event_paranoid=%d; "
			"try: sysctl kernel.perf_event_paranoid=1, or domain 'user')\n",
			who, name, strerror(err), par);
		break;
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		fprintf(stderr, "%s: cannot open %s: %s: this system has no counter for it "
			"(no hardware PMU, e.g. in a VM, or event not supported)\n", who, name, strerror(err));
		break;
	case EINVAL:
		fprintf(stderr, "%s: cannot open %s: %s: the kernel rejects this encoding "
			"(unknown event or unsupported domain: a PMU without privilege filtering "
			"needs domain 'all')\n", who, name, strerror(err));
		break;
	case ENOSYS:
		fprintf(stderr, "%s: cannot open %s: perf_event_open is not available here "
			"(kernel without perf events, or qemu-user)\n", who, name);
		break;
	default:
		fprintf(stderr, "%s: cannot open %s: %s\n", who, name, strerror(err));
	}
}

int events_from_args(const char *prog, int names_ok, char **args, int n, struct event *evs)
{
	char err[512];
	int i;
	for (i = 0; i < n; i++) {
		const char *a = args[i];
		if (strchr(a, '=')) {
			if (event_parse_encoding(a, &evs[i], err, sizeof err) < 0) {
				fprintf(stderr, "%s: %s\n", prog, err);
				return -1;
			}
		} else if (names_ok && strlen(a) < EV_NAME_MAX) {
			memset(&evs[i], 0, sizeof evs[i]);
			strcpy(evs[i].name, a);
		} else {
			fprintf(stderr, "%s: event '%s' has no encoding: run bench_encode first\n", prog, a);
			return -1;
		}
	}
	return n;
}

/* pid 0: the calling thread, counting now; else that task and every thread
 * and child it starts, counting from its next exec */
static int icount_try(int with_kernel, pid_t pid)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	/* with the kernel's: no exclude bit at all (a PMU without privilege
	 * filtering, like the U74's, refuses any) */
	a.exclude_kernel = !with_kernel;
	a.exclude_hv = !with_kernel;
	if (pid) {
		a.inherit = 1;
		a.disabled = 1;
		a.enable_on_exec = 1;
	}
	return (int)syscall(SYS_perf_event_open, &a, pid, -1, -1, 0);
}

int icount_open_all(int *with_kernel)
{
	return icount_open_task(0, with_kernel);
}

int icount_open_task(pid_t pid, int *with_kernel)
{
	int fd = icount_try(1, pid);
	*with_kernel = fd >= 0;
	return fd >= 0 ? fd : icount_try(0, pid);
}

int icount_open(const char *prog)
{
	int fd = icount_try(0, 0);
	if (fd < 0) {
		int e = errno;
		perf_open_error(prog, "instructions (-I perf)", e);
		if (e == EINVAL)
			fprintf(stderr, "  (a PMU without privilege filtering, like the U74's, cannot count user-only: use -I callgrind)\n");
		exit(2);
	}
	return fd;
}

uint64_t icount_read(int fd)
{
	uint64_t v = 0;
	if (read(fd, &v, sizeof v) != sizeof v) {
		fprintf(stderr, "reading the instruction counter (-I perf) failed: %s\n", strerror(errno));
		exit(2);
	}
	return v;
}
