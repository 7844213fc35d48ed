/*
 * arm_cortex_a72_events.h : Arm Cortex-A72 PMU events
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
 * Arm Cortex-A72 (MIDR implementer 0x41, part 0xd08): the 83 events of the
 * Cortex-A72 Technical Reference Manual (PMU events table), under Arm's
 * standard event names. The code is the PMEVTYPER event number, which is
 * also the perf_events raw config.
 *
 * Each standard event is followed, where one exists, by an alias holding the
 * name that the Cortex-A57 table (arm_ac57) gives the same code, so that event
 * lists written for an A57-based Cortex-A72 table keep working. Aliases encode
 * and print as the standard event.
 *
 * References:
 *  - Arm Cortex-A72 MPCore Processor Technical Reference Manual, PMU events
 *  - https://github.com/ARM-software/data/blob/master/pmu/cortex-a72.json
 *    (cross-check)
 *
 * The descriptions are short wordings of each event's meaning in the
 * manual (many the same as libpfm4's arm_n1 table's), not copied from
 * Linux perf's arm64 JSON.
 */

static const arm_entry_t arm_cortex_a72_pe[]={
	{.name = "SW_INCR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x00,
	 .desc = "Software increment: writes to the PMSWINC register"
	},
	{.name = "L1I_CACHE_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x01,
	 .desc = "Level 1 instruction cache refills"
	},
	{.name = "L1I_TLB_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x02,
	 .desc = "Level 1 instruction TLB refills"
	},
	{.name = "L1D_CACHE_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x03,
	 .desc = "Level 1 data cache refills"
	},
	{.name = "L1D_CACHE",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x04,
	 .desc = "Level 1 data cache accesses"
	},
	{.name = "L1D_CACHE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE",
	 .code = 0x04,
	 .desc = "Level 1 data cache accesses"
	},
	{.name = "L1D_TLB_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x05,
	 .desc = "Level 1 data TLB refills"
	},
	{.name = "INST_RETIRED",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x08,
	 .desc = "Instructions architecturally executed"
	},
	{.name = "EXC_TAKEN",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x09,
	 .desc = "Exceptions taken"
	},
	{.name = "EXCEPTION_TAKEN",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_TAKEN",
	 .code = 0x09,
	 .desc = "Exceptions taken"
	},
	{.name = "EXC_RETURN",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x0a,
	 .desc = "Exception returns architecturally executed"
	},
	{.name = "EXCEPTION_RETURN",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_RETURN",
	 .code = 0x0a,
	 .desc = "Exception returns architecturally executed"
	},
	{.name = "CID_WRITE_RETIRED",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x0b,
	 .desc = "Writes to CONTEXTIDR architecturally executed"
	},
	{.name = "BR_MIS_PRED",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x10,
	 .desc = "Branches mispredicted or not predicted (speculative)"
	},
	{.name = "BRANCH_MISPRED",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BR_MIS_PRED",
	 .code = 0x10,
	 .desc = "Branches mispredicted or not predicted (speculative)"
	},
	{.name = "CPU_CYCLES",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x11,
	 .desc = "Processor cycles"
	},
	{.name = "BR_PRED",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x12,
	 .desc = "Predictable branches speculatively executed"
	},
	{.name = "BRANCH_PRED",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BR_PRED",
	 .code = 0x12,
	 .desc = "Predictable branches speculatively executed"
	},
	{.name = "MEM_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x13,
	 .desc = "Data memory accesses"
	},
	{.name = "DATA_MEM_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "MEM_ACCESS",
	 .code = 0x13,
	 .desc = "Data memory accesses"
	},
	{.name = "L1I_CACHE",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x14,
	 .desc = "Level 1 instruction cache accesses"
	},
	{.name = "L1I_CACHE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1I_CACHE",
	 .code = 0x14,
	 .desc = "Level 1 instruction cache accesses"
	},
	{.name = "L1D_CACHE_WB",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x15,
	 .desc = "Level 1 data cache write-backs"
	},
	{.name = "L2D_CACHE",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x16,
	 .desc = "Level 2 data cache accesses"
	},
	{.name = "L2D_CACHE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE",
	 .code = 0x16,
	 .desc = "Level 2 data cache accesses"
	},
	{.name = "L2D_CACHE_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x17,
	 .desc = "Level 2 data cache refills"
	},
	{.name = "L2D_CACHE_WB",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x18,
	 .desc = "Level 2 data cache write-backs"
	},
	{.name = "BUS_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x19,
	 .desc = "Bus accesses"
	},
	{.name = "MEMORY_ERROR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x1a,
	 .desc = "Memory errors detected in caches or RAMs of the core"
	},
	{.name = "LOCAL_MEMORY_ERROR",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "MEMORY_ERROR",
	 .code = 0x1a,
	 .desc = "Memory errors detected in caches or RAMs of the core"
	},
	{.name = "INST_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x1b,
	 .desc = "Operations speculatively executed"
	},
	{.name = "INST_SPEC_EXEC",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "INST_SPEC",
	 .code = 0x1b,
	 .desc = "Operations speculatively executed"
	},
	{.name = "TTBR_WRITE_RETIRED",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x1c,
	 .desc = "Writes to TTBR0 or TTBR1 architecturally executed"
	},
	{.name = "BUS_CYCLES",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x1d,
	 .desc = "Bus cycles"
	},
	{.name = "L1D_CACHE_RD",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x40,
	 .desc = "Level 1 data cache read accesses"
	},
	{.name = "L1D_READ_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE_RD",
	 .code = 0x40,
	 .desc = "Level 1 data cache read accesses"
	},
	{.name = "L1D_CACHE_WR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x41,
	 .desc = "Level 1 data cache write accesses"
	},
	{.name = "L1D_WRITE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE_WR",
	 .code = 0x41,
	 .desc = "Level 1 data cache write accesses"
	},
	{.name = "L1D_CACHE_REFILL_RD",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x42,
	 .desc = "Level 1 data cache refills caused by reads"
	},
	{.name = "L1D_READ_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE_REFILL_RD",
	 .code = 0x42,
	 .desc = "Level 1 data cache refills caused by reads"
	},
	{.name = "L1D_CACHE_REFILL_WR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x43,
	 .desc = "Level 1 data cache refills caused by writes"
	},
	{.name = "L1D_WRITE_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE_REFILL_WR",
	 .code = 0x43,
	 .desc = "Level 1 data cache refills caused by writes"
	},
	{.name = "L1D_CACHE_WB_VICTIM",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x46,
	 .desc = "Level 1 data cache write-backs of evicted lines"
	},
	{.name = "L1D_WB_VICTIM",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE_WB_VICTIM",
	 .code = 0x46,
	 .desc = "Level 1 data cache write-backs of evicted lines"
	},
	{.name = "L1D_CACHE_WB_CLEAN",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x47,
	 .desc = "Level 1 data cache write-backs caused by cleaning or coherency"
	},
	{.name = "L1D_WB_CLEAN_COHERENCY",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE_WB_CLEAN",
	 .code = 0x47,
	 .desc = "Level 1 data cache write-backs caused by cleaning or coherency"
	},
	{.name = "L1D_CACHE_INVAL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x48,
	 .desc = "Level 1 data cache invalidations"
	},
	{.name = "L1D_INVALIDATE",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_CACHE_INVAL",
	 .code = 0x48,
	 .desc = "Level 1 data cache invalidations"
	},
	{.name = "L1D_TLB_REFILL_RD",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x4c,
	 .desc = "Level 1 data TLB refills caused by reads"
	},
	{.name = "L1D_TLB_READ_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_TLB_REFILL_RD",
	 .code = 0x4c,
	 .desc = "Level 1 data TLB refills caused by reads"
	},
	{.name = "L1D_TLB_REFILL_WR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x4d,
	 .desc = "Level 1 data TLB refills caused by writes"
	},
	{.name = "L1D_TLB_WRITE_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L1D_TLB_REFILL_WR",
	 .code = 0x4d,
	 .desc = "Level 1 data TLB refills caused by writes"
	},
	{.name = "L2D_CACHE_RD",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x50,
	 .desc = "Level 2 data cache read accesses"
	},
	{.name = "L2D_READ_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE_RD",
	 .code = 0x50,
	 .desc = "Level 2 data cache read accesses"
	},
	{.name = "L2D_CACHE_WR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x51,
	 .desc = "Level 2 data cache write accesses"
	},
	{.name = "L2D_WRITE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE_WR",
	 .code = 0x51,
	 .desc = "Level 2 data cache write accesses"
	},
	{.name = "L2D_CACHE_REFILL_RD",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x52,
	 .desc = "Level 2 data cache refills caused by reads"
	},
	{.name = "L2D_READ_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE_REFILL_RD",
	 .code = 0x52,
	 .desc = "Level 2 data cache refills caused by reads"
	},
	{.name = "L2D_CACHE_REFILL_WR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x53,
	 .desc = "Level 2 data cache refills caused by writes"
	},
	{.name = "L2D_WRITE_REFILL",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE_REFILL_WR",
	 .code = 0x53,
	 .desc = "Level 2 data cache refills caused by writes"
	},
	{.name = "L2D_CACHE_WB_VICTIM",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x56,
	 .desc = "Level 2 data cache write-backs of evicted lines"
	},
	{.name = "L2D_WB_VICTIM",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE_WB_VICTIM",
	 .code = 0x56,
	 .desc = "Level 2 data cache write-backs of evicted lines"
	},
	{.name = "L2D_CACHE_WB_CLEAN",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x57,
	 .desc = "Level 2 data cache write-backs caused by cleaning or coherency"
	},
	{.name = "L2D_WB_CLEAN_COHERENCY",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE_WB_CLEAN",
	 .code = 0x57,
	 .desc = "Level 2 data cache write-backs caused by cleaning or coherency"
	},
	{.name = "L2D_CACHE_INVAL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x58,
	 .desc = "Level 2 data cache invalidations"
	},
	{.name = "L2D_INVALIDATE",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "L2D_CACHE_INVAL",
	 .code = 0x58,
	 .desc = "Level 2 data cache invalidations"
	},
	{.name = "BUS_ACCESS_RD",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x60,
	 .desc = "Bus read accesses"
	},
	{.name = "BUS_READ_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BUS_ACCESS_RD",
	 .code = 0x60,
	 .desc = "Bus read accesses"
	},
	{.name = "BUS_ACCESS_WR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x61,
	 .desc = "Bus write accesses"
	},
	{.name = "BUS_WRITE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BUS_ACCESS_WR",
	 .code = 0x61,
	 .desc = "Bus write accesses"
	},
	{.name = "BUS_ACCESS_SHARED",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x62,
	 .desc = "Bus accesses to shareable memory"
	},
	{.name = "BUS_NORMAL_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BUS_ACCESS_SHARED",
	 .code = 0x62,
	 .desc = "Bus accesses to shareable memory"
	},
	{.name = "BUS_ACCESS_NOT_SHARED",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x63,
	 .desc = "Bus accesses to non-shareable memory"
	},
	{.name = "BUS_NOT_NORMAL_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BUS_ACCESS_NOT_SHARED",
	 .code = 0x63,
	 .desc = "Bus accesses to non-shareable memory"
	},
	{.name = "BUS_ACCESS_NORMAL",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x64,
	 .desc = "Bus accesses to Normal memory"
	},
	{.name = "BUS_NORMAL_ACCESS_2",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BUS_ACCESS_NORMAL",
	 .code = 0x64,
	 .desc = "Bus accesses to Normal memory"
	},
	{.name = "BUS_ACCESS_PERIPH",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x65,
	 .desc = "Bus accesses to Device memory (peripherals)"
	},
	{.name = "BUS_PERIPH_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BUS_ACCESS_PERIPH",
	 .code = 0x65,
	 .desc = "Bus accesses to Device memory (peripherals)"
	},
	{.name = "MEM_ACCESS_RD",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x66,
	 .desc = "Data memory read accesses"
	},
	{.name = "DATA_MEM_READ_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "MEM_ACCESS_RD",
	 .code = 0x66,
	 .desc = "Data memory read accesses"
	},
	{.name = "MEM_ACCESS_WR",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x67,
	 .desc = "Data memory write accesses"
	},
	{.name = "DATA_MEM_WRITE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "MEM_ACCESS_WR",
	 .code = 0x67,
	 .desc = "Data memory write accesses"
	},
	{.name = "UNALIGNED_LD_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x68,
	 .desc = "Unaligned loads speculatively executed"
	},
	{.name = "UNALIGNED_READ_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "UNALIGNED_LD_SPEC",
	 .code = 0x68,
	 .desc = "Unaligned loads speculatively executed"
	},
	{.name = "UNALIGNED_ST_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x69,
	 .desc = "Unaligned stores speculatively executed"
	},
	{.name = "UNALIGNED_WRITE_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "UNALIGNED_ST_SPEC",
	 .code = 0x69,
	 .desc = "Unaligned stores speculatively executed"
	},
	{.name = "UNALIGNED_LDST_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x6a,
	 .desc = "Unaligned loads and stores speculatively executed"
	},
	{.name = "UNALIGNED_ACCESS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "UNALIGNED_LDST_SPEC",
	 .code = 0x6a,
	 .desc = "Unaligned loads and stores speculatively executed"
	},
	{.name = "LDREX_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x6c,
	 .desc = "Load-exclusive instructions speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_LDREX",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "LDREX_SPEC",
	 .code = 0x6c,
	 .desc = "Load-exclusive instructions speculatively executed"
	},
	{.name = "STREX_PASS_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x6d,
	 .desc = "Store-exclusive instructions speculatively executed that passed"
	},
	{.name = "INST_SPEC_EXEC_STREX_PASS",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "STREX_PASS_SPEC",
	 .code = 0x6d,
	 .desc = "Store-exclusive instructions speculatively executed that passed"
	},
	{.name = "STREX_FAIL_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x6e,
	 .desc = "Store-exclusive instructions speculatively executed that failed"
	},
	{.name = "INST_SPEC_EXEC_STREX_FAIL",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "STREX_FAIL_SPEC",
	 .code = 0x6e,
	 .desc = "Store-exclusive instructions speculatively executed that failed"
	},
	{.name = "LD_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x70,
	 .desc = "Load instructions speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_LOAD",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "LD_SPEC",
	 .code = 0x70,
	 .desc = "Load instructions speculatively executed"
	},
	{.name = "ST_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x71,
	 .desc = "Store instructions speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_STORE",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "ST_SPEC",
	 .code = 0x71,
	 .desc = "Store instructions speculatively executed"
	},
	{.name = "LDST_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x72,
	 .desc = "Load and store instructions speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_LOAD_STORE",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "LDST_SPEC",
	 .code = 0x72,
	 .desc = "Load and store instructions speculatively executed"
	},
	{.name = "DP_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x73,
	 .desc = "Integer data-processing instructions speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_INTEGER_INST",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "DP_SPEC",
	 .code = 0x73,
	 .desc = "Integer data-processing instructions speculatively executed"
	},
	{.name = "ASE_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x74,
	 .desc = "Advanced SIMD instructions speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_SIMD",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "ASE_SPEC",
	 .code = 0x74,
	 .desc = "Advanced SIMD instructions speculatively executed"
	},
	{.name = "VFP_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x75,
	 .desc = "Floating-point instructions speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_VFP",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "VFP_SPEC",
	 .code = 0x75,
	 .desc = "Floating-point instructions speculatively executed"
	},
	{.name = "PC_WRITE_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x76,
	 .desc = "Software changes of the PC speculatively executed"
	},
	{.name = "INST_SPEC_EXEC_SOFT_PC",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "PC_WRITE_SPEC",
	 .code = 0x76,
	 .desc = "Software changes of the PC speculatively executed"
	},
	{.name = "CRYPTO_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x77,
	 .desc = "Cryptographic instructions speculatively executed"
	},
	{.name = "BR_IMMED_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x78,
	 .desc = "Immediate branches speculatively executed"
	},
	{.name = "BRANCH_SPEC_EXEC_IMM_BRANCH",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BR_IMMED_SPEC",
	 .code = 0x78,
	 .desc = "Immediate branches speculatively executed"
	},
	{.name = "BR_RETURN_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x79,
	 .desc = "Procedure return branches speculatively executed"
	},
	{.name = "BRANCH_SPEC_EXEC_RET",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BR_RETURN_SPEC",
	 .code = 0x79,
	 .desc = "Procedure return branches speculatively executed"
	},
	{.name = "BR_INDIRECT_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x7a,
	 .desc = "Indirect branches speculatively executed"
	},
	{.name = "BRANCH_SPEC_EXEC_IND",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "BR_INDIRECT_SPEC",
	 .code = 0x7a,
	 .desc = "Indirect branches speculatively executed"
	},
	{.name = "ISB_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x7c,
	 .desc = "ISB barriers speculatively executed"
	},
	{.name = "BARRIER_SPEC_EXEC_ISB",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "ISB_SPEC",
	 .code = 0x7c,
	 .desc = "ISB barriers speculatively executed"
	},
	{.name = "DSB_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x7d,
	 .desc = "DSB barriers speculatively executed"
	},
	{.name = "BARRIER_SPEC_EXEC_DSB",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "DSB_SPEC",
	 .code = 0x7d,
	 .desc = "DSB barriers speculatively executed"
	},
	{.name = "DMB_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x7e,
	 .desc = "DMB barriers speculatively executed"
	},
	{.name = "BARRIER_SPEC_EXEC_DMB",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "DMB_SPEC",
	 .code = 0x7e,
	 .desc = "DMB barriers speculatively executed"
	},
	{.name = "EXC_UNDEF",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x81,
	 .desc = "Undefined instruction exceptions taken"
	},
	{.name = "EXCEPTION_UNDEF",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_UNDEF",
	 .code = 0x81,
	 .desc = "Undefined instruction exceptions taken"
	},
	{.name = "EXC_SVC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x82,
	 .desc = "Supervisor call exceptions taken"
	},
	{.name = "EXCEPTION_SVC",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_SVC",
	 .code = 0x82,
	 .desc = "Supervisor call exceptions taken"
	},
	{.name = "EXC_PABORT",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x83,
	 .desc = "Instruction abort exceptions taken"
	},
	{.name = "EXCEPTION_PABORT",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_PABORT",
	 .code = 0x83,
	 .desc = "Instruction abort exceptions taken"
	},
	{.name = "EXC_DABORT",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x84,
	 .desc = "Data abort and SError exceptions taken"
	},
	{.name = "EXCEPTION_DABORT",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_DABORT",
	 .code = 0x84,
	 .desc = "Data abort and SError exceptions taken"
	},
	{.name = "EXC_IRQ",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x86,
	 .desc = "IRQ exceptions taken"
	},
	{.name = "EXCEPTION_IRQ",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_IRQ",
	 .code = 0x86,
	 .desc = "IRQ exceptions taken"
	},
	{.name = "EXC_FIQ",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x87,
	 .desc = "FIQ exceptions taken"
	},
	{.name = "EXCEPTION_FIQ",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_FIQ",
	 .code = 0x87,
	 .desc = "FIQ exceptions taken"
	},
	{.name = "EXC_SMC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x88,
	 .desc = "Secure monitor call exceptions taken"
	},
	{.name = "EXCEPTION_SMC",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_SMC",
	 .code = 0x88,
	 .desc = "Secure monitor call exceptions taken"
	},
	{.name = "EXC_HVC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x8a,
	 .desc = "Hypervisor call exceptions taken"
	},
	{.name = "EXCEPTION_HVC",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_HVC",
	 .code = 0x8a,
	 .desc = "Hypervisor call exceptions taken"
	},
	{.name = "EXC_TRAP_PABORT",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x8b,
	 .desc = "Instruction aborts not taken locally (trapped to a higher level)"
	},
	{.name = "EXCEPTION_TRAP_PABORT",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_TRAP_PABORT",
	 .code = 0x8b,
	 .desc = "Instruction aborts not taken locally (trapped to a higher level)"
	},
	{.name = "EXC_TRAP_DABORT",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x8c,
	 .desc = "Data aborts or SErrors not taken locally (trapped to a higher level)"
	},
	{.name = "EXCEPTION_TRAP_DABORT",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_TRAP_DABORT",
	 .code = 0x8c,
	 .desc = "Data aborts or SErrors not taken locally (trapped to a higher level)"
	},
	{.name = "EXC_TRAP_OTHER",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x8d,
	 .desc = "Other synchronous exceptions not taken locally (trapped to a higher level)"
	},
	{.name = "EXCEPTION_TRAP_OTHER",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_TRAP_OTHER",
	 .code = 0x8d,
	 .desc = "Other synchronous exceptions not taken locally (trapped to a higher level)"
	},
	{.name = "EXC_TRAP_IRQ",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x8e,
	 .desc = "IRQ exceptions not taken locally (routed to a higher level)"
	},
	{.name = "EXCEPTION_TRAP_IRQ",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_TRAP_IRQ",
	 .code = 0x8e,
	 .desc = "IRQ exceptions not taken locally (routed to a higher level)"
	},
	{.name = "EXC_TRAP_FIQ",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x8f,
	 .desc = "FIQ exceptions not taken locally (routed to a higher level)"
	},
	{.name = "EXCEPTION_TRAP_FIQ",
	 .modmsk = ARMV8_ATTRS,
	 .equiv = "EXC_TRAP_FIQ",
	 .code = 0x8f,
	 .desc = "FIQ exceptions not taken locally (routed to a higher level)"
	},
	{.name = "RC_LD_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x90,
	 .desc = "Load-acquire instructions speculatively executed"
	},
	{.name = "RC_ST_SPEC",
	 .modmsk = ARMV8_ATTRS,
	 .code = 0x91,
	 .desc = "Store-release instructions speculatively executed"
	},
};
