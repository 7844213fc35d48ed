/*
 * PAPI patch 0020: the CPU's presets are loaded on first use, not in
 * PAPI_library_init().  Counts libpfm4 encodings made by PAPI (linked with
 * -Wl,--wrap=pfm_get_os_event_encoding): none at init, some once a preset
 * is queried, also when the table comes from a file (PAPI_CSV_EVENT_FILE);
 * a table file that cannot be opened still fails at init, as in 7.0.0 and 7.2.0; and
 * a shutdown forgets the pending load; PAPI_thread_init() resolves none
 * of them (a program with threads).  That the presets loaded are the
 * same as those loaded from the file is test_papi_perf's
 * test_presets_same_as_full_parse.  The load works from a thread PAPI has
 * never registered (issue 20: it wrote through that thread's missing
 * ThreadInfo_t).  A table with errors (ctests/fixtures/presets/) gives
 * PAPI's messages at the first preset query, none at init, once, and its
 * bad presets are unavailable (PAPI patches 0043, 0044, the formula check
 * on its own too; 0077: a merged formula too long for its buffers, which
 * crashes without it); a user event defined again with an error does not hide
 * the user events after it (0061); a table's preset descriptions end with
 * the table (0070); presets and user events made of presets get the
 * formula and native events their terms mean (0078, 0084-0086, 0088,
 * 0089, 0097, 0108, 0110-0115), and
 * infix formulas are read left to right (0079); a user event defined
 * twice is one (0080).  Cases that could crash run in a child process,
 * so that a crash is a failure of this test, not of the binary.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <cmocka.h>

#include "papi.h"
#include "papi_preset_check.h"
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "run_in_child.h"

/* A core PMU of this architecture that has a section in papi_events.csv, */
/* forced so that the test does not depend on the machine's CPU.          */
/* Two of its native events, for user events, and a third.               */
#if defined(__x86_64__) || defined(__i386__)
#define PMU_WITH_PRESETS "hsw"
#define NATIVE_A "UNHALTED_CORE_CYCLES"
#define NATIVE_B "INSTRUCTION_RETIRED"
#define NATIVE_C "BRANCH_INSTRUCTIONS_RETIRED"
#elif defined(__aarch64__)
#define PMU_WITH_PRESETS "arm_ac72"
#define NATIVE_A "CPU_CYCLES"
#define NATIVE_B "INST_RETIRED"
#define NATIVE_C "BR_MIS_PRED"
#elif defined(__riscv)
#define PMU_WITH_PRESETS "sifive_u74"
#define NATIVE_A "CYCLES"
#define NATIVE_B "INSTRUCTIONS"
#define NATIVE_C "INTEGER_LOAD_RETIRED"
#endif

static int encodings, failed_encodings, lookups;

/* set: the next encoding, made while the presets load, calls back into PAPI */
static int reenter_during_load, reentered;

int __real_pfm_get_os_event_encoding(const char *str, int dfl_plm, pfm_os_t os, void *args);

int
__wrap_pfm_get_os_event_encoding(const char *str, int dfl_plm, pfm_os_t os, void *args)
{
	int ret = __real_pfm_get_os_event_encoding(str, dfl_plm, os, args);

	encodings++;
	failed_encodings += ret != PFM_SUCCESS;
	if (reenter_during_load) {
		/* what upstream's loader does: ask for a component's info */
		reenter_during_load = 0;
		reentered = PAPI_get_component_info(0) != NULL;
	}
	return ret;
}

/* PAPI 0083: libpfm4 name look-ups (-Wl,--wrap=pfm_find_event) */
int __real_pfm_find_event(const char *str);

int
__wrap_pfm_find_event(const char *str)
{
	lookups++;
	return __real_pfm_find_event(str);
}

static void
init(void)
{
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	if (PAPI_get_component_info(0)->disabled)
		fail_msg("perf_event component disabled: %s", PAPI_get_component_info(0)->disabled_reason);
}

static void
test_presets_loaded_on_first_use(void **state)
{
	int code = PAPI_PRESET_MASK, n = 0;

	(void)state;
	encodings = failed_encodings = lookups = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(encodings, 0);
	/* the first query loads the section: PAPI_TOT_CYC is in every one */
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	assert_true(encodings > 0);
	/* one libpfm4 call per term: a native event's index comes with its */
	/* encoding (0083); only a term that does not encode is looked up    */
	printf("  %d encodings at the first preset query (%d failed), none at init; "
	       "%d look-ups\n", encodings, failed_encodings, lookups);
	assert_true(lookups <= failed_encodings);
	/* enumeration sees the whole section */
	assert_int_equal(PAPI_enum_event(&code, PAPI_ENUM_FIRST), PAPI_OK);
	while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK)
		n++;
	assert_true(n > 10);
	PAPI_shutdown();
}

/*
 * Each preset's terms are resolved at that preset's first use (PAPI
 * "each preset's terms resolved at that preset's first use"): the first
 * query of PAPI_TOT_CYC encodes its native events and no other preset's,
 * a second query of it nothing more, the first of PAPI_TOT_INS its own;
 * describing PAPI_TOT_CYC asks nothing of libpfm4; enumerating resolves the
 * rest.  Counted as libpfm4 encodings: one per native event PAPI adds to its
 * tables (0083).
 */
static void
test_only_used_preset_resolved(void **state)
{
	PAPI_event_info_t cyc, ins;
	int code = PAPI_PRESET_MASK, after_cyc, after_ins, n = 0;

	(void)state;
	encodings = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	after_cyc = encodings;
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	assert_int_equal(PAPI_get_event_info(PAPI_TOT_CYC, &cyc), PAPI_OK);
	assert_int_equal(encodings, after_cyc);
	printf("  PAPI_TOT_CYC: %u native events, %d encodings\n", cyc.count, after_cyc);
	assert_true(after_cyc >= 1);
	assert_true(after_cyc <= (int)cyc.count);
	assert_int_equal(PAPI_get_event_info(PAPI_TOT_INS, &ins), PAPI_OK);
	after_ins = encodings;
	assert_true(ins.count >= 1);
	assert_true(after_ins - after_cyc >= 1);
	assert_true(after_ins - after_cyc <= (int)ins.count);
	/* the rest of the section at the enumeration */
	assert_int_equal(PAPI_enum_event(&code, PAPI_ENUM_FIRST), PAPI_OK);
	while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK)
		n++;
	printf("  %d encodings once %d presets are enumerated\n", encodings, n);
	assert_true(n > 10);
	assert_true(encodings > after_ins + 8);
	PAPI_shutdown();
}

static void
test_component_info_counts_presets(void **state)
{
	(void)state;
	encodings = 0;
	init();	/* reads the component info: loads */
	assert_true(PAPI_get_component_info(0)->num_preset_events > 10);
	assert_true(encodings > 0);
	PAPI_shutdown();
}

/*
 * A call that ensures the presets, made from inside their load (upstream's
 * _papi_hwi_native_name_to_code() calls PAPI_get_component_info()), must
 * return instead of waiting for the lock its own thread holds. Run in a
 * child under alarm(): a deadlock is a SIGALRM, not a hung test.
 */
static int
reenter_child(void *arg)
{
	(void)arg;
	alarm(60);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	reenter_during_load = 1;
	reentered = 0;
	if (PAPI_query_event(PAPI_TOT_CYC) != PAPI_OK)
		return 2;
	if (!reentered)
		return 3;	/* the load made no encoding: nothing tested */
	PAPI_shutdown();
	return 0;
}

static void
test_load_reentered_by_its_thread(void **state)
{
	(void)state;
	assert_int_equal(run_in_child("PAPI_get_component_info() from inside the preset load",
				      reenter_child, NULL), 0);
}

static void
test_table_from_file_loads_on_first_use(void **state)
{
	(void)state;
	setenv("PAPI_CSV_EVENT_FILE", EVENTS_CSV, 1);
	encodings = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(encodings, 0);
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	assert_true(encodings > 0);
	PAPI_shutdown();
	unsetenv("PAPI_CSV_EVENT_FILE");
}

/* In the child: a PAPI_CSV_EVENT_FILE that cannot be opened, as in 7.0.0 and 7.2.0: */
/* the load fails in PAPI_library_init(), which disables perf_event.    */
static int
unreadable_table(void *arg)
{
	const PAPI_component_info_t *ci;

	(void)arg;
	/* PAPI (7.0.0, 7.2.0) also tries ./papi_events.csv and ../papi_events.csv */
	if (chdir("/") != 0)
		return 2;
	setenv("PAPI_CSV_EVENT_FILE", "/nonexistent/papi_events.csv", 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 3;
	ci = PAPI_get_component_info(0);
	printf("    perf_event: disabled %d (%s)\n", ci->disabled, ci->disabled_reason);
	return ci->disabled != 0 && strstr(ci->disabled_reason, "preset") != NULL ? 0 : 1;
}

static void
test_unreadable_table_fails_at_init(void **state)
{
	(void)state;
	assert_int_equal(run_in_child("PAPI_CSV_EVENT_FILE that cannot be opened",
				      unreadable_table, NULL), 0);
}

static void
test_shutdown_forgets_pending_load(void **state)
{
	(void)state;
	encodings = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	PAPI_shutdown();	/* never used: nothing loaded, nothing left */
	assert_int_equal(encodings, 0);
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(encodings, 0);
	assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	assert_true(encodings > 0);
	PAPI_shutdown();
}

/* A program with threads: PAPI_thread_init() resolves no preset (PAPI   */
/* "PAPI_thread_init() no longer resolves all presets"); each preset is    */
/* resolved at its first use, as without threads                          */
static unsigned long
self_id(void)
{
	return (unsigned long)pthread_self();
}

static void
test_thread_init_loads(void **state)
{
	PAPI_event_info_t info;
	int run, at_query;

	(void)state;
	/* twice: a new initialization after a shutdown defers again */
	for (run = 0; run < 2; run++) {
		encodings = 0;
		assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
		assert_int_equal(encodings, 0);
		assert_int_equal(PAPI_thread_init(self_id), PAPI_OK);
		assert_int_equal(encodings, 0);
		/* the first preset query encodes that preset's events only */
		assert_int_equal(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
		at_query = encodings;
		assert_int_equal(PAPI_get_event_info(PAPI_TOT_CYC, &info), PAPI_OK);
		assert_true(at_query >= 1);
		assert_true(at_query <= (int)info.count);
		assert_int_equal(encodings, at_query);
		PAPI_shutdown();
	}
}

/* The first call that needs the presets, made in a thread that never    */
/* called PAPI_register_thread() or PAPI_create_eventset(): 0 when it     */
/* loaded them and answered as from the main thread.                      */
enum first_call { QUERY, EVENT_INFO, ENUM, COMPONENT_INFO, NATIVE_NAME };

static void *
unregistered_thread(void *arg)
{
	enum first_call call = *(enum first_call *)arg;
	PAPI_event_info_t info;
	int code = PAPI_PRESET_MASK, ok = 0;

	switch (call) {
	case QUERY:
		ok = PAPI_query_event(PAPI_TOT_CYC) == PAPI_OK;
		break;
	case EVENT_INFO:
		ok = PAPI_get_event_info(PAPI_TOT_CYC, &info) == PAPI_OK &&
			info.count > 0 && strcmp(info.symbol, "PAPI_TOT_CYC") == 0;
		break;
	case ENUM:
		ok = PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK &&
			PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK;
		break;
	case COMPONENT_INFO:
		ok = PAPI_get_component_info(0)->num_preset_events > 10;
		break;
	case NATIVE_NAME:
		/* the same component call path, without presets: 7.0.0 */
		/* (and 7.2.0, the same code) crashed here too          */
		ok = PAPI_event_name_to_code("perf::TASK-CLOCK", &code) == PAPI_OK &&
			PAPI_query_event(code) == PAPI_OK;
		break;
	}
	/* a preset call loaded the presets here, in this thread */
	if (call != NATIVE_NAME && encodings == 0)
		ok = 0;
	return ok ? NULL : (void *)1;
}

/* In the child: init in the main thread, the first call in a new thread */
/* (exit 0: it loaded the presets and answered right)                   */
static int
first_call_in_new_thread(void *arg)
{
	enum first_call call = *(enum first_call *)arg;
	pthread_t thread;
	void *result;
	int code;

	if (call == NATIVE_NAME)	/* perf:: events beside the forced PMU */
		unsetenv("LIBPFM_FORCE_PMU");
	encodings = 0;
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT || encodings != 0)
		return 2;
	if (pthread_create(&thread, NULL, unregistered_thread, &call) != 0 ||
	    pthread_join(thread, &result) != 0)
		return 3;
	/* the main thread sees the same presets (or, without the forced */
	/* PMU, the same native event: the host may have no PAPI_TOT_CYC) */
	if (call == NATIVE_NAME ? PAPI_event_name_to_code("perf::TASK-CLOCK", &code) != PAPI_OK :
	    PAPI_query_event(PAPI_TOT_CYC) != PAPI_OK)
		return 4;
	PAPI_shutdown();
	return result == NULL ? 0 : 1;
}

static void
test_first_use_in_unregistered_thread(void **state)
{
	static const char *names[] = { "PAPI_query_event", "PAPI_get_event_info",
		"PAPI_enum_event", "PAPI_get_component_info", "PAPI_event_name_to_code" };
	char what[96];
	enum first_call call;
	int failed = 0;

	(void)state;
	for (call = QUERY; call <= NATIVE_NAME; call++) {
		snprintf(what, sizeof(what), "%s first in an unregistered thread", names[call]);
		failed += run_in_child(what, first_call_in_new_thread, &call) != 0;
	}
	assert_int_equal(failed, 0);
}

/* ------------------------------------------------------------------ */
/* A preset table with errors (ctests/fixtures/presets/malformed.csv) */
/* through PAPI_CSV_EVENT_FILE: the messages are those of PAPI's      */
/* papi_preset.c, printed once, and every preset of a line with an    */
/* error is unavailable, never partly defined.                        */

#ifndef PRESET_FIXTURE
#error "PRESET_FIXTURE must name ctests/fixtures/presets/malformed.csv"
#endif

/* A line of the table and the message papi_preset.c prints for it ("%d": */
/* the line's number, "%s": the table's name, where the message has them),  */
/* with the preset the line leaves unavailable.                             */
struct bad_line {
	const char *line;
	const char *message;
	const char *preset;
};

/* "N0|+|" 180 times */
#define PLUS_N0_5   "N0|+|N0|+|N0|+|N0|+|N0|+|"
#define PLUS_N0_30  PLUS_N0_5 PLUS_N0_5 PLUS_N0_5 PLUS_N0_5 PLUS_N0_5 PLUS_N0_5
#define PLUS_N0_180 PLUS_N0_30 PLUS_N0_30 PLUS_N0_30 PLUS_N0_30 PLUS_N0_30 PLUS_N0_30

static const struct bad_line bad_lines[] = {
	{ "CPU", "Expected name after CPU token at line %d of %s -- ignoring", NULL },
	{ "PRESET", "Expected name after PRESET token at line %d of %s -- ignoring", NULL },
	{ "PRESET,PAPI_L1_DCM,NOT_DERIVED,NO_SUCH_EVENT",
	  "Missing event NO_SUCH_EVENT, used in derived event PAPI_L1_DCM", "PAPI_L1_DCM" },
	/* 7.0.0 (and 7.2.0) left it available with its first term, and a freed name */
	{ "PRESET,PAPI_L1_TCM,DERIVED_ADD,L1D:REPLACEMENT,NO_SUCH_EVENT",
	  "Missing event NO_SUCH_EVENT, used in derived event PAPI_L1_TCM", "PAPI_L1_TCM" },
	{ "PRESET,PAPI_L2_TCM,NOT_DERIVED",
	  "Expected PFM event after DERIVED token at line %d of %s -- ignoring", "PAPI_L2_TCM" },
	/* 7.0.0 (and 7.2.0) crashed on these three, freeing PAPI's own preset name */
	{ "PRESET,PAPI_LD_INS",
	  "Expected derived type after PRESET token at line %d of %s -- ignoring", "PAPI_LD_INS" },
	{ "PRESET,PAPI_BR_MSP,DERIVED_NOPE,BR_MISP_RETIRED:ALL_BRANCHES",
	  "Invalid derived name DERIVED_NOPE after PRESET token at line %d of %s -- ignoring",
	  "PAPI_BR_MSP" },
	{ "PRESET,PAPI_BR_INS,DERIVED_POSTFIX",
	  "Expected Operation string after derived type DERIVED_POSTFIX or DERIVED_INFIX "
	  "at line %d of %s -- ignoring", "PAPI_BR_INS" },
	/* 7.0.0 (and 7.2.0) took these formulas: a wrong value, "BUG!" at every read */
	{ "PRESET,PAPI_FP_OPS,DERIVED_POSTFIX,N0|N2|+|,INST_RETIRED:ANY_P,"
	  "CPU_CLK_THREAD_UNHALTED:THREAD_P",
	  "Invalid formula N0|N2|+| (postfix) for derived event PAPI_FP_OPS "
	  "at line %d of %s -- ignoring", "PAPI_FP_OPS" },
	{ "PRESET,PAPI_SR_INS,DERIVED_INFIX,N0%N1,MEM_UOPS_RETIRED:ALL_STORES,INST_RETIRED:ANY_P",
	  "Invalid formula N0|N1|%%| (postfix) for derived event PAPI_SR_INS "
	  "at line %d of %s -- ignoring", "PAPI_SR_INS" },
	/* 7.2.0 read postfix[-1], then the operator stack below its bottom, */
	/* writing past the postfix buffer; the third it took as "N0|N1|+|(|" */
	{ "PRESET,PAPI_L1_ICM,DERIVED_INFIX,)N0+N1,MEM_UOPS_RETIRED:ALL_LOADS,INST_RETIRED:ANY_P",
	  "Invalid formula )N0+N1 (infix: unmatched parentheses, or too long) "
	  "for derived event PAPI_L1_ICM at line %d of %s -- ignoring", "PAPI_L1_ICM" },
	{ "PRESET,PAPI_L2_DCM,DERIVED_INFIX,N0+N1),MEM_UOPS_RETIRED:ALL_LOADS,INST_RETIRED:ANY_P",
	  "Invalid formula N0+N1) (infix: unmatched parentheses, or too long) "
	  "for derived event PAPI_L2_DCM at line %d of %s -- ignoring", "PAPI_L2_DCM" },
	{ "PRESET,PAPI_L2_ICM,DERIVED_INFIX,(N0+N1,MEM_UOPS_RETIRED:ALL_LOADS,INST_RETIRED:ANY_P",
	  "Invalid formula (N0+N1 (infix: unmatched parentheses, or too long) "
	  "for derived event PAPI_L2_ICM at line %d of %s -- ignoring", "PAPI_L2_ICM" },
	/* 181 copies of PAPI_L3_DCA's formula: 7.2.0 wrote them past its buffer */
	{ "PRESET,PAPI_L3_ICA,DERIVED_POSTFIX,N0|N0|+|" PLUS_N0_180 ",PAPI_L3_DCA",
	  "Invalid formula FORMULA_TOO_LONG| (postfix) for derived event PAPI_L3_ICA "
	  "at line %d of %s -- ignoring", "PAPI_L3_ICA" },
};
#define NBAD (sizeof(bad_lines) / sizeof(bad_lines[0]))

static const char *good_presets[] = {
	"PAPI_TOT_CYC", "PAPI_TOT_INS", "PAPI_LST_INS", "PAPI_X_CYC_INS", "PAPI_L1_TCA",
	"PAPI_L3_DCA", "PAPI_L3_TCA"
};
#define NGOOD (sizeof(good_presets) / sizeof(good_presets[0]))

/* The message expected for each bad line, "PAPI Error: " included. */
static char expected[NBAD][512];

static int
expect_messages(void)
{
	char line[1024];
	size_t i, n;
	int line_no = 0, found = 0;
	FILE *f = fopen(PRESET_FIXTURE, "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		line_no++;
		n = strlen(line);
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = '\0';
		for (i = 0; i < NBAD; i++)
			if (strcmp(line, bad_lines[i].line) == 0 && expected[i][0] == '\0') {
				char msg[480];

				snprintf(msg, sizeof(msg), bad_lines[i].message, line_no,
					 PRESET_FIXTURE);
				snprintf(expected[i], sizeof(expected[i]), "PAPI Error: %s", msg);
				found++;
			}
	}
	fclose(f);
	return found == (int)NBAD;
}

/* What the child wrote to stderr since the last call (a file). */
static char *
new_stderr(FILE *err, long *seen)
{
	long end;
	char *buf;

	fflush(stderr);
	fseek(err, 0, SEEK_END);
	end = ftell(err);
	buf = calloc(1, (size_t)(end - *seen) + 1);
	if (buf == NULL)
		return NULL;
	fseek(err, *seen, SEEK_SET);
	if (fread(buf, 1, (size_t)(end - *seen), err) != (size_t)(end - *seen))
		buf[0] = '\0';
	*seen = end;
	return buf;
}

/* The expected messages found in 'out', in order, one line each; the    */
/* other "PAPI Error:" lines are printed and counted in *others.          */
static int
messages_in(const char *what, const char *out, int *order, int *others)
{
	const char *p = out, *nl;
	char line[1024];
	size_t i, len;
	int n = 0;

	while (*p != '\0') {
		nl = strchr(p, '\n');
		len = nl ? (size_t)(nl - p) : strlen(p);
		snprintf(line, sizeof(line), "%.*s", (int)len, p);
		p += len + (nl != NULL);
		if (strncmp(line, "PAPI Error: ", 12) != 0)
			continue;
		for (i = 0; i < NBAD; i++)
			if (strcmp(line, expected[i]) == 0)
				break;
		if (i == NBAD) {
			printf("    %s, another message: %s\n", what, line);
			(*others)++;
			continue;
		}
		if (order != NULL && n < (int)NBAD)
			order[n] = (int)i;
		n++;
	}
	return n;
}

/* In the child: stderr to a file; the table loaded, queried, queried   */
/* again.  The first preset query prints the messages of the lines that  */
/* name no preset (the section read), each bad preset's first use its    */
/* own message (its terms resolved then: PAPI "each preset's terms       */
/* resolved at that preset's first use"), and nothing prints them again. */
/* 0 when right; otherwise says what is wrong.                          */
static int
malformed_table(void *arg)
{
	char path[] = "/tmp/test_papi_presets_lazy.XXXXXX";
	int order[NBAD + 1], i, n, code, es = PAPI_NULL, bad = 0, fd, avail, others = 0;
	int unnamed = 0;
	long seen = 0;
	char *at_init, *at_first, *later, *at_use;
	PAPI_event_info_t info;
	FILE *err;
	size_t j;

	(void)arg;
	fd = mkstemp(path);
	if (fd < 0 || dup2(fd, 2) < 0 || (err = fopen(path, "r")) == NULL)
		return 10;
	unlink(path);
	setenv("PAPI_VERBOSE", "1", 1);
	setenv("PAPI_CSV_EVENT_FILE", PRESET_FIXTURE, 1);

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 11;
	at_init = new_stderr(err, &seen);
	code = PAPI_query_event(PAPI_TOT_CYC);	/* the first preset query */
	at_first = new_stderr(err, &seen);
	if (at_init == NULL || at_first == NULL)
		return 12;
	if (code != PAPI_OK) {
		printf("    PAPI_TOT_CYC: %s\n", PAPI_strerror(code));
		bad = 1;
	}
	n = messages_in("at init", at_init, NULL, &others);	/* others: not the table's */
	if (n != 0) {
		printf("    %d of the table's messages at PAPI_library_init(), none expected there\n", n);
		bad = 1;
	}
	others = 0;
	n = messages_in("at the first query", at_first, order, &others);
	for (j = 0; j < NBAD; j++)
		if (bad_lines[j].preset == NULL)
			unnamed++;
	/* the lines naming no preset come first in bad_lines, as in the table */
	for (i = 0; i < n && i < (int)NBAD; i++)
		if (order[i] != i || bad_lines[i].preset != NULL)
			break;
	if (n != unnamed || i != n || others != 0) {
		printf("    the first preset query printed %d of the %d messages expected "
		       "and %d others, or not in the table's order:\n%s", n, unnamed, others,
		       at_first);
		bad = 1;
	}

	/* every preset queried and described, the bad ones added */
	if (PAPI_create_eventset(&es) != PAPI_OK)
		return 13;
	for (j = 0; j < NGOOD + NBAD; j++) {
		const char *name = j < NGOOD ? good_presets[j] : bad_lines[j - NGOOD].preset;
		int want = j < NGOOD ? PAPI_OK : PAPI_ENOEVNT, got;

		if (name == NULL)
			continue;
		if ((got = PAPI_event_name_to_code(name, &code)) != PAPI_OK) {
			printf("    %s: no code (%s)\n", name, PAPI_strerror(got));
			bad = 1;
			continue;
		}
		memset(&info, 0, sizeof(info));
		if ((got = PAPI_query_event(code)) != want ||
		    PAPI_get_event_info(code, &info) != PAPI_OK ||
		    (info.count == 0) != (want != PAPI_OK)) {
			printf("    %s: PAPI_query_event %s, %u native events; expected %s\n",
			       name, PAPI_strerror(got), info.count, PAPI_strerror(want));
			bad = 1;
		}
		/* its own message, once, at its first use; none for a good one */
		if ((at_use = new_stderr(err, &seen)) == NULL)
			return 12;
		others = 0;
		n = messages_in(name, at_use, order, &others);
		if (others != 0 || (j < NGOOD ? n != 0 : n != 1 || order[0] != (int)(j - NGOOD))) {
			printf("    the first use of %s printed %d of the table's messages and %d others:\n%s",
			       name, n, others, at_use);
			bad = 1;
		}
		free(at_use);
		if (want != PAPI_OK && (got = PAPI_add_event(es, code)) != PAPI_ENOEVNT) {
			printf("    %s: PAPI_add_event %s, expected PAPI_ENOEVNT\n", name, PAPI_strerror(got));
			bad = 1;
		}
	}
	/* exactly the good presets are available */
	avail = 0;
	code = PAPI_PRESET_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK)
		do {
			if (PAPI_query_event(code) == PAPI_OK)
				avail++;
		} while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
	if (avail != (int)NGOOD) {
		printf("    %d presets available, expected %d\n", avail, (int)NGOOD);
		bad = 1;
	}
	later = new_stderr(err, &seen);
	if (later == NULL)
		return 12;
	others = 0;
	n = messages_in("later", later, NULL, &others);
	if (n != 0 || others != 0) {
		printf("    %d of the table's messages printed again by later calls, %d others\n",
		       n, others);
		bad = 1;
	}
	PAPI_shutdown();
	free(at_init);
	free(at_first);
	free(later);
	return bad;
}

/* The formula check (papi_preset_check.c) by the rules of              */
/* _papi_hwi_postfix_calc(): what it evaluates, and what it cannot.      */
static void
test_postfix_check(void **state)
{
	static const char *ok2[] = { "N0|", "N1|", "N0|N1|+|", "N0|N1|-|N0|*|", "#|N0|/|",
		"N0|1000|*|", "N0N1+", "N0|N1|+|N0|N1|+|*|" };
	static const char *bad2[] = { "", "N0|N1|", "+|", "N0|+|", "N2|", "N|", "N0|N1|%|",
		"N0|N1|^|", "N0 N1 +", "N0|N1|+|+|", "N99999999999999999999|",
		"1|2|3|4|5|6|7|8|9|+|+|+|+|+|+|+|+|" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ok2) / sizeof(ok2[0]); i++)
		if (!_papi_preset_postfix_ok(ok2[i], 2))
			fail_msg("rejected: %s", ok2[i]);
	for (i = 0; i < sizeof(bad2) / sizeof(bad2[0]); i++)
		if (_papi_preset_postfix_ok(bad2[i], 2))
			fail_msg("accepted: %s", bad2[i]);
	assert_false(_papi_preset_postfix_ok(NULL, 2));
	assert_false(_papi_preset_postfix_ok("N0|", 0));
	/* as many values as the calculation's stack holds, no more */
	assert_true(_papi_preset_postfix_ok("1|2|3|4|5|6|7|8|+|+|+|+|+|+|+|", 0));
}

/* In the child: the first call is a look-up of a preset name the table */
/* defines and PAPI does not: the look-up loads the table (0020).        */
static int
own_preset_name_first(void *arg)
{
	char name[PAPI_MAX_STR_LEN];
	int code, ret;

	(void)arg;
	setenv("PAPI_CSV_EVENT_FILE", PRESET_FIXTURE, 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 2;
	if ((ret = PAPI_event_name_to_code("PAPI_X_CYC_INS", &code)) != PAPI_OK) {
		printf("    PAPI_event_name_to_code(PAPI_X_CYC_INS): %s\n", PAPI_strerror(ret));
		return 1;
	}
	if (PAPI_query_event(code) != PAPI_OK ||
	    PAPI_event_code_to_name(code, name) != PAPI_OK || strcmp(name, "PAPI_X_CYC_INS") != 0)
		return 1;
	PAPI_shutdown();
	return 0;
}

static void
test_own_preset_name_first(void **state)
{
	(void)state;
	assert_int_equal(run_in_child("a preset name of the table's own, looked up first",
				      own_preset_name_first, NULL), 0);
}

static void
test_malformed_table_at_first_use(void **state)
{
	(void)state;
	assert_true(expect_messages());
	assert_int_equal(run_in_child("a table with errors from PAPI_CSV_EVENT_FILE",
				      malformed_table, NULL), 0);
}

/* PAPI_library_init() with the user events file 'path', then removed.    */
static int
init_with_user_events(const char *path)
{
	int ret;

	setenv("PAPI_USER_EVENTS_FILE", path, 1);
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	unlink(path);
	unsetenv("PAPI_USER_EVENTS_FILE");
	return ret;
}

/* In the child: user events UE_A and UE_B, then UE_A defined again with  */
/* an event that does not exist (PAPI 0061).  The failed redefinition   */
/* leaves UE_A unavailable and must not end the look-up of the user     */
/* events before UE_B (it freed UE_A's name: UE_B gave PAPI_ECMP).       */
static int
user_event_redefined_badly(void *arg)
{
	char path[] = "/tmp/test_papi_user_events.XXXXXX";
	int fd, code, ret, bad = 0;
	FILE *f;

	(void)arg;
	fd = mkstemp(path);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		return 2;
	fprintf(f, "CPU,%s\n"
		"EVENT,UE_A,NOT_DERIVED,%s\n"
		"EVENT,UE_B,NOT_DERIVED,%s\n"
		"EVENT,UE_A,NOT_DERIVED,NO_SUCH_EVENT_OF_ANY_PMU\n", PMU_WITH_PRESETS, NATIVE_A, NATIVE_B);
	fclose(f);
	if (init_with_user_events(path) != PAPI_VER_CURRENT)
		return 3;
	if ((ret = PAPI_event_name_to_code("UE_B", &code)) != PAPI_OK) {
		printf("    PAPI_event_name_to_code(UE_B): %s\n", PAPI_strerror(ret));
		bad = 1;
	}
	ret = PAPI_event_name_to_code("UE_A", &code);
	if (ret == PAPI_OK && PAPI_query_event(code) == PAPI_OK) {
		printf("    UE_A, defined again with an unknown event, is available\n");
		bad = 1;
	}
	PAPI_shutdown();
	return bad;
}

static void
test_user_event_redefined_badly(void **state)
{
	(void)state;
	assert_int_equal(run_in_child("a user event defined again with an error",
				      user_event_redefined_badly, NULL), 0);
}

/* In the child: UE_A, UE_B, then UE_A defined 60 times more (PAPI      */
/* 0080): two user events, enumerated once each, and a clean shutdown.   */
/* 7.2.0 counted definitions: PAPI_shutdown() freed the strings of the   */
/* slots past its 50-slot array.                                         */
static int
user_event_defined_twice(void *arg)
{
	char path[] = "/tmp/test_papi_user_events.XXXXXX";
	int fd, code = PAPI_UE_MASK, ret, n = 0;
	PAPI_event_info_t info;
	FILE *f;

	(void)arg;
	fd = mkstemp(path);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		return 2;
	fprintf(f, "CPU,%s\n"
		"EVENT,UE_A,NOT_DERIVED,%s\n"
		"EVENT,UE_B,NOT_DERIVED,%s\n", PMU_WITH_PRESETS, NATIVE_A, NATIVE_B);
	for (n = 0; n < 60; n++)	/* more definitions than PAPI has slots (50) */
		fprintf(f, "EVENT,UE_A,NOT_DERIVED,%s\n", n % 2 ? NATIVE_A : NATIVE_B);
	n = 0;
	fclose(f);
	if (init_with_user_events(path) != PAPI_VER_CURRENT)
		return 3;
	PAPI_query_event(PAPI_TOT_CYC);	/* loads the presets, then the user events */
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK) {
		do {
			memset(&info, 0, sizeof(info));
			ret = PAPI_get_event_info(code, &info);
			printf("    user event %#x: %s (%s)\n", (unsigned)code, info.symbol, PAPI_strerror(ret));
			n++;
		} while (PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK && n < 10);
	}
	PAPI_shutdown();
	if (n != 2) {
		printf("    %d user events enumerated, expected 2\n", n);
		return 1;
	}
	return 0;
}

static void
test_user_event_defined_twice(void **state)
{
	(void)state;
	assert_int_equal(run_in_child("a user event defined twice",
				      user_event_defined_twice, NULL), 0);
}

/* A table's SDESC and LDESC describe a preset while that table is     */
/* loaded; after PAPI_shutdown() the preset has PAPI's own descriptions */
/* again (PAPI 0070: they were the table's, leaked, for good).          */
static void
test_table_descriptions_end_with_table(void **state)
{
	char path[] = "/tmp/test_papi_presets_descr.XXXXXX";
	PAPI_event_info_t own, info;
	FILE *f;
	int fd;

	(void)state;
	init();
	assert_int_equal(PAPI_get_event_info(PAPI_TOT_CYC, &own), PAPI_OK);
	PAPI_shutdown();
	assert_string_not_equal(own.short_descr, "table short");

	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_non_null(f = fdopen(fd, "w"));
	fprintf(f, "CPU,%s\n"
		"PRESET,PAPI_TOT_CYC,NOT_DERIVED,%s,SDESC,\"table short\",LDESC,\"table long\"\n",
		PMU_WITH_PRESETS, NATIVE_A);
	fclose(f);
	setenv("PAPI_CSV_EVENT_FILE", path, 1);
	init();
	assert_int_equal(PAPI_get_event_info(PAPI_TOT_CYC, &info), PAPI_OK);
	unlink(path);
	unsetenv("PAPI_CSV_EVENT_FILE");
	assert_string_equal(info.short_descr, "table short");
	assert_string_equal(info.long_descr, "table long");
	PAPI_shutdown();

	init();
	assert_int_equal(PAPI_get_event_info(PAPI_TOT_CYC, &info), PAPI_OK);
	assert_string_equal(info.short_descr, own.short_descr);
	assert_string_equal(info.long_descr, own.long_descr);
}

/* After each test, even one that failed half-way: no table file, and */
/* PAPI shut down, so that one failure does not spill into the next.   */
static int
cleanup(void **state)
{
	(void)state;
	unsetenv("PAPI_CSV_EVENT_FILE");
	if (PAPI_is_initialized() != PAPI_NOT_INITED)
		PAPI_shutdown();
	return 0;
}

/* Presets and user events whose terms are presets: each term is taken  */
/* as the formula of its own native events (A, B: NATIVE_A and          */
/* NATIVE_B), its native events added once.  Each case names the PAPI   */
/* patch without which it fails (each seen failing with that patch      */
/* alone reverted, docs/upstreaming.md): 7.2.0 also added each such     */
/* term as a native event of code 0 (0078: UE_IPC divided by it),       */
/* PAPI_event_name_to_code() of a preset with a preset term crashed     */
/* (0084: the first is PAPI_L3_TCA), a term's repeated native events    */
/* were mapped wrongly (0085), an undefined preset (0086) or the event  */
/* itself (0108) was a term, a sum's derived term was renumbered        */
/* wrongly (0110), the native terms before it (0111) or after it (0112) */
/* were left out of the sum's formula, a term without formula stood for */
/* its first event (0113), a sum's third term was merged into its       */
/* formula (0114), a NOT_DERIVED event of a derived term counted the    */
/* term's first event (0115), the merge shifted by tokens and replaced  */
/* the wrong token (0088), read "N0N1" as N0 (0089), and kept 8 of 9    */
/* native events (0097).  Terms it cannot combine make the event        */
/* unavailable; infix formulas are read left to right (0079).           */
struct derived_case {
	const char *name;
	const char *postfix;	/* NULL: unavailable */
	const char *natives[8];
};

static const struct derived_case derived_cases[] = {
	{ "UE_IPC", "N0|N1|/|", { NATIVE_B, NATIVE_A } },	/* B / A (0078) */
	/* (B + A) * A: a DERIVED_ADD preset (no formula of its own) in a formula (0113) */
	{ "UE_MIX", "N0|N1|+|N1|*|", { NATIVE_B, NATIVE_A } },
	{ "PAPI_L3_DCA", "N0|N1|-|", { NATIVE_A, NATIVE_B } },	/* A - B */
	/* (A - B) + (A - B): looked up by name (0084), both native events */
	/* repeated (0085), a sum of derived terms (0110) */
	{ "PAPI_L3_TCA", "N0|N1|-|N0|N1|-|+|", { NATIVE_A, NATIVE_B } },
	/* B + (B - A): the term's first native event repeated, not its second (0085) */
	{ "PAPI_L3_DCW", "N0|N0|N1|-|+|", { NATIVE_B, NATIVE_A } },
	/* B + (A - B): a one-event preset, then a derived one (0110) */
	{ "PAPI_L2_TCA", "N0|N1|N0|-|+|", { NATIVE_B, NATIVE_A } },
	/* (A - B) + B: a derived term, then a one-event preset */
	{ "PAPI_L2_TCM", "N0|N1|-|N1|+|", { NATIVE_A, NATIVE_B } },
	/* ((A - B) + (A - B)) / A: a term of 2 native events and 4 tokens, */
	/* then another term (0088) */
	{ "UE_TCA_RATE", "N0|N1|-|N0|N1|-|+|N0|/|", { NATIVE_A, NATIVE_B } },
	{ "PAPI_L2_DCA", NULL, { NULL } },	/* its own first term (0108; message below) */
	{ "PAPI_L2_DCM", NULL, { NULL } },	/* its own second term (0108) */
	{ "PAPI_L2_ICA", NULL, { NULL } },	/* PAPI_L1_ICM: not in this table (0086) */
	/* (A - B) + (B - A): the second term renumbered after the first's events (0110) */
	{ "PAPI_L3_TCR", "N0|N1|-|N1|N0|-|+|", { NATIVE_A, NATIVE_B } },
	/* B + (A - B): a native term before the first derived one (0111) */
	{ "PAPI_L3_TCW", "N0|N1|N0|-|+|", { NATIVE_B, NATIVE_A } },
	/* (A - B) + B: a native term after a derived one (0112) */
	{ "PAPI_L2_TCR", "N0|N1|-|N2|+|", { NATIVE_A, NATIVE_B, NATIVE_B } },
	/* (A - B) + (A - B) + A: a third term (0114) */
	{ "PAPI_L2_TCW", "N0|N1|-|N0|N1|-|+|N0|+|", { NATIVE_A, NATIVE_B } },
	/* NOT_DERIVED of a derived term: its value (0115) */
	{ "PAPI_L1_TCR", "N0|N1|-|", { NATIVE_A, NATIVE_B } },
	{ "PAPI_L1_STM", NULL, { NULL } },	/* NOT_DERIVED, a second term (0115) */
	{ "PAPI_L2_LDM", NULL, { NULL } },	/* nine native events: 7.2.0 kept 8 (0097) */
	/* 7 native events and a term of 2, one of them there already: 8, which */
	/* 0097 must not refuse (it counts the term's new events only) */
	{ "PAPI_L2_STM", "N0|N1|+|N2|+|N3|+|N4|+|N5|+|N6|+|N0|N7|-|+|",
	  { NATIVE_A, NATIVE_A, NATIVE_A, NATIVE_A, NATIVE_A, NATIVE_A, NATIVE_A, NATIVE_B } },
	/* 7 native events and a term of 2 new ones: 9, the term copied past */
	/* the arrays' end (0097; message below) */
	{ "PAPI_L1_ICH", NULL, { NULL } },
	/* DERIVED_INFIX left to right (0079): (A - B) - A, (A / B) * A */
	{ "PAPI_L1_DCM", "N0|N1|-|N0|-|", { NATIVE_A, NATIVE_B } },
	{ "PAPI_L1_LDM", "N0|N1|/|N0|*|", { NATIVE_A, NATIVE_B } },
	/* a formula the calculation reads, but not one the merge takes apart (0089) */
	{ "UE_RAW", NULL, { NULL } },
	{ "UE_ON_RAW", NULL, { NULL } },
};
#define NDERIVED (sizeof(derived_cases) / sizeof(derived_cases[0]))

static int
write_table(char *path, const char *text)
{
	int fd = mkstemp(path);
	FILE *f;

	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		return -1;
	fprintf(f, text, PMU_WITH_PRESETS, NATIVE_A, NATIVE_B, NATIVE_A, NATIVE_B, NATIVE_B, NATIVE_A);
	fclose(f);
	return 0;
}

/* In the child: the table and user events above, each case checked.   */
static int
derived_terms(void *arg)
{
	char table[] = "/tmp/test_papi_derived_terms.XXXXXX";
	char events[] = "/tmp/test_papi_derived_events.XXXXXX";
	char errpath[] = "/tmp/test_papi_derived_stderr.XXXXXX";
	static const char *messages[] = {	/* 0108: not "Missing event" */
		"Event PAPI_L2_DCA cannot be a term of derived event PAPI_L2_DCA",
		"Event PAPI_L2_DCM cannot be a term of derived event PAPI_L2_DCM",
		"Missing event PAPI_L1_ICM, used in derived event PAPI_L2_ICA",	/* 0086 */
		"Event PAPI_L3_DCA cannot be a term of derived event PAPI_L1_ICH",	/* 0097 */
	};
	char errs[16384];
	PAPI_event_info_t info;
	int code, ret, bad = 0, errfd;
	ssize_t got;
	unsigned int i, n;

	(void)arg;
	setvbuf(stdout, NULL, _IONBF, 0);	/* what it found, should it crash */
	errfd = mkstemp(errpath);
	if (errfd < 0 || dup2(errfd, 2) < 0)
		return 4;
	unlink(errpath);
	setenv("PAPI_VERBOSE", "1", 1);
	if (write_table(table, "CPU,%s\n"
			"PRESET,PAPI_TOT_CYC,NOT_DERIVED,%s\n"
			"PRESET,PAPI_TOT_INS,NOT_DERIVED,%s\n"
			"PRESET,PAPI_L3_DCA,DERIVED_POSTFIX,N0|N1|-|,%s,%s\n"
			"PRESET,PAPI_L3_TCA,DERIVED_ADD,PAPI_L3_DCA,PAPI_L3_DCA\n"
			"PRESET,PAPI_L3_DCR,DERIVED_POSTFIX,N0|N1|-|," NATIVE_B "," NATIVE_A "\n"
			"PRESET,PAPI_L3_DCW,DERIVED_ADD,PAPI_TOT_INS,PAPI_L3_DCR\n"
			"PRESET,PAPI_LST_INS,DERIVED_ADD,%s,%s\n"
			"PRESET,PAPI_L2_TCA,DERIVED_ADD,PAPI_TOT_INS,PAPI_L3_DCA\n"
			"PRESET,PAPI_L2_TCM,DERIVED_ADD,PAPI_L3_DCA,PAPI_TOT_INS\n"
			"PRESET,PAPI_L2_DCA,DERIVED_ADD,PAPI_L2_DCA,PAPI_TOT_CYC\n"
			"PRESET,PAPI_L2_DCM,DERIVED_ADD,PAPI_TOT_CYC,PAPI_L2_DCM\n"
			"PRESET,PAPI_L2_ICA,DERIVED_ADD,PAPI_L1_ICM,PAPI_TOT_CYC\n"
			"PRESET,PAPI_L3_TCR,DERIVED_ADD,PAPI_L3_DCA,PAPI_L3_DCR\n"
			"PRESET,PAPI_L3_TCW,DERIVED_ADD," NATIVE_B ",PAPI_L3_DCA\n"
			"PRESET,PAPI_L2_TCR,DERIVED_ADD,PAPI_L3_DCA," NATIVE_B "\n"
			"PRESET,PAPI_L2_TCW,DERIVED_ADD,PAPI_L3_DCA,PAPI_L3_DCA,PAPI_TOT_CYC\n"
			"PRESET,PAPI_L1_TCR,NOT_DERIVED,PAPI_L3_DCA\n"
			"PRESET,PAPI_L1_STM,NOT_DERIVED," NATIVE_A ",PAPI_L3_DCA\n"
			"PRESET,PAPI_L2_LDM,DERIVED_ADD," NATIVE_A "," NATIVE_A "," NATIVE_A ","
			NATIVE_A "," NATIVE_A "," NATIVE_A "," NATIVE_A "," NATIVE_A "," NATIVE_A "\n"
			"PRESET,PAPI_L2_STM,DERIVED_ADD," NATIVE_A "," NATIVE_A "," NATIVE_A ","
			NATIVE_A "," NATIVE_A "," NATIVE_A "," NATIVE_A ",PAPI_L3_DCA\n"
			"PRESET,PAPI_L1_ICH,DERIVED_ADD," NATIVE_C "," NATIVE_C "," NATIVE_C ","
			NATIVE_C "," NATIVE_C "," NATIVE_C "," NATIVE_C ",PAPI_L3_DCA\n"
			"PRESET,PAPI_L1_DCM,DERIVED_INFIX,N0-N1-N0," NATIVE_A "," NATIVE_B "\n"
			"PRESET,PAPI_L1_LDM,DERIVED_INFIX,N0/N1*N0," NATIVE_A "," NATIVE_B "\n") != 0 ||
	    write_table(events, "CPU,%s\n"
			"EVENT,UE_IPC,DERIVED_POSTFIX,N0|N1|/|,PAPI_TOT_INS,PAPI_TOT_CYC\n"
			"EVENT,UE_MIX,DERIVED_POSTFIX,N0|N1|*|,PAPI_LST_INS,PAPI_TOT_CYC\n"
			"EVENT,UE_TCA_RATE,DERIVED_POSTFIX,N0|N1|/|,PAPI_L3_TCA,PAPI_TOT_CYC\n"
			"EVENT,UE_RAW,DERIVED_POSTFIX,N0N1|+|," NATIVE_A "," NATIVE_B "\n"
			"EVENT,UE_ON_RAW,DERIVED_ADD," NATIVE_B ",UE_RAW\n") != 0)
		return 2;
	setenv("PAPI_CSV_EVENT_FILE", table, 1);
	setenv("PAPI_USER_EVENTS_FILE", events, 1);
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret == PAPI_VER_CURRENT)
		PAPI_query_event(PAPI_TOT_CYC);	/* loads the presets, then the user events */
	unlink(table);
	unlink(events);
	unsetenv("PAPI_CSV_EVENT_FILE");
	unsetenv("PAPI_USER_EVENTS_FILE");
	if (ret != PAPI_VER_CURRENT)
		return 3;
	fflush(stderr);
	got = pread(errfd, errs, sizeof(errs) - 1, 0);
	errs[got > 0 ? got : 0] = '\0';
	for (i = 0; i < sizeof(messages) / sizeof(messages[0]); i++)
		if (strstr(errs, messages[i]) == NULL) {
			printf("    no message \"%s\"\n", messages[i]);
			bad = 1;
		}
	for (i = 0; i < NDERIVED; i++) {
		const struct derived_case *c = &derived_cases[i];

		if ((ret = PAPI_event_name_to_code(c->name, &code)) != PAPI_OK) {
			if (c->postfix == NULL && strncmp(c->name, "UE_", 3) == 0)
				continue;	/* a refused user event has no name */
			printf("    %s: no code (%s)\n", c->name, PAPI_strerror(ret));
			bad = 1;
			continue;
		}
		ret = PAPI_query_event(code);
		if (c->postfix == NULL) {
			if (ret == PAPI_OK) {
				printf("    %s: available, expected not\n", c->name);
				bad = 1;
			}
			continue;
		}
		memset(&info, 0, sizeof(info));
		if (ret != PAPI_OK || PAPI_get_event_info(code, &info) != PAPI_OK) {
			printf("    %s: unavailable (%s)\n", c->name, PAPI_strerror(ret));
			bad = 1;
			continue;
		}
		for (n = 0; n < 8 && c->natives[n] != NULL; n++)
			;
		if (strcmp(info.postfix, c->postfix) != 0 || info.count != n) {
			printf("    %s: formula %s of %u native events, expected %s of %u\n",
			       c->name, info.postfix, info.count, c->postfix, n);
			bad = 1;
			continue;
		}
		for (n = 0; n < info.count; n++)
			if (strstr(info.name[n], c->natives[n]) == NULL) {
				printf("    %s: native event %u is %s, expected %s\n",
				       c->name, n, info.name[n], c->natives[n]);
				bad = 1;
			}
	}
	PAPI_shutdown();
	return bad;
}

static void
test_derived_terms(void **state)
{
	(void)state;
	assert_int_equal(run_in_child("presets and user events made of presets",
				      derived_terms, NULL), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_presets_loaded_on_first_use, cleanup),
		cmocka_unit_test_teardown(test_only_used_preset_resolved, cleanup),
		cmocka_unit_test_teardown(test_component_info_counts_presets, cleanup),
		cmocka_unit_test(test_load_reentered_by_its_thread),
		cmocka_unit_test_teardown(test_table_from_file_loads_on_first_use, cleanup),
		cmocka_unit_test_teardown(test_unreadable_table_fails_at_init, cleanup),
		cmocka_unit_test_teardown(test_shutdown_forgets_pending_load, cleanup),
		cmocka_unit_test_teardown(test_thread_init_loads, cleanup),
		cmocka_unit_test_teardown(test_first_use_in_unregistered_thread, cleanup),
		cmocka_unit_test_teardown(test_postfix_check, cleanup),
		cmocka_unit_test_teardown(test_malformed_table_at_first_use, cleanup),
		cmocka_unit_test_teardown(test_own_preset_name_first, cleanup),
		cmocka_unit_test_teardown(test_user_event_redefined_badly, cleanup),
		cmocka_unit_test_teardown(test_table_descriptions_end_with_table, cleanup),
		cmocka_unit_test_teardown(test_derived_terms, cleanup),
		cmocka_unit_test_teardown(test_user_event_defined_twice, cleanup),
	};

	setenv("LIBPFM_FORCE_PMU", PMU_WITH_PRESETS, 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
