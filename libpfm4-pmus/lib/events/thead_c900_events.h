/*
 * thead_c900_events.h : T-Head (XuanTie) C906, C910, C920 event table
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
 * Linux perf's thead/c900-legacy folder: Allwinner D1 (C906), T-Head TH1520
 * (C910), Sophgo SG2042 (C920) and SG2044 (C920v2). Plain event numbers:
 * the code is the mhpmevent value and the perf raw config. Which events
 * count depends on the SoC's device-tree PMU node and on the SBI firmware.
 *
 * References:
 *  - XuanTie C906 User Manual and XuanTie C910 User Manual (T-Head),
 *    performance monitoring events: https://github.com/XUANTIE-RV/openc906
 *    and https://github.com/XUANTIE-RV/openc910, doc/
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/thead/c900-legacy/
 *    (cross-check of the codes; the event names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
static const riscv_entry_t thead_c900_pe[]={
	/* cache.json */
	RISCV_EVENT("L1_ICACHE_ACCESS", 0x01, "L1 instruction cache accesses"),
	RISCV_EVENT("L1_ICACHE_MISS", 0x02, "L1 instruction cache misses"),
	RISCV_EVENT("ITLB_MISS", 0x03, "Instruction micro-TLB misses"),
	RISCV_EVENT("DTLB_MISS", 0x04, "Data micro-TLB misses"),
	RISCV_EVENT("JTLB_MISS", 0x05, "Joint TLB misses"),
	RISCV_EVENT("L1_DCACHE_READ_ACCESS", 0x0c, "L1 data cache read accesses"),
	RISCV_EVENT("L1_DCACHE_READ_MISS", 0x0d, "L1 data cache read misses"),
	RISCV_EVENT("L1_DCACHE_WRITE_ACCESS", 0x0e, "L1 data cache write accesses"),
	RISCV_EVENT("L1_DCACHE_WRITE_MISS", 0x0f, "L1 data cache write misses"),
	RISCV_EVENT("LL_CACHE_READ_ACCESS", 0x10, "Last-level cache read accesses"),
	RISCV_EVENT("LL_CACHE_READ_MISS", 0x11, "Last-level cache read misses"),
	RISCV_EVENT("LL_CACHE_WRITE_ACCESS", 0x12, "Last-level cache write accesses"),
	RISCV_EVENT("LL_CACHE_WRITE_MISS", 0x13, "Last-level cache write misses"),
	/* instruction.json */
	RISCV_EVENT("INST_BRANCH_MISPREDICT", 0x06, "Branches whose outcome was mispredicted"),
	RISCV_EVENT("INST_BRANCH", 0x07, "Branches retired"),
	RISCV_EVENT("INST_JMP_MISPREDICT", 0x08, "Mispredicted indirect jumps"),
	RISCV_EVENT("INST_JMP", 0x09, "Retired jump instructions"),
	RISCV_EVENT("INST_STORE", 0x0b, "Stores retired"),
	RISCV_EVENT("INST_ALU", 0x1d, "Integer ALU operations retired"),
	RISCV_EVENT("INST_LDST", 0x1e, "Retired load and store instructions"),
	RISCV_EVENT("INST_VECTOR", 0x1f, "Vector (V extension) instructions retired"),
	RISCV_EVENT("INST_CSR", 0x20, "CSR access instructions retired"),
	RISCV_EVENT("INST_SYNC", 0x21, "Retired synchronising instructions (AMO, LR, SC)"),
	RISCV_EVENT("INST_UNALIGNED_ACCESS", 0x22, "Retired loads and stores that accessed memory unaligned"),
	RISCV_EVENT("INST_ECALL", 0x25, "Environment calls (ecall) retired"),
	RISCV_EVENT("INST_LONG_JP", 0x26, "Retired long jumps"),
	RISCV_EVENT("INST_FP", 0x2a, "Retired floating-point instructions"),
	/* microarch.json */
	RISCV_EVENT("LSU_SPEC_FAIL", 0x0a, "Load/store unit speculation failures"),
	RISCV_EVENT("IDU_RF_PIPE_FAIL", 0x14, "Decode unit: pipeline issue failures in the register-file stage"),
	RISCV_EVENT("IDU_RF_REG_FAIL", 0x15, "Decode unit: register issue failures in the register-file stage"),
	RISCV_EVENT("IDU_RF_INSTRUCTION", 0x16, "Decode unit: instructions issued by the register-file stage"),
	RISCV_EVENT("LSU_4K_STALL", 0x17, "Load/store unit stalls on accesses more than 4 KiB apart"),
	RISCV_EVENT("LSU_OTHER_STALL", 0x18, "Load/store unit stalls for other reasons"),
	RISCV_EVENT("LSU_SQ_OTHER_DIS", 0x19, "Store-queue discards, other reasons"),
	RISCV_EVENT("LSU_SQ_DATA_DISCARD", 0x1a, "Store-queue data discards"),
	RISCV_EVENT("BRANCH_DIRECTION_MISPREDICTION", 0x1b, "Branch mispredictions of the branch target buffer"),
	RISCV_EVENT("BRANCH_DIRECTION_PREDICTION", 0x1c, "Branch predictions of the branch target buffer, right or wrong"),
	RISCV_EVENT("INTERRUPT_ACK_COUNT", 0x23, "Interrupts acknowledged"),
	RISCV_EVENT("INTERRUPT_OFF_CYCLE", 0x24, "Cycles an interrupt is pending but masked"),
	RISCV_EVENT("IFU_STALLED_CYCLE", 0x27, "Instruction fetch unit stall cycles"),
	RISCV_EVENT("IDU_STALLED_CYCLE", 0x28, "Decode unit and back-end stall cycles"),
	RISCV_EVENT("SYNC_STALL", 0x29, "Stall cycles of fence, fence.i, sync and sfence instructions"),

	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
