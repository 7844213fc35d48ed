/*
 * File:    linux-sysfile.c
 *
 * Small /proc and /sys files for linux-common.c and the perf_event
 * components.
 *
 * The kernel publishes its settings (perf_event_paranoid,
 * perf_user_access, nmi_watchdog, the cpufreq limits) and the CPU topology
 * (CPU masks, CPU and node lists) as files of one short line.  Through
 * stdio each costs open, fstat, two reads and close; here it is open, one
 * read (a second only if the first did not return a whole line) and
 * close, with no buffer to allocate, so that a component can ask for a
 * setting wherever it needs it.
 */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "linux-sysfile.h"

static int
open_read_only( const char *path )
{
	int fd;

	do {
		fd = open( path, O_RDONLY | O_CLOEXEC );
	} while ( fd < 0 && errno == EINTR );
	return fd;
}

ssize_t
_linux_read_sysfile( const char *path, char *buf, size_t size )
{
	size_t len = 0;
	ssize_t n;
	char *nl;
	int fd;

	if ( size == 0 ) {
		errno = EINVAL;
		return -1;
	}
	fd = open_read_only( path );
	if ( fd < 0 ) {
		return -1;
	}
	/* until the end of the file, a newline, or a full buffer */
	while ( len < size - 1 ) {
		n = read( fd, buf + len, size - 1 - len );
		if ( n < 0 ) {
			if ( errno == EINTR ) {
				continue;
			}
			close( fd );
			return -1;
		}
		if ( n == 0 ) {
			break;
		}
		len += ( size_t ) n;
		buf[len] = '\0';
		if ( memchr( buf + len - n, '\n', ( size_t ) n ) != NULL ) {
			break;
		}
	}
	close( fd );
	buf[len] = '\0';
	nl = strchr( buf, '\n' );
	if ( nl != NULL ) {
		*nl = '\0';
		len = ( size_t ) ( nl - buf );
	}
	return ( ssize_t ) len;
}

int
_linux_read_sysfile_int( const char *path, int *value )
{
	char buf[64], *end;
	long v;

	if ( _linux_read_sysfile( path, buf, sizeof ( buf ) ) < 0 ) {
		return -1;
	}
	errno = 0;
	v = strtol( buf, &end, 10 );
	if ( end == buf ) {
		return 0;
	}
	*value = ( int ) v;
	return 1;
}

int
_linux_sysfile_list_prefix( const char *path )
{
	char buf[4096], *p, *end;
	unsigned long first, last;
	int count = 0;

	if ( _linux_read_sysfile( path, buf, sizeof ( buf ) ) < 0 ) {
		return -1;
	}
	/* ranges "a" or "a-b" separated by ',': extend while contiguous */
	for ( p = buf; *p != '\0' && *p != '\n'; p = end + 1 ) {
		if ( !isdigit( ( unsigned char ) *p ) ) {
			return -1;
		}
		first = strtoul( p, &end, 10 );
		last = first;
		if ( *end == '-' ) {
			if ( !isdigit( ( unsigned char ) end[1] ) ) {
				return -1;
			}
			last = strtoul( end + 1, &end, 10 );
		}
		if ( last < first || ( *end != ',' && *end != '\0' &&
				       *end != '\n' ) ) {
			return -1;
		}
		if ( first != ( unsigned long ) count ) {
			break;	/* a gap: the loop would stop here */
		}
		if ( last >= 1UL << 20 ) {
			return -1;	/* not a CPU or node list */
		}
		count = ( int ) last + 1;
		if ( *end != ',' ) {
			break;
		}
	}
	return count;
}

int
_linux_sysfile_count_bits( const char *path )
{
	char buf[1024], *nl;
	ssize_t n, i;
	int fd, bits = 0, c;

	fd = open_read_only( path );
	if ( fd < 0 ) {
		return -1;
	}
	for ( ;; ) {
		n = read( fd, buf, sizeof ( buf ) );
		if ( n < 0 && errno == EINTR ) {
			continue;
		}
		if ( n <= 0 ) {
			break;
		}
		nl = memchr( buf, '\n', ( size_t ) n );
		if ( nl != NULL ) {
			n = nl - buf;
		}
		for ( i = 0; i < n; i++ ) {
			if ( !isxdigit( ( unsigned char ) buf[i] ) ) {
				continue;
			}
			c = isdigit( ( unsigned char ) buf[i] ) ? buf[i] - '0' :
				tolower( ( unsigned char ) buf[i] ) - 'a' + 10;
			for ( ; c > 0; c /= 2 ) {
				bits += c % 2;
			}
		}
		if ( nl != NULL ) {
			break;
		}
	}
	close( fd );
	return n < 0 ? -1 : bits;
}
