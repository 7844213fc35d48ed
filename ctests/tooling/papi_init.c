/* PAPI_library_init(), then the first preset use (where the start-up   */
/* series loads the presets): it must come back, available or not.      */
/* Built against a PAPI tree by upstream-head.sh and submissions-build.sh. */
#include "papi.h"
#include <stdio.h>
int main(void)
{
	int v = PAPI_library_init(PAPI_VER_CURRENT);

	printf("PAPI_library_init: %d (PAPI_VER_CURRENT %d)\n", v, PAPI_VER_CURRENT);
	if (v != PAPI_VER_CURRENT)
		return 1;
	v = PAPI_query_event(PAPI_TOT_CYC);
	printf("PAPI_query_event(PAPI_TOT_CYC): %s\n", PAPI_strerror(v));
	return 0;
}
