/*
 * File:    papi_preset_scan.h
 *
 * Fast skipping of the lines of other CPUs in the compiled-in event table
 * (papi_events_table.h) while papi_load_derived_events() looks for the
 * sections of one CPU.
 */

#ifndef _PAPI_PRESET_SCAN_H
#define _PAPI_PRESET_SCAN_H

/* Kinds of line, as papi_load_derived_events() parses them.              */
#define PAPI_PRESET_LINE_OTHER      0	/* anything else: parse it         */
#define PAPI_PRESET_LINE_COMMENT    1	/* first field starts with '#'     */
#define PAPI_PRESET_LINE_DEFINITION 2	/* first field is PRESET or EVENT  */
#define PAPI_PRESET_LINE_CPU        3	/* first field is CPU, name given  */

/* Kind of the line at 'line' (ending at '\n' or '\0').  For a CPU line,  */
/* *name and *name_len give the CPU name (second field, blanks trimmed).  */
int _papi_preset_line_kind( const char *line, const char **name,
			    size_t *name_len );

/* Outside the sections of 'pmu_name': advance *table past the lines that */
/* papi_load_derived_events() would ignore there (comments, definitions,  */
/* CPU lines of other names) without copying or tokenizing them.  Stops   */
/* at any other line (a CPU line of pmu_name, an empty or malformed line) */
/* or at the end of the table.  Returns the number of lines skipped.      */
int _papi_preset_skip_lines( char **table, const char *pmu_name );

#endif
