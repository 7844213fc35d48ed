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
 *   vendor_string   "SiFive", else "RISC-V mvendorid <id>"
 *   model_string    the core ("SiFive U74-MC", or the uarch string, or
 *                   "RISC-V"), then the isa and the ids in parentheses
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

/* SiFive's JEDEC id (bank 10, 0x09) as found in mvendorid */
#define RISCV_MVENDORID_SIFIVE	0x489ULL
/* SiFive 7 series (U74, S7, E7) */
#define RISCV_MARCHID_SIFIVE_7	0x8000000000000007ULL

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

int
_linux_decode_cpuinfo_riscv( FILE *f, PAPI_hw_info_t *hwinfo )
{
	char isa[PAPI_MIN_STR_LEN], uarch[PAPI_MIN_STR_LEN];
	char hart[PAPI_MIN_STR_LEN], core[PAPI_MIN_STR_LEN];
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
		if ( have_vendor )
			snprintf( hwinfo->vendor_string, PAPI_MAX_STR_LEN,
				  "RISC-V mvendorid 0x%llx", mvendorid );
		else
			strcpy( hwinfo->vendor_string, "RISC-V" );
	}

	/* Name the core */
	if ( hwinfo->vendor == PAPI_VENDOR_SIFIVE &&
	     ( strcmp( uarch, "sifive,u74-mc" ) == 0 ||
	       ( uarch[0] == '\0' && have_arch &&
		 marchid == RISCV_MARCHID_SIFIVE_7 ) ) )
		strcpy( core, "SiFive U74-MC" );
	else if ( uarch[0] != '\0' )
		snprintf( core, sizeof ( core ), "%s", uarch );
	else
		strcpy( core, "RISC-V" );

	if ( have_vendor || have_arch || have_imp )
		snprintf( hwinfo->model_string, PAPI_MAX_STR_LEN,
			  "%.40s (%.32s, marchid 0x%llx, mimpid 0x%llx)",
			  core, isa, marchid, mimpid );
	else
		snprintf( hwinfo->model_string, PAPI_MAX_STR_LEN,
			  "%.40s (%.32s)", core, isa );

	hwinfo->model = ( int ) ( marchid & 0x7fffffffULL );
	hwinfo->cpuid_family = ( int ) ( mvendorid & 0x7fffffffULL );
	hwinfo->cpuid_model = ( int ) ( marchid & 0x7fffffffULL );
	hwinfo->cpuid_stepping = ( int ) ( mimpid & 0x7fffffffULL );
	hwinfo->revision = 0.0;

	return PAPI_OK;
}
