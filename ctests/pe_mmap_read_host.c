/*
 * PAPI's perf mmap page readers (perf_helpers.h's mmap_read_self(), PAPI
 * 0067: PE_HOST_TEST_RDPMC, and mmap_read_self_count(), the short path of
 * PAPI_read()) compiled on this host with fake counters, for
 * test_papi_perf.c: the reader PAPI runs on x86, AArch64 and RISC-V, with
 * rdpmc() replaced by a table of counter values.  rdpmc_can_read() is the
 * AArch64 and RISC-V rule (counters 0 to 31; PAPI 0063, 0066).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <syscall.h>
#include <sys/mman.h>
#include <linux/types.h>
#include <perfmon/perf_event.h>

/* as PAPI's Linux build defines them (its compiler flags) */
#define OSLOCK "linux-lock.h"
#define OSCONTEXT "linux-context.h"
#define USE_COMPILER_TLS
#define PAPI_NUM_COMP 3
/* papi_internal.h includes PAPI's config.h, not ours */
#undef PACKAGE_BUGREPORT
#undef PACKAGE_NAME
#undef PACKAGE_STRING
#undef PACKAGE_TARNAME
#undef PACKAGE_VERSION
#undef PACKAGE_URL
#undef PACKAGE
#undef VERSION

#include "papi.h"
#include "papi_memory.h"
#include "papi_internal.h"
#include "papi_vector.h"
#include "extras.h"
#include "mb.h"
#include "linux-context.h"
#include "linux-common.h"
#include "components/perf_event/perf_event_lib.h"

#include "pe_mmap_read_host.h"

uint64_t pe_fake_counters[PE_FAKE_COUNTERS];
unsigned int pe_fake_last_idx;
int pe_fake_reads;
void (*pe_fake_during_read)(void);

static inline uint64_t rdpmc(unsigned int counter)
{
	pe_fake_last_idx = counter;
	pe_fake_reads++;
	if (pe_fake_during_read)
		pe_fake_during_read();
	/* the AArch64 rdpmc() reads a counter it does not know as 0 */
	return counter < PE_FAKE_COUNTERS ? pe_fake_counters[counter] : 0;
}

static inline int rdpmc_can_read(unsigned int counter)
{
	return counter < 32;
}

static inline uint64_t rdtsc(void)
{
	return 0;
}

#define barrier() __asm__ volatile("" ::: "memory")

#define PE_HOST_TEST_RDPMC
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "components/perf_event/perf_helpers.h"

unsigned long long
pe_host_mmap_read_self(void *page, unsigned long long *enabled, unsigned long long *running)
{
	unsigned int no_reset = 0;

	return mmap_read_self(page, &no_reset, 0, 0, enabled, running);
}

unsigned long long
pe_host_mmap_read_reset_count(void *page, uint32_t *lock)
{
	return mmap_read_reset_count(page, lock);
}

unsigned long long
pe_host_mmap_read_self_reset(void *page, unsigned int *reset_flag,
			     unsigned long long reset, uint32_t reset_lock,
			     unsigned long long *enabled, unsigned long long *running)
{
	return mmap_read_self(page, reset_flag, reset, reset_lock, enabled, running);
}

unsigned long long
pe_host_mmap_read_self_count(void *page, unsigned int *reset_flag,
			     unsigned long long reset, uint32_t reset_lock)
{
	return mmap_read_self_count(page, reset_flag, reset, reset_lock);
}
