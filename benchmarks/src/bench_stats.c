/* See bench_stats.h. */
#include "bench_stats.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double quantile_sorted(const double *s, size_t n, double q)
{
	double pos, frac;
	size_t lo;
	if (n == 0)
		return NAN;
	if (q <= 0)
		return s[0];
	if (q >= 1)
		return s[n - 1];
	pos = q * (double)(n - 1);
	lo = (size_t)pos;
	frac = pos - (double)lo;
	if (lo + 1 >= n)
		return s[n - 1];
	return s[lo] + frac * (s[lo + 1] - s[lo]);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int stats_compute(const double *x, size_t n, struct stats *out)
{
	double *s, sum = 0, ss = 0;
	size_t i;
	memset(out, 0, sizeof *out);
	if (n == 0)
		return -1;
	s = malloc(n * sizeof *s);
	if (!s)
		return -1;
	memcpy(s, x, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_double);
	for (i = 0; i < n; i++)
		sum += s[i];
	out->n = n;
	out->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (s[i] - out->mean) * (s[i] - out->mean);
	out->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
	out->min = s[0];
	out->max = s[n - 1];
	out->median = quantile_sorted(s, n, 0.5);
	out->p95 = quantile_sorted(s, n, 0.95);
	free(s);
	return 0;
}

/* System calls whose first string argument (or second, for the *at calls)
 * is a path worth naming. */
static int takes_path(const char *name)
{
	static const char *const calls[] = { "open", "openat", "openat2", "stat", "lstat", "newfstatat",
		"statx", "access", "faccessat", "faccessat2", "readlink", "readlinkat", "execve",
		"statfs", "opendir", "chdir", "unlink", NULL };
	int i;
	for (i = 0; calls[i]; i++)
		if (!strcmp(name, calls[i]))
			return 1;
	return 0;
}

enum sline_kind strace_classify(const char *line, struct sline *out)
{
	const char *p = line, *q;
	size_t len;

	memset(out, 0, sizeof *out);
	/* optional pid prefix from strace -f */
	while (*p >= '0' && *p <= '9')
		p++;
	if (p != line) {
		if (*p != ' ')
			return out->kind = SL_OTHER;
		while (*p == ' ')
			p++;
	}
	if (!strncmp(p, "<...", 4) || *p == '+' || *p == '-' || *p == '\0' || *p == '\n')
		return out->kind = SL_OTHER;
	for (q = p; (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '_'; q++)
		;
	if (q == p || *q != '(' || (size_t)(q - p) >= sizeof out->name)
		return out->kind = SL_OTHER;
	len = (size_t)(q - p);
	memcpy(out->name, p, len);
	out->name[len] = '\0';
	/* phase markers: write(-1, "bench:begin:PHASE", N) = -1 EBADF ... */
	if (!strcmp(out->name, "write") && !strncmp(q, "(-1, \"bench:", 12)) {
		const char *w = q + 12, *e;
		enum sline_kind k;
		if (!strncmp(w, "begin:", 6)) {
			k = SL_BEGIN;
			w += 6;
		} else if (!strncmp(w, "end:", 4)) {
			k = SL_END;
			w += 4;
		} else
			return out->kind = SL_SYSCALL;
		e = strchr(w, '"');
		if (!e || (size_t)(e - w) >= sizeof out->phase)
			return out->kind = SL_SYSCALL;
		memcpy(out->phase, w, (size_t)(e - w));
		out->phase[e - w] = '\0';
		return out->kind = k;
	}
	if (takes_path(out->name)) {
		const char *s = strchr(q, '"'), *e;
		if (s && (e = strchr(s + 1, '"')) && (size_t)(e - s - 1) < sizeof out->target) {
			memcpy(out->target, s + 1, (size_t)(e - s - 1));
			out->target[e - s - 1] = '\0';
		}
	}
	return out->kind = SL_SYSCALL;
}

void attrib_init(struct attrib *a, int select_iter)
{
	memset(a, 0, sizeof *a);
	a->select_iter = select_iter;
	a->iter = -1;
	strcpy(a->state, "startup");
}

static struct attr_row *row_for(struct attrib *a, const char *bucket, const char *name, const char *target)
{
	int i;
	for (i = 0; i < a->nrows; i++)
		if (!strcmp(a->rows[i].bucket, bucket) && !strcmp(a->rows[i].name, name) &&
		    !strcmp(a->rows[i].target, target))
			return &a->rows[i];
	if (a->nrows == ATTR_MAX_ROWS) {
		a->overflow = 1;
		return NULL;
	}
	struct attr_row *r = &a->rows[a->nrows++];
	snprintf(r->bucket, sizeof r->bucket, "%s", bucket);
	snprintf(r->name, sizeof r->name, "%s", name);
	snprintf(r->target, sizeof r->target, "%s", target);
	r->count = 0;
	return r;
}

/* Rename the bucket of the rows holding calls made after the last end marker,
 * once we know whether they were "between" phases or at "exit". */
static void settle_pending(struct attrib *a, const char *bucket)
{
	int i, j;
	for (i = 0; i < a->nrows; i++) {
		if (strcmp(a->rows[i].bucket, "pending"))
			continue;
		/* merge into an existing row of that bucket, if any */
		for (j = 0; j < a->nrows; j++)
			if (j != i && !strcmp(a->rows[j].bucket, bucket) &&
			    !strcmp(a->rows[j].name, a->rows[i].name) &&
			    !strcmp(a->rows[j].target, a->rows[i].target))
				break;
		if (j < a->nrows) {
			a->rows[j].count += a->rows[i].count;
			a->rows[i] = a->rows[--a->nrows];
			i--;
		} else
			strcpy(a->rows[i].bucket, bucket);
	}
	a->pending = 0;
	a->first_pending_row = a->nrows;
}

enum sline_kind attrib_feed(struct attrib *a, const char *line)
{
	struct sline s;
	struct attr_row *r;
	enum sline_kind k = strace_classify(line, &s);

	switch (k) {
	case SL_BEGIN:
		if (!strcmp(s.phase, "init"))
			a->iter++;
		if (a->seen_marker)
			settle_pending(a, "between");
		a->seen_marker = 1;
		if (a->iter == a->select_iter)
			snprintf(a->state, sizeof a->state, "%s", s.phase);
		else
			strcpy(a->state, "other-iterations");
		break;
	case SL_END:
		a->seen_marker = 1;
		strcpy(a->state, "pending");
		a->first_pending_row = a->nrows;
		break;
	case SL_SYSCALL:
		r = row_for(a, a->state, s.name, s.target);
		if (r)
			r->count++;
		a->total++;
		break;
	default:
		break;
	}
	return k;
}

void attrib_finish(struct attrib *a)
{
	settle_pending(a, "exit");
}

long attrib_bucket_total(const struct attrib *a, const char *bucket)
{
	long t = 0;
	int i;
	for (i = 0; i < a->nrows; i++)
		if (!strcmp(a->rows[i].bucket, bucket))
			t += a->rows[i].count;
	return t;
}
