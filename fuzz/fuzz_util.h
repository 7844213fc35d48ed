/*
 * Helpers shared by the libFuzzer targets of fuzz/ (fuzz/README.md): the input
 * as a C string, and the input as a file for the readers that take a path
 * from the environment (LIBPFM_PROC_CPUINFO, PAPI_CSV_EVENT_FILE,
 * PAPI_USER_EVENTS_FILE).  Include once, in the target.
 */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A target that cannot run as meant stops at once, saying why. */
#define FUZZ_REQUIRE(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "fuzz target: " __VA_ARGS__);	\
			fputc('\n', stderr);				\
			exit(2);					\
		}							\
	} while (0)

/* FUZZ_VERBOSE=1: what each input gave, on stderr (to check a target). */
#define FUZZ_SAY(...)							\
	do {								\
		if (getenv("FUZZ_VERBOSE"))				\
			fprintf(stderr, "fuzz target: " __VA_ARGS__);	\
	} while (0)

/*
 * The input up to its first NUL, NUL-terminated, in a buffer of exactly that
 * size (so that AddressSanitizer sees a read past its end). Free it.
 */
static inline char *
fuzz_string(const uint8_t *data, size_t size)
{
	size_t n = strnlen((const char *)data, size);
	char *s = malloc(n + 1);

	FUZZ_REQUIRE(s != NULL, "out of memory");
	memcpy(s, data, n);
	s[n] = '\0';
	return s;
}

/*
 * The path of this process's input file (in TMPDIR or /tmp), made at the first
 * call; fuzz_write_file() replaces its contents with each input. It is removed
 * at exit (a crash leaves it: the input is libFuzzer's artifact anyway).
 */
static char fuzz_file_path[4096];

static inline void
fuzz_remove_file(void)
{
	if (fuzz_file_path[0])
		unlink(fuzz_file_path);
}

static inline const char *
fuzz_file(const char *tag)
{
	const char *tmp = getenv("TMPDIR");
	int fd;

	if (fuzz_file_path[0])
		return fuzz_file_path;
	snprintf(fuzz_file_path, sizeof(fuzz_file_path), "%s/fuzz-%s-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp", tag);
	fd = mkstemp(fuzz_file_path);
	FUZZ_REQUIRE(fd >= 0, "cannot create %s", fuzz_file_path);
	close(fd);
	atexit(fuzz_remove_file);
	return fuzz_file_path;
}

static inline void
fuzz_write_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "w");

	FUZZ_REQUIRE(f != NULL, "cannot write %s", path);
	FUZZ_REQUIRE(size == 0 || fwrite(data, size, 1, f) == 1, "cannot write %s", path);
	FUZZ_REQUIRE(fclose(f) == 0, "cannot write %s", path);
}

#endif
