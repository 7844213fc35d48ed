/* Accuracy benchmark: a GEMM (C = A x B, doubles) counted through the side
 * this program is linked with (PAPI or raw perf_event). Both programs run the
 * same compiled kernel (gemm_kernel.c). One repetition per process:
 *   gemm_{papi,perf} [-s 1|2|3] [-f SCALE] [-r REP] [-d DOMAIN] EVENT...
 * -s picks the thesis sizes (A 450x550 B 550x500; 650x750/750x700;
 * 850x950/950x900); -f SCALE multiplies every dimension (for slow machines and
 * emulators). Prints side,size,rep,event,count,ns,null per event, where null
 * is what a start + stop around nothing counts: the side's own contribution
 * to the window (the second of two such runs, so that first-call paths are
 * not in it). */
#include "bench.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void gemm_kernel(int m, int k, int n, const double *a, const double *b, double *c);

static const int sizes[3][3] = { { 450, 550, 500 }, { 650, 750, 700 }, { 850, 950, 900 } };

static void usage(void)
{
	fprintf(stderr, "usage: gemm_%s [-s 1|2|3] [-f SCALE] [-r REP] [-d user|kernel|all] EVENT...\n",
		side_name);
	exit(1);
}

int main(int argc, char **argv)
{
	struct event evs[MAX_EVENTS];
	long long vals[MAX_EVENTS], nullv[MAX_EVENTS];
	int c, s = 1, dom = DOM_USER, nev = 0, i, m, k, n;
	long rep = 0;
	double scale = 1.0, check = 0;
	char err[512];
	double *a, *b, *cm;
	uint64_t t0, t1;

	while ((c = getopt(argc, argv, "s:f:r:d:")) != -1) {
		switch (c) {
		case 's': s = atoi(optarg); break;
		case 'f': scale = atof(optarg); break;
		case 'r': rep = atol(optarg); break;
		case 'd': dom = domain_parse(optarg); break;
		default: usage();
		}
	}
	if (s < 1 || s > 3 || scale <= 0 || scale > 4 || dom < 0 || optind >= argc || argc - optind > MAX_EVENTS)
		usage();
	snprintf(err, sizeof err, "gemm_%s", side_name);
	if ((nev = events_from_args(err, !strcmp(side_name, "papi"), argv + optind, argc - optind, evs)) < 0)
		return 1;
	m = (int)(sizes[s - 1][0] * scale);
	k = (int)(sizes[s - 1][1] * scale);
	n = (int)(sizes[s - 1][2] * scale);
	if (m < 1 || k < 1 || n < 1)
		usage();
	a = malloc(sizeof(double) * (size_t)m * (size_t)k);
	b = malloc(sizeof(double) * (size_t)k * (size_t)n);
	cm = malloc(sizeof(double) * (size_t)m * (size_t)n);
	if (!a || !b || !cm) {
		fprintf(stderr, "gemm_%s: out of memory for %dx%dx%d\n", side_name, m, k, n);
		return 1;
	}
	for (i = 0; i < m * k; i++)
		a[i] = (double)(i % 17) * 0.25;
	for (i = 0; i < k * n; i++)
		b[i] = (double)(i % 13) * 0.5;
	memset(cm, 0, sizeof(double) * (size_t)m * (size_t)n);

	if (side_init(evs, nev, dom) < 0)
		return 2;
	for (i = 0; i < 2; i++)
		if (side_start() < 0 || side_stop(nullv) < 0)
			return 2;
	/* The clock is read outside the counting window: clock_gettime's own
	 * instruction count depends on the time it returns. */
	t0 = now_ns();
	if (side_start() < 0)
		return 2;
	gemm_kernel(m, k, n, a, b, cm);
	if (side_stop(vals) < 0)
		return 2;
	t1 = now_ns();
	if (side_term() < 0)
		return 2;
	for (i = 0; i < m * n; i++)
		check += cm[i];
	for (i = 0; i < nev; i++) {
		if (vals[i] <= 0) {
			fprintf(stderr, "gemm_%s: event %s counted %lld: not counted here, or it does not occur in a GEMM\n",
				side_name, evs[i].name, vals[i]);
			return 2;
		}
		printf("%s,%d,%ld,%s,%lld,%" PRIu64 ",%lld\n", side_name, s, rep, evs[i].name, vals[i], t1 - t0,
		       nullv[i]);
	}
	fprintf(stderr, "gemm_%s: %dx%d * %dx%d, checksum %.6g, %.3f s\n", side_name, m, k, k, n, check,
		(double)(t1 - t0) / 1e9);
	return 0;
}
