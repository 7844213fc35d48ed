/*
 * File:    linux-sysfile.h
 *
 * Small /proc and /sys files (one line: a number, a CPU mask) read with
 * open(), read() and close() only.
 */

#ifndef _LINUX_SYSFILE_H
#define _LINUX_SYSFILE_H

#include <sys/types.h>

/* Reads the file's first line (up to size - 1 bytes) into buf, NUL-      */
/* terminated.  Returns its length, or -1 (errno set) if the file cannot */
/* be opened or read.                                                    */
ssize_t _linux_read_sysfile( const char *path, char *buf, size_t size );

/* The integer at the start of the file (as fscanf "%d"): 1 if read,     */
/* 0 if the file holds no number, -1 if it cannot be read.               */
int _linux_read_sysfile_int( const char *path, int *value );

/* The number of bits set in a file holding a hex mask (a CPU mask such */
/* as "00000000,00000003"), -1 if it cannot be read.                    */
int _linux_sysfile_count_bits( const char *path );

/* How many of 0, 1, 2, ... a kernel list file names consecutively from  */
/* 0 ("0-63" is 64, "0,2-3" is 1, "1-3" and "" are 0), as a loop over    */
/* cpu0, cpu1, ... directories that stops at the first missing one would */
/* count them; -1 if the file cannot be read or is not a list.  One read */
/* instead of one access() per CPU or node.                              */
int _linux_sysfile_list_prefix( const char *path );

#endif
