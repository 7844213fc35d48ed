/*
 * Unit tests of the overhead work (issue 9), linked with the host build's
 * static libpapi.a:
 *
 * - user-space counter reads: PAPI's own mmap page reader (perf_helpers.h's
 *   mmap_read_self(), compiled here with fake counters: pe_mmap_read_host.c)
 *   on synthetic pages, counter width and sign extension, fall-back cases
 *   (cap off, index 0, an index rdpmc() cannot read), the seqlock retry; the
 *   perf_user_access sysctl rules (pe_user_read.c), which event sets may try
 *   and the AArch64 config1 request (pe_user_access.c), RISC-V firmware
 *   events;
 * - the preset table scan (papi_preset_scan.c): line classification with
 *   the parser's field rules, skipping, and, end to end, that the presets
 *   loaded from the built-in table with the fast scan are exactly those
 *   loaded by the full parser from the same table as a file
 *   (PAPI_CSV_EVENT_FILE), also with hsw forced; the built-in table's
 *   index (PAPI 0173, written by papi_events_table.sh): every CPU line
 *   and every line the scan could stop at has its entry, with its offset,
 *   line number and name, and for every CPU name of the table the index
 *   takes the scan to the same lines with the same line numbers as
 *   reading every line;
 * - system calls of the perf_event component, counted (and failed on
 *   demand) by a syscall() wrapper that libpapi.a links against: adding an
 *   event to an open set opens only that event (pe_add_event.c), and falls
 *   back to reopening the whole set whenever that is not the same; the
 *   scheduability check (2 ioctl()s, counted by an ioctl() wrapper, no
 *   reset) runs for a group with a hardware event (this host has no PMU:
 *   the wrapper opens task-clock in its place), not for software events;
 * - the PMU probe (pe_pmu_probe.c) runs only the probes that can change
 *   its decision, and decides as if it had run all three;
 * - small /proc and /sys files (linux-sysfile.c): first line, numbers,
 *   CPU masks; perf_event_paranoid opened once per PAPI_library_init()
 *   (linux-perf-access.c; an open() wrapper counts), getuid() asked once;
 * - libpfm4 (bundled in libpapi.a) looks for perf_event once per
 *   pfm_initialize() and for the x86 topdown events only where the PMU
 *   has a sysfs events directory (an access() wrapper counts);
 * - the present PMUs are found once per libpfm4 initialization
 *   (papi_libpfm4_pmus.c): the same PMUs as a scan of every id, and the
 *   perf_event components list the same PMU names;
 * - the hardware info each component sees in its init (its init_component
 *   wrapped, component_init_hw.c) is what PAPI_get_hardware_info() gives
 *   after PAPI_library_init(): the CPU counts are read at init (PAPI's
 *   powercap component takes its sockets there), the memory hierarchy at
 *   the first PAPI_get_hardware_info() (PAPI 0022);
 * - the executable and shared-library information filled on first use by
 *   one thread at a time (8 threads in a child process, an fopen()
 *   wrapper watching the reads of /proc/PID/maps);
 * - an event name, with its component's prefix or without, that fills its
 *   buffer exactly is written whole and nothing past it (PAPI 0081);
 * - event sets sized to their events (PAPI 0150, 0151): 300 multiplexed
 *   software events in one set, and the heap of a 2-event set (mallinfo2(),
 *   the mean of 200 sets) at most 16 KiB;
 * - with user-space reads on, each event's perf mmap page touched at
 *   set-up: a fresh set's PAPI_start() and PAPI_read() make no page
 *   fault (an mmap() wrapper, -Wl,--wrap=mmap, gives PAPI pages that
 *   fault at their first touch, as Linux 6.1's perf pages do; PAPI 0157).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <dlfcn.h>
#include <sys/utsname.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <malloc.h>
#include <signal.h>
#include <sys/time.h>
#include <time.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include <cmocka.h>

#include "papi.h"
#include <perfmon/pfmlib.h>
#include "papi_preset_scan.h"
#include "papi_events_table.h"	/* the built-in table and its index */
#include "components/perf_event/pe_user_read.h"
/* perf_event.c (PAPI fix 0036): the calling thread's id, cached per  */
/* thread and cleared in a forked child; declared in perf_event_lib.h.  */
pid_t _pe_user_read_self_tid(void);
#include "components/perf_event/pe_user_access.h"
#include "pe_mmap_read_host.h"
#include "linux-sysfile.h"
#include "linux-perf-access.h"
#include "papi_libpfm4_pmus.h"
#include "run_in_child.h"
#include "component_init_hw.h"
#include "threads_at_once.h"
#include "open_hook.h"

#ifndef EVENTS_CSV
#error "EVENTS_CSV must name the papi_events.csv the library was built with"
#endif
#ifndef PAPI_EVENTS_TABLE_INDEX
#error "papi_events_table.h has no index (PAPI 0173)"
#endif

/* ------------------------------------------------------------------ */
/* A synthetic mmap page, read by PAPI's mmap_read_self()              */

static struct perf_event_mmap_page page;
static int update_during_read;	/* simulate the kernel updating the page */

static void
kernel_updates_page(void)
{
	if (update_during_read) {
		update_during_read = 0;
		page.lock++;		/* the kernel moved the event */
		page.offset += 1000;
	}
}

static void
page_setup(uint32_t index, int64_t offset, uint16_t width, int rdpmc)
{
	memset(&page, 0, sizeof(page));
	memset(pe_fake_counters, 0, sizeof(pe_fake_counters));
	page.lock = 2;
	page.index = index;
	page.offset = offset;
	page.pmc_width = width;
	page.cap_user_rdpmc = rdpmc;
	page.time_enabled = page.time_running = 12345;
	pe_fake_reads = 0;
	pe_fake_last_idx = 999;
	pe_fake_during_read = kernel_updates_page;
	update_during_read = 0;
}

/* The page tests run with each reader: mmap_read_self(), and    */
/* mmap_read_self_count(), which PAPI_read() takes for a set that is */
/* not multiplexed (its short path): both must count the same.    */
static int count_reader;

static int
with_count_reader(void **state)
{
	(void)state;
	count_reader = 1;
	return 0;
}

static int
with_full_reader(void **state)
{
	(void)state;
	count_reader = 0;
	return 0;
}

/* a page test again with mmap_read_self_count(), named so */
#define COUNT_READER_TEST(f) \
	{ #f " (count reader)", f, with_count_reader, with_full_reader, NULL }

static unsigned long long
read_page(void)
{
	unsigned long long en = 1, ru = 2;
	unsigned long long v;
	unsigned int no_reset = 0;

	if (count_reader)
		return pe_host_mmap_read_self_count(&page, &no_reset, 0, 0);
	v = pe_host_mmap_read_self(&page, &en, &ru);

	if (v != PE_READ_FALLBACK) {
		/* not multiplexed: the page's times, nothing to scale */
		assert_int_equal(en, 12345);
		assert_int_equal(ru, 12345);
	}
	return v;
}

/* offset + the counter sign-extended from pmc_width bits */
static unsigned long long
read_with(int64_t offset, uint64_t pmc, uint16_t width)
{
	page_setup(1, offset, width, 1);
	pe_fake_counters[0] = pmc;
	return read_page();
}

static void
test_page_sign_extension(void **state)
{
	(void)state;
	/* 64-bit cycle counter: plain sum */
	assert_int_equal(read_with(100, 5000, 64), 5100);
	/* 32-bit counter started at -2^31 (kernel's prev_count sign-extended) */
	assert_int_equal(read_with(1000 - (int64_t)0xffffffff80000000ULL,
		0x80000005ULL, 32), 1005);
	/* bits above the width are not part of the counter */
	assert_int_equal(read_with(7, 0xabcd00000005ULL, 32), 12);
	/* a counter below 2^31: positive */
	assert_int_equal(read_with(10, 0x7fffffffULL, 32), 10 + 0x7fffffffULL);
	/* RISC-V hpmcounter widths such as 40 bits */
	assert_int_equal(read_with(-((int64_t)1 << 39) + 50,
		(uint64_t)1 << 39, 40), 50 - ((uint64_t)1 << 40));
}

static void
test_page_reads_counter(void **state)
{
	(void)state;
	/* AArch64 event counter 2 is page index 3 */
	page_setup(3, 40, 32, 1);
	pe_fake_counters[2] = 60;
	assert_int_equal(read_page(), 100);
	assert_int_equal(pe_fake_last_idx, 2);
	assert_int_equal(pe_fake_reads, 1);
	/* AArch64 cycle counter is page index 32 */
	page_setup(32, 1, 64, 1);
	pe_fake_counters[31] = 0x100000000ULL;
	assert_int_equal(read_page(), 0x100000001ULL);
	assert_int_equal(pe_fake_last_idx, 31);
}

static void
test_page_fallbacks(void **state)
{
	(void)state;
	/* kernel did not grant user reads (sysctl off, old kernel) */
	page_setup(3, 40, 32, 0);
	assert_true(read_page() == PE_READ_FALLBACK);
	assert_int_equal(pe_fake_reads, 0);
	/* index 0: not on a counter now (stopped, multiplexed out, software) */
	page_setup(0, 40, 32, 1);
	assert_true(read_page() == PE_READ_FALLBACK);
	assert_int_equal(pe_fake_reads, 0);
}

/* An index beyond the counters rdpmc() reads (Linux 6.13+ publishes 33   */
/* for the AArch64 instruction counter, FEAT_PMUv3_ICNTR): read() must    */
/* count, not offset + a counter read as 0 (PAPI 0063).                   */
static void
test_page_unknown_index(void **state)
{
	static const uint32_t unknown[] = { 33, 34, 64, 0xffffffffU };
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		page_setup(unknown[i], 40, 64, 1);
		assert_true(read_page() == PE_READ_FALLBACK);
		assert_int_equal(pe_fake_reads, 0);
	}
	/* the last known one is read */
	page_setup(32, 40, 64, 1);
	pe_fake_counters[31] = 2;
	assert_int_equal(read_page(), 42);
}

/* PAPI 0036: counters are read in user space only by the thread that    */
/* opened them.  The thread id compared is cached per thread, and a forked */
/* child must not keep its parent's (it would take the user-space path on */
/* pages it does not have: SIGSEGV).                                      */
static void *
tid_in_thread(void *arg)
{
	pid_t *out = arg;

	out[0] = _pe_user_read_self_tid();
	out[1] = (pid_t)syscall(SYS_gettid);
	return NULL;
}

static int
tid_in_child(void *arg)
{
	pid_t parent = *(pid_t *)arg, t = _pe_user_read_self_tid();

	return t == getpid() && t != parent ? 0 : 1;
}

static void
test_user_read_self_tid(void **state)
{
	pid_t me, other[2];
	pthread_t th;

	(void)state;
	me = (pid_t)syscall(SYS_gettid);
	assert_int_equal(_pe_user_read_self_tid(), me);
	assert_int_equal(_pe_user_read_self_tid(), me);
	assert_int_equal(pthread_create(&th, NULL, tid_in_thread, other), 0);
	assert_int_equal(pthread_join(th, NULL), 0);
	assert_int_equal(other[0], other[1]);
	assert_int_not_equal(other[0], me);
	assert_int_equal(run_in_child("the thread id in a forked child", tid_in_child, &me), 0);
}

static void
test_page_seqlock_retry(void **state)
{
	(void)state;
	page_setup(1, 10, 32, 1);
	pe_fake_counters[0] = 5;
	update_during_read = 1;
	/* first try sees the old offset, the lock changed: read again */
	assert_int_equal(read_page(), 1015);
	assert_int_equal(pe_fake_reads, 2);
}

/* PAPI 0065: PERF_EVENT_IOC_RESET publishes a page whose offset is minus */
/* the counter as the kernel read it, not sign-extended: with the top bit */
/* of a 32-bit counter set (from its start at 2^31 + 1 to its overflow)   */
/* offset + the sign-extended counter is 2^32 short.  The counter at the  */
/* reset counts until the kernel publishes the page again.                */
#define AT_RESET 0x80001234ULL	/* an AArch64 32-bit counter at the reset */
#define COUNTER_START 0x80000001ULL	/* where the kernel starts it: 2^31 + 1 */

static unsigned long long
read_after_reset(unsigned int *flag, uint32_t lock)
{
	unsigned long long en = 1, ru = 2;

	if (count_reader)
		return pe_host_mmap_read_self_count(&page, flag, AT_RESET, lock);
	return pe_host_mmap_read_self_reset(&page, flag, AT_RESET, lock, &en, &ru);
}

static void
test_page_reset_not_published(void **state)
{
	unsigned int flag = 1;
	uint32_t lock = 99;

	(void)state;
	page_setup(1, -(int64_t)AT_RESET, 32, 1);	/* the reset's page */
	pe_fake_counters[0] = AT_RESET;
	assert_int_equal(pe_host_mmap_read_reset_count(&page, &lock), AT_RESET);
	assert_int_equal(lock, page.lock);
	/* the counter minus its value at the reset, not 2^32 short */
	pe_fake_counters[0] = AT_RESET + 2000920;
	assert_int_equal(read_after_reset(&flag, lock), 2000920);
	assert_int_equal(flag, 1);
	/* past 2^32, before the overflow interrupt: the counter wrapped */
	pe_fake_counters[0] = (AT_RESET + 0x7fff0000ULL) & 0xffffffffULL;
	assert_int_equal(read_after_reset(&flag, lock), 0x7fff0000ULL);
	assert_int_equal(flag, 1);
}

static void
test_page_reset_published(void **state)
{
	/* events from the reset to the overflow */
	const int64_t to_overflow = (int64_t)(0x100000000ULL - AT_RESET);
	unsigned int flag = 1;
	uint32_t lock;

	(void)state;
	page_setup(1, -(int64_t)AT_RESET, 32, 1);
	pe_fake_counters[0] = AT_RESET;
	pe_host_mmap_read_reset_count(&page, &lock);
	/* the counter overflowed: the kernel started it again at 2^31 + 1 */
	/* (prev_count minus the period left, sign-extended) and published */
	/* the page: offset = count - prev_count                           */
	page.lock += 2;
	page.offset = to_overflow + 0x7fffffff;
	pe_fake_counters[0] = COUNTER_START + 1000;
	assert_int_equal(read_after_reset(&flag, lock), to_overflow + 1000);
	assert_int_equal(flag, 0);
	pe_fake_counters[0] = COUNTER_START + 5000;
	assert_int_equal(read_after_reset(&flag, lock), to_overflow + 5000);

	/* an event off its counter at the reset: index 0, read() counts */
	page_setup(0, 0, 32, 1);
	flag = 1;
	assert_int_equal(pe_host_mmap_read_reset_count(&page, &lock), 0);
	assert_true(read_after_reset(&flag, lock) == PE_READ_FALLBACK);
	assert_int_equal(flag, 1);
	/* until its schedule-in publishes the page */
	page.lock += 2;
	page.index = 1;
	page.offset = 0x7fffffff;
	pe_fake_counters[0] = COUNTER_START + 77;
	assert_int_equal(read_after_reset(&flag, lock), 77);
	assert_int_equal(flag, 0);
}

static char *
write_tmp(const char *text)
{
	static char path[64];
	int fd;

	strcpy(path, "/tmp/test_papi_perf.XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

static void
test_sysctl_rules(void **state)
{
	static const struct { const char *text; int arm64, riscv; } cases[] = {
		{ "0\n", 0, 0 }, { "1\n", 1, 1 }, { "2\n", 0, 1 },
		{ "3\n", 0, 0 }, { "garbage\n", 0, 0 }, { "", 0, 0 },
	};
	size_t i;
	char *path;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		path = write_tmp(cases[i].text);
		assert_int_equal(_pe_user_read_sysctl(path, 0), cases[i].arm64);
		assert_int_equal(_pe_user_read_sysctl(path, 1), cases[i].riscv);
		unlink(path);
	}
	/* no sysctl: a kernel without user access */
	assert_int_equal(_pe_user_read_sysctl("/nonexistent/perf_user_access", 0), 0);
	assert_int_equal(_pe_user_read_sysctl("/nonexistent/perf_user_access", 1), 0);
}

static void
test_wanted_event_sets(void **state)
{
	(void)state;
	/* inherit, attached, system_wide, cpu, multiplexed */
	assert_true(_pe_user_read_wanted(0, 0, 0, -1, 0));
	assert_false(_pe_user_read_wanted(1, 0, 0, -1, 0));
	assert_false(_pe_user_read_wanted(0, 1, 0, -1, 0));
	assert_false(_pe_user_read_wanted(0, 0, 1, -1, 0));
	assert_false(_pe_user_read_wanted(0, 0, 0, 2, 0));
	assert_false(_pe_user_read_wanted(0, 0, 0, -1, 1));
}

/* RISC-V SBI firmware events are never read in user space (PAPI 0042):  */
/* Linux publishes a counter index for them that no CSR backs.            */
static void
test_firmware_events_not_user_read(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_RAW;
	attr.config = (1ULL << 63) | 4;		/* SBI_PMU_FW_SFENCE_VMA_RCVD */
	assert_false(_pe_user_read_event_ok(&attr, 1));
	/* the same encoding on AArch64 is an ordinary raw event */
	assert_true(_pe_user_read_event_ok(&attr, 0));
	/* RISC-V hardware events and raw events without bit 63 */
	attr.config = 0x4201;
	assert_true(_pe_user_read_event_ok(&attr, 1));
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	assert_true(_pe_user_read_event_ok(&attr, 1));
}

static void
test_request_config1(void **state)
{
	struct perf_event_attr attr;

	(void)state;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_RAW;
	attr.config1 = 1;		/* 64-bit counter asked for: kept */
	_pe_user_read_request(&attr, 1);
	assert_int_equal(attr.config1, 3);
	attr.type = 8;			/* the armv8 PMU's dynamic type */
	attr.config1 = 0;
	_pe_user_read_request(&attr, 1);
	assert_int_equal(attr.config1, PE_USER_READ_ARM64_CONFIG1);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config1 = 0;
	_pe_user_read_request(&attr, 1);
	assert_int_equal(attr.config1, 2);
	/* software events have no counter to read */
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config1 = 0;
	_pe_user_read_request(&attr, 1);
	assert_int_equal(attr.config1, 0);
	/* RISC-V needs nothing in attr */
	attr.type = PERF_TYPE_RAW;
	_pe_user_read_request(&attr, 0);
	assert_int_equal(attr.config1, 0);
}

/* ------------------------------------------------------------------ */
/* Preset table scan                                                  */

static void
test_line_kinds(void **state)
{
	const char *name;
	size_t len;

	(void)state;
	assert_int_equal(_papi_preset_line_kind("PRESET,PAPI_TOT_CYC,NOT_DERIVED,X\n", &name, &len),
		PAPI_PRESET_LINE_DEFINITION);
	assert_int_equal(_papi_preset_line_kind(",, preset ,A", &name, &len),
		PAPI_PRESET_LINE_DEFINITION);
	assert_int_equal(_papi_preset_line_kind("Event,A", &name, &len),
		PAPI_PRESET_LINE_DEFINITION);
	assert_int_equal(_papi_preset_line_kind("PRESETS,A", &name, &len),
		PAPI_PRESET_LINE_OTHER);
	assert_int_equal(_papi_preset_line_kind("PRE SET,A", &name, &len),
		PAPI_PRESET_LINE_OTHER);
	assert_int_equal(_papi_preset_line_kind("# comment, with commas\n", &name, &len),
		PAPI_PRESET_LINE_COMMENT);
	assert_int_equal(_papi_preset_line_kind("\t#x", &name, &len),
		PAPI_PRESET_LINE_COMMENT);
	assert_int_equal(_papi_preset_line_kind("\n", &name, &len),
		PAPI_PRESET_LINE_OTHER);
	assert_int_equal(_papi_preset_line_kind("", &name, &len),
		PAPI_PRESET_LINE_OTHER);
	assert_int_equal(_papi_preset_line_kind("CPU,  arm_n1 ,3\n", &name, &len),
		PAPI_PRESET_LINE_CPU);
	assert_int_equal(len, 6);
	assert_memory_equal(name, "arm_n1", 6);
	assert_int_equal(_papi_preset_line_kind("cpu,,Intel Core2\n", &name, &len),
		PAPI_PRESET_LINE_CPU);
	assert_int_equal(len, 11);
	/* a CPU line without a name is the parser's error to report */
	assert_int_equal(_papi_preset_line_kind("CPU,  \n", &name, &len),
		PAPI_PRESET_LINE_OTHER);
	assert_int_equal(_papi_preset_line_kind("CPUX,a\n", &name, &len),
		PAPI_PRESET_LINE_OTHER);
	assert_int_equal(_papi_preset_line_kind("UNKNOWN,a\n", &name, &len),
		PAPI_PRESET_LINE_OTHER);
}

static void
test_skip_lines(void **state)
{
	static char table[] =
		"# head\n"
		"CPU,amd64_k7\n"
		"PRESET,PAPI_TOT_INS,NOT_DERIVED,X\n"
		"CPU,Arm_N1\n"
		"PRESET,PAPI_TOT_INS,NOT_DERIVED,INST_RETIRED\n"
		"CPU,other\n"
		"\n"
		"PRESET,after,an,empty,line";
	char *p = table;

	(void)state;
	/* stops at the CPU line naming this PMU, any case */
	assert_int_equal(_papi_preset_skip_lines(&p, "arm_n1"), 3);
	assert_true(strncmp(p, "CPU,Arm_N1\n", 11) == 0);
	/* the parser takes it from there; outside again, stops at the empty line */
	p = strstr(table, "CPU,other");
	assert_int_equal(_papi_preset_skip_lines(&p, "arm_n1"), 1);
	assert_int_equal(*p, '\n');
	/* a last line without a newline */
	p = strstr(table, "PRESET,after");
	assert_int_equal(_papi_preset_skip_lines(&p, "arm_n1"), 1);
	assert_int_equal(*p, '\0');
	/* a prefix of the name is another CPU */
	p = table;
	assert_int_equal(_papi_preset_skip_lines(&p, "arm_n"), 6);
}

/* A table that ends in a short line, its NUL the last byte before an
 * inaccessible page: the scan may not read past the NUL (it did, with
 * memcmp over 7 bytes: SIGSEGV here, an over-read under ASan). */
static void
test_skip_lines_table_end(void **state)
{
	static const char *const tails[] = { "PRESET,x\nPR", "PRESET,x\n\n", "CPU,other\nP", "#\nPRESET" };
	long page = sysconf(_SC_PAGESIZE);
	char *map, *p;
	size_t i, len;

	(void)state;
	map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(map != MAP_FAILED);
	assert_int_equal(mprotect(map + page, page, PROT_NONE), 0);
	for (i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		len = strlen(tails[i]) + 1;
		p = map + page - len;
		memcpy(p, tails[i], len);
		_papi_preset_skip_lines(&p, "arm_n1");
		assert_true(p >= map + page - len && p < map + page);
	}
	munmap(map, 2 * page);
}

/* The built-in table's index (PAPI 0173) against the table's text. */
#define INDEX_ENTRIES \
	((int)(sizeof(papi_events_table_index) / sizeof(papi_events_table_index[0])))

static void
test_table_index_fits_table(void **state)
{
	const papi_preset_index_t *e = papi_events_table_index;
	const papi_preset_index_t *end = e + INDEX_ENTRIES;
	const char *p = papi_events_table, *name;
	size_t len;
	int line = 1, kind, cpus = 0;

	(void)state;
	for (; *p; line++) {
		kind = _papi_preset_line_kind(p, &name, &len);
		if (e < end && e->offset == p - papi_events_table) {
			/* an entry: at this line, named as the parser names it */
			assert_int_equal(e->line, line);
			if (e->name_len > 0) {
				assert_int_equal(kind, PAPI_PRESET_LINE_CPU);
				assert_int_equal(e->name_len, len);
				assert_ptr_equal(p + 4, name);
				cpus++;
			}
			e++;
		} else {
			/* no entry: a line the scan skips for any CPU */
			assert_true(e < end && e->offset > p - papi_events_table);
			if (kind != PAPI_PRESET_LINE_COMMENT &&
			    kind != PAPI_PRESET_LINE_DEFINITION)
				fail_msg("line %d has no index entry: %.40s", line, p);
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : papi_events_table + strlen(papi_events_table);
	}
	/* the last entry: the table's end */
	assert_true(e == end - 1);
	assert_int_equal(e->name_len, 0);
	assert_int_equal(e->offset, (int)strlen(papi_events_table));
	assert_int_equal(e->line, line);
	assert_true(cpus > 100);
	printf("  %d index entries, %d CPU lines, fit the %d lines of the table\n",
		INDEX_ENTRIES, cpus, line - 1);
}

/* Where the scan for pmu stops in the built-in table (offsets, numbers */
/* of the lines), the parser taking each stop line and the scan going   */
/* on after it, as papi_load_derived_events() outside pmu's sections.   */
#define MAX_STOPS 8192
static int
scan_stops(const char *pmu, const papi_preset_index_t *index, int entries,
	   int *offsets, int *lines)
{
	char *p = papi_events_table;
	int line_no = 0, n = 0;

	for (;;) {
		if (index != NULL)
			line_no += _papi_preset_skip_lines_indexed(&p, pmu,
				papi_events_table, index, entries, line_no);
		else
			line_no += _papi_preset_skip_lines(&p, pmu);
		assert_true(n < MAX_STOPS);
		offsets[n] = (int)(p - papi_events_table);
		lines[n++] = line_no + 1;
		if (*p == '\0')
			return n;
		p = strchr(p, '\n');
		p = p ? p + 1 : papi_events_table + strlen(papi_events_table);
		line_no++;
	}
}

static void
same_stops(const char *pmu, const papi_preset_index_t *index, int entries)
{
	static int offsets[2][MAX_STOPS], lines[2][MAX_STOPS];
	int n, i;

	n = scan_stops(pmu, NULL, 0, offsets[0], lines[0]);
	assert_int_equal(scan_stops(pmu, index, entries, offsets[1], lines[1]), n);
	for (i = 0; i < n; i++) {
		if (offsets[0][i] != offsets[1][i] || lines[0][i] != lines[1][i])
			fail_msg("%s: stop %d at offset %d line %d with the index, "
				 "offset %d line %d by reading every line", pmu, i,
				 offsets[1][i], lines[1][i], offsets[0][i], lines[0][i]);
	}
}

static void
test_table_index_skips_as_scan(void **state)
{
	static const char *const more[] = { "arm_ac72", "sifive_u74", "hsw",
		"ARM_AC72", "arm_ac7", "arm_ac721", "no_such_cpu", "" };
	static const char *const wanted[] = { "arm_ac72", "sifive_u74", "hsw" };
	char name[256];
	int k, i, names = 0;

	(void)state;
	/* the sections of these are in the table, so in the index */
	for (i = 0; i < 3; i++) {
		for (k = 0; k < INDEX_ENTRIES; k++) {
			if (papi_events_table_index[k].name_len == (int)strlen(wanted[i]) &&
			    memcmp(papi_events_table + papi_events_table_index[k].offset + 4,
				   wanted[i], strlen(wanted[i])) == 0)
				break;
		}
		assert_true(k < INDEX_ENTRIES);
	}
	for (k = 0; k < INDEX_ENTRIES; k++) {
		if (papi_events_table_index[k].name_len == 0)
			continue;
		assert_true(papi_events_table_index[k].name_len < (int)sizeof(name));
		memcpy(name, papi_events_table + papi_events_table_index[k].offset + 4,
		       papi_events_table_index[k].name_len);
		name[papi_events_table_index[k].name_len] = '\0';
		same_stops(name, papi_events_table_index, INDEX_ENTRIES);
		names++;
	}
	for (i = 0; i < (int)(sizeof(more) / sizeof(more[0])); i++)
		same_stops(more[i], papi_events_table_index, INDEX_ENTRIES);
	printf("  the scan through the index stops where reading every line does, "
	       "for the %d CPU names of the table and %d others\n", names,
	       (int)(sizeof(more) / sizeof(more[0])) - 3);
}

/* The index of a small table, and indexes that do not fit it. */
static void
test_table_index_misfit(void **state)
{
	static char table[] =
		"# head\n"
		"CPU,amd64_k7\n"
		"PRESET,PAPI_TOT_INS,NOT_DERIVED,X\n"
		"CPU,Arm_N1\n"
		"PRESET,PAPI_TOT_INS,NOT_DERIVED,INST_RETIRED\n"
		"cpu, arm_n1\n";
	/* the last line, not "CPU,name", is one the scan may stop at */
	static const papi_preset_index_t good[] = {
		{ 7, 2, 8 }, { 54, 4, 6 }, { 110, 6, 0 }, { 122, 7, 0 } };
	/* the last line's entry not at its start (on its "arm_n1") */
	static const papi_preset_index_t inside[] = {
		{ 7, 2, 8 }, { 54, 4, 6 }, { 111, 6, 6 }, { 122, 7, 0 } };
	/* the second entry's line number before the first line scanned */
	static const papi_preset_index_t before[] = {
		{ 7, 2, 8 }, { 54, 2, 6 }, { 110, 6, 0 }, { 122, 7, 0 } };
	/* where the scan starts (offset, number of lines before), for */
	/* which CPU, with which index, and where it stops               */
	static const struct misfit_case {
		int from;
		const char *pmu;
		const papi_preset_index_t *index;
		int line_no, skipped, stop;
	} cases[] = {
		{ 0, "arm_n1", good, 0, 3, 54 },	/* straight to the CPU line */
		{ 65, "arm_n1", good, 4, 1, 110 },	/* from line 5 to the next CPU line of that name */
		{ 0, "other", good, 0, 6, 122 },	/* a line the scan may stop at, skipped */
		{ 65, "arm_n1", inside, 4, 1, 110 },	/* entries that do not fit: */
		{ 20, "arm_n1", before, 2, 1, 54 },	/* the lines read from there on */
		{ 0, "arm_n1", NULL, 0, 3, 54 },	/* no index: the lines read */
	};
	char *p;
	size_t i;

	(void)state;
	assert_int_equal(strlen(table), 122);
	assert_ptr_equal(strstr(table, "CPU,Arm_N1"), table + 54);
	assert_ptr_equal(strstr(table, "cpu, arm_n1"), table + 110);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct misfit_case *c = &cases[i];

		p = table + c->from;
		assert_int_equal(_papi_preset_skip_lines_indexed(&p, c->pmu,
			c->index ? table : NULL, c->index, c->index ? 4 : 0,
			c->line_no), c->skipped);
		assert_ptr_equal(p, table + c->stop);
	}
}

/* Presets loaded: everything PAPI_get_event_info says about each. */
#define MAX_PRESETS 128
struct loaded {
	int n;
	PAPI_event_info_t info[MAX_PRESETS];
};

static void
load_presets(struct loaded *out, int from_file)
{
	int code = PAPI_PRESET_MASK;

	if (from_file)
		setenv("PAPI_CSV_EVENT_FILE", EVENTS_CSV, 1);
	else
		unsetenv("PAPI_CSV_EVENT_FILE");
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	out->n = 0;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK) {
		do {
			assert_true(out->n < MAX_PRESETS);
			memset(&out->info[out->n], 0, sizeof(out->info[0]));
			assert_int_equal(PAPI_get_event_info(code, &out->info[out->n]), PAPI_OK);
			out->n++;
		} while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
	}
	PAPI_shutdown();
	unsetenv("PAPI_CSV_EVENT_FILE");
}

static void
compare_loads(void)
{
	static struct loaded table, file;
	int i;

	load_presets(&table, 0);
	load_presets(&file, 1);
	assert_int_equal(table.n, file.n);
	for (i = 0; i < table.n; i++) {
		assert_string_equal(table.info[i].symbol, file.info[i].symbol);
		assert_int_equal(table.info[i].event_code, file.info[i].event_code);
		assert_int_equal(table.info[i].count, file.info[i].count);
		assert_string_equal(table.info[i].derived, file.info[i].derived);
		assert_string_equal(table.info[i].postfix, file.info[i].postfix);
		assert_string_equal(table.info[i].short_descr, file.info[i].short_descr);
		assert_string_equal(table.info[i].long_descr, file.info[i].long_descr);
		assert_string_equal(table.info[i].note, file.info[i].note);
		assert_memory_equal(table.info[i].name, file.info[i].name, sizeof(table.info[i].name));
	}
	printf("  %d presets identical from the built-in table and from %s\n",
		table.n, EVENTS_CSV);
}

/* ------------------------------------------------------------------ */
/* Counting through the changed open/start paths (software events,    */
/* which every Linux has): events added one by one form one group,    */
/* the single scheduability check accepts it, PAPI_start and          */
/* PAPI_reset (one group ioctl) zero every member, and the counts     */
/* grow with the work.                                                */

/* PAPI with the perf_event component, or skip */
static void
init_or_skip(void)
{
	errno = 0;
	if (syscall(__NR_perf_event_open, NULL, 0, -1, -1, 0) < 0 && errno == ENOSYS)
		skip();
	if (PAPI_is_initialized())	/* left so by a failed test */
		PAPI_shutdown();
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	if (PAPI_get_component_info(0)->disabled) {
		PAPI_shutdown();
		skip();
	}
}

static void
spin(long n)
{
	volatile double x = 1.0;
	long i;

	for (i = 0; i < n; i++)
		x = x * 1.0000001;
}

static void
test_group_add_start_reset(void **state)
{
	static const char *names[] = { "perf::TASK-CLOCK", "perf::CPU-CLOCK",
		"perf::PAGE-FAULTS" };
	long long before[3], after[3], again[3];
	int es = PAPI_NULL, i;
	char *buf;

	(void)state;
	init_or_skip();
	assert_int_equal(PAPI_create_eventset(&es), PAPI_OK);
	for (i = 0; i < 3; i++)
		assert_int_equal(PAPI_add_named_event(es, names[i]), PAPI_OK);

	assert_int_equal(PAPI_start(es), PAPI_OK);
	spin(3000000);
	buf = malloc(64 << 20);			/* page faults */
	assert_non_null(buf);
	memset(buf, 1, 64 << 20);
	assert_int_equal(PAPI_read(es, before), PAPI_OK);
	/* a reset zeroes every member of the group, not only the leader */
	assert_int_equal(PAPI_reset(es), PAPI_OK);
	assert_int_equal(PAPI_read(es, after), PAPI_OK);
	assert_true(before[0] > 1000000);	/* ns of task clock */
	assert_true(before[1] > 1000000);
	assert_true(before[2] > 1000);		/* 16 K pages touched */
	assert_true(after[0] < before[0] / 2);
	assert_true(after[1] < before[1] / 2);
	assert_true(after[2] < before[2] / 2);
	spin(3000000);
	assert_int_equal(PAPI_stop(es, again), PAPI_OK);
	assert_true(again[0] > after[0]);
	/* a new start starts from zero again (group reset at start) */
	assert_int_equal(PAPI_start(es), PAPI_OK);
	assert_int_equal(PAPI_read(es, after), PAPI_OK);
	assert_true(after[0] < again[0]);
	assert_true(after[2] < before[2] / 2);
	assert_int_equal(PAPI_stop(es, NULL), PAPI_OK);
	free(buf);
	assert_int_equal(PAPI_cleanup_eventset(es), PAPI_OK);
	assert_int_equal(PAPI_destroy_eventset(&es), PAPI_OK);
	PAPI_shutdown();
}

/* ---- system calls of the perf_event component ----------------------- */

/* libpapi.a is linked into this program, so its perf_event_open() calls */
/* (syscall(__NR_perf_event_open, ...), perf_helpers.h) come here.       */
static int perf_opens;			/* perf_event_open() calls */
static int guest_probe_opens;		/* of them check_exclude_guest()'s */
static uint64_t fail_sw_config = ~0ULL;	/* refuse this software event */
static int fail_times;			/* that many times (-1: always) */
static int last_leader_fd = -1;		/* the last event opened alone or as a leader */
static int hw_as_task_clock;		/* open hardware events as task-clock */

/* the number of arguments of the system calls PAPI and this test make */
/* through syscall(); all six for any other                             */
static int
syscall_args(long nr)
{
	switch (nr) {
	case SYS_gettid:
	case SYS_getpid:
	case SYS_getuid:
		return 0;
	case SYS_capget:
		return 2;
	case __NR_perf_event_open:
		return 5;
	default:
		return 6;
	}
}

long
syscall(long nr, ...)
{
	static long (*real_syscall)(long, ...);
	va_list ap;
	long a[6], ret;
	int i;

	/* only the arguments the caller passed: reading more is undefined */
	/* (AddressSanitizer, clang: stack-buffer-underflow for gettid)    */
	memset(a, 0, sizeof(a));
	va_start(ap, nr);
	for (i = 0; i < syscall_args(nr); i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (nr == __NR_perf_event_open) {
		const struct perf_event_attr *attr = (const void *)a[0];
		static struct perf_event_attr sub;

		perf_opens++;
		/* this host has no PMU: the kernel counts task-clock for a   */
		/* hardware event that PAPI believes it opened (PAPI's checks  */
		/* for hardware groups run)                                    */
		if (hw_as_task_clock && attr && attr->type == PERF_TYPE_HARDWARE) {
			sub = *attr;
			sub.type = PERF_TYPE_SOFTWARE;
			sub.config = PERF_COUNT_SW_TASK_CLOCK;
			a[0] = (long)&sub;
		}
		/* a bare instructions event: enabled, no read format, all domains */
		if (attr && attr->type == PERF_TYPE_HARDWARE &&
		    attr->config == PERF_COUNT_HW_INSTRUCTIONS && !attr->disabled &&
		    !attr->read_format && !attr->exclude_user &&
		    !attr->exclude_kernel && !attr->exclude_hv)
			guest_probe_opens++;
		if (attr && attr->type == PERF_TYPE_SOFTWARE &&
		    attr->config == fail_sw_config && fail_times != 0) {
			if (fail_times > 0)
				fail_times--;
			errno = EINVAL;
			return -1;
		}
	}
	if (!real_syscall)
		real_syscall = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	ret = real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	if (nr == __NR_perf_event_open && ret >= 0 && a[0] && (int)a[3] == -1)
		last_leader_fd = (int)ret;
	return ret;
}

static int perf_ioctls;			/* ioctl() calls on perf events */
static int perf_resets;			/* of them PERF_EVENT_IOC_RESET */

int
ioctl(int fd, unsigned long req, ...)
{
	static int (*real_ioctl)(int, unsigned long, ...);
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (_IOC_TYPE(req) == _IOC_TYPE(PERF_EVENT_IOC_RESET)) {
		perf_ioctls++;
		if (req == PERF_EVENT_IOC_RESET)
			perf_resets++;
	}
	if (!real_ioctl)
		real_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	return real_ioctl(fd, req, arg);
}

/* An empty event set of a freshly initialized PAPI, or skip */
static int
new_event_set(void)
{
	int es = PAPI_NULL;

	init_or_skip();
	assert_int_equal(PAPI_create_eventset(&es), PAPI_OK);
	return es;
}

/* Its end: cleanup, destroy, shutdown */
static void
end_event_set(int es)
{
	assert_int_equal(PAPI_cleanup_eventset(es), PAPI_OK);
	assert_int_equal(PAPI_destroy_eventset(&es), PAPI_OK);
	PAPI_shutdown();
}

/* PAPI 0023: no exclude_guest probe on kernels that know the bit (3.2+) */
static void
test_no_exclude_guest_probe(void **state)
{
	struct utsname u;
	int major = 0, minor = 0;

	(void)state;
	assert_int_equal(uname(&u), 0);
	assert_int_equal(sscanf(u.release, "%d.%d", &major, &minor), 2);
	if (major < 3 || (major == 3 && minor < 2))
		skip();
	guest_probe_opens = 0;
	init_or_skip();
	assert_int_equal(guest_probe_opens, 0);
	PAPI_shutdown();
}

/* perf_event_open() calls made by PAPI_add_named_event(); its ioctl()s */
/* and resets in add_ioctls, add_resets                                  */
static int add_ioctls, add_resets;

static int
opens_to_add(int es, const char *name, int expect)
{
	int before = perf_opens, ioctls = perf_ioctls, resets = perf_resets;

	assert_int_equal(PAPI_add_named_event(es, name), expect);
	add_ioctls = perf_ioctls - ioctls;
	add_resets = perf_resets - resets;
	return perf_opens - before;
}

/* A new event set with these events (the list ends with NULL), each */
/* added with exactly one perf_event_open().  (PAPI 7.0.0 and 7.2.0   */
/* reopen the whole set: 1, 2, then 3 opens.)                         */
static int
new_event_set_with(const char *name, ...)
{
	int es = new_event_set();
	va_list ap;

	va_start(ap, name);
	for (; name != NULL; name = va_arg(ap, const char *))
		assert_int_equal(opens_to_add(es, name, PAPI_OK), 1);
	va_end(ap);
	return es;
}

/* Counts the set over a spin and 16 MB of fresh pages; checks the values */
/* of the events it knows, wherever they are in the set (PAPI_list_events */
/* says): TASK-CLOCK and CPU-CLOCK (ns, the same time twice) and          */
/* PAGE-FAULTS.  Returns the number of events.                            */
static int
assert_counts(int es)
{
	long long v[8], task = -1, cpu = -1;
	int codes[8], n = 8, i;
	char name[PAPI_MAX_STR_LEN];
	char *buf;
	size_t len = 16 << 20;

	assert_int_equal(PAPI_list_events(es, codes, &n), PAPI_OK);
	assert_true(n > 0 && n <= 8);
	assert_int_equal(PAPI_start(es), PAPI_OK);
	spin(3000000);
	buf = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(buf != MAP_FAILED);
	memset(buf, 1, len);
	assert_int_equal(PAPI_stop(es, v), PAPI_OK);
	munmap(buf, len);
	for (i = 0; i < n; i++) {
		assert_int_equal(PAPI_event_code_to_name(codes[i], name), PAPI_OK);
		if (strstr(name, "TASK-CLOCK")) {
			task = v[i];
			assert_true(task > 1000000);
		} else if (strstr(name, "CPU-CLOCK")) {
			cpu = v[i];
			assert_true(cpu > 1000000);
		} else if (strstr(name, "PAGE-FAULTS")) {
			assert_true(v[i] >= 4096);	/* pages touched */
			assert_true(v[i] < 1000000);
		} else {
			assert_true(v[i] >= 0);
		}
	}
	if (task > 0 && cpu > 0) {
		assert_true(task < 2 * cpu);
		assert_true(cpu < 2 * task);
	}
	return n;
}

static void
test_add_opens_only_new_event(void **state)
{
	int es = PAPI_NULL;

	(void)state;
	es = new_event_set_with("perf::TASK-CLOCK", "perf::CPU-CLOCK",
				"perf::PAGE-FAULTS", NULL);
	/* software events only: no scheduability check (PAPI 0029) */
	assert_int_equal(add_ioctls, 0);
	assert_int_equal(assert_counts(es), 3);
	/* added after a start and stop: still one open */
	assert_int_equal(opens_to_add(es, "perf::CONTEXT-SWITCHES", PAPI_OK), 1);
	assert_int_equal(assert_counts(es), 4);
	/* an event already in the set opens nothing */
	assert_int_equal(opens_to_add(es, "perf::CPU-CLOCK", PAPI_ECNFLCT), 0);
	end_event_set(es);
}

/* A removal reopens the rest, the next add opens one, and each value is */
/* its event's, wherever the hole is.  PAPI 7.0.0 (and 7.2.0) moved the  */
/* event into a hole without its PAPI event code and did not tell the    */
/* event set where the events now are: CPU-CLOCK read a slot no longer   */
/* counted (0, or an old value), and after the next add, another         */
/* event's count.                                                        */
static void
test_remove_then_add(void **state)
{
	static const char *names[] = { "perf::PAGE-FAULTS", "perf::TASK-CLOCK",
		"perf::CPU-CLOCK" };
	int es, k;

	(void)state;
	for (k = 2; k >= 0; k--) {
		es = new_event_set_with(names[0], names[1], names[2], NULL);
		assert_int_equal(PAPI_remove_named_event(es, names[k]), PAPI_OK);
		assert_int_equal(assert_counts(es), 2);
		assert_int_equal(opens_to_add(es, names[k], PAPI_OK), 1);
		assert_int_equal(assert_counts(es), 3);
		end_event_set(es);
	}
}

static volatile int remove_overflows;
static volatile long long remove_overflow_vector;
static const struct timespec no_time = { 0, 0 };

static void
remove_overflow_handler(int es, void *address, long long vector, void *context)
{
	(void)es;
	(void)address;
	(void)context;
	remove_overflows++;
	remove_overflow_vector |= vector;
}

/* An overflow on an event behind the hole keeps firing, for that event: */
/* PAPI 7.0.0 (and 7.2.0) kept its old index, and (kernel sampling) set it again on */
/* the counter the event had before, so it never fired again.  Removing  */
/* the first event makes CPU-CLOCK the group leader here: a software     */
/* event sampled as a group member stops after a few overflows on this   */
/* host, with or without the removal.                                    */
static void
test_remove_keeps_overflow(void **state)
{
	static const int flags[] = { 0, PAPI_OVERFLOW_FORCE_SW };
	int es, code, k, n, index[4];
	long long v[4];

	(void)state;
	for (k = 0; k < 2; k++) {
		es = new_event_set_with("perf::PAGE-FAULTS", "perf::TASK-CLOCK",
					"perf::CPU-CLOCK", NULL);
		assert_int_equal(PAPI_event_name_to_code("perf::CPU-CLOCK", &code), PAPI_OK);
		assert_int_equal(PAPI_overflow(es, code, 1000000, flags[k],
					       remove_overflow_handler), PAPI_OK);
		assert_int_equal(PAPI_remove_named_event(es, "perf::PAGE-FAULTS"), PAPI_OK);
		remove_overflows = 0;
		remove_overflow_vector = 0;
		assert_int_equal(PAPI_start(es), PAPI_OK);
		for (n = 0; n < 1000 && remove_overflows < 3; n++) {
			spin(100000);
			/* a call ThreadSanitizer intercepts: it runs the */
			/* handler of a signal there, not inside spin()   */
			nanosleep(&no_time, NULL);
		}
		assert_int_equal(PAPI_stop(es, v), PAPI_OK);
		assert_true(remove_overflows >= 3);
		n = 4;
		assert_int_equal(PAPI_get_overflow_event_index(es, remove_overflow_vector,
							       index, &n), PAPI_OK);
		assert_int_equal(n, 1);
		assert_int_equal(index[0], 1);	/* CPU-CLOCK, now second */
		assert_true(v[1] > 1000000);
		assert_int_equal(PAPI_overflow(es, code, 0, flags[k],
					       remove_overflow_handler), PAPI_OK);
		end_event_set(es);
	}
}

static void
test_add_falls_back_to_reopen(void **state)
{
	int es = PAPI_NULL;

	(void)state;
	es = new_event_set_with("perf::TASK-CLOCK", "perf::CPU-CLOCK", NULL);

	/* the new event's open fails once: the whole set is reopened */
	/* (the failed open, then 3), as PAPI 7.0.0 and 7.2.0 always do */
	fail_sw_config = PERF_COUNT_SW_PAGE_FAULTS;
	fail_times = 1;
	assert_int_equal(opens_to_add(es, "perf::PAGE-FAULTS", PAPI_OK), 4);
	assert_int_equal(assert_counts(es), 3);
	assert_int_equal(PAPI_remove_named_event(es, "perf::PAGE-FAULTS"), PAPI_OK);

	/* it always fails: PAPI_add_event fails, and the set it had */
	/* still counts                                               */
	fail_times = -1;
	assert_int_not_equal(PAPI_add_named_event(es, "perf::PAGE-FAULTS"), PAPI_OK);
	fail_times = 0;
	fail_sw_config = ~0ULL;
	assert_int_equal(PAPI_num_events(es), 2);
	assert_int_equal(assert_counts(es), 2);
	assert_int_equal(opens_to_add(es, "perf::PAGE-FAULTS", PAPI_OK), 1);
	assert_int_equal(assert_counts(es), 3);
	end_event_set(es);
}

static void
test_add_after_option_change_reopens(void **state)
{
	PAPI_option_t opt;
	int es = PAPI_NULL;

	(void)state;
	/* counting a whole CPU: root or perf_event_paranoid <= 0 */
	if (geteuid() != 0)
		skip();
	es = new_event_set_with("perf::TASK-CLOCK", "perf::CPU-CLOCK", NULL);
	/* the open events count this thread; the set now asks for a CPU: */
	/* the next add reopens all of them for the CPU                   */
	memset(&opt, 0, sizeof(opt));
	opt.granularity.eventset = es;
	opt.granularity.granularity = PAPI_GRN_SYS;
	assert_int_equal(PAPI_set_opt(PAPI_GRANUL, &opt), PAPI_OK);
	assert_int_equal(opens_to_add(es, "perf::PAGE-FAULTS", PAPI_OK), 3);
	end_event_set(es);
}

/* Adds cycles to the set, opened as task-clock (no PMU here): PAPI  */
/* handles it as the hardware event it asked for.  Returns the opens. */
static int
add_cycles_as_task_clock(int es)
{
	int opens;

	hw_as_task_clock = 1;
	opens = opens_to_add(es, "perf::PERF_COUNT_HW_CPU_CYCLES", PAPI_OK);
	hw_as_task_clock = 0;
	return opens;
}

/* the NMI watchdog file PAPI reads at init: the real one, or this */
/* (open_hook() below)                                              */
static const char *fake_nmi_watchdog;

/* A file saying "value", the watchdog file from the next init on */
static void
nmi_watchdog_says(const char *value)
{
	static char path[64];
	int fd;

	if (fake_nmi_watchdog == NULL) {
		strcpy(path, "/tmp/test_papi_perf_nmi.XXXXXX");
		fd = mkstemp(path);
		assert_true(fd >= 0);
		close(fd);
		fake_nmi_watchdog = path;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, value, strlen(value)), (ssize_t)strlen(value));
	close(fd);
}

/* An event whose open the kernel refuses (as it refuses a group too  */
/* big for the PMU, where it checks at the open) fails the add, and   */
/* the set as it was still counts: the same with and without the      */
/* scheduability check                                                */
static void
assert_refused_add_fails(int es)
{
	int opens;

	/* the set's hardware event is reopened: as task-clock again */
	hw_as_task_clock = 1;
	fail_sw_config = PERF_COUNT_SW_PAGE_FAULTS;
	fail_times = -1;
	opens = opens_to_add(es, "perf::PAGE-FAULTS", PAPI_EINVAL);
	fail_sw_config = ~0ULL;
	fail_times = 0;
	/* the new event's open, the set reopened with it (3, the last  */
	/* refused), then the set as it was (2)                         */
	assert_int_equal(opens, 6);
	assert_int_equal(PAPI_num_events(es), 2);
	assert_int_equal(assert_counts(es), 2);
	hw_as_task_clock = 0;
}

/* PAPI 0029: a group with a hardware event is checked at each add */
/* (enable, disable, read: 2 ioctls); software events join it.     */
/* The kernel checks the group at the open on x86 and AArch64      */
/* (validate_group()): there the check runs only while the NMI     */
/* watchdog holds a counter, so the watchdog is faked on here.     */
static void
test_hardware_group_checked(void **state)
{
	int es;

	(void)state;
	nmi_watchdog_says("1\n");
	es = new_event_set();
	assert_int_equal(add_cycles_as_task_clock(es), 1);
	assert_int_equal(add_ioctls, 2);
	assert_int_equal(opens_to_add(es, "perf::CPU-CLOCK", PAPI_OK), 1);
	/* enable, disable, and as in PAPI 7.0.0 and 7.2.0 one reset per event */
	/* but the last (our former 0027, which left it out, saved next to    */
	/* nothing and was dropped from the start-up series)                  */
	assert_int_equal(add_resets, 1);
	assert_int_equal(add_ioctls, 3);
	assert_int_equal(assert_counts(es), 2);
	assert_refused_add_fails(es);
	end_event_set(es);
	unlink(fake_nmi_watchdog);
	fake_nmi_watchdog = NULL;
}

/* No watchdog holding a counter: on x86 the kernel's check at the    */
/* open is the only one (no ioctl at an add); elsewhere the check     */
/* stays (Arm's open leaves a disabled leader out of its check, the   */
/* RISC-V SBI PMU checks nothing at the open).  Values as before.     */
static void
test_hardware_group_checked_by_kernel(void **state)
{
#if defined(__x86_64__) || defined(__i386__)
	const int checks = 0;
#else
	const int checks = 1;
#endif
	int es;

	(void)state;
	nmi_watchdog_says("0\n");
	es = new_event_set();
	assert_int_equal(add_cycles_as_task_clock(es), 1);
	assert_int_equal(add_ioctls, 2 * checks);
	assert_int_equal(opens_to_add(es, "perf::CPU-CLOCK", PAPI_OK), 1);
	assert_int_equal(add_ioctls, 3 * checks);
	assert_int_equal(assert_counts(es), 2);
	assert_refused_add_fails(es);
	end_event_set(es);
	unlink(fake_nmi_watchdog);
	fake_nmi_watchdog = NULL;
}

/* ---- the perf mmap page touched at set-up (PAPI 0157) --------------- */

/* While set, PAPI's mmap() of a perf event's page gets a fresh anonymous */
/* page instead: its first touch is a page fault, as a perf page's is on  */
/* Linux 6.1 (the guests), where this host's kernel maps the perf page at */
/* mmap() already.  It reads as zeros: no counter published, index 0, so  */
/* PAPI reads the events with read().                                     */
static int fake_perf_pages;
static int faked_pages;

/* Linked with -Wl,--wrap=mmap (Makefile.am): libpapi.a's mmap() calls */
/* come here, and the sanitizers' runtimes keep their own.             */
void *__real_mmap(void *, size_t, int, int, int, off_t);
void *__wrap_mmap(void *, size_t, int, int, int, off_t);

void *
__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (fake_perf_pages && fd >= 0 && (flags & MAP_SHARED)) {
		faked_pages++;
		return __real_mmap(addr, len, prot,
				   (flags & ~MAP_SHARED) | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	}
	return __real_mmap(addr, len, prot, flags, fd, off);
}

static long
minor_faults(void)
{
	struct rusage ru;

	assert_int_equal(getrusage(RUSAGE_SELF, &ru), 0);
	return ru.ru_minflt;
}

/* With user-space reads on (forced here: this host's software events */
/* get their mmap page all the same), _pe_reset() in PAPI_start()      */
/* reads each event's page.  The set-up touches the page first, so a   */
/* fresh set's PAPI_start() and PAPI_read()s make no page fault (on    */
/* Linux 6.1 they made one per event in PAPI_start()).                 */
static void
test_mmap_page_touched_at_set_up(void **state)
{
	PAPI_component_info_t *ci;
	long long v[2];
	long f0, f1, f2;
	int es, round;

	(void)state;
	init_or_skip();
	ci = (PAPI_component_info_t *)PAPI_get_component_info(0);
	ci->fast_counter_read = 1;
	for (round = 0; round < 2; round++) {
		es = PAPI_NULL;
		assert_int_equal(PAPI_create_eventset(&es), PAPI_OK);
		fake_perf_pages = 1;
		faked_pages = 0;
		assert_int_equal(PAPI_add_named_event(es, "perf::TASK-CLOCK"), PAPI_OK);
		assert_int_equal(PAPI_add_named_event(es, "perf::CPU-CLOCK"), PAPI_OK);
		fake_perf_pages = 0;
		assert_int_equal(faked_pages, 2);	/* one page per event */
		f0 = minor_faults();
		assert_int_equal(PAPI_start(es), PAPI_OK);
		f1 = minor_faults();
		assert_int_equal(PAPI_read(es, v), PAPI_OK);
		assert_int_equal(PAPI_read(es, v), PAPI_OK);
		f2 = minor_faults();
		assert_int_equal(PAPI_stop(es, v), PAPI_OK);
		assert_true(v[0] > 0 && v[1] > 0);	/* read() counted them */
		assert_int_equal(PAPI_cleanup_eventset(es), PAPI_OK);
		assert_int_equal(PAPI_destroy_eventset(&es), PAPI_OK);
		/* the first set may fault in PAPI's code; a fresh one not */
		if (round == 1) {
			assert_int_equal(f1 - f0, 0);
			assert_int_equal(f2 - f1, 0);
		}
	}
	PAPI_shutdown();
}

/* ---- process id and executable path -------------------------------- */

static int readlink_calls;

/* _FORTIFY_SOURCE turns calls with a known buffer size into this */
ssize_t
__readlink_chk(const char *path, char *buf, size_t size, size_t buflen)
{
	(void)buflen;
	return readlink(path, buf, size);
}

ssize_t
readlink(const char *path, char *buf, size_t size)
{
	static ssize_t (*real_readlink)(const char *, char *, size_t);

	readlink_calls++;
	if (!real_readlink)
		real_readlink = (ssize_t (*)(const char *, char *, size_t))
			dlsym(RTLD_NEXT, "readlink");
	return real_readlink(path, buf, size);
}

/* PAPI 0025: the executable's path is read when first asked for, and */
/* is what /proc/self/exe says                                         */
static void
test_exe_path_on_first_use(void **state)
{
	char self[PAPI_HUGE_STR_LEN];
	const PAPI_exe_info_t *exe;
	const char *base;
	ssize_t n;

	(void)state;
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	assert_true(n > 0);
	self[n] = '\0';
	base = strrchr(self, '/') ? strrchr(self, '/') + 1 : self;

	readlink_calls = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(readlink_calls, 0);
	exe = PAPI_get_executable_info();
	assert_non_null(exe);
	assert_int_equal(readlink_calls, 1);
	assert_string_equal(exe->fullname, self);
	assert_string_equal(exe->address_info.name, base);
	/* the map was read with it: this function is in the text */
	assert_true((uintptr_t)exe->address_info.text_start <= (uintptr_t)test_exe_path_on_first_use);
	assert_true((uintptr_t)test_exe_path_on_first_use < (uintptr_t)exe->address_info.text_end);
	/* kept */
	assert_non_null(PAPI_get_executable_info());
	assert_non_null(PAPI_get_shared_lib_info());
	assert_int_equal(readlink_calls, 1);
	PAPI_shutdown();
	/* the shared-library path in first works too */
	readlink_calls = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_non_null(PAPI_get_shared_lib_info());
	assert_int_equal(readlink_calls, 1);
	exe = PAPI_get_executable_info();
	assert_string_equal(exe->fullname, self);
	PAPI_shutdown();
}

/* PAPI 0034: the executable's path and address map, read on first use, */
/* and the shared-library map that PAPI_get_shared_lib_info() rebuilds   */
/* (freeing the old one) at each call are filled under PAPI's internal   */
/* lock.  Threads asking at once (after PAPI_thread_init()) get the     */
/* right answers and never read /proc/PID/maps at the same time: the    */
/* fopen() wrapper below holds each such open for a millisecond and     */
/* notes when another thread is inside one.                             */
static int maps_watch, maps_inside, maps_overlaps;
static char info_self[PAPI_HUGE_STR_LEN];

FILE *
fopen(const char *path, const char *mode)
{
	static FILE *(*real_fopen)(const char *, const char *);
	struct timespec ms = { 0, 1000000 };

	if (!real_fopen)
		real_fopen = (FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT, "fopen");
	if (maps_watch && strstr(path, "/maps")) {
		if (__atomic_add_fetch(&maps_inside, 1, __ATOMIC_SEQ_CST) > 1)
			__atomic_add_fetch(&maps_overlaps, 1, __ATOMIC_SEQ_CST);
		nanosleep(&ms, NULL);
		__atomic_sub_fetch(&maps_inside, 1, __ATOMIC_SEQ_CST);
	}
	return real_fopen(path, mode);
}

static void *
info_thread(void *arg)
{
	const PAPI_exe_info_t *exe;
	const PAPI_shlib_info_t *shlib;
	int i, bad = 0;

	threads_wait_start();
	for (i = 0; i < 20; i++) {
		if ((i + (int)(intptr_t)arg) % 2) {
			shlib = PAPI_get_shared_lib_info();
			bad |= shlib == NULL || shlib->count <= 0;
		} else {
			exe = PAPI_get_executable_info();
			bad |= exe == NULL || strcmp(exe->fullname, info_self) != 0 ||
				(uintptr_t)exe->address_info.text_start > (uintptr_t)info_thread ||
				(uintptr_t)info_thread >= (uintptr_t)exe->address_info.text_end;
		}
	}
	return bad ? (void *)1 : NULL;
}

static int
exe_info_from_threads(void *arg)
{
	int bad;

	(void)arg;
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_thread_init((unsigned long (*)(void))pthread_self) != PAPI_OK)
		return 2;
	maps_watch = 1;
	bad = run_threads_at_once(8, info_thread);
	PAPI_shutdown();
	if (maps_overlaps > 0)
		printf("  %d reads of the address map began while another was under way\n",
		       maps_overlaps);
	return bad || maps_overlaps > 0;
}

static void
test_exe_info_from_threads(void **state)
{
	ssize_t n;

	(void)state;
	n = readlink("/proc/self/exe", info_self, sizeof(info_self) - 1);
	assert_true(n > 0);
	info_self[n] = '\0';
	assert_int_equal(run_in_child("executable and shared-library info from "
				      "8 threads at once", exe_info_from_threads, NULL), 0);
}

/* PAPI 0028: PAPI_shutdown() leaves the program's own profiling timer */
/* and SIGPROF handler alone when software multiplexing never ran      */
static void
on_sigprof(int sig)
{
	(void)sig;
}

static void
test_shutdown_keeps_program_timer(void **state)
{
	struct itimerval mine = { { 10, 0 }, { 10, 0 } }, now, off = { { 0, 0 }, { 0, 0 } };
	struct sigaction sa, cur;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigprof;
	assert_int_equal(sigaction(SIGPROF, &sa, NULL), 0);
	assert_int_equal(setitimer(ITIMER_PROF, &mine, NULL), 0);
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	PAPI_shutdown();
	assert_int_equal(sigaction(SIGPROF, NULL, &cur), 0);
	assert_ptr_equal(cur.sa_handler, on_sigprof);
	assert_int_equal(getitimer(ITIMER_PROF, &now), 0);
	assert_true(now.it_value.tv_sec > 0 || now.it_value.tv_usec > 0);
	assert_int_equal(now.it_interval.tv_sec, 10);
	setitimer(ITIMER_PROF, &off, NULL);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGPROF, &sa, NULL);
}

/* ---- native event tables ---------------------------------------------- */

/* Every event of the perf_event component looked up (the native table  */
/* grows when it is full: 1024 entries in 7.2.0; our former 0026 started */
/* it at 32 and was dropped from the start-up series), then each name    */
/* and code must still agree.                                             */
#define MAX_NATIVE 4096
static void
test_native_table_grows(void **state)
{
	static int codes[MAX_NATIVE];
	static char names[MAX_NATIVE][PAPI_MAX_STR_LEN];
	char name[PAPI_MAX_STR_LEN];
	PAPI_event_info_t info;
	int code, n = 0, i, again, cidx;

	(void)state;
	init_or_skip();

	cidx = 0;	/* perf_event */
	code = PAPI_NATIVE_MASK;
	assert_int_equal(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx), PAPI_OK);
	do {
		assert_int_equal(PAPI_event_code_to_name(code, names[n]), PAPI_OK);
		codes[n++] = code;
	} while (n < MAX_NATIVE &&
		 PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	printf("  %d native events enumerated\n", n);
	assert_true(n > 32);
	/* enumerating added each event to the table (32, 64, 128, ...  */
	/* entries): each code still finds its own entry                  */
	for (i = 0; i < n; i++) {
		assert_int_equal(PAPI_event_code_to_name(codes[i], name), PAPI_OK);
		assert_string_equal(name, names[i]);
		memset(&info, 0, sizeof(info));
		assert_int_equal(PAPI_get_event_info(codes[i], &info), PAPI_OK);
		assert_string_equal(info.symbol, names[i]);
	}
	/* and a name looked up again is the event it was */
	assert_int_equal(PAPI_event_name_to_code(names[0], &again), PAPI_OK);
	assert_int_equal(again, codes[0]);
	PAPI_shutdown();
}

/* ------------------------------------------------------------------ */
/* An event set's memory sized to its events (PAPI 0150, 0151): the    */
/* arrays of a set start small and grow as events are added, up to the */
/* 384 events a multiplexed perf_event set may hold.                   */

#define MANY_EVENTS 300

/* MANY_EVENTS distinct software events: the sampling period only makes */
/* each name another event; nothing samples without a ring buffer.      */
static void
many_event_name(char *name, size_t size, int i)
{
	static const char *base[] = { "perf::TASK-CLOCK", "perf::CPU-CLOCK" };

	snprintf(name, size, "%s:period=%d", base[i % 2], 1000000000 + i);
}

static void
test_many_multiplexed_events(void **state)
{
	static long long values[MANY_EVENTS], again[MANY_EVENTS];
	char name[PAPI_MAX_STR_LEN];
	int es = PAPI_NULL, i, n;

	(void)state;
	init_or_skip();
	assert_int_equal(PAPI_multiplex_init(), PAPI_OK);
	assert_int_equal(PAPI_create_eventset(&es), PAPI_OK);
	assert_int_equal(PAPI_assign_eventset_component(es, 0), PAPI_OK);
	/* its permission check opens an instructions event: as task-clock */
	/* here (no PMU)                                                    */
	hw_as_task_clock = 1;
	assert_int_equal(PAPI_set_multiplex(es), PAPI_OK);
	hw_as_task_clock = 0;
	for (i = 0; i < MANY_EVENTS; i++) {
		many_event_name(name, sizeof(name), i);
		if (PAPI_add_named_event(es, name) != PAPI_OK)
			fail_msg("adding event %d, %s, failed", i, name);
	}
	assert_int_equal(PAPI_num_events(es), MANY_EVENTS);

	assert_int_equal(PAPI_start(es), PAPI_OK);
	spin(3000000);
	assert_int_equal(PAPI_read(es, values), PAPI_OK);
	/* every event counted: the clocks of this thread advanced */
	for (i = 0; i < MANY_EVENTS; i++)
		if (values[i] <= 0)
			fail_msg("event %d read %lld", i, values[i]);
	assert_int_equal(PAPI_stop(es, values), PAPI_OK);

	/* events removed from the middle and the front of the grown set:  */
	/* those left read as themselves, and the set grows again          */
	for (i = 100; i < 150; i++) {
		many_event_name(name, sizeof(name), i);
		assert_int_equal(PAPI_remove_named_event(es, name), PAPI_OK);
	}
	many_event_name(name, sizeof(name), 0);
	assert_int_equal(PAPI_remove_named_event(es, name), PAPI_OK);
	n = PAPI_num_events(es);
	assert_int_equal(n, MANY_EVENTS - 51);
	assert_int_equal(PAPI_start(es), PAPI_OK);
	spin(1000000);
	assert_int_equal(PAPI_stop(es, again), PAPI_OK);
	for (i = 0; i < n; i++)
		if (again[i] <= 0)
			fail_msg("after removals, event %d read %lld", i, again[i]);
	for (i = 100; i < 150; i++) {
		many_event_name(name, sizeof(name), i);
		assert_int_equal(PAPI_add_named_event(es, name), PAPI_OK);
	}
	assert_int_equal(PAPI_num_events(es), MANY_EVENTS - 1);
	assert_int_equal(PAPI_start(es), PAPI_OK);
	spin(1000000);
	assert_int_equal(PAPI_stop(es, again), PAPI_OK);
	for (i = 0; i < MANY_EVENTS - 1; i++)
		if (again[i] <= 0)
			fail_msg("added again, event %d read %lld", i, again[i]);
	printf("  %d multiplexed software events in one set, read\n",
	       MANY_EVENTS);

	/* emptied and filled again: the set starts small again */
	assert_int_equal(PAPI_cleanup_eventset(es), PAPI_OK);
	assert_int_equal(PAPI_add_named_event(es, "perf::TASK-CLOCK"), PAPI_OK);
	assert_int_equal(PAPI_start(es), PAPI_OK);
	spin(1000000);
	assert_int_equal(PAPI_stop(es, values), PAPI_OK);
	assert_true(values[0] > 0);
	assert_int_equal(PAPI_cleanup_eventset(es), PAPI_OK);
	assert_int_equal(PAPI_destroy_eventset(&es), PAPI_OK);
	PAPI_shutdown();
}

#define HEAP_SETS 200
#define HEAP_PER_SET_MAX (16 * 1024)

/* a sanitizer's allocator, where mallinfo2() counts nothing */
extern size_t __sanitizer_get_current_allocated_bytes(void)
	__attribute__((weak));

static size_t
heap_in_use(void)
{
	struct mallinfo2 mi;

	if (__sanitizer_get_current_allocated_bytes)
		return __sanitizer_get_current_allocated_bytes();
	mi = mallinfo2();
	return mi.uordblks + mi.hblkhd;
}

/* The heap of a 2-event set, created and not started, the mean of */
/* HEAP_SETS sets (the first set's events are in the native event */
/* table already): at most 16 KiB (138,688 B with 384-event arrays; */
/* under ASan or TSan their allocator's count).                     */
static void
test_heap_per_two_event_set(void **state)
{
	static int es[HEAP_SETS + 1];
	size_t before = 0, after, per_set;
	int i;

	(void)state;
	init_or_skip();
	for (i = 0; i <= HEAP_SETS; i++) {
		es[i] = PAPI_NULL;
		if (i == 1)
			before = heap_in_use();
		assert_int_equal(PAPI_create_eventset(&es[i]), PAPI_OK);
		assert_int_equal(PAPI_add_named_event(es[i], "perf::TASK-CLOCK"), PAPI_OK);
		assert_int_equal(PAPI_add_named_event(es[i], "perf::CPU-CLOCK"), PAPI_OK);
	}
	after = heap_in_use();
	for (i = 0; i <= HEAP_SETS; i++) {
		assert_int_equal(PAPI_cleanup_eventset(es[i]), PAPI_OK);
		assert_int_equal(PAPI_destroy_eventset(&es[i]), PAPI_OK);
	}
	PAPI_shutdown();
	if (after == before) {
		printf("  the allocator reports no heap here: not measured\n");
		skip();
	}
	per_set = (after - before) / HEAP_SETS;
	printf("  heap per 2-event set: %zu B (mean of %d sets; at most %d)\n",
	       per_set, HEAP_SETS, HEAP_PER_SET_MAX);
	assert_true(per_set <= HEAP_PER_SET_MAX);
}

/* PAPI names the default PMU's events without "pmu::" (PAPI 0035): such */
/* a name must find the event it names again, with the same code, for    */
/* the event alone and with a mask, and add nothing to the table.        */
static void
test_bare_name_round_trip(void **state)
{
	char name[PAPI_MAX_STR_LEN], masked[PAPI_MAX_STR_LEN + 8];
	int code, again, found = 0, cidx = 0;	/* perf_event */
	PAPI_event_info_t info;

	(void)state;
	init_or_skip();
	code = PAPI_NATIVE_MASK;
	assert_int_equal(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx), PAPI_OK);
	do {
		assert_int_equal(PAPI_event_code_to_name(code, name), PAPI_OK);
		found = strstr(name, "::") == NULL;
	} while (!found && PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	assert_true(found);	/* the default PMU has events */
	printf("  %s = %#x\n", name, (unsigned)code);
	assert_int_equal(PAPI_event_name_to_code(name, &again), PAPI_OK);
	assert_int_equal(again, code);
	/* looked up twice more, still the same event */
	assert_int_equal(PAPI_event_name_to_code(name, &again), PAPI_OK);
	assert_int_equal(again, code);
	/* with a mask: the first lookup makes the event, the next finds it */
	assert_int_equal(PAPI_get_event_info(code, &info), PAPI_OK);
	snprintf(masked, sizeof(masked), "%s:u=1", name);
	if (PAPI_event_name_to_code(masked, &code) == PAPI_OK) {
		assert_int_equal(PAPI_event_code_to_name(code, name), PAPI_OK);
		printf("  %s = %#x\n", name, (unsigned)code);
		assert_int_equal(PAPI_event_name_to_code(name, &again), PAPI_OK);
		assert_int_equal(again, code);
	}
	PAPI_shutdown();
}

/* papi_internal.c's, declared in no header */
int _papi_hwi_prefix_component_name(char *component_name, char *event_name, char *out,
				    int out_len);

/* NAME (15 characters at most) with COMPONENT's prefix, written in  */
/* place as PAPI does, into a buffer of 16 bytes followed by 8 bytes */
/* that must stay untouched                                          */
static int
prefix_in_place(const char *component, const char *name, char *result)
{
	struct {
		char out[16];
		char after[8];
	} b;
	int r;

	memset(&b, 'x', sizeof(b));
	memcpy(b.out, name, strlen(name) + 1);
	r = _papi_hwi_prefix_component_name((char *)component, b.out, b.out, sizeof(b.out));
	assert_memory_equal(b.after, "xxxxxxxx", sizeof(b.after));
	strcpy(result, b.out);
	return r;
}

static void
test_name_prefix_fills_buffer(void **state)
{
	static const char *const unprefixed[] = { "", "perf_event" };
	char out[16];
	int i;

	(void)state;
	/* no component name, or a CPU component's ("pe"): the name as it is, */
	/* 15 characters and the NUL at most                                  */
	for (i = 0; i < 2; i++) {
		assert_int_equal(prefix_in_place(unprefixed[i], "CYCLES:u=1:k=0x", out), PAPI_OK);
		assert_string_equal(out, "CYCLES:u=1:k=0x");
		assert_int_equal(prefix_in_place(unprefixed[i], "CYCLES", out), PAPI_OK);
		assert_string_equal(out, "CYCLES");
	}
	/* another component: "component:::name", 15 characters at most */
	assert_int_equal(prefix_in_place("sysdetect", "abc", out), PAPI_OK);
	assert_string_equal(out, "sysdetect:::abc");
	assert_int_equal(prefix_in_place("sysdetect", "ab", out), PAPI_OK);
	assert_string_equal(out, "sysdetect:::ab");
	assert_int_equal(prefix_in_place("sysdetect", "abcd", out), PAPI_ENOMEM);
}

/* ---- small /proc and /sys files ------------------------------------ */

static int paranoid_opens;	/* open()s of perf_event_paranoid */
static int cache_opens;	/* open()s of the CPUs' cache files */
static int software_pmu_opens;	/* open()s in the kernel's software PMUs' dirs */
static int pmu_type_opens;	/* open()s of a sysfs PMU's type file */
static int getuid_calls;

uid_t
getuid(void)
{
	getuid_calls++;
	return (uid_t)syscall(SYS_getuid);
}

/* open() and open64() both count (open_hook.h), and open what was asked */
static const char *
open_hook(const char *path, char *buf, size_t size)
{
	(void)buf;
	(void)size;
	if (path && fake_nmi_watchdog &&
	    !strcmp(path, "/proc/sys/kernel/nmi_watchdog"))
		return fake_nmi_watchdog;
	if (path && !strcmp(path, "/proc/sys/kernel/perf_event_paranoid"))
		paranoid_opens++;
	if (path && !strncmp(path, "/sys/devices/system/cpu/", 24) &&
	    strstr(path, "/cache/"))
		cache_opens++;
	if (path && !strncmp(path, "/sys/bus/event_source/devices/", 30)) {
		const char *pmu = path + 30;
		static const char *const software[] = {
			"software/", "tracepoint/", "breakpoint/", "kprobe/", "uprobe/"
		};
		size_t i;

		for (i = 0; i < sizeof(software) / sizeof(software[0]); i++)
			if (!strncmp(pmu, software[i], strlen(software[i])))
				software_pmu_opens++;
		if (strstr(pmu, "/type"))
			pmu_type_opens++;
	}
	return path;
}

static char tmpdir[] = "/tmp/test_papi_perf.XXXXXX";

static const char *
tmpfile_with(const char *name, const char *content, size_t len)
{
	static char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(content, 1, len, f), len);
	fclose(f);
	return path;
}

/* On this machine: the lists (linux-sysfile.c) give what the directory */
/* loops give, and the hardware info counts the directories.            */
static int
count_dirs(const char *fmt)
{
	char path[128];
	int n = 0;

	for (;;) {
		snprintf(path, sizeof(path), fmt, n);
		if (access(path, F_OK) != 0)
			return n;
		n++;
	}
}

static void
test_cpu_node_counts_as_directories(void **state)
{
	const PAPI_hw_info_t *hw;
	int cpus = count_dirs("/sys/devices/system/cpu/cpu%d");
	int nodes = count_dirs("/sys/devices/system/node/node%d");

	(void)state;
	assert_int_equal(_linux_sysfile_list_prefix("/sys/devices/system/cpu/present"), cpus);
	if (access("/sys/devices/system/node/online", F_OK) == 0)
		assert_int_equal(_linux_sysfile_list_prefix("/sys/devices/system/node/online"), nodes);
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	hw = PAPI_get_hardware_info();
	assert_non_null(hw);
	assert_int_equal(hw->totalcpus, cpus);
	assert_int_equal(hw->nnodes, nodes);
	printf("  %d CPUs, %d NUMA nodes, as the cpuN / nodeN directories\n", cpus, nodes);
	PAPI_shutdown();
}

/* PAPI 0022: the memory hierarchy is read on first use (no cache file    */
/* opened by PAPI_library_init()), and what PAPI_get_hardware_info()     */
/* returns is what an eager read gives.                                  */
extern int _papi_hwi_hw_info_pending;
int _linux_get_memory_info(PAPI_hw_info_t *hwinfo, int cpu_type);

static void
test_hw_info_on_first_use(void **state)
{
	static PAPI_hw_info_t eager;
	const PAPI_hw_info_t *hw;
	int cpus = count_dirs("/sys/devices/system/cpu/cpu%d");

	(void)state;
	cache_opens = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(_papi_hwi_hw_info_pending, 1);
	assert_int_equal(cache_opens, 0);
	hw = PAPI_get_hardware_info();
	assert_non_null(hw);
	assert_int_equal(_papi_hwi_hw_info_pending, 0);
#if !defined(__x86_64__) && !defined(__i386__)
	/* x86 takes its caches from cpuid, the others from sysfs */
	assert_true(cache_opens > 0);
#endif
	assert_int_equal(hw->totalcpus, cpus);
	assert_true(hw->ncpu > 0 && hw->nnodes >= 0);
	/* the same hardware info, the hierarchy read again eagerly */
	eager = *hw;
	memset(&eager.mem_hierarchy, 0, sizeof(eager.mem_hierarchy));
	assert_int_equal(_linux_get_memory_info(&eager, hw->model), PAPI_OK);
	assert_int_equal(hw->mem_hierarchy.levels, eager.mem_hierarchy.levels);
	assert_memory_equal(&hw->mem_hierarchy, &eager.mem_hierarchy, sizeof(eager.mem_hierarchy));
	printf("  %d CPUs, %d cache levels, read at the first PAPI_get_hardware_info()\n",
	       hw->totalcpus, hw->mem_hierarchy.levels);
	PAPI_shutdown();
	/* PAPI_MAX_CPUS is the other way in */
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(_papi_hwi_hw_info_pending, 1);
	assert_true(PAPI_get_opt(PAPI_MAX_CPUS, NULL) > 0);
	assert_int_equal(_papi_hwi_hw_info_pending, 0);
	PAPI_shutdown();
}

/* What each component reads of the hardware info in its init is what    */
/* PAPI_get_hardware_info() gives after PAPI_library_init(): PAPI's       */
/* powercap component takes its socket count there (0: no events).        */
static void
test_hw_info_seen_by_component_init(void **state)
{
	const PAPI_hw_info_t *hw, *c;
	int n, i, seen = 0;

	(void)state;
	n = component_init_hw_hook();
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	component_init_hw_unhook();
	hw = PAPI_get_hardware_info();
	assert_non_null(hw);
	assert_true(hw->totalcpus > 0);
	for (i = 0; i < n; i++) {
		c = component_init_hw(i);
		if (c == NULL)
			continue;
		seen++;
		printf("  %s's init saw %d CPUs, %d socket(s)\n",
		       PAPI_get_component_info(i)->name, c->totalcpus, c->sockets);
		assert_int_equal(c->totalcpus, hw->totalcpus);
		assert_int_equal(c->ncpu, hw->ncpu);
		assert_int_equal(c->threads, hw->threads);
		assert_int_equal(c->cores, hw->cores);
		assert_int_equal(c->sockets, hw->sockets);
		assert_int_equal(c->nnodes, hw->nnodes);
		assert_int_equal(c->vendor, hw->vendor);
		assert_int_equal(c->model, hw->model);
		assert_string_equal(c->model_string, hw->model_string);
		assert_int_equal(c->cpu_max_mhz, hw->cpu_max_mhz);
		assert_int_equal(c->cpu_min_mhz, hw->cpu_min_mhz);
	}
	assert_true(seen > 0);
	printf("  PAPI_get_hardware_info(): %d CPUs, %d socket(s), %d core(s), %d thread(s)\n",
	       hw->totalcpus, hw->sockets, hw->cores, hw->threads);
	PAPI_shutdown();
}

static void
test_sysfile_reads(void **state)
{
	char buf[8], big[5000];
	int v = 12345;

	(void)state;
	assert_non_null(mkdtemp(tmpdir));
	/* first line, without its newline */
	assert_int_equal(_linux_read_sysfile(tmpfile_with("a", "2\nx\n", 4), buf,
					     sizeof(buf)), 1);
	assert_string_equal(buf, "2");
	/* no newline; longer than the buffer: cut */
	assert_int_equal(_linux_read_sysfile(tmpfile_with("b", "-1", 2), buf,
					     sizeof(buf)), 2);
	assert_string_equal(buf, "-1");
	assert_int_equal(_linux_read_sysfile(tmpfile_with("c", "123456789\n", 10),
					     buf, sizeof(buf)), 7);
	assert_string_equal(buf, "1234567");
	assert_int_equal(_linux_read_sysfile(tmpfile_with("d", "", 0), buf,
					     sizeof(buf)), 0);
	assert_string_equal(buf, "");
	errno = 0;
	assert_int_equal(_linux_read_sysfile("/nonexistent/file", buf, sizeof(buf)), -1);
	assert_int_equal(errno, ENOENT);

	/* numbers as fscanf("%d") reads them */
	assert_int_equal(_linux_read_sysfile_int(tmpfile_with("e", "2\n", 2), &v), 1);
	assert_int_equal(v, 2);
	assert_int_equal(_linux_read_sysfile_int(tmpfile_with("f", " -1\n", 4), &v), 1);
	assert_int_equal(v, -1);
	assert_int_equal(_linux_read_sysfile_int(tmpfile_with("g", "1200000\n", 8), &v), 1);
	assert_int_equal(v, 1200000);
	v = 7;
	assert_int_equal(_linux_read_sysfile_int(tmpfile_with("h", "on\n", 3), &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(_linux_read_sysfile_int("/nonexistent/file", &v), -1);

	/* CPU masks: bits set, over the whole line however long */
	assert_int_equal(_linux_sysfile_count_bits(tmpfile_with("i", "1\n", 2)), 1);
	assert_int_equal(_linux_sysfile_count_bits(
		tmpfile_with("j", "00000000,00000003\n", 18)), 2);
	assert_int_equal(_linux_sysfile_count_bits(
		tmpfile_with("k", "ff,F0000000,0000a001\n", 21)), 8 + 4 + 3);
	memset(big, 'f', sizeof(big));
	big[sizeof(big) - 1] = '\n';
	assert_int_equal(_linux_sysfile_count_bits(
		tmpfile_with("l", big, sizeof(big))), 4 * (int)(sizeof(big) - 1));
	/* only the first line */
	assert_int_equal(_linux_sysfile_count_bits(tmpfile_with("m", "3\nff\n", 5)), 2);
	assert_int_equal(_linux_sysfile_count_bits("/nonexistent/file"), -1);

	/* kernel lists (cpu/present, node/online), counted like a loop */
	/* over cpu0, cpu1, ... that stops at the first missing one     */
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("n", "0-63\n", 5)), 64);
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("o", "0\n", 2)), 1);
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("p", "0,2-3\n", 6)), 1);
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("q", "0-3,4-7,9\n", 10)), 8);
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("r", "1-3\n", 4)), 0);
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("s", "\n", 1)), 0);
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("t", "0-x\n", 4)), -1);
	assert_int_equal(_linux_sysfile_list_prefix(tmpfile_with("u", "3-1\n", 4)), -1);
	assert_int_equal(_linux_sysfile_list_prefix("/nonexistent/file"), -1);
	snprintf(big, sizeof(big), "rm -rf '%s'", tmpdir);
	assert_int_equal(system(big), 0);
}

/* getuid() calls of one PAPI_library_init() at this paranoid level */
static void
assert_getuid_calls(int paranoid_level)
{
	if (paranoid_level == 2)
		assert_int_equal(getuid_calls, 1);
	else
		assert_true(getuid_calls <= 1);
}

/* How many entries of dir have a file called name */
static int
count_dirs_with(const char *dir, const char *name)
{
	char path[512];
	struct dirent *d;
	DIR *dp = opendir(dir);
	int n = 0;

	if (dp == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s", dir, d->d_name, name);
		if (access(path, F_OK) == 0)
			n++;
	}
	closedir(dp);
	return n;
}

/* PAPI 0131: the core PMUs are looked for among the kernel's PMUs    */
/* without a look into its software ones, and their types read only   */
/* where there are several (one core PMU: nothing to compare)          */
static void
test_uncovered_scan_lookups(void **state)
{
	int core_pmus = count_dirs_with("/sys/bus/event_source/devices", "cpus");

	(void)state;
	software_pmu_opens = 0;
	pmu_type_opens = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(software_pmu_opens, 0);
	if (core_pmus < 2)
		assert_int_equal(pmu_type_opens, 0);
	else
		assert_true(pmu_type_opens >= core_pmus);
	printf("  %d core PMUs: %d type files read\n", core_pmus, pmu_type_opens);
	PAPI_shutdown();
}

static void
test_paranoid_read_once_per_init(void **state)
{
	int level = -5, expect;

	(void)state;
	if (_linux_read_sysfile_int("/proc/sys/kernel/perf_event_paranoid",
				    &expect) != 1)
		skip();
	/* perf_event and perf_event_uncore both need it: one open; at    */
	/* level 2 perf_event weighs it against the user: one getuid()    */
	/* (7.2.0's perf_event_uncore asks capget() instead)              */
	paranoid_opens = 0;
	getuid_calls = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(paranoid_opens, 1);
	assert_getuid_calls(expect);
	assert_int_equal(_linux_perf_event_paranoid(&level), 1);
	assert_int_equal(level, expect);
	assert_int_equal(paranoid_opens, 1);
	PAPI_shutdown();
	/* a new initialization reads and asks again */
	getuid_calls = 0;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_equal(paranoid_opens, 2);
	assert_getuid_calls(expect);
	PAPI_shutdown();
}

/* ---- libpfm4: perf_event detection -------------------------------- */

static int paranoid_access, events_access;	/* access() calls */

int
access(const char *path, int mode)
{
	static int (*real_access)(const char *, int);

	if (!strcmp(path, "/proc/sys/kernel/perf_event_paranoid"))
		paranoid_access++;
	if (!strncmp(path, "/sys/devices/cpu/events", 23))
		events_access++;
	if (!real_access)
		real_access = (int (*)(const char *, int))dlsym(RTLD_NEXT, "access");
	return real_access(path, mode);
}

static void
test_libpfm4_detects_perf_once(void **state)
{
	static const char *topdown[] = { "slots", "topdown-retiring",
		"topdown-bad-spec", "topdown-fe-bound", "topdown-be-bound" };
	pfm_pmu_info_t pinfo;
	char path[128], name[64];
	int i, dir, files = 0;

	(void)state;
	pfm_terminate();
	dir = access("/sys/devices/cpu/events", F_OK) == 0;
	paranoid_access = events_access = 0;
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	/* 4 before: both perf_event OS layers, the perf and perf_raw PMUs */
	assert_int_equal(paranoid_access, 1);
	memset(&pinfo, 0, sizeof(pinfo));
	pinfo.size = sizeof(pinfo);
	assert_int_equal(pfm_get_pmu_info(PFM_PMU_PERF_EVENT, &pinfo), PFM_SUCCESS);
	assert_true(pinfo.is_present);
	memset(&pinfo, 0, sizeof(pinfo));
	pinfo.size = sizeof(pinfo);
	assert_int_equal(pfm_get_pmu_info(PFM_PMU_PERF_EVENT_RAW, &pinfo), PFM_SUCCESS);
	assert_true(pinfo.is_present);
#if defined(__x86_64__) || defined(__i386__)
	/* the events directory, then each topdown event if it is there */
	assert_int_equal(events_access, dir ? 6 : 1);
#else
	assert_int_equal(events_access, 0);
#endif
	/* the same topdown events as before: those sysfs has */
	for (i = 0; i < 5; i++) {
		snprintf(path, sizeof(path), "/sys/devices/cpu/events/%s", topdown[i]);
		snprintf(name, sizeof(name), "perf::%s", topdown[i]);
#if defined(__x86_64__) || defined(__i386__)
		files = access(path, F_OK) == 0;
#endif
		assert_int_equal(pfm_find_event(name) >= 0, files);
	}
	/* a new initialization looks again */
	pfm_terminate();
	paranoid_access = 0;
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	assert_int_equal(paranoid_access, 1);
	pfm_terminate();
}

/* ---- the present PMUs, found once --------------------------------- */

static void
test_present_pmus_once(void **state)
{
	const pfm_pmu_info_t *pmus, *again;
	pfm_pmu_info_t info;
	const PAPI_component_info_t *cinfo;
	int i, n, k = 0, c, p, found, ret;

	(void)state;
	init_or_skip();
	n = _papi_libpfm4_present_pmus(&pmus);
	assert_true(n > 0);
	/* the same PMUs, in id order, with the same information */
	for (i = 0; i < PFM_PMU_MAX; i++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		ret = pfm_get_pmu_info(i, &info);
		if (ret == PFM_ERR_NOTSUPP)
			continue;	/* an id this libpfm4 has no PMU for */
		assert_int_equal(ret, PFM_SUCCESS);
		if (info.name == NULL || !info.is_present)
			continue;
		assert_true(k < n);
		assert_int_equal(pmus[k].pmu, i);
		assert_string_equal(pmus[k].name, info.name);
		/* (libpfm4 leaves the reserved bits as they were on its stack) */
		assert_string_equal(pmus[k].desc, info.desc);
		assert_int_equal(pmus[k].type, info.type);
		assert_int_equal(pmus[k].nevents, info.nevents);
		assert_int_equal(pmus[k].first_event, info.first_event);
		assert_int_equal(pmus[k].max_encoding, info.max_encoding);
		assert_int_equal(pmus[k].num_cntrs, info.num_cntrs);
		assert_int_equal(pmus[k].num_fixed_cntrs, info.num_fixed_cntrs);
		assert_int_equal(pmus[k].is_present, info.is_present);
		assert_int_equal(pmus[k].is_dfl, info.is_dfl);
		k++;
	}
	assert_int_equal(k, n);
	/* kept, not scanned again */
	assert_int_equal(_papi_libpfm4_present_pmus(&again), n);
	assert_ptr_equal(again, pmus);
	/* each component's PMU names are present PMUs */
	for (c = 0; c < PAPI_num_components(); c++) {
		cinfo = PAPI_get_component_info(c);
		if (cinfo == NULL || cinfo->disabled ||
		    strncmp(cinfo->name, "perf_event", 10))
			continue;
		for (p = 0; p < PAPI_PMU_MAX && cinfo->pmu_names[p]; p++) {
			found = 0;
			for (i = 0; i < n; i++)
				found |= !strcmp(pmus[i].name, cinfo->pmu_names[p]);
			assert_true(found);
		}
	}
	PAPI_shutdown();
	/* a new initialization scans again, with the same result */
	init_or_skip();
	assert_int_equal(_papi_libpfm4_present_pmus(&again), n);
	PAPI_shutdown();
}

/* The generic perf section (presets/perf.csv, PAPI patch "papi_events.csv: */
/* presets for libpfm4's generic perf PMU"), where the default PMU is     */
/* libpfm4's perf: an x86 machine whose model libpfm4 has no table for    */
/* and that has no ix86arch, as here with the core PMUs disabled.  Exactly */
/* its four presets are listed, each on its one generic event.  Where the */
/* kernel refuses the generic hardware event with ENOENT (no hardware     */
/* PMU: an x86 VM without a virtual PMU), adding the preset fails with    */
/* PAPI_ENOEVNT; where the kernel opens it, the preset is added.          */
static void
check_generic_perf_presets(void)
{
	static const struct {
		const char *preset, *event;
		unsigned long long config;
	} want[] = {
		{ "PAPI_TOT_CYC", "perf::PERF_COUNT_HW_CPU_CYCLES", PERF_COUNT_HW_CPU_CYCLES },
		{ "PAPI_TOT_INS", "perf::PERF_COUNT_HW_INSTRUCTIONS", PERF_COUNT_HW_INSTRUCTIONS },
		{ "PAPI_BR_INS", "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS",
		  PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
		{ "PAPI_BR_MSP", "perf::PERF_COUNT_HW_BRANCH_MISSES", PERF_COUNT_HW_BRANCH_MISSES },
	};
	struct perf_event_attr attr;
	PAPI_event_info_t info;
	int code = PAPI_PRESET_MASK, i, n = 0, es, fd, ret;

	init_or_skip();
	assert_non_null(strstr(PAPI_get_component_info(0)->description,
			       "PMU perf (generic"));
	assert_int_equal(PAPI_enum_event(&code, PAPI_ENUM_FIRST), PAPI_OK);
	do {
		memset(&info, 0, sizeof(info));
		if (PAPI_get_event_info(code, &info) != PAPI_OK || info.count == 0)
			continue;
		for (i = 0; i < 4 && strcmp(info.symbol, want[i].preset); i++)
			;
		if (i == 4)
			fail_msg("%s is listed, which the perf section does not define", info.symbol);
		assert_int_equal(info.count, 1);
		assert_string_equal(info.name[0], want[i].event);
		n++;
	} while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
	assert_int_equal(n, 4);

	for (i = 0; i < 4; i++) {
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = want[i].config;
		attr.exclude_kernel = attr.exclude_hv = 1;
		errno = 0;
		fd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
		if (fd >= 0)
			close(fd);
		es = PAPI_NULL;
		assert_int_equal(PAPI_create_eventset(&es), PAPI_OK);
		assert_int_equal(PAPI_event_name_to_code(want[i].preset, &code), PAPI_OK);
		ret = PAPI_add_event(es, code);
		if (fd >= 0)
			assert_int_equal(ret, PAPI_OK);
		else if (errno == ENOENT)
			assert_int_equal(ret, PAPI_ENOEVNT);
		printf("  %s: %s\n", want[i].preset, fd >= 0 ? "added" :
		       errno == ENOENT ? "listed, not added: the kernel has no such event" :
		       "listed, the kernel refuses user-only counting");
		assert_int_equal(PAPI_cleanup_eventset(es), PAPI_OK);
		assert_int_equal(PAPI_destroy_eventset(&es), PAPI_OK);
	}
	PAPI_shutdown();
}

static const char *self_path;	/* argv[0] */

/* The core PMUs libpfm4 finds here other than its generic perf ones */
/* (ix86arch and riscv included), comma-separated                     */
static void
model_core_pmus(char *list, size_t size)
{
	pfm_pmu_info_t pinfo;
	int i;

	list[0] = '\0';
	assert_int_equal(pfm_initialize(), PFM_SUCCESS);
	for (i = 0; i < PFM_PMU_MAX; i++) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(i, &pinfo) != PFM_SUCCESS || !pinfo.is_present)
			continue;
		if (pinfo.type != PFM_PMU_TYPE_CORE || !strcmp(pinfo.name, "perf") ||
		    !strcmp(pinfo.name, "perf_raw"))
			continue;
		if (list[0])
			strcat(list, ",");
		strncat(list, pinfo.name, size - strlen(list) - 2);
	}
	pfm_terminate();
}

static void
test_presets_same_as_full_parse(void **state)
{
	char disabled[1024];

	(void)state;
	/* The model-specific core PMUs libpfm4 finds here: disabling them */
	/* makes PAPI use the generic perf section.  (That case goes first: */
	/* PAPI 7.0.0 re-initialized with fewer PMUs than before frees     */
	/* stale PMU names at shutdown; 7.2.0 not checked.)                */
	model_core_pmus(disabled, sizeof(disabled));

	/* this machine's CPU section, if PAPI has one */
	compare_loads();

	/* libpfm4 reads LIBPFM_DISABLED_PMUS once per process, and PAPI   */
	/* 7.0.0 (7.2.0 not checked) re-initialized with fewer PMUs frees stale PMU names: the */
	/* generic case runs in a new process (this program, "generic").   */
	if (disabled[0]) {
		char cmd[1200];

		snprintf(cmd, sizeof(cmd), "LIBPFM_DISABLED_PMUS='%s' '%s' generic",
			disabled, self_path);
		assert_int_equal(system(cmd), 0);
	} else {
		/* no core PMU to disable: the default PMU is the generic one */
		check_generic_perf_presets();
	}
}

static void
test_generic_presets_same_as_full_parse(void **state)
{
	(void)state;
	compare_loads();
}

static void
test_generic_perf_presets(void **state)
{
	(void)state;
	check_generic_perf_presets();
}

/* perf_event's description, PAPI initialized (not skipped if disabled) */
static const PAPI_component_info_t *
perf_event_info(void)
{
	int cidx;

	if (PAPI_is_initialized())
		PAPI_shutdown();
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	cidx = PAPI_get_component_index("perf_event");
	assert_true(cidx >= 0);
	return PAPI_get_component_info(cidx);
}

static int generic_run;	/* "generic": the core PMUs disabled */

#define GENERIC_SUFFIX " (generic: no model-specific PMU found)"

/* Where PAPI finds no model-specific core PMU (the "generic" run, with  */
/* the core PMUs libpfm4 finds here disabled, as in an x86 VM without a */
/* PMU) perf_event is enabled with a generic default PMU, named in its  */
/* description (0007); PAPI 7.2.0 disabled the component.  In the main */
/* run, whatever the default PMU, the description names it.            */
static void
test_generic_pmu_default(void **state)
{
	const PAPI_component_info_t *info;

	(void)state;
	errno = 0;
	if (syscall(__NR_perf_event_open, NULL, 0, -1, -1, 0) < 0 && errno == ENOSYS)
		skip();
	info = perf_event_info();
	assert_false(info->disabled);
	if (generic_run)
		assert_string_equal(info->description,
				    "Linux perf_event CPU counters, PMU perf" GENERIC_SUFFIX);
	/* otherwise the default PMU, generic or model-specific (libpfm4 may */
	/* detect one from cpuid where the kernel has none), is named        */
	assert_true(strncmp(info->description, "Linux perf_event CPU counters, PMU ", 35) == 0);
	PAPI_shutdown();
}

#if defined(__x86_64__) || defined(__i386__)
/* A model-specific default PMU is named too (0102): skl, forced, in a */
/* new process (libpfm4 reads LIBPFM_FORCE_PMU once per process)       */
/* This program again in mode, with libpfm4's PMU pmu forced */
static void
run_self_forced(const char *pmu, const char *mode)
{
	char cmd[1200];

	snprintf(cmd, sizeof(cmd), "LIBPFM_FORCE_PMU=%s '%s' %s", pmu, self_path, mode);
	assert_int_equal(system(cmd), 0);
}

static void
test_description_names_pmu(void **state)
{
	(void)state;
	run_self_forced("skl", "forced-skl");
}

/* hsw's presets, forced (a section in the first half of the table, */
/* found through the index), the same from the built-in table and   */
/* from the file                                                    */
static void
test_hsw_presets_same_as_full_parse(void **state)
{
	(void)state;
	run_self_forced("hsw", "forced-hsw");
}

static void
test_forced_skl_description(void **state)
{
	(void)state;
	assert_string_equal(perf_event_info()->description,
			    "Linux perf_event CPU counters, PMU skl");
	PAPI_shutdown();
}
#endif

#if defined(__x86_64__) || defined(__i386__)
/* PAPI 0174: a name whose mask takes no modifiers (libpfm4's            */
/* support_no_mods: Ice Lake's TOPDOWN_M) is refused as 7.2.0 refuses it, */
/* although a look-up no longer asks libpfm4 for the full event string   */
/* (libpfm4 encodes it without one); another event of the PMU resolves   */
static void
test_forced_icl_no_mods_mask(void **state)
{
	int code;

	(void)state;
	assert_int_equal(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	assert_int_not_equal(PAPI_event_name_to_code("TOPDOWN_M:BACKEND_BOUND", &code), PAPI_OK);
	assert_int_equal(PAPI_event_name_to_code("INST_RETIRED:ANY_P", &code), PAPI_OK);
	PAPI_shutdown();
}

static void
test_no_mods_mask_refused(void **state)
{
	(void)state;
	run_self_forced("icl", "forced-icl");
}
#endif

int
main(int argc, char **argv)
{
	const struct CMUnitTest generic[] = {
		cmocka_unit_test(test_generic_presets_same_as_full_parse),
		cmocka_unit_test(test_generic_perf_presets),
		cmocka_unit_test(test_generic_pmu_default),
	};
#if defined(__x86_64__) || defined(__i386__)
	const struct CMUnitTest forced_skl[] = {
		cmocka_unit_test(test_forced_skl_description),
	};
	const struct CMUnitTest forced_hsw[] = {
		cmocka_unit_test(test_generic_presets_same_as_full_parse),
	};
	const struct CMUnitTest forced_icl[] = {
		cmocka_unit_test(test_forced_icl_no_mods_mask),
	};
#endif
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page_sign_extension),
		cmocka_unit_test(test_page_reads_counter),
		cmocka_unit_test(test_page_fallbacks),
		cmocka_unit_test(test_page_unknown_index),
		cmocka_unit_test(test_user_read_self_tid),
		cmocka_unit_test(test_page_seqlock_retry),
		cmocka_unit_test(test_page_reset_not_published),
		cmocka_unit_test(test_page_reset_published),
		/* the same with PAPI_read()'s short-path reader */
		COUNT_READER_TEST(test_page_sign_extension),
		COUNT_READER_TEST(test_page_reads_counter),
		COUNT_READER_TEST(test_page_fallbacks),
		COUNT_READER_TEST(test_page_unknown_index),
		COUNT_READER_TEST(test_page_seqlock_retry),
		COUNT_READER_TEST(test_page_reset_not_published),
		COUNT_READER_TEST(test_page_reset_published),
		cmocka_unit_test(test_sysctl_rules),
		cmocka_unit_test(test_wanted_event_sets),
		cmocka_unit_test(test_request_config1),
		cmocka_unit_test(test_firmware_events_not_user_read),
		cmocka_unit_test(test_line_kinds),
		cmocka_unit_test(test_skip_lines),
		cmocka_unit_test(test_skip_lines_table_end),
		cmocka_unit_test(test_table_index_fits_table),
		cmocka_unit_test(test_table_index_skips_as_scan),
		cmocka_unit_test(test_table_index_misfit),
		cmocka_unit_test(test_presets_same_as_full_parse),
#if defined(__x86_64__) || defined(__i386__)
		cmocka_unit_test(test_hsw_presets_same_as_full_parse),
#endif
		cmocka_unit_test(test_generic_pmu_default),
#if defined(__x86_64__) || defined(__i386__)
		cmocka_unit_test(test_description_names_pmu),
		cmocka_unit_test(test_no_mods_mask_refused),
#endif
		cmocka_unit_test(test_group_add_start_reset),
		cmocka_unit_test(test_add_opens_only_new_event),
		cmocka_unit_test(test_remove_then_add),
		cmocka_unit_test(test_remove_keeps_overflow),
		cmocka_unit_test(test_add_falls_back_to_reopen),
		cmocka_unit_test(test_add_after_option_change_reopens),
		cmocka_unit_test(test_hardware_group_checked),
		cmocka_unit_test(test_hardware_group_checked_by_kernel),
		cmocka_unit_test(test_mmap_page_touched_at_set_up),
		cmocka_unit_test(test_exe_path_on_first_use),
		cmocka_unit_test(test_exe_info_from_threads),
		cmocka_unit_test(test_native_table_grows),
		cmocka_unit_test(test_many_multiplexed_events),
		cmocka_unit_test(test_heap_per_two_event_set),
		cmocka_unit_test(test_bare_name_round_trip),
		cmocka_unit_test(test_name_prefix_fills_buffer),
		cmocka_unit_test(test_shutdown_keeps_program_timer),
		cmocka_unit_test(test_sysfile_reads),
		cmocka_unit_test(test_hw_info_on_first_use),
		cmocka_unit_test(test_hw_info_seen_by_component_init),
		cmocka_unit_test(test_no_exclude_guest_probe),
		cmocka_unit_test(test_cpu_node_counts_as_directories),
		cmocka_unit_test(test_paranoid_read_once_per_init),
		cmocka_unit_test(test_uncovered_scan_lookups),
		cmocka_unit_test(test_libpfm4_detects_perf_once),
		cmocka_unit_test(test_present_pmus_once),
	};

	self_path = argv[0];
	generic_run = argc > 1 && !strcmp(argv[1], "generic");
	if (generic_run)
		return cmocka_run_group_tests(generic, NULL, NULL);
#if defined(__x86_64__) || defined(__i386__)
	if (argc > 1 && !strcmp(argv[1], "forced-skl"))
		return cmocka_run_group_tests(forced_skl, NULL, NULL);
	if (argc > 1 && !strcmp(argv[1], "forced-hsw"))
		return cmocka_run_group_tests(forced_hsw, NULL, NULL);
	if (argc > 1 && !strcmp(argv[1], "forced-icl"))
		return cmocka_run_group_tests(forced_icl, NULL, NULL);
#endif
	return cmocka_run_group_tests(tests, NULL, NULL);
}
