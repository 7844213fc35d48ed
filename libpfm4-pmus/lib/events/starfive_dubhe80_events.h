/*
 * starfive_dubhe80_events.h : StarFive Dubhe-80 and Dubhe-90 event table
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
 * Linux perf's starfive/dubhe-80 folder (Dubhe-80 and Dubhe-90, StarFive
 * JH8100). Plain event numbers: the code is the mhpmevent value and the perf
 * raw config.
 *
 * References:
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/starfive/dubhe-80/
 *    (the event names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
static const riscv_entry_t starfive_dubhe80_pe[]={
	RISCV_EVENT("ACCESS_MMU_STLB", 0x01, "Second-level TLB accesses"),
	RISCV_EVENT("MISS_MMU_STLB", 0x02, "Second-level TLB misses"),
	RISCV_EVENT("ACCESS_MMU_PTE_C", 0x03, "Page-table-entry cache accesses"),
	RISCV_EVENT("MISS_MMU_PTE_C", 0x04, "Page-table-entry cache misses"),
	RISCV_EVENT("ROB_FLUSH", 0x05, "Reorder-buffer flushes (exceptions of any kind)"),
	RISCV_EVENT("BTB_PREDICTION_MISS", 0x06, "Branch target buffer mispredictions"),
	RISCV_EVENT("ITLB_MISS", 0x07, "Instruction TLB misses"),
	RISCV_EVENT("SYNC_DEL_FETCH_G", 0x08, "Fetch groups delivered by the SYNC stage"),
	RISCV_EVENT("ICACHE_MISS", 0x09, "Instruction cache misses"),
	RISCV_EVENT("BPU_BR_RETIRE", 0x0a, "Retired conditional branches"),
	RISCV_EVENT("BPU_BR_MISS", 0x0b, "Mispredicted conditional branches"),
	RISCV_EVENT("RET_INS_RETIRE", 0x0c, "Retired return instructions"),
	RISCV_EVENT("RET_INS_MISS", 0x0d, "Mispredicted return instructions"),
	RISCV_EVENT("INDIRECT_JR_MISS", 0x0e, "Mispredicted indirect jumps, no predicted target included"),
	RISCV_EVENT("IBUF_VAL_ID_NORDY", 0x0f, "Instruction buffer valid while decode is not ready"),
	RISCV_EVENT("IBUF_NOVAL_ID_RDY", 0x10, "Instruction buffer empty while decode is ready"),
	RISCV_EVENT("REN_INT_PHY_REG_NORDY", 0x11, "Rename stalls: no integer physical register"),
	RISCV_EVENT("REN_FP_PHY_REG_NORDY", 0x12, "Rename stalls: no floating-point physical register"),
	RISCV_EVENT("REN_CP_NORDY", 0x13, "Rename stalls: no checkpoint"),
	RISCV_EVENT("DEC_VAL_ROB_NORDY", 0x14, "Decode valid while the reorder buffer is not ready"),
	RISCV_EVENT("OOD_FLUSH_LS_DEP", 0x15, "Out-of-order flushes on a load/store dependency"),
	RISCV_EVENT("BRU_RET_IJR_INS", 0x16, "Indirect jumps retired by the branch unit"),
	RISCV_EVENT("ACCESS_DTLB", 0x17, "Data TLB accesses"),
	RISCV_EVENT("MISS_DTLB", 0x18, "Data TLB misses"),
	RISCV_EVENT("LOAD_INS_DCACHE", 0x19, "Loads that access the data cache"),
	RISCV_EVENT("LOAD_INS_MISS_DCACHE", 0x1a, "Loads that miss the data cache"),
	RISCV_EVENT("STORE_INS_DCACHE", 0x1b, "Stores and AMOs that access the data cache"),
	RISCV_EVENT("STORE_INS_MISS_DCACHE", 0x1c, "Stores and AMOs that miss the data cache"),
	RISCV_EVENT("LOAD_SCACHE", 0x1d, "Loads that access the second-level cache"),
	RISCV_EVENT("STORE_SCACHE", 0x1e, "Stores that access the second-level cache"),
	RISCV_EVENT("LOAD_MISS_SCACHE", 0x1f, "Loads that miss the second-level cache"),
	RISCV_EVENT("STORE_MISS_SCACHE", 0x20, "Stores that miss the second-level cache"),
	RISCV_EVENT("L2C_PF_REQ", 0x21, "Second-level cache data prefetcher requests"),
	RISCV_EVENT("L2C_PF_HIT", 0x22, "Second-level cache data prefetcher hits"),

	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
