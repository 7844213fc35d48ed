/*
 * pfmlib_riscv_cores.c : RISC-V cores with plain event numbers (T-Head C9xx,
 *                        Andes AX45, OpenHW CVA6)
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
 * The cores of Linux perf's RISC-V mapfile whose events are plain numbers
 * (no SiFive-style class and mask bits, so no combinations): one PMU
 * description and one event table each. Detection, encoding and the table
 * checks are those of every RISC-V PMU (pfmlib_riscv.c). The number of
 * programmable counters is not given here (0, RISCV_CORE_PMU()).
 */
#include <sys/types.h>
#include <string.h>
#include <stdlib.h>

/* private headers */
#include "pfmlib_priv.h"
#include "pfmlib_riscv_priv.h"

#include "events/riscv_events.h"		/* fixed counters, SBI firmware events */
#include "events/thead_c900_events.h"		/* T-Head C906, C910, C920 */
#include "events/andes_ax45_events.h"		/* Andes AX45MP */
#include "events/openhw_cva6_events.h"		/* OpenHW Group CVA6 */

pfmlib_pmu_t thead_c900_support={
	RISCV_CORE_PMU("thead_c900", "T-Head C906/C910/C920",
		       PFM_PMU_THEAD_C900, thead_c900_pe),
};

pfmlib_pmu_t andes_ax45_support={
	RISCV_CORE_PMU("andes_ax45", "Andes AX45MP",
		       PFM_PMU_ANDES_AX45, andes_ax45_pe),
};

pfmlib_pmu_t openhw_cva6_support={
	RISCV_CORE_PMU("openhw_cva6", "OpenHW Group CVA6",
		       PFM_PMU_OPENHW_CVA6, openhw_cva6_pe),
};
