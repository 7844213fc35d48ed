/*
 * File:    pe_hybrid.h
 *
 * Several core PMUs (big.LITTLE, heterogeneous CPUs): the perf_event
 * component keeps the first as its default PMU and the others in a list,
 * opens an event set as one perf group per PMU, and refuses to multiplex
 * core events there (pe_hybrid.c).
 */

#ifndef _PE_HYBRID_H
#define _PE_HYBRID_H

#include "perfmon/pfmlib.h"

/* Most core PMUs kept (a larger machine keeps its first ones) */
#define PE_HYBRID_MAX_CORE_PMUS 8

/* Forget the core PMUs (component init starts the list again)           */
void _pe_hybrid_forget( void );

/* Record a model-specific core PMU; returns its position: 0 for the      */
/* first, which is the component's default PMU, -1 if the list is full,   */
/* -2 if its events open on the same kernel PMU (perf type) as those of a */
/* PMU recorded before: not another core PMU to count with                */
int _pe_hybrid_add_core_pmu( const pfm_pmu_info_t *pinfo );

/* Number of core PMUs recorded: more than 1 on a hybrid machine         */
int _pe_hybrid_num_core_pmus( void );

/* The model string of an Arm machine from the core PMUs' descriptions: */
/* the first one's ("ARM Cortex A53"), then each other core type's     */
/* appended ("ARM Cortex A53 + ARM Cortex A72"); position is what      */
/* _pe_hybrid_add_core_pmu() gave (a negative one adds nothing)        */
void _pe_hybrid_model_string( char *model, size_t size, int position,
			      const char *desc );

/* The presets of component cidx are then the sum over every core PMU's  */
/* definition (papi_preset_hybrid.c): tell the preset loader which PMUs  */
void _pe_hybrid_register_presets( void );

/* Counters of all the core PMUs together                                */
int _pe_hybrid_num_counters( void );

#ifdef _PE_HYBRID_CONTROL
/* Event i's group leader (an index < i), or -1 if event i leads a group. */
/* One group on a machine with one core PMU (event 0 leads), one group   */
/* per perf type on a hybrid machine: the kernel refuses a group whose   */
/* events are on two hardware PMUs.                                      */
int _pe_hybrid_leader( const pe_control_t *ctl, int i );

/* Number of groups (leaders) of the control state                       */
int _pe_hybrid_groups( const pe_control_t *ctl );

/* Read every group (PERF_FORMAT_GROUP) into ctl->counts, unscaled: an   */
/* event of one core type does not run while the thread is on the other  */
/* type's CPUs, which is not multiplexing (time running < time enabled)  */
int _pe_hybrid_read_groups( pe_control_t *ctl );

/* 1 if multiplexing ctl must be refused: on a hybrid machine, a        */
/* hardware event counts only on its own core type's CPUs, so its time  */
/* running is below its time enabled whenever the thread runs elsewhere, */
/* and the scaling by them would inflate its count                       */
int _pe_hybrid_refuse_multiplex( const pe_control_t *ctl );
#endif

#endif
