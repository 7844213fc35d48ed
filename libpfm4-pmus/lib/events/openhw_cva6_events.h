/*
 * openhw_cva6_events.h : OpenHW Group CVA6 event table
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
 * Linux perf's openhwgroup/cva6 folder (mostly FPGA builds). Plain event
 * numbers: the code is CVA6's mhpmevent selector and the perf raw config.
 *
 * References:
 *  - CVA6 User Manual, CSR performance counters control (event selector):
 *    https://github.com/openhwgroup/cva6, docs/01_cva6_user/CSR_Performance_Counters.rst
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/openhwgroup/cva6/
 *    (cross-check of the codes; the event names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
static const riscv_entry_t openhw_cva6_pe[]={
	/* instructions.json */
	RISCV_EVENT("LOAD_INSTRUCTIONS_RETIRED", 0x05, "Retired loads"),
	RISCV_EVENT("STORE_INSTRUCTIONS_RETIRED", 0x06, "Retired stores"),
	RISCV_EVENT("EXCEPTIONS", 0x07, "Exceptions taken"),
	RISCV_EVENT("EXCEPTION_HANDLER_RETURNS", 0x08, "Returns from exception handlers"),
	RISCV_EVENT("BRANCH_INSTRUCTIONS_RETIRED", 0x09, "Retired branches"),
	RISCV_EVENT("CALL_INSTRUCTIONS_RETIRED", 0x0c, "Retired calls"),
	RISCV_EVENT("RETURN_INSTRUCTIONS_RETIRED", 0x0d, "Retired returns"),
	RISCV_EVENT("INTEGER_INSTRUCTIONS_RETIRED", 0x14, "Retired integer instructions"),
	RISCV_EVENT("FLOATING_POINT_INSTRUCTIONS_RETIRED", 0x15, "Retired floating-point instructions"),
	/* memory.json */
	RISCV_EVENT("L1_I_CACHE_MISSES", 0x01, "L1 instruction cache misses"),
	RISCV_EVENT("L1_D_CACHE_MISSES", 0x02, "L1 data cache misses"),
	RISCV_EVENT("ITLB_MISSES", 0x03, "Instruction TLB misses"),
	RISCV_EVENT("DTLB_MISSES", 0x04, "Data TLB misses"),
	RISCV_EVENT("L1_I_CACHE_ACCESSES", 0x10, "L1 instruction cache accesses"),
	RISCV_EVENT("L1_D_CACHE_ACCESSES", 0x11, "L1 data cache accesses"),
	RISCV_EVENT("L1_CACHE_LINE_EVICTION", 0x12, "Data cache line evictions"),
	RISCV_EVENT("ITLB_FLUSH", 0x13, "Instruction TLB flushes"),
	/* microarch.json */
	RISCV_EVENT("BRANCH_MISPREDICTS", 0x0a, "Mispredicted branches"),
	RISCV_EVENT("BRANCH_EXCEPTIONS", 0x0b, "Branch exceptions"),
	RISCV_EVENT("MSB_FULL", 0x0e, "Cycles the scoreboard is full"),
	RISCV_EVENT("INSTRUCTION_FETCH_EMPTY", 0x0f, "Cycles with no valid instruction in the fetch stage"),
	RISCV_EVENT("PIPELINE_STALL", 0x16, "Cycles the pipeline stalls in operand read"),

	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
