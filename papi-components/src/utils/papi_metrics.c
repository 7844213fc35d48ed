/*
 * File:    papi_metrics.c
 *
 * Named metric groups (IPC, BRANCH, L1D, ...) computed in double from PAPI
 * counts of a whole program, for the CPU it runs on:
 *
 *   papi_metrics -l
 *   papi_metrics -g GROUP[,GROUP...] [-r N] [-o FILE.json|FILE.csv] -- PROGRAM [ARGS]
 *   papi_metrics --check FILE...
 *
 * The metrics are data: one file per libpfm4 PMU in $PAPI_METRICS_DIR, else
 * METRICS_DIR (installed from utils/metrics/), each a CPU record, REF, GROUP,
 * METRIC and UNAVAILABLE records (see read_deffile()).  Only PAPI's public
 * API is used, so the utility also works with a PAPI built without it.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <unistd.h>

#include <papi.h>

#ifndef METRICS_DIR
#define METRICS_DIR "/usr/share/papi/metrics"
#endif

#define MAX_RPN 64      /* tokens of one expression */
#define MAX_TERMS 16    /* event terms of one expression */
#define MAX_TYPES 4     /* core types whose files apply at once */
#define MAX_RUNS 100

static const char *prog = "papi_metrics";

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		die("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

/* ---- expressions: numbers, event terms, + - * / and parentheses ---- */

enum tok_kind { T_NUM, T_TERM, T_OP };

struct tok {
	enum tok_kind kind;
	double num;
	int term;       /* index into the metric's terms */
	char op;
};

struct expr {
	struct tok rpn[MAX_RPN];
	int n;
	char *terms[MAX_TERMS];  /* as written: EVENT, EVENT:UMASK, PMU::EVENT, PAPI_X */
	int nterms;
};

struct parser {
	const char *s;
	struct expr *e;
	const char *err;
};

static int is_term_char(int c)
{
	return isalnum(c) || c == '_' || c == ':' || c == '.' || c == '=';
}

static void skip_space(struct parser *p)
{
	while (*p->s == ' ' || *p->s == '\t')
		p->s++;
}

static void emit(struct parser *p, struct tok t)
{
	if (p->e->n == MAX_RPN) {
		p->err = "expression too long";
		return;
	}
	p->e->rpn[p->e->n++] = t;
}

static void parse_level(struct parser *p, int level);

static void parse_primary(struct parser *p)
{
	struct tok t = { 0 };

	skip_space(p);
	if (*p->s == '(') {
		p->s++;
		parse_level(p, 0);
		skip_space(p);
		if (*p->s != ')') {
			p->err = "missing )";
			return;
		}
		p->s++;
	} else if (isdigit((unsigned char)*p->s)) {
		char *end;

		t.kind = T_NUM;
		t.num = strtod(p->s, &end);
		p->s = end;
		emit(p, t);
	} else if (isalpha((unsigned char)*p->s)) {
		const char *start = p->s;
		char name[PAPI_MAX_STR_LEN];
		int i;

		while (is_term_char((unsigned char)*p->s))
			p->s++;
		if ((size_t)(p->s - start) >= sizeof(name)) {
			p->err = "event name too long";
			return;
		}
		memcpy(name, start, p->s - start);
		name[p->s - start] = 0;
		for (i = 0; i < p->e->nterms; i++)
			if (!strcmp(p->e->terms[i], name))
				break;
		if (i == p->e->nterms) {
			if (i == MAX_TERMS) {
				p->err = "too many events";
				return;
			}
			p->e->terms[p->e->nterms++] = xstrdup(name);
		}
		t.kind = T_TERM;
		t.term = i;
		emit(p, t);
	} else {
		p->err = *p->s ? "unexpected character" : "unexpected end";
	}
}

/* Level 0: a sum of level 1 terms; level 1: a product of primaries (left to right). */
static void parse_level(struct parser *p, int level)
{
	static const char *const ops[] = { "+-", "*/" };

	if (level == 2) {
		parse_primary(p);
		return;
	}
	parse_level(p, level + 1);
	for (;;) {
		struct tok t = { .kind = T_OP };

		skip_space(p);
		if (p->err || !*p->s || !strchr(ops[level], *p->s))
			return;
		t.op = *p->s++;
		parse_level(p, level + 1);
		emit(p, t);
	}
}

/* Parses text into e; NULL, or what is wrong. */
static const char *parse_expr(const char *text, struct expr *e)
{
	struct parser p = { text, e, NULL };

	memset(e, 0, sizeof(*e));
	parse_level(&p, 0);
	skip_space(&p);
	if (!p.err && *p.s)
		p.err = "unexpected character";
	if (!p.err && !e->nterms)
		p.err = "no event";
	return p.err;
}

/*
 * Evaluates e with each term's value; NAN where a divisor is 0 (the caller
 * says which metric is undefined, and why, instead of printing a number).
 */
static double eval_expr(const struct expr *e, const double *value)
{
	double st[MAX_RPN];
	int sp = 0, i;

	for (i = 0; i < e->n; i++) {
		const struct tok *t = &e->rpn[i];
		double a, b;

		if (t->kind == T_NUM) {
			st[sp++] = t->num;
			continue;
		}
		if (t->kind == T_TERM) {
			st[sp++] = value[t->term];
			continue;
		}
		b = st[--sp];
		a = st[--sp];
		switch (t->op) {
		case '+': st[sp++] = a + b; break;
		case '-': st[sp++] = a - b; break;
		case '*': st[sp++] = a * b; break;
		default: st[sp++] = b == 0 ? NAN : a / b; break;
		}
	}
	return st[0];
}

/*
 * ---- definition files ----
 *
 * Comma-separated records, "..." quoting a field with commas; # starts a
 * comment line:
 *   CPU,<libpfm4 PMU>[,fallback,<rank>]   first; a fallback applies where no
 *                                         core's file does, the lowest rank first
 *   REF,<key>,"<document>"
 *   GROUP,<NAME>,"<what it answers>"
 *   METRIC,<GROUP>,<name>,<unit>,<expression>,"<meaning>",<REF key>
 *   UNAVAILABLE,<GROUP or *>,<name or *>,"<reason>"
 * An expression combines numbers and events with + - * / and parentheses;
 * an event is PAPI_X (a preset), PMU::EVENT, or EVENT[:UMASK...] of the
 * file's own PMU.
 */

/* A GROUP (its name, what it answers) or a REF (its key, the document) */
struct named {
	char *name, *text;
};

struct metric {
	char *group, *name, *unit, *text, *meaning, *ref;
	struct expr e;
	int line;
};

struct unavailable {
	char *group, *name, *reason;
};

struct deffile {
	char *path;
	char *cpu;              /* libpfm4 PMU name */
	int fallback;           /* 0: a core's file; N: used where no core's file applies, lower N first */
	struct named *groups;
	int ngroups;
	struct metric *metrics;
	int nmetrics;
	struct unavailable *unavail;
	int nunavail;
	struct named *refs;
	int nrefs;
	int partial;            /* read only as far as its first metric */
};

#define MAX_FIELDS 8

/* Splits a line into comma-separated fields, "..." quoting commas; returns the count. */
static int split_fields(char *line, char **field, int max)
{
	int n = 0;
	char *p = line;

	for (;;) {
		char *out;

		if (n == max)
			return max + 1;
		if (*p == '"') {
			field[n++] = out = ++p;
			while (*p && *p != '"')
				p++;
			if (*p != '"')
				return -1;
			*p++ = 0;
			if (*p && *p != ',')
				return -1;
		} else {
			field[n++] = p;
			while (*p && *p != ',')
				p++;
		}
		if (!*p)
			return n;
		*p++ = 0;
	}
}

static int nerrors;

static void file_error(const char *path, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void file_error(const char *path, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	nerrors++;
}

/* The index of the element of array (n of size bytes) whose string at offset is name, or -1. */
static int find_named(const void *array, int n, size_t size, size_t offset, const char *name)
{
	const char *p = array;
	int i;

	for (i = 0; i < n; i++, p += size)
		if (!strcmp(*(char *const *)(p + offset), name))
			return i;
	return -1;
}

static int find_group(const struct deffile *d, const char *name)
{
	return find_named(d->groups, d->ngroups, sizeof(*d->groups), offsetof(struct named, name), name);
}

static int find_ref(const struct deffile *d, const char *key)
{
	return find_named(d->refs, d->nrefs, sizeof(*d->refs), offsetof(struct named, name), key);
}

static int find_metric(const struct deffile *d, const char *name)
{
	return find_named(d->metrics, d->nmetrics, sizeof(*d->metrics), offsetof(struct metric, name), name);
}

static int valid_name(const char *s)
{
	if (!isalpha((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/*
 * Reads one definition file; every problem is reported (file_error) and
 * counted in nerrors. Returns NULL if it cannot be read at all.
 */
/* A file, or (whole 0) only as far as its first metric, which tells whether it applies. */
static struct deffile *read_deffile(const char *path, int whole)
{
	FILE *f = fopen(path, "r");
	struct deffile *d;
	char buf[4096];
	int no = 0, cap = 0, mcap = 8;

	if (!f) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, path, strerror(errno));
		nerrors++;
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->path = xstrdup(path);
	cap = 64;
	d->groups = xcalloc(cap, sizeof(*d->groups));
	d->metrics = xcalloc(mcap, sizeof(*d->metrics)); /* grown up to cap: a metric is large */
	d->unavail = xcalloc(cap, sizeof(*d->unavail));
	d->refs = xcalloc(cap, sizeof(*d->refs));
	while (fgets(buf, sizeof(buf), f)) {
		char *field[MAX_FIELDS + 1];
		size_t len = strlen(buf);
		int n;

		no++;
		if (len && buf[len - 1] == '\n')
			buf[--len] = 0;
		else if (!feof(f)) {
			file_error(path, no, "line too long");
			break;
		}
		if (!buf[0] || buf[0] == '#')
			continue;
		n = split_fields(buf, field, MAX_FIELDS);
		if (n < 0) {
			file_error(path, no, "unbalanced quotes");
			continue;
		}
		if (!d->cpu && strcmp(field[0], "CPU")) {
			file_error(path, no, "the first record must be CPU,<libpfm4 PMU>");
			continue;
		}
		if (!strcmp(field[0], "CPU")) {
			if (d->cpu)
				file_error(path, no, "a second CPU record");
			else if ((n != 2 && n != 4) || !*field[1] ||
			         (n == 4 && (strcmp(field[2], "fallback") || atoi(field[3]) < 1)))
				file_error(path, no, "CPU,<libpfm4 PMU>[,fallback,<rank from 1>] expected");
			else {
				d->cpu = xstrdup(field[1]);
				d->fallback = n == 4 ? atoi(field[3]) : 0;
			}
		} else if (!strcmp(field[0], "REF") || !strcmp(field[0], "GROUP")) {
			int ref = !strcmp(field[0], "REF");
			struct named *list = ref ? d->refs : d->groups;
			int *count = ref ? &d->nrefs : &d->ngroups;

			if (n != 3 || !valid_name(field[1]) || !*field[2])
				file_error(path, no, ref ? "REF,<key>,\"<document>\" expected" :
				           "GROUP,<NAME>,\"<what it answers>\" expected");
			else if (find_named(list, *count, sizeof(*list), offsetof(struct named, name), field[1]) >= 0)
				file_error(path, no, "%s %s given twice", field[0], field[1]);
			else if (*count < cap) {
				list[*count].name = xstrdup(field[1]);
				list[(*count)++].text = xstrdup(field[2]);
			}
		} else if (!strcmp(field[0], "METRIC")) {
			struct metric *m;
			const char *err;

			if (n != 7 || !valid_name(field[2]) || !*field[3] || !*field[5]) {
				file_error(path, no, "METRIC,<GROUP>,<name>,<unit>,<expression>,\"<meaning>\",<ref> expected");
				continue;
			}
			if (find_group(d, field[1]) < 0) {
				file_error(path, no, "METRIC %s: no GROUP %s before it", field[2], field[1]);
				continue;
			}
			if (find_metric(d, field[2]) >= 0) {
				file_error(path, no, "METRIC %s given twice", field[2]);
				continue;
			}
			if (find_ref(d, field[6]) < 0) {
				file_error(path, no, "METRIC %s: no REF %s before it", field[2], field[6]);
				continue;
			}
			if (d->nmetrics == cap) {
				file_error(path, no, "more than %d metrics", cap);
				continue;
			}
			if (d->nmetrics == mcap) {
				mcap *= 2;
				d->metrics = realloc(d->metrics, mcap * sizeof(*d->metrics));
				if (!d->metrics)
					die("out of memory");
			}
			m = &d->metrics[d->nmetrics];
			if ((err = parse_expr(field[4], &m->e))) {
				file_error(path, no, "METRIC %s: expression \"%s\": %s", field[2], field[4], err);
				continue;
			}
			m->group = xstrdup(field[1]);
			m->name = xstrdup(field[2]);
			m->unit = xstrdup(field[3]);
			m->text = xstrdup(field[4]);
			m->meaning = xstrdup(field[5]);
			m->ref = xstrdup(field[6]);
			m->line = no;
			d->nmetrics++;
			if (!whole) {
				d->partial = 1;
				break;
			}
		} else if (!strcmp(field[0], "UNAVAILABLE")) {
			if (n != 4 || !*field[1] || !*field[2] || !*field[3])
				file_error(path, no, "UNAVAILABLE,<GROUP or *>,<name or *>,\"<reason>\" expected");
			else if (d->nunavail < cap) {
				d->unavail[d->nunavail].group = xstrdup(field[1]);
				d->unavail[d->nunavail].name = xstrdup(field[2]);
				d->unavail[d->nunavail++].reason = xstrdup(field[3]);
			}
		} else {
			file_error(path, no, "unknown record %s", field[0]);
		}
	}
	fclose(f);
	if (!d->cpu)
		file_error(path, no, "no CPU record");
	return d;
}

/* ---- the definitions that apply here ---- */

static struct deffile **files;
static int nfiles;

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Reads every *.csv of dir (sorted by name), whole or as far as tells
 * whether it applies (read_chosen() reads the chosen ones whole); dies if
 * there is none.
 */
static void read_dir(const char *dir, int whole)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	int n = 0, cap = 0, i;

	if (!dp)
		die("cannot read the metric definitions in %s: %s (set PAPI_METRICS_DIR)", dir, strerror(errno));
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);

		if (len < 5 || strcmp(de->d_name + len - 4, ".csv"))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			names = realloc(names, cap * sizeof(*names));
			if (!names)
				die("out of memory");
		}
		if (asprintf(&names[n++], "%s/%s", dir, de->d_name) < 0)
			die("out of memory");
	}
	closedir(dp);
	if (!n)
		die("no metric definitions (*.csv) in %s (set PAPI_METRICS_DIR)", dir);
	qsort(names, n, sizeof(*names), name_cmp);
	files = xcalloc(n, sizeof(*files));
	for (i = 0; i < n; i++) {
		struct deffile *d = read_deffile(names[i], whole);

		if (d)
			files[nfiles++] = d;
		free(names[i]);
	}
	free(names);
}

/* The name PAPI knows a term by in file d: EVENT means d's PMU's EVENT. */
static char *qualified(const struct deffile *d, const char *term)
{
	char *s;

	if (!strncmp(term, "PAPI_", 5) || strstr(term, "::"))
		return xstrdup(term);
	if (asprintf(&s, "%s::%s", d->cpu, term) < 0)
		die("out of memory");
	return s;
}

/* A term as the core types compare it: without the file's own PMU prefix. */
static const char *unqualified(const struct deffile *d, const char *term)
{
	size_t n = strlen(d->cpu);

	if (!strncmp(term, d->cpu, n) && !strncmp(term + n, "::", 2))
		return term + n + 2;
	return term;
}

/* Whether this PAPI counts with d's PMU: the first event of its first metric is known. */
static int applies(const struct deffile *d)
{
	int code;
	char *name;
	int ret;

	if (!d->nmetrics)
		return 0;
	name = qualified(d, d->metrics[0].e.terms[0]);
	ret = PAPI_event_name_to_code(name, &code) == PAPI_OK;
	free(name);
	return ret;
}

/* One metric as counted here: on several core types, each term is the sum of its event on each. */
struct cmetric {
	const struct metric *m;
	char *why;                              /* unavailable: the reason */
	char *events[MAX_TERMS][MAX_TYPES];     /* PAPI event names summed into each term */
	int pass;                               /* the run whose counts it is computed from */
};

struct cgroup {
	const char *name, *what;
	struct cmetric *metrics;
	int nmetrics;
	char **unavail;                         /* "name: reason" lines */
	int nunavail;
};

static const struct deffile *types[MAX_TYPES];
static int ntypes;
static struct cgroup *groups;
static int ngroups;

/* The expression of m in d as the core types compare it. */
static char *compared_text(const struct deffile *d, const struct metric *m)
{
	size_t len = 1;
	char *s;
	int i;

	for (i = 0; i < m->e.n; i++)
		len += 32 + (m->e.rpn[i].kind == T_TERM ? strlen(m->e.terms[m->e.rpn[i].term]) : 0);
	s = xcalloc(len, 1);
	for (i = 0; i < m->e.n; i++) {
		const struct tok *t = &m->e.rpn[i];
		size_t at = strlen(s);

		if (t->kind == T_NUM)
			snprintf(s + at, len - at, "%.17g ", t->num);
		else if (t->kind == T_OP)
			snprintf(s + at, len - at, "%c ", t->op);
		else
			snprintf(s + at, len - at, "%s ", unqualified(d, m->e.terms[t->term]));
	}
	return s;
}

static void add_unavail(struct cgroup *g, const char *name, const char *reason)
{
	g->unavail = realloc(g->unavail, (g->nunavail + 1) * sizeof(*g->unavail));
	if (!g->unavail || asprintf(&g->unavail[g->nunavail++], "%s: %s", name, reason) < 0)
		die("out of memory");
}

static struct cgroup *cgroup_named(const char *name)
{
	int i = find_named(groups, ngroups, sizeof(*groups), offsetof(struct cgroup, name), name);

	return i < 0 ? NULL : &groups[i];
}

/* The UNAVAILABLE line of d that covers group/name, or NULL. */
static const struct unavailable *listed_unavailable(const struct deffile *d, const char *group, const char *name)
{
	int i;

	for (i = 0; i < d->nunavail; i++) {
		const struct unavailable *u = &d->unavail[i];

		if ((!strcmp(u->group, group) || !strcmp(u->group, "*")) &&
		    (!strcmp(u->name, name) || !strcmp(u->name, "*")))
			return u;
	}
	return NULL;
}

/*
 * The groups of the selected files (types[]): with one file, its groups;
 * with several (core types of one machine), each metric that every file
 * defines alike (same group, unit and expression once each file's own PMU
 * prefix is dropped), counted on every type and summed.
 */
static void build_groups(void)
{
	const struct deffile *d0 = types[0];
	int i, j, k;

	groups = xcalloc(d0->ngroups + 1, sizeof(*groups));
	for (i = 0; i < d0->ngroups; i++) {
		groups[ngroups].name = d0->groups[i].name;
		groups[ngroups].what = d0->groups[i].text;
		groups[ngroups].metrics = xcalloc(d0->nmetrics, sizeof(struct cmetric));
		ngroups++;
	}
	for (i = 0; i < d0->nmetrics; i++) {
		const struct metric *m = &d0->metrics[i];
		struct cgroup *g = cgroup_named(m->group);
		struct cmetric *cm = &g->metrics[g->nmetrics];
		char *text0 = compared_text(d0, m);

		memset(cm, 0, sizeof(*cm));
		cm->m = m;
		cm->pass = -1;
		for (k = 1; k < ntypes && !cm->why; k++) {
			const struct deffile *d = types[k];
			int other = find_metric(d, m->name);
			char *text;

			if (other < 0) {
				const struct unavailable *u = listed_unavailable(d, m->group, m->name);

				if (asprintf(&cm->why, "not on %s (%s)", d->cpu, u ? u->reason : "not defined") < 0)
					die("out of memory");
				continue;
			}
			text = compared_text(d, &d->metrics[other]);
			if (strcmp(text, text0) || strcmp(d->metrics[other].group, m->group) ||
			    strcmp(d->metrics[other].unit, m->unit)) {
				if (asprintf(&cm->why, "%s and %s define it differently (%s; %s)", d0->cpu, d->cpu,
				             m->text, d->metrics[other].text) < 0)
					die("out of memory");
			}
			free(text);
		}
		free(text0);
		for (j = 0; j < m->e.nterms; j++) {
			const char *term = unqualified(d0, m->e.terms[j]);
			int types_counted = !strncmp(term, "PAPI_", 5) || strstr(term, "::") ? 1 : ntypes;

			for (k = 0; k < types_counted; k++)
				cm->events[j][k] = qualified(types[k], term);
		}
		if (cm->why) {
			add_unavail(g, m->name, cm->why);
			continue;
		}
		g->nmetrics++;
	}
	for (i = 0; i < d0->nunavail; i++) {
		const struct unavailable *u = &d0->unavail[i];
		struct cgroup *g = strcmp(u->group, "*") ? cgroup_named(u->group) : NULL;

		if (!g) {
			/* a whole group, or all that are not defined */
			groups = realloc(groups, (ngroups + 2) * sizeof(*groups));
			if (!groups)
				die("out of memory");
			g = &groups[ngroups++];
			memset(g, 0, sizeof(*g));
			g->name = u->group;
			g->what = "";
		}
		add_unavail(g, u->name, u->reason);
	}
	/* what only the other core types define */
	for (k = 1; k < ntypes; k++)
		for (i = 0; i < types[k]->nmetrics; i++) {
			const struct metric *m = &types[k]->metrics[i];
			struct cgroup *g = cgroup_named(m->group);
			char *why;

			/* (what the first type lists as unavailable is shown with its reason) */
			if (find_metric(d0, m->name) >= 0 || !g || listed_unavailable(d0, m->group, m->name))
				continue;
			if (asprintf(&why, "not on %s (not defined)", d0->cpu) < 0)
				die("out of memory");
			add_unavail(g, m->name, why);
			free(why);
		}
}

/* Says why and exits if PAPI has no usable perf_event component. */
static void perf_component_usable(void)
{
	int cid = PAPI_get_component_index("perf_event");
	const PAPI_component_info_t *info = cid < 0 ? NULL : PAPI_get_component_info(cid);

	if (cid < 0)
		die("this PAPI has no perf_event component");
	if (info && info->disabled)
		die("PAPI's perf_event component is disabled: %s", info->disabled_reason);
}

/* Chooses the files for this machine (or the PMUs forced, comma-separated). */
static void select_types(const char *forced)
{
	int i, best = 0;

	if (forced) {
		char *list = xstrdup(forced), *save = NULL, *cpu;

		for (cpu = strtok_r(list, ",", &save); cpu; cpu = strtok_r(NULL, ",", &save)) {
			for (i = 0; i < nfiles && strcmp(files[i]->cpu, cpu); i++)
				;
			if (i == nfiles) {
				fprintf(stderr, "%s: no metric definitions for %s; there are:", prog, cpu);
				for (i = 0; i < nfiles; i++)
					fprintf(stderr, " %s", files[i]->cpu);
				fputc('\n', stderr);
				exit(2);
			}
			if (ntypes == MAX_TYPES)
				die("more than %d core types", MAX_TYPES);
			types[ntypes++] = files[i];
		}
		free(list);
		return;
	}
	for (i = 0; i < nfiles; i++)
		if (!files[i]->fallback && applies(files[i])) {
			if (ntypes == MAX_TYPES)
				die("more than %d core types apply", MAX_TYPES);
			types[ntypes++] = files[i];
		}
	if (ntypes)
		return;
	for (i = 0; i < nfiles; i++)
		if (files[i]->fallback && (!best || files[i]->fallback < types[0]->fallback) && applies(files[i])) {
			types[0] = files[i];
			best = ntypes = 1;
		}
	if (!ntypes) {
		perf_component_usable();
		fprintf(stderr, "%s: no metric definitions apply here: PAPI counts with none of the PMUs of", prog);
		for (i = 0; i < nfiles; i++)
			fprintf(stderr, " %s", files[i]->cpu);
		fputs(" (papi_native_avail lists what it has)\n", stderr);
		exit(2);
	}
}

/* The chosen files (types[]) read whole; dies if one has errors. */
static void read_chosen(void)
{
	int i, k;

	for (k = 0; k < ntypes; k++) {
		struct deffile *d;

		if (!types[k]->partial)
			continue;
		d = read_deffile(types[k]->path, 1);
		if (!d || nerrors)
			die("the metric definitions in %s have errors (above)", types[k]->path);
		for (i = 0; i < nfiles; i++)
			if (files[i] == types[k])
				files[i] = d;
		types[k] = d;
	}
}

/* ---- runs: which events are counted together ---- */

#define MAX_EVENTS 32   /* events of one run */

struct pass {
	char *events[MAX_EVENTS];
	int nevents;
	long long counts[MAX_RUNS][MAX_EVENTS];
};

static struct pass *passes;
static int npasses;
static int perf_cid = -1;
/*
 * -m: the runs' events counted in one run, multiplexed by the kernel (PAPI
 * scales each count to the whole run); mpx_shares is how many runs they
 * needed, so each event counted about 1/mpx_shares of the run.
 */
static int multiplex, mpx_shares;

static int paranoid_level(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int level = INT_MIN;

	if (f) {
		if (fscanf(f, "%d", &level) != 1)
			level = INT_MIN;
		fclose(f);
	}
	return level;
}

/* Why PAPI would not add event: one line. */
static int new_eventset(void);
static void free_eventset(int es);

/* Whether PAPI accepts event alone in an event set. */
static int countable_alone(const char *event)
{
	int es = new_eventset(), ret = PAPI_add_named_event(es, (char *)event);

	free_eventset(es);
	return ret == PAPI_OK;
}

static char *add_error(const char *event, int ret)
{
	char *s;
	int level = paranoid_level();
	int r, code;

	if (ret == PAPI_ENOEVNT && PAPI_event_name_to_code((char *)event, &code) == PAPI_OK)
		r = asprintf(&s, "%s: the kernel cannot count it here (no such hardware counter: a virtual "
		             "machine without a PMU?)", event);
	else if (ret == PAPI_ENOEVNT)
		r = asprintf(&s, "%s: PAPI has no such event here (papi_avail, papi_native_avail)", event);
	else if (ret == PAPI_EPERM || ret == PAPI_ECMP)
		r = asprintf(&s, "%s: the kernel refuses it (%s; /proc/sys/kernel/perf_event_paranoid is %d)",
		             event, PAPI_strerror(ret), level);
	else if (ret == PAPI_ECNFLCT && !countable_alone(event))
		r = asprintf(&s, "%s: no counter here counts it, even alone (the kernel or its firmware does "
		             "not schedule it: firmware without this event, or an emulator?)", event);
	else if (ret == PAPI_ECNFLCT)
		r = asprintf(&s, "%s: the metric's events do not fit the counters together (another perf "
		             "user or the NMI watchdog may hold some)", event);
	else
		r = asprintf(&s, "%s: %s", event, PAPI_strerror(ret));
	if (r < 0)
		die("out of memory");
	return s;
}

/*
 * The component of the definitions' first event, perf_event's, from the
 * event's code: PAPI_get_component_index() would make PAPI resolve every
 * preset first.
 */
static int perf_component(void)
{
	char *name;
	int code;

	if (perf_cid >= 0)
		return perf_cid;
	name = qualified(types[0], types[0]->metrics[0].e.terms[0]);
	if (PAPI_event_name_to_code(name, &code) == PAPI_OK)
		perf_cid = PAPI_get_event_component(code);
	free(name);
	if (perf_cid < 0) {
		perf_component_usable();
		die("no PAPI component counts %s", types[0]->metrics[0].e.terms[0]);
	}
	return perf_cid;
}

static int new_eventset(void)
{
	int es = PAPI_NULL, ret;

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK ||
	    (ret = PAPI_assign_eventset_component(es, perf_component())) != PAPI_OK)
		die("cannot create a PAPI event set: %s", PAPI_strerror(ret));
	return es;
}

static void free_eventset(int es)
{
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static int in_pass(const struct pass *p, const char *event)
{
	int i;

	for (i = 0; i < p->nevents; i++)
		if (!strcmp(p->events[i], event))
			return i;
	return -1;
}

/*
 * Adds cm's events to pass p (whose events es holds); on failure takes back
 * what it added and returns PAPI's error, *failed naming the event.
 */
static int add_metric(struct pass *p, int es, const struct cmetric *cm, const char **failed)
{
	int first = p->nevents, j, k, ret;

	for (j = 0; j < cm->m->e.nterms; j++)
		for (k = 0; k < MAX_TYPES && cm->events[j][k]; k++) {
			const char *ev = cm->events[j][k];

			if (in_pass(p, ev) >= 0)
				continue;
			ret = p->nevents == MAX_EVENTS ? PAPI_ECNFLCT : PAPI_add_named_event(es, (char *)ev);
			if (ret != PAPI_OK) {
				*failed = ev;
				while (p->nevents > first) {
					p->nevents--;
					PAPI_remove_named_event(es, p->events[p->nevents]);
					free(p->events[p->nevents]);
				}
				return ret;
			}
			p->events[p->nevents++] = xstrdup(ev);
		}
	return PAPI_OK;
}

/*
 * Packs the available metrics of the selected groups into runs, in order:
 * a metric joins the current run if its events can be added to it (PAPI
 * checks that they fit the counters together), else starts the next one; a
 * metric whose events cannot be counted together at all becomes unavailable.
 */
#define MAX_PASSES 64

/* -m: every run's events in the first, counted at once */
static void merge_passes(void)
{
	int i, j, k;

	for (i = 1; i < npasses; i++)
		for (j = 0; j < passes[i].nevents; j++) {
			if (in_pass(&passes[0], passes[i].events[j]) >= 0) {
				free(passes[i].events[j]);
				continue;
			}
			if (passes[0].nevents == MAX_EVENTS)
				die("more than %d events to multiplex", MAX_EVENTS);
			passes[0].events[passes[0].nevents++] = passes[i].events[j];
		}
	for (i = 0; i < ngroups; i++)
		for (k = 0; k < groups[i].nmetrics; k++)
			groups[i].metrics[k].pass = 0;
	mpx_shares = npasses;
	npasses = 1;
}

static void plan(struct cgroup **sel, int nsel)
{
	int es = PAPI_NULL, i, j;

	passes = xcalloc(MAX_PASSES, sizeof(*passes));
	for (i = 0; i < nsel; i++)
		for (j = 0; j < sel[i]->nmetrics; j++) {
			struct cmetric *cm = &sel[i]->metrics[j];
			const char *failed = NULL;
			int ret = PAPI_ECNFLCT, fresh;

			if (npasses)
				ret = add_metric(&passes[npasses - 1], es, cm, &failed);
			if (ret != PAPI_OK) {
				if (npasses == MAX_PASSES)
					die("more than %d runs needed", MAX_PASSES);
				fresh = new_eventset();
				ret = add_metric(&passes[npasses], fresh, cm, &failed);
				if (ret != PAPI_OK) {
					free_eventset(fresh);
					cm->why = add_error(failed, ret);
					continue;
				}
				if (es != PAPI_NULL)
					free_eventset(es);
				es = fresh;
				npasses++;
			}
			cm->pass = npasses - 1;
		}
	if (es != PAPI_NULL)
		free_eventset(es);
	if (multiplex && npasses > 1)
		merge_passes();
}

static void free_passes(void)
{
	int i, j;

	for (i = 0; i < npasses; i++)
		for (j = 0; j < passes[i].nevents; j++)
			free(passes[i].events[j]);
	free(passes);
	passes = NULL;
	npasses = 0;
}

static void print_cpu_line(FILE *out)
{
	int k;

	fprintf(out, "%s: metrics for", prog);
	for (k = 0; k < ntypes; k++)
		fprintf(out, "%s %s (%s)", k ? " +" : "", types[k]->cpu, types[k]->path);
	if (ntypes > 1)
		fputs(": only what every core type defines alike, summed over the types", out);
	fputc('\n', out);
}

/* papi_metrics -l: the groups, their metrics and events, and how many runs each needs here. */
static void list_groups(void)
{
	int i, j, k, t;

	print_cpu_line(stdout);
	for (i = 0; i < ngroups; i++) {
		struct cgroup *g = &groups[i];
		int available = 0;

		plan(&g, 1);
		for (j = 0; j < g->nmetrics; j++)
			available += !g->metrics[j].why;
		printf("\n%s: %s\n", g->name, available ? g->what : "unavailable");
		if (available && npasses == 1)
			printf("  fits one run on this PMU's counters\n");
		else if (available)
			printf("  needs %d runs of the program: its events do not fit the counters at once\n", npasses);
		for (j = 0; j < g->nmetrics; j++) {
			const struct cmetric *cm = &g->metrics[j];

			if (cm->why)
				continue;
			printf("  %-28s %s = %s\n      %s\n", cm->m->name, cm->m->unit, cm->m->text, cm->m->meaning);
		}
		for (k = 0; available && k < npasses; k++) {
			if (npasses > 1)
				printf("  events, run %d:", k + 1);
			else
				printf("  events:");
			for (t = 0; t < passes[k].nevents; t++)
				printf(" %s", passes[k].events[t]);
			putchar('\n');
		}
		for (j = 0; j < g->nmetrics; j++)
			if (g->metrics[j].why)
				printf("  unavailable: %s: %s\n", g->metrics[j].m->name, g->metrics[j].why);
		for (j = 0; j < g->nunavail; j++)
			printf("  unavailable: %s\n", g->unavail[j]);
		free_passes();
	}
}

/* ---- counting a program ---- */

static char **program;

/*
 * Forks argv's process, which waits for a byte on the pipe gate (if given:
 * its read end, then its write end), then runs argv (PATH searched) with
 * the terminal's signals back to their defaults; *report is a pipe's read
 * end on which it writes errno if it cannot (exec_error()).
 */
static pid_t spawn(char **argv, const int *gate, int *report)
{
	int fd[2], err;
	pid_t pid;
	char c;

	if (pipe2(fd, O_CLOEXEC))
		die("pipe: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		close(fd[0]);
		if (gate) {
			close(gate[1]);
			if (read(gate[0], &c, 1) != 1)
				_exit(126);
		}
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		execvp(argv[0], argv);
		err = errno;
		if (write(fd[1], &err, sizeof(err)) < 0)
			_exit(127);
		_exit(127);
	}
	close(fd[1]);
	*report = fd[0];
	return pid;
}

/* After spawn(): 0 once the process runs argv, else why it could not (the process reaped). */
static int exec_error(pid_t pid, int report)
{
	int err = 0;

	if (read(report, &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(report);
	if (err)
		waitpid(pid, NULL, 0);
	return err;
}

/*
 * Runs the program once, counting pass p's events in it and every thread and
 * child it starts (PAPI_attach + PAPI_INHERIT, enabled before its exec).
 * Returns the program's wait status; the counts go to p->counts[run].
 */
static int run_once(struct pass *p, int run)
{
	int gate[2], report, es, ret, status, i, err;
	PAPI_option_t opt;
	const char *step;
	pid_t pid;
	char c = 0;

	if (pipe2(gate, O_CLOEXEC))
		die("pipe: %s", strerror(errno));
	pid = spawn(program, gate, &report);
	close(gate[0]);
	es = new_eventset();
	step = "PAPI_attach";
	if ((ret = PAPI_attach(es, pid)) == PAPI_ENOEVNT)
		step = "PAPI_attach (it tries the kernel's instructions event, which cannot be counted here: "
		       "a virtual machine without a PMU?)";
	if (ret != PAPI_OK)
		goto fail;
	memset(&opt, 0, sizeof(opt));
	opt.inherit.eventset = es;
	opt.inherit.inherit = PAPI_INHERIT_ALL;
	step = "PAPI_set_opt(PAPI_INHERIT)";
	if ((ret = PAPI_set_opt(PAPI_INHERIT, &opt)) != PAPI_OK)
		goto fail;
	step = "PAPI_set_multiplex";
	if (mpx_shares && (ret = PAPI_set_multiplex(es)) != PAPI_OK)
		goto fail;
	for (i = 0; i < p->nevents; i++)
		if ((ret = PAPI_add_named_event(es, p->events[i])) != PAPI_OK) {
			char *why = add_error(p->events[i], ret);

			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
			die("cannot count in the program: %s", why);
		}
	step = "PAPI_start";
	if ((ret = PAPI_start(es)) != PAPI_OK)
		goto fail;
	if (write(gate[1], &c, 1) != 1)
		die("cannot start the program: %s", strerror(errno));
	close(gate[1]);
	if ((err = exec_error(pid, report))) {
		fprintf(stderr, "%s: cannot run %s: %s\n", prog, program[0], strerror(err));
		exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("waitpid: %s", strerror(errno));
	if ((ret = PAPI_stop(es, p->counts[run])) != PAPI_OK)
		die("cannot read the counts: %s", PAPI_strerror(ret));
	free_eventset(es);
	return status;
fail:
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	die("cannot count in the program: %s: %s (/proc/sys/kernel/perf_event_paranoid is %d)",
	    step, PAPI_strerror(ret), paranoid_level());
}

/* ---- results ---- */

static int nruns = 1;

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct stat3 {
	double min, median, max;
	int defined;            /* runs where the metric is defined (no division by 0) */
};

static double term_value(const struct cmetric *cm, int term, int run)
{
	const struct pass *p = &passes[cm->pass];
	double v = 0;
	int k;

	for (k = 0; k < MAX_TYPES && cm->events[term][k]; k++)
		v += (double)p->counts[run][in_pass(p, cm->events[term][k])];
	return v;
}

static struct stat3 metric_stats(const struct cmetric *cm, double *values)
{
	struct stat3 st = { NAN, NAN, NAN, 0 };
	double sorted[MAX_RUNS];
	int r, j;

	for (r = 0; r < nruns; r++) {
		double v[MAX_TERMS];

		for (j = 0; j < cm->m->e.nterms; j++)
			v[j] = term_value(cm, j, r);
		values[r] = eval_expr(&cm->m->e, v);
		if (!isnan(values[r]))
			sorted[st.defined++] = values[r];
	}
	if (st.defined) {
		qsort(sorted, st.defined, sizeof(double), dbl_cmp);
		st.min = sorted[0];
		st.max = sorted[st.defined - 1];
		st.median = st.defined % 2 ? sorted[st.defined / 2] :
		            (sorted[st.defined / 2 - 1] + sorted[st.defined / 2]) / 2;
	}
	return st;
}

static long long median_count(const struct pass *p, int ev)
{
	long long v[MAX_RUNS];
	int r, i, j;

	for (r = 0; r < nruns; r++) {
		/* insertion sort: a few runs */
		for (i = r; i > 0 && v[i - 1] > p->counts[r][ev]; i--)
			v[i] = v[i - 1];
		v[i] = p->counts[r][ev];
	}
	j = nruns / 2;
	return nruns % 2 ? v[j] : (v[j - 1] + v[j]) / 2;
}

/* The terms that counted 0 in some run, one of them the divisor that makes a metric undefined. */
static char *zero_terms(const struct cmetric *cm)
{
	char *s = xcalloc(1, 1);
	int r, j;

	for (j = 0; j < cm->m->e.nterms; j++)
		for (r = 0; r < nruns; r++)
			if (term_value(cm, j, r) == 0) {
				char *t;

				if (asprintf(&t, "%s%s%s", s, *s ? ", " : "", cm->m->e.terms[j]) < 0)
					die("out of memory");
				free(s);
				s = t;
				break;
			}
	return s;
}

/* A value as people read it: counts whole, ratios with 4 significant digits. */
static void print_value(FILE *out, double v)
{
	if (fabs(v) >= 1e5)
		fprintf(out, "%12.0f", v);
	else
		fprintf(out, "%12.4g", v);
}

static void describe_status(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exit status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "wait status %#x", status);
}

static void report_text(FILE *out, struct cgroup **sel, int nsel, int status)
{
	char st[128];
	int i, j, k;
	double values[MAX_RUNS];

	describe_status(status, st, sizeof(st));
	print_cpu_line(out);
	fprintf(out, "%s: %s: %s; %d run%s of the program (%d per set of events counted together)%s\n",
	        prog, program[0], st, nruns * npasses, nruns * npasses > 1 ? "s" : "", nruns,
	        nruns > 1 ? "; median, then min and max" : "");
	if (mpx_shares)
		fprintf(out, "%s: multiplexed (-m): the events of %d runs counted in one, the kernel rotating them "
		        "on the counters: each counted about 1/%d of the run and PAPI scaled its count to the "
		        "whole run (PAPI does not report each event's exact share): estimates\n",
		        prog, mpx_shares, mpx_shares);
	else if (multiplex)
		fprintf(out, "%s: -m: not multiplexed: the events fit the counters at once\n", prog);
	for (i = 0; i < nsel; i++) {
		struct cgroup *g = sel[i];
		int shown[MAX_PASSES] = { 0 };

		fprintf(out, "\n%s: %s\n", g->name, g->what);
		for (j = 0; j < g->nmetrics; j++) {
			const struct cmetric *cm = &g->metrics[j];
			struct stat3 s;

			if (cm->why)
				continue;
			s = metric_stats(cm, values);
			shown[cm->pass] = 1;
			if (s.defined < nruns) {
				char *zero = zero_terms(cm);

				fprintf(out, "  %-28s undefined%s: a divisor counted 0 (0: %s)\n", cm->m->name,
				        s.defined ? " in some runs" : "", zero);
				free(zero);
				continue;
			}
			fprintf(out, "  %-28s ", cm->m->name);
			print_value(out, s.median);
			fprintf(out, " %s", cm->m->unit);
			if (nruns > 1)
				fprintf(out, " (%.4g .. %.4g)", s.min, s.max);
			fputc('\n', out);
		}
		for (k = 0; k < npasses; k++) {
			int e;

			if (!shown[k])
				continue;
			fprintf(out, "  counted together%s%s:", mpx_shares ? " (multiplexed, scaled)" : "",
			        nruns > 1 ? " (median)" : "");
			for (e = 0; e < passes[k].nevents; e++)
				fprintf(out, " %s %lld", passes[k].events[e], median_count(&passes[k], e));
			fputc('\n', out);
		}
		for (j = 0; j < g->nmetrics; j++)
			if (g->metrics[j].why)
				fprintf(out, "  unavailable: %s: %s\n", g->metrics[j].m->name, g->metrics[j].why);
		for (j = 0; j < g->nunavail; j++)
			fprintf(out, "  unavailable: %s\n", g->unavail[j]);
	}
}

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(out, "\\u%04x", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

static void json_number(FILE *out, double v)
{
	if (isnan(v))
		fputs("null", out);
	else
		fprintf(out, "%.17g", v);
}

static void report_json(FILE *out, struct cgroup **sel, int nsel, int status)
{
	double values[MAX_RUNS];
	char st[128];
	int i, j, k, r;

	describe_status(status, st, sizeof(st));
	fputs("{\n  \"program\": [", out);
	for (i = 0; program[i]; i++) {
		fputs(i ? ", " : "", out);
		json_string(out, program[i]);
	}
	fputs("],\n  \"status\": ", out);
	json_string(out, st);
	fputs(",\n  \"pmus\": [", out);
	for (k = 0; k < ntypes; k++) {
		fputs(k ? ", " : "", out);
		json_string(out, types[k]->cpu);
	}
	fprintf(out, "],\n  \"runs_per_set\": %d,\n  \"multiplexed_shares\": %d,\n  \"sets\": [", nruns, mpx_shares);
	for (k = 0; k < npasses; k++) {
		fprintf(out, "%s\n    {\"events\": [", k ? "," : "");
		for (i = 0; i < passes[k].nevents; i++) {
			fputs(i ? ", " : "", out);
			json_string(out, passes[k].events[i]);
		}
		fputs("], \"counts\": [", out);
		for (r = 0; r < nruns; r++) {
			fputs(r ? ", [" : "[", out);
			for (i = 0; i < passes[k].nevents; i++)
				fprintf(out, "%s%lld", i ? ", " : "", passes[k].counts[r][i]);
			fputc(']', out);
		}
		fputs("]}", out);
	}
	fputs("\n  ],\n  \"groups\": [", out);
	for (i = 0; i < nsel; i++) {
		struct cgroup *g = sel[i];
		int first = 1;

		fprintf(out, "%s\n    {\"name\": ", i ? "," : "");
		json_string(out, g->name);
		fputs(", \"metrics\": [", out);
		for (j = 0; j < g->nmetrics; j++) {
			const struct cmetric *cm = &g->metrics[j];
			struct stat3 s;

			if (cm->why)
				continue;
			s = metric_stats(cm, values);
			fprintf(out, "%s\n      {\"name\": ", first ? "" : ",");
			first = 0;
			json_string(out, cm->m->name);
			fputs(", \"unit\": ", out);
			json_string(out, cm->m->unit);
			fputs(", \"expression\": ", out);
			json_string(out, cm->m->text);
			fprintf(out, ", \"set\": %d, \"median\": ", cm->pass);
			json_number(out, s.defined == nruns ? s.median : NAN);
			fputs(", \"min\": ", out);
			json_number(out, s.defined == nruns ? s.min : NAN);
			fputs(", \"max\": ", out);
			json_number(out, s.defined == nruns ? s.max : NAN);
			fputs(", \"values\": [", out);
			for (r = 0; r < nruns; r++) {
				fputs(r ? ", " : "", out);
				json_number(out, values[r]);
			}
			fputc(']', out);
			if (s.defined < nruns) {
				char *zero = zero_terms(cm);

				fputs(", \"counted_0\": ", out);
				json_string(out, zero);
				free(zero);
			}
			fputc('}', out);
		}
		fputs(first ? "]" : "\n    ]", out);
		fputs(", \"unavailable\": [", out);
		first = 1;
		for (j = 0; j < g->nmetrics; j++)
			if (g->metrics[j].why) {
				char *line;

				if (asprintf(&line, "%s: %s", g->metrics[j].m->name, g->metrics[j].why) < 0)
					die("out of memory");
				fputs(first ? "" : ", ", out);
				json_string(out, line);
				free(line);
				first = 0;
			}
		for (j = 0; j < g->nunavail; j++) {
			fputs(first ? "" : ", ", out);
			json_string(out, g->unavail[j]);
			first = 0;
		}
		fputs("]}", out);
	}
	fputs("\n  ]\n}\n", out);
}

static void csv_field(FILE *out, const char *s)
{
	if (strpbrk(s, ",\"\n")) {
		fputc('"', out);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', out);
			fputc(*s, out);
		}
		fputc('"', out);
	} else {
		fputs(s, out);
	}
}

static void report_csv(FILE *out, struct cgroup **sel, int nsel)
{
	double values[MAX_RUNS];
	int i, j;

	fputs("group,metric,unit,median,min,max,runs\n", out);
	for (i = 0; i < nsel; i++)
		for (j = 0; j < sel[i]->nmetrics; j++) {
			const struct cmetric *cm = &sel[i]->metrics[j];
			struct stat3 s;

			if (cm->why)
				continue;
			s = metric_stats(cm, values);
			csv_field(out, sel[i]->name);
			fputc(',', out);
			csv_field(out, cm->m->name);
			fputc(',', out);
			csv_field(out, cm->m->unit);
			if (s.defined == nruns)
				fprintf(out, ",%.17g,%.17g,%.17g,%d\n", s.median, s.min, s.max, nruns);
			else
				fprintf(out, ",,,,%d\n", nruns);
		}
}

/*
 * ---- the high-level API's output (papi_hl_output/rank_N.json) ----
 *
 * A small JSON reader: objects, arrays, strings and bare values (numbers,
 * true, false, null), kept as a tree; the high-level API writes every count
 * as a string, an instant event as an object with its "region_value".
 */

enum jtype { J_OBJ, J_ARR, J_STR, J_BARE };

struct json {
	enum jtype type;
	char *key;              /* in an object */
	char *text;             /* J_STR, J_BARE */
	struct json *kids;      /* J_OBJ, J_ARR: first child */
	struct json *next;
};

struct jparser {
	const char *s;
	const char *err;
};

static void json_free(struct json *j)
{
	while (j) {
		struct json *next = j->next;

		json_free(j->kids);
		free(j->key);
		free(j->text);
		free(j);
		j = next;
	}
}

static void jskip(struct jparser *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
		p->s++;
}

static char *jstring(struct jparser *p)
{
	size_t n = 0, cap = 64;
	char *out = xcalloc(cap, 1);

	p->s++;         /* the opening quote */
	while (*p->s && *p->s != '"') {
		char c = *p->s++;

		if (c == '\\') {
			c = *p->s++;
			switch (c) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'u': c = '?'; p->s += strlen(p->s) >= 4 ? 4 : strlen(p->s); break;
			case 0: p->err = "unterminated string"; return out;
			default: break; /* \" \\ \/ */
			}
		}
		if (n + 2 > cap) {
			cap *= 2;
			out = realloc(out, cap);
			if (!out)
				die("out of memory");
		}
		out[n++] = c;
		out[n] = 0;
	}
	if (*p->s != '"')
		p->err = "unterminated string";
	else
		p->s++;
	return out;
}

static struct json *jvalue(struct jparser *p, int depth)
{
	struct json *j = xcalloc(1, sizeof(*j)), **tail = &j->kids;
	char close;

	jskip(p);
	if (depth > 32) {
		p->err = "nested too deeply";
		return j;
	}
	if (*p->s == '"') {
		j->type = J_STR;
		j->text = jstring(p);
		return j;
	}
	if (*p->s != '{' && *p->s != '[') {
		const char *start = p->s;

		while (*p->s && !strchr(",}] \t\r\n", *p->s))
			p->s++;
		if (p->s == start)
			p->err = *p->s ? "unexpected character" : "unexpected end";
		j->type = J_BARE;
		j->text = strndup(start, p->s - start);
		return j;
	}
	j->type = *p->s == '{' ? J_OBJ : J_ARR;
	close = *p->s == '{' ? '}' : ']';
	p->s++;
	jskip(p);
	if (*p->s == close) {
		p->s++;
		return j;
	}
	while (!p->err) {
		char *key = NULL;
		struct json *kid;

		jskip(p);
		if (j->type == J_OBJ) {
			if (*p->s != '"') {
				p->err = "a key expected";
				break;
			}
			key = jstring(p);
			jskip(p);
			if (*p->s != ':') {
				free(key);
				p->err = "':' expected";
				break;
			}
			p->s++;
		}
		kid = jvalue(p, depth + 1);
		kid->key = key;
		*tail = kid;
		tail = &kid->next;
		jskip(p);
		if (*p->s == ',') {
			p->s++;
			continue;
		}
		if (*p->s == close) {
			p->s++;
			break;
		}
		if (!p->err)
			p->err = "',' or a closing bracket expected";
	}
	return j;
}

/* The JSON document in path, or NULL with *err saying why. */
static struct json *json_read(const char *path, const char **err)
{
	FILE *f = fopen(path, "r");
	struct jparser p = { NULL, NULL };
	struct json *j;
	char *text = NULL;
	size_t len = 0;

	if (!f) {
		*err = strerror(errno);
		return NULL;
	}
	if (getdelim(&text, &len, 0, f) < 0) {
		fclose(f);
		free(text);
		*err = "empty file";
		return NULL;
	}
	fclose(f);
	p.s = text;
	j = jvalue(&p, 0);
	jskip(&p);
	if (!p.err && *p.s)
		p.err = "text after the document";
	free(text);
	if (p.err) {
		json_free(j);
		*err = p.err;
		return NULL;
	}
	return j;
}

static struct json *json_get(const struct json *j, const char *key)
{
	struct json *k;

	if (!j || j->type != J_OBJ)
		return NULL;
	for (k = j->kids; k; k = k->next)
		if (k->key && !strcmp(k->key, key))
			return k;
	return NULL;
}

/* A count as the high-level API writes it: "123", or {"region_value":"123", ...}; 0 if absent. */
static int json_count(const struct json *j, long long *v)
{
	if (j && j->type == J_OBJ)
		j = json_get(j, "region_value");
	if (!j || (j->type != J_STR && j->type != J_BARE) || !j->text[0])
		return 0;
	*v = strtoll(j->text, NULL, 10);
	return 1;
}

/*
 * ---- regions: what the high-level API counted, per rank, thread and region ----
 */

struct region {
	int rank, thread;
	char *name;
	int set;                /* the run (set of events counted together) it comes from */
	char **events;
	long long *counts;
	int nevents;
};

static struct region *regions;
static int nregions;

static long long *region_count(const struct region *r, const char *event)
{
	int i;

	for (i = 0; i < r->nevents; i++)
		if (!strcmp(r->events[i], event))
			return &r->counts[i];
	return NULL;
}

/* The region of (rank, thread, name, set), created if new. */
static struct region *region_of(int rank, int thread, const char *name, int set)
{
	int i;

	for (i = 0; i < nregions; i++) {
		struct region *r = &regions[i];

		if (r->rank == rank && r->thread == thread && r->set == set && !strcmp(r->name, name))
			return r;
	}
	regions = realloc(regions, (nregions + 1) * sizeof(*regions));
	if (!regions)
		die("out of memory");
	memset(&regions[nregions], 0, sizeof(*regions));
	regions[nregions].rank = rank;
	regions[nregions].thread = thread;
	regions[nregions].set = set;
	regions[nregions].name = xstrdup(name);
	return &regions[nregions++];
}

/* Adds the regions of one rank_N.json (a run of one set of events) to regions[]. */
static void read_rank_file(const char *path, int rank, int set)
{
	const char *err = NULL;
	struct json *doc = json_read(path, &err), *threads, *t;

	if (!doc)
		die("cannot read %s: %s", path, err);
	threads = json_get(doc, "threads");
	if (!threads || threads->type != J_OBJ)
		die("%s: no \"threads\" object: not the high-level API's output", path);
	for (t = threads->kids; t; t = t->next) {
		struct json *rs = json_get(t, "regions"), *rj;

		for (rj = rs ? rs->kids : NULL; rj; rj = rj->next) {
			struct json *name = json_get(rj, "name"), *v;
			struct region *r;

			if (!name || name->type != J_STR)
				die("%s: thread %s: a region without a name", path, t->key);
			r = region_of(rank, atoi(t->key), name->text, set);
			for (v = rj->kids; v; v = v->next) {
				long long c;

				if (!strcmp(v->key, "name") || !strcmp(v->key, "parent_region_id") ||
				    region_count(r, v->key) || !json_count(v, &c))
					continue;
				r->events = realloc(r->events, (r->nevents + 1) * sizeof(*r->events));
				r->counts = realloc(r->counts, (r->nevents + 1) * sizeof(*r->counts));
				if (!r->events || !r->counts)
					die("out of memory");
				r->events[r->nevents] = xstrdup(v->key);
				r->counts[r->nevents++] = c;
			}
		}
	}
	json_free(doc);
}

/* Reads every rank_N.json of dir, counted in run set. Returns how many. */
static int read_hl_dir(const char *dir, int set)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	int n = 0;

	if (!dp)
		return 0;
	while ((de = readdir(dp))) {
		char *path;
		int rank;

		if (sscanf(de->d_name, "rank_%d.json", &rank) != 1)
			continue;
		if (asprintf(&path, "%s/%s", dir, de->d_name) < 0)
			die("out of memory");
		read_rank_file(path, rank, set);
		free(path);
		n++;
	}
	closedir(dp);
	return n;
}

/*
 * The high-level API's output under dir: dir itself, dir/papi_hl_output, or
 * dir/set-N/papi_hl_output (papi_metrics --regions: one per set of events
 * counted together), merged region by region.
 */
static void read_regions(const char *dir)
{
	char *sub;
	int n = read_hl_dir(dir, 0), k;

	if (asprintf(&sub, "%s/papi_hl_output", dir) < 0)
		die("out of memory");
	n += read_hl_dir(sub, 0);
	free(sub);
	for (k = 1; k <= MAX_PASSES; k++) {
		if (asprintf(&sub, "%s/set-%d/papi_hl_output", dir, k) < 0)
			die("out of memory");
		n += read_hl_dir(sub, k);
		free(sub);
	}
	if (!n)
		die("no rank_N.json of PAPI's high-level API in %s, %s/papi_hl_output or %s/set-N/papi_hl_output",
		    dir, dir, dir);
	if (!nregions)
		die("%s: the high-level API's output has no region", dir);
}
/*
 * A term's count in a region of one rank (of thread, or of all its threads
 * where thread is -1) in run set; 0 if that run did not count it there.
 */
static int region_term(const struct cmetric *cm, int term, int rank, int thread, const char *name, int set,
                       double *v)
{
	int i, k, found = 0;

	*v = 0;
	for (k = 0; k < MAX_TYPES && cm->events[term][k]; k++) {
		int counted = 0;

		for (i = 0; i < nregions; i++) {
			const struct region *r = &regions[i];
			const long long *c;

			if (r->rank != rank || r->set != set || strcmp(r->name, name) || (thread >= 0 && r->thread != thread))
				continue;
			if ((c = region_count(r, cm->events[term][k]))) {
				*v += (double)*c;
				counted = 1;
			}
		}
		found += counted;
	}
	return found > 0;
}

/*
 * cm in a region of one rank (thread, or -1: all threads), from the first
 * run that counted all its events there: 1 and *v (NAN: a divisor counted
 * 0), or 0 if no run did.
 */
static int region_metric(const struct cmetric *cm, int rank, int thread, const char *name, double *v)
{
	int set, j;

	for (set = 0; set <= MAX_PASSES; set++) {
		double term[MAX_TERMS];

		for (j = 0; j < cm->m->e.nterms; j++)
			if (!region_term(cm, j, rank, thread, name, set, &term[j]))
				break;
		if (j == cm->m->e.nterms) {
			*v = eval_expr(&cm->m->e, term);
			return 1;
		}
	}
	return 0;
}

/* The region's wall-clock time in one rank (the longest of its threads), in seconds; NAN if not written. */
static double region_seconds(int rank, const char *name)
{
	double t = NAN;
	int i;

	for (i = 0; i < nregions; i++) {
		const long long *c;

		if (regions[i].rank == rank && !strcmp(regions[i].name, name) &&
		    (c = region_count(&regions[i], "real_time_nsec")) && (isnan(t) || *c / 1e9 > t))
			t = *c / 1e9;
	}
	return t;
}

/* Picks the definitions whose metrics the regions' events give most of (unless -c chose). */
static void select_types_for_regions(void)
{
	int best = -1, best_n = 0, i, j, k;

	for (i = 0; i < nfiles; i++) {
		int n = 0;

		for (j = 0; j < files[i]->nmetrics; j++) {
			const struct metric *m = &files[i]->metrics[j];

			for (k = 0; k < m->e.nterms; k++) {
				char *ev = qualified(files[i], m->e.terms[k]);
				int r, have = 0;

				for (r = 0; r < nregions && !have; r++)
					have = region_count(&regions[r], ev) != NULL;
				free(ev);
				if (!have)
					break;
			}
			n += k == m->e.nterms;
		}
		if (n > best_n) {
			best = i;
			best_n = n;
		}
	}
	if (best < 0)
		die("the regions' events give no metric of any definition file (papi_metrics -g GROUP --regions sets PAPI_EVENTS)");
	types[0] = files[best];
	ntypes = 1;
}

/* Distinct values of regions[] in first-seen order: ranks, or region names. */
static int distinct_ranks(int *out)
{
	int i, j, n = 0;

	for (i = 0; i < nregions; i++) {
		for (j = 0; j < n && out[j] != regions[i].rank; j++)
			;
		if (j == n)
			out[n++] = regions[i].rank;
	}
	return n;
}

static int distinct_names(const char **out)
{
	int i, j, n = 0;

	for (i = 0; i < nregions; i++) {
		for (j = 0; j < n && strcmp(out[j], regions[i].name); j++)
			;
		if (j == n)
			out[n++] = regions[i].name;
	}
	return n;
}

static void print_region_metrics(FILE *out, struct cgroup **sel, int nsel, int rank, int thread, const char *name)
{
	int i, j;

	for (i = 0; i < nsel; i++)
		for (j = 0; j < sel[i]->nmetrics; j++) {
			const struct cmetric *cm = &sel[i]->metrics[j];
			double v;

			if (cm->why || !region_metric(cm, rank, thread, name, &v))
				continue;
			fprintf(out, "    %-28s ", cm->m->name);
			if (isnan(v))
				fputs("   undefined (a divisor counted 0)\n", out);
			else {
				print_value(out, v);
				fprintf(out, " %s\n", cm->m->unit);
			}
		}
}

/*
 * The metrics of every region: per rank and thread, then, with several
 * ranks (MPI), per region across ranks (min, mean, max of each rank's
 * threads together) with the slowest rank by the region's wall-clock time.
 */
static void report_regions(FILE *out, FILE *csv, struct cgroup **sel, int nsel, const char *dir)
{
	int *ranks = xcalloc(nregions, sizeof(int)), nranks = distinct_ranks(ranks), r, t, i, j, k;
	const char **names = xcalloc(nregions, sizeof(char *));
	int nnames = distinct_names(names);

	print_cpu_line(out);
	fprintf(out, "%s: %s: %d rank%s, %d region%s\n", prog, dir, nranks, nranks > 1 ? "s" : "",
	        nnames, nnames > 1 ? "s" : "");
	if (csv)
		fputs("rank,thread,region,group,metric,unit,value,min,max,slowest_rank\n", csv);
	for (r = 0; r < nranks; r++)
		for (k = 0; k < nnames; k++)
			for (t = 0; t < 1024; t++) {
				int any = 0;

				for (i = 0; i < nregions && !any; i++)
					any = regions[i].rank == ranks[r] && regions[i].thread == t && !strcmp(regions[i].name, names[k]);
				if (!any)
					continue;
				fprintf(out, "\n  rank %d, thread %d, region %s:\n", ranks[r], t, names[k]);
				print_region_metrics(out, sel, nsel, ranks[r], t, names[k]);
				for (i = 0; csv && i < nsel; i++)
					for (j = 0; j < sel[i]->nmetrics; j++) {
						const struct cmetric *cm = &sel[i]->metrics[j];
						double v;

						if (cm->why || !region_metric(cm, ranks[r], t, names[k], &v))
							continue;
						fprintf(csv, "%d,%d,", ranks[r], t);
						csv_field(csv, names[k]);
						fputc(',', csv);
						csv_field(csv, sel[i]->name);
						fprintf(csv, ",%s,", cm->m->name);
						csv_field(csv, cm->m->unit);
						if (isnan(v))
							fputs(",,,,\n", csv);
						else
							fprintf(csv, ",%.17g,,,\n", v);
					}
			}
	if (nranks > 1) {
		fprintf(out, "\n  across the %d ranks (each rank's threads together): min / mean / max\n", nranks);
		for (k = 0; k < nnames; k++) {
			int slowest = -1;
			double tmax = NAN;

			for (r = 0; r < nranks; r++) {
				double sec = region_seconds(ranks[r], names[k]);

				if (!isnan(sec) && (isnan(tmax) || sec > tmax)) {
					tmax = sec;
					slowest = ranks[r];
				}
			}
			fprintf(out, "\n  region %s", names[k]);
			if (slowest >= 0)
				fprintf(out, " (slowest: rank %d, %.6f s)", slowest, tmax);
			fputs(":\n", out);
			for (i = 0; i < nsel; i++)
				for (j = 0; j < sel[i]->nmetrics; j++) {
					const struct cmetric *cm = &sel[i]->metrics[j];
					double v, lo = NAN, hi = NAN, sum = 0;
					int n = 0;

					for (r = 0; cm->why == NULL && r < nranks; r++)
						if (region_metric(cm, ranks[r], -1, names[k], &v) && !isnan(v)) {
							lo = n && lo < v ? lo : v;
							hi = n && hi > v ? hi : v;
							sum += v;
							n++;
						}
					if (!n)
						continue;
					fprintf(out, "    %-28s %.4g / %.4g / %.4g %s%s\n", cm->m->name, lo, sum / n, hi,
					        cm->m->unit, n < nranks ? " (not every rank)" : "");
					if (csv) {
						fputs("all,all,", csv);
						csv_field(csv, names[k]);
						fputc(',', csv);
						csv_field(csv, sel[i]->name);
						fprintf(csv, ",%s,", cm->m->name);
						csv_field(csv, cm->m->unit);
						fprintf(csv, ",%.17g,%.17g,%.17g,", sum / n, lo, hi);
						if (slowest >= 0)
							fprintf(csv, "%d", slowest);
						fputc('\n', csv);
					}
				}
		}
	}
	free(ranks);
	free(names);
}

/* Runs argv (PATH searched) and waits; its wait status, or -1 (errno set) if it could not start. */
static int run_and_wait(char **argv)
{
	int report, err, status;
	pid_t pid = spawn(argv, NULL, &report);

	if ((err = exec_error(pid, report))) {
		errno = err;
		return -1;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("waitpid: %s", strerror(errno));
	return status;
}

/*
 * --regions: the program runs once per set of events counted together, with
 * PAPI_EVENTS naming them and PAPI_OUTPUT_DIRECTORY=DIR/set-N, so that its
 * regions (PAPI_hl_region_begin/end) are counted by the high-level API; the
 * first run's status that is not 0, else 0.
 */
static int run_regions(const char *dir)
{
	int k, i, status = 0;

	if (mkdir(dir, 0777)) {
		if (errno == EEXIST)
			die("%s exists: give another directory with -d (papi_metrics report %s reads it)", dir, dir);
		die("cannot create %s: %s", dir, strerror(errno));
	}
	for (k = 0; k < npasses; k++) {
		char *events = xcalloc(1, 1), *outdir;
		int st;

		for (i = 0; i < passes[k].nevents; i++) {
			char *e;

			if (asprintf(&e, "%s%s%s", events, i ? "," : "", passes[k].events[i]) < 0)
				die("out of memory");
			free(events);
			events = e;
		}
		if (asprintf(&outdir, "%s/set-%d", dir, k + 1) < 0)
			die("out of memory");
		setenv("PAPI_EVENTS", events, 1);
		setenv("PAPI_OUTPUT_DIRECTORY", outdir, 1);
		st = run_and_wait(program);
		if (st < 0) {
			fprintf(stderr, "%s: cannot run %s: %s\n", prog, program[0], strerror(errno));
			exit(127);
		}
		if (!status)
			status = st;
		free(events);
		free(outdir);
	}
	return status;
}

/* -p METRIC=FILE.png: a gnuplot bar chart of the metric per region (x) and rank (bars). */
static void plot_regions(struct cgroup **sel, int nsel, const char *spec)
{
	const char *eq = strchr(spec, '='), *png;
	const struct cmetric *cm = NULL;
	int *ranks = xcalloc(nregions, sizeof(int)), nranks = distinct_ranks(ranks), r, i, j, st;
	const char **names = xcalloc(nregions, sizeof(char *));
	int nnames = distinct_names(names);
	char data[] = "/tmp/papi_metrics_plot.XXXXXX", script[] = "/tmp/papi_metrics_gp.XXXXXX";
	char *gp[] = { "gnuplot", script, NULL };
	FILE *f;
	int fd;

	if (!eq || eq == spec || strlen(eq) < 6 || strcmp(eq + strlen(eq) - 4, ".png"))
		die("-p %s: give METRIC=FILE.png", spec);
	png = eq + 1;
	for (i = 0; i < nsel && !cm; i++)
		for (j = 0; j < sel[i]->nmetrics && !cm; j++)
			if (!sel[i]->metrics[j].why && strlen(sel[i]->metrics[j].m->name) == (size_t)(eq - spec) &&
			    !strncmp(sel[i]->metrics[j].m->name, spec, eq - spec))
				cm = &sel[i]->metrics[j];
	if (!cm)
		die("-p %s: no such metric in the groups reported", spec);
	if ((fd = mkstemp(data)) < 0 || !(f = fdopen(fd, "w")))
		die("cannot write a temporary file: %s", strerror(errno));
	fputs("region", f);
	for (r = 0; r < nranks; r++)
		fprintf(f, " rank_%d", ranks[r]);
	fputc('\n', f);
	for (i = 0; i < nnames; i++) {
		fputc('"', f);
		for (j = 0; names[i][j]; j++)
			fputc(names[i][j] == '"' ? '\'' : names[i][j], f);
		fputc('"', f);
		for (r = 0; r < nranks; r++) {
			double v;

			if (region_metric(cm, ranks[r], -1, names[i], &v) && !isnan(v))
				fprintf(f, " %.17g", v);
			else
				fputs(" ?", f);
		}
		fputc('\n', f);
	}
	fclose(f);
	if ((fd = mkstemp(script)) < 0 || !(f = fdopen(fd, "w")))
		die("cannot write a temporary file: %s", strerror(errno));
	fprintf(f, "set terminal png size 1000,600 noenhanced\nset output '%s'\n", png);
	fprintf(f, "set title '%s per region and rank'\nset ylabel '%s'\n", cm->m->name, cm->m->unit);
	fputs("set style data histograms\nset style histogram clustered\nset style fill solid 0.8\n"
	      "set datafile missing '?'\nset key outside\nset xtics rotate by -30\nset yrange [0:*]\n", f);
	fprintf(f, "plot for [i=2:%d] '%s' using i:xtic(1) title columnheader(i)\n", nranks + 1, data);
	fclose(f);
	st = run_and_wait(gp);
	unlink(data);
	unlink(script);
	if (st < 0)
		die("cannot run gnuplot: %s (the plot needs gnuplot)", strerror(errno));
	if (st)
		die("gnuplot failed to write %s", png);
	fprintf(stderr, "%s: %s written\n", prog, png);
	free(ranks);
	free(names);
}

/* ---- main ---- */

static void usage(void)
{
	fprintf(stderr,
	        "usage: %s -l [-c PMU[,PMU...]]\n"
	        "       %s -g GROUP[,GROUP...] [-r RUNS] [-m] [-o FILE.json|FILE.csv] [-c PMU...] -- PROGRAM [ARGS]\n"
	        "       %s -g GROUP[,GROUP...] --regions [-d DIR] [-o FILE.csv] [-p METRIC=FILE.png] -- PROGRAM [ARGS]\n"
	        "       %s report [-g GROUP[,GROUP...]] [-o FILE.csv] [-p METRIC=FILE.png] [-c PMU...] DIR\n"
	        "       %s --check FILE...\n"
	        "  -l        list this CPU's metric groups, their metrics and events, and the runs each needs\n"
	        "  -g        count the groups in PROGRAM (and every thread and child it starts), print the metrics\n"
	        "  -r        run each set of events RUNS times (1 to %d): median, min and max\n"
	        "  -m        events that need several runs counted in one, multiplexed: estimates\n"
	        "  -o        also write the results as JSON or CSV (by the file's extension; under MPI,\n"
	        "            FILE.rankN.json); for regions CSV\n"
	        "  -c        use these PMUs' definitions instead of those PAPI counts with here\n"
	        "  --regions count PROGRAM's regions (PAPI_hl_region_begin/end) through PAPI's high-level API,\n"
	        "            its output in DIR (-d, default papi_metrics_regions), and print their metrics\n"
	        "  report    the metrics of the regions in DIR (the high-level API's output, of every MPI rank)\n"
	        "  -p        also plot METRIC per region and rank with gnuplot\n"
	        "  --check   check definition files; print what they hold, tab-separated\n"
	        "definitions: $PAPI_METRICS_DIR, else %s\n",
	        prog, prog, prog, prog, prog, MAX_RUNS, METRICS_DIR);
	exit(2);
}

/* --check: every file's problems on stderr, its records on stdout, tab-separated. */
static int check_files(char **paths, int n)
{
	int i, j, k;

	for (i = 0; i < n; i++) {
		struct deffile *d = read_deffile(paths[i], 1);

		if (!d || !d->cpu)
			continue;
		printf("FILE\t%s\t%s\t%d\n", d->path, d->cpu, d->fallback);
		for (j = 0; j < d->nrefs; j++)
			printf("REF\t%s\t%s\n", d->refs[j].name, d->refs[j].text);
		for (j = 0; j < d->ngroups; j++)
			printf("GROUP\t%s\t%s\n", d->groups[j].name, d->groups[j].text);
		for (j = 0; j < d->nmetrics; j++) {
			const struct metric *m = &d->metrics[j];
			char *text = compared_text(d, m);

			printf("METRIC\t%s\t%s\t%s\t", m->group, m->name, m->unit);
			for (k = 0; k < m->e.nterms; k++)
				printf("%s%s", k ? " " : "", m->e.terms[k]);
			printf("\t%s\t%s\t%s\t%s\t%d\n", text, m->text, m->meaning, m->ref, m->line);
			free(text);
		}
		for (j = 0; j < d->nunavail; j++)
			printf("UNAVAILABLE\t%s\t%s\t%s\n", d->unavail[j].group, d->unavail[j].name, d->unavail[j].reason);
	}
	return nerrors ? 1 : 0;
}

static struct cgroup **select_groups(const char *list, int *nsel)
{
	struct cgroup **sel = xcalloc(ngroups, sizeof(*sel));
	char *copy = xstrdup(list), *save = NULL, *name;
	int i, j, n = 0;

	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		struct cgroup *g = cgroup_named(name);
		int available = 0;

		if (!g) {
			fprintf(stderr, "%s: no group %s on %s; groups:", prog, name, types[0]->cpu);
			for (i = 0; i < ngroups; i++)
				fprintf(stderr, " %s", groups[i].name);
			fputs(" (papi_metrics -l)\n", stderr);
			exit(2);
		}
		for (j = 0; j < g->nmetrics; j++)
			available += !g->metrics[j].why;
		if (!available) {
			fprintf(stderr, "%s: group %s is unavailable on %s:", prog, name, types[0]->cpu);
			for (j = 0; j < g->nunavail; j++)
				fprintf(stderr, "%s %s", j ? ";" : "", g->unavail[j]);
			fputc('\n', stderr);
			exit(2);
		}
		for (i = 0; i < n && sel[i] != g; i++)
			;
		if (i == n && n < ngroups)
			sel[n++] = g;
	}
	free(copy);
	*nsel = n;
	return sel;
}

/* -o FILE under MPI: one file per rank, FILE.rankN.EXT. */
static const char *rank_file(const char *output)
{
	static const char *const vars[] = { "OMPI_COMM_WORLD_RANK", "ALPS_APP_PE", "PMI_RANK", "SLURM_PROCID" };
	const char *rank = NULL, *dot;
	unsigned int i;
	char *s;

	/* the variables PAPI's high-level API numbers its files by */
	for (i = 0; i < sizeof(vars) / sizeof(vars[0]) && !rank; i++)
		rank = getenv(vars[i]);
	if (!rank || !output)
		return output;
	dot = strrchr(output, '.');
	if (asprintf(&s, "%.*s.rank%s%s", (int)(dot - output), output, rank, dot) < 0)
		die("out of memory");
	return s;
}

static int ends_with(const char *s, const char *tail)
{
	return s && strlen(s) > strlen(tail) && !strcmp(s + strlen(s) - strlen(tail), tail);
}

static FILE *open_output(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		die("cannot write %s: %s", path, strerror(errno));
	return f;
}

static void close_output(FILE *f, const char *path)
{
	if (fclose(f))
		die("cannot write %s: %s", path, strerror(errno));
}

static void start_papi(void)
{
	int ret;

	if ((ret = PAPI_library_init(PAPI_VER_CURRENT)) != PAPI_VER_CURRENT)
		die("PAPI_library_init: %s", ret < 0 ? PAPI_strerror(ret) : "version mismatch");
	if (multiplex && (ret = PAPI_multiplex_init()) != PAPI_OK)
		die("PAPI_multiplex_init: %s", PAPI_strerror(ret));
}

/* The regions' metrics on out, in csv_path (CSV) if given, plotted if asked. */
static void show_regions(FILE *out, struct cgroup **sel, int nsel, const char *dir, const char *csv_path,
                         const char *plot)
{
	FILE *csv = csv_path ? open_output(csv_path) : NULL;

	report_regions(out, csv, sel, nsel, dir);
	if (csv)
		close_output(csv, csv_path);
	if (plot)
		plot_regions(sel, nsel, plot);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "regions", no_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *dir = getenv("PAPI_METRICS_DIR"), *forced = NULL, *group_list = NULL, *output = NULL;
	const char *plot = NULL, *regions_dir = NULL, *report_dir = NULL;
	struct cgroup **sel;
	int list = 0, report = 0, by_regions = 0, nsel, opt, r, k, i, status = 0, first_bad = -1, available = 0;
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_int, old_quit;

	if (argc > 1 && !strcmp(argv[1], "--check"))
		return argc > 2 ? check_files(argv + 2, argc - 2) : (usage(), 2);
	if (argc > 1 && !strcmp(argv[1], "report")) {
		report = 1;
		argv++;
		argc--;
	}
	while ((opt = getopt_long(argc, argv, "+lg:r:mo:c:d:p:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'l': list = 1; break;
		case 'm': multiplex = 1; break;
		case 'g': group_list = optarg; break;
		case 'r':
			nruns = atoi(optarg);
			if (nruns < 1 || nruns > MAX_RUNS)
				die("-r %s: give 1 to %d runs", optarg, MAX_RUNS);
			break;
		case 'o': output = optarg; break;
		case 'c': forced = optarg; break;
		case 'd': regions_dir = optarg; break;
		case 'p': plot = optarg; break;
		case 'R': by_regions = 1; break;
		default: usage();
		}
	}
	if (report) {
		if (list || by_regions || regions_dir || nruns != 1 || multiplex || optind != argc - 1)
			usage();
		report_dir = argv[optind];
	} else if (list == !!group_list || (group_list && optind >= argc) || (list && optind < argc) ||
	           ((regions_dir || plot) && !by_regions) || (by_regions && (nruns != 1 || multiplex)) ||
	           (list && multiplex)) {
		usage();
	}
	if (output && !ends_with(output, ".csv") && (report || by_regions || !ends_with(output, ".json")))
		die("-o %s: the file name must end in %s", output, report || by_regions ? ".csv" : ".json or .csv");
	program = argv + optind;

	/* the report looks for the file whose events the regions hold */
	read_dir(dir && *dir ? dir : METRICS_DIR, report && !forced);
	if (nerrors)
		die("the metric definitions in %s have errors (above)", dir && *dir ? dir : METRICS_DIR);
	if (forced)
		select_types(forced);

	if (report) {
		/* nothing is counted: no PAPI */
		read_regions(report_dir);
		if (!forced)
			select_types_for_regions();
		read_chosen();
		build_groups();
		if (group_list)
			sel = select_groups(group_list, &nsel);
		else {
			sel = xcalloc(ngroups, sizeof(*sel));
			for (nsel = 0; nsel < ngroups; nsel++)
				sel[nsel] = &groups[nsel];
		}
		show_regions(stdout, sel, nsel, report_dir, output, plot);
		return 0;
	}

	start_papi();
	if (!forced)
		select_types(NULL);
	read_chosen();
	build_groups();
	if (list) {
		list_groups();
		return 0;
	}

	sel = select_groups(group_list, &nsel);
	plan(sel, nsel);
	for (i = 0; i < nsel; i++)
		for (k = 0; k < sel[i]->nmetrics; k++)
			available += !sel[i]->metrics[k].why;
	if (!available) {
		for (i = 0; i < nsel; i++)
			for (k = 0; k < sel[i]->nmetrics; k++)
				fprintf(stderr, "%s: %s: %s\n", prog, sel[i]->metrics[k].m->name, sel[i]->metrics[k].why);
		die("nothing of %s can be counted here", group_list);
	}

	/* like time(1): the terminal's signals are for the program */
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	if (by_regions) {
		if (!regions_dir)
			regions_dir = "papi_metrics_regions";
		status = run_regions(regions_dir);
	} else {
		for (r = 0; r < nruns; r++)
			for (k = 0; k < npasses; k++) {
				int st = run_once(&passes[k], r);

				if (first_bad < 0 && st != 0) {
					first_bad = k;
					status = st;
				}
			}
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);

	if (by_regions) {
		char st[128];

		describe_status(status, st, sizeof(st));
		fprintf(stderr, "%s: %s: %s; its regions counted in %d run%s, the high-level API's output in %s\n",
		        prog, program[0], st, npasses, npasses > 1 ? "s" : "", regions_dir);
		read_regions(regions_dir);
		show_regions(stderr, sel, nsel, regions_dir, output, plot);
	} else {
		report_text(stderr, sel, nsel, status);
		if (output) {
			const char *path = rank_file(output);
			FILE *f = open_output(path);

			if (ends_with(path, ".csv"))
				report_csv(f, sel, nsel);
			else
				report_json(f, sel, nsel, status);
			close_output(f, path);
		}
	}
	PAPI_shutdown();
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
