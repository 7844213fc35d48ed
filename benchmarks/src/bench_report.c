/* bench_report: turns the raw samples into tables.
 *   bench_report overhead SAMPLES.csv OUTPREFIX
 *       SAMPLES: side,mode,run,iter,phase,ns,instructions (header line first).
 *       Warm mode drops iteration 0 (the cold one). Writes OUTPREFIX.md,
 *       OUTPREFIX-summary.csv, OUTPREFIX-summary.json, OUTPREFIX-plot.dat.
 *   bench_report strace SIDE ITER STRACE-FILE
 *       CSV side,bucket,syscall,target,count of the calls of STRACE-FILE, the
 *       phases being those of iteration ITER (see bench_stats.h).
 *   bench_report accuracy SAMPLES.csv SUMMARY.csv
 *       SAMPLES: side,size,rep,event,count,ns. Markdown table on stdout.
 *   bench_report threads SAMPLES.csv OUTPREFIX
 *       SAMPLES: side,test,threads,run,sample,metric,value (thr_main.c, and
 *       run-bench's callgrind and strace rows). Writes OUTPREFIX.md and
 *       OUTPREFIX-summary.csv: per test, thread count and metric, each
 *       side's min, median and max and PAPI/raw of the medians.
 * Exit status 1 on bad input, with a message naming the file and line. */
#include "bench.h"
#include "bench_stats.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXF 8

static int split(char *line, char **f, int max)
{
	int n = 0;
	char *p = line;
	line[strcspn(line, "\r\n")] = '\0';
	for (;;) {
		if (n == max)
			return -1;
		f[n++] = p;
		p = strchr(p, ',');
		if (!p)
			return n;
		*p++ = '\0';
	}
}

/* ---- overhead ---- */
struct sample {
	char side[8], mode[8], phase[8];
	long run, iter;
	double us, instr; /* instr < 0: not measured */
};

static struct sample *S;
static size_t NS, CAP;

static int load_overhead(const char *file)
{
	FILE *f = fopen(file, "r");
	char line[512], *fl[MAXF];
	long ln = 0;
	if (!f) {
		perror(file);
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		ln++;
		if (ln == 1 && !strncmp(line, "side,", 5))
			continue;
		int n = split(line, fl, MAXF);
		if (n != 7 || strlen(fl[0]) >= 8 || strlen(fl[1]) >= 8 || strlen(fl[4]) >= 8) {
			fprintf(stderr, "bench_report: %s:%ld: expected side,mode,run,iter,phase,ns,instructions\n",
				file, ln);
			fclose(f);
			return -1;
		}
		if (NS == CAP) {
			CAP = CAP ? 2 * CAP : 1024;
			S = realloc(S, CAP * sizeof *S);
			if (!S)
				abort();
		}
		struct sample *s = &S[NS++];
		strcpy(s->side, fl[0]);
		strcpy(s->mode, fl[1]);
		strcpy(s->phase, fl[4]);
		s->run = atol(fl[2]);
		s->iter = atol(fl[3]);
		s->us = atof(fl[5]) / 1000.0;
		s->instr = *fl[6] ? atof(fl[6]) : -1;
	}
	fclose(f);
	if (NS == 0) {
		fprintf(stderr, "bench_report: %s: no samples\n", file);
		return -1;
	}
	return 0;
}

static int keep(const struct sample *s)
{
	return !(strcmp(s->mode, "warm") == 0 && s->iter == 0);
}

static size_t collect(const char *mode, const char *side, const char *phase, double *out, int instr)
{
	size_t i, n = 0;
	for (i = 0; i < NS; i++)
		if (keep(&S[i]) && !strcmp(S[i].mode, mode) && !strcmp(S[i].side, side) &&
		    !strcmp(S[i].phase, phase) && (!instr || S[i].instr >= 0))
			out[n++] = instr ? S[i].instr : S[i].us;
	return n;
}

/* Median over matched (mode, run, iter, phase) pairs of papi/perf. */
static double paired_ratio(const char *mode, const char *phase, double *buf)
{
	size_t i, j, n = 0;
	struct stats st;
	for (i = 0; i < NS; i++) {
		if (!keep(&S[i]) || strcmp(S[i].side, "papi") || strcmp(S[i].mode, mode) || strcmp(S[i].phase, phase))
			continue;
		for (j = 0; j < NS; j++)
			if (!strcmp(S[j].side, "perf") && !strcmp(S[j].mode, mode) && !strcmp(S[j].phase, phase) &&
			    S[j].run == S[i].run && S[j].iter == S[i].iter) {
				if (S[j].us > 0)
					buf[n++] = S[i].us / S[j].us;
				break;
			}
	}
	if (stats_compute(buf, n, &st) < 0)
		return NAN;
	return st.median;
}

/* the phases of bench.h, then the whole cycle */
#define NPH (PH_N + 1)
static const char *const phases[NPH] = { "init", "start", "read", "reread", "stop", "term", "total" };
static const char *const phase_label[NPH] = { "init (library + events)", "start", "read (first)",
	"read again (steady state)", "stop + read", "termination", "total" };

static int overhead(const char *file, const char *prefix)
{
	char path[1024];
	FILE *md, *csv, *js, *dat = NULL;
	double *buf;
	const char *modes[] = { "cold", "warm" };
	int m, p, first = 1;

	if (load_overhead(file) < 0)
		return 1;
	buf = malloc(NS * sizeof *buf);
	snprintf(path, sizeof path, "%s.md", prefix);
	md = fopen(path, "w");
	snprintf(path, sizeof path, "%s-summary.csv", prefix);
	csv = fopen(path, "w");
	snprintf(path, sizeof path, "%s-summary.json", prefix);
	js = fopen(path, "w");
	if (!buf || !md || !csv || !js) {
		perror(prefix);
		return 1;
	}
	fprintf(csv, "mode,side,phase,n,min_us,median_us,mean_us,p95_us,max_us,sd_us,median_instructions\n");
	fprintf(js, "[\n");
	for (m = 0; m < 2; m++) {
		struct stats sp[NPH], sq[NPH];
		double ratio[NPH], pratio[NPH], ip[NPH], iq[NPH];
		int any = 0;
		for (p = 0; p < NPH; p++) {
			struct stats t;
			stats_compute(buf, collect(modes[m], "perf", phases[p], buf, 0), &sp[p]);
			stats_compute(buf, collect(modes[m], "papi", phases[p], buf, 0), &sq[p]);
			ip[p] = stats_compute(buf, collect(modes[m], "perf", phases[p], buf, 1), &t) ? -1 : t.median;
			iq[p] = stats_compute(buf, collect(modes[m], "papi", phases[p], buf, 1), &t) ? -1 : t.median;
			ratio[p] = sp[p].n && sq[p].n && sp[p].median > 0 ? sq[p].median / sp[p].median : NAN;
			pratio[p] = paired_ratio(modes[m], phases[p], buf);
			any |= sp[p].n || sq[p].n;
		}
		if (!any)
			continue;
		snprintf(path, sizeof path, "%s-plot-%s.dat", prefix, modes[m]);
		if (!(dat = fopen(path, "w"))) {
			perror(path);
			return 1;
		}
		fprintf(md, "\n### %s: %s\n\n", modes[m],
			m == 0 ? "one measurement per fresh process" : "repeated within one process (first iteration dropped)");
		fprintf(md, "| phase | perf_event median | perf_event mean | perf_event p95 | PAPI median | PAPI mean | PAPI p95 | PAPI/perf (medians) | PAPI/perf (paired) | n |\n");
		fprintf(md, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
		for (p = 0; p < NPH; p++) {
			fprintf(md, "| %s | %.2f us | %.2f us | %.2f us | %.2f us | %.2f us | %.2f us | %.1fx | %.1fx | %zu/%zu |\n",
				phase_label[p], sp[p].median, sp[p].mean, sp[p].p95, sq[p].median, sq[p].mean,
				sq[p].p95, ratio[p], pratio[p], sp[p].n, sq[p].n);
			for (int s = 0; s < 2; s++) {
				struct stats *x = s ? &sq[p] : &sp[p];
				double ins = s ? iq[p] : ip[p];
				fprintf(csv, "%s,%s,%s,%zu,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,", modes[m], s ? "papi" : "perf",
					phases[p], x->n, x->min, x->median, x->mean, x->p95, x->max, x->sd);
				if (ins >= 0)
					fprintf(csv, "%.0f", ins);
				fprintf(csv, "\n");
				fprintf(js, "%s  {\"mode\": \"%s\", \"side\": \"%s\", \"phase\": \"%s\", \"n\": %zu, "
					"\"min_us\": %.3f, \"median_us\": %.3f, \"mean_us\": %.3f, \"p95_us\": %.3f, "
					"\"max_us\": %.3f, \"sd_us\": %.3f",
					first ? "" : ",\n", modes[m], s ? "papi" : "perf", phases[p], x->n, x->min,
					x->median, x->mean, x->p95, x->max, x->sd);
				if (ins >= 0)
					fprintf(js, ", \"median_instructions\": %.0f", ins);
				if (s)
					fprintf(js, ", \"ratio_of_medians\": %.3f, \"median_paired_ratio\": %.3f",
						isnan(ratio[p]) ? -1 : ratio[p], isnan(pratio[p]) ? -1 : pratio[p]);
				fprintf(js, "}");
				first = 0;
			}
			/* plot data: mode-index phase-index label perf median/p95 papi median/p95 */
			fprintf(dat, "%s %d \"%s\" %.3f %.3f %.3f %.3f\n", modes[m], p, phases[p], sp[p].median,
				sp[p].p95, sq[p].median, sq[p].p95);
		}
		fclose(dat);
		if (ip[0] >= 0 || iq[0] >= 0) {
			fprintf(md, "\nRetired user instructions per phase (median, -I perf):\n\n| phase | perf_event | PAPI |\n|---|---:|---:|\n");
			for (p = 0; p < NPH; p++)
				fprintf(md, "| %s | %.0f | %.0f |\n", phase_label[p], ip[p], iq[p]);
		}
	}
	fprintf(js, "\n]\n");
	fclose(md);
	fclose(csv);
	fclose(js);
	return 0;
}

/* ---- strace ---- */
static int strace_cmd(const char *side, int iter, const char *file)
{
	FILE *f = fopen(file, "r");
	static struct attrib a;
	char line[8192];
	int i;
	if (!f) {
		perror(file);
		return 1;
	}
	attrib_init(&a, iter);
	while (fgets(line, sizeof line, f))
		attrib_feed(&a, line);
	fclose(f);
	attrib_finish(&a);
	if (a.overflow) {
		fprintf(stderr, "bench_report: %s: too many distinct system calls\n", file);
		return 1;
	}
	if (!a.seen_marker) {
		fprintf(stderr, "bench_report: %s: no phase markers (was the program run with -M?)\n", file);
		return 1;
	}
	for (i = 0; i < a.nrows; i++)
		printf("%s,%s,%s,%s,%ld\n", side, a.rows[i].bucket, a.rows[i].name, a.rows[i].target, a.rows[i].count);
	return 0;
}

/* ---- accuracy ---- */
struct acc {
	char side[8], event[EV_NAME_MAX];
	int size;
	double count, null; /* null: the side's own count (start + stop around nothing) */
};

static int accuracy(const char *file, const char *sumfile)
{
	FILE *f = fopen(file, "r"), *out;
	char line[1024], *fl[MAXF];
	struct acc *A = NULL;
	size_t n = 0, cap = 0, i, j;
	long ln = 0;
	if (!f) {
		perror(file);
		return 1;
	}
	while (fgets(line, sizeof line, f)) {
		ln++;
		if (ln == 1 && !strncmp(line, "side,", 5))
			continue;
		int nf = split(line, fl, MAXF);
		if ((nf != 6 && nf != 7) || strlen(fl[0]) >= 8 || strlen(fl[3]) >= EV_NAME_MAX) {
			fprintf(stderr, "bench_report: %s:%ld: expected side,size,rep,event,count,ns[,null]\n", file,
				ln);
			return 1;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			A = realloc(A, cap * sizeof *A);
			if (!A)
				abort();
		}
		strcpy(A[n].side, fl[0]);
		strcpy(A[n].event, fl[3]);
		A[n].size = atoi(fl[1]);
		A[n].count = atof(fl[4]);
		A[n].null = nf == 7 ? atof(fl[6]) : 0;
		n++;
	}
	fclose(f);
	if (!n) {
		fprintf(stderr, "bench_report: %s: no samples\n", file);
		return 1;
	}
	out = fopen(sumfile, "w");
	if (!out) {
		perror(sumfile);
		return 1;
	}
	fprintf(out, "size,event,n,perf_mean,perf_sd,perf_cv_pct,papi_mean,papi_sd,papi_cv_pct,rel_diff_pct,"
		     "perf_null_mean,papi_null_mean,net_rel_diff_pct,net_all_runs_equal\n");
	printf("| size | event | perf_event (a) mean | CV | PAPI (b) mean | CV | (b) vs (a) "
	       "| own count (a) / (b) | (b) vs (a), net | same net count in every run | n |\n");
	printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
	double *b1 = malloc(n * sizeof *b1), *b2 = malloc(n * sizeof *b2);
	double *z1 = malloc(n * sizeof *z1), *z2 = malloc(n * sizeof *z2);
	if (!b1 || !b2 || !z1 || !z2)
		abort();
	for (i = 0; i < n; i++) {
		size_t k1 = 0, k2 = 0;
		struct stats s1, s2, n1, n2, o1, o2;
		for (j = 0; j < i; j++)
			if (A[j].size == A[i].size && !strcmp(A[j].event, A[i].event))
				break;
		if (j < i)
			continue; /* already reported */
		for (j = 0; j < n; j++)
			if (A[j].size == A[i].size && !strcmp(A[j].event, A[i].event)) {
				if (!strcmp(A[j].side, "perf")) {
					z1[k1] = A[j].null;
					b1[k1++] = A[j].count;
				} else {
					z2[k2] = A[j].null;
					b2[k2++] = A[j].count;
				}
			}
		if (stats_compute(b1, k1, &s1) < 0 || stats_compute(b2, k2, &s2) < 0) {
			fprintf(stderr, "bench_report: %s: event %s size %d has samples from one side only\n", file,
				A[i].event, A[i].size);
			return 1;
		}
		stats_compute(z1, k1, &o1);
		stats_compute(z2, k2, &o2);
		/* net = count - own count, per run */
		for (j = 0; j < k1; j++)
			z1[j] = b1[j] - z1[j];
		for (j = 0; j < k2; j++)
			z2[j] = b2[j] - z2[j];
		stats_compute(z1, k1, &n1);
		stats_compute(z2, k2, &n2);
		double rel = (s2.mean - s1.mean) / s1.mean * 100.0;
		double nrel = (n2.mean - n1.mean) / n1.mean * 100.0;
		/* deterministic events (instructions under icount) must agree exactly */
		int same = n1.min == n1.max && n2.min == n2.max && n1.min == n2.min;
		printf("| %d | %s | %.0f | %.2f%% | %.0f | %.2f%% | %+.3f%% | %.0f / %.0f | %+.3f%% | %s | %zu/%zu |\n",
		       A[i].size, A[i].event, s1.mean, s1.sd / s1.mean * 100, s2.mean, s2.sd / s2.mean * 100, rel,
		       o1.mean, o2.mean, nrel, same ? "yes" : "no", k1, k2);
		fprintf(out, "%d,%s,%zu,%.1f,%.1f,%.4f,%.1f,%.1f,%.4f,%.4f,%.1f,%.1f,%.4f,%s\n", A[i].size,
			A[i].event, k1, s1.mean, s1.sd, s1.sd / s1.mean * 100, s2.mean, s2.sd, s2.sd / s2.mean * 100,
			rel, o1.mean, o2.mean, nrel, same ? "yes" : "no");
	}
	free(b1);
	free(b2);
	free(z1);
	free(z2);
	fclose(out);
	return 0;
}


/* ---- threads ---- */
struct trow {
	char side[8], test[16], metric[16];
	long threads;
	double v;
};

/* the tests of thr_main.c, then of the whole-program mode (whole.sh), in report order, with their labels */
static const char *const ttests[][2] = {
	{ "first", "the process's first set-up (PAPI: library + thread init included)" },
	{ "setup", "per-thread set-up (PAPI: register + create + add + start; raw: open + reset + enable)" },
	{ "teardown", "per-thread tear-down (PAPI: stop + cleanup + destroy + unregister; raw: disable + read + close)" },
	{ "hl-first", "first region pair (PAPI: the high-level API's set-up included)" },
	{ "hl", "region begin + end (PAPI_hl_region_begin/_end; raw: two group reads)" },
	{ "read", "read of the thread's own set, all threads at once (per read)" },
	{ "create", "creating a set with its events, not started (PAPI: create + add; raw: open)" },
	{ "heap-first", "heap of the first set (created, not started)" },
	{ "heap", "heap per further set (created, not started)" },
	{ "program", "counting a whole program (PAPI: papi_metrics; raw: one inherited group read once), beyond the program alone" },
	{ "startup", "start-up to tear-down, no program (PAPI: ovh_papi; raw: ovh_perf; one measurement cycle, whole process)" },
};
static const char *const tmetrics[] = { "ns", "instructions", "syscalls", "bytes" };

static int threads_cmd(const char *file, const char *prefix)
{
	FILE *f = fopen(file, "r"), *md, *csv;
	char line[512], *fl[MAXF], path[1024];
	struct trow *r = NULL;
	size_t nr = 0, cap = 0, i, j;
	long ln = 0, maxthr = 0, t;
	double *a, *b;
	int ti, mi, rows = 0;

	if (!f) {
		perror(file);
		return 1;
	}
	while (fgets(line, sizeof line, f)) {
		char *end;
		ln++;
		if (ln == 1 && !strncmp(line, "side,", 5))
			continue;
		int n = split(line, fl, MAXF);
		if (n != 7 || (strcmp(fl[0], "papi") && strcmp(fl[0], "perf")) || strlen(fl[1]) >= 16 ||
		    strlen(fl[5]) >= 16 || atol(fl[2]) < 1) {
			fprintf(stderr, "bench_report: %s:%ld: expected side,test,threads,run,sample,metric,value\n",
				file, ln);
			fclose(f);
			return 1;
		}
		if (nr == cap) {
			cap = cap ? 2 * cap : 1024;
			if (!(r = realloc(r, cap * sizeof *r)))
				abort();
		}
		strcpy(r[nr].side, fl[0]);
		strcpy(r[nr].test, fl[1]);
		strcpy(r[nr].metric, fl[5]);
		r[nr].threads = atol(fl[2]);
		r[nr].v = strtod(fl[6], &end);
		if (end == fl[6] || *end) {
			fprintf(stderr, "bench_report: %s:%ld: value '%s' is not a number\n", file, ln, fl[6]);
			fclose(f);
			return 1;
		}
		if (r[nr].threads > maxthr)
			maxthr = r[nr].threads;
		nr++;
	}
	fclose(f);
	if (nr == 0) {
		fprintf(stderr, "bench_report: %s: no samples\n", file);
		return 1;
	}
	a = malloc(nr * sizeof *a);
	b = malloc(nr * sizeof *b);
	snprintf(path, sizeof path, "%s.md", prefix);
	md = fopen(path, "w");
	snprintf(path, sizeof path, "%s-summary.csv", prefix);
	csv = fopen(path, "w");
	if (!a || !b || !md || !csv) {
		perror(prefix);
		return 1;
	}
	fprintf(csv, "test,threads,metric,perf_n,perf_min,perf_median,perf_max,papi_n,papi_min,papi_median,papi_max,ratio_of_medians\n");
	fprintf(md, "| measurement | threads | per | raw min | raw median | raw max | PAPI min | PAPI median | PAPI max | PAPI/raw (medians) | n raw/PAPI |\n");
	fprintf(md, "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (ti = 0; ti < (int)(sizeof ttests / sizeof ttests[0]); ti++)
		for (t = 1; t <= maxthr; t++)
			for (mi = 0; mi < 4; mi++) {
				struct stats sp, sq;
				size_t na = 0, nb = 0;
				double ratio;
				char rs[32];
				for (i = 0; i < nr; i++) {
					if (strcmp(r[i].test, ttests[ti][0]) || r[i].threads != t || strcmp(r[i].metric, tmetrics[mi]))
						continue;
					if (!strcmp(r[i].side, "perf"))
						a[na++] = r[i].v;
					else
						b[nb++] = r[i].v;
				}
				if (!na && !nb)
					continue;
				if (!na || !nb) {
					/* one side's results without the other's: nothing to compare */
					fprintf(stderr, "bench_report: %s: %s, %ld thread(s), %s: samples of %s only\n", file,
						ttests[ti][0], t, tmetrics[mi], na ? "raw perf_event" : "PAPI");
					return 1;
				}
				stats_compute(a, na, &sp);
				stats_compute(b, nb, &sq);
				ratio = sp.median > 0 ? sq.median / sp.median : NAN;
				if (isnan(ratio))
					snprintf(rs, sizeof rs, "(raw 0)");
				else
					snprintf(rs, sizeof rs, "%.2fx", ratio);
				fprintf(md, "| %s | %ld | %s ", ttests[ti][1], t,
					!strcmp(tmetrics[mi], "ns") ? "ns (time)" : tmetrics[mi]);
				{
					double v[6] = { sp.min, sp.median, sp.max, sq.min, sq.median, sq.max };
					for (j = 0; j < 6; j++)
						fprintf(md, fabs(v[j]) >= 100 ? "| %.0f " : "| %.1f ", v[j]);
				}
				fprintf(md, "| %s | %zu/%zu |\n", rs, na, nb);
				fprintf(csv, "%s,%ld,%s,%zu,%.3f,%.3f,%.3f,%zu,%.3f,%.3f,%.3f,", ttests[ti][0], t, tmetrics[mi],
					na, sp.min, sp.median, sp.max, nb, sq.min, sq.median, sq.max);
				if (!isnan(ratio))
					fprintf(csv, "%.4f", ratio);
				fprintf(csv, "\n");
				rows++;
			}
	for (i = 0; i < nr; i++) {
		for (j = 0; j < sizeof ttests / sizeof ttests[0] && strcmp(r[i].test, ttests[j][0]); j++)
			;
		if (j == sizeof ttests / sizeof ttests[0]) {
			fprintf(stderr, "bench_report: %s: unknown test '%s'\n", file, r[i].test);
			return 1;
		}
	}
	fclose(md);
	fclose(csv);
	free(a);
	free(b);
	free(r);
	return rows ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "overhead"))
		return overhead(argv[2], argv[3]);
	if (argc == 5 && !strcmp(argv[1], "strace"))
		return strace_cmd(argv[2], atoi(argv[3]), argv[4]);
	if (argc == 4 && !strcmp(argv[1], "accuracy"))
		return accuracy(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "threads"))
		return threads_cmd(argv[2], argv[3]);
	fprintf(stderr, "usage: bench_report overhead SAMPLES.csv OUTPREFIX | strace SIDE ITER FILE | "
		"accuracy SAMPLES.csv SUMMARY.csv | threads SAMPLES.csv OUTPREFIX\n");
	return 1;
}
