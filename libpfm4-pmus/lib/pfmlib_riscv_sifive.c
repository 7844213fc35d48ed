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
 * minstret; for the other cores the number is not given here (0), the
 * kernel learns it from the SBI firmware.
 */
pfmlib_pmu_t sifive_u74_support={
	.desc			= "SiFive U74-MC",
	.name			= "sifive_u74",
	.pmu			= PFM_PMU_SIFIVE_U74,
	.pme_count		= LIBPFM_ARRAY_SIZE(sifive_u74_pe),
	.pe			= sifive_u74_pe,
	.num_cntrs		= 2,	/* mhpmcounter3, mhpmcounter4 */
	.num_fixed_cntrs	= 2,	/* mcycle, minstret */
	RISCV_PMU_COMMON,
};

pfmlib_pmu_t sifive_bullet07_support={
	.desc			= "SiFive Bullet (mimpid 0x7..)",
	.name			= "sifive_bullet07",
	.pmu			= PFM_PMU_SIFIVE_BULLET07,
	.pme_count		= LIBPFM_ARRAY_SIZE(sifive_bullet07_pe),
	.pe			= sifive_bullet07_pe,
	.num_fixed_cntrs	= 2,
	RISCV_PMU_COMMON,
};

pfmlib_pmu_t sifive_bullet0d_support={
	.desc			= "SiFive Bullet (mimpid 0xd..)",
	.name			= "sifive_bullet0d",
	.pmu			= PFM_PMU_SIFIVE_BULLET0D,
	.pme_count		= LIBPFM_ARRAY_SIZE(sifive_bullet0d_pe),
	.pe			= sifive_bullet0d_pe,
	.num_fixed_cntrs	= 2,
	RISCV_PMU_COMMON,
};

pfmlib_pmu_t sifive_p550_support={
	.desc			= "SiFive Performance P550",
	.name			= "sifive_p550",
	.pmu			= PFM_PMU_SIFIVE_P550,
	.pme_count		= LIBPFM_ARRAY_SIZE(sifive_p550_pe),
	.pe			= sifive_p550_pe,
	.num_fixed_cntrs	= 2,
	RISCV_PMU_COMMON,
};

pfmlib_pmu_t sifive_p650_support={
	.desc			= "SiFive Performance P650",
	.name			= "sifive_p650",
	.pmu			= PFM_PMU_SIFIVE_P650,
	.pme_count		= LIBPFM_ARRAY_SIZE(sifive_p650_pe),
	.pe			= sifive_p650_pe,
	.num_fixed_cntrs	= 2,
	RISCV_PMU_COMMON,
};
