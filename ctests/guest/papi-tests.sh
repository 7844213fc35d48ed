#!/bin/sh
# papi-tests.sh DIR PROFILE EXPECTED [TEST...]
#
# Runs PAPI's own tests from DIR (an installed share/papi, or PAPI's src/ tree)
# the way its run_tests.sh does (./TEST TESTS_QUIET, ctests/ on PATH), each
# with a time limit (PAPI_TEST_LIMIT seconds, default 120), and prints per test
#   @@papi TEST VERDICT SECONDSs [(listed reason)] PAPI's reason or last line
# with PAPI's own verdict: PASSED, SKIPPED, FAILED, CRASHED (a signal or an exit
# status other than 0/1) or TIMEOUT. Without TESTs, the list is run_tests.sh's:
# every executable of validation_tests, ctests, ftests and components/*/tests,
# less run_tests_exclude.txt. A failure is an error unless EXPECTED lists it for
# PROFILE ("PROFILES TEST /PATTERN/ REASON" lines, PROFILES comma-separated or
# "*": every profile but "board", a real board, whose machine is not the
# guests'), and then only the failure listed: FAILED (exit 0 or 1) with output
# matching PATTERN (grep -E, no "/" in it); a listed test that crashes, times
# out or fails otherwise is an error (FAILED-not-as-listed and so on).
# A listed test that passes is an error too, so the list stays true, unless
# its reason starts with "sometimes:" (a failure that depends on timing).
# A listed test whose reason starts with "hangs:" is not run on that profile
# (it takes the whole machine down, so no time limit can stop it): printed as
# NOT-RUN-known with the reason and counted with the listed failures.
# PAPI_TESTS_NOT_RUN=FILE: tests listed there ("TEST REASON" lines) are not
# run; each is printed as NOT-RUN with the reason, and counted apart.
# PAPI_TESTS_SHARE=K/N: only the list's tests K, K+N, K+2N, ... run (make
# check shares PAPI's tests among guests: scripts/guest-run); the line before
# the verdicts says how many of the list that is.
# PAPI_TESTS_SHOW=1: tests run without TESTS_QUIET and their whole output is
# printed (to look into one).
# Exit: 0 all passed or skipped; 77 only listed failures besides ("SKIP:" line
# with their count); 1 otherwise ("FAIL:" line).
[ $# -ge 3 ] || { echo "usage: papi-tests.sh DIR PROFILE EXPECTED [TEST...]" >&2; exit 2; }
dir=$1 profile=$2 expected=$3
shift 3
cd "$dir" || { echo "FAIL: no PAPI tests in $dir"; exit 1; }
out=${TMPDIR:-/tmp}/papi-test.$$
list=${TMPDIR:-/tmp}/papi-tests.$$
trap 'rm -f "$out" "$list"' EXIT

if [ $# -gt 0 ]; then
	printf '%s\n' "$@" >"$list"
else
	{
		for f in validation_tests/* ctests/*; do echo "$f"; done
		find ftests components/*/tests -type f 2>/dev/null | sort
	} | while read -r f; do
		[ -f "$f" ] && [ -x "$f" ] || continue
		case $f in *.c | *.h | *.F | *.cu | *.so) continue ;; esac
		grep -qxF "$f" run_tests_exclude.txt || echo "$f"
	done >"$list"
fi

# A listed failure's "/PATTERN/ REASON": the first line of EXPECTED whose
# profiles include this one and whose test is this.
listed() {
	awk -v p="$profile" -v t="$1" '!/^#/ && NF >= 3 && $2 == t {
		n = split($1, ps, ",")
		for (i = 1; i <= n; i++) if (ps[i] == p || (ps[i] == "*" && p != "board")) { $1 = $2 = ""; sub(/^ +/, ""); print; exit } }' \
		"$expected"
}

total=$(wc -l <"$list")
share=${PAPI_TESTS_SHARE:-}
if [ -n "$share" ]; then
	k=${share%/*} m=${share#*/}
	case $share in
	*/*/* | *[!0-9/]* | /* | */ | 0* | */0*) echo "FAIL: PAPI_TESTS_SHARE=$share is not K/N (1 <= K <= N)"; exit 1 ;;
	esac
	[ "$k" -le "$m" ] || { echo "FAIL: PAPI_TESTS_SHARE=$share is not K/N (1 <= K <= N)"; exit 1; }
	awk -v k="$k" -v m="$m" 'NR % m == k % m' "$list" >"$list.share" && mv "$list.share" "$list"
	echo "$total of PAPI's tests, from $dir; share $k of $m here: $(wc -l <"$list") of them"
else
	echo "$total of PAPI's tests, from $dir"
fi
p=0 f=0 s=0 x=0 hard=0 n=0 nr=0
while read -r t; do
	if [ -n "${PAPI_TESTS_NOT_RUN:-}" ]; then
		why=$(awk -v t="$t" '!/^#/ && $1 == t { $1 = ""; sub(/^ +/, ""); print; exit }' "$PAPI_TESTS_NOT_RUN")
		if [ -n "$why" ]; then
			echo "@@papi $t NOT-RUN 0s ($why)"
			nr=$((nr + 1))
			continue
		fi
	fi
	known=$(listed "$t") pattern=
	case $known in
	/*/\ *)
		pattern=${known#/} pattern=${pattern%%/ *} known=${known#/*/ } ;;
	hangs:*) ;;
	?*)
		echo "@@papi $t FAILED 0s listed in $(basename "$expected") without /PATTERN/: $known"
		f=$((f + 1)) hard=1
		continue ;;
	esac
	case $known in hangs:*)
		echo "@@papi $t NOT-RUN-known 0s ($known)"
		x=$((x + 1))
		continue
		;;
	esac
	n=$((n + 1))
	[ -x "$t" ] || { echo "@@papi $t FAILED 0s not built"; f=$((f + 1)) hard=1; continue; }
	t0=$(date +%s)
	quiet=TESTS_QUIET
	[ "${PAPI_TESTS_SHOW:-}" != 1 ] || quiet=
	PATH=./ctests:$PATH timeout "${PAPI_TEST_LIMIT:-120}" "./$t" $quiet </dev/null >"$out" 2>&1
	rc=$?
	[ "${PAPI_TESTS_SHOW:-}" != 1 ] || sed "s|^|    $t: |" "$out"
	secs=$(($(date +%s) - t0))
	rm -rf papi_hl_output*
	if [ $rc -eq 0 ] && grep -q 'PASSED' "$out"; then
		v=PASSED p=$((p + 1))
		case $known in
		'' | sometimes:*) ;;
		*) v="PASSED-but-listed-as-failing" hard=1 ;;
		esac
	elif [ $rc -eq 0 ] && grep -q 'SKIPPED' "$out"; then
		v=SKIPPED s=$((s + 1))
	else
		case $rc in 124 | 143) v=TIMEOUT ;; 0 | 1) v=FAILED ;; *) v=CRASHED ;; esac
		if [ -n "$known" ] && [ "$v" = FAILED ] && grep -Eq -- "$pattern" "$out"; then
			v="$v-known" x=$((x + 1))
		else
			f=$((f + 1)) hard=1
			tail -n 20 "$out" | sed 's/^/    | /'
			[ -z "$known" ] || { v="$v-not-as-listed"
				echo "    listed as FAILED with output matching /$pattern/"; }
		fi
	fi
	# PAPI's reason (its "Error ..." line), else its last line
	note=$(grep -E 'Error|error|FAIL|SKIP' "$out" | grep -v '^ *FAILED!*$' | head -n 1 | tr -s '\t ' ' ' | cut -c1-100)
	[ -n "$note" ] || note=$(grep -v '^[[:space:]]*$' "$out" | tail -n 1 | tr -s '\t ' ' ' | cut -c1-100)
	echo "@@papi $t $v ${secs}s ${known:+($known) }$note"
done <"$list"
echo "PAPI's tests: $n run, $p passed, $f failed, $x failed or not run for a listed reason, $s skipped (PAPI's own verdicts)${PAPI_TESTS_NOT_RUN:+; $nr not run ($(basename "$PAPI_TESTS_NOT_RUN"))}"
[ $hard -eq 0 ] || { echo "FAIL: PAPI tests failed (or one listed in $(basename "$expected") passed: update the list)"; exit 1; }
[ $x -eq 0 ] || { echo "SKIP: $x PAPI tests fail (or are not run) for the reasons listed in $(basename "$expected")"; exit 77; }
exit 0
