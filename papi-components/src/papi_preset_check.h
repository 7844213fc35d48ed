/*
 * File:    papi_preset_check.h
 *
 * Checks a derived event's postfix formula when the event table is loaded
 * (papi_preset_check.c).
 */

#ifndef _PAPI_PRESET_CHECK_H
#define _PAPI_PRESET_CHECK_H

/* 1 if _papi_hwi_postfix_calc() can evaluate 'postfix' for a definition   */
/* of 'nevents' native events (every N<i> with i < nevents, no unknown    */
/* character, no operator without two operands, one value left); else 0.  */
int _papi_preset_postfix_ok( const char *postfix, unsigned int nevents );

#endif
