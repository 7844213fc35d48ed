/*
 * riscv_events.h : events every RISC-V hart has (generic RISC-V PMU)
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
 * The counters of the privileged spec (mcycle, minstret) and the SBI PMU
 * firmware events, as macros so that every RISC-V PMU table can hold them
 * (the generic riscv PMU, and model-specific ones such as sifive_u74).
 *
 * CYCLES and INSTRUCTIONS are fixed counters: they encode as perf_event
 * generic hardware events (RISCV_EVT_HW) and need no programmable counter.
 * Firmware events are counted by the SBI implementation (e.g. OpenSBI) when
 * it has the SBI PMU extension; config = bit 63 | firmware event number.
 *
 * References:
 *  - RISC-V Supervisor Binary Interface Specification, Performance
 *    Monitoring Unit Extension (firmware event types)
 *  - Linux perf's tools/perf/pmu-events/arch/riscv/riscv-sbi-firmware.json
 *    (the event names are perf's; GPL-2.0 in the kernel tree: only the
 *    names are taken from it)
 *
 * The descriptions are a wording of their own, not copied from the
 * specification or the JSON.
 */
#define RISCV_PRIV_EVENTS \
	{ .name  = "CYCLES", \
	  .desc  = "Cycles (fixed counter mcycle)", \
	  .code  = RISCV_HW_CYCLES, \
	  .type  = RISCV_EVT_HW, \
	}, \
	{ .name  = "INSTRUCTIONS", \
	  .desc  = "Instructions retired (fixed counter minstret)", \
	  .code  = RISCV_HW_INSTRUCTIONS, \
	  .type  = RISCV_EVT_HW, \
	}

#define RISCV_SBI_FW_EVENTS \
	{ .name  = "FW_MISALIGNED_LOAD", \
	  .desc  = "Misaligned loads emulated by the SBI firmware", \
	  .code  = RISCV_SBI_FW_EVENT | 0x0, \
	}, \
	{ .name  = "FW_MISALIGNED_STORE", \
	  .desc  = "Misaligned stores emulated by the SBI firmware", \
	  .code  = RISCV_SBI_FW_EVENT | 0x1, \
	}, \
	{ .name  = "FW_ACCESS_LOAD", \
	  .desc  = "Load access faults handled by the SBI firmware", \
	  .code  = RISCV_SBI_FW_EVENT | 0x2, \
	}, \
	{ .name  = "FW_ACCESS_STORE", \
	  .desc  = "Store access faults handled by the SBI firmware", \
	  .code  = RISCV_SBI_FW_EVENT | 0x3, \
	}, \
	{ .name  = "FW_ILLEGAL_INSN", \
	  .desc  = "Illegal instructions trapped to and handled by the SBI firmware", \
	  .code  = RISCV_SBI_FW_EVENT | 0x4, \
	}, \
	{ .name  = "FW_SET_TIMER", \
	  .desc  = "SBI timer programming calls", \
	  .code  = RISCV_SBI_FW_EVENT | 0x5, \
	}, \
	{ .name  = "FW_IPI_SENT", \
	  .desc  = "Inter-processor interrupts sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x6, \
	}, \
	{ .name  = "FW_IPI_RECEIVED", \
	  .desc  = "Inter-processor interrupts received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x7, \
	}, \
	{ .name  = "FW_FENCE_I_SENT", \
	  .desc  = "Remote FENCE.I requests sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x8, \
	}, \
	{ .name  = "FW_FENCE_I_RECEIVED", \
	  .desc  = "Remote FENCE.I requests received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x9, \
	}, \
	{ .name  = "FW_SFENCE_VMA_SENT", \
	  .desc  = "Remote SFENCE.VMA requests sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0xa, \
	}, \
	{ .name  = "FW_SFENCE_VMA_RECEIVED", \
	  .desc  = "Remote SFENCE.VMA requests received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0xb, \
	}, \
	{ .name  = "FW_SFENCE_VMA_ASID_SENT", \
	  .desc  = "Remote SFENCE.VMA with ASID requests sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0xc, \
	}, \
	{ .name  = "FW_SFENCE_VMA_ASID_RECEIVED", \
	  .desc  = "Remote SFENCE.VMA with ASID requests received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0xd, \
	}, \
	{ .name  = "FW_HFENCE_GVMA_SENT", \
	  .desc  = "Remote HFENCE.GVMA requests sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0xe, \
	}, \
	{ .name  = "FW_HFENCE_GVMA_RECEIVED", \
	  .desc  = "Remote HFENCE.GVMA requests received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0xf, \
	}, \
	{ .name  = "FW_HFENCE_GVMA_VMID_SENT", \
	  .desc  = "Remote HFENCE.GVMA with VMID requests sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x10, \
	}, \
	{ .name  = "FW_HFENCE_GVMA_VMID_RECEIVED", \
	  .desc  = "Remote HFENCE.GVMA with VMID requests received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x11, \
	}, \
	{ .name  = "FW_HFENCE_VVMA_SENT", \
	  .desc  = "Remote HFENCE.VVMA requests sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x12, \
	}, \
	{ .name  = "FW_HFENCE_VVMA_RECEIVED", \
	  .desc  = "Remote HFENCE.VVMA requests received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x13, \
	}, \
	{ .name  = "FW_HFENCE_VVMA_ASID_SENT", \
	  .desc  = "Remote HFENCE.VVMA with ASID requests sent through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x14, \
	}, \
	{ .name  = "FW_HFENCE_VVMA_ASID_RECEIVED", \
	  .desc  = "Remote HFENCE.VVMA with ASID requests received through SBI", \
	  .code  = RISCV_SBI_FW_EVENT | 0x15, \
	}
