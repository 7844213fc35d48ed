# The benchmark harness fails with a clear message (never zeros) when an event
# is unknown or the counters cannot be opened, and rejects bad input.
. "$(dirname "$0")/bench-env.sh"
# expect STATUS PATTERN COMMAND...: exit status and a message on stderr
expect() {
	st=$1 pat=$2
	shift 2
	set +e
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	set -e
	echo "got $got: $(tail -n 1 "$TMP/err")"
	[ "$got" -eq "$st" ] || fail "'$*' exited $got, expected $st"
	grep -Eq -- "$pat" "$TMP/err" || fail "'$*': no message matching /$pat/"
	! grep -Eq ',0,' "$TMP/out" || fail "'$*' printed zeros"
}
expect 3 'foo::BAR: event not found' "$BIN/bench_encode" foo::BAR
expect 2 'unknown event' sh "$TOP_SRCDIR/benchmarks/run-bench" -T -A 0 -c 1 -W 1 -n 2 -e foo::BAR "$TMP/o1"
expect 1 'bad encoding' "$BIN/ovh_perf" 'x=1:2'
expect 1 'no encoding' "$BIN/ovh_perf" perf::TASK-CLOCK
expect 1 'usage' "$BIN/ovh_papi" -d nowhere perf::TASK-CLOCK
# A type the kernel does not have: both sides must refuse, with a reason.
expect 2 'cannot open bogus' "$BIN/ovh_perf" 'bogus=4242:0:0:0:0:1:0'
expect 2 'cannot add event perf::NOT-AN-EVENT' "$BIN/ovh_papi" perf::NOT-AN-EVENT
# Where there is no hardware PMU (this VM), cycles cannot be counted: the
# harness says so instead of reporting numbers.
if ! "$BIN/ovh_perf" 'probe=0:0:0:0:0:1:1' >/dev/null 2>&1; then
	expect 2 'no counter for it|cannot' sh "$TOP_SRCDIR/benchmarks/run-bench" -T -A 0 -c 1 -W 1 -n 2 -e perf::CYCLES "$TMP/o2"
	[ ! -s "$TMP/o2/samples.csv" ] || fail "samples written although cycles cannot be counted"
	# the whole-program mode: papi_metrics cannot attach here, and says why
	PAPI_METRICS=$BUILD_DIR/host/papi/src/utils/papi_metrics PAPI_METRICS_DIR=$TOP_SRCDIR/metrics \
		expect 2 'papi_metrics: .*a virtual machine without a PMU' \
		sh "$TOP_SRCDIR/benchmarks/run-bench" -m whole -T -c 1 "$TMP/o4"
	[ ! -s "$TMP/o4/whole-samples.csv" ] || fail "whole-program samples written although nothing can be counted"
fi
# The harness's report tool rejects malformed samples, naming the line.
printf 'side,mode,run,iter,phase,ns,instructions\npapi,cold,1\n' >"$TMP/bad.csv"
expect 1 'bad.csv:2: expected' "$BIN/bench_report" overhead "$TMP/bad.csv" "$TMP/r"
# -R on a folder without results says so.
expect 2 'holds no run-bench results' sh "$TOP_SRCDIR/benchmarks/run-bench" -R "$TMP"
# An accuracy event that resolves but never counts in the window (page faults:
# the arrays are touched before it) is skipped with its reason, in the report
# too; the others still run.
printf 'domain user\noverhead perf::TASK-CLOCK\naccuracy perf::PAGE-FAULTS\naccuracy perf::TASK-CLOCK\n' >"$TMP/ev.conf"
sh "$TOP_SRCDIR/benchmarks/run-bench" -T -I none -c 1 -W 1 -n 2 -A 1 -f 0.1 -E "$TMP/ev.conf" "$TMP/o3" >/dev/null 2>"$TMP/err" ||
	{ cat "$TMP/err"; fail "run-bench failed on an event it should skip"; }
grep -q 'PAGE-FAULTS: cannot be counted here (gemm_.*counted 0' "$TMP/o3/accuracy-unknown.txt" ||
	fail "the uncountable event is not listed with its reason"
grep -q 'PAGE-FAULTS: cannot be counted here' "$TMP/o3/results.md" || fail "results.md does not list the skipped event"
! grep -q 'PAGE-FAULTS' "$TMP/o3/accuracy.csv" || fail "samples of the skipped event were kept"
grep -q '^papi,1,1,perf::TASK-CLOCK,' "$TMP/o3/accuracy.csv" || fail "the countable event was not measured"
echo "all checks passed"
