#!/bin/sh
# papi-host-tests.sh PAPI-SRC PAPI_COMMAND_LINE
#
# make check's papi-host-tests: PAPI's own tests of ctests/papi-host-tests.list
# (threads, fork/exec, attach, inherit, high-level API) on the host build, with
# PAPI's verdicts (ctests/guest/papi-tests.sh). The high-level tests count the
# software events perf::TASK-CLOCK and perf::PAGE-FAULTS (PAPI_EVENTS), which
# every Linux host has. The profile the expected failures are listed under
# (ctests/guest/papi-tests.expected) is "host", or "host-nopmu" where PAPI
# cannot count PAPI_TOT_CYC (no hardware PMU: most VMs and containers; the
# preset may still be listed, from the generic perf PMU, and fail to open).
[ $# -eq 2 ] || { echo "usage: papi-host-tests.sh PAPI-SRC PAPI_COMMAND_LINE" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
if "$2" PAPI_TOT_CYC 2>/dev/null | grep -q '^PAPI_TOT_CYC :[[:space:]]*[0-9]'; then
	profile=host
else
	profile=host-nopmu
	echo "PAPI_TOT_CYC does not count here (no hardware PMU): tests needing it are listed for host-nopmu"
fi
PAPI_EVENTS=perf::TASK-CLOCK,perf::PAGE-FAULTS PAPI_TEST_LIMIT=${PAPI_TEST_LIMIT:-60} \
	exec sh "$here/guest/papi-tests.sh" "$1" "$profile" "$here/guest/papi-tests.expected" \
	$(grep -v '^#' "$here/papi-host-tests.list")
