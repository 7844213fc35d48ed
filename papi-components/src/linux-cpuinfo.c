/*
 * File:    linux-cpuinfo.c
 *
 * /proc/cpuinfo helpers for linux-common.c.
 *
 * RISC-V: Linux prints, per hart, "processor", "hart", "isa", "mmu" and,
 * depending on the kernel and the device tree, "uarch" (the compatible
 * string of the cpu node, e.g. "sifive,u74-mc") and the machine ID
 * registers "mvendorid" (JEDEC vendor), "marchid" and "mimpid" (Linux 6.2
 * and later).  There is no vendor name, model name or clock rate.  The
 * first hart's values are used:
 *
 *   vendor          PAPI_VENDOR_SIFIVE for mvendorid 0x489 (or, on older
 *                   kernels, a "sifive," uarch), else PAPI_VENDOR_RISCV
 *   vendor_string   the JEDEC name of mvendorid where known ("SiFive",
 *                   "T-Head", "SpacemiT"), else "RISC-V mvendorid <id>"
 *                   (or "RISC-V")
 *   model_string    the core, then the isa and the ids in parentheses:
 *                   "sifive,u74-mc (rv64imafdc, marchid 0x8000000000000007,
 *                   mimpid 0x20181004)".  The core is the uarch string, or
 *                   "RISC-V" without one (the kernel gives no model name).
 *                   The isa is shortened to what fits the string, only
 *                   between two of its '_'-separated extensions, and then
 *                   ends in "_..."
 *   model           marchid with its top (open source) bit cleared
 *   cpuid_family    mvendorid; cpuid_model marchid (low 31 bits);
 *   cpuid_stepping  mimpid (low 31 bits); ids that are absent are 0
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "papi.h"
#include "papi_internal.h"
#include "linux-cpuinfo.h"

/* JEDEC ids as found in mvendorid: (bank - 1) << 7 | id without parity */
#define RISCV_MVENDORID_SIFIVE	0x489ULL	/* bank 10, 0x09 */
#define RISCV_MVENDORID_THEAD	0x5b7ULL	/* bank 12, 0x37 */
#define RISCV_MVENDORID_SPACEMIT	0x710ULL	/* bank 15, 0x10 */

/* The value of the first line whose key is exactly "key" (as opposed to */
/* linux-common.c's search_cpu_info(), which matches "vendor" inside    */
/* "mvendorid").  Copies it to value; returns 1 if found.               */
static int
cpuinfo_value( FILE *f, const char *key, char *value, size_t size )
{
	char line[PAPI_HUGE_STR_LEN];
	size_t klen = strlen( key );
	char *s, *e;

	rewind( f );
	while ( fgets( line, sizeof ( line ), f ) != NULL ) {
		if ( strncmp( line, key, klen ) != 0 )
			continue;
		s = line + klen;
		while ( *s == ' ' || *s == '\t' )
			s++;
		if ( *s != ':' )
			continue;
		s++;
		while ( isspace( ( unsigned char ) *s ) )
			s++;
		e = s + strlen( s );
		while ( e > s && isspace( ( unsigned char ) e[-1] ) )
			*--e = '\0';
		strncpy( value, s, size - 1 );
		value[size - 1] = '\0';
		return 1;
	}
	return 0;
}

/* A hexadecimal id; returns 1 if the whole string parsed */
static int
cpuinfo_id( FILE *f, const char *key, unsigned long long *id )
{
	char value[PAPI_MIN_STR_LEN];
	char *end;

	*id = 0;
	if ( !cpuinfo_value( f, key, value, sizeof ( value ) ) || value[0] == '\0' )
		return 0;
	*id = strtoull( value, &end, 16 );
	return *end == '\0';
}

int
_linux_cpuinfo_count_cpus( FILE *f )
{
	char line[PAPI_HUGE_STR_LEN];
	int n = 0;
	char *s;

	rewind( f );
	while ( fgets( line, sizeof ( line ), f ) != NULL ) {
		if ( strncmp( line, "processor", 9 ) != 0 )
			continue;
		for ( s = line + 9; *s == ' ' || *s == '\t'; s++ )
			;
		if ( *s == ':' )
			n++;
	}
	return n;
}

/* The isa at most "room" characters long: whole if it fits, else up to */
/* the last '_' that leaves room for "_..." (the base, e.g. rv64imafdch, */
/* is one token), then "_...".                                          */
static void
riscv_isa_fit( char *out, const char *isa, size_t size, size_t room )
{
	size_t len = strlen( isa ), cut = 0, i;

	if ( room >= size )
		room = size - 1;
	if ( len <= room ) {
		strcpy( out, isa );
		return;
	}
	for ( i = 1; i < len && i + 4 <= room; i++ )
		if ( isa[i] == '_' )
			cut = i;
	if ( cut == 0 ) {
		/* not even the base: only the mark */
		snprintf( out, size, "%s", room >= 3 ? "..." : "" );
		return;
	}
	memcpy( out, isa, cut );
	strcpy( out + cut, "_..." );
}

/* "core (isa, marchid 0x.., mimpid 0x..)" in the model string, the isa */
/* shortened to what the core and the ids leave of PAPI_MAX_STR_LEN     */
static void
riscv_model_string( char *model, const char *core, const char *isa,
		    int have_ids, unsigned long long marchid,
		    unsigned long long mimpid )
{
	char ids[PAPI_MIN_STR_LEN], fit[PAPI_HUGE_STR_LEN];
	size_t used;

	if ( have_ids )
		snprintf( ids, sizeof ( ids ), ", marchid 0x%llx, mimpid 0x%llx",
			  marchid, mimpid );
	else
		ids[0] = '\0';
	/* core (at most 40), " (", the isa, the ids, ")" and the NUL */
	used = strnlen( core, 40 ) + 2 + strlen( ids ) + 1 + 1;
	riscv_isa_fit( fit, isa, sizeof ( fit ),
		       used < PAPI_MAX_STR_LEN ? PAPI_MAX_STR_LEN - used : 0 );
	snprintf( model, PAPI_MAX_STR_LEN, "%.40s (%s%s)", core, fit, ids );
}

int
_linux_decode_cpuinfo_riscv( FILE *f, PAPI_hw_info_t *hwinfo )
{
	char isa[PAPI_HUGE_STR_LEN], uarch[PAPI_MIN_STR_LEN];
	char hart[PAPI_MIN_STR_LEN];
	unsigned long long mvendorid, marchid, mimpid;
	int have_vendor, have_arch, have_imp;

	/* every RISC-V kernel prints "hart" and "isa" for each hart */
	if ( !cpuinfo_value( f, "hart", hart, sizeof ( hart ) ) ||
	     !cpuinfo_value( f, "isa", isa, sizeof ( isa ) ) ||
	     strncmp( isa, "rv", 2 ) != 0 )
		return PAPI_ENOSUPP;

	if ( !cpuinfo_value( f, "uarch", uarch, sizeof ( uarch ) ) )
		uarch[0] = '\0';
	have_vendor = cpuinfo_id( f, "mvendorid", &mvendorid );
	have_arch = cpuinfo_id( f, "marchid", &marchid );
	have_imp = cpuinfo_id( f, "mimpid", &mimpid );

	if ( ( have_vendor && mvendorid == RISCV_MVENDORID_SIFIVE ) ||
	     ( !have_vendor && strncmp( uarch, "sifive,", 7 ) == 0 ) ) {
		hwinfo->vendor = PAPI_VENDOR_SIFIVE;
		strcpy( hwinfo->vendor_string, "SiFive" );
	} else {
		hwinfo->vendor = PAPI_VENDOR_RISCV;
		if ( have_vendor && mvendorid == RISCV_MVENDORID_THEAD )
			strcpy( hwinfo->vendor_string, "T-Head" );
		else if ( have_vendor && mvendorid == RISCV_MVENDORID_SPACEMIT )
			strcpy( hwinfo->vendor_string, "SpacemiT" );
		else if ( have_vendor )
			snprintf( hwinfo->vendor_string, PAPI_MAX_STR_LEN,
				  "RISC-V mvendorid 0x%llx", mvendorid );
		else
			strcpy( hwinfo->vendor_string, "RISC-V" );
	}

	/* The kernel names no core: its uarch (device tree) string, if any */
	riscv_model_string( hwinfo->model_string,
			    uarch[0] != '\0' ? uarch : "RISC-V", isa,
			    have_vendor || have_arch || have_imp, marchid,
			    mimpid );

	hwinfo->model = ( int ) ( marchid & 0x7fffffffULL );
	hwinfo->cpuid_family = ( int ) ( mvendorid & 0x7fffffffULL );
	hwinfo->cpuid_model = ( int ) ( marchid & 0x7fffffffULL );
	hwinfo->cpuid_stepping = ( int ) ( mimpid & 0x7fffffffULL );
	hwinfo->revision = 0.0;

	return PAPI_OK;
}
