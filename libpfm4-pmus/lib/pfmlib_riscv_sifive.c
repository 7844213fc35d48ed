/*
 * pfmlib_riscv_sifive.c : SiFive RISC-V cores (U74-MC)
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

#include "events/riscv_events.h"		/* fixed counters, SBI firmware events */
#include "events/sifive_bullet_events.h"	/* lists the SiFive cores share */
#include "events/sifive_u74_events.h"		/* SiFive U74-MC */

/*
 * Detection (pfm_riscv_detect(), pfmlib_riscv.c) follows Linux perf's
 * mapfile. Counters: the U74 has 2 programmable ones besides mcycle and
 * minstret.
 */
pfmlib_pmu_t sifive_u74_support={
	RISCV_CORE_PMU("sifive_u74", "SiFive U74-MC",
		       PFM_PMU_SIFIVE_U74, sifive_u74_pe),
	.num_cntrs		= 2,	/* mhpmcounter3, mhpmcounter4 */
};
