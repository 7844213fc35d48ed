/*
 * open() and open64() (glibc's _FILE_OFFSET_BITS=64 name) for a test
 * program that links PAPI's static library: PAPI's calls reach these
 * instead of the C library's.  Each passes the path to the test's
 * open_hook(), which may count it and returns the file to open (the path
 * itself, or another one written into buf), then opens that with the C
 * library's function.  Include once, in the test that defines open_hook().
 */
#ifndef OPEN_HOOK_H
#define OPEN_HOOK_H

#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>

#ifndef O_TMPFILE
#define O_TMPFILE 0
#endif

static const char *open_hook(const char *path, char *buf, size_t size);

static int
open_through_hook(const char *sym, int (**real)(const char *, int, ...),
		  const char *path, int flags, va_list ap)
{
	char buf[4096];
	int mode = 0;

	if (flags & (O_CREAT | O_TMPFILE))
		mode = va_arg(ap, int);
	if (!*real)
		*real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, sym);
	return (*real)(open_hook(path, buf, sizeof(buf)), flags, mode);
}

/* the two entry points, one definition */
#define HOOKED_OPEN(sym)						\
int									\
sym(const char *path, int flags, ...)					\
{									\
	static int (*real)(const char *, int, ...);			\
	va_list ap;							\
	int fd;								\
									\
	va_start(ap, flags);						\
	fd = open_through_hook(#sym, &real, path, flags, ap);		\
	va_end(ap);							\
	return fd;							\
}

HOOKED_OPEN(open)
HOOKED_OPEN(open64)

#endif
