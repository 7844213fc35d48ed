#!/bin/sh
# ctests/guest/papi-tests.sh, the runner of PAPI's own tests, on made-up tests:
# verdicts, the list of known failures (a listed test that passes, crashes or
# fails with output unlike its /PATTERN/ is an error; one that passes is not
# with "sometimes:"), the time limit, and "hangs:" tests that must not run.
. "$(dirname "$0")/lib.sh"
RUNNER=$TOP_SRCDIR/ctests/guest/papi-tests.sh

mkdir -p "$TMP/t/ctests"
mk() { printf '#!/bin/sh\n%s\n' "$2" >"$TMP/t/ctests/$1"; chmod +x "$TMP/t/ctests/$1"; }
mk pass 'echo PASSED'
mk skip 'echo SKIPPED'
mk fail 'echo "Error in thing"; exit 1'
mk assume 'echo "Error: dlopen"; exit 1'
mk crash 'kill -SEGV $$'
mk slow 'sleep 30; echo PASSED'
mk hang 'touch "$(dirname "$0")/../hang-ran"; sleep 30'
cat >"$TMP/expected" <<'EOF'
# profiles  test  /pattern/  reason
p  ctests/fail   /Error in thing/ emulator: fails here
p  ctests/crash  /Error in thing/ emulator: listed as failing, but crashes
p  ctests/pass   /Error/ sometimes: passes or not
q  ctests/pass   /Error/ emulator: listed, but passes
q  ctests/fail   /Error in other thing/ emulator: listed, but fails otherwise
r  ctests/fail   emulator: listed without a pattern
p,q  ctests/hang   hangs: emulator: takes the machine down
*  ctests/assume /Error: dlopen/ test assumption: every profile but a real board
EOF

# run PROFILE TEST...: exit status in $rc, output in $TMP/out
run() {
	profile=$1
	shift
	rc=0
	PAPI_TEST_LIMIT=2 sh "$RUNNER" "$TMP/t" "$profile" "$TMP/expected" "$@" >"$TMP/out" 2>&1 || rc=$?
}
verdict() { awk -v t="$1" '$1 == "@@papi" && $2 == t { print $3 }' "$TMP/out"; }

run p ctests/pass ctests/skip
[ $rc -eq 0 ] || fail "passed and skipped tests must exit 0, got $rc: $(cat "$TMP/out")"
[ "$(verdict ctests/pass)" = PASSED ] && [ "$(verdict ctests/skip)" = SKIPPED ] || fail "verdicts: $(cat "$TMP/out")"

run p ctests/fail ctests/hang ctests/pass
[ $rc -eq 77 ] || fail "only listed failures must exit 77, got $rc: $(cat "$TMP/out")"
[ "$(verdict ctests/fail)" = FAILED-known ] || fail "listed failure: $(cat "$TMP/out")"
[ "$(verdict ctests/hang)" = NOT-RUN-known ] || fail "a 'hangs:' test must be NOT-RUN-known: $(cat "$TMP/out")"
[ ! -e "$TMP/t/hang-ran" ] || fail "a 'hangs:' test was run"
grep -q '^SKIP: 2 PAPI tests fail (or are not run)' "$TMP/out" || fail "no SKIP count: $(cat "$TMP/out")"

# A listed failure that crashes, or fails with other output, is an error.
run p ctests/crash
[ $rc -eq 1 ] && [ "$(verdict ctests/crash)" = CRASHED-not-as-listed ] ||
	fail "a listed test that crashes: rc $rc, $(cat "$TMP/out")"
run q ctests/fail
[ $rc -eq 1 ] && [ "$(verdict ctests/fail)" = FAILED-not-as-listed ] ||
	fail "a listed test failing otherwise: rc $rc, $(cat "$TMP/out")"
grep -q 'listed as FAILED with output matching /Error in other thing/' "$TMP/out" ||
	fail "the listed pattern is not shown: $(cat "$TMP/out")"
run r ctests/fail
[ $rc -eq 1 ] || fail "a line without /PATTERN/ must fail the run, got $rc: $(cat "$TMP/out")"
grep -q 'without /PATTERN/' "$TMP/out" || fail "no word of the missing pattern: $(cat "$TMP/out")"

run q ctests/pass
[ $rc -eq 1 ] || fail "a listed test that passes must fail the run, got $rc"
[ "$(verdict ctests/pass)" = PASSED-but-listed-as-failing ] || fail "verdict: $(cat "$TMP/out")"

run other ctests/fail
[ $rc -eq 1 ] || fail "an unlisted failure must fail the run, got $rc"
grep -q '    | Error in thing' "$TMP/out" || fail "an unlisted failure's output is not shown: $(cat "$TMP/out")"

run other ctests/slow
[ $rc -eq 1 ] && [ "$(verdict ctests/slow)" = TIMEOUT ] || fail "a test over its time limit: rc $rc, $(cat "$TMP/out")"

# "*" lines hold for every profile but a real board ("board"), where such
# a failure is not listed.
run other ctests/assume
[ $rc -eq 77 ] && [ "$(verdict ctests/assume)" = FAILED-known ] ||
	fail "a '*' line must hold for any guest profile: rc $rc, $(cat "$TMP/out")"
run board ctests/assume
[ $rc -eq 1 ] && [ "$(verdict ctests/assume)" = FAILED ] ||
	fail "a '*' line must not hold for a real board: rc $rc, $(cat "$TMP/out")"

# A "hangs:" test of another profile runs there (and here times out).
run other ctests/hang
[ "$(verdict ctests/hang)" = TIMEOUT ] && [ -e "$TMP/t/hang-ran" ] || fail "'hangs:' applied to another profile: $(cat "$TMP/out")"

# Shares (PAPI_TESTS_SHARE=K/N): the shares of a list run disjoint parts that
# cover it; scripts/guest-result --papi-shares checks guests' runs so (each
# guest's papi-tests and console.log as scripts/guest-run writes them).
for i in 1 2 3 4 5; do mk "t$i" 'echo PASSED'; done
for k in 1 2 3; do
	mkdir -p "$TMP/g$k"
	rc=0
	PAPI_TESTS_SHARE=$k/3 sh "$RUNNER" "$TMP/t" p "$TMP/expected" ctests/t1 ctests/t2 ctests/t3 ctests/t4 ctests/t5 \
		>"$TMP/g$k/console.log" 2>&1 || rc=$?
	[ $rc -eq 0 ] || fail "share $k/3: rc $rc, $(cat "$TMP/g$k/console.log")"
	sed -n 's/^@@papi //p' "$TMP/g$k/console.log" >"$TMP/g$k/papi-tests"
done
grep -q "^5 of PAPI's tests, from $TMP/t; share 2 of 3 here: 2 of them\$" "$TMP/g2/console.log" ||
	fail "share 2/3 of 5 must say it runs 2: $(cat "$TMP/g2/console.log")"
[ "$(awk '{ printf "%s ", $1 }' "$TMP/g1/papi-tests" "$TMP/g2/papi-tests" "$TMP/g3/papi-tests")" = \
	"ctests/t1 ctests/t4 ctests/t2 ctests/t5 ctests/t3 " ] ||
	fail "shares 1, 2, 3 of 3 must run tests 1 and 4, 2 and 5, 3: $(cat "$TMP"/g?/papi-tests)"
for bad in 0/2 3/2 1/0 x 1/2/3 /2; do
	rc=0
	PAPI_TESTS_SHARE=$bad sh "$RUNNER" "$TMP/t" p "$TMP/expected" ctests/pass >"$TMP/out" 2>&1 || rc=$?
	[ $rc -eq 1 ] && grep -q "^FAIL: PAPI_TESTS_SHARE=$bad is not K/N" "$TMP/out" ||
		fail "PAPI_TESTS_SHARE=$bad: rc $rc, $(cat "$TMP/out")"
done
"$SCRIPTS/guest-result" --papi-shares "$TMP/g1" "$TMP/g2" "$TMP/g3" >"$TMP/out" 2>&1 ||
	fail "three shares covering the list: $(cat "$TMP/out")"
rc=0
"$SCRIPTS/guest-result" --papi-shares "$TMP/g1" "$TMP/g2" >"$TMP/out" 2>&1 || rc=$?
[ $rc -eq 1 ] && grep -q "^FAIL: 4 of PAPI's 5 tests have a verdict" "$TMP/out" ||
	fail "a share missing must fail: rc $rc, $(cat "$TMP/out")"
cp "$TMP/g1/papi-tests" "$TMP/g3/papi-tests"
rc=0
"$SCRIPTS/guest-result" --papi-shares "$TMP/g1" "$TMP/g2" "$TMP/g3" >"$TMP/out" 2>&1 || rc=$?
[ $rc -eq 1 ] && grep -q '^FAIL: run in more than one of these guests: ctests/t1 ctests/t4' "$TMP/out" ||
	fail "a test run twice must fail: rc $rc, $(cat "$TMP/out")"
echo "papi-tests.sh: verdicts, listed failures, time limit, 'hangs:' and shares as documented"
