/*
 * File:    pe_user_read.c
 *
 * PAPI_read() without a system call on AArch64 and RISC-V.
 *
 * Linux lets a task read the hardware counters of its own events in user
 * space, through the event's perf mmap page (struct perf_event_mmap_page):
 * the kernel publishes the hardware counter index and an offset, and the
 * count is offset + the counter, under a sequence lock.  PAPI 7.2.0 does
 * this on x86 (rdpmc, perf_helpers.h) and, since 7.0.1, on AArch64; on
 * RISC-V every PAPI_read() is a read() system call.  This reader serves
 * both AArch64 and RISC-V, in place of 7.2.0's AArch64 one (which swaps
 * PMEVCNTR12 and 13, returns the offset alone for a counter index it
 * cannot read, and asks for user access for every event of every set).
 *
 * AArch64 (Linux 5.17+): sysctl kernel.perf_user_access=1 (default 0) and
 * attr.config1 bit 1 on each event; task-bound events only (a system-wide
 * event asking for it is refused).  Index 32 is the cycle counter
 * (PMCCNTR_EL0, 64 bits), index n+1 event counter n (PMEVCNTR<n>_EL0, 32
 * bits on Cortex-A72 and Neoverse N1); pmc_width says which.
 *
 * RISC-V (Linux 6.6+): sysctl kernel.perf_user_access=1 (the default) lets
 * a task read the counters of the events it has mmapped; index n+1 is the
 * counter CSR 0xc00 + n (cycle, time, instret, hpmcounter3..31).
 *
 * Whenever the page says no (cap_user_rdpmc 0 or index 0: sysctl off, the
 * event not counting on this CPU now, multiplexed out, ...) or names a
 * counter this code cannot read (a newer kernel's AArch64 instruction
 * counter), the reader returns PE_USER_READ_FALLBACK and the caller uses
 * read(), so a wrong value is never returned.  Event sets that measure
 * another thread, a CPU, are inherited or multiplexed by PAPI never try.
 */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* the perf_event.h PAPI is built with (libpfm4's names: cap_usr_rdpmc) */
#ifdef PEINCLUDE
#include PEINCLUDE
#else
#include <perfmon/perf_event.h>
#endif

#include "pe_user_read.h"
#include "linux-sysfile.h"

/* compiler barrier: the page is updated by the kernel on this CPU */
#define pe_barrier() __asm__ __volatile__( "" ::: "memory" )

int
_pe_user_read_supported( void )
{
#if defined(__aarch64__) || (defined(__riscv) && __riscv_xlen == 64)
	return 1;
#else
	return 0;
#endif
}

int
_pe_user_read_sysctl( const char *path, int riscv )
{
	int value;

	if ( path == NULL )
		path = "/proc/sys/kernel/perf_user_access";
	/* open, read, close: no stdio buffer, no fstat */
	if ( _linux_read_sysfile_int( path, &value ) != 1 )
		return 0;

	if ( riscv )
		return value == 1 || value == 2;
	return value == 1;
}

int
_pe_user_read_detect( void )
{
#if defined(__aarch64__)
	return _pe_user_read_sysctl( NULL, 0 );
#elif defined(__riscv) && __riscv_xlen == 64
	return _pe_user_read_sysctl( NULL, 1 );
#else
	return 0;
#endif
}

int
_pe_user_read_wanted( int inherit, int attached, int system_wide,
		      int cpu, int multiplexed )
{
	if ( inherit || attached || system_wide || multiplexed )
		return 0;
	return cpu == -1;
}

int
_pe_user_read_event_ok( const struct perf_event_attr *attr, int riscv )
{
	if ( riscv && attr->type == PERF_TYPE_RAW && ( attr->config >> 63 ) )
		return 0;
	return 1;
}

/* The calling thread's id, asked of the kernel once per thread.  A   */
/* forked child starts with its parent's cache, so it is cleared there. */
static __thread pid_t self_tid;
static pthread_once_t self_tid_once = PTHREAD_ONCE_INIT;

static void
self_tid_forget( void )
{
	self_tid = 0;
}

static void
self_tid_watch_fork( void )
{
	pthread_atfork( NULL, NULL, self_tid_forget );
}

pid_t
_pe_user_read_self_tid( void )
{
	if ( self_tid == 0 ) {
		pthread_once( &self_tid_once, self_tid_watch_fork );
		self_tid = ( pid_t ) syscall( SYS_gettid );
	}
	return self_tid;
}

void
_pe_user_read_request( struct perf_event_attr *attr, int arm64 )
{
	if ( !arm64 )
		return;
	switch ( attr->type ) {
	case PERF_TYPE_SOFTWARE:
	case PERF_TYPE_TRACEPOINT:
	case PERF_TYPE_BREAKPOINT:
		return;
	default:
		/* hardware, hw cache, raw, or the PMU's own dynamic type */
		attr->config1 |= PE_USER_READ_ARM64_CONFIG1;
	}
}

uint64_t
_pe_user_read_combine( int64_t offset, uint64_t pmc, unsigned int width )
{
	int64_t value;

	if ( width == 0 || width > 64 )
		width = 64;
	/* sign-extend the counter from its width, as the kernel expects */
	value = ( int64_t ) ( pmc << ( 64 - width ) );
	value >>= ( 64 - width );
	return ( uint64_t ) offset + ( uint64_t ) value;
}

uint64_t
_pe_user_read_page( const volatile struct perf_event_mmap_page *pc,
		    pe_user_read_pmc_t read_pmc )
{
	uint32_t seq, idx, width;
	int64_t offset;
	uint64_t pmc, count;

	if ( pc == NULL )
		return PE_USER_READ_FALLBACK;

	do {
		seq = pc->lock;
		pe_barrier(  );

		idx = pc->index;
		if ( !pc->cap_usr_rdpmc || idx == 0 ||
		     idx > PE_USER_READ_COUNTERS )
			return PE_USER_READ_FALLBACK;

		offset = pc->offset;
		width = pc->pmc_width;
		pmc = read_pmc( idx - 1 );
		count = _pe_user_read_combine( offset, pmc, width );

		pe_barrier(  );
	} while ( pc->lock != seq );

	/* Not a count that read() can return */
	if ( count == PE_USER_READ_FALLBACK )
		return PE_USER_READ_FALLBACK;
	return count;
}

/* ------------------------------------------------------------------------ */
/* The counters of this CPU                                                 */

#if defined(__aarch64__)

#define PE_EVCNTR(n) \
	case n: __asm__ __volatile__( "mrs %0, pmevcntr" #n "_el0" : "=r"( v ) ); break;

static uint64_t
pe_read_pmc( unsigned int idx )
{
	uint64_t v = 0;

	switch ( idx ) {
	PE_EVCNTR(0)  PE_EVCNTR(1)  PE_EVCNTR(2)  PE_EVCNTR(3)
	PE_EVCNTR(4)  PE_EVCNTR(5)  PE_EVCNTR(6)  PE_EVCNTR(7)
	PE_EVCNTR(8)  PE_EVCNTR(9)  PE_EVCNTR(10) PE_EVCNTR(11)
	PE_EVCNTR(12) PE_EVCNTR(13) PE_EVCNTR(14) PE_EVCNTR(15)
	PE_EVCNTR(16) PE_EVCNTR(17) PE_EVCNTR(18) PE_EVCNTR(19)
	PE_EVCNTR(20) PE_EVCNTR(21) PE_EVCNTR(22) PE_EVCNTR(23)
	PE_EVCNTR(24) PE_EVCNTR(25) PE_EVCNTR(26) PE_EVCNTR(27)
	PE_EVCNTR(28) PE_EVCNTR(29) PE_EVCNTR(30)
	case 31:
		/* page index 32: the cycle counter */
		__asm__ __volatile__( "mrs %0, pmccntr_el0" : "=r"( v ) );
		break;
	default:
		/* not reached: above PE_USER_READ_COUNTERS, read() counts */
		break;
	}
	return v;
}

#elif defined(__riscv) && __riscv_xlen == 64

#define PE_CSR(n) \
	case n: __asm__ __volatile__( "csrr %0, " #n : "=r"( v ) ); break;

static uint64_t
pe_read_pmc( unsigned int idx )
{
	uint64_t v = 0;

	/* counter n is CSR 0xc00 + n */
	switch ( 0xc00 + idx ) {
	PE_CSR(0xc00) PE_CSR(0xc01) PE_CSR(0xc02) PE_CSR(0xc03)
	PE_CSR(0xc04) PE_CSR(0xc05) PE_CSR(0xc06) PE_CSR(0xc07)
	PE_CSR(0xc08) PE_CSR(0xc09) PE_CSR(0xc0a) PE_CSR(0xc0b)
	PE_CSR(0xc0c) PE_CSR(0xc0d) PE_CSR(0xc0e) PE_CSR(0xc0f)
	PE_CSR(0xc10) PE_CSR(0xc11) PE_CSR(0xc12) PE_CSR(0xc13)
	PE_CSR(0xc14) PE_CSR(0xc15) PE_CSR(0xc16) PE_CSR(0xc17)
	PE_CSR(0xc18) PE_CSR(0xc19) PE_CSR(0xc1a) PE_CSR(0xc1b)
	PE_CSR(0xc1c) PE_CSR(0xc1d) PE_CSR(0xc1e) PE_CSR(0xc1f)
	default:
		/* not reached: above PE_USER_READ_COUNTERS, read() counts */
		break;
	}
	return v;
}

#endif

uint64_t
_pe_user_read_self( const void *page )
{
#if defined(__aarch64__) || (defined(__riscv) && __riscv_xlen == 64)
	return _pe_user_read_page( page, pe_read_pmc );
#else
	( void ) page;
	return PE_USER_READ_FALLBACK;
#endif
}
