# run-bench -m threads: every test of both sides is in the report, each with
# PAPI/raw ratios of time, instructions and system calls (heap: bytes), and
# a side that fails stops the run with its reason instead of a table with
# one side missing.
. "$(dirname "$0")/bench-env.sh"
# instructions by callgrind where it is (this host), by the counter elsewhere
ic=none
command -v valgrind >/dev/null && ic=callgrind
"$BIN/ovh_perf" -I perf perf::TASK-CLOCK=1:0x1:0:0:0:1:0 >/dev/null 2>&1 && ic=perf
sh "$TOP_SRCDIR/benchmarks/run-bench" -m threads -I $ic -c 2 -n 2 -k 50 -N 2 "$TMP/o" >/dev/null 2>"$TMP/err" ||
	{ cat "$TMP/err"; fail "run-bench -m threads failed"; }
s=$TMP/o/threads-summary.csv
metrics="ns syscalls"
[ $ic = none ] || metrics="$metrics instructions"
for row in first:1 setup:1 teardown:1 hl-first:1 hl:1 read:1 read:2 create:1; do
	for m in $metrics; do
		# test,threads,metric,perf_n,perf_min,perf_median,perf_max,papi_n,papi_min,papi_median,papi_max,ratio
		awk -F, -v t="${row%:*}" -v n="${row#*:}" -v m=$m '
			$1 == t && $2 == n && $3 == m && $4 > 0 && $8 > 0 && $6 > 0 && $10 > 0 && $12 > 0 { ok = 1 }
			END { exit !ok }' "$s" || fail "no $m of $row for both sides with a ratio in threads-summary.csv"
	done
done
awk -F, '$1 == "heap" && $3 == "bytes" && $10 > 0 { ok = 1 } END { exit !ok }' "$s" ||
	fail "no PAPI heap per set in threads-summary.csv"
grep -q '^| heap per further set' "$TMP/o/results.md" || fail "results.md has no heap row"
grep -q 'per-thread set-up .*[0-9]x |' "$TMP/o/results.md" || fail "results.md has no set-up ratio"
echo "threads mode: $(grep -c '^|' "$TMP/o/results.md") table lines, instructions by $ic"
# A side that fails (an event PAPI does not know, given as a name) stops the
# run with its reason, and no report is written.
printf 'domain user\noverhead perf::TASK-CLOCK\n' >"$TMP/ev.conf"
if sh "$TOP_SRCDIR/benchmarks/run-bench" -m threads -T -I none -c 1 -n 1 -k 10 -N 1 -E "$TMP/ev.conf" \
	-e perf::TASK-CLOCK,perf::NOT-AN-EVENT "$TMP/o2" >/dev/null 2>"$TMP/err"; then
	fail "run-bench -m threads succeeded with an unknown event"
fi
grep -q 'NOT-AN-EVENT' "$TMP/err" || { cat "$TMP/err"; fail "the unknown event is not named"; }
[ ! -f "$TMP/o2/results.md" ] || fail "a report was written although a side failed"
# bench_report refuses results of one side only (a dropped side)
grep -v '^perf,hl,' "$TMP/o/threads-samples.csv" >"$TMP/half.csv"
if "$BIN/bench_report" threads "$TMP/half.csv" "$TMP/half" 2>"$TMP/err"; then
	fail "bench_report threads accepted samples of PAPI only"
fi
grep -q 'hl, 1 thread(s), ns: samples of PAPI only' "$TMP/err" || { cat "$TMP/err"; fail "no message naming the missing side"; }
# -P: the PAPI side adds other names for the same events (presets on a
# board); the report names them, and a list of another length is refused
sh "$TOP_SRCDIR/benchmarks/run-bench" -m threads -T -I none -c 1 -n 1 -k 10 -N 1 -E "$TMP/ev.conf" \
	-e perf::TASK-CLOCK -P perf::PERF_COUNT_SW_TASK_CLOCK "$TMP/o3" >/dev/null 2>"$TMP/err" ||
	{ cat "$TMP/err"; fail "run-bench -m threads -P failed"; }
grep -q "PAPI side's events: \`perf::PERF_COUNT_SW_TASK_CLOCK\`" "$TMP/o3/results.md" ||
	fail "results.md does not name the PAPI side's -P events"
if sh "$TOP_SRCDIR/benchmarks/run-bench" -m threads -T -I none -c 1 -n 1 -k 10 -N 1 -E "$TMP/ev.conf" \
	-e perf::TASK-CLOCK -P perf::TASK-CLOCK,perf::CPU-CLOCK "$TMP/o4" >/dev/null 2>"$TMP/err"; then
	fail "run-bench accepted -P with two names for one event"
fi
grep -q 'one name per event' "$TMP/err" || { cat "$TMP/err"; fail "no message for -P of the wrong length"; }
echo "-P: the PAPI side's names reported; a list of the wrong length refused"
echo "all checks passed"
