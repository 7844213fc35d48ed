/*
 * File:    pe_uncovered.h
 *
 * CPUs whose core PMU no libpfm4 PMU encodes for (a core type libpfm4 has
 * no table for, beside one it has: an unknown little core of a big.LITTLE
 * SoC).  A core event counts only while the thread runs on its own PMU's
 * CPUs, so a count of a thread would silently miss its time on those:
 * such counts are refused (pe_uncovered.c).
 */

#ifndef _PE_UNCOVERED_H
#define _PE_UNCOVERED_H

#include "papi.h"

/* Find the kernel's core PMUs (those whose sysfs directory has a "cpus"  */
/* file) that none of libpfm4's present core PMUs opens its events on; if */
/* there are such, mark the component partially disabled, naming them    */
/* and their CPUs (after any reason given before)                          */
void _pe_uncovered_init( PAPI_component_info_t *info );

#ifdef _PE_UNCOVERED_CONTROL
/* PAPI_OK, or PAPI_ECNFLCT (with PAPIERROR once per process) if an     */
/* event of ctl would count on a core PMU but miss the uncovered CPUs:   */
/* a count of a thread, or of one of those CPUs                           */
int _pe_uncovered_check( const pe_control_t *ctl );
#endif

#endif
