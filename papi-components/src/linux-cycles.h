/*
 * File:    linux-cycles.h
 *
 * Cycle-scaled wall clock for Linux on architectures whose user-visible
 * counter is a fixed-frequency timer rather than the CPU clock
 * (RISC-V time CSR).
 */

#ifndef _LINUX_CYCLES_H
#define _LINUX_CYCLES_H

/* Set up the timer and the CPU frequency used to scale it to cycles.    */
/* cpu_mhz <= 0 means the CPU frequency is unknown.                      */
int _linux_cycles_init( int cpu_mhz );

/* Wall clock in (nominal) CPU cycles; monotonic, never 0 once set up.   */
long long _linux_cycles_read( void );

/* Helpers, exported for unit tests.                                     */
unsigned long long _linux_cycles_scale( unsigned long long ticks,
					unsigned long long tick_hz,
					unsigned long long cpu_hz );
unsigned long long _linux_read_dt_cell( const char *path );
unsigned long long _linux_cycles_tick_hz( void );
unsigned long long _linux_cycles_cpu_hz( void );

#endif
