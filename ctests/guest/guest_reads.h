/*
 * guest_reads.h: which way a PAPI_read went, for the guest test programs.
 *
 * The program that includes this defines read(), which libpapi's calls
 * resolve to, and counts the calls per thread (reads_made): a PAPI_read that
 * made no read() call read the counters in user space, from the perf mmap
 * page.  With capture set, the first capture_max reads of at least three
 * long longs (count, time enabled, time running) are also copied there, three
 * values each (captured counts them).  read_uncounted() is the program's own
 * read() that is not counted.
 */
#ifndef GUEST_READS_H
#define GUEST_READS_H

#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static __thread long reads_made;
static __thread long long *capture;
static __thread int captured, capture_max;

ssize_t read(int fd, void *buf, size_t n)
{
	ssize_t r = syscall(SYS_read, fd, buf, n);

	reads_made++;
	if (capture && r >= (ssize_t)(3 * sizeof(long long)) && captured < capture_max)
		memcpy(capture + 3 * captured++, buf, 3 * sizeof(long long));
	return r;
}

static inline ssize_t read_uncounted(int fd, void *buf, size_t n)
{
	return syscall(SYS_read, fd, buf, n);
}

#endif
