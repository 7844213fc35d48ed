/*
 * sifive_bullet_events.h : event data the SiFive cores share
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
 * mhpmevent layout of every SiFive core here: event class in bits 7:0, a
 * one-hot event mask from bit 8. Bits of one class may be OR-ed: the counter
 * counts their union. Classes: 0 instruction commit, 1 microarchitectural,
 * 2 memory system, 0x64 watchpoints, 0x65 cycles and instructions.
 *
 * Linux perf describes these cores with JSON files that several cores share
 * (sifive/bullet-07 links instruction.json and memory.json to sifive/bullet,
 * and so on). Each list below is one such file, written once as an X-macro:
 * X(event name, unit mask name, class, bit, description). A core's table
 * expands the lists its Linux folder uses into per-bit events
 * (SIFIVE_EVENT) and, for each class, into the unit masks of one combinable
 * class event (SIFIVE_UMASK, SIFIVE_CLASS_EVENT), so that a bit has the
 * same name and description as an event and as a unit mask.
 *
 * References:
 *  - the bits the U74 has (classes 0-2): SiFive U74-MC Core Complex Manual,
 *    Hardware Performance Monitor (mhpmevent classes and event bits)
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/sifive/
 *    (cross-check of those bits, and the only reference of any bit or
 *    class the U74 lacks; the event names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
#ifndef __SIFIVE_BULLET_EVENTS_H__
#define __SIFIVE_BULLET_EVENTS_H__

#define SIFIVE_EVENT(ev, um, cls, bit, d) \
	{ .name = #ev, .desc = d, .code = (1ULL << (bit)) | (cls) },
#define SIFIVE_UMASK(ev, um, cls, bit, d) \
	{ .uname = #um, .udesc = d, .ucode = 1ULL << (bit) },

/* a combinable event: its code is the class, its unit masks the class bits */
#define SIFIVE_CLASS_EVENT(n, d, cls, um) \
	{ .name = n, .desc = d, .code = (cls), \
	  .numasks = LIBPFM_ARRAY_SIZE(um), .umasks = um, }

#define SIFIVE_CLASS_COMMIT	0x0
#define SIFIVE_CLASS_UARCH	0x1
#define SIFIVE_CLASS_MEMORY	0x2
#define SIFIVE_CLASS_WATCHPOINT	0x64
#define SIFIVE_CLASS_COUNT	0x65

/* sifive/bullet/instruction.json */
#define SIFIVE_BULLET_INSTRUCTION(X) \
	X(EXCEPTION_TAKEN, EXCEPTION, 0, 8, "Exceptions taken (counted when the trap is taken)") \
	X(INTEGER_LOAD_RETIRED, INT_LOAD, 0, 9, "Retired integer loads") \
	X(INTEGER_STORE_RETIRED, INT_STORE, 0, 10, "Retired integer stores") \
	X(ATOMIC_MEMORY_RETIRED, ATOMIC, 0, 11, "Retired atomic memory operations (A extension)") \
	X(SYSTEM_INSTRUCTION_RETIRED, SYSTEM, 0, 12, "Retired system instructions (CSR accesses, ecall, ebreak, fences, ...)") \
	X(INTEGER_ARITHMETIC_RETIRED, INT_ARITH, 0, 13, "Retired integer arithmetic instructions") \
	X(CONDITIONAL_BRANCH_RETIRED, COND_BRANCH, 0, 14, "Retired conditional branches") \
	X(JAL_INSTRUCTION_RETIRED, JAL, 0, 15, "Retired JAL instructions (direct jumps and calls)") \
	X(JALR_INSTRUCTION_RETIRED, JALR, 0, 16, "Retired JALR instructions (indirect jumps, calls and returns)") \
	X(INTEGER_MULTIPLICATION_RETIRED, INT_MUL, 0, 17, "Retired integer multiplications") \
	X(INTEGER_DIVISION_RETIRED, INT_DIV, 0, 18, "Retired integer divisions and remainders") \
	X(FP_LOAD_RETIRED, FP_LOAD, 0, 19, "Retired floating-point loads") \
	X(FP_STORE_RETIRED, FP_STORE, 0, 20, "Retired floating-point stores") \
	X(FP_ADD_RETIRED, FP_ADD, 0, 21, "Retired floating-point additions") \
	X(FP_MUL_RETIRED, FP_MUL, 0, 22, "Retired floating-point multiplications") \
	X(FP_MULADD_RETIRED, FP_FMA, 0, 23, "Retired floating-point fused multiply-adds") \
	X(FP_DIV_SQRT_RETIRED, FP_DIV_SQRT, 0, 24, "Retired floating-point divisions and square roots") \
	X(OTHER_FP_RETIRED, FP_OTHER, 0, 25, "Retired floating-point instructions of no other kind (see the caveat of FP_MULADD_RETIRED)")

/* sifive/bullet/microarch.json */
#define SIFIVE_BULLET_MICROARCH(X) \
	X(ADDRESSGEN_INTERLOCK, ADDRGEN_INTERLOCK, 1, 8, "Address-generation interlocks") \
	X(LONGLATENCY_INTERLOCK, LONGLAT_INTERLOCK, 1, 9, "Long-latency interlocks") \
	X(CSR_INTERLOCK, CSR_INTERLOCK, 1, 10, "CSR read interlocks") \
	X(ICACHE_BLOCKED, ICACHE_BUSY, 1, 11, "Instruction cache or ITIM busy") \
	X(DCACHE_BLOCKED, DCACHE_BUSY, 1, 12, "Data cache or DTIM busy") \
	X(BRANCH_DIRECTION_MISPREDICTION, BR_DIR_MISPRED, 1, 13, "Branch direction mispredictions") \
	X(BRANCH_TARGET_MISPREDICTION, BR_TARGET_MISPRED, 1, 14, "Branch or jump target mispredictions") \
	X(PIPELINE_FLUSH, FLUSH_CSR_WRITE, 1, 15, "Pipeline flushes caused by a CSR write") \
	X(REPLAY, FLUSH_OTHER, 1, 16, "Pipeline flushes caused by any other event (replays)") \
	X(INTEGER_MUL_DIV_INTERLOCK, INT_MUL_INTERLOCK, 1, 17, "Integer multiplication and division interlocks") \
	X(FP_INTERLOCK, FP_INTERLOCK, 1, 18, "Floating-point interlocks")

/* sifive/bullet/memory.json */
#define SIFIVE_BULLET_MEMORY(X) \
	X(ICACHE_MISS, ICACHE_MISS, 2, 8, "Instruction cache misses") \
	X(DCACHE_MISS, DCACHE_MISS, 2, 9, "Data cache misses and memory-mapped I/O accesses") \
	X(DCACHE_RELEASE, DCACHE_WRITEBACK, 2, 10, "Data cache write-backs (releases)") \
	X(ITLB_MISS, ITLB_MISS, 2, 11, "Instruction TLB misses") \
	X(DTLB_MISS, DTLB_MISS, 2, 12, "Data TLB misses") \
	X(UTLB_MISS, UTLB_MISS, 2, 13, "Unified TLB misses")

/* unit masks shared by several cores, as Linux shares the files */
static const riscv_umask_t sifive_commit_umasks[]={
	SIFIVE_BULLET_INSTRUCTION(SIFIVE_UMASK)
};

static const riscv_umask_t sifive_bullet_uarch_umasks[]={
	SIFIVE_BULLET_MICROARCH(SIFIVE_UMASK)
};

static const riscv_umask_t sifive_bullet_memory_umasks[]={
	SIFIVE_BULLET_MEMORY(SIFIVE_UMASK)
};

/* the class events every core has, on shared unit masks */
#define SIFIVE_COMMIT_CLASS_EVENT \
	SIFIVE_CLASS_EVENT("INSTRUCTION_COMMIT", "Instructions retired, union of the selected kinds (class 0)", \
			   SIFIVE_CLASS_COMMIT, sifive_commit_umasks)
#define SIFIVE_UARCH_CLASS_EVENT(um) \
	SIFIVE_CLASS_EVENT("MICROARCHITECTURAL", "Microarchitectural events, union of the selected ones (class 1)", \
			   SIFIVE_CLASS_UARCH, um)
#define SIFIVE_MEMORY_CLASS_EVENT(um) \
	SIFIVE_CLASS_EVENT("MEMORY_SYSTEM", "Memory-system events, union of the selected ones (class 2)", \
			   SIFIVE_CLASS_MEMORY, um)

#endif /* __SIFIVE_BULLET_EVENTS_H__ */
