/*
 * sifive_bullet07_events.h : SiFive Bullet cores of Linux perf's sifive/bullet-07 folder
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
 * Linux's sifive/bullet-07: the instruction and memory events of
 * sifive/bullet, its microarch events plus TRACE_STALL, watchpoints (class
 * 0x64) and cycles/instructions on a programmable counter (class 0x65).
 * Layout and shared lists: sifive_bullet_events.h.
 *
 * References:
 *  - the bits the U74 has: SiFive U74-MC Core Complex Manual
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/sifive/bullet-07/
 *    (the bits beyond the U74's; the event names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
static const riscv_entry_t sifive_bullet07_pe[]={
	SIFIVE_BULLET_INSTRUCTION(SIFIVE_EVENT)
	SIFIVE_BULLET_MICROARCH(SIFIVE_EVENT)
	SIFIVE_BULLET07_MICROARCH(SIFIVE_EVENT)
	SIFIVE_BULLET_MEMORY(SIFIVE_EVENT)
	SIFIVE_BULLET07_WATCHPOINT(SIFIVE_EVENT)
	SIFIVE_BULLET07_COUNT(SIFIVE_EVENT)

	SIFIVE_COMMIT_CLASS_EVENT,
	SIFIVE_UARCH_CLASS_EVENT(sifive_bullet07_uarch_umasks),
	SIFIVE_MEMORY_CLASS_EVENT(sifive_bullet_memory_umasks),
	SIFIVE_WATCHPOINT_CLASS_EVENT,

	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
