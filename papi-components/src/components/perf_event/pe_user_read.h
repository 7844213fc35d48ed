/*
 * File:    pe_user_read.h
 *
 * User-space counter reads through the perf mmap page on AArch64 and
 * RISC-V (x86 keeps perf_helpers.h's rdpmc code).
 */

#ifndef _PE_USER_READ_H
#define _PE_USER_READ_H

#include <stdint.h>
#include <sys/types.h>

struct perf_event_attr;
struct perf_event_mmap_page;

/* AArch64: attr.config1 bit 1 asks for user access (bit 0: 64-bit counter) */
#define PE_USER_READ_ARM64_CONFIG1	( 1ULL << 1 )

/* Whether events must ask for user access (_pe_user_read_request)        */
#if defined(__aarch64__)
#define PE_USER_READ_ARM64		1
#else
#define PE_USER_READ_ARM64		0
#endif

/* Whether SBI firmware events must be kept from user reads              */
/* (_pe_user_read_event_ok)                                                */
#if defined(__riscv)
#define PE_USER_READ_RISCV		1
#else
#define PE_USER_READ_RISCV		0
#endif

/* Page indexes 1 to PE_USER_READ_COUNTERS name the counters this code     */
/* reads: AArch64 PMEVCNTR0..30_EL0 and PMCCNTR_EL0 (index 32), RISC-V the */
/* CSRs 0xc00 to 0xc1f.  A kernel may publish others (Linux 6.13+ knows    */
/* the AArch64 instruction counter of FEAT_PMUv3_ICNTR, index 33): those   */
/* are read with read().                                                   */
#define PE_USER_READ_COUNTERS		32

/* Returned by the readers when the kernel did not grant a user read.      */
#define PE_USER_READ_FALLBACK		0xffffffffffffffffULL

/* Reads hardware counter 'idx' (mmap page index - 1) of the calling CPU.  */
typedef uint64_t ( *pe_user_read_pmc_t ) ( unsigned int idx );

/* 1 if this build can read counters in user space on AArch64 or RISC-V.   */
int _pe_user_read_supported( void );

/* Whether the kernel lets tasks read their counters, from the value of    */
/* /proc/sys/kernel/perf_user_access at 'path' (NULL: the real file):      */
/* AArch64 1 (Linux 5.17+, default 0); RISC-V 1 or 2 (Linux 6.6+, default  */
/* 1).  A missing file (older kernel) or 0 means no.  'riscv' selects the  */
/* rule.                                                                  */
int _pe_user_read_sysctl( const char *path, int riscv );

/* fast_counter_read for AArch64 and RISC-V: the sysctl of this system.    */
int _pe_user_read_detect( void );

/* Can an event set use user reads at all?  Only for the calling thread:   */
/* not inherited, not attached to another thread, not system-wide or bound */
/* to one CPU, not multiplexed by PAPI.  Each read still falls back to     */
/* read() when the kernel did not grant it (see _pe_user_read_page).       */
int _pe_user_read_wanted( int inherit, int attached, int system_wide,
			  int cpu, int multiplexed );

/* Can this event be read in user space at all?  Not a RISC-V SBI         */
/* firmware event ('riscv'; PERF_TYPE_RAW with config bit 63): it counts   */
/* in the firmware, no CSR holds it, yet Linux (6.12) publishes a page     */
/* index for it, and a user read returned garbage where read() gives 0.    */
int _pe_user_read_event_ok( const struct perf_event_attr *attr, int riscv );

/* The calling thread's id (gettid), cached per thread and cleared in a  */
/* forked child.  A counter is read in user space only by the thread that */
/* opened it: the page and the registers belong to that thread's CPU.     */
pid_t _pe_user_read_self_tid( void );

/* Ask for user access in attr: on AArch64 ('arm64') set config1 bit 1,    */
/* keeping bit 0, for the hardware PMU's events (not software events,      */
/* tracepoints or breakpoints).  Nothing is needed on RISC-V.              */
void _pe_user_read_request( struct perf_event_attr *attr, int arm64 );

/* The mmap page protocol (linux/perf_event.h): the count of the event of  */
/* page 'pc', read with 'read_pmc', or PE_USER_READ_FALLBACK when the      */
/* kernel does not allow it now (cap_user_rdpmc 0, index 0: not counting   */
/* on this CPU, sysctl off, another task's event, ...) or the index names  */
/* a counter beyond PE_USER_READ_COUNTERS.                                 */
uint64_t _pe_user_read_page( const volatile struct perf_event_mmap_page *pc,
			     pe_user_read_pmc_t read_pmc );

/* offset + the hardware counter value sign-extended from 'width' bits.    */
uint64_t _pe_user_read_combine( int64_t offset, uint64_t pmc,
				unsigned int width );

/* _pe_user_read_page with this CPU's counters (AArch64, RISC-V only).     */
uint64_t _pe_user_read_self( const void *page );

#endif
