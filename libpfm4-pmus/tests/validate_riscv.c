/*
 * validate_riscv.c - validate RISC-V event tables + encodings
 *
 * Copyright (c) 2026 @COPYRIGHT_HOLDER@
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
 *
 * Expected codes are those of the event data (Linux perf's event lists of
 * each core and the SBI firmware events), not copied from the libpfm4
 * tables, so that a wrong table entry fails here: validate_riscv_*.h hold
 * a sample of each RISC-V PMU's events and the number of events of each
 * PMU, made from those lists by name and code (their headers say which),
 * one header per group of PMUs added together. This file adds the
 * combinations, errors and modifiers.
 */
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <inttypes.h>
#include <stdarg.h>
#include <errno.h>
#include <unistd.h>
#include <string.h>

#include <perfmon/pfmlib.h>
#ifdef __linux__
#include <perfmon/pfmlib_perf_event.h>
#endif

#define MAX_ENCODING	1
#define SRC_LINE	.line = __LINE__

typedef struct {
	const char *name;
	const char *fstr;
	uint64_t codes[MAX_ENCODING];
	int ret, count, line;
} test_event_t;

/* perf_event encoding: type and config */
typedef struct {
	const char *name;
	uint32_t type;
	uint64_t config;
	int ret, line;
} test_perf_event_t;

/* number of events (aliases included) a PMU has */
typedef struct {
	const char *pmu;
	int nevents;
} test_nevents_t;

#include "validate_riscv_base.h"

static const test_event_t riscv_test_events[]={
	/*
	 * a sample of every PMU's events, aliases, unit masks and
	 * firmware events: the validate_riscv_*.h headers
	 */
	/* combinations: the union of bits of one class on one counter */
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:INT_LOAD:FP_LOAD",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x80200,
	  .fstr = "sifive_u74::INSTRUCTION_COMMIT:INT_LOAD:FP_LOAD",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:FP_LOAD:INT_LOAD",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x80200,
	  .fstr = "sifive_u74::INSTRUCTION_COMMIT:INT_LOAD:FP_LOAD",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:INT_STORE:FP_STORE",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x100400,
	  .fstr = "sifive_u74::INSTRUCTION_COMMIT:INT_STORE:FP_STORE",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:COND_BRANCH:JAL:JALR",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x1c000,
	  .fstr = "sifive_u74::INSTRUCTION_COMMIT:COND_BRANCH:JAL:JALR",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:FP_ADD:FP_MUL:FP_FMA:FP_DIV_SQRT:FP_OTHER",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x3e00000,
	  .fstr = "sifive_u74::INSTRUCTION_COMMIT:FP_ADD:FP_MUL:FP_FMA:FP_DIV_SQRT:FP_OTHER",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:EXCEPTION:INT_LOAD:INT_STORE:ATOMIC:SYSTEM:INT_ARITH:COND_BRANCH:JAL:JALR:INT_MUL:INT_DIV:FP_LOAD:FP_STORE:FP_ADD:FP_MUL:FP_FMA:FP_DIV_SQRT:FP_OTHER",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x3ffff00,
	  .fstr = "sifive_u74::INSTRUCTION_COMMIT:EXCEPTION:INT_LOAD:INT_STORE:ATOMIC:SYSTEM:INT_ARITH:COND_BRANCH:JAL:JALR:INT_MUL:INT_DIV:FP_LOAD:FP_STORE:FP_ADD:FP_MUL:FP_FMA:FP_DIV_SQRT:FP_OTHER",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::MICROARCHITECTURAL:BR_DIR_MISPRED:BR_TARGET_MISPRED",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x6001,
	  .fstr = "sifive_u74::MICROARCHITECTURAL:BR_DIR_MISPRED:BR_TARGET_MISPRED",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::MICROARCHITECTURAL:ADDRGEN_INTERLOCK:LONGLAT_INTERLOCK:CSR_INTERLOCK:ICACHE_BUSY:DCACHE_BUSY:BR_DIR_MISPRED:BR_TARGET_MISPRED:FLUSH_CSR_WRITE:FLUSH_OTHER:INT_MUL_INTERLOCK:FP_INTERLOCK",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x7ff01,
	  .fstr = "sifive_u74::MICROARCHITECTURAL:ADDRGEN_INTERLOCK:LONGLAT_INTERLOCK:CSR_INTERLOCK:ICACHE_BUSY:DCACHE_BUSY:BR_DIR_MISPRED:BR_TARGET_MISPRED:FLUSH_CSR_WRITE:FLUSH_OTHER:INT_MUL_INTERLOCK:FP_INTERLOCK",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::MEMORY_SYSTEM:ITLB_MISS:DTLB_MISS:UTLB_MISS",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x3802,
	  .fstr = "sifive_u74::MEMORY_SYSTEM:ITLB_MISS:DTLB_MISS:UTLB_MISS",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::MEMORY_SYSTEM:ICACHE_MISS:DCACHE_MISS:DCACHE_WRITEBACK:ITLB_MISS:DTLB_MISS:UTLB_MISS",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x3f02,
	  .fstr = "sifive_u74::MEMORY_SYSTEM:ICACHE_MISS:DCACHE_MISS:DCACHE_WRITEBACK:ITLB_MISS:DTLB_MISS:UTLB_MISS",
	},
	/* a unit mask given twice counts once */
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:INT_LOAD:INT_LOAD",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x200,
	  .fstr = "sifive_u74::INSTRUCTION_COMMIT:INT_LOAD",
	},
	/* fixed counters: the perf generic hardware ids, no mhpmevent value */
	{ SRC_LINE,
	  .name = "sifive_u74::CYCLES",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x0,
	  .fstr = "sifive_u74::CYCLES",
	},
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTIONS",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x1,
	  .fstr = "sifive_u74::INSTRUCTIONS",
	},
	{ SRC_LINE,
	  .name = "riscv::CYCLES",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x0,
	  .fstr = "riscv::CYCLES",
	},
	{ SRC_LINE,
	  .name = "riscv::INSTRUCTIONS",
	  .ret  = PFM_SUCCESS,
	  .count = 1,
	  .codes[0] = 0x1,
	  .fstr = "riscv::INSTRUCTIONS",
	},
	/* errors */
	/* cross-class combination */
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:INT_LOAD:ICACHE_MISS",
	  .ret  = PFM_ERR_ATTR,
	},
	/* cross-class combination */
	{ SRC_LINE,
	  .name = "sifive_u74::MEMORY_SYSTEM:DCACHE_MISS:BR_DIR_MISPRED",
	  .ret  = PFM_ERR_ATTR,
	},
	/* unknown unit mask */
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:NO_SUCH_UMASK",
	  .ret  = PFM_ERR_ATTR,
	},
	/* combinable event without a bit */
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT",
	  .ret  = PFM_ERR_UMASK,
	},
	/* per-bit events take no unit mask */
	{ SRC_LINE,
	  .name = "sifive_u74::INTEGER_LOAD_RETIRED:INT_LOAD",
	  .ret  = PFM_ERR_ATTR,
	},
	/* no raw unit masks */
	{ SRC_LINE,
	  .name = "sifive_u74::INSTRUCTION_COMMIT:0x200",
	  .ret  = PFM_ERR_ATTR,
	},
	/* no privilege level modifiers */
	{ SRC_LINE,
	  .name = "sifive_u74::CYCLES:k",
	  .ret  = PFM_ERR_ATTR,
	},
	/* no privilege level modifiers */
	{ SRC_LINE,
	  .name = "sifive_u74::CYCLES:u=1",
	  .ret  = PFM_ERR_ATTR,
	},
	/* unknown event */
	{ SRC_LINE,
	  .name = "sifive_u74::NO_SUCH_EVENT",
	  .ret  = PFM_ERR_NOTFOUND,
	},
	/* U74 events are not generic */
	{ SRC_LINE,
	  .name = "riscv::INTEGER_LOAD_RETIRED",
	  .ret  = PFM_ERR_NOTFOUND,
	},
	/* U74 events are not generic */
	{ SRC_LINE,
	  .name = "riscv::INSTRUCTION_COMMIT:INT_LOAD",
	  .ret  = PFM_ERR_NOTFOUND,
	},
};
#define NUM_TEST_EVENTS(t) (int)(sizeof(t)/sizeof(test_event_t))
#define NUM_NEVENTS(t) (int)(sizeof(t)/sizeof(test_nevents_t))

static int
check_test_events(FILE *fp, const test_event_t *events, int n)
{
	const test_event_t *e;
	char *fstr;
	uint64_t *codes;
	int count, i, j;
	int ret, errors = 0;

	for (i = 0, e = events; i < n; i++, e++) {
		codes = NULL;
		count = 0;
		fstr = NULL;
		ret = pfm_get_event_encoding(e->name, PFM_PLM0 | PFM_PLM3, &fstr, NULL, &codes, &count);
		if (ret != e->ret) {
			fprintf(fp,"Line %d, Event%d %s, ret=%s(%d) expected %s(%d)\n", e->line, i, e->name, pfm_strerror(ret), ret, pfm_strerror(e->ret), e->ret);
			errors++;
		} else {
			if (ret != PFM_SUCCESS) {
				if (fstr) {
					fprintf(fp,"Line %d, Event%d %s, expected fstr NULL but it is not\n", e->line, i, e->name);
					errors++;
				}
				if (count != 0) {
					fprintf(fp,"Line %d, Event%d %s, expected count=0 instead of %d\n", e->line, i, e->name, count);
					errors++;
				}
				if (codes) {
					fprintf(fp,"Line %d, Event%d %s, expected codes[] NULL but it is not\n", e->line, i, e->name);
					errors++;
				}
			} else {
				if (count != e->count) {
					fprintf(fp,"Line %d, Event%d %s, count=%d expected %d\n", e->line, i, e->name, count, e->count);
					errors++;
				}
				for (j=0; j < count; j++) {
					if (codes[j] != e->codes[j]) {
						fprintf(fp,"Line %d, Event%d %s, codes[%d]=%#"PRIx64" expected %#"PRIx64"\n", e->line, i, e->name, j, codes[j], e->codes[j]);
						errors++;
					}
				}
				if (e->fstr && strcmp(fstr, e->fstr)) {
					fprintf(fp,"Line %d, Event%d %s, fstr=%s expected %s\n", e->line, i, e->name, fstr, e->fstr);
					errors++;
				}
			}
		}
		if (codes)
			free(codes);
		if (fstr)
			free(fstr);
	}
	printf("\t %d RISC-V events: %d errors\n", i, errors);
	return errors;
}

#ifdef __linux__
/*
 * perf_event encoding: raw events as PERF_TYPE_RAW with config = mhpmevent
 * value (bit 63 for firmware events), fixed counters as generic hardware
 * events; all privilege levels (no exclude_*), since no RISC-V PMU here
 * filters by level.
 */
static const test_perf_event_t riscv_perf_test_events[]={
	/* modifiers the hardware cannot honour are not offered */
	{ SRC_LINE, .name = "sifive_u74::CYCLES:u", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "sifive_u74::CYCLES:k=1", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "sifive_u74::INTEGER_LOAD_RETIRED:h", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "sifive_u74::DATA_TLB_MISS:period=10000", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "sifive_u74::DATA_TLB_MISS:freq=100", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "sifive_u74::DATA_TLB_MISS:precise=1", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "riscv::CYCLES:u", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "riscv::FW_SET_TIMER:mg", .ret = PFM_ERR_ATTR },
	{ SRC_LINE, .name = "sifive_u74::INSTRUCTION_COMMIT:INT_LOAD:ICACHE_MISS", .ret = PFM_ERR_ATTR },
};
#define NUM_PERF_TEST_EVENTS(t) (int)(sizeof(t)/sizeof(test_perf_event_t))

static int
check_perf_test_events(FILE *fp, const test_perf_event_t *events, int n)
{
	const test_perf_event_t *e;
	pfm_perf_encode_arg_t arg;
	struct perf_event_attr attr;
	int i, ret, errors = 0;

	for (i = 0, e = events; i < n; i++, e++) {
		memset(&arg, 0, sizeof(arg));
		memset(&attr, 0, sizeof(attr));
		arg.attr = &attr;
		arg.size = sizeof(arg);
		ret = pfm_get_os_event_encoding(e->name, PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
		if (ret != e->ret) {
			fprintf(fp,"Line %d, perf event%d %s, ret=%s(%d) expected %s(%d)\n", e->line, i, e->name, pfm_strerror(ret), ret, pfm_strerror(e->ret), e->ret);
			errors++;
			continue;
		}
		if (ret != PFM_SUCCESS)
			continue;
		if (attr.type != e->type || attr.config != e->config) {
			fprintf(fp,"Line %d, perf event%d %s, type=%u config=%#"PRIx64" expected type=%u config=%#"PRIx64"\n",
				e->line, i, e->name, attr.type, (uint64_t)attr.config, e->type, e->config);
			errors++;
		}
		if (attr.exclude_user || attr.exclude_kernel || attr.exclude_hv) {
			fprintf(fp,"Line %d, perf event%d %s, exclude_user=%d exclude_kernel=%d exclude_hv=%d expected 0\n",
				e->line, i, e->name, attr.exclude_user, attr.exclude_kernel, attr.exclude_hv);
			errors++;
		}
	}
	printf("\t %d RISC-V perf_event encodings: %d errors\n", i, errors);
	return errors;
}
#endif

/*
 * Each PMU has the events of its list, no more: the count of the list plus
 * aliases, class events, fixed counters and firmware events.
 */
static int
check_nevents(FILE *fp, const test_nevents_t *counts, int n)
{
	const test_nevents_t *t;
	pfm_pmu_info_t info;
	pfm_pmu_t pmu;
	int i, found, errors = 0;

	for (i = 0, t = counts; i < n; i++, t++) {
		found = 0;
		pfm_for_all_pmus(pmu) {
			memset(&info, 0, sizeof(info));
			info.size = sizeof(info);
			if (pfm_get_pmu_info(pmu, &info) != PFM_SUCCESS || strcmp(info.name, t->pmu))
				continue;
			found = 1;
			if (info.nevents != t->nevents) {
				fprintf(fp, "PMU %s has %d events, expected %d\n", t->pmu, info.nevents, t->nevents);
				errors++;
			}
		}
		if (!found) {
			fprintf(fp, "PMU %s not found\n", t->pmu);
			errors++;
		}
	}
	printf("\t %d RISC-V PMUs' numbers of events: %d errors\n", i, errors);
	return errors;
}

int
validate_arch(FILE *fp)
{
	int errors;

	errors = check_test_events(fp, riscv_test_events, NUM_TEST_EVENTS(riscv_test_events));
	errors += check_test_events(fp, riscv_base_test_events, NUM_TEST_EVENTS(riscv_base_test_events));
	errors += check_nevents(fp, riscv_base_nevents, NUM_NEVENTS(riscv_base_nevents));
#ifdef __linux__
	errors += check_perf_test_events(fp, riscv_perf_test_events,
					 NUM_PERF_TEST_EVENTS(riscv_perf_test_events));
	errors += check_perf_test_events(fp, riscv_base_perf_test_events,
					 NUM_PERF_TEST_EVENTS(riscv_base_perf_test_events));
#endif
	return errors;
}
