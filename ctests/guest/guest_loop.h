/*
 * guest_loop.h: the counted loop of the guest test programs.
 *
 * Exactly two instructions per iteration and nothing else (no loads, no
 * stores, no calls), so that a count of retired user instructions over
 * guest_loop(n) is 2n plus the few around it: the programs check the
 * counters against that.
 */
#ifndef GUEST_LOOP_H
#define GUEST_LOOP_H

#include <stdint.h>

static inline void guest_loop(uint64_t n)
{
#if defined(__aarch64__)
	__asm__ volatile("1: subs %0, %0, #1\n\tb.ne 1b" : "+r"(n) : : "cc");
#elif defined(__riscv)
	__asm__ volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(n));
#else
#error "the guest test programs are for the aarch64 and riscv64 guests"
#endif
}

/*
 * With several vCPUs under -icount, QEMU's instruction counter also counts
 * what the other vCPUs run, in bursts: one measurement of 2N = 2,000,000 read
 * 40,947 over (2%) in CI, where the excess otherwise stays under 1%. A bounded
 * count is therefore measured up to GUEST_TRIES times and passes if one try
 * lies within [2N, 2N * (1 + slack%)]; a count under 2N is never excused and
 * fails at once, and a count that is wrong every time still fails.
 */
#define GUEST_TRIES 3

/* Where count lies against [2n, 2n * (1 + slack / 100)]: <0 under, 0 in, >0 over. */
static inline int guest_bound(uint64_t count, uint64_t n, double slack)
{
	if (count < 2 * n)
		return -1;
	return (double)count > 2.0 * n * (1 + slack / 100) ? 1 : 0;
}

#endif
