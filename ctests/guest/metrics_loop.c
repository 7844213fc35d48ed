/*
 * metrics_loop N THREADS CHILDREN STATUS [pin]: guest_loop(N) in the main
 * thread, in THREADS - 1 more threads and in CHILDREN forked children, then
 * exits with STATUS: 2 * N * (THREADS + CHILDREN) user instructions in
 * loops, which papi_metrics must count whole (the guest tests "metrics",
 * "hybrid-metrics"). "pin": thread i runs on CPU i (the main thread on 0).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest_loop.h"

static uint64_t n;
static int pin;

static void run_on(long cpu)
{
	cpu_set_t set;

	if (!pin)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		exit(2);
	}
}

static void *loop(void *arg)
{
	run_on((long)arg);
	guest_loop(n);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[64];
	int threads, children, i;

	pin = argc == 6 && !strcmp(argv[5], "pin");
	if ((argc != 5 && !pin) || (n = strtoull(argv[1], NULL, 0)) == 0 ||
	    (threads = atoi(argv[2])) < 1 || threads > 64 || (children = atoi(argv[3])) < 0) {
		fprintf(stderr, "usage: metrics_loop N THREADS(1-64) CHILDREN STATUS [pin]\n");
		return 2;
	}
	for (i = 0; i < children; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("fork");
			return 2;
		}
		if (pid == 0) {
			guest_loop(n);
			_exit(0);
		}
	}
	for (i = 1; i < threads; i++)
		if (pthread_create(&t[i], NULL, loop, (void *)(long)i)) {
			fprintf(stderr, "pthread_create failed\n");
			return 2;
		}
	run_on(0);
	guest_loop(n);
	for (i = 1; i < threads; i++)
		pthread_join(t[i], NULL);
	while (wait(NULL) > 0)
		;
	return atoi(argv[4]);
}
