/*
 * pfmlib_riscv.c : RISC-V PMU support, code shared by all RISC-V PMUs
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
 *
 * The event table callbacks used by every RISC-V PMU (riscv_entry_t).
 */
#include <sys/types.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include <inttypes.h>

/* private headers */
#include "pfmlib_priv.h"
#include "pfmlib_riscv_priv.h"

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
