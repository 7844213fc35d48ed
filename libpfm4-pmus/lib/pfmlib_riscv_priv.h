/*
 * pfmlib_riscv_priv.h : RISC-V PMU support, shared definitions
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
 * Event model shared by every RISC-V PMU:
 *
 * - RISCV_EVT_RAW events are programmed into an mhpmevent register; their
 *   code is the mhpmevent value, which is also the perf_event raw config
 *   (PERF_TYPE_RAW). SBI firmware events are raw events with bit 63 set.
 * - RISCV_EVT_HW events are the fixed counters of the privileged spec (mcycle,
 *   minstret). They have no mhpmevent value: their code is the perf generic
 *   hardware event id and they encode as PERF_TYPE_HARDWARE, so that the
 *   kernel puts them on the fixed counters.
 * - An event with unit masks is "combinable": the hardware counts the union
 *   of the selected mask bits on one counter. The event code holds the
 *   selector bits only (on the U74, the event class), each unit mask one
 *   mask bit, and at least one unit mask is required.
 */
#ifndef __PFMLIB_RISCV_PRIV_H__
#define __PFMLIB_RISCV_PRIV_H__

#include <stdint.h>

typedef struct {
	const char		*uname;	/* unit mask name */
	const char		*udesc;	/* unit mask description */
	uint64_t		ucode;	/* bits OR-ed into the event code */
} riscv_umask_t;

typedef struct {
	const char		*name;	/* event name */
	const char		*desc;	/* event description */
	const char		*equiv;	/* alias of that event */
	uint64_t		code;	/* see RISCV_EVT_* above */
	unsigned int		type;	/* RISCV_EVT_RAW or RISCV_EVT_HW */
	unsigned int		numasks;/* number of unit masks (combinable) */
	const riscv_umask_t	*umasks;/* unit masks */
} riscv_entry_t;

#define RISCV_EVT_RAW		0
#define RISCV_EVT_HW		1

/* codes of RISCV_EVT_HW events: the perf_event generic hardware ids */
#define RISCV_HW_CYCLES		0	/* PERF_COUNT_HW_CPU_CYCLES */
#define RISCV_HW_INSTRUCTIONS	1	/* PERF_COUNT_HW_INSTRUCTIONS */

#define RISCV_SBI_FW_EVENT	(1ULL << 63)	/* config bit of SBI firmware events */

extern int pfm_riscv_get_encoding(void *this, pfmlib_event_desc_t *e);
extern int pfm_riscv_get_event_first(void *this);
extern int pfm_riscv_get_event_next(void *this, int idx);
extern int pfm_riscv_event_is_valid(void *this, int pidx);
extern int pfm_riscv_validate_table(void *this, FILE *fp);
extern int pfm_riscv_get_event_attr_info(void *this, int pidx, int attr_idx, pfmlib_event_attr_info_t *info);
extern int pfm_riscv_get_event_info(void *this, int idx, pfm_event_info_t *info);
extern unsigned int pfm_riscv_get_event_nattrs(void *this, int pidx);

extern void pfm_riscv_perf_validate_pattrs(void *this, pfmlib_event_desc_t *e);
extern int pfm_riscv_get_perf_encoding(void *this, pfmlib_event_desc_t *e);

#endif /* __PFMLIB_RISCV_PRIV_H__ */
