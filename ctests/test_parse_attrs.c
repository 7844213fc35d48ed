/*
 * pfmlib_parse_event_attr() and its 64-entry attribute array (libpfm4 patch
 * 0032, class fix): an event string with more attributes than that must be
 * refused with PFM_ERR_TOOMANY, without writing past the array (4.13.0 and
 * 4.13.0+git106 stored umasks beyond it, corrupting the event descriptor).
 * (65 x :u=1 on arm_n1 only clears one word past the array, the descriptor's
 * pattrs pointer, which leaks it without a visible failure: not tested.)
 * Linked with the riscv64 table build's static libpfm.a (run on this host);
 * each case runs in a child so that a crash is a failure, not the end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <perfmon/pfmlib.h>

#include "run_in_child.h"

#ifndef FIXTURES
#error "FIXTURES must name the cpuinfo fixture directory"
#endif

struct attr_case {
	const char *event;	/* event name */
	const char *attr;	/* ":ATTR" repeated */
	int repeat;
	int want;		/* expected return */
};

static int
encode_repeated(void *arg)
{
	const struct attr_case *c = arg;
	pfm_pmu_encode_arg_t e;
	size_t len = strlen(c->event) + (size_t)c->repeat * strlen(c->attr) + 1;
	char *str = malloc(len);
	int i, ret;

	setenv("LIBPFM_PROC_CPUINFO", FIXTURES "/hifive-unmatched-linux6.txt", 1);
	if (!str || pfm_initialize() != PFM_SUCCESS)
		return 2;
	strcpy(str, c->event);
	for (i = 0; i < c->repeat; i++)
		strcat(str, c->attr);
	memset(&e, 0, sizeof(e));
	e.size = sizeof(e);
	ret = pfm_get_os_event_encoding(str, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &e);
	free(e.codes);
	free(str);
	if (ret != c->want) {
		printf("  %s + %d x %s: %s, expected %s\n", c->event, c->repeat, c->attr,
		       pfm_strerror(ret), pfm_strerror(c->want));
		return 3;
	}
	return 0;
}

/* 70 umasks: 4.13.0 and git106 wrote 6 entries past attrs[] */
static void
test_70_umasks(void **state)
{
	struct attr_case c = { "sifive_u74::INSTRUCTION_COMMIT", ":INT_LOAD", 70, PFM_ERR_TOOMANY };

	(void)state;
	assert_int_equal(run_in_child("70 x :INT_LOAD", encode_repeated, &c), 0);
}

/* the limit itself is unchanged: a few attributes still encode */
static void
test_few_attributes(void **state)
{
	struct attr_case c = { "sifive_u74::INSTRUCTION_COMMIT", ":INT_LOAD", 1, PFM_SUCCESS };

	(void)state;
	assert_int_equal(run_in_child("1 x :INT_LOAD", encode_repeated, &c), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_few_attributes),
		cmocka_unit_test(test_70_umasks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
