#!/bin/sh
# papi-host-tests.sh PAPI-SRC PAPI_COMMAND_LINE
#
# make check's papi-host-tests: PAPI's own tests of ctests/papi-host-tests.list
# (threads, fork/exec, attach, inherit, high-level API) on the host build, with
# PAPI's verdicts (ctests/guest/papi-tests.sh). The high-level tests count the
# software events perf::TASK-CLOCK and perf::PAGE-FAULTS (PAPI_EVENTS), which
# every Linux host has. The profile the expected failures are listed under
# (ctests/guest/papi-tests.expected) is "host"; "host-nopmu" where PAPI lists
# PAPI_TOT_CYC (from the generic perf PMU) but cannot count it (no hardware
# PMU: most VMs and containers); "host-nocycles" where it does not even list
# it. The tests that need the preset fail differently in the two cases (at
# PAPI_start, or at PAPI_add_event, where several of them skip).
# PAPI_HOST_TESTS=REGEX runs only the tests of the list it matches (grep -E;
# make check's tsan-papi-threads: the thread tests).
[ $# -eq 2 ] || { echo "usage: papi-host-tests.sh PAPI-SRC PAPI_COMMAND_LINE" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# Whether PAPI lists it is asked of papi_avail: with PAPI 7.2.0, adding a
# listed preset whose event the kernel does not have (ENOENT) fails with "Event does
# not exist" too, as an unknown name does, so papi_command_line cannot tell.
cycles=$("$2" PAPI_TOT_CYC 2>&1)
listed=$("$(dirname "$2")/papi_avail" -e PAPI_TOT_CYC 2>&1)
if echo "$cycles" | grep -q '^PAPI_TOT_CYC :[[:space:]]*[0-9]'; then
	profile=host
elif ! echo "$listed" | grep -q 'Native Code\[0\]'; then
	profile=host-nocycles
	echo "PAPI_TOT_CYC is not listed here (no hardware PMU): tests needing it are listed for host-nocycles"
else
	profile=host-nopmu
	echo "PAPI_TOT_CYC does not count here (no hardware PMU): tests needing it are listed for host-nopmu"
fi
PAPI_EVENTS=perf::TASK-CLOCK,perf::PAGE-FAULTS PAPI_TEST_LIMIT=${PAPI_TEST_LIMIT:-60} \
	exec sh "$here/guest/papi-tests.sh" "$1" "$profile" "$here/guest/papi-tests.expected" \
	$(grep -v '^#' "$here/papi-host-tests.list" | grep -E "${PAPI_HOST_TESTS:-.}")
