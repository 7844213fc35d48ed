/*
 * guest_faults: PAPI under hostile conditions, in the emulated guests (issue 24:
 * a clear error or a correct count, never a crash, a hang or a silent zero).
 * Each command prints what happened, one "case NAME: ..." line per case, and
 * exits 1 if a case got a wrong count or a failure without an error code.
 *
 *   guest_faults offline EVENT N SLACK
 *       CPU 1 goes offline while counting: (thread) a set of this thread,
 *       which runs on CPU 1, then is moved to CPU 0 by the kernel; (cpu) a
 *       set attached to CPU 1 (PAPI_CPU_ATTACH) that then loses its CPU.
 *       CPU 1 is brought back online after each case.
 *   guest_faults paranoid EVENT N SLACK [LOW]
 *       as user nobody, kernel.perf_event_paranoid LOW (default 2: user-level
 *       counting only; 1 where the CPU cannot leave the kernel out), raised to 3 (Debian:
 *       no perf_event_open for unprivileged users) at three points: after
 *       PAPI_library_init (before the event is added), after the add (before
 *       PAPI_start), after PAPI_start (before PAPI_stop). The paranoid
 *       setting is restored before returning.
 *   guest_faults unprivileged EVENT N SLACK LEVEL counts|refused
 *       a new user's first count: as user nobody, kernel.perf_event_paranoid
 *       LEVEL from the start, EVENT added, started, a loop counted and
 *       stopped. "counts": the whole loop; "refused": the add (or start)
 *       fails with PAPI_EPERM, nothing counted, and the perf_event component's
 *       partially disabled reason is printed (the suite's to check). The
 *       paranoid setting is restored.
 *   guest_faults as-nobody LEVEL COMMAND [ARGS]
 *       COMMAND run as user nobody at kernel.perf_event_paranoid LEVEL (a
 *       user's first papi_metrics); exits with its status, the paranoid
 *       setting restored.
 *   guest_faults nofile EVENT N SLACK
 *       a file-descriptor limit that leaves room for one more descriptor, then
 *       EVENT and two more events added: the add that needs a descriptor
 *       beyond the limit must fail, and EVENT must still count.
 *
 * Counts must lie in [2N, 2N * (1 + SLACK/100)] (guest_loop.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <papi.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest_loop.h"

#define PARANOID "/proc/sys/kernel/perf_event_paranoid"
#define CPU1_ONLINE "/sys/devices/system/cpu/cpu1/online"

static uint64_t loop_n;
static double slack;

static int write_file(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, value, strlen(value)) == (ssize_t)strlen(value);
	close(fd);
	return ok ? 0 : -1;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* A case's verdict on a count: the whole loop or an error, never less. */
static int judge(const char *name, long long count)
{
	int where = guest_bound((uint64_t)count, loop_n, slack);

	printf("case %s: count %lld (%s)\n", name, count,
	       where == 0 ? "the whole loop" : where < 0 ? "WRONG: less than the loop" : "WRONG: over the bound");
	return where != 0;
}

static int papi_failed(const char *name, const char *call, int r)
{
	printf("case %s: %s: %s (%d)\n", name, call, PAPI_strerror(r), r);
	/* a failure must come with one of PAPI's error codes */
	return r >= 0;
}

static int set_with(const char *ev, int *es)
{
	int r;

	*es = PAPI_NULL;
	r = PAPI_create_eventset(es);
	if (r == PAPI_OK)
		r = PAPI_add_named_event(*es, ev);
	return r;
}

static int offline_thread(const char *ev)
{
	long long v = 0;
	int es, r, bad;

	if (pin(1) != 0) {
		printf("case offline-thread: cannot run on CPU 1\n");
		return 1;
	}
	r = set_with(ev, &es);
	if (r == PAPI_OK)
		r = PAPI_start(es);
	if (r != PAPI_OK)
		return papi_failed("offline-thread", "add/start", r);
	guest_loop(loop_n / 2);
	/* this thread's own CPU goes: the kernel moves it to CPU 0 */
	if (write_file(CPU1_ONLINE, "0") != 0) {
		printf("case offline-thread: cannot take CPU 1 offline: %m\n");
		PAPI_stop(es, &v);
		return 1;
	}
	printf("case offline-thread: CPU 1 offline, now on CPU %d\n", sched_getcpu());
	guest_loop(loop_n - loop_n / 2);
	r = PAPI_stop(es, &v);
	bad = r == PAPI_OK ? judge("offline-thread", v) : papi_failed("offline-thread", "PAPI_stop", r);
	write_file(CPU1_ONLINE, "1");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return bad;
}

static int offline_cpu(const char *ev)
{
	PAPI_option_t opt;
	long long v = 0, before = 0;
	int es = PAPI_NULL, r, bad = 0;

	r = PAPI_create_eventset(&es);
	if (r == PAPI_OK)
		r = PAPI_assign_eventset_component(es, 0);
	if (r == PAPI_OK) {
		memset(&opt, 0, sizeof(opt));
		opt.cpu.eventset = es;
		opt.cpu.cpu_num = 1;
		r = PAPI_set_opt(PAPI_CPU_ATTACH, &opt);
	}
	if (r == PAPI_OK)
		r = PAPI_add_named_event(es, ev);
	if (r == PAPI_OK)
		r = PAPI_start(es);
	if (r != PAPI_OK)
		return papi_failed("offline-cpu", "attach/add/start", r);
	pin(1);
	guest_loop(loop_n);
	pin(0);
	r = PAPI_read(es, &before);
	if (r != PAPI_OK)
		return papi_failed("offline-cpu", "PAPI_read", r);
	printf("case offline-cpu: CPU 1 counted %lld with the loop on it\n", before);
	/* a CPU-wide count includes the kernel's and others' work: at least the loop */
	if (guest_bound((uint64_t)before, loop_n, 0) < 0) {
		printf("case offline-cpu: WRONG: less than the loop\n");
		bad = 1;
	}
	if (write_file(CPU1_ONLINE, "0") != 0) {
		printf("case offline-cpu: cannot take CPU 1 offline: %m\n");
		PAPI_stop(es, &v);
		return 1;
	}
	r = PAPI_read(es, &v);
	printf("case offline-cpu: PAPI_read with CPU 1 offline: %s (%d), %lld\n", PAPI_strerror(r), r, v);
	if (r == PAPI_OK && v < before) {
		printf("case offline-cpu: WRONG: the count went back\n");
		bad = 1;
	}
	r = PAPI_stop(es, &v);
	printf("case offline-cpu: PAPI_stop with CPU 1 offline: %s (%d), %lld\n", PAPI_strerror(r), r, v);
	if (r == PAPI_OK && v < before) {
		printf("case offline-cpu: WRONG: the count went back\n");
		bad = 1;
	}
	write_file(CPU1_ONLINE, "1");
	/* the CPU is back: the set starts again and counts the loop there */
	r = PAPI_start(es);
	if (r != PAPI_OK) {
		bad |= papi_failed("offline-cpu-again", "PAPI_start", r);
	} else {
		/* twice the loop: a count left from before cannot pass for it */
		pin(1);
		guest_loop(2 * loop_n);
		pin(0);
		r = PAPI_stop(es, &v);
		if (r != PAPI_OK) {
			bad |= papi_failed("offline-cpu-again", "PAPI_stop", r);
		} else {
			printf("case offline-cpu-again: CPU 1 online again, a loop of 2N there: counted %lld\n", v);
			if (guest_bound((uint64_t)v, 2 * loop_n, 0) < 0) {
				printf("case offline-cpu-again: WRONG: less than the loop (silent zero?)\n");
				bad = 1;
			}
		}
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return bad;
}

static int cmd_offline(const char *ev)
{
	int bad;

	if (access(CPU1_ONLINE, W_OK) != 0) {
		printf("no CPU 1 to take offline (%s)\n", CPU1_ONLINE);
		return 77;
	}
	bad = offline_thread(ev);
	pin(0);
	bad |= offline_cpu(ev);
	write_file(CPU1_ONLINE, "1");
	return bad;
}

/*
 * The paranoid cases run in a child as user nobody; the parent (root) raises
 * the setting when the child says where it is (a byte on a pipe) and answers
 * when it has.
 */
static int paranoid_child(const char *ev, int when, int to_parent, int from_parent)
{
	static const char *names[] = { "paranoid-after-init", "paranoid-after-add", "paranoid-after-start" };
	const char *name = names[when];
	long long v = 0;
	int es = PAPI_NULL, r, raised = 0;
	char c = 'r';

	if (setgid(65534) != 0 || setuid(65534) != 0) {
		printf("case %s: cannot become user nobody: %m\n", name);
		return 1;
	}
	r = PAPI_library_init(PAPI_VER_CURRENT);
	if (r != PAPI_VER_CURRENT)
		return papi_failed(name, "PAPI_library_init", r);
	/* where it is raised; before that, everything must work */
#define RAISE_HERE(point)                                                               \
	do {                                                                            \
		if (when != (point))                                                    \
			break;                                                          \
		if (write(to_parent, &c, 1) != 1 || read(from_parent, &c, 1) != 1)      \
			return 1;                                                       \
		raised = 1;                                                             \
	} while (0)
#define REFUSED(call, r) (papi_failed(name, call, r), !raised ? printf("case %s: WRONG: failed before the raise\n", name), 1 : r >= 0)
	RAISE_HERE(0);
	r = PAPI_create_eventset(&es);
	if (r == PAPI_OK)
		r = PAPI_add_named_event(es, ev);
	if (r != PAPI_OK) {
		const PAPI_component_info_t *ci = PAPI_get_component_info(0);

		if (ci && ci->disabled)
			printf("case %s: perf_event disabled: %s\n", name, ci->disabled_reason);
		return REFUSED("add", r);
	}
	RAISE_HERE(1);
	r = PAPI_start(es);
	if (r != PAPI_OK)
		return REFUSED("PAPI_start", r);
	RAISE_HERE(2);
	guest_loop(loop_n);
	r = PAPI_stop(es, &v);
	if (r != PAPI_OK)
		return REFUSED("PAPI_stop", r);
	return judge(name, v);
}

/* The paranoid setting into old (to restore it); 0, or -1 when not */
/* root or it cannot be read (the case is then skipped)             */
static int save_paranoid(char *old, size_t size)
{
	int fd = open(PARANOID, O_RDONLY);
	ssize_t len = fd < 0 ? -1 : read(fd, old, size - 1);

	if (fd >= 0)
		close(fd);
	if (len <= 0 || geteuid() != 0) {
		printf("needs root and %s\n", PARANOID);
		return -1;
	}
	old[len] = 0;
	return 0;
}

/* The paranoid setting saved into old and set to level: 0, 77 (not root), 1 */
static int raise_paranoid(char *old, size_t size, const char *level)
{
	if (save_paranoid(old, size) != 0)
		return 77;
	if (write_file(PARANOID, level) != 0) {
		printf("cannot set %s to %s: %m\n", PARANOID, level);
		return 1;
	}
	return 0;
}

static int cmd_paranoid(const char *ev, const char *low)
{
	char old[16] = "", c;
	int when, bad = 0;

	if (save_paranoid(old, sizeof(old)) != 0)
		return 77;
	for (when = 0; when < 3; when++) {
		int up[2], down[2], status;
		pid_t pid;

		if (pipe(up) != 0 || pipe(down) != 0)
			return 1;
		write_file(PARANOID, low);
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			close(up[0]);
			close(down[1]);
			_exit(paranoid_child(ev, when, up[1], down[0]));
		}
		close(up[1]);
		close(down[0]);
		if (read(up[0], &c, 1) == 1) {
			if (write_file(PARANOID, "3") != 0) {
				printf("cannot raise %s to 3: %m\n", PARANOID);
				bad = 1;
			}
			if (write(down[1], &c, 1) != 1)
				bad = 1;
		}
		close(up[0]);
		close(down[1]);
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
			printf("case %d: the child died (status %#x)\n", when, status);
			bad = 1;
		} else if (WEXITSTATUS(status) != 0) {
			bad = 1;
		}
	}
	write_file(PARANOID, old);
	return bad;
}

static int unprivileged_child(const char *ev, int refused)
{
	const PAPI_component_info_t *ci;
	long long v = 0;
	int es = PAPI_NULL, r;

	if (setgid(65534) != 0 || setuid(65534) != 0) {
		printf("case unprivileged: cannot become user nobody: %m\n");
		return 1;
	}
	r = PAPI_library_init(PAPI_VER_CURRENT);
	if (r != PAPI_VER_CURRENT)
		return papi_failed("unprivileged", "PAPI_library_init", r) | 1;
	r = set_with(ev, &es);
	if (r == PAPI_OK)
		r = PAPI_start(es);
	if (r != PAPI_OK) {
		papi_failed("unprivileged", "add/start", r);
		if (!refused || r != PAPI_EPERM) {
			printf("case unprivileged: WRONG: %s\n", refused ? "refused, but not with PAPI_EPERM"
								     : "refused where it must count");
			return 1;
		}
		/* why, where the utilities (papi_component_avail) find it */
		ci = PAPI_get_component_info(0);
		if (ci != NULL && ci->partially_disabled)
			printf("case unprivileged: %s partially disabled: %s\n", ci->name,
			       ci->partially_disabled_reason);
		return 0;
	}
	guest_loop(loop_n);
	r = PAPI_stop(es, &v);
	if (r != PAPI_OK)
		return papi_failed("unprivileged", "PAPI_stop", r) | 1;
	if (refused) {
		printf("case unprivileged: WRONG: counted %lld where it must be refused\n", v);
		return 1;
	}
	return judge("unprivileged", v);
}

static int cmd_unprivileged(const char *ev, const char *level, const char *expect)
{
	char old[16] = "";
	int status, bad, r;
	pid_t pid;

	if ((r = raise_paranoid(old, sizeof(old), level)) != 0)
		return r;
	printf("case unprivileged: user nobody, perf_event_paranoid %s, %s must %s\n", level, ev,
	       strcmp(expect, "refused") == 0 ? "be refused" : "count");
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(unprivileged_child(ev, strcmp(expect, "refused") == 0));
	bad = waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0;
	if (bad && !(WIFEXITED(status) && WEXITSTATUS(status) == 1))
		printf("case unprivileged: WRONG: the child died (status %#x)\n", status);
	write_file(PARANOID, old);
	return bad;
}

static int cmd_nofile(const char *ev, const char *ev2, const char *ev3)
{
	struct rlimit lim;
	long long v[3] = { 0 };
	int es, r, fd, bad = 0;

	r = set_with(ev, &es);
	if (r != PAPI_OK)
		return papi_failed("nofile", "first event (before the limit)", r);
	/* room for exactly one more descriptor: the lowest free one + 1 */
	fd = dup(0);
	if (fd < 0 || getrlimit(RLIMIT_NOFILE, &lim) != 0)
		return 1;
	close(fd);
	lim.rlim_cur = fd + 1;
	if (setrlimit(RLIMIT_NOFILE, &lim) != 0) {
		printf("case nofile: setrlimit: %m\n");
		return 1;
	}
	printf("case nofile: RLIMIT_NOFILE %d, one descriptor free\n", (int)lim.rlim_cur);
	r = PAPI_add_named_event(es, ev2);
	printf("case nofile: add %s: %s (%d)\n", ev2, PAPI_strerror(r), r);
	if (r == PAPI_OK) {
		r = PAPI_add_named_event(es, ev3);
		printf("case nofile: add %s: %s (%d)\n", ev3, PAPI_strerror(r), r);
	}
	if (r == PAPI_OK) {
		printf("case nofile: WRONG: every add succeeded beyond the descriptor limit\n");
		bad = 1;
	} else if (r >= 0) {
		bad = 1;
	}
	r = PAPI_start(es);
	if (r != PAPI_OK)
		return papi_failed("nofile", "PAPI_start after the refused add", r) | 1;
	guest_loop(loop_n);
	r = PAPI_stop(es, v);
	if (r != PAPI_OK)
		return papi_failed("nofile", "PAPI_stop", r) | 1;
	bad |= judge("nofile", v[0]);
	return bad;
}

static int cmd_as_nobody(const char *level, char **argv)
{
	char old[16] = "";
	int status, r;
	pid_t pid;

	if ((r = raise_paranoid(old, sizeof(old), level)) != 0)
		return r;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (setgid(65534) != 0 || setuid(65534) != 0) {
			printf("cannot become user nobody: %m\n");
			_exit(126);
		}
		execvp(argv[0], argv);
		printf("cannot run %s: %m\n", argv[0]);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	write_file(PARANOID, old);
	if (pid < 0)
		return 1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv)
{
	int r;

	if (argc >= 4 && strcmp(argv[1], "as-nobody") == 0)
		return cmd_as_nobody(argv[2], argv + 3);

	if (argc < 5) {
		fprintf(stderr, "usage: guest_faults offline|paranoid|unprivileged|nofile EVENT N SLACK "
				"[LOW | LEVEL counts|refused | EVENT2 EVENT3] | as-nobody LEVEL COMMAND [ARGS]\n");
		return 2;
	}
	loop_n = strtoull(argv[3], NULL, 0);
	slack = atof(argv[4]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (strcmp(argv[1], "paranoid") == 0)
		return cmd_paranoid(argv[2], argc > 5 ? argv[5] : "2");
	if (strcmp(argv[1], "unprivileged") == 0 && argc == 7 &&
	    (strcmp(argv[6], "counts") == 0 || strcmp(argv[6], "refused") == 0))
		return cmd_unprivileged(argv[2], argv[5], argv[6]);
	r = PAPI_library_init(PAPI_VER_CURRENT);
	if (r != PAPI_VER_CURRENT) {
		printf("PAPI_library_init: %s (%d)\n", PAPI_strerror(r), r);
		return 1;
	}
	if (strcmp(argv[1], "offline") == 0)
		return cmd_offline(argv[2]);
	if (strcmp(argv[1], "nofile") == 0 && argc == 7)
		return cmd_nofile(argv[2], argv[5], argv[6]);
	fprintf(stderr, "guest_faults: unknown command '%s'\n", argv[1]);
	return 2;
}
