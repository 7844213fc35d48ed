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
echo "papi-tests.sh: verdicts, listed failures, time limit and 'hangs:' as documented"
