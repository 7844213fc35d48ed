/*
 * Threads that start together, for the tests of what several threads do
 * first at once: run_threads_at_once() creates n threads running fn (its
 * argument: the thread's number, 0 to n - 1), which begin with
 * threads_wait_start(), lets them all go at the same moment and joins
 * them.  It returns how many could not be created or returned non-NULL.
 * monotonic_reads() checks a clock such threads read first.
 */
#ifndef THREADS_AT_ONCE_H
#define THREADS_AT_ONCE_H

#include <pthread.h>
#include <stdint.h>

#define THREADS_AT_ONCE_MAX 16

static int threads_start;

static void
threads_wait_start(void)
{
	while (!__atomic_load_n(&threads_start, __ATOMIC_ACQUIRE))
		;
}

static int
run_threads_at_once(int n, void *(*fn)(void *))
{
	pthread_t threads[THREADS_AT_ONCE_MAX];
	void *result;
	int i, started, bad;

	__atomic_store_n(&threads_start, 0, __ATOMIC_RELAXED);
	for (started = 0; started < n && started < THREADS_AT_ONCE_MAX; started++)
		if (pthread_create(&threads[started], NULL, fn,
				   (void *)(intptr_t)started) != 0)
			break;
	bad = n - started;
	__atomic_store_n(&threads_start, 1, __ATOMIC_RELEASE);
	for (i = 0; i < started; i++)
		if (pthread_join(threads[i], &result) != 0 || result != NULL)
			bad++;
	return bad;
}

/* 0 when 'clock' reads real (> 0) and monotonic values, n times */
static inline int
monotonic_reads(long long (*clock)(void), int n)
{
	long long prev = clock(), c;
	int bad = prev <= 0;

	while (n-- > 1) {
		c = clock();
		bad |= c < prev;
		prev = c;
	}
	return bad;
}

#endif
