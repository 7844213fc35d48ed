/*
 * pfmlib_riscv_perf_event.c : perf_event encoding of RISC-V PMU events
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
 */
#include <sys/types.h>
#include <string.h>
#include <stdlib.h>

/* private headers */
#include "pfmlib_priv.h"
#include "pfmlib_riscv_priv.h"
#include "pfmlib_perf_event_priv.h"

/*
 * Raw events: PERF_TYPE_RAW, config = mhpmevent value (bit 63 set for SBI
 * firmware events). Fixed counters: PERF_TYPE_HARDWARE generic events, which
 * the kernel maps to mcycle and minstret without using a programmable counter.
 */
int
pfm_riscv_get_perf_encoding(void *this, pfmlib_event_desc_t *e)
{
	pfmlib_pmu_t *pmu = this;
	const riscv_entry_t *pe = this_pe(this);
	struct perf_event_attr *attr = e->os_data;
	int ret;

	if (!pmu->get_event_encoding[PFM_OS_NONE])
		return PFM_ERR_NOTSUPP;

	ret = pmu->get_event_encoding[PFM_OS_NONE](this, e);
	if (ret != PFM_SUCCESS)
		return ret;

	if (e->count > 1) {
		DPRINT("unsupported count=%d\n", e->count);
		return PFM_ERR_NOTSUPP;
	}

	if (pe[e->event].type == RISCV_EVT_HW) {
		attr->type = PERF_TYPE_HARDWARE;
		switch (e->codes[0]) {
		case RISCV_HW_CYCLES:
			attr->config = PERF_COUNT_HW_CPU_CYCLES;
			break;
		case RISCV_HW_INSTRUCTIONS:
			attr->config = PERF_COUNT_HW_INSTRUCTIONS;
			break;
		default:
			return PFM_ERR_NOTSUPP;
		}
	} else {
		attr->type = PERF_TYPE_RAW;
		attr->config = e->codes[0];
	}
	return PFM_SUCCESS;
}

/*
 * Hide the perf_event modifiers that no RISC-V PMU here can honour: privilege
 * and guest/host filtering (the U74 has no Sscofpmf, and the kernel rejects
 * exclude_* there), and sampling (no counter overflow interrupt without
 * Sscofpmf). exclusive, cpu and pinned remain.
 */
void
pfm_riscv_perf_validate_pattrs(void *this, pfmlib_event_desc_t *e)
{
	int i, compact;

	for (i = 0; i < e->npattrs; i++) {
		compact = 0;

		/* umasks never conflict */
		if (e->pattrs[i].type == PFM_ATTR_UMASK)
			continue;

		if (e->pattrs[i].ctrl == PFM_ATTR_CTRL_PERF_EVENT) {
			switch (e->pattrs[i].idx) {
			case PERF_ATTR_U:
			case PERF_ATTR_K:
			case PERF_ATTR_H:
			case PERF_ATTR_PE:
			case PERF_ATTR_FR:
			case PERF_ATTR_PR:
			case PERF_ATTR_MG:
			case PERF_ATTR_MH:
			case PERF_ATTR_HWS:
				compact = 1;
				break;
			}
		}
		if (compact) {
			pfmlib_compact_pattrs(e, i);
			i--;
		}
	}
}
