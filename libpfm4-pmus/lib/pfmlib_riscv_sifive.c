/*
 * pfmlib_riscv_sifive.c : SiFive RISC-V cores (U74-MC, Bullet, P550, P650)
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
#include "events/sifive_bullet07_events.h"	/* Linux's sifive/bullet-07 */
#include "events/sifive_bullet0d_events.h"	/* Linux's sifive/bullet-0d */
#include "events/sifive_p550_events.h"		/* SiFive P550 */
#include "events/sifive_p650_events.h"		/* SiFive P650, P670, P450, P470 */

/*
 * Detection (pfm_riscv_detect(), pfmlib_riscv.c) follows Linux perf's
 * mapfile. Counters: the U74 has 2 programmable ones besides mcycle and
 * minstret; for the other cores the number is not given here (0,
 * RISCV_CORE_PMU()).
 */
pfmlib_pmu_t sifive_u74_support={
	RISCV_CORE_PMU("sifive_u74", "SiFive U74-MC",
		       PFM_PMU_SIFIVE_U74, sifive_u74_pe),
	.num_cntrs		= 2,	/* mhpmcounter3, mhpmcounter4 */
};

pfmlib_pmu_t sifive_bullet07_support={
	RISCV_CORE_PMU("sifive_bullet07", "SiFive Bullet (mimpid 0x7..)",
		       PFM_PMU_SIFIVE_BULLET07, sifive_bullet07_pe),
};

pfmlib_pmu_t sifive_bullet0d_support={
	RISCV_CORE_PMU("sifive_bullet0d", "SiFive Bullet (mimpid 0xd..)",
		       PFM_PMU_SIFIVE_BULLET0D, sifive_bullet0d_pe),
};

pfmlib_pmu_t sifive_p550_support={
	RISCV_CORE_PMU("sifive_p550", "SiFive Performance P550",
		       PFM_PMU_SIFIVE_P550, sifive_p550_pe),
};

pfmlib_pmu_t sifive_p650_support={
	RISCV_CORE_PMU("sifive_p650", "SiFive Performance P650",
		       PFM_PMU_SIFIVE_P650, sifive_p650_pe),
};
