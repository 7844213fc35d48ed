/*
 * andes_ax45_events.h : Andes AX45 (AX45MP) event table
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
 * Linux perf's andes/ax45 folder (Renesas RZ/Five). Plain event numbers:
 * the code is the mhpmevent value and the perf raw config (the low nibble is
 * the event type: 0 instructions, 1 memory and microarchitecture, 2
 * mispredictions). Linux spells the names in lower case; libpfm4 matches
 * them whatever the case.
 *
 * References:
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/andes/ax45/
 *    (the event names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
static const riscv_entry_t andes_ax45_pe[]={
	/* instructions.json */
	RISCV_EVENT("CYCLE_COUNT", 0x10, "Cycles (on a programmable counter)"),
	RISCV_EVENT("INST_COUNT", 0x20, "Retired instructions (on a programmable counter)"),
	RISCV_EVENT("INT_LOAD_INST", 0x30, "Retired integer loads"),
	RISCV_EVENT("INT_STORE_INST", 0x40, "Retired integer stores"),
	RISCV_EVENT("ATOMIC_INST", 0x50, "Retired atomic instructions"),
	RISCV_EVENT("SYS_INST", 0x60, "Retired system instructions"),
	RISCV_EVENT("INT_COMPUTE_INST", 0x70, "Retired integer computational instructions"),
	RISCV_EVENT("CONDITION_BR", 0x80, "Retired conditional branches"),
	RISCV_EVENT("TAKEN_CONDITION_BR", 0x90, "Retired taken conditional branches"),
	RISCV_EVENT("JAL_INST", 0xa0, "Retired JAL instructions"),
	RISCV_EVENT("JALR_INST", 0xb0, "Retired JALR instructions"),
	RISCV_EVENT("RET_INST", 0xc0, "Retired return instructions"),
	RISCV_EVENT("CONTROL_TRANS_INST", 0xd0, "Retired control-transfer instructions"),
	RISCV_EVENT("EX9_INST", 0xe0, "Retired EXEC.IT instructions (Andes extension)"),
	RISCV_EVENT("INT_MUL_INST", 0xf0, "Retired integer multiplications"),
	RISCV_EVENT("INT_DIV_REM_INST", 0x100, "Retired integer divisions and remainders"),
	RISCV_EVENT("FLOAT_LOAD_INST", 0x110, "Retired floating-point loads"),
	RISCV_EVENT("FLOAT_STORE_INST", 0x120, "Retired floating-point stores"),
	RISCV_EVENT("FLOAT_ADD_SUB_INST", 0x130, "Retired floating-point additions and subtractions"),
	RISCV_EVENT("FLOAT_MUL_INST", 0x140, "Retired floating-point multiplications"),
	RISCV_EVENT("FLOAT_FUSED_MULADD_INST", 0x150, "Retired floating-point fused multiply-adds"),
	RISCV_EVENT("FLOAT_DIV_SQRT_INST", 0x160, "Retired floating-point divisions and square roots"),
	RISCV_EVENT("OTHER_FLOAT_INST", 0x170, "Retired floating-point instructions of no other kind"),
	RISCV_EVENT("INT_MUL_ADD_SUB_INST", 0x180, "Retired integer multiply-add and multiply-subtract instructions"),
	RISCV_EVENT("RETIRED_OPS", 0x190, "Retired operations"),
	/* memory.json */
	RISCV_EVENT("ILM_ACCESS", 0x01, "Instruction local memory accesses"),
	RISCV_EVENT("DLM_ACCESS", 0x11, "Data local memory accesses"),
	RISCV_EVENT("ICACHE_ACCESS", 0x21, "Instruction cache accesses"),
	RISCV_EVENT("ICACHE_MISS", 0x31, "Instruction cache misses"),
	RISCV_EVENT("DCACHE_ACCESS", 0x41, "Data cache accesses"),
	RISCV_EVENT("DCACHE_MISS", 0x51, "Data cache misses"),
	RISCV_EVENT("DCACHE_LOAD_ACCESS", 0x61, "Data cache load accesses"),
	RISCV_EVENT("DCACHE_LOAD_MISS", 0x71, "Data cache load misses"),
	RISCV_EVENT("DCACHE_STORE_ACCESS", 0x81, "Data cache store accesses"),
	RISCV_EVENT("DCACHE_STORE_MISS", 0x91, "Data cache store misses"),
	RISCV_EVENT("DCACHE_WB", 0xa1, "Data cache write-backs"),
	/* microarch.json */
	RISCV_EVENT("CYCLE_WAIT_ICACHE_FILL", 0xb1, "Cycles waiting for an instruction cache fill"),
	RISCV_EVENT("CYCLE_WAIT_DCACHE_FILL", 0xc1, "Cycles waiting for a data cache fill"),
	RISCV_EVENT("UNCACHED_IFETCH_FROM_BUS", 0xd1, "Uncached instruction fetches from the bus"),
	RISCV_EVENT("UNCACHED_LOAD_FROM_BUS", 0xe1, "Uncached loads from the bus"),
	RISCV_EVENT("CYCLE_WAIT_UNCACHED_IFETCH", 0xf1, "Cycles waiting for an uncached instruction fetch"),
	RISCV_EVENT("CYCLE_WAIT_UNCACHED_LOAD", 0x101, "Cycles waiting for an uncached load"),
	RISCV_EVENT("MAIN_ITLB_ACCESS", 0x111, "Main instruction TLB accesses"),
	RISCV_EVENT("MAIN_ITLB_MISS", 0x121, "Main instruction TLB misses"),
	RISCV_EVENT("MAIN_DTLB_ACCESS", 0x131, "Main data TLB accesses"),
	RISCV_EVENT("MAIN_DTLB_MISS", 0x141, "Main data TLB misses"),
	RISCV_EVENT("CYCLE_WAIT_ITLB_FILL", 0x151, "Cycles waiting for a main instruction TLB fill"),
	RISCV_EVENT("PIPE_STALL_CYCLE_DTLB_MISS", 0x161, "Pipeline stall cycles on a main data TLB miss"),
	RISCV_EVENT("MISPREDICT_CONDITION_BR", 0x02, "Mispredicted conditional branches"),
	RISCV_EVENT("MISPREDICT_TAKE_CONDITION_BR", 0x12, "Mispredicted taken conditional branches"),
	RISCV_EVENT("MISPREDICT_TARGET_RET_INST", 0x22, "Mispredicted return targets"),

	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
