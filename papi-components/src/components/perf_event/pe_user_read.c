/*
 * File:    pe_user_read.c
 *
 * What PAPI_read() without a system call needs on AArch64 and RISC-V
 * besides the perf mmap page reader of perf_helpers.h (mmap_read_self(),
 * with each architecture's rdpmc()):
 *
 * - whether the kernel allows it: kernel.perf_user_access, 1 on AArch64
 *   (Linux 5.17+, default 0; each event also asks with attr.config1 bit 1,
 *   pe_user_access.c), 1 or 2 on RISC-V (Linux 6.6+, default 1; nothing
 *   to ask in attr);
 * - which events never take that path: RISC-V SBI firmware events, which
 *   have no counter CSR although Linux publishes an index for them;
 * - which thread may: the one that opened the events (the registers read
 *   are those of the reader's CPU; a forked child has no mmap pages).
 */

#include <unistd.h>

/* the perf_event.h PAPI is built with */
#ifdef PEINCLUDE
#include PEINCLUDE
#else
#include <perfmon/perf_event.h>
#endif

#include "pe_user_read.h"
#include "linux-sysfile.h"

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
_pe_user_read_event_ok( const struct perf_event_attr *attr, int riscv )
{
	if ( riscv && attr->type == PERF_TYPE_RAW && ( attr->config >> 63 ) )
		return 0;
	return 1;
}
