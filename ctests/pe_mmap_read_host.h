/* perf_helpers.h's mmap_read_self() on this host with fake counters
 * (pe_mmap_read_host.c). */
#ifndef PE_MMAP_READ_HOST_H
#define PE_MMAP_READ_HOST_H

#include <stdint.h>

#define PE_FAKE_COUNTERS 64
/* what mmap_read_self() returns when the caller must use read() */
#define PE_READ_FALLBACK 0xffffffffffffffffULL

extern uint64_t pe_fake_counters[PE_FAKE_COUNTERS];
extern unsigned int pe_fake_last_idx;	/* the last counter rdpmc() read */
extern int pe_fake_reads;		/* rdpmc() calls */
extern void (*pe_fake_during_read)(void);	/* called inside rdpmc() */

unsigned long long pe_host_mmap_read_self(void *page, unsigned long long *enabled,
					  unsigned long long *running);
/* what _pe_reset() keeps after PAPI_reset(): the counter right after the
 * reset, and the page's lock then in *lock (PAPI 0065) */
unsigned long long pe_host_mmap_read_reset_count(void *page, uint32_t *lock);
/* a read after PAPI_reset() with that state; clears *reset_flag once the
 * kernel has published the page again */
unsigned long long pe_host_mmap_read_self_reset(void *page, unsigned int *reset_flag,
						unsigned long long reset, uint32_t reset_lock,
						unsigned long long *enabled,
						unsigned long long *running);
/* mmap_read_self() without the times (PAPI_read()'s short path for a set
 * that is not multiplexed): the same count, the same reset rule */
unsigned long long pe_host_mmap_read_self_count(void *page, unsigned int *reset_flag,
						unsigned long long reset, uint32_t reset_lock);

#endif
