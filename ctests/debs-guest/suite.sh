#!/bin/sh
# suite.sh PROFILE: the Debian packages' smoke tests, run in an emulated guest
# (a72, u74) booted from the packaged layout (ctests/tooling/debs-guest.sh,
# scripts/guest-initramfs with GUEST_RUNTIME): libpfm4, libpapi7.2,
# papi-tools, libpfm4-dev and libpapi-dev unpacked at their /usr paths, the C
# runtime of the Debian release they were built for, nothing of the project's
# own build. Prints, as ctests/guest/suite.sh does,
#   @@begin NAME / its output / @@result NAME PASS|FAIL|SKIP [reason]
# /guest/expect (written on the host) says: triplet, pmu (libpfm4's core
# PMU), presets (how many its section of presets/ defines, all available in
# these guests), loader (the C library's dynamic loader), zero (PASSED, or
# SKIPPED where PAPI's ctests/zero has no instruction loop for the
# architecture); /guest/md5sums the packages' md5sums of the files that run.
# /guest holds the programs built on the host against the packages:
# debs_maps, guest_papi (ctests/guest), zero.
profile=$1
. /guest/expect
LIB=/usr/lib/$triplet
N1=1000000 N2=3000000
# the count's bounds as in ctests/guest/suite.sh: with several vCPUs under
# -icount QEMU's instruction counter includes the other vCPUs' (1% a vCPU);
# QEMU's RISC-V instret counts the kernel's instructions too (2%)
ncpus=$(grep -c '^processor' /proc/cpuinfo)
case $profile in
a72) slack=$((ncpus - 1)) ;;
u74) slack=2 ;;
*) echo "debs-guest suite: unknown profile '$profile' (a72, u74)"; exit 2 ;;
esac

fail() { echo "FAIL: $*"; exit 1; }

# Only the packaged libraries, where Debian puts them: no libpapi or libpfm
# anywhere else (no stage of the project's build); they, the programs and the
# presets' table are the packages' files (their md5sums); a program linked
# with the packaged libpapi-dev maps $LIB/libpapi.so.7.2* and
# $LIB/libpfm.so.4*; /usr/bin/papi_avail loads them.
t_layout() {
	find / -xdev \( -name 'libpapi.so*' -o -name 'libpfm.so*' \) | sort >/tmp/libs
	sed 's/^/  /' /tmp/libs
	grep -q "^$LIB/libpapi\.so\.7\.2" /tmp/libs || fail "no $LIB/libpapi.so.7.2*"
	grep -q "^$LIB/libpfm\.so\.4" /tmp/libs || fail "no $LIB/libpfm.so.4*"
	! grep -v "^$LIB/" /tmp/libs || fail "libpapi or libpfm outside $LIB (above)"
	! ls -d /opt/papi-riscv-arm /usr/libexec/papi-riscv-arm 2>/dev/null || fail "the project's own build is in the guest"
	# the libraries, programs and presets are the packages' files
	(cd / && md5sum -c /guest/md5sums) >/tmp/md5 2>&1 || { grep -v ': OK$' /tmp/md5; fail "files differ from the packages' (md5sums)"; }
	echo "$(grep -c ': OK$' /tmp/md5) files as packaged (md5sums): $(sed -n 's|^usr/lib/[^/]*/\(lib[a-z]*\.so\.[0-9.]*\): OK$|\1|p' /tmp/md5 | tr '\n' ' ')"
	/guest/debs_maps >/tmp/maps 2>&1 || { cat /tmp/maps; fail "debs_maps (PAPI_library_init) failed"; }
	cat /tmp/maps
	grep -qx 'version 7\.2\.0\.0' /tmp/maps || fail "the library is not PAPI 7.2.0.0"
	grep -q "^map $LIB/libpapi\.so\.7\.2" /tmp/maps || fail "the process did not map $LIB/libpapi.so.7.2*"
	grep -q "^map $LIB/libpfm\.so\.4" /tmp/maps || fail "the process did not map $LIB/libpfm.so.4*"
	grep -q "^map $LIB/libc\.so\.6" /tmp/maps || fail "the process did not map $LIB/libc.so.6"
	! grep -E '^map .*/lib(papi|pfm)\.' /tmp/maps | grep -v "^map $LIB/" ||
		fail "a libpapi or libpfm mapped from elsewhere (above)"
	echo "debs_maps maps the packaged $LIB/libpapi.so.7.2 and libpfm.so.4"
	/lib/$loader --list /usr/bin/papi_avail >/tmp/ldd 2>&1 || { cat /tmp/ldd; fail "/usr/bin/papi_avail: its libraries are not found"; }
	cat /tmp/ldd
	# /lib is usr/lib (merged /usr) and comes first in the loader's search path
	for l in libpapi.so.7.2 libpfm.so.4; do
		grep -q "$l => \(/usr\)\{0,1\}/lib/$triplet/$l " /tmp/ldd || fail "/usr/bin/papi_avail does not load $LIB/$l"
	done
	echo "/usr/bin/papi_avail loads $LIB/libpapi.so.7.2 and libpfm.so.4"
}

# papi_avail from /usr/bin: PAPI 7.2.0, the CPU's presets (its section of
# presets/, every one available here), PAPI_TOT_INS and PAPI_TOT_CYC among them.
t_papi_avail() {
	/usr/bin/papi_avail >/tmp/avail 2>&1 || { cat /tmp/avail; fail "/usr/bin/papi_avail failed"; }
	sed -n '1,/^Fast counter/p' /tmp/avail
	grep -q '^PAPI version *: *7\.2\.0' /tmp/avail || fail "papi_avail does not say PAPI 7.2.0"
	/usr/bin/papi_avail -a >/tmp/avail-a 2>&1 || { cat /tmp/avail-a; fail "/usr/bin/papi_avail -a failed"; }
	n=$(grep -c '^PAPI_' /tmp/avail-a)
	echo "presets available: $n (the $pmu section: $presets)"
	for p in PAPI_TOT_INS PAPI_TOT_CYC; do
		grep "^$p " /tmp/avail-a || fail "$p is not available"
	done
	[ "$n" -eq "$presets" ] || { grep '^PAPI_' /tmp/avail-a; fail "$n presets available, not the $presets of the $pmu section"; }
}

# papi_component_avail from /usr/bin: perf_event active, with the CPU's PMU
# and its presets; the packages' other components compiled in.
t_component_avail() {
	/usr/bin/papi_component_avail >/tmp/comp 2>&1 || { cat /tmp/comp; fail "/usr/bin/papi_component_avail failed"; }
	sed -n '/^Compiled-in components:/,$p' /tmp/comp
	for c in perf_event perf_event_uncore sysdetect sde; do
		sed -n '/^Compiled-in components:/,/^Active components:/p' /tmp/comp | grep -q "^Name: *$c " ||
			fail "$c is not compiled in"
	done
	sed -n '/^Active components:/,$p' /tmp/comp >/tmp/active
	grep -q '^Name: *perf_event ' /tmp/active || fail "perf_event is not active (disabled?)"
	sed -n '/^Name: *perf_event /,/^$/p' /tmp/active >/tmp/pe
	grep -q "Preset: $presets," /tmp/pe || fail "perf_event does not have the $presets presets of $pmu"
	grep -q "PMUs supported:.*[ ,]$pmu\(,\|$\)" /tmp/pe || fail "perf_event does not support $pmu"
	echo "perf_event active: $pmu, $presets presets"
}

# The counted loop (ctests/guest/guest_loop.h) with PAPI_TOT_INS: 2N + C, or
# in [2N, 2N * (1 + slack%)] (guest_papi count).
t_count() {
	/guest/guest_papi count PAPI_TOT_INS $N1 $N2 $slack
	rc=$?
	[ $rc -ne 77 ] || fail "PAPI_TOT_INS does not exist"
	[ $rc -eq 0 ] || fail "PAPI_TOT_INS count out of bounds"
}

# PAPI's ctests/zero from the PAPI release's sources: PAPI_TOT_CYC and
# PAPI_TOT_INS around 100 M instructions.
t_zero() {
	(cd /tmp && /guest/zero) >/tmp/zero 2>&1
	rc=$?
	cat /tmp/zero
	[ $rc -eq 0 ] || fail "ctests/zero exited $rc"
	verdict=$(grep -E '^(PASSED|FAILED|SKIPPED)' /tmp/zero | tail -n 1)
	[ "$zero" != PASSED ] || [ "$verdict" = PASSED ] || fail "ctests/zero: ${verdict:-no verdict}, not PASSED"
	if [ "$zero" = SKIPPED ]; then
		# its verdict where PAPI's instructions_testcode.c has no loop: the
		# presets added, then "Instructions testcode not available"
		grep -q '^Instructions testcode not available' /tmp/zero && [ "$verdict" = SKIPPED ] ||
			fail "ctests/zero: ${verdict:-no verdict}, not the expected SKIPPED for want of a $triplet loop"
		echo "SKIP: PAPI 7.2.0's ctests/zero has no instruction loop for $triplet (validation_tests/instructions_testcode.c): PAPI_TOT_CYC and PAPI_TOT_INS added, nothing counted"
		exit 77
	fi
}

if [ $# -ge 2 ]; then
	"t_$(echo "$2" | tr - _)"
	exit 0
fi
echo "@@info kernel $(uname -r)"
. /guest/run-test.sh
for t in layout papi-avail component-avail count zero; do
	run_test /guest/suite.sh "$profile" "$t" 300
done
