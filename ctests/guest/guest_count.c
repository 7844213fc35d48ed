/*
 * guest_count: counting checks run inside the emulated guests (ctests/guest/).
 * Uses perf_event_open directly (and libpfm4 for named events), so it works on
 * any stage, with or without PAPI.
 *
 *   guest_count loop DOMAIN N1 N2 SLACK  count a loop of exactly 2 instructions per
 *       iteration, N1 and N2 iterations, with PERF_COUNT_HW_INSTRUCTIONS and
 *       PERF_COUNT_HW_CPU_CYCLES, in DOMAIN "user" (exclude_kernel=1) or "all".
 *       SLACK 0: the count must be exactly 2N + C with the same small C for both
 *       N (C printed); otherwise it must lie in [2N, 2N * (1 + SLACK/100)]
 *       (where the kernel's or other vCPUs' instructions are counted too) in
 *       one of GUEST_TRIES tries, never under 2N (guest_loop.h).
 *       Cycles must count and agree with instructions within 10% (icount).
 *   guest_count events PMU::EVENT...  encode each event with libpfm4, open it
 *       (kernel+user), count the loop, print the counts (for strace).
 *   guest_count overflow  sample CPU cycles every 100000: prints "samples N"
 *       (exit 0 if N > 0), or "refused errno" (exit 3) if the kernel refuses.
 *   guest_count useronly  open cycles with exclude_kernel=1: exit 0 if it opens,
 *       3 with "refused errno" if not.
 */
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <perfmon/pfmlib_perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guest_loop.h"

static long peo(struct perf_event_attr *a)
{
	return syscall(__NR_perf_event_open, a, 0, -1, -1, 0);
}

static void attr_init(struct perf_event_attr *a, uint32_t type, uint64_t config, int user)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = type;
	a->config = config;
	a->disabled = 1;
	a->exclude_kernel = user;
	a->exclude_hv = user;
}

/* Counts of instructions and cycles over guest_loop(n). */
static int count_loop(uint64_t n, int user, uint64_t *ins, uint64_t *cyc)
{
	struct perf_event_attr a;
	int fi, fc;

	attr_init(&a, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, user);
	fc = peo(&a);
	attr_init(&a, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, user);
	fi = peo(&a);
	if (fi < 0 || fc < 0) {
		printf("perf_event_open (%s) failed: %s\n", user ? "user only" : "all", strerror(errno));
		return -1;
	}
	ioctl(fc, PERF_EVENT_IOC_RESET, 0);
	ioctl(fi, PERF_EVENT_IOC_RESET, 0);
	ioctl(fc, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(fi, PERF_EVENT_IOC_ENABLE, 0);
	guest_loop(n);
	ioctl(fi, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(fc, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fi, ins, 8) != 8 || read(fc, cyc, 8) != 8) {
		printf("read failed: %s\n", strerror(errno));
		return -1;
	}
	close(fi);
	close(fc);
	return 0;
}

static int cmd_loop(int argc, char **argv)
{
	int user, bad = 0, t, tries;
	uint64_t n[2], ins[2], cyc[2];
	int64_t c[2];
	double slack;

	if (argc != 6)
		return 2;
	user = strcmp(argv[2], "user") == 0;
	n[0] = strtoull(argv[3], NULL, 0);
	n[1] = strtoull(argv[4], NULL, 0);
	slack = atof(argv[5]);
	/* Bounded counts: up to GUEST_TRIES tries, as guest_loop.h explains. */
	tries = slack > 0 ? GUEST_TRIES : 1;
	for (t = 1; t <= tries; t++) {
		int over = 0;

		bad = 0;
		for (int i = 0; i < 2; i++) {
			if (count_loop(n[i], user, &ins[i], &cyc[i]))
				return 1;
			c[i] = (int64_t)(ins[i] - 2 * n[i]);
			printf("%s: N=%" PRIu64 " instructions=%" PRIu64 " = 2N%+" PRId64
			       " cycles=%" PRIu64 "\n", argv[2], n[i], ins[i], c[i], cyc[i]);
			if (cyc[i] == 0 || cyc[i] < ins[i] * 0.9 || cyc[i] > ins[i] * 1.1) {
				printf("  cycles do not agree with instructions within 10%% (icount)\n");
				bad = 1;
			}
			if (slack > 0 && guest_bound(ins[i], n[i], slack) < 0) {
				printf("  instructions under 2N\n");
				return 1;
			}
			if (slack > 0 && guest_bound(ins[i], n[i], slack) > 0) {
				printf("  instructions over 2N*(1+%g%%) (try %d of %d)\n", slack, t, tries);
				over = 1;
			}
		}
		if (!over)
			break;
		bad = 1;
	}
	if (slack == 0) {
		if (c[0] != c[1] || c[0] < 0 || c[0] > 100) {
			printf("%s count is not 2N+C with one small C\n", argv[2]);
			bad = 1;
		} else {
			printf("%s count = 2N+%" PRId64 " exactly\n", argv[2], c[0]);
		}
	}
	return bad;
}

static int cmd_events(int argc, char **argv)
{
	int bad = 0;

	if (pfm_initialize() != PFM_SUCCESS) {
		printf("pfm_initialize failed\n");
		return 1;
	}
	for (int i = 2; i < argc; i++) {
		struct perf_event_attr a;
		pfm_perf_encode_arg_t arg;
		uint64_t v = 0;
		int fd, ret;

		memset(&a, 0, sizeof(a));
		memset(&arg, 0, sizeof(arg));
		arg.attr = &a;
		arg.size = sizeof(arg);
		ret = pfm_get_os_event_encoding(argv[i], PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
		if (ret != PFM_SUCCESS) {
			printf("%s: cannot encode: %s\n", argv[i], pfm_strerror(ret));
			bad = 1;
			continue;
		}
		a.disabled = 1;
		fd = peo(&a);
		if (fd < 0) {
			printf("%s: type=%u config=0x%" PRIx64 " open failed: %s\n", argv[i], a.type,
			       (uint64_t)a.config, strerror(errno));
			continue;
		}
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		guest_loop(100000);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		if (read(fd, &v, 8) != 8)
			v = 0;
		close(fd);
		printf("%s: type=%u config=0x%" PRIx64 " count=%" PRIu64 "\n", argv[i], a.type,
		       (uint64_t)a.config, v);
	}
	return bad;
}

static int cmd_overflow(void)
{
	struct perf_event_attr a;
	struct perf_event_mmap_page *pg;
	long psz = sysconf(_SC_PAGESIZE);
	uint64_t head, off, samples = 0;
	char *buf;
	int fd;

	attr_init(&a, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0);
	a.sample_period = 100000;
	a.sample_type = PERF_SAMPLE_IP;
	a.wakeup_events = 1;
	fd = peo(&a);
	if (fd < 0) {
		printf("refused %d (%s)\n", errno, strerror(errno));
		return 3;
	}
	buf = mmap(NULL, psz * 9, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (buf == MAP_FAILED) {
		printf("mmap failed: %s\n", strerror(errno));
		return 1;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	guest_loop(2000000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	pg = (struct perf_event_mmap_page *)buf;
	head = pg->data_head;
	__sync_synchronize();
	for (off = 0; off < head && off < (uint64_t)psz * 8;) {
		struct perf_event_header *h = (void *)(buf + psz + off);
		if (h->size == 0)
			break;
		if (h->type == PERF_RECORD_SAMPLE)
			samples++;
		off += h->size;
	}
	printf("samples %" PRIu64 " (data_head %" PRIu64 ")\n", samples, head);
	return samples > 0 ? 0 : 1;
}

static int cmd_useronly(void)
{
	struct perf_event_attr a;
	int fd;

	attr_init(&a, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1);
	fd = peo(&a);
	if (fd < 0) {
		printf("refused %d (%s)\n", errno, strerror(errno));
		return 3;
	}
	printf("user-only cycles opened\n");
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc >= 2 && !strcmp(argv[1], "loop"))
		return cmd_loop(argc, argv);
	if (argc >= 3 && !strcmp(argv[1], "events"))
		return cmd_events(argc, argv);
	if (argc == 2 && !strcmp(argv[1], "overflow"))
		return cmd_overflow();
	if (argc == 2 && !strcmp(argv[1], "useronly"))
		return cmd_useronly();
	fprintf(stderr, "usage: guest_count loop user|all N1 N2 SLACK | events EV... | overflow | useronly\n");
	return 2;
}
