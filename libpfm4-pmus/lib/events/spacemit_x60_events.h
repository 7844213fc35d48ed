/*
 * spacemit_x60_events.h : SpacemiT X60 event table
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
 * The spacemit/x60 folder of the perf event lists in SpacemiT's own Linux
 * kernel for its K1 SoC (Banana Pi BPI-F3, Milk-V Jupiter, Orange Pi RV2);
 * mainline Linux has no X60 folder. Plain event numbers: the code is the
 * mhpmevent value and the perf raw config. SpacemiT spells the names in
 * lower case; libpfm4 matches them whatever the case.
 *
 * Only the cache and TLB events (cache.json) are here: SpacemiT's kernel
 * also lists branch, instruction and microarchitecture events for the X60
 * (branch.json, instruction.json, microarch.json), whose data we could not
 * get, so they wait.
 *
 * References:
 *  - SpacemiT's Linux 6.6 kernel for the K1, perf JSON event list
 *    tools/perf/pmu-events/arch/riscv/spacemit/x60/cache.json
 *    (the event names are SpacemiT's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
static const riscv_entry_t spacemit_x60_pe[]={
	/* cache.json */
	RISCV_EVENT("L1D_LOAD_MISS", 0x05, "Loads that miss the L1 data cache"),
	RISCV_EVENT("L1D_LOAD_ACCESS", 0x06, "Loads that access the L1 data cache"),
	RISCV_EVENT("L1D_STORE_MISS", 0x09, "Stores that miss the L1 data cache"),
	RISCV_EVENT("L1D_STORE_ACCESS", 0x0a, "Stores that access the L1 data cache"),
	RISCV_EVENT("L1I_LOAD_MISS", 0x0b, "Instruction fetches that miss the L1 instruction cache"),
	RISCV_EVENT("L1I_LOAD_ACCESS", 0x0c, "Instruction fetches that access the L1 instruction cache"),
	RISCV_EVENT("L1I_PREFETCH_MISS", 0x0d, "Instruction prefetches that miss the L1 instruction cache"),
	RISCV_EVENT("L1I_PREFETCH", 0x0e, "Instruction prefetches into the L1 instruction cache"),
	RISCV_EVENT("DTLB_LOAD_MISS", 0x15, "Data TLB misses of loads"),
	RISCV_EVENT("DTLB_STORE_MISS", 0x19, "Data TLB misses of stores"),
	RISCV_EVENT("ITLB_LOAD_MISS", 0x1b, "Instruction TLB misses of instruction fetches"),
	RISCV_EVENT("JTLB_MISS", 0xa3, "Misses of the joint TLB, shared by instructions and data"),
	RISCV_EVENT("L1D_ACCESS", 0xaa, "L1 data cache accesses of any kind"),
	RISCV_EVENT("L1D_MISS", 0xab, "L1 data cache misses of any kind"),
	RISCV_EVENT("L1D_EXCL_EVICT", 0xac, "L1 data cache lines in the exclusive state evicted to the L2 cache"),
	RISCV_EVENT("L1D_AMR_ACTIVE", 0xad, "L1 data cache AMR activations (AMR is not described publicly)"),
	RISCV_EVENT("L1D_PREFETCH_REFILL", 0xae, "L1 data cache lines filled by the prefetcher"),
	RISCV_EVENT("L1D_PREFETCH_HIT", 0xaf, "L1 data cache prefetcher hits"),
	RISCV_EVENT("L2_LOAD_ACCESS", 0xb8, "Reads that access the L2 cache"),
	RISCV_EVENT("L2_LOAD_MISS", 0xb9, "Reads that miss the L2 cache"),
	RISCV_EVENT("L2_AR_CHANNEL_REQUEST", 0xba, "Requests on the L2 cache's read address (AR) channel: coherent and non-coherent reads, DVM messages"),
	RISCV_EVENT("L2_AR_CHANNEL_STALL_CYCLE", 0xbb, "Cycles the L2 cache's read address (AR) channel is stalled"),
	RISCV_EVENT("L2_STORE_ACCESS", 0xbc, "Writes that access the L2 cache"),
	RISCV_EVENT("L2_AW_CHANNEL_STALL_CYCLE", 0xbd, "Cycles the L2 cache's write address (AW) channel is stalled"),

	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
