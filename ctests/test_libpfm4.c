/*
 * Unit tests of a libpfm4 build (host or cross): the library initialises, and
 * its generic perf PMU encodes events as the kernel's perf_event ABI defines
 * them. Expected values come from <linux/perf_event.h>, not from libpfm4.
 * Every PMU's event count (pfm_get_pmu_info) is the number of events its
 * enumeration walks, detected or not, as in 4.13.0 (libpfm4 patch 0021
 * only computes it once).  An event's attributes (pfm_get_event_attr_info)
 * are the same in any order of calls and from several threads at once as
 * from a fresh initialization (libpfm4 patch 0035 keeps the last event's
 * list instead of building it at every call).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <cmocka.h>

#include <perfmon/pfmlib_perf_event.h>
static int
pfm_setup(void **state)
{
	(void)state;
	return pfm_initialize() == PFM_SUCCESS ? 0 : -1;
}

static int
pfm_teardown(void **state)
{
	(void)state;
	pfm_terminate();
	return 0;
}

static void
test_libpfm4_version(void **state)
{
	(void)state;
	/* pfm_get_version() is the API version (4.0 in every 4.x release) */
	assert_int_equal(pfm_get_version(), LIBPFM_VERSION);
	assert_int_equal(PFM_MAJ_VERSION(pfm_get_version()), 4);
}

/* encode one event for perf_event_open; returns the libpfm4 error code */
static int
encode(const char *name, struct perf_event_attr *attr)
{
	pfm_perf_encode_arg_t arg;

	memset(attr, 0, sizeof(*attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = attr;
	arg.size = sizeof(arg);
	return pfm_get_os_event_encoding(name, PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
}

/* does the event offer this modifier (attribute)? */
static int
has_modifier(const char *name, const char *mod)
{
	pfm_event_attr_info_t ainfo;
	pfm_event_info_t info;
	int idx, i;

	idx = pfm_find_event(name);
	assert_true(idx >= 0);
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	assert_int_equal(pfm_get_event_info(idx, PFM_OS_PERF_EVENT, &info), PFM_SUCCESS);
	for (i = 0; i < info.nattrs; i++) {
		memset(&ainfo, 0, sizeof(ainfo));
		ainfo.size = sizeof(ainfo);
		assert_int_equal(pfm_get_event_attr_info(idx, i, PFM_OS_PERF_EVENT, &ainfo),
				 PFM_SUCCESS);
		if (ainfo.type == PFM_ATTR_MOD_BOOL && !strcmp(ainfo.name, mod))
			return 1;
	}
	return 0;
}

static void
test_generic_hw_event_encoding(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	assert_int_equal(encode("perf::PERF_COUNT_HW_CPU_CYCLES", &attr), PFM_SUCCESS);
	assert_int_equal(attr.type, PERF_TYPE_HARDWARE);
	assert_int_equal(attr.config, PERF_COUNT_HW_CPU_CYCLES);
	/*
	 * PFM_PLM3 = user only, where the core PMU can filter by privilege
	 * (the event then has a "k" modifier); a PMU that cannot (a U74)
	 * offers no modifier and must not ask the kernel to exclude anything.
	 */
	assert_int_equal(attr.exclude_user, 0);
	assert_int_equal(attr.exclude_kernel,
			 has_modifier("perf::PERF_COUNT_HW_CPU_CYCLES", "k"));
	if (!attr.exclude_kernel)
		assert_int_equal(attr.exclude_hv, 0);

	assert_int_equal(encode("perf::PERF_COUNT_HW_INSTRUCTIONS", &attr), PFM_SUCCESS);
	assert_int_equal(attr.type, PERF_TYPE_HARDWARE);
	assert_int_equal(attr.config, PERF_COUNT_HW_INSTRUCTIONS);
}

static void
test_software_event_encoding(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	assert_int_equal(encode("perf::PERF_COUNT_SW_TASK_CLOCK", &attr), PFM_SUCCESS);
	assert_int_equal(attr.type, PERF_TYPE_SOFTWARE);
	assert_int_equal(attr.config, PERF_COUNT_SW_TASK_CLOCK);
}

static void
test_unknown_event_is_an_error(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	assert_int_equal(encode("perf::NO_SUCH_EVENT", &attr), PFM_ERR_NOTFOUND);
	assert_int_equal(encode("no_such_pmu::CYCLES", &attr), PFM_ERR_NOTFOUND);
}

/*
 * pfm_get_pmu_info()'s nevents, for every PMU of the build, detected or
 * not: the number of events pfm_get_event_next() walks from first_event.
 * 4.13.0 reports that (the AMD64 and Intel x86 PMUs filter their table by
 * their own model with the same test as the walk); a count that skips the
 * filter for PMUs that were not detected reports their table size instead,
 * more than the walk on x86.  Asked twice: the kept number stays the same.
 */
static void
test_nevents_is_events_walked(void **state)
{
	pfm_pmu_info_t info;
	int id, idx, n, nevents, checked = 0, absent = 0, bad = 0;

	(void)state;
	for (id = 0; id < PFM_PMU_MAX; id++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info(id, &info) != PFM_SUCCESS)
			continue;
		n = 0;
		for (idx = info.first_event; idx != -1; idx = pfm_get_event_next(idx))
			n++;
		nevents = info.nevents;
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		assert_int_equal(pfm_get_pmu_info(id, &info), PFM_SUCCESS);
		if (n != nevents || info.nevents != nevents) {
			printf("  %s (%s): nevents %d, then %d; %d events walked\n",
			       info.name, info.is_present ? "detected" : "not detected",
			       nevents, info.nevents, n);
			bad++;
		}
		checked++;
		absent += !info.is_present;
	}
	printf("  %d PMUs (%d not detected): %d with nevents != events walked\n",
	       checked, absent, bad);
	assert_true(absent > 0);
	assert_int_equal(bad, 0);
}

/* ---- event attributes (libpfm4 patch 0035) ------------------------- */

/* What pfm_get_event_attr_info() says of one attribute, comparable */
struct attr_seen {
	char name[64];
	unsigned long desc_hash;	/* FNV-1a of the description */
	uint64_t code, dfl;
	int type, ctrl, is_dfl, ret;
};

#define ATTR_EVENTS 256	/* events of the active PMUs looked at */
#define ATTR_MAX 48	/* attributes kept per event */
#define ATTR_OS PFM_OS_PERF_EVENT_EXT
static int attr_idx[ATTR_EVENTS], attr_n[ATTR_EVENTS], attr_events;
static struct attr_seen attr_ref[ATTR_EVENTS][ATTR_MAX];

static unsigned long
fnv(const char *s)
{
	unsigned long h = 2166136261ul;

	while (s != NULL && *s != '\0')
		h = (h ^ (unsigned char)*s++) * 16777619ul;
	return h;
}

static void
attr_get(int idx, int a, struct attr_seen *seen)
{
	pfm_event_attr_info_t info;

	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	memset(seen, 0, sizeof(*seen));
	seen->ret = pfm_get_event_attr_info(idx, a, ATTR_OS, &info);
	if (seen->ret != PFM_SUCCESS)
		return;
	snprintf(seen->name, sizeof(seen->name), "%s", info.name ? info.name : "(null)");
	seen->desc_hash = fnv(info.desc);
	seen->code = info.code;
	seen->dfl = info.dfl_val64;
	seen->type = info.type;
	seen->ctrl = info.ctrl;
	seen->is_dfl = info.is_dfl;
}

static int
attr_same(const struct attr_seen *a, const struct attr_seen *b)
{
	return a->ret == b->ret && strcmp(a->name, b->name) == 0 &&
		a->desc_hash == b->desc_hash && a->code == b->code && a->dfl == b->dfl &&
		a->type == b->type && a->ctrl == b->ctrl && a->is_dfl == b->is_dfl;
}

/* the events of the active PMUs (up to ATTR_EVENTS, spread over each */
/* PMU's table) and their attribute counts                             */
static void
attr_events_find(void)
{
	pfm_pmu_info_t pinfo;
	pfm_event_info_t einfo;
	int id, idx, k;

	attr_events = 0;
	for (id = 0; id < PFM_PMU_MAX && attr_events < ATTR_EVENTS; id++) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(id, &pinfo) != PFM_SUCCESS || !pinfo.is_present)
			continue;
		/* every event of small tables, every 8th of large ones */
		for (idx = pinfo.first_event, k = 0; idx != -1 && attr_events < ATTR_EVENTS;
		     idx = pfm_get_event_next(idx), k++) {
			if (pinfo.nevents > 64 && k % 8 != 0)
				continue;
			memset(&einfo, 0, sizeof(einfo));
			einfo.size = sizeof(einfo);
			if (pfm_get_event_info(idx, ATTR_OS, &einfo) != PFM_SUCCESS)
				continue;
			attr_idx[attr_events] = idx;
			attr_n[attr_events++] = einfo.nattrs < ATTR_MAX ? einfo.nattrs : ATTR_MAX;
		}
	}
}

/*
 * The reference: each attribute asked right after a pfm_initialize() of
 * its own (nothing kept from an earlier call), for every 7th attribute of
 * the events found; then, in one initialization, every attribute event by
 * event, then attribute by attribute across the events (each call for
 * another event than the last), with an attribute index past the end and
 * pfm_get_event_info() between: the same answers everywhere.
 */
static void
test_event_attrs_any_order(void **state)
{
	struct attr_seen seen, fresh;
	int e, a, n = 0, bad = 0, max = 0;

	(void)state;
	attr_events_find();
	assert_true(attr_events > 10);
	for (e = 0; e < attr_events; e++)
		for (a = 0; a < attr_n[e]; a++)
			attr_get(attr_idx[e], a, &attr_ref[e][a]);
	for (e = 0; e < attr_events; e++) {
		for (a = 0; a < attr_n[e]; a++, n++) {
			if (n % 7 != 0)
				continue;
			pfm_terminate();
			assert_int_equal(pfm_initialize(), PFM_SUCCESS);
			attr_get(attr_idx[e], a, &fresh);
			if (!attr_same(&fresh, &attr_ref[e][a])) {
				printf("  event %#x attribute %d: %s, afresh %s\n", attr_idx[e], a,
				       attr_ref[e][a].name, fresh.name);
				bad++;
			}
		}
		if (attr_n[e] > max)
			max = attr_n[e];
	}
	for (a = 0; a < max; a++)
		for (e = 0; e < attr_events; e++) {
			if (a >= attr_n[e]) {
				/* past the end: an error, and nothing changed */
				attr_get(attr_idx[e], 1000, &seen);
				bad += seen.ret != PFM_ERR_INVAL;
				continue;
			}
			attr_get(attr_idx[e], a, &seen);
			bad += !attr_same(&seen, &attr_ref[e][a]);
		}
	printf("  %d events, %d attributes, every 7th also after its own pfm_initialize(): %d differ\n",
	       attr_events, n, bad);
	assert_int_equal(bad, 0);
}

/* Threads walking the attributes of the events at once, each from another */
/* event and in its own direction: every answer is the reference's         */
#define ATTR_THREADS 4
static void *
attr_walker(void *arg)
{
	struct attr_seen seen;
	int t = (int)(intptr_t)arg, round, i, e, a;
	long bad = 0;

	for (round = 0; round < 3; round++)
		for (i = 0; i < attr_events; i++) {
			e = (t % 2 ? attr_events - 1 - i : i + t * attr_events / ATTR_THREADS) %
				attr_events;
			for (a = 0; a < attr_n[e]; a++) {
				attr_get(attr_idx[e], a, &seen);
				bad += !attr_same(&seen, &attr_ref[e][a]);
			}
		}
	return (void *)bad;
}

static void
test_event_attrs_threads(void **state)
{
	pthread_t threads[ATTR_THREADS];
	void *bad;
	long total = 0;
	int t;

	(void)state;
	if (attr_events == 0)
		skip();	/* test_event_attrs_any_order did not run */
	for (t = 0; t < ATTR_THREADS; t++)
		assert_int_equal(pthread_create(&threads[t], NULL, attr_walker, (void *)(intptr_t)t), 0);
	for (t = 0; t < ATTR_THREADS; t++) {
		assert_int_equal(pthread_join(threads[t], &bad), 0);
		total += (long)bad;
	}
	printf("  %d threads, %d events each, 3 times: %ld answers differ\n", ATTR_THREADS,
	       attr_events, total);
	assert_int_equal(total, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_libpfm4_version),
		cmocka_unit_test(test_generic_hw_event_encoding),
		cmocka_unit_test(test_software_event_encoding),
		cmocka_unit_test(test_unknown_event_is_an_error),
		cmocka_unit_test(test_nevents_is_events_walked),
		cmocka_unit_test(test_event_attrs_any_order),
		cmocka_unit_test(test_event_attrs_threads),
	};

	return cmocka_run_group_tests_name("libpfm4", tests, pfm_setup,
					   pfm_teardown);
}
