/*
 * File:    linux-perf-access.h
 *
 * What decides a user's access to perf_event, asked once per
 * PAPI_library_init() for all the components that need it
 * (linux-perf-access.c).
 */

#ifndef _LINUX_PERF_ACCESS_H
#define _LINUX_PERF_ACCESS_H

/* kernel.perf_event_paranoid (/proc/sys/kernel/perf_event_paranoid),     */
/* read once per PAPI_library_init() for all the components that ask:     */
/* as _linux_read_sysfile_int() (linux-sysfile.h).                        */
int _linux_perf_event_paranoid( int *level );

/* Forget the answer: the next caller reads again (called by            */
/* _papi_hwi_init_os(), so that each initialization sees the current    */
/* settings).                                                           */
void _linux_perf_access_forget( void );

#endif
