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

#endif
