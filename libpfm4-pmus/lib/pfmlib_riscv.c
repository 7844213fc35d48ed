/*
 * pfmlib_riscv.c : RISC-V PMU support, code shared by all RISC-V PMUs
 *
 * Copyright (c) 2026 The papi-riscv-arm contributors
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
 *
 * Detection helpers (hart identification through the shared cpuinfo reader),
 * and the event table callbacks used by every RISC-V PMU (riscv_entry_t).
 */
#include <sys/types.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include <inttypes.h>

/* private headers */
#include "pfmlib_priv.h"
#include "pfmlib_riscv_priv.h"

/*
 * Parse a machine id as Linux prints it ("0x489"). The whole value must be a
 * number: a value cut short or followed by garbage is not an id.
 */
static int
riscv_parse_id(const char *s, uint64_t *val)
{
	char *end = NULL;

	if (!s || !*s)
		return 0;
	*val = strtoull(s, &end, 0);
	return end && *end == '\0';
}

static void
riscv_get_hart(const pfmlib_cpuinfo_t *ci, int entry, pfm_riscv_hart_t *h)
{
	memset(h, 0, sizeof(*h));

	h->isa = pfmlib_cpuinfo_value(ci, entry, "isa");

	if (riscv_parse_id(pfmlib_cpuinfo_value(ci, entry, "mvendorid"), &h->mvendorid))
		h->has |= RISCV_HAS_MVENDORID;
	if (riscv_parse_id(pfmlib_cpuinfo_value(ci, entry, "marchid"), &h->marchid))
		h->has |= RISCV_HAS_MARCHID;
	if (riscv_parse_id(pfmlib_cpuinfo_value(ci, entry, "mimpid"), &h->mimpid))
		h->has |= RISCV_HAS_MIMPID;

	h->uarch = pfmlib_cpuinfo_value(ci, entry, "uarch");
	if (h->uarch)
		h->has |= RISCV_HAS_UARCH;
}

/*
 * The cores of Linux perf's RISC-V mapfile (tools/perf/pmu-events/arch/riscv/
 * mapfile.csv), whose rows match "mvendorid-marchid-mimpid" as Linux prints
 * them, in the mapfile's order: the first row that matches wins. The patterns
 * used there come in three forms, written here as fields:
 * - marchid: equal to .marchid, except that bits 11:8 may range over
 *   .arch_lo ... .arch_hi ("0x8000000000000[1-9a-e]07");
 * - mimpid: any (RISCV_IMP_ANY), equal to .mimpid (RISCV_IMP_EQ), or at least
 *   two hex digits of which the first is one of the bits of .imp_first
 *   (RISCV_IMP_FIRST, "0x[78ac][[:xdigit:]]+").
 */
#define RISCV_IMP_ANY	0
#define RISCV_IMP_EQ	1
#define RISCV_IMP_FIRST	2
#define RISCV_DIGIT(d)	(1U << (d))

typedef struct {
	pfm_pmu_t	pmu;
	uint64_t	mvendorid;
	uint64_t	marchid;	/* bits 11:8 as arch_lo when arch_lo != arch_hi */
	unsigned int	arch_lo, arch_hi;
	unsigned int	imp;		/* RISCV_IMP_* */
	uint64_t	mimpid;		/* RISCV_IMP_EQ */
	unsigned int	imp_first;	/* RISCV_IMP_FIRST */
} riscv_core_id_t;

#define RISCV_ARCH_EXACT(a)	.marchid = (a), .arch_lo = ((a) >> 8) & 0xf, .arch_hi = ((a) >> 8) & 0xf

static const riscv_core_id_t riscv_core_ids[]={
	/* sifive/bullet (sifive/u74 up to Linux 6.14) */
	{ .pmu = PFM_PMU_SIFIVE_U74, .mvendorid = 0x489,
	  RISCV_ARCH_EXACT(0x8000000000000007ULL), .imp = RISCV_IMP_ANY },
	/* sifive/bullet-07 */
	{ .pmu = PFM_PMU_SIFIVE_BULLET07, .mvendorid = 0x489,
	  .marchid = 0x8000000000000007ULL, .arch_lo = 0x1, .arch_hi = 0xe,
	  .imp = RISCV_IMP_FIRST,
	  .imp_first = RISCV_DIGIT(0x7) | RISCV_DIGIT(0x8) | RISCV_DIGIT(0xa) | RISCV_DIGIT(0xc) },
	/* sifive/bullet-0d */
	{ .pmu = PFM_PMU_SIFIVE_BULLET0D, .mvendorid = 0x489,
	  .marchid = 0x8000000000000007ULL, .arch_lo = 0x1, .arch_hi = 0xe,
	  .imp = RISCV_IMP_FIRST, .imp_first = RISCV_DIGIT(0xd) },
	/* sifive/p550 */
	{ .pmu = PFM_PMU_SIFIVE_P550, .mvendorid = 0x489,
	  RISCV_ARCH_EXACT(0x8000000000000008ULL), .imp = RISCV_IMP_ANY },
	/* sifive/p650 */
	{ .pmu = PFM_PMU_SIFIVE_P650, .mvendorid = 0x489,
	  .marchid = 0x8000000000000008ULL, .arch_lo = 0x1, .arch_hi = 0x6,
	  .imp = RISCV_IMP_FIRST, .imp_first = RISCV_DIGIT(0x9) | RISCV_DIGIT(0xb) },
	/* thead/c900-legacy: C906, C910, C920 (v1), then C920v2 */
	{ .pmu = PFM_PMU_THEAD_C900, .mvendorid = 0x5b7,
	  RISCV_ARCH_EXACT(0x0ULL), .imp = RISCV_IMP_EQ, .mimpid = 0x0 },
	{ .pmu = PFM_PMU_THEAD_C900, .mvendorid = 0x5b7,
	  RISCV_ARCH_EXACT(0x80000000090c0d00ULL), .imp = RISCV_IMP_EQ, .mimpid = 0x2047000 },
	/* openhwgroup/cva6 */
	{ .pmu = PFM_PMU_OPENHW_CVA6, .mvendorid = 0x602,
	  RISCV_ARCH_EXACT(0x3ULL), .imp = RISCV_IMP_EQ, .mimpid = 0x0 },
	/* starfive/dubhe-80: Dubhe-80, Dubhe-90 */
	{ .pmu = PFM_PMU_STARFIVE_DUBHE80, .mvendorid = 0x67e,
	  RISCV_ARCH_EXACT(0x80000000db000080ULL), .imp = RISCV_IMP_ANY },
	{ .pmu = PFM_PMU_STARFIVE_DUBHE80, .mvendorid = 0x67e,
	  RISCV_ARCH_EXACT(0x80000000db000090ULL), .imp = RISCV_IMP_ANY },
	/* andes/ax45 */
	{ .pmu = PFM_PMU_ANDES_AX45, .mvendorid = 0x31e,
	  RISCV_ARCH_EXACT(0x8000000000008a45ULL), .imp = RISCV_IMP_ANY },
	/*
	 * Not in Linux's mapfile, listed for the record: SpacemiT X60 (K1 SoC,
	 * mvendorid 0x710, marchid 0x8000000058000001) has no public event list;
	 * its harts get the generic riscv PMU like any unknown core.
	 */
	{ .pmu = PFM_PMU_RISCV, .mvendorid = 0x710,
	  RISCV_ARCH_EXACT(0x8000000058000001ULL), .imp = RISCV_IMP_ANY },
};

/*
 * Where the ids are missing (kernels before 6.x) or all zero (firmware that
 * does not fill them in), the first compatible string of the hart's
 * device-tree node, which Linux prints as "uarch", names the core.
 */
static const struct {
	const char	*uarch;
	pfm_pmu_t	pmu;
} riscv_core_uarchs[]={
	{ "sifive,u74-mc",	PFM_PMU_SIFIVE_U74 },
	{ "sifive,u74",		PFM_PMU_SIFIVE_U74 },
	{ "sifive,p550",	PFM_PMU_SIFIVE_P550 },
	{ "thead,c906",		PFM_PMU_THEAD_C900 },
	{ "thead,c910",		PFM_PMU_THEAD_C900 },
	{ "thead,c920",		PFM_PMU_THEAD_C900 },
	{ "andestech,ax45mp",	PFM_PMU_ANDES_AX45 },
};

static int
riscv_imp_matches(const riscv_core_id_t *id, const pfm_riscv_hart_t *h)
{
	unsigned int first;
	uint64_t v;
	int more;

	if (id->imp == RISCV_IMP_ANY)
		return 1;
	if (!(h->has & RISCV_HAS_MIMPID))
		return 0;
	if (id->imp == RISCV_IMP_EQ)
		return h->mimpid == id->mimpid;

	/*
	 * the leading hex digit of the value as Linux prints it (no leading
	 * zeros), and at least one digit more
	 */
	for (v = h->mimpid, more = 0; v > 0xf; v >>= 4)
		more++;
	first = (unsigned int)v;
	return more > 0 && (id->imp_first & RISCV_DIGIT(first));
}

static int
riscv_id_matches(const riscv_core_id_t *id, const pfm_riscv_hart_t *h)
{
	unsigned int nib = (h->marchid >> 8) & 0xf;

	if (h->mvendorid != id->mvendorid)
		return 0;
	if ((h->marchid & ~0xf00ULL) != (id->marchid & ~0xf00ULL))
		return 0;
	if (nib < id->arch_lo || nib > id->arch_hi)
		return 0;
	return riscv_imp_matches(id, h);
}

/*
 * The PMU of one hart: the first row of riscv_core_ids[] its ids match.
 * Ids decide where they are present and not all zero; both mvendorid and
 * marchid are needed (an id cut short or not a number is no id), and ids
 * present but matching no row give the generic PMU, whatever uarch says.
 * Otherwise uarch decides.
 */
static pfm_pmu_t
riscv_hart_pmu(const pfm_riscv_hart_t *h)
{
	const unsigned int ids = RISCV_HAS_MVENDORID | RISCV_HAS_MARCHID;
	size_t i;

	if (h->has & ids) {
		if ((h->has & ids) != ids)
			return PFM_PMU_RISCV;
		if (h->mvendorid || h->marchid || ((h->has & RISCV_HAS_MIMPID) && h->mimpid)) {
			for (i = 0; i < LIBPFM_ARRAY_SIZE(riscv_core_ids); i++)
				if (riscv_id_matches(riscv_core_ids + i, h))
					return riscv_core_ids[i].pmu;
			return PFM_PMU_RISCV;
		}
	}
	if (h->has & RISCV_HAS_UARCH)
		for (i = 0; i < LIBPFM_ARRAY_SIZE(riscv_core_uarchs); i++)
			if (!strcmp(h->uarch, riscv_core_uarchs[i].uarch))
				return riscv_core_uarchs[i].pmu;
	return PFM_PMU_RISCV;
}

/*
 * The PMU of the system: that of its harts (entries with an "isa : rv..."
 * line) when they all have the same, the generic one when they differ,
 * PFM_PMU_NONE when the file has no hart or a hart of another architecture.
 */
static pfm_pmu_t
riscv_system_pmu(void)
{
	pfmlib_cpuinfo_t ci;
	pfm_riscv_hart_t h;
	pfm_pmu_t pmu, sys = PFM_PMU_NONE;
	int i;

	if (pfmlib_cpuinfo_read(&ci) != PFM_SUCCESS)
		return PFM_PMU_NONE;

	for (i = 0; i < ci.nentries; i++) {
		riscv_get_hart(&ci, i, &h);
		if (!h.isa)
			continue; /* not a hart (machine-wide block) */
		if (strncmp(h.isa, "rv", 2)) {
			sys = PFM_PMU_NONE;
			break;
		}
		pmu = riscv_hart_pmu(&h);
		if (sys == PFM_PMU_NONE)
			sys = pmu;
		else if (sys != pmu)
			sys = PFM_PMU_RISCV;
	}
	pfmlib_cpuinfo_free(&ci);
	return sys;
}

int
pfm_riscv_detect(void *this)
{
	pfmlib_pmu_t *pmu = this;

	if (riscv_system_pmu() != pmu->pmu)
		return PFM_ERR_NOTSUPP;
	__pfm_vbprintf("RISC-V harts: PMU %s\n", pmu->name);
	return PFM_SUCCESS;
}

static inline int
riscv_num_mods(void *this, int idx)
{
	const riscv_entry_t *pe = this_pe(this);

	return pe[idx].numasks;
}

int
pfm_riscv_get_encoding(void *this, pfmlib_event_desc_t *e)
{
	const riscv_entry_t *pe = this_pe(this);
	pfmlib_event_attr_info_t *a;
	uint64_t code, umask = 0;
	int i, j;

	code = pe[e->event].code;

	for (i = 0; i < e->nattrs; i++) {
		a = attr(e, i);

		if (a->ctrl != PFM_ATTR_CTRL_PMU)
			continue;

		if (a->type != PFM_ATTR_UMASK)
			return PFM_ERR_ATTR;

		umask |= a->code;
	}

	/* a combinable event counts nothing without a mask bit */
	if (pe[e->event].numasks && !umask) {
		DPRINT("%s: needs at least one unit mask\n", pe[e->event].name);
		return PFM_ERR_UMASK;
	}
	code |= umask;

	evt_strcat(e->fstr, "%s", pe[e->event].name);

	/* unit masks in table order, whatever the order they were given in */
	for (i = 0; i < e->npattrs; i++) {
		if (e->pattrs[i].ctrl != PFM_ATTR_CTRL_PMU)
			continue;
		if (e->pattrs[i].type != PFM_ATTR_UMASK)
			continue;
		for (j = 0; j < e->nattrs; j++) {
			if (e->attrs[j].id == i) {
				evt_strcat(e->fstr, ":%s", e->pattrs[i].name);
				break;
			}
		}
	}

	e->codes[0] = code;
	e->count = 1;

	__pfm_vbprintf("[0x%"PRIx64" %s] %s\n", code,
		       pe[e->event].type == RISCV_EVT_HW ? "hw" : "raw", e->fstr);

	return PFM_SUCCESS;
}

int
pfm_riscv_get_event_first(void *this)
{
	return 0;
}

int
pfm_riscv_get_event_next(void *this, int idx)
{
	pfmlib_pmu_t *p = this;

	if (idx >= (p->pme_count - 1))
		return -1;

	return idx + 1;
}

int
pfm_riscv_event_is_valid(void *this, int pidx)
{
	pfmlib_pmu_t *p = this;

	return pidx >= 0 && pidx < p->pme_count;
}

/*
 * Beyond names and descriptions:
 * - no two events that are not aliases have the same type and code (the
 *   code of a combinable event is its selector only, so it never equals the
 *   code of a single-bit event);
 * - an alias names an event of the table that is not itself an alias;
 * - each unit mask is one bit outside the event code, used once per event,
 *   and the combination of the event with that one bit is also an event of
 *   its own (the per-bit name users know from perf).
 */
int
pfm_riscv_validate_table(void *this, FILE *fp)
{
	pfmlib_pmu_t *pmu = this;
	const riscv_entry_t *pe = this_pe(this);
	const riscv_umask_t *um;
	uint64_t full;
	int i, j, k, n, error = 0;

	for (i = 0; i < pmu->pme_count; i++) {
		if (!pe[i].name) {
			fprintf(fp, "pmu: %s event%d: :: no name (prev event was %s)\n", pmu->name, i,
				i > 1 ? pe[i-1].name : "??");
			error++;
			continue;
		}
		if (!pe[i].desc) {
			fprintf(fp, "pmu: %s event%d: %s :: no description\n", pmu->name, i, pe[i].name);
			error++;
		}
		if (pe[i].type != RISCV_EVT_RAW && pe[i].type != RISCV_EVT_HW) {
			fprintf(fp, "pmu: %s event%d: %s :: invalid type %u\n", pmu->name, i, pe[i].name, pe[i].type);
			error++;
		}
		if (pe[i].equiv) {
			for (j = 0; j < pmu->pme_count; j++)
				if (pe[j].name && !pe[j].equiv && !strcmp(pe[j].name, pe[i].equiv))
					break;
			if (j == pmu->pme_count) {
				fprintf(fp, "pmu: %s event%d: %s :: alias of unknown event %s\n", pmu->name, i, pe[i].name, pe[i].equiv);
				error++;
			}
		}
		if (!!pe[i].numasks != !!pe[i].umasks) {
			fprintf(fp, "pmu: %s event%d: %s :: numasks and umasks disagree\n", pmu->name, i, pe[i].name);
			error++;
			continue;
		}
		for (j = i + 1; j < pmu->pme_count; j++) {
			if (!pe[j].name || pe[i].equiv || pe[j].equiv)
				continue;
			if (!strcasecmp(pe[i].name, pe[j].name)) {
				fprintf(fp, "pmu: %s events %d and %d have the same name %s\n", pmu->name, i, j, pe[i].name);
				error++;
			}
			if (pe[i].type == pe[j].type && pe[i].code == pe[j].code) {
				fprintf(fp, "pmu: %s events %s and %s have the same code 0x%"PRIx64"\n",
					pmu->name, pe[i].name, pe[j].name, pe[i].code);
				error++;
			}
		}
		for (k = 0; k < (int)pe[i].numasks; k++) {
			um = pe[i].umasks + k;
			if (!um->uname || !um->udesc) {
				fprintf(fp, "pmu: %s event %s umask%d :: no name or description\n", pmu->name, pe[i].name, k);
				error++;
				continue;
			}
			if (pfmlib_popcnt(um->ucode) != 1 || (um->ucode & pe[i].code)) {
				fprintf(fp, "pmu: %s event %s umask %s :: code 0x%"PRIx64" is not one free bit\n",
					pmu->name, pe[i].name, um->uname, um->ucode);
				error++;
			}
			for (j = k + 1; j < (int)pe[i].numasks; j++) {
				if (pe[i].umasks[j].ucode == um->ucode
				    || (pe[i].umasks[j].uname && !strcasecmp(pe[i].umasks[j].uname, um->uname))) {
					fprintf(fp, "pmu: %s event %s umasks %s and %s :: same name or code\n",
						pmu->name, pe[i].name, um->uname, pe[i].umasks[j].uname);
					error++;
				}
			}
			full = pe[i].code | um->ucode;
			for (j = n = 0; j < pmu->pme_count; j++)
				if (!pe[j].equiv && !pe[j].numasks && pe[j].type == pe[i].type && pe[j].code == full)
					n++;
			if (n != 1) {
				fprintf(fp, "pmu: %s event %s umask %s :: %d single-bit events with code 0x%"PRIx64", expected 1\n",
					pmu->name, pe[i].name, um->uname, n, full);
				error++;
			}
		}
	}
	return error ? PFM_ERR_INVAL : PFM_SUCCESS;
}

int
pfm_riscv_get_event_attr_info(void *this, int pidx, int attr_idx, pfmlib_event_attr_info_t *info)
{
	const riscv_entry_t *pe = this_pe(this);

	if (attr_idx < 0 || attr_idx >= (int)pe[pidx].numasks)
		return PFM_ERR_INVAL;

	info->name = pe[pidx].umasks[attr_idx].uname;
	info->desc = pe[pidx].umasks[attr_idx].udesc;
	info->equiv = NULL;
	info->code = pe[pidx].umasks[attr_idx].ucode;
	info->type = PFM_ATTR_UMASK;
	info->ctrl = PFM_ATTR_CTRL_PMU;
	info->idx = attr_idx; /* namespace specific index */

	info->is_dfl = 0;
	info->is_precise = 0;
	info->support_hw_smpl = 0;
	info->dfl_val64 = 0;

	return PFM_SUCCESS;
}

unsigned int
pfm_riscv_get_event_nattrs(void *this, int pidx)
{
	return riscv_num_mods(this, pidx);
}

int
pfm_riscv_get_event_info(void *this, int idx, pfm_event_info_t *info)
{
	pfmlib_pmu_t *pmu = this;
	const riscv_entry_t *pe = this_pe(this);

	info->name = pe[idx].name;
	info->desc = pe[idx].desc;
	info->code = pe[idx].code;
	info->equiv = pe[idx].equiv;
	info->idx = idx; /* private index */
	info->pmu = pmu->pmu;
	info->is_precise = 0;
	info->support_hw_smpl = 0;
	info->nattrs = riscv_num_mods(this, idx);

	return PFM_SUCCESS;
}
