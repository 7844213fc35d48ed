/* Unit tests of the benchmark harness's own logic: statistics, strace line
 * classification, attribution of system calls to phases, encodings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bench.h"
#include "bench_stats.h"

/* bench_common.c wants the side's identity; this test is neither side. */
const char *const side_name = "test";

static void test_stats_small(void **state)
{
	double x[] = { 5, 1, 4, 2, 3 };
	struct stats s;
	(void)state;
	assert_int_equal(stats_compute(x, 5, &s), 0);
	assert_int_equal(s.n, 5);
	assert_true(s.min == 1 && s.max == 5 && s.median == 3 && s.mean == 3);
	assert_true(fabs(s.sd - sqrt(2.5)) < 1e-12);
	assert_true(fabs(s.p95 - 4.8) < 1e-12); /* 1 + 0.95 * 4 ranks: 4 + 0.8 */
	assert_true(x[0] == 5);                  /* input untouched */
}

static void test_stats_even_and_quantiles(void **state)
{
	double x[100];
	struct stats s;
	int i;
	(void)state;
	for (i = 0; i < 100; i++)
		x[i] = 100 - i; /* 100..1 */
	assert_int_equal(stats_compute(x, 100, &s), 0);
	assert_true(s.median == 50.5);
	assert_true(fabs(s.p95 - 95.05) < 1e-9);
	assert_true(s.mean == 50.5);
	assert_int_equal(stats_compute(x, 0, &s), -1);
	assert_true(stats_compute(x, 1, &s) == 0 && s.median == 100 && s.p95 == 100 && s.sd == 0);
}

static void test_classify(void **state)
{
	struct sline s;
	(void)state;
	assert_int_equal(strace_classify("openat(AT_FDCWD, \"/proc/cpuinfo\", O_RDONLY) = 3\n", &s), SL_SYSCALL);
	assert_string_equal(s.name, "openat");
	assert_string_equal(s.target, "/proc/cpuinfo");
	assert_int_equal(strace_classify("123 read(3, \"x\", 1) = 1\n", &s), SL_SYSCALL);
	assert_string_equal(s.name, "read");
	assert_string_equal(s.target, "");
	assert_int_equal(strace_classify("write(-1, \"bench:begin:stop\", 16) = -1 EBADF (Bad file descriptor)\n", &s), SL_BEGIN);
	assert_string_equal(s.phase, "stop");
	assert_int_equal(strace_classify("99 write(-1, \"bench:end:init\", 14) = -1 EBADF\n", &s), SL_END);
	assert_string_equal(s.phase, "init");
	/* an ordinary write to fd -1 is a system call, not a marker */
	assert_int_equal(strace_classify("write(-1, \"hello\", 5) = -1 EBADF\n", &s), SL_SYSCALL);
	assert_int_equal(strace_classify("42 <... ioctl resumed>) = 0\n", &s), SL_OTHER);
	assert_int_equal(strace_classify("42 ioctl(3, PERF_EVENT_IOC_RESET, 0 <unfinished ...>\n", &s), SL_SYSCALL);
	assert_int_equal(strace_classify("+++ exited with 0 +++\n", &s), SL_OTHER);
	assert_int_equal(strace_classify("--- SIGCHLD {si_signo=SIGCHLD} ---\n", &s), SL_OTHER);
	assert_int_equal(strace_classify("\n", &s), SL_OTHER);
	assert_int_equal(strace_classify("12x foo() = 0\n", &s), SL_OTHER);
}

static void feed_file(struct attrib *a, const char *name)
{
	char path[1024], line[4096];
	FILE *f;
	snprintf(path, sizeof path, "%s/%s", FIXTURES, name);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof line, f))
		attrib_feed(a, line);
	fclose(f);
	attrib_finish(a);
}

static long count_of(const struct attrib *a, const char *bucket, const char *name, const char *target)
{
	int i;
	for (i = 0; i < a->nrows; i++)
		if (!strcmp(a->rows[i].bucket, bucket) && !strcmp(a->rows[i].name, name) &&
		    !strcmp(a->rows[i].target, target))
			return a->rows[i].count;
	return 0;
}

static struct attrib A;

static void test_attrib_first_iteration(void **state)
{
	(void)state;
	attrib_init(&A, 0);
	feed_file(&A, "strace-two-iters.txt");
	assert_int_equal(attrib_bucket_total(&A, "startup"), 3);
	assert_int_equal(attrib_bucket_total(&A, "init"), 4);
	assert_int_equal(count_of(&A, "init", "openat", "/proc/cpuinfo"), 1);
	assert_int_equal(attrib_bucket_total(&A, "start"), 2);
	assert_int_equal(attrib_bucket_total(&A, "read"), 1);
	assert_int_equal(attrib_bucket_total(&A, "stop"), 2);
	assert_int_equal(attrib_bucket_total(&A, "term"), 1);
	assert_int_equal(attrib_bucket_total(&A, "between"), 1); /* the getpid */
	assert_int_equal(count_of(&A, "between", "getpid", ""), 1);
	/* second iteration: 2 + 3 (incl. the other thread's futex) + 1 + 2 + 1 */
	assert_int_equal(attrib_bucket_total(&A, "other-iterations"), 9);
	assert_int_equal(attrib_bucket_total(&A, "exit"), 2); /* write(1), exit_group */
	assert_int_equal(A.total, 3 + 4 + 2 + 1 + 2 + 1 + 1 + 9 + 2);
	assert_int_equal(attrib_bucket_total(&A, "pending"), 0);
}

static void test_attrib_second_iteration(void **state)
{
	(void)state;
	attrib_init(&A, 1);
	feed_file(&A, "strace-two-iters.txt");
	assert_int_equal(attrib_bucket_total(&A, "init"), 2);
	assert_int_equal(count_of(&A, "init", "access", "/sys/devices/system/cpu/cpu0"), 1);
	assert_int_equal(attrib_bucket_total(&A, "start"), 3);
	assert_int_equal(count_of(&A, "start", "ioctl", ""), 2);
	assert_int_equal(attrib_bucket_total(&A, "other-iterations"), 10);
	assert_int_equal(attrib_bucket_total(&A, "between"), 1);
	assert_int_equal(attrib_bucket_total(&A, "exit"), 2);
}

static void test_attrib_no_markers(void **state)
{
	(void)state;
	attrib_init(&A, 0);
	attrib_feed(&A, "read(3, \"\", 1) = 0\n");
	attrib_feed(&A, "close(3) = 0\n");
	attrib_finish(&A);
	assert_false(A.seen_marker);
	assert_int_equal(attrib_bucket_total(&A, "startup"), 2);
}

static void test_encoding(void **state)
{
	struct event ev;
	char err[256];
	(void)state;
	assert_int_equal(event_parse_encoding("perf::TASK-CLOCK=1:0x1:0:0:0:1:0", &ev, err, sizeof err), 0);
	assert_string_equal(ev.name, "perf::TASK-CLOCK");
	assert_true(ev.type == 1 && ev.config == 1 && ev.exclude_kernel == 1 && ev.exclude_user == 0);
	/* the name may contain '=' (libpfm4 modifiers): the last one separates */
	assert_int_equal(event_parse_encoding("x::Y:c=2=4:0x1c2:0:0:1:0:1", &ev, err, sizeof err), 0);
	assert_string_equal(ev.name, "x::Y:c=2");
	assert_true(ev.type == 4 && ev.config == 0x1c2 && ev.exclude_user && ev.exclude_hv);
	assert_int_equal(event_parse_encoding("perf::CYCLES", &ev, err, sizeof err), -1);
	assert_non_null(strstr(err, "expected NAME="));
	assert_int_equal(event_parse_encoding("a=1:2:3", &ev, err, sizeof err), -1);
	assert_int_equal(event_parse_encoding("a=1:2:3:4:5:0:0", &ev, err, sizeof err), -1);
	assert_int_equal(event_parse_encoding("a=1:2:3:4:0:0:0:9", &ev, err, sizeof err), -1);
	assert_int_equal(event_parse_encoding("a=1:zz:3:4:0:0:0", &ev, err, sizeof err), -1);
}

static void test_domain(void **state)
{
	(void)state;
	assert_int_equal(domain_parse("user"), DOM_USER);
	assert_int_equal(domain_parse("kernel"), DOM_KERNEL);
	assert_int_equal(domain_parse("all"), DOM_USER | DOM_KERNEL);
	assert_int_equal(domain_parse("User"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats_small),
		cmocka_unit_test(test_stats_even_and_quantiles),
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_attrib_first_iteration),
		cmocka_unit_test(test_attrib_second_iteration),
		cmocka_unit_test(test_attrib_no_markers),
		cmocka_unit_test(test_encoding),
		cmocka_unit_test(test_domain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
