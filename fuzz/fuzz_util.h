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
 * A new file of this process (in TMPDIR or /tmp), named after tag: the input
 * file that fuzz_write_file() rewrites with each input, or a fixed file a
 * target gives PAPI besides. Files are removed at exit (a crash leaves them:
 * the input is libFuzzer's artifact anyway).
 */
#define FUZZ_FILES 2
static char fuzz_file_paths[FUZZ_FILES][4096];
static int fuzz_nfiles;

static inline void
fuzz_remove_files(void)
{
	int i;

	for (i = 0; i < fuzz_nfiles; i++)
		unlink(fuzz_file_paths[i]);
}

static inline const char *
fuzz_file(const char *tag)
{
	const char *tmp = getenv("TMPDIR");
	char *path;
	int fd;

	FUZZ_REQUIRE(fuzz_nfiles < FUZZ_FILES, "more than %d files", FUZZ_FILES);
	path = fuzz_file_paths[fuzz_nfiles];
	snprintf(path, sizeof(fuzz_file_paths[0]), "%s/fuzz-%s-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp", tag);
	fd = mkstemp(path);
	FUZZ_REQUIRE(fd >= 0, "cannot create %s", path);
	close(fd);
	if (fuzz_nfiles++ == 0)
		atexit(fuzz_remove_files);
	return path;
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
