/*
 * Run a piece of a cmocka test in a forked child, so that a crash (a
 * SIGSEGV, glibc's abort on a double free) is reported as a failure of the
 * test instead of killing the test binary.  The child gets the default
 * signal actions back (cmocka catches crashes in the parent) and exits
 * with what fn returns.
 */
#ifndef RUN_IN_CHILD_H
#define RUN_IN_CHILD_H

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

/* 0 when fn returned 0 in the child; otherwise prints why, names 'what' */
static int
run_in_child(const char *what, int (*fn)(void *), void *arg)
{
	static const int crashes[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
	unsigned int i;
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		for (i = 0; i < sizeof(crashes) / sizeof(crashes[0]); i++)
			signal(crashes[i], SIG_DFL);
		status = fn(arg);
		fflush(stdout);
		_exit(status);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	if (WIFSIGNALED(status))
		printf("  %s: killed by signal %d (%s)\n", what, WTERMSIG(status),
		       strsignal(WTERMSIG(status)));
	else if (WEXITSTATUS(status) != 0)
		printf("  %s: exited %d\n", what, WEXITSTATUS(status));
	else
		printf("  %s: ok\n", what);
	return status;
}

#endif
