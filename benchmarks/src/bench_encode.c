/* bench_encode: resolve event names with our libpfm4 into the perf_event
 * encodings the raw perf side opens, before anything is timed.
 *   bench_encode [-d user|kernel|all] EVENT...    one NAME=encoding line each
 *   bench_encode -p                               the default PMU (or "none")
 * Exit status 3 (with one line per event) when an event is unknown. */
#include "bench.h"
#include <perfmon/pfmlib_perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int c, dom = DOM_USER, plm, i, bad = 0, ret;
	int want_pmu = 0;
	if (argc == 2 && !strcmp(argv[1], "-v")) {
		int v = pfm_get_version();
		printf("libpfm4 %d.%d\n", PFM_MAJ_VERSION(v), PFM_MIN_VERSION(v));
		return 0;
	}

	while ((c = getopt(argc, argv, "d:p")) != -1) {
		if (c == 'd' && (dom = domain_parse(optarg)) > 0)
			continue;
		if (c == 'p') {
			want_pmu = 1;
			continue;
		}
		fprintf(stderr, "usage: bench_encode [-d user|kernel|all] EVENT... | bench_encode -p\n");
		return 1;
	}
	if ((ret = pfm_initialize()) != PFM_SUCCESS) {
		fprintf(stderr, "bench_encode: libpfm4 initialisation failed: %s\n", pfm_strerror(ret));
		return 2;
	}
	if (want_pmu) {
		/* the first present core PMU, as PAPI's perf_event component picks it */
		pfm_pmu_t p;
		pfm_for_all_pmus(p) {
			pfm_pmu_info_t info;
			memset(&info, 0, sizeof info);
			info.size = sizeof info;
			if (pfm_get_pmu_info(p, &info) == PFM_SUCCESS && info.is_present &&
			    info.type == PFM_PMU_TYPE_CORE) {
				printf("%s\n", info.name);
				return 0;
			}
		}
		printf("none\n");
		return 0;
	}
	plm = 0;
	if (dom & DOM_USER)
		plm |= PFM_PLM3;
	if (dom & DOM_KERNEL)
		plm |= PFM_PLM0;
	for (i = optind; i < argc; i++) {
		struct perf_event_attr attr;
		pfm_perf_encode_arg_t arg;
		memset(&attr, 0, sizeof attr);
		memset(&arg, 0, sizeof arg);
		arg.size = sizeof arg;
		arg.attr = &attr;
		ret = pfm_get_os_event_encoding(argv[i], plm, PFM_OS_PERF_EVENT_EXT, &arg);
		if (ret != PFM_SUCCESS) {
			fprintf(stderr, "bench_encode: event %s: %s%s\n", argv[i], pfm_strerror(ret),
				ret == PFM_ERR_NOTFOUND ? " (not in this libpfm4 for this CPU's PMUs)" : "");
			bad = 1;
			continue;
		}
		printf("%s=%u:%#llx:%#llx:%#llx:%u:%u:%u\n", argv[i], attr.type,
		       (unsigned long long)attr.config, (unsigned long long)attr.config1,
		       (unsigned long long)attr.config2, attr.exclude_user, attr.exclude_kernel, attr.exclude_hv);
	}
	return bad ? 3 : 0;
}
