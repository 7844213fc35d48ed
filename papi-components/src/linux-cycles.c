/*
 * File:    linux-cycles.c
 *
 * PAPI_get_real_cyc() for Linux on RISC-V.
 *
 * Linux 6.6 and later do not let user space read the cycle counter: a
 * bare rdcycle raises SIGILL.  The time CSR is always readable instead
 * (rdtime, frequency in the device tree property
 * /cpus/timebase-frequency).
 *
 * Method: cycles = timer ticks * cpu_hz / tick_hz, where cpu_hz is the
 * nominal CPU frequency PAPI found (hw_info.cpu_max_mhz: cpufreq, then
 * /proc/cpuinfo, then the device tree).  Like the x86 TSC, the result counts
 * nominal cycles: it is monotonic and proportional to wall time, and it is
 * not the core's actual cycle count under frequency scaling.  Its
 * resolution is one timer tick, cpu_hz / tick_hz cycles (1 us on a FU740
 * with its 1 MHz timebase, 1200 cycles at 1.2 GHz).
 *
 * If the timer frequency cannot be found, clock_gettime(CLOCK_MONOTONIC)
 * (served by the vDSO from the same timer) is used instead.  If the CPU
 * frequency is unknown, one "cycle" is one nanosecond (a nominal 1 GHz).
 */

#include <stdio.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#include "papi.h"
#include "papi_internal.h"
#include "linux-cycles.h"

#define CYC_NSEC_PER_SEC 1000000000ULL

/* Timer frequencies outside this range are treated as bogus (below 2^32) */
#define CYC_MIN_TICK_HZ 1000ULL
#define CYC_MAX_TICK_HZ 4294967295ULL

/* Set up by the first read of any thread, maybe by several at once:   */
/* every access is atomic, and the release store of cyc_ready publishes */
/* the frequencies to the threads whose acquire load sees it (RISC-V  */
/* may make stores visible out of order).                              */
static unsigned long long cyc_tick_hz;	/* 0: use clock_gettime() */
static unsigned long long cyc_cpu_hz;	/* nominal CPU frequency */
static int cyc_ready;

#if defined(__riscv) && (__riscv_xlen == 64)
#define HAVE_ARCH_TIMER 1
static inline unsigned long long
arch_timer_ticks( void )
{
	unsigned long long t;

	__asm__ __volatile__( "rdtime %0" : "=r"( t ) : : "memory" );
	return t;
}

static unsigned long long
arch_timer_hz( void )
{
	unsigned long long f;

	f = _linux_read_dt_cell( "/proc/device-tree/cpus/timebase-frequency" );
	if ( f == 0 )
		f = _linux_read_dt_cell( "/proc/device-tree/cpus/cpu@0/timebase-frequency" );
	return f;
}
#endif

/* floor(ticks * cpu_hz / tick_hz) in 64-bit arithmetic, exact whenever  */
/* the result fits (tick_hz < 2^32): with ticks = q * tick_hz + r and    */
/* cpu_hz = a * tick_hz + b, it is q * cpu_hz + r * a + r * b / tick_hz, */
/* where r * b < tick_hz^2.  (ticks * cpu_hz itself passes 2^64 after   */
/* 2^64 / cpu_hz seconds of a 1 GHz timer: 6 s at 3 GHz.)                */
unsigned long long
_linux_cycles_scale( unsigned long long ticks, unsigned long long tick_hz,
		     unsigned long long cpu_hz )
{
	unsigned long long r;

	if ( tick_hz == 0 )
		return 0;
	r = ticks % tick_hz;
	return ( ticks / tick_hz ) * cpu_hz + r * ( cpu_hz / tick_hz ) +
		r * ( cpu_hz % tick_hz ) / tick_hz;
}

/* A device tree property holding one 32-bit or 64-bit big-endian cell */
/* (4 or 8 bytes; a longer property is no such number: one byte more   */
/* is read to see it).  Returns 0 if it cannot be read.                */
unsigned long long
_linux_read_dt_cell( const char *path )
{
	unsigned char buf[9];
	unsigned long long value = 0;
	ssize_t len, i;
	int fd;

	fd = open( path, O_RDONLY );
	if ( fd < 0 )
		return 0;
	len = read( fd, buf, sizeof ( buf ) );
	close( fd );
	if ( len != 4 && len != 8 )
		return 0;
	for ( i = 0; i < len; i++ )
		value = ( value << 8 ) | buf[i];
	return value;
}

static unsigned long long
mono_nsec( void )
{
	struct timespec ts;

	clock_gettime( CLOCK_MONOTONIC, &ts );
	return ( unsigned long long ) ts.tv_sec * CYC_NSEC_PER_SEC +
		( unsigned long long ) ts.tv_nsec;
}

int
_linux_cycles_init( int cpu_mhz )
{
	unsigned long long tick_hz = 0, cpu_hz;

#if defined(HAVE_ARCH_TIMER)
	tick_hz = arch_timer_hz(  );
	if ( tick_hz < CYC_MIN_TICK_HZ || tick_hz > CYC_MAX_TICK_HZ ) {
		SUBDBG( "Timer frequency %llu Hz unusable, using clock_gettime\n",
			tick_hz );
		tick_hz = 0;
	}
#endif
	cpu_hz = ( cpu_mhz > 0 ) ?
		( unsigned long long ) cpu_mhz * 1000000ULL : CYC_NSEC_PER_SEC;
	__atomic_store_n( &cyc_tick_hz, tick_hz, __ATOMIC_RELAXED );
	__atomic_store_n( &cyc_cpu_hz, cpu_hz, __ATOMIC_RELAXED );
	__atomic_store_n( &cyc_ready, 1, __ATOMIC_RELEASE );

	SUBDBG( "Cycle timer: %llu Hz timer, scaled to %llu Hz%s\n",
		tick_hz ? tick_hz : CYC_NSEC_PER_SEC, cpu_hz,
		( cpu_mhz > 0 ) ? "" : " (CPU frequency unknown)" );
	return PAPI_OK;
}

/* The first read of the process sets the timer up */
static void
cycles_setup( void )
{
	if ( !__atomic_load_n( &cyc_ready, __ATOMIC_ACQUIRE ) )
		_linux_cycles_init( _papi_hwi_system_info.hw_info.cpu_max_mhz );
}

long long
_linux_cycles_read( void )
{
	unsigned long long cpu_hz;
#if defined(HAVE_ARCH_TIMER)
	unsigned long long tick_hz;
#endif

	cycles_setup(  );
	cpu_hz = _linux_cycles_cpu_hz(  );
#if defined(HAVE_ARCH_TIMER)
	tick_hz = _linux_cycles_tick_hz(  );
	if ( tick_hz )
		return ( long long ) _linux_cycles_scale( arch_timer_ticks(  ),
							  tick_hz, cpu_hz );
#endif
	return ( long long ) _linux_cycles_scale( mono_nsec(  ),
						  CYC_NSEC_PER_SEC, cpu_hz );
}

unsigned long long
_linux_cycles_tick_hz( void )
{
	return __atomic_load_n( &cyc_tick_hz, __ATOMIC_RELAXED );
}

unsigned long long
_linux_cycles_cpu_hz( void )
{
	return __atomic_load_n( &cyc_cpu_hz, __ATOMIC_RELAXED );
}
