/*
 * sifive_u74_events.h : SiFive U74-MC (HiFive Unmatched, FU740) event table
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
 * mhpmevent layout: event class in bits 7:0, one-hot event mask from bit 8.
 * Bits of one class may be OR-ed: the counter counts their union.
 *
 * The table holds, in this order:
 * - the per-bit events under their Linux perf names (sifive/u74 json, Linux
 *   up to 6.14): these are the canonical names, so an event moves unchanged
 *   between "perf stat -e" and PAPI;
 * - the names that Linux uses since 6.15, as aliases (.equiv) where they differ;
 * - one combinable event per class, whose unit masks are the class bits (the
 *   unit masks of Linux's sifive/bullet lists, shared with the other SiFive
 *   cores, sifive_bullet_events.h):
 *   INSTRUCTION_COMMIT:INT_LOAD:FP_LOAD = 0x80200. The code of a class event
 *   is its class only (the mask comes from the unit masks), so it never
 *   duplicates a per-bit code; pfm_riscv_validate_table() checks that every
 *   unit mask has exactly one per-bit event with the same encoding. A bit of
 *   another class is not a unit mask of the event, so combining classes is
 *   rejected (PFM_ERR_ATTR).
 * - the fixed counters and SBI firmware events (riscv_events.h).
 *
 * References:
 *  - SiFive U74-MC Core Complex Manual, Hardware Performance Monitor
 *    (mhpmevent classes and event bits)
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/sifive/bullet/
 *    (sifive/u74/ before Linux 6.15; cross-check of the codes; the event
 *    names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */

static const riscv_entry_t sifive_u74_pe[]={
	{ .name  = "EXCEPTION_TAKEN",
	  .desc  = "Exceptions taken (counted when the trap is taken)",
	  .code  = 0x100, /* class 0, bit 8 */
	},
	{ .name  = "INTEGER_LOAD_RETIRED",
	  .desc  = "Retired integer loads",
	  .code  = 0x200, /* class 0, bit 9 */
	},
	{ .name  = "INTEGER_STORE_RETIRED",
	  .desc  = "Retired integer stores",
	  .code  = 0x400, /* class 0, bit 10 */
	},
	{ .name  = "ATOMIC_MEMORY_RETIRED",
	  .desc  = "Retired atomic memory operations (A extension)",
	  .code  = 0x800, /* class 0, bit 11 */
	},
	{ .name  = "SYSTEM_INSTRUCTION_RETIRED",
	  .desc  = "Retired system instructions (CSR accesses, ecall, ebreak, fences, ...)",
	  .code  = 0x1000, /* class 0, bit 12 */
	},
	{ .name  = "INTEGER_ARITHMETIC_RETIRED",
	  .desc  = "Retired integer arithmetic instructions",
	  .code  = 0x2000, /* class 0, bit 13 */
	},
	{ .name  = "CONDITIONAL_BRANCH_RETIRED",
	  .desc  = "Retired conditional branches",
	  .code  = 0x4000, /* class 0, bit 14 */
	},
	{ .name  = "JAL_INSTRUCTION_RETIRED",
	  .desc  = "Retired JAL instructions (direct jumps and calls)",
	  .code  = 0x8000, /* class 0, bit 15 */
	},
	{ .name  = "JALR_INSTRUCTION_RETIRED",
	  .desc  = "Retired JALR instructions (indirect jumps, calls and returns)",
	  .code  = 0x10000, /* class 0, bit 16 */
	},
	{ .name  = "INTEGER_MULTIPLICATION_RETIRED",
	  .desc  = "Retired integer multiplications",
	  .code  = 0x20000, /* class 0, bit 17 */
	},
	{ .name  = "INTEGER_DIVISION_RETIRED",
	  .desc  = "Retired integer divisions and remainders",
	  .code  = 0x40000, /* class 0, bit 18 */
	},
	{ .name  = "FP_LOAD_RETIRED",
	  .desc  = "Retired floating-point loads",
	  .code  = 0x80000, /* class 0, bit 19 */
	},
	{ .name  = "FP_STORE_RETIRED",
	  .desc  = "Retired floating-point stores",
	  .code  = 0x100000, /* class 0, bit 20 */
	},
	{ .name  = "FP_ADDITION_RETIRED",
	  .desc  = "Retired floating-point additions",
	  .code  = 0x200000, /* class 0, bit 21 */
	},
	{ .name  = "FP_MULTIPLICATION_RETIRED",
	  .desc  = "Retired floating-point multiplications",
	  .code  = 0x400000, /* class 0, bit 22 */
	},
	{ .name  = "FP_FUSEDMADD_RETIRED",
	  .desc  = "Retired floating-point fused multiply-adds",
	  .code  = 0x800000, /* class 0, bit 23 */
	},
	{ .name  = "FP_DIV_SQRT_RETIRED",
	  .desc  = "Retired floating-point divisions and square roots",
	  .code  = 0x1000000, /* class 0, bit 24 */
	},
	{ .name  = "OTHER_FP_RETIRED",
	  .desc  = "Retired floating-point instructions of no other class (see the caveat of FP_FUSEDMADD_RETIRED)",
	  .code  = 0x2000000, /* class 0, bit 25 */
	},
	{ .name  = "ADDRESSGEN_INTERLOCK",
	  .desc  = "Address-generation interlocks",
	  .code  = 0x101, /* class 1, bit 8 */
	},
	{ .name  = "LONGLAT_INTERLOCK",
	  .desc  = "Long-latency interlocks",
	  .code  = 0x201, /* class 1, bit 9 */
	},
	{ .name  = "CSR_READ_INTERLOCK",
	  .desc  = "CSR read interlocks",
	  .code  = 0x401, /* class 1, bit 10 */
	},
	{ .name  = "ICACHE_ITIM_BUSY",
	  .desc  = "Instruction cache or ITIM busy",
	  .code  = 0x801, /* class 1, bit 11 */
	},
	{ .name  = "DCACHE_DTIM_BUSY",
	  .desc  = "Data cache or DTIM busy",
	  .code  = 0x1001, /* class 1, bit 12 */
	},
	{ .name  = "BRANCH_DIRECTION_MISPREDICTION",
	  .desc  = "Branch direction mispredictions",
	  .code  = 0x2001, /* class 1, bit 13 */
	},
	{ .name  = "BRANCH_TARGET_MISPREDICTION",
	  .desc  = "Branch or jump target mispredictions",
	  .code  = 0x4001, /* class 1, bit 14 */
	},
	{ .name  = "PIPE_FLUSH_CSR_WRITE",
	  .desc  = "Pipeline flushes caused by a CSR write",
	  .code  = 0x8001, /* class 1, bit 15 */
	},
	{ .name  = "PIPE_FLUSH_OTHER_EVENT",
	  .desc  = "Pipeline flushes caused by any other event",
	  .code  = 0x10001, /* class 1, bit 16 */
	},
	{ .name  = "INTEGER_MULTIPLICATION_INTERLOCK",
	  .desc  = "Integer multiplication interlocks",
	  .code  = 0x20001, /* class 1, bit 17 */
	},
	{ .name  = "FP_INTERLOCK",
	  .desc  = "Floating-point interlocks",
	  .code  = 0x40001, /* class 1, bit 18 */
	},
	{ .name  = "ICACHE_RETIRED",
	  .desc  = "Instruction cache misses (the Linux name says RETIRED, the event counts misses)",
	  .code  = 0x102, /* class 2, bit 8 */
	},
	{ .name  = "DCACHE_MISS_MMIO_ACCESSES",
	  .desc  = "Data cache misses and memory-mapped I/O accesses",
	  .code  = 0x202, /* class 2, bit 9 */
	},
	{ .name  = "DCACHE_WRITEBACK",
	  .desc  = "Data cache write-backs",
	  .code  = 0x402, /* class 2, bit 10 */
	},
	{ .name  = "INST_TLB_MISS",
	  .desc  = "Instruction TLB misses",
	  .code  = 0x802, /* class 2, bit 11 */
	},
	{ .name  = "DATA_TLB_MISS",
	  .desc  = "Data TLB misses",
	  .code  = 0x1002, /* class 2, bit 12 */
	},
	{ .name  = "UTLB_MISS",
	  .desc  = "Unified TLB misses",
	  .code  = 0x2002, /* class 2, bit 13 */
	},

	/* Linux >= 6.15 names */
	{ .name  = "FP_ADD_RETIRED",
	  .desc  = "Retired floating-point additions",
	  .equiv = "FP_ADDITION_RETIRED",
	  .code  = 0x200000,
	},
	{ .name  = "FP_MUL_RETIRED",
	  .desc  = "Retired floating-point multiplications",
	  .equiv = "FP_MULTIPLICATION_RETIRED",
	  .code  = 0x400000,
	},
	{ .name  = "FP_MULADD_RETIRED",
	  .desc  = "Retired floating-point fused multiply-adds",
	  .equiv = "FP_FUSEDMADD_RETIRED",
	  .code  = 0x800000,
	},
	{ .name  = "LONGLATENCY_INTERLOCK",
	  .desc  = "Long-latency interlocks",
	  .equiv = "LONGLAT_INTERLOCK",
	  .code  = 0x201,
	},
	{ .name  = "CSR_INTERLOCK",
	  .desc  = "CSR read interlocks",
	  .equiv = "CSR_READ_INTERLOCK",
	  .code  = 0x401,
	},
	{ .name  = "ICACHE_BLOCKED",
	  .desc  = "Instruction cache or ITIM busy",
	  .equiv = "ICACHE_ITIM_BUSY",
	  .code  = 0x801,
	},
	{ .name  = "DCACHE_BLOCKED",
	  .desc  = "Data cache or DTIM busy",
	  .equiv = "DCACHE_DTIM_BUSY",
	  .code  = 0x1001,
	},
	{ .name  = "PIPELINE_FLUSH",
	  .desc  = "Pipeline flushes caused by a CSR write",
	  .equiv = "PIPE_FLUSH_CSR_WRITE",
	  .code  = 0x8001,
	},
	{ .name  = "REPLAY",
	  .desc  = "Pipeline flushes caused by any other event",
	  .equiv = "PIPE_FLUSH_OTHER_EVENT",
	  .code  = 0x10001,
	},
	{ .name  = "INTEGER_MUL_DIV_INTERLOCK",
	  .desc  = "Integer multiplication interlocks",
	  .equiv = "INTEGER_MULTIPLICATION_INTERLOCK",
	  .code  = 0x20001,
	},
	{ .name  = "ICACHE_MISS",
	  .desc  = "Instruction cache misses (the Linux name says RETIRED, the event counts misses)",
	  .equiv = "ICACHE_RETIRED",
	  .code  = 0x102,
	},
	{ .name  = "DCACHE_MISS",
	  .desc  = "Data cache misses and memory-mapped I/O accesses",
	  .equiv = "DCACHE_MISS_MMIO_ACCESSES",
	  .code  = 0x202,
	},
	{ .name  = "DCACHE_RELEASE",
	  .desc  = "Data cache write-backs",
	  .equiv = "DCACHE_WRITEBACK",
	  .code  = 0x402,
	},
	{ .name  = "ITLB_MISS",
	  .desc  = "Instruction TLB misses",
	  .equiv = "INST_TLB_MISS",
	  .code  = 0x802,
	},
	{ .name  = "DTLB_MISS",
	  .desc  = "Data TLB misses",
	  .equiv = "DATA_TLB_MISS",
	  .code  = 0x1002,
	},

	/* combinable events, one per class (unit masks: sifive_bullet_events.h) */
	SIFIVE_COMMIT_CLASS_EVENT,
	SIFIVE_UARCH_CLASS_EVENT(sifive_bullet_uarch_umasks),
	SIFIVE_MEMORY_CLASS_EVENT(sifive_bullet_memory_umasks),

	/* fixed counters and SBI firmware events */
	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
