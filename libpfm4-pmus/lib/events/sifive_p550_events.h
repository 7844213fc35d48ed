/*
 * sifive_p550_events.h : SiFive Performance P550 (ESWIN EIC7700X: HiFive Premier P550, Milk-V Megrez)
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
 * Linux's sifive/p550: the instruction and microarch events of sifive/bullet,
 * its own memory.json (sifive/bullet's plus UTLB hits and the PTE cache).
 * Layout and shared lists: sifive_bullet_events.h.
 *
 * References:
 *  - the bits the U74 has: SiFive U74-MC Core Complex Manual
 *  - Linux perf's JSON event lists, tools/perf/pmu-events/arch/riscv/sifive/p550/
 *    (the bits beyond the U74's; the event names are perf's)
 *
 * The JSON files are GPL-2.0 in the kernel tree: only the event names and
 * codes, which perf and the hardware use, are taken from them; each
 * description here is a wording of its own of the event's meaning.
 */
static const riscv_umask_t sifive_p550_memory_umasks[]={
	SIFIVE_BULLET_MEMORY(SIFIVE_UMASK)
	SIFIVE_P550_MEMORY(SIFIVE_UMASK)
};

static const riscv_entry_t sifive_p550_pe[]={
	SIFIVE_BULLET_INSTRUCTION(SIFIVE_EVENT)
	SIFIVE_BULLET_MICROARCH(SIFIVE_EVENT)
	SIFIVE_BULLET_MEMORY(SIFIVE_EVENT)
	SIFIVE_P550_MEMORY(SIFIVE_EVENT)

	SIFIVE_COMMIT_CLASS_EVENT,
	SIFIVE_UARCH_CLASS_EVENT(sifive_bullet_uarch_umasks),
	SIFIVE_MEMORY_CLASS_EVENT(sifive_p550_memory_umasks),

	RISCV_PRIV_EVENTS,
	RISCV_SBI_FW_EVENTS,
};
