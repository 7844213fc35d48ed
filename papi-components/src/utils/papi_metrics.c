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
static struct deffile *read_deffile(const char *path)
{
	FILE *f = fopen(path, "r");
	struct deffile *d;
	char buf[4096];
	int no = 0, cap = 0;

	if (!f) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, path, strerror(errno));
		nerrors++;
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->path = xstrdup(path);
	cap = 64;
	d->groups = xcalloc(cap, sizeof(*d->groups));
	d->metrics = xcalloc(cap, sizeof(*d->metrics));
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
			struct metric *m = &d->metrics[d->nmetrics];
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
			if ((err = parse_expr(field[4], &m->e))) {
				file_error(path, no, "METRIC %s: expression \"%s\": %s", field[2], field[4], err);
				continue;
			}
			if (d->nmetrics == cap) {
				file_error(path, no, "more than %d metrics", cap);
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

/* Reads every *.csv of dir (sorted by name); dies if there is none. */
static void read_dir(const char *dir)
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
		struct deffile *d = read_deffile(names[i]);

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
	int i;

	for (i = 0; i < ngroups; i++)
		if (!strcmp(groups[i].name, name))
			return &groups[i];
	return NULL;
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
		fprintf(stderr, "%s: no metric definitions apply here: PAPI counts with none of the PMUs of", prog);
		for (i = 0; i < nfiles; i++)
			fprintf(stderr, " %s", files[i]->cpu);
		fputs(" (papi_native_avail lists what it has)\n", stderr);
		exit(2);
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
	else if (ret == PAPI_ECNFLCT)
		r = asprintf(&s, "%s: the metric's events do not fit the counters together (another perf "
		             "user or the NMI watchdog may hold some)", event);
	else
		r = asprintf(&s, "%s: %s", event, PAPI_strerror(ret));
	if (r < 0)
		die("out of memory");
	return s;
}

static int new_eventset(void)
{
	int es = PAPI_NULL, ret;

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK ||
	    (ret = PAPI_assign_eventset_component(es, perf_cid)) != PAPI_OK)
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
 * Runs the program once, counting pass p's events in it and every thread and
 * child it starts (PAPI_attach + PAPI_INHERIT, enabled before its exec).
 * Returns the program's wait status; the counts go to p->counts[run].
 */
static int run_once(struct pass *p, int run)
{
	int gate[2], report[2], es, ret, status, i, err = 0;
	PAPI_option_t opt;
	const char *step;
	pid_t pid;
	char c = 0;

	if (pipe2(gate, O_CLOEXEC) || pipe2(report, O_CLOEXEC))
		die("pipe: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		/* wait until the counters are on, then become the program */
		close(gate[1]);
		close(report[0]);
		if (read(gate[0], &c, 1) != 1)
			_exit(126);
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		execvp(program[0], program);
		err = errno;
		if (write(report[1], &err, sizeof(err)) < 0)
			_exit(127);
		_exit(127);
	}
	close(gate[0]);
	close(report[1]);
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
	if (read(report[0], &err, sizeof(err)) == sizeof(err)) {
		waitpid(pid, NULL, 0);
		fprintf(stderr, "%s: cannot run %s: %s\n", prog, program[0], strerror(err));
		exit(127);
	}
	close(report[0]);
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
			fprintf(out, "  counted together%s:", nruns > 1 ? " (median)" : "");
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
	fprintf(out, "],\n  \"runs_per_set\": %d,\n  \"sets\": [", nruns);
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

/* ---- main ---- */

static void usage(void)
{
	fprintf(stderr,
	        "usage: %s -l [-c PMU[,PMU...]]\n"
	        "       %s -g GROUP[,GROUP...] [-r RUNS] [-o FILE.json|FILE.csv] [-c PMU[,PMU...]] -- PROGRAM [ARGS]\n"
	        "       %s --check FILE...\n"
	        "  -l      list this CPU's metric groups, their metrics and events, and the runs each needs\n"
	        "  -g      count the groups in PROGRAM (and every thread and child it starts), print the metrics\n"
	        "  -r      run each set of events RUNS times (1 to %d): median, min and max\n"
	        "  -o      also write the results as JSON or CSV (by the file's extension)\n"
	        "  -c      use these PMUs' definitions instead of those PAPI counts with here\n"
	        "  --check check definition files; print what they hold, tab-separated\n"
	        "definitions: $PAPI_METRICS_DIR, else %s\n",
	        prog, prog, prog, MAX_RUNS, METRICS_DIR);
	exit(2);
}

/* --check: every file's problems on stderr, its records on stdout, tab-separated. */
static int check_files(char **paths, int n)
{
	int i, j, k;

	for (i = 0; i < n; i++) {
		struct deffile *d = read_deffile(paths[i]);

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

int main(int argc, char **argv)
{
	const char *dir = getenv("PAPI_METRICS_DIR"), *forced = NULL, *group_list = NULL, *output = NULL;
	struct cgroup **sel;
	int list = 0, nsel, opt, ret, r, k, i, status = 0, first_bad = -1, available = 0;
	const PAPI_component_info_t *info;
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_int, old_quit;

	if (argc > 1 && !strcmp(argv[1], "--check"))
		return argc > 2 ? check_files(argv + 2, argc - 2) : (usage(), 2);
	while ((opt = getopt(argc, argv, "+lg:r:o:c:h")) != -1) {
		switch (opt) {
		case 'l': list = 1; break;
		case 'g': group_list = optarg; break;
		case 'r':
			nruns = atoi(optarg);
			if (nruns < 1 || nruns > MAX_RUNS)
				die("-r %s: give 1 to %d runs", optarg, MAX_RUNS);
			break;
		case 'o': output = optarg; break;
		case 'c': forced = optarg; break;
		default: usage();
		}
	}
	if (list == !!group_list || (group_list && optind >= argc) || (list && optind < argc))
		usage();
	if (output && !(strlen(output) > 5 && !strcmp(output + strlen(output) - 5, ".json")) &&
	    !(strlen(output) > 4 && !strcmp(output + strlen(output) - 4, ".csv")))
		die("-o %s: the file name must end in .json or .csv", output);
	program = argv + optind;

	read_dir(dir && *dir ? dir : METRICS_DIR);
	if (nerrors)
		die("the metric definitions in %s have errors (above)", dir && *dir ? dir : METRICS_DIR);
	if (forced)
		select_types(forced);
	if ((ret = PAPI_library_init(PAPI_VER_CURRENT)) != PAPI_VER_CURRENT)
		die("PAPI_library_init: %s", ret < 0 ? PAPI_strerror(ret) : "version mismatch");
	perf_cid = PAPI_get_component_index("perf_event");
	if (perf_cid < 0)
		die("this PAPI has no perf_event component");
	info = PAPI_get_component_info(perf_cid);
	if (info && info->disabled)
		die("PAPI's perf_event component is disabled: %s", info->disabled_reason);
	if (!forced)
		select_types(NULL);
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
	for (r = 0; r < nruns; r++)
		for (k = 0; k < npasses; k++) {
			int st = run_once(&passes[k], r);

			if (first_bad < 0 && st != 0) {
				first_bad = k;
				status = st;
			}
		}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);

	report_text(stderr, sel, nsel, status);
	if (output) {
		FILE *out = fopen(output, "w");

		if (!out)
			die("cannot write %s: %s", output, strerror(errno));
		if (!strcmp(output + strlen(output) - 4, ".csv"))
			report_csv(out, sel, nsel);
		else
			report_json(out, sel, nsel, status);
		if (fclose(out))
			die("cannot write %s: %s", output, strerror(errno));
	}
	PAPI_shutdown();
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
