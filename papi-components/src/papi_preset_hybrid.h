/*
 * File:    papi_preset_hybrid.h
 *
 * Presets on a machine with several core PMUs (big.LITTLE): each preset is
 * the sum of every core type's definition, each with its own PMU's native
 * events; a preset that some core type does not define is unavailable
 * (papi_preset_hybrid.c).
 */

#ifndef _PAPI_PRESET_HYBRID_H
#define _PAPI_PRESET_HYBRID_H

#include <stddef.h>

/* The core PMUs (libpfm4 names and ids, the default one first) whose     */
/* preset sections are summed; n < 2 (or names NULL): none, the presets   */
/* are those of the one PMU given to _papi_load_preset_table()            */
void _papi_preset_hybrid_set( const char **names, const int *ids, int n );

/* 1 if the presets are summed over several core PMUs                     */
int _papi_preset_hybrid_active( void );

/* A term of a preset definition read while one core PMU's section is     */
/* loaded: a native event name without a PMU prefix is given that PMU's   */
/* (written into buf), so that it never resolves to another PMU's event;  */
/* anything else (a qualified name, a PAPI_ preset) is returned as is     */
char *_papi_preset_hybrid_term( char *term, char *buf, size_t size );

/* Load the presets of component cidx: load_one(name, id, cidx) loads one */
/* PMU's section into _papi_hwi_presets; each preset every PMU defines    */
/* becomes their sum, the others stay unavailable                         */
int _papi_preset_hybrid_load( int cidx,
			      int ( *load_one ) ( char *, int, int ) );

#endif
