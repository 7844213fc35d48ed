/* whole_bench: the programs of run-bench's whole-program mode (-m whole,
 * whole.sh), which compares counting a whole program with papi_metrics and
 * with raw perf_event.
 *
 *   whole_bench time [-I] -- CMD ARGS...
 *       runs CMD (its standard output to /dev/null) and prints
 *       "ns,instructions": the time from fork to its end, and (-I) the
 *       instructions of CMD and all it starts, kernel included where
 *       allowed, else -1
 *   whole_bench count NAME=ENCODING... -- CMD ARGS...
 *       the raw side: CMD and every thread and child it starts counted by
 *       one group attached to it and inherited, enabled before its exec and
 *       read once at its end, as papi_metrics counts with PAPI_attach and
 *       PAPI_INHERIT; prints NAME=COUNT lines on stderr, exits with CMD's
 *       status
 *   whole_bench work [-t THREADS] [-n ITERATIONS]
 *       the program counted: THREADS threads (2) of a dependent integer loop
 */
#define _GNU_SOURCE /* pipe2 */
#include "bench.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROG "whole_bench"

static void die(const char *what)
{
	fprintf(stderr, PROG ": %s: %s\n", what, strerror(errno));
	exit(2);
}

/* Forks CMD, held until release() so that counters can be attached first;
 * *report reads errno if the exec fails. quiet: CMD's standard output goes
 * to /dev/null. */
static pid_t spawn(char **cmd, int quiet, int *gate, int *report)
{
	int fd[2];
	pid_t pid;
	char c;

	if (pipe2(gate, O_CLOEXEC) || pipe2(fd, O_CLOEXEC))
		die("pipe");
	fflush(NULL);
	if ((pid = fork()) < 0)
		die("fork");
	if (pid == 0) {
		int err;
		close(gate[1]);
		close(fd[0]);
		if (read(gate[0], &c, 1) != 1)
			_exit(126);
		if (quiet && !freopen("/dev/null", "w", stdout))
			_exit(126);
		execvp(cmd[0], cmd);
		err = errno;
		if (write(fd[1], &err, sizeof err) < 0)
			_exit(127);
		_exit(127);
	}
	close(gate[0]);
	close(fd[1]);
	*report = fd[0];
	return pid;
}

/* Lets CMD run; its wait status once it ended. */
static int release(pid_t pid, char **cmd, int *gate, int report)
{
	int err = 0, status;
	char c = 0;

	if (write(gate[1], &c, 1) != 1)
		die("starting the program");
	close(gate[1]);
	if (read(report, &err, sizeof err) != sizeof err)
		err = 0;
	close(report);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("waitpid");
	if (err) {
		fprintf(stderr, PROG ": cannot run %s: %s\n", cmd[0], strerror(err));
		exit(127);
	}
	return status;
}

static int exit_status(int status)
{
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int time_cmd(int icount, char **cmd)
{
	int gate[2], report, fd = -1, with_kernel, status;
	uint64_t t0 = now_ns(), t1, ins = 0;
	pid_t pid = spawn(cmd, 1, gate, &report);

	if (icount && (fd = icount_open_task(pid, &with_kernel)) < 0) {
		perf_open_error(PROG " time", "instructions (-I)", errno);
		kill(pid, SIGKILL);
		exit(2);
	}
	status = release(pid, cmd, gate, report);
	t1 = now_ns();
	if (fd >= 0)
		ins = icount_read(fd);
	if (status) {
		fprintf(stderr, PROG ": %s ended with status %d\n", cmd[0], exit_status(status));
		return 2;
	}
	printf("%llu,%lld\n", (unsigned long long)(t1 - t0), fd >= 0 ? (long long)ins : -1LL);
	return 0;
}

static int count_cmd(int n, struct event *evs, char **cmd)
{
	int gate[2], report, fd[MAX_EVENTS], i, status;
	pid_t pid = spawn(cmd, 0, gate, &report);

	for (i = 0; i < n; i++) {
		struct perf_event_attr a;
		perf_attr_of(&evs[i], &a);
		a.disabled = i == 0;
		a.inherit = 1; /* the kernel reads inherited counts one event at a time */
		fd[i] = (int)syscall(SYS_perf_event_open, &a, pid, -1, i ? fd[0] : -1, 0);
		if (fd[i] < 0) {
			perf_open_error(PROG " count", evs[i].name, errno);
			kill(pid, SIGKILL);
			exit(2);
		}
	}
	if (ioctl(fd[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) < 0 ||
	    ioctl(fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) < 0) {
		kill(pid, SIGKILL);
		die("enabling the group");
	}
	status = release(pid, cmd, gate, report);
	if (ioctl(fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP) < 0)
		die("disabling the group");
	for (i = 0; i < n; i++) {
		uint64_t v;
		if (read(fd[i], &v, sizeof v) != sizeof v)
			die(evs[i].name);
		fprintf(stderr, "%s=%llu\n", evs[i].name, (unsigned long long)v);
	}
	for (i = n - 1; i >= 0; i--)
		close(fd[i]);
	return exit_status(status);
}

static volatile uint64_t sink;

static void *work_loop(void *arg)
{
	long n = *(const long *)arg, i;
	uint64_t x = 1;
	for (i = 0; i < n; i++)
		x = x * 6364136223846793005u + 1442695040888963407u;
	sink = x;
	return NULL;
}

static int work_cmd(int threads, long iterations)
{
	pthread_t t[64];
	int i;

	if (threads < 1 || threads > 64 || iterations < 0) {
		fprintf(stderr, PROG " work: -t 1..64, -n 0 or more\n");
		return 1;
	}
	for (i = 1; i < threads; i++)
		if ((errno = pthread_create(&t[i], NULL, work_loop, &iterations)))
			die("pthread_create");
	work_loop(&iterations);
	for (i = 1; i < threads; i++)
		pthread_join(t[i], NULL);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: " PROG " time [-I] -- CMD ARGS... | count NAME=ENCODING... -- CMD ARGS... |"
		" work [-t THREADS] [-n ITERATIONS]\n");
	exit(1);
}

int main(int argc, char **argv)
{
	int i, n;

	if (argc < 2)
		usage();
	if (!strcmp(argv[1], "work")) {
		int threads = 2;
		long iterations = 10000000;
		for (i = 2; i + 1 < argc; i += 2) {
			if (!strcmp(argv[i], "-t"))
				threads = atoi(argv[i + 1]);
			else if (!strcmp(argv[i], "-n"))
				iterations = atol(argv[i + 1]);
			else
				usage();
		}
		if (i != argc)
			usage();
		return work_cmd(threads, iterations);
	}
	for (i = 2; i < argc && strcmp(argv[i], "--"); i++)
		;
	if (i + 1 >= argc)
		usage();
	if (!strcmp(argv[1], "time")) {
		if (i > 3 || (i == 3 && strcmp(argv[2], "-I")))
			usage();
		return time_cmd(i == 3, argv + i + 1);
	}
	if (!strcmp(argv[1], "count")) {
		struct event evs[MAX_EVENTS];
		if (i - 2 < 1 || i - 2 > MAX_EVENTS)
			usage();
		if ((n = events_from_args(PROG " count", 0, argv + 2, i - 2, evs)) < 0)
			return 2;
		return count_cmd(n, evs, argv + i + 1);
	}
	usage();
	return 1;
}
