/* The harness's own logic, kept free of I/O so that it is unit-tested
 * (ctests/test_bench.c): statistics, strace line classification and the
 * attribution of system calls to phases. */
#ifndef BENCH_STATS_H
#define BENCH_STATS_H
#include <stddef.h>

struct stats {
	size_t n;
	double min, median, mean, p95, max, sd;
};
/* Quantile q (0..1) of n sorted values, linear interpolation between ranks. */
double quantile_sorted(const double *sorted, size_t n, double q);
/* Fill *out from n values (not modified). Returns -1 if n == 0. */
int stats_compute(const double *x, size_t n, struct stats *out);

/* strace -o lines (optionally with -f's pid prefix). */
enum sline_kind { SL_OTHER, SL_SYSCALL, SL_BEGIN, SL_END };
struct sline {
	enum sline_kind kind;
	char name[32];     /* system call name */
	char target[256];  /* the path of path-taking calls, else "" */
	char phase[32];    /* for SL_BEGIN/SL_END */
};
/* Classify one line. A "<... x resumed>" line is SL_OTHER (its call was
 * counted on its "<unfinished ...>" line). */
enum sline_kind strace_classify(const char *line, struct sline *out);

/* Attribution: every system call goes to exactly one bucket. "startup" is
 * before the first marker; a phase of the selected iteration between its
 * begin and end markers; "other-iterations" for the phases of other
 * iterations; "between" between an end and the next begin; "exit" after the
 * last end marker. Markers themselves are not counted. */
#define ATTR_MAX_ROWS 4096
#define ATTR_MAX_PHASES 8
struct attr_row {
	char bucket[32], name[32], target[256];
	long count;
};
struct attrib {
	int select_iter;     /* iteration whose phases are reported */
	int iter;            /* current iteration (count of "init" begins - 1) */
	char state[32];      /* current bucket */
	int seen_marker;
	long pending;        /* calls after the last end marker, so far */
	struct attr_row rows[ATTR_MAX_ROWS];
	int nrows;
	int first_pending_row; /* rows created while pending (moved on begin) */
	long total;
	int overflow;
};
void attrib_init(struct attrib *a, int select_iter);
/* Feed one line; returns its kind. */
enum sline_kind attrib_feed(struct attrib *a, const char *line);
/* Call at end of input (moves pending calls to "exit"). */
void attrib_finish(struct attrib *a);
/* Sum of the counts of a bucket (all system calls). */
long attrib_bucket_total(const struct attrib *a, const char *bucket);
#endif
