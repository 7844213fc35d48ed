/*
 * File:    linux-cpuinfo.h
 *
 * /proc/cpuinfo helpers: the file read once, and the RISC-V decoder.
 */

#ifndef _LINUX_CPUINFO_H
#define _LINUX_CPUINFO_H

#include <stdio.h>

/* /proc/cpuinfo as a stdio stream, read once into memory so that the many  */
/* rewind()s of the searches cost no system call; fclose() it as usual.  */
/* Not thread-safe: for PAPI's initialization.                           */
FILE *_linux_cpuinfo_fopen( void );

/* Fill vendor, model and ids from a RISC-V /proc/cpuinfo.              */
/* Returns PAPI_OK if the file describes RISC-V harts, else PAPI_ENOSUPP */
int _linux_decode_cpuinfo_riscv( FILE *f, PAPI_hw_info_t *hwinfo );

/* Number of "processor" entries (harts, CPUs) in the file              */
int _linux_cpuinfo_count_cpus( FILE *f );

/* CPU clock from the device tree (cpu0's node, clock-frequency), MHz;  */
/* -1 if there is none.                                                 */
int _linux_dt_cpu_mhz( void );

#endif
