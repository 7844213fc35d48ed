#!/bin/sh
# make check-board's runner (scripts/check-board) without a board: on this
# host it refuses, saying why; with uname made to say aarch64 and a stub
# suite standing in for ctests/guest/suite.sh, it passes the host build's
# paths and the profile "board" to the suite, and writes results, papi-tests,
# info, table.md and the tarball, failing when a test failed.
. "$(dirname "$0")/lib.sh"

case $(uname -m) in
aarch64 | riscv64) ;;
*)
	rc=0
	"$SCRIPTS/check-board" "$TMP/usr" "$TMP/libexec" "$TMP/suite" "$TMP/out" >"$TMP/log" 2>&1 || rc=$?
	[ $rc -eq 1 ] || fail "check-board on $(uname -m) must fail (exit 1), got $rc"
	grep -q 'for an aarch64 or riscv64 machine' "$TMP/log" || fail "no explanation: $(cat "$TMP/log")"
	;;
esac

# The stub machine: uname says aarch64; the stub suite prints what it was given.
mkdir -p "$TMP/bin" "$TMP/usr/bin" "$TMP/usr/lib" "$TMP/libexec/guest" "$TMP/suite"
cat >"$TMP/bin/uname" <<'EOF'
#!/bin/sh
case $1 in -m) echo aarch64 ;; *) /bin/uname "$@" ;; esac
EOF
chmod +x "$TMP/bin/uname"
cat >"$TMP/suite/suite.sh" <<'EOF'
echo "@@info kernel 6.1"
echo "@@info board arch=aarch64 pmu=arm_ac72 kernel-pmu=armv8_cortex_a72 type=8"
echo "given: profile=$1 dir=$SUITE_DIR usr=$SUITE_USR libexec=$SUITE_LIBEXEC ld=$LD_LIBRARY_PATH"
echo "@@begin detect"
echo "@@result detect PASS"
echo "@@begin user-read"
echo "@@result user-read SKIP needs root: sets kernel.perf_user_access"
echo "@@begin papi-tests"
echo "@@papi ctests/zero PASSED 1s zero.c PASSED"
echo "@@papi validation_tests/papi_br_ins FAILED 2s Error too high"
echo "@@result papi-tests ${STUB_VERDICT:-PASS}"
EOF
run() { PATH="$TMP/bin:$PATH" "$SCRIPTS/check-board" "$TMP/usr" "$TMP/libexec" "$TMP/suite" "$TMP/res" >"$TMP/log" 2>&1; }

rc=0; run || rc=$?
[ $rc -eq 0 ] || { cat "$TMP/log"; fail "no test failed: check-board must exit 0, got $rc"; }
grep -q "^given: profile=board dir=$TMP/suite usr=$TMP/usr libexec=$TMP/libexec ld=$TMP/usr/lib:" "$TMP/log" ||
	fail "the suite was not run with profile board and the given paths: $(grep '^given' "$TMP/log")"
[ "$(cat "$TMP/res/results")" = "detect PASS
user-read SKIP needs root: sets kernel.perf_user_access
papi-tests PASS" ] || fail "results: $(cat "$TMP/res/results")"
[ "$(wc -l <"$TMP/res/papi-tests")" -eq 2 ] || fail "papi-tests: $(cat "$TMP/res/papi-tests")"
grep -q '^profile board$' "$TMP/res/info" && grep -q '^seconds [0-9]' "$TMP/res/info" || fail "info: $(cat "$TMP/res/info")"
grep -q '| user-read | SKIP | needs root: sets kernel.perf_user_access |' "$TMP/res/table.md" ||
	fail "table.md has no row for user-read: $(cat "$TMP/res/table.md")"
grep -q 'kernel-pmu=armv8_cortex_a72 type=8' "$TMP/res/table.md" || fail "table.md does not show what the board profile derived"
grep -q '| `validation_tests/papi_br_ins` | FAILED |' "$TMP/res/table.md" || fail "table.md does not list PAPI's failed test"
grep -q '| `ctests/zero`' "$TMP/res/table.md" && fail "table.md lists a PAPI test that passed"
tar -tzf "$TMP/res.tar.gz" | grep -q '^res/table.md$' || fail "no tarball with table.md to send back"
grep -q "please send back $TMP/res.tar.gz" "$TMP/log" || fail "the log does not say what to send back"
if [ "$(id -u)" != 0 ]; then
	grep -q 'not root: the tests that need root skipped' "$TMP/log" || fail "no word on running as root"
fi

rc=0; STUB_VERDICT="FAIL PAPI tests failed" run || rc=$?
[ $rc -eq 1 ] || fail "a failed test: check-board must exit 1, got $rc"
grep -q '1 passed, 1 failed, 1 skipped' "$TMP/log" || fail "no summary: $(tail -n 5 "$TMP/log")"
echo "check-board: refuses a host that is no board; runs the suite with profile board and the host build's paths, writes the results to send back"
