/*
 * File:    pe_user_access.h
 *
 * Which perf_event event sets read their counters in user space, and how
 * their events ask the kernel for it on AArch64.
 */

#ifndef _PE_USER_ACCESS_H
#define _PE_USER_ACCESS_H

struct perf_event_attr;

/* AArch64: attr.config1 bit 1 asks for user access (bit 0: 64-bit counter) */
#define PE_USER_READ_ARM64_CONFIG1	( 1ULL << 1 )

/* Whether events must ask for user access (_pe_user_read_request)        */
#if defined(__aarch64__)
#define PE_USER_READ_ARM64		1
#else
#define PE_USER_READ_ARM64		0
#endif

/* Can an event set read its counters in user space at all?  Only the      */
/* calling thread's own counters, on the CPU it runs on: not inherited,    */
/* not attached to another thread, not system-wide or bound to one CPU     */
/* ('cpu' is not -1), not multiplexed by PAPI.  Each read still falls back */
/* to read() when the mmap page does not grant it.                        */
int _pe_user_read_wanted( int inherit, int attached, int system_wide,
			  int cpu, int multiplexed );

/* Ask for user access in attr: on AArch64 ('arm64') set config1 bit 1,    */
/* keeping its other bits, for events of a hardware PMU only (not         */
/* software events, tracepoints or breakpoints, whose config1 means        */
/* something else or nothing).                                             */
void _pe_user_read_request( struct perf_event_attr *attr, int arm64 );

#endif
