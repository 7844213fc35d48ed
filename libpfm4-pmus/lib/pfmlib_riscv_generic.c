/*
 * pfmlib_riscv_generic.c : generic RISC-V PMU (fixed counters, SBI firmware events)
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
 * For RISC-V systems that no model-specific PMU claims: the two fixed
 * counters every hart has and the SBI firmware events. Model-specific PMUs
 * (sifive_u74) hold the same events, so this PMU is not detected with them.
 */
#include <sys/types.h>
#include <string.h>
#include <stdlib.h>

/* private headers */
#include "pfmlib_priv.h"
#include "pfmlib_riscv_priv.h"

#include "events/riscv_events.h"

static const riscv_entry_t riscv_generic_pe[]={
	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};

pfmlib_pmu_t riscv_generic_support={
	RISCV_CORE_PMU("riscv", "RISC-V generic (cycles, instret, SBI firmware events)",
		       PFM_PMU_RISCV, riscv_generic_pe),
};
