/*
 * File:    pe_user_read.h
 *
 * User-space counter reads on AArch64 and RISC-V: what the perf mmap page
 * reader of perf_helpers.h (mmap_read_self) needs around it.
 */

#ifndef _PE_USER_READ_H
#define _PE_USER_READ_H

#include <sys/types.h>

struct perf_event_attr;

/* Whether SBI firmware events must be kept from user reads              */
/* (_pe_user_read_event_ok)                                                */
#if defined(__riscv)
#define PE_USER_READ_RISCV		1
#else
#define PE_USER_READ_RISCV		0
#endif

/* Whether the kernel lets tasks read their counters, from the value of    */
/* /proc/sys/kernel/perf_user_access at 'path' (NULL: the real file):      */
/* AArch64 1 (Linux 5.17+, default 0); RISC-V 1 or 2 (Linux 6.6+, default  */
/* 1).  A missing file (older kernel) or 0 means no.  'riscv' selects the  */
/* rule.                                                                  */
int _pe_user_read_sysctl( const char *path, int riscv );

/* The sysctl of this system with this architecture's rule (0 on others). */
int _pe_user_read_detect( void );

/* Can this event be read in user space at all?  Not a RISC-V SBI         */
/* firmware event ('riscv'; PERF_TYPE_RAW with config bit 63): it counts   */
/* in the firmware, no CSR holds it, yet Linux (6.12) publishes a page     */
/* index for it, and a user read returned garbage where read() gives 0.    */
int _pe_user_read_event_ok( const struct perf_event_attr *attr, int riscv );

#endif
