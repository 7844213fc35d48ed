/*
 * Seed generator for the pfm-event-PMU corpora (fuzz/README.md, "Corpora"):
 * writes into DIR one file per event string taken from the event table of
 * the PMU forced with LIBPFM_FORCE_PMU: every event that has unit masks and
 * every STEP-th other one, by its full name, with its first unit mask, with
 * a modifier, bare; and the PMU prefix alone, a perf and a perf_raw event.
 * Built and run by "make fuzz-seeds"; its output is committed.
 */
#include <perfmon/pfmlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
put(const char *dir, const char *pmu, int n, const char *s)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s-%03d", dir, pmu, n);
	f = fopen(path, "w");
	if (!f || fputs(s, f) == EOF || fclose(f)) {
		perror(path);
		exit(1);
	}
}

int
main(int argc, char **argv)
{
	pfm_event_info_t ev;
	pfm_event_attr_info_t at;
	pfm_pmu_info_t pinfo;
	char s[1024];
	int i, a, n = 0, k = 0, step, pmu = -1;

	if (argc != 4) {
		fprintf(stderr, "usage: seed_events PMU STEP DIR\n");
		return 2;
	}
	step = atoi(argv[2]);
	setenv("LIBPFM_FORCE_PMU", argv[1], 1);
	if (pfm_initialize() != PFM_SUCCESS)
		return 1;
	pfm_for_all_pmus(i) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(i, &pinfo) == PFM_SUCCESS && pinfo.is_present &&
		    !strcmp(pinfo.name, argv[1]))
			pmu = i;
	}
	if (pmu < 0) {
		fprintf(stderr, "seed_events: no PMU %s\n", argv[1]);
		return 1;
	}
	memset(&pinfo, 0, sizeof(pinfo));
	pinfo.size = sizeof(pinfo);
	pfm_get_pmu_info(pmu, &pinfo);
	for (i = pinfo.first_event; i != -1; i = pfm_get_event_next(i), k++) {
		const char *umask = NULL, *mod = NULL;

		memset(&ev, 0, sizeof(ev));
		ev.size = sizeof(ev);
		if (pfm_get_event_info(i, PFM_OS_PERF_EVENT_EXT, &ev) != PFM_SUCCESS)
			continue;
		for (a = 0; a < ev.nattrs; a++) {
			memset(&at, 0, sizeof(at));
			at.size = sizeof(at);
			if (pfm_get_event_attr_info(i, a, PFM_OS_PERF_EVENT_EXT, &at) != PFM_SUCCESS)
				continue;
			if (at.type == PFM_ATTR_UMASK && !umask)
				umask = at.name;
			if (at.type != PFM_ATTR_UMASK && !mod)
				mod = at.name;
		}
		/* every event with unit masks, every STEP-th of the others */
		if (k % step && !umask)
			continue;
		snprintf(s, sizeof(s), "%s::%s", argv[1], ev.name);
		put(argv[3], argv[1], n++, s);
		if (umask) {
			snprintf(s, sizeof(s), "%s::%s:%s", argv[1], ev.name, umask);
			put(argv[3], argv[1], n++, s);
		}
		if (mod) {
			snprintf(s, sizeof(s), "%s:%s=1:%s", ev.name, mod, mod);
			put(argv[3], argv[1], n++, s);
		}
	}
	snprintf(s, sizeof(s), "%s::", argv[1]);
	put(argv[3], argv[1], n++, s);
	put(argv[3], argv[1], n++, "perf::CYCLES:u");
	put(argv[3], argv[1], n++, "perf_raw::r1b:k=1");
	printf("%s: %d seeds from %d events\n", argv[1], n, k);
	return 0;
}
