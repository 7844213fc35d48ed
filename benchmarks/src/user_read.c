/* The bare user-space read of a perf event (the raw side's best read, the
 * baseline PAPI_read is compared with): the counter read straight from the
 * register the kernel publishes in the event's mmap page, under the page's
 * sequence lock, no system call. Where the kernel does not allow it
 * (cap_user_rdpmc clear: AArch64 without perf_user_access, software events,
 * an event not on a counter) uread_value says so and the caller reads(). */
#include "bench.h"
#include <linux/perf_event.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define barrier() __asm__ __volatile__("" ::: "memory")

#if defined(__aarch64__)
/* PMEVCNTR<n>_EL0 takes its number in the instruction: one case per counter. */
#define EVCNT(n) case n: __asm__ __volatile__("mrs %0, pmevcntr" #n "_el0" : "=r"(v)); break;
static uint64_t read_counter(uint32_t idx)
{
	uint64_t v = 0;
	/* the kernel publishes index 32 for the cycle counter (PMCCNTR_EL0) */
	if (idx == 31) {
		__asm__ __volatile__("mrs %0, pmccntr_el0" : "=r"(v));
		return v;
	}
	switch (idx) {
	EVCNT(0) EVCNT(1) EVCNT(2) EVCNT(3) EVCNT(4) EVCNT(5) EVCNT(6) EVCNT(7)
	EVCNT(8) EVCNT(9) EVCNT(10) EVCNT(11) EVCNT(12) EVCNT(13) EVCNT(14) EVCNT(15)
	EVCNT(16) EVCNT(17) EVCNT(18) EVCNT(19) EVCNT(20) EVCNT(21) EVCNT(22) EVCNT(23)
	EVCNT(24) EVCNT(25) EVCNT(26) EVCNT(27) EVCNT(28) EVCNT(29) EVCNT(30)
	}
	return v;
}
#define HAVE_READ_COUNTER 1
#elif defined(__riscv) && __riscv_xlen == 64
/* cycle, time, instret, hpmcounter3..31: CSRs 0xc00 + index */
#define CNT(n) case n: __asm__ __volatile__("csrr %0, %1" : "=r"(v) : "i"(0xc00 + n)); break;
static uint64_t read_counter(uint32_t idx)
{
	uint64_t v = 0;
	switch (idx) {
	CNT(0) CNT(1) CNT(2) CNT(3) CNT(4) CNT(5) CNT(6) CNT(7) CNT(8) CNT(9) CNT(10)
	CNT(11) CNT(12) CNT(13) CNT(14) CNT(15) CNT(16) CNT(17) CNT(18) CNT(19) CNT(20)
	CNT(21) CNT(22) CNT(23) CNT(24) CNT(25) CNT(26) CNT(27) CNT(28) CNT(29) CNT(30) CNT(31)
	}
	return v;
}
#define HAVE_READ_COUNTER 1
#elif defined(__x86_64__)
static uint64_t read_counter(uint32_t idx)
{
	uint32_t lo, hi;
	__asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(idx));
	return (uint64_t)hi << 32 | lo;
}
#define HAVE_READ_COUNTER 1
#endif

void *uread_map(int fd)
{
	void *p = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED, fd, 0);
	return p == MAP_FAILED ? NULL : p;
}

void uread_unmap(void *page)
{
	if (page)
		munmap(page, (size_t)sysconf(_SC_PAGESIZE));
}

int uread_value(const void *page, long long *value)
{
#ifdef HAVE_READ_COUNTER
	const volatile struct perf_event_mmap_page *pc = page;
	uint32_t seq, idx;
	uint64_t count;
	do {
		seq = pc->lock;
		barrier();
		idx = pc->index;
		if (!pc->cap_user_rdpmc || idx == 0)
			return 0;
		count = (uint64_t)pc->offset;
		{
			uint16_t width = pc->pmc_width;
			uint64_t raw = read_counter(idx - 1);
			/* the counter's own width, sign-extended as the kernel does */
			if (width && width < 64)
				raw = (uint64_t)((int64_t)(raw << (64 - width)) >> (64 - width));
			count += raw;
		}
		barrier();
	} while (pc->lock != seq);
	*value = (long long)count;
	return 1;
#else
	(void)page;
	(void)value;
	return 0;
#endif
}
