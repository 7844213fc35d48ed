/* Shared definitions of the benchmark programs: the measured phases, the event
 * descriptions, and the interface that the two "sides" (PAPI, raw perf_event)
 * implement identically, so that one main program drives either. */
#ifndef BENCH_H
#define BENCH_H
#include <stdint.h>
#include <sys/types.h>

/* PH_REREAD: a second read of the same event set, the steady state of a code
 * that reads many times (the first read may pay for first-touch costs, e.g.
 * the fault-in of a perf mmap page). */
enum phase { PH_INIT, PH_START, PH_READ, PH_REREAD, PH_STOP, PH_TERM, PH_N };
extern const char *const phase_names[PH_N];

#define MAX_EVENTS 16
#define EV_NAME_MAX 256

/* Instructions per phase (-I): none, a user-only counter, callgrind. */
enum icount_mode { IC_NONE, IC_PERF, IC_CALLGRIND };
/* "none" | "perf" | "callgrind" -> IC_*, or -1. */
int icount_mode_parse(const char *s);

/* Domain bits, as on the command line: user, kernel, or both. */
enum { DOM_USER = 1, DOM_KERNEL = 2 };

/* One event. The PAPI side uses the name; the perf side uses the encoding that
 * bench_encode obtained from libpfm4 beforehand (never resolved while timing). */
struct event {
	char name[EV_NAME_MAX];
	uint32_t type;
	uint64_t config, config1, config2;
	int exclude_user, exclude_kernel, exclude_hv;
	int encoded; /* the fields above came from an encoding */
};

/* Parse "NAME=type:config:config1:config2:xu:xk:xh" (numbers in C notation,
 * as printed by bench_encode). Returns 0, or -1 with a message in err. */
int event_parse_encoding(const char *s, struct event *ev, char *err, int errlen);
/* "user" | "kernel" | "all" -> DOM_* bits, or -1. */
int domain_parse(const char *s);

/* The side under test. Each returns 0, or -1 after printing a one-line
 * explanation on stderr (never silently a zero count). */
extern const char *const side_name;
const char *side_version(void);
int side_init(struct event *evs, int n, int domain);
int side_start(void);
int side_read(long long *values);
int side_stop(long long *values);
int side_term(void);

/* Write a phase marker that strace shows (a failing write on fd -1). */
void bench_mark(const char *what, const char *phase);
extern int bench_markers;

uint64_t now_ns(void);
/* The event arguments of a program named prog: NAME=encoding, or, if
 * names_ok (the PAPI side), a bare name. Returns n, or -1 after a one-line
 * error. */
int events_from_args(const char *prog, int names_ok, char **args, int n, struct event *evs);
/* A user-only instruction counter of the calling thread (-I perf), or exit 2
 * saying why; its value. */
int icount_open(const char *prog);
/* The thread's instructions with the kernel's where the kernel allows it
 * (*with_kernel 1), else user only; -1 if neither opens. */
int icount_open_all(int *with_kernel);
/* The same for task pid and every thread and child it starts, from its next
 * exec on. */
int icount_open_task(pid_t pid, int *with_kernel);
uint64_t icount_read(int fd);
/* Print the error of a failed perf_event_open with what to do about it. */
void perf_open_error(const char *who, const char *name, int err);

/* Helpers of each side for any set (side_papi.c, side_perf.c). */
void papi_fail(const char *what, const char *name, int rc);
int papi_domain_of(const struct event *evs, int n, int domain);
int papi_init_domain(const struct event *evs, int n, int domain);
int papi_create_with(int *set, const struct event *evs, int n);
/* set: perf_group_open asks for user-space reads where the PMU needs it (arm64) */
extern int perf_want_user_read;
struct perf_event_attr;
/* the attributes an event's encoding gives (type, config*, exclude bits), the rest 0 */
void perf_attr_of(const struct event *ev, struct perf_event_attr *a);
int perf_group_open(const struct event *evs, int n, int *fd);
int perf_group_start(const int *fd, int n, const struct event *evs);
int perf_group_read(int leader, int n, long long *values);
int perf_group_stop(int leader, int n, long long *values);
int perf_group_close(const int *fd, int n);

/* The threaded mode (thr_main.c, tside_papi.c, tside_perf.c): one set per
 * thread. PAPI: evset; raw perf_event: the group's fds. */
struct tset {
	int evset;
	int fd[MAX_EVENTS];
	void *page[MAX_EVENTS]; /* raw: each event's mmap page, for user-space reads */
	int uread;              /* raw: 1 if every event reads in user space */
};
/* The bare user-space read (user_read.c): an event's mmap page, and its
 * value read from the counter in user space (1), or 0 where the kernel does
 * not allow it for this event. */
void *uread_map(int fd);
void uread_unmap(void *page);
int uread_value(const void *page, long long *value);
/* Once per process, before any thread: PAPI_library_init + PAPI_thread_init
 * (the domain as side_init's); raw: nothing. */
int tside_process_init(struct event *evs, int n, int domain);
/* Per thread: PAPI_register_thread + create + add + start; raw: open +
 * reset + enable. */
int tside_setup(struct tset *s);
int tside_read(struct tset *s, long long *values);
/* how tside_read reads (the raw side: user space or read()) */
const char *tside_read_method(const struct tset *s);
/* stop + read, then PAPI: cleanup + destroy + PAPI_unregister_thread; raw: close. */
int tside_teardown(struct tset *s, long long *values);
/* A set created with its events, not started (heap per set), and destroyed. */
int tside_create(struct tset *s);
int tside_destroy(struct tset *s);
/* A measured region: PAPI_hl_region_begin/end (the high-level API sets
 * itself up at the first begin, with PAPI_EVENTS); raw: one group read at
 * each end of a group opened and enabled at the first begin. */
int tside_region_init(struct event *evs, int n, int domain); /* instead of tside_process_init */
int tside_region_begin(void);
int tside_region_end(void);
#endif
