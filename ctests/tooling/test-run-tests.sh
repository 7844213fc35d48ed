#!/bin/sh
# scripts/run-tests, the runner of make check, on made-up tests: PASS, FAIL,
# SKIP (exit 77, its reason), and a cmocka program that exits 0 having
# skipped cases reported as a SKIP naming them, never as a PASS; each verdict
# with the test's wall-clock and processor time.
. "$(dirname "$0")/lib.sh"

# cmocka's output for 3 cases, SKIPPED of them skipped (names c2, c3)
cmocka() {
	echo "[==========] Running 3 test(s)."
	echo "[ RUN      ] c1"
	echo "[       OK ] c1"
	echo "[==========] 3 test(s) run."
	echo "[  PASSED  ] $((3 - $1)) test(s)."
	if [ "$1" -gt 0 ]; then
		echo "[  SKIPPED ] $1 test(s), listed below:"
		[ "$1" -lt 2 ] || echo "[  SKIPPED ] c2"
		echo "[  SKIPPED ] c3"
		echo
		echo " $1 SKIPPED TEST(S)"
	fi
}
cmocka 0 >"$TMP/all-ok"
cmocka 1 >"$TMP/one-skipped"
cmocka 2 >"$TMP/two-skipped"

rc=0
sh "$SCRIPTS/run-tests" "$TMP/logs" \
	pass 'true' \
	slow 'sleep 2' \
	busy 'i=0; while [ $i -lt 3000000 ]; do i=$((i + 1)); done' \
	fail 'echo broken; exit 1' \
	skip 'echo "SKIP: no such thing here"; exit 77' \
	cmocka-ok "cat $TMP/all-ok" \
	cmocka-one "cat $TMP/one-skipped" \
	cmocka-two "cat $TMP/two-skipped" \
	cmocka-fail "cat $TMP/two-skipped; exit 1" >"$TMP/out" 2>&1 || rc=$?
cat "$TMP/out"
[ $rc -ne 0 ] || fail "a failed test must make run-tests fail"
grep -qx 'PASS: pass ([01] s, 0 s CPU)' "$TMP/out" || fail "a passing command is not PASS"
grep -q '^FAIL: fail ' "$TMP/out" || fail "a failing command is not FAIL"
grep -Eqx 'PASS: slow \((2|3) s, 0 s CPU\)' "$TMP/out" || fail "a test of 2 s asleep is not shown with its times"
# the busy loop's CPU time in the wall-clock time it took (both at least 1 s)
sed -n 's/^PASS: busy (\([0-9]*\) s, \([0-9]*\) s CPU)$/\1 \2/p' "$TMP/out" | awk '$2 >= 1 && $2 <= $1 + 1 { ok = 1 } END { exit !ok }' ||
	fail "a busy test is not shown with its processor time"
grep -qx 'SKIP: skip (no such thing here) ([0-9]* s, [0-9]* s CPU)' "$TMP/out" || fail "exit 77 is not SKIP with its reason"
grep -qx 'PASS: cmocka-ok ([0-9]* s, [0-9]* s CPU)' "$TMP/out" || fail "a cmocka program without skipped cases is not PASS"
grep -qx 'SKIP: cmocka-one (cmocka cases skipped (1 of 3): c3) ([0-9]* s, [0-9]* s CPU)' "$TMP/out" ||
	fail "a cmocka program with a skipped case is not a SKIP naming it"
grep -qx 'SKIP: cmocka-two (cmocka cases skipped (2 of 3): c2 c3) ([0-9]* s, [0-9]* s CPU)' "$TMP/out" ||
	fail "a cmocka program with skipped cases is not a SKIP naming them"
grep -q '^FAIL: cmocka-fail ' "$TMP/out" || fail "a failing cmocka program with skipped cases is not FAIL"
grep -qx '4 passed, 2 failed, 3 skipped' "$TMP/out" || fail "wrong summary line"
echo "run-tests: PASS, FAIL, SKIP and cmocka's skipped cases as documented"
