#!/bin/sh
# make demo shows every part it can, and when parts fail it ends with one line
# "demo: FAILED: PART: REASON" for each and exits non-zero (scripts/demo, run
# here on a build directory of stand-in programs: a table build that lacks a PMU,
# an event that does not encode, a guest that cannot boot).
. "$(dirname "$0")/lib.sh"

B=$TMP/build
# tool PATH BODY: a stand-in program.
tool() {
	mkdir -p "$(dirname "$1")"
	printf '#!/bin/sh\n%s\n' "$2" >"$1"
	chmod +x "$1"
}
mkdir -p "$B/stage/host/usr/lib"
: >"$B/stage/host/usr/lib/libpapi.so"
tool "$B/stage/host/usr/bin/papi_avail" 'exit 0'
tool "$B/stage/host/usr/bin/papi_component_avail" 'printf "Compiled-in components:\nName:   perf_event\n"'
# pmus_table ARCH "PMU..." CHECK-EVENTS-BODY
pmus_table() {
	lines=
	for p in $2; do lines="$lines	[19, $p, $p, 10 events, 1 max encoding, 2 counters, core PMU]\\n"; done
	tool "$B/table_$1/libpfm4/examples/showevtinfo" \
		"printf 'Supported PMU models:\\n$lines''Detected PMU models:\\n$lines''Total events: 10\\n'"
	tool "$B/table_$1/libpfm4/examples/check_events" "$3"
}

echo "== every part works"
pmus_table aarch64 "arm_ac72 arm_n1" 'echo "Codes          : 0x11"'
pmus_table riscv64 "sifive_u74 riscv" 'echo "Codes          : 0x80200"'
BUILD_DIR=$B HOST_ARCH=x86_64 GUEST_PROFILES= CACHE_DIR=$TMP/cache \
	"$SCRIPTS/demo" >"$TMP/out" 2>&1 || fail "demo failed with every part working: $(cat "$TMP/out")"
grep -q 'FAILED' "$TMP/out" && fail "a FAILED line with every part working: $(cat "$TMP/out")"
grep -q 'Codes          : 0x80200' "$TMP/out" || fail "the riscv64 table build's encoding was not shown"

echo "== a PMU missing, an encoding failing, a guest that cannot boot"
pmus_table aarch64 "arm_ac72" 'echo "Codes          : 0x11"'
pmus_table riscv64 "sifive_u74 riscv" 'case $1 in riscv::*) echo "cannot encode event $1: event not found"; exit 1 ;; esac; echo "Codes          : 0x80200"'
rc=0
BUILD_DIR=$B HOST_ARCH=x86_64 GUEST_PROFILES=a72 CACHE_DIR=$TMP/cache \
	"$SCRIPTS/demo" >"$TMP/out" 2>&1 || rc=$?
cat "$TMP/out"
[ $rc -ne 0 ] || fail "demo exited 0 with failed parts"
tail -n 3 "$TMP/out" >"$TMP/last"
sed -n 1p "$TMP/last" | grep -qx "demo: FAILED: libpfm4 table build aarch64: arm_n1: arm_n1 is not in this libpfm4 build" ||
	fail "the missing PMU is not named on the summary lines"
sed -n 2p "$TMP/last" | grep -qx "demo: FAILED: libpfm4 table build riscv64: riscv: check_events riscv::FW_ILLEGAL_INSN failed: cannot encode event riscv::FW_ILLEGAL_INSN: event not found" ||
	fail "the failed encoding is not named on the summary lines"
sed -n 3p "$TMP/last" | grep -q "^demo: FAILED: emulated guest 'a72': guest-run: error: .*no aarch64 cross build.* (log: $B/guests/demo-a72.log)$" ||
	fail "the guest that did not boot is not named on the summary lines"
# What came after each failure was still shown.
grep -q 'Codes          : 0x80200' "$TMP/out" || fail "sifive_u74 was not shown after arm_n1 failed"
grep -q 'Name:   perf_event' "$TMP/out" || fail "papi_component_avail was not shown"
grep -q '^==> where things are' "$TMP/out" || fail "the end of the demo was not shown"
echo "ok"
