/*
 * File:    linux-cpuinfo.h
 *
 * /proc/cpuinfo helpers: the RISC-V decoder.
 */

#ifndef _LINUX_CPUINFO_H
#define _LINUX_CPUINFO_H

#include <stdio.h>

/* Fill vendor, model and ids from a RISC-V /proc/cpuinfo.              */
/* Returns PAPI_OK if the file describes RISC-V harts, else PAPI_ENOSUPP */
int _linux_decode_cpuinfo_riscv( FILE *f, PAPI_hw_info_t *hwinfo );

/* Number of "processor" entries (harts, CPUs) in the file              */
int _linux_cpuinfo_count_cpus( FILE *f );

#endif
