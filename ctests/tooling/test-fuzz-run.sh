#!/bin/sh
# scripts/fuzz-run (make fuzz, the fuzz-corpus-* tests) on stand-in targets
# that print what libFuzzer prints: executions and coverage read from the
# output, a finding file reported with its sanitizer summary and a non-zero
# exit, a target that does not run is a failure, and in corpus mode the
# failing input named, and libFuzzer's exit code 77 a failure, never a skip;
# known findings that still fail, and those that pass now.
. "$(dirname "$0")/lib.sh"

bin=$TMP/bin corpus=$TMP/fuzz/corpus work=$TMP/work
mkdir -p "$bin" "$corpus/good" "$corpus/bad" "$corpus/dead"
for t in good bad dead; do
	printf 'seed' >"$corpus/$t/seed-1"
	printf 'seed' >"$corpus/$t/seed-2"
done

# good: runs, finds nothing. Its arguments are checked: the committed corpus
# is read, new inputs go to the work directory.
cat >"$bin/good" <<'STUB'
#!/bin/sh
for a; do case $a in -error_exitcode=1) ok=1 ;; esac; done
[ "${ok:-}" = 1 ] || { echo "no -error_exitcode=1" >&2; exit 3; }
case $* in *-max_total_time=*) ;; *) for f in "$@"; do case $f in -*) ;; *) echo "Running: $f" >&2 ;; esac; done; exit 0 ;; esac
echo "#2 INITED cov: 5 ft: 7 corp: 2/8b" >&2
echo "#4321 DONE cov: 11 ft: 22 corp: 3/12b" >&2
echo "stat::number_of_executed_units: 4321" >&2
exit 0
STUB
# bad: a heap overflow, on the second corpus input or after some fuzzing.
cat >"$bin/bad" <<'STUB'
#!/bin/sh
prefix=
for a; do case $a in -artifact_prefix=*) prefix=${a#-artifact_prefix=} ;; esac; done
case $* in
*-max_total_time=*)
	echo "#100 NEW cov: 9 ft: 9 corp: 3/12b" >&2
	echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1" >&2
	echo "SUMMARY: AddressSanitizer: heap-buffer-overflow pfmlib_common.c:1450 in f" >&2
	printf 'x' >"${prefix}crash-abc"
	echo "stat::number_of_executed_units: 100" >&2 ;;
*)
	for f in "$@"; do case $f in -*) ;; *) echo "Running: $f" >&2; last=$f ;; esac
		[ "${last:-}" != "${f%-1}-2" ] || break; done
	echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1" >&2
	echo "    #0 0x1 in f pfmlib_common.c:1450:3" >&2
	echo "SUMMARY: AddressSanitizer: heap-buffer-overflow pfmlib_common.c:1450 in f" >&2 ;;
esac
exit 77
STUB
# dead: stops before fuzzing (a target that cannot run as meant).
cat >"$bin/dead" <<'STUB'
#!/bin/sh
echo "fuzz target: PMU arm_n1 is not active" >&2
exit 2
STUB
chmod +x "$bin"/*

run() { "$SCRIPTS/fuzz-run" "$@" >"$TMP/out" 2>&1; }

run fuzz 1 "$bin" "$corpus" "$work" good || { cat "$TMP/out"; fail "fuzz: a target without findings failed"; }
grep -Eq '^good: 4321 executions in [0-9]+ s, cov: 11 ft: 22, 0 finding\(s\)' "$TMP/out" ||
	{ cat "$TMP/out"; fail "fuzz: executions or coverage not reported"; }

if run fuzz 1 "$bin" "$corpus" "$work" good bad; then
	cat "$TMP/out"; fail "fuzz: a finding did not fail the run"
fi
grep -q "^  finding: $work/findings/bad/crash-abc: SUMMARY: AddressSanitizer: heap-buffer-overflow" "$TMP/out" ||
	{ cat "$TMP/out"; fail "fuzz: the finding's file and summary not reported"; }

if run fuzz 1 "$bin" "$corpus" "$work" dead; then
	cat "$TMP/out"; fail "fuzz: a target that did not run passed"
fi
grep -q 'FAILED: the target did not run (exit 2): fuzz target: PMU arm_n1 is not active' "$TMP/out" ||
	{ cat "$TMP/out"; fail "fuzz: a target that did not run not reported"; }

run corpus 0 "$bin" "$corpus" "$work" good || { cat "$TMP/out"; fail "corpus: a clean corpus failed"; }
grep -q '^good: 2 inputs of fuzz/corpus/good, no finding' "$TMP/out" || { cat "$TMP/out"; fail "corpus: no count"; }

# exit 77 (libFuzzer's default error code) must not pass for a skip
rc=0
run corpus 0 "$bin" "$corpus" "$work" bad || rc=$?
[ $rc -ne 0 ] && [ $rc -ne 77 ] || { cat "$TMP/out"; fail "corpus: a failing input gave exit $rc"; }
grep -q "^bad: FAILED on $corpus/bad/seed-2" "$TMP/out" || { cat "$TMP/out"; fail "corpus: the failing input not named"; }
tail -n 1 "$TMP/out" | grep -q '^SUMMARY: AddressSanitizer: heap-buffer-overflow' ||
	{ cat "$TMP/out"; fail "corpus: the summary is not the last line"; }
# known mode: a known input that still fails is reported so; one that passes
# now (fixed) asks to be moved into the corpus, and fails the run
mkdir -p "$TMP/known"
printf 'x' >"$TMP/known/K1-found-bad"
run known 0 "$bin" "$TMP/known" "$work" || { cat "$TMP/out"; fail "known: a still failing input failed the run"; }
grep -q '^K1-found-bad: still fails: SUMMARY: AddressSanitizer: heap-buffer-overflow' "$TMP/out" ||
	{ cat "$TMP/out"; fail "known: still failing input not reported"; }
printf 'x' >"$TMP/known/K2-good"
if run known 0 "$bin" "$TMP/known" "$work"; then
	cat "$TMP/out"; fail "known: a fixed input did not fail the run"
fi
grep -q '^K2-good: passes now: fixed? move it into fuzz/corpus/good/' "$TMP/out" ||
	{ cat "$TMP/out"; fail "known: fixed input not reported"; }
# no known findings left (fuzz/known/ empty or absent, as git keeps it): says so
run known 0 "$bin" "$TMP/no-known" "$work" || { cat "$TMP/out"; fail "known: no known findings failed the run"; }
grep -q '^no known findings in' "$TMP/out" || { cat "$TMP/out"; fail "known: no known findings not said"; }
echo "fuzz-run: reports, findings and failures as expected"
