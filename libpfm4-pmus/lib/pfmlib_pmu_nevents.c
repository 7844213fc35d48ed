/*
 * pfmlib_pmu_nevents.c : number of events of each PMU, computed once
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
 * CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
 * SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */

/*
 * pfm_get_pmu_info() reports the number of events of a PMU.  For the PMUs
 * with a get_num_events callback (AMD64 and Intel x86) that walks the whole
 * event table, keeping the events of the PMU's own model or revision; the
 * others report the size of their table.  Tools such as PAPI call
 * pfm_get_pmu_info() on every PMU id at start-up, detected or not, and more
 * than once, so on x86 these walks are most of their libpfm4 start-up cost.
 * The number cannot change between pfm_initialize() and pfm_terminate():
 * compute it on first use and keep it until then.
 *
 * The number depends on the PMU, not on the host, so it is the same whether
 * the PMU is detected or not.  It is also the number of events
 * pfm_get_event_next() walks for the PMU.
 */
#include <string.h>

#include "pfmlib_priv.h"

/* number of events + 1 per PMU id; 0: not computed yet */
static int pfmlib_nevents[PFM_PMU_MAX];

static int
pfmlib_pmu_count_events(pfmlib_pmu_t *pmu)
{
	if (pmu->get_num_events)
		return pmu->get_num_events(pmu);
	return pmu->pme_count;
}

int
pfmlib_pmu_nevents(pfmlib_pmu_t *pmu)
{
	int *n;

	if (pmu->pmu >= PFM_PMU_MAX)
		return pfmlib_pmu_count_events(pmu);

	n = &pfmlib_nevents[pmu->pmu];
	if (*n == 0)
		*n = pfmlib_pmu_count_events(pmu) + 1;
	return *n - 1;
}

void
pfmlib_pmu_nevents_reset(void)
{
	memset(pfmlib_nevents, 0, sizeof(pfmlib_nevents));
}
