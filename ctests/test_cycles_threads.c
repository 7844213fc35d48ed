/*
 * The cycle timer of linux-cycles.c (PAPI's own tree, from
 * papi-components/src) set up by the first reads of several threads at
 * once, built alone with ThreadSanitizer (-fsanitize=thread): the threads
 * that find it set up must see the frequencies the setting-up thread
 * stored (a release store of cyc_ready, acquire loads; AArch64 and RISC-V
 * may make stores visible out of order).  A data race makes
 * ThreadSanitizer report it and the program exit 66: a failure.  Each
 * thread's values must be real and monotonic.
 *
 * On this host the timer is clock_gettime() scaled to cycles: the same
 * publication as with the architected timer of RISC-V.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "threads_at_once.h"

/* PAPI's config.h defines its own package strings */
#undef PACKAGE_BUGREPORT
#undef PACKAGE_NAME
#undef PACKAGE_STRING
#undef PACKAGE_TARNAME
#undef PACKAGE_VERSION
/* What PAPI's Makefile passes when it compiles the file */
#define OSLOCK "linux-lock.h"
#define OSCONTEXT "linux-context.h"
#define PAPI_NUM_COMP 1
#include "linux-cycles.c"

/* The one symbol of PAPI the file uses: the CPU frequency PAPI found */
papi_mdi_t _papi_hwi_system_info;

static void *
first_reads(void *arg)
{
	int bad;

	(void)arg;
	threads_wait_start();
	bad = monotonic_reads(_linux_cycles_read, 1000);
	bad |= _linux_get_virt_cycles() <= 0;
	return bad ? (void *)1 : NULL;
}

static void
test_first_reads_from_threads(void **state)
{
	(void)state;
#if !defined(__SANITIZE_THREAD__)
	printf("SKIP: built without -fsanitize=thread (configure found no ThreadSanitizer)\n");
	exit(77);
#endif
	_papi_hwi_system_info.hw_info.cpu_max_mhz = 1500;
	assert_int_equal(run_threads_at_once(8, first_reads), 0);
	assert_true(_linux_cycles_cpu_hz() == 1500000000ULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_reads_from_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
