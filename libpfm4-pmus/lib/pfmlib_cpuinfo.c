/*
 * pfmlib_cpuinfo.c : /proc/cpuinfo reader shared by PMU detection routines
 *
 * Copyright (c) 2026 @COPYRIGHT_HOLDER@
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
 * of the Software, and to permit persons to whom the Software is furnished to do so,
 * subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
 * PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
 * HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
 * CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
 * OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 *
 * The file is read once into memory and split into entries, one per blank-line
 * separated block (one per CPU or hart, plus trailing machine-wide blocks on
 * some architectures). Lookups match keys exactly, so "CPU part" never matches
 * "CPU partition" and a key missing from an entry is reported as missing, not
 * taken from another entry.
 *
 * The file is the one the ARM parser reads too: pfm_cfg.proc_cpuinfo, which
 * pfm_initialize() sets from LIBPFM_PROC_CPUINFO=<file> (to test detection
 * with the /proc/cpuinfo of machines one does not have), else /proc/cpuinfo.
 */
#include <sys/types.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <ctype.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>

#include "pfmlib_priv.h"

#define CPUINFO_MAX_SIZE	(16 << 20)	/* refuse absurd files */

const char *
pfmlib_cpuinfo_path(void)
{
	/* unset before the first pfm_initialize() */
	return pfm_cfg.proc_cpuinfo ? pfm_cfg.proc_cpuinfo : "/proc/cpuinfo";
}

/* open, read until EOF, close: no stdio buffer and no fstat() */
static char *
cpuinfo_slurp(const char *path)
{
	size_t sz = 0, max = 0;
	char *buf = NULL, *nbuf;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;

	/* /proc files report size 0: read until EOF */
	for (;;) {
		if (max - sz < 4096) {
			max = max ? max * 2 : 16384;
			if (max > CPUINFO_MAX_SIZE)
				goto error;
			nbuf = realloc(buf, max + 1);
			if (!nbuf)
				goto error;
			buf = nbuf;
		}
		n = read(fd, buf + sz, max - sz);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto error;
		if (n == 0)
			break;
		sz += (size_t)n;
	}
	close(fd);
	buf[sz] = '\0';
	return buf;
error:
	close(fd);
	free(buf);
	return NULL;
}

static char *
cpuinfo_trim(char *s, char *end)
{
	while (s < end && isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*end = '\0';
	return s;
}

/*
 * Read and split the cpuinfo file. Lines without a colon are ignored. Returns
 * PFM_SUCCESS, or PFM_ERR_NOTFOUND when the file cannot be read or holds no
 * "key : value" line at all.
 */
static int
cpuinfo_parse(pfmlib_cpuinfo_t *ci)
{
	pfmlib_cpuinfo_line_t *nl;
	char *line, *next, *colon, *eol;
	int maxl = 0, in_entry = 0;

	memset(ci, 0, sizeof(*ci));

	ci->buf = cpuinfo_slurp(pfmlib_cpuinfo_path());
	if (!ci->buf) {
		DPRINT("cannot read %s\n", pfmlib_cpuinfo_path());
		return PFM_ERR_NOTFOUND;
	}

	for (line = ci->buf; *line; line = next) {
		eol = strchr(line, '\n');
		next = eol ? eol + 1 : line + strlen(line);
		if (!eol)
			eol = next;

		colon = memchr(line, ':', eol - line);
		if (!colon) {
			/* a blank line ends the current entry */
			if (cpuinfo_trim(line, eol)[0] == '\0')
				in_entry = 0;
			continue;
		}
		if (!in_entry) {
			ci->nentries++;
			in_entry = 1;
		}
		if (ci->nlines == maxl) {
			maxl = maxl ? maxl * 2 : 64;
			nl = realloc(ci->lines, maxl * sizeof(*nl));
			if (!nl) {
				pfmlib_cpuinfo_free(ci);
				return PFM_ERR_NOMEM;
			}
			ci->lines = nl;
		}
		ci->lines[ci->nlines].entry = ci->nentries - 1;
		ci->lines[ci->nlines].key = cpuinfo_trim(line, colon);
		ci->lines[ci->nlines].value = cpuinfo_trim(colon + 1, eol);
		ci->nlines++;
	}
	if (ci->nlines == 0) {
		DPRINT("no key : value line in %s\n", pfmlib_cpuinfo_path());
		pfmlib_cpuinfo_free(ci);
		return PFM_ERR_NOTFOUND;
	}
	return PFM_SUCCESS;
}

/*
 * Between pfmlib_cpuinfo_hold() and pfmlib_cpuinfo_release() (PMU detection
 * in pfm_initialize()), the file is read and parsed once, on first use, and
 * every pfmlib_cpuinfo_read() gets a shared view of that parse (or its error):
 * one read for all the PMUs' detect routines instead of one each.
 */
static pfmlib_cpuinfo_t held_ci;
static int held, held_ret;

void
pfmlib_cpuinfo_hold(void)
{
	pfmlib_cpuinfo_release();
	held = 1;
}

void
pfmlib_cpuinfo_release(void)
{
	pfmlib_cpuinfo_free(&held_ci);
	held = 0;
	held_ret = 0;
}

/*
 * The parsed cpuinfo in *ci, to be given back with pfmlib_cpuinfo_free().
 * Returns PFM_SUCCESS or the error of cpuinfo_parse().
 */
int
pfmlib_cpuinfo_read(pfmlib_cpuinfo_t *ci)
{
	if (!held)
		return cpuinfo_parse(ci);

	if (!held_ci.buf && held_ret == 0) {
		held_ret = cpuinfo_parse(&held_ci);
		if (held_ret == PFM_SUCCESS)
			held_ret = 1;	/* parsed: 0 means not read yet */
	}
	if (held_ret != 1) {
		memset(ci, 0, sizeof(*ci));
		return held_ret;
	}
	*ci = held_ci;
	ci->shared = 1;
	return PFM_SUCCESS;
}

void
pfmlib_cpuinfo_free(pfmlib_cpuinfo_t *ci)
{
	if (!ci->shared) {
		free(ci->lines);
		free(ci->buf);
	}
	memset(ci, 0, sizeof(*ci));
}

/*
 * Value of key in entry (0 .. nentries - 1), or NULL if that entry has no
 * such key. The lines are in file order, so their entries never decrease:
 * the entry's first line is found by bisection (a caller asking for every
 * entry of a file of many harts would otherwise scan from the first line
 * each time).
 */
const char *
pfmlib_cpuinfo_value(const pfmlib_cpuinfo_t *ci, int entry, const char *key)
{
	int lo = 0, hi = ci->nlines, mid, i;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ci->lines[mid].entry < entry)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < ci->nlines && ci->lines[i].entry == entry; i++)
		if (!strcmp(ci->lines[i].key, key))
			return ci->lines[i].value;
	return NULL;
}
