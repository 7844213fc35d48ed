/*
 * pfmlib_arm_detect.c : ARM core type detection from /proc/cpuinfo
 *
 * Copyright (c) 2026 The papi-riscv-arm contributors
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
 * of the Software, and to permit persons to whom the Software is furnished to do so,
 * subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
 * PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
 * HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
 * CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
 * OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 *
 * pfm_arm_detect() looks at every CPU listed in /proc/cpuinfo (through the
 * shared reader, so LIBPFM_PROC_CPUINFO applies), not only at the first one.
 * A CPU whose entry lacks "CPU implementer" or "CPU part" is skipped.
 *
 * On a heterogeneous (big.LITTLE) system, for instance an RK3399 with four
 * Cortex-A53 listed before two Cortex-A72, one core type is chosen and
 * pfm_arm_cfg describes that type only, so at most one ARM core PMU is
 * detected. Callers that take the first detected core PMU as the default
 * (PAPI does) thus get a single, predictable answer. The choice:
 *
 *  1. a type for which libpfm4 has a core PMU wins over one it does not know;
 *  2. then a big core wins over a LITTLE one (Cortex-A53, Cortex-A7);
 *  3. remaining ties go to the type listed first, as before.
 *
 * The chosen PMU prints the choice and its reason with LIBPFM_VERBOSE.
 */
#include <sys/types.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>

#include "pfmlib_priv.h"
#include "pfmlib_arm_priv.h"

#define ARM_MAX_CORE_TYPES	8

/*
 * Core types that have a core PMU in libpfm4. Keep in sync with the
 * pmu_detect routines: a type missing here is still detected on a
 * homogeneous system, but loses against listed types on a mixed one.
 */
typedef struct {
	int		implementer;
	int		part;
	int		part_mask;
	int		little;		/* LITTLE core of big.LITTLE pairs */
	pfm_pmu_t	pmu;
	const char	*name;
} arm_core_type_t;

static const arm_core_type_t arm_core_types[]={
	{ 0x41, 0xb76, 0xfff, 0, PFM_PMU_ARM_1176,	  "ARM1176" },
	{ 0x41, 0xc07, 0xfff, 1, PFM_PMU_ARM_CORTEX_A7,  "Cortex-A7" },
	{ 0x41, 0xc08, 0xfff, 0, PFM_PMU_ARM_CORTEX_A8,  "Cortex-A8" },
	{ 0x41, 0xc09, 0xfff, 0, PFM_PMU_ARM_CORTEX_A9,  "Cortex-A9" },
	{ 0x41, 0xc0f, 0xfff, 0, PFM_PMU_ARM_CORTEX_A15, "Cortex-A15" },
	{ 0x41, 0xd03, 0xfff, 1, PFM_PMU_ARM_CORTEX_A53, "Cortex-A53" },
	{ 0x41, 0xd07, 0xfff, 0, PFM_PMU_ARM_CORTEX_A57, "Cortex-A57" },
	{ 0x41, 0xd08, 0xfff, 0, PFM_PMU_ARM_CORTEX_A72, "Cortex-A72" },
	{ 0x41, 0xd0c, 0xfff, 0, PFM_PMU_ARM_N1,	  "Neoverse N1" },
	{ 0x41, 0xd40, 0xfff, 0, PFM_PMU_ARM_V1,	  "Neoverse V1" },
	{ 0x41, 0xd49, 0xfff, 0, PFM_PMU_ARM_N2,	  "Neoverse N2" },
	{ 0x41, 0xd4f, 0xfff, 0, PFM_PMU_ARM_V2,	  "Neoverse V2" },
	{ 0x42, 0x516, 0xfff, 0, PFM_PMU_ARM_THUNDERX2,  "ThunderX2" },
	{ 0x43, 0x0af, 0xfff, 0, PFM_PMU_ARM_THUNDERX2,  "ThunderX2" },
	{ 0x46, 0x001, 0xfff, 0, PFM_PMU_ARM_A64FX,	  "A64FX" },
	{ 0x48, 0xd01, 0xfff, 0, PFM_PMU_ARM_KUNPENG,	  "Kunpeng" },
	{ 0x50, 0x000, 0xfff, 0, PFM_PMU_ARM_XGENE,	  "X-Gene" },
	{ 0x51, 0x040, 0xfc0, 0, PFM_PMU_ARM_QCOM_KRAIT, "Krait" },
};
#define ARM_NUM_CORE_TYPES	(int)LIBPFM_ARRAY_SIZE(arm_core_types)

/* one core type found in cpuinfo */
typedef struct {
	int			implementer;
	int			part;
	int			architecture;
	int			ncpus;
	const arm_core_type_t	*known;	/* NULL: no libpfm4 PMU */
} arm_cpu_type_t;

static const arm_core_type_t *
arm_find_core_type(int implementer, int part)
{
	int i;

	for (i = 0; i < ARM_NUM_CORE_TYPES; i++) {
		if (arm_core_types[i].implementer == implementer &&
		    (part & arm_core_types[i].part_mask) == arm_core_types[i].part)
			return arm_core_types + i;
	}
	return NULL;
}

/* parse a hexadecimal cpuinfo value such as 0x41 or 0xd08 */
static int
arm_parse_hex(const char *str, int *val)
{
	unsigned long v;
	char *end;

	if (!str || !*str)
		return -1;
	v = strtoul(str, &end, 16);
	if (*end != '\0' || v > 0xffff)
		return -1;
	*val = (int)v;
	return 0;
}

static int
arm_type_rank(const arm_cpu_type_t *t)
{
	if (!t->known)
		return 0;
	return t->known->little ? 1 : 2;
}

static const char *
arm_type_name(const arm_cpu_type_t *t)
{
	return t->known ? t->known->name : "unknown core";
}

static void
arm_explain_choice(pfmlib_pmu_t *pmu, const arm_cpu_type_t *types, int ntypes,
		   const arm_cpu_type_t *best, int ncpus)
{
	const arm_cpu_type_t *t;
	const char *why;

	if (ntypes == 1) {
		__pfm_vbprintf("arm: %s: %d CPU(s), all %s (0x%x:0x%03x): core PMU %s\n",
			       pfmlib_cpuinfo_path(), ncpus, arm_type_name(best),
			       best->implementer, best->part, pmu->name);
		return;
	}
	__pfm_vbprintf("arm: %s: %d CPUs of %d core types: default core PMU %s "
		       "for %d x %s (0x%x:0x%03x); only this ARM core PMU is "
		       "reported as detected\n",
		       pfmlib_cpuinfo_path(), ncpus, ntypes, pmu->name,
		       best->ncpus, arm_type_name(best),
		       best->implementer, best->part);

	for (t = types; t < types + ntypes; t++) {
		if (t == best)
			continue;
		if (arm_type_rank(t) == 0)
			why = "libpfm4 has no PMU for it";
		else if (arm_type_rank(t) < arm_type_rank(best))
			why = "LITTLE core, a big core is preferred";
		else
			why = "listed after the chosen type";
		__pfm_vbprintf("arm:   not chosen: %d x %s (0x%x:0x%03x): %s\n",
			       t->ncpus, arm_type_name(t), t->implementer,
			       t->part, why);
	}
}

/*
 * Fill pfm_arm_cfg with the chosen core type. Returns PFM_SUCCESS, or
 * PFM_ERR_NOTSUPP when cpuinfo cannot be read or names no ARM core.
 */
int
pfm_arm_detect(void *this)
{
	pfmlib_pmu_t *pmu = this;
	arm_cpu_type_t types[ARM_MAX_CORE_TYPES], *best;
	pfmlib_cpuinfo_t ci;
	const char *str;
	int implementer, part;
	int i, j, ntypes = 0, ncpus = 0;

	if (pfmlib_cpuinfo_read(&ci) != PFM_SUCCESS)
		return PFM_ERR_NOTSUPP;

	for (i = 0; i < ci.nentries; i++) {
		if (arm_parse_hex(pfmlib_cpuinfo_value(&ci, i, "CPU implementer"), &implementer)
		    || arm_parse_hex(pfmlib_cpuinfo_value(&ci, i, "CPU part"), &part))
			continue;
		ncpus++;

		for (j = 0; j < ntypes; j++)
			if (types[j].implementer == implementer && types[j].part == part)
				break;
		if (j == ntypes) {
			if (ntypes == ARM_MAX_CORE_TYPES) {
				DPRINT("more than %d core types, 0x%x:0x%x ignored\n",
				       ARM_MAX_CORE_TYPES, implementer, part);
				continue;
			}
			types[j].implementer = implementer;
			types[j].part = part;
			types[j].ncpus = 0;
			types[j].known = arm_find_core_type(implementer, part);
			str = pfmlib_cpuinfo_value(&ci, i, "CPU architecture");
			types[j].architecture = str ? (int)strtol(str, NULL, 16) : 0;
			ntypes++;
		}
		types[j].ncpus++;
	}
	pfmlib_cpuinfo_free(&ci);

	if (ntypes == 0) {
		DPRINT("no CPU with CPU implementer and CPU part in %s\n",
		       pfmlib_cpuinfo_path());
		return PFM_ERR_NOTSUPP;
	}

	best = types;
	for (j = 1; j < ntypes; j++)
		if (arm_type_rank(types + j) > arm_type_rank(best))
			best = types + j;

	pfm_arm_cfg.implementer  = best->implementer;
	pfm_arm_cfg.part	 = best->part;
	pfm_arm_cfg.architecture = best->architecture;

	/* explain once per initialization: from the chosen core PMU only */
	if (pmu && pmu->type == PFM_PMU_TYPE_CORE && best->known
	    && best->known->pmu == pmu->pmu)
		arm_explain_choice(pmu, types, ntypes, best, ncpus);

	return PFM_SUCCESS;
}
