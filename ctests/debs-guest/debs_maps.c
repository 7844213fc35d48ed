/*
 * debs_maps: which files a program linked with the packaged libpapi maps
 * (ctests/debs-guest/suite.sh). Built on the host against the packages'
 * headers and /usr/lib/TRIPLET/libpapi.so (ctests/tooling/debs-guest.sh),
 * run in the guest: initialises PAPI, then prints the file of every
 * executable mapping of /proc/self/maps ("map PATH") and PAPI's version
 * ("version A.B.C.D"). The suite checks that libpapi and libpfm are the
 * packaged ones in /usr/lib/TRIPLET.
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	char line[4096], last[4096] = "";
	FILE *f;
	int v = PAPI_library_init(PAPI_VER_CURRENT);

	if (v != PAPI_VER_CURRENT) {
		printf("PAPI_library_init: %d (%s)\n", v, v < 0 ? PAPI_strerror(v) : "version mismatch");
		return 1;
	}
	printf("version %d.%d.%d.%d\n", PAPI_VERSION_MAJOR(v), PAPI_VERSION_MINOR(v),
	       PAPI_VERSION_REVISION(v), PAPI_VERSION_INCREMENT(v));
	f = fopen("/proc/self/maps", "r");
	if (f == NULL) {
		perror("/proc/self/maps");
		return 1;
	}
	/* address perms offset dev inode path: the executable mappings' paths */
	while (fgets(line, sizeof(line), f)) {
		char perms[8], path[4096];

		if (sscanf(line, "%*s %7s %*s %*s %*s %4095s", perms, path) != 2 ||
		    perms[2] != 'x' || path[0] != '/' || strcmp(path, last) == 0)
			continue;
		printf("map %s\n", path);
		strcpy(last, path);
	}
	fclose(f);
	PAPI_shutdown();
	return 0;
}
