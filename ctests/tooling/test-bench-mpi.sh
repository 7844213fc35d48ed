# run-bench under mpirun (Open MPI, 2 ranks on this machine): one report
# with every rank, its node and machine, each phase's min/median/max per
# rank and per node, PAPI/raw ratios; a rank whose harness fails is named
# with its error (and the job fails), never dropped; a rank's lost results
# stop the report.
. "$(dirname "$0")/bench-env.sh"
command -v mpirun >/dev/null || fail "mpirun not found: Debian package openmpi-bin (scripts/install-deps)"
[ -x "$BIN/bench_mpi" ] || fail "$BIN/bench_mpi is missing (make builds it with mpicc)"
# Open MPI refuses to run as root unless told (make check runs as root in CI)
if [ "$(id -u)" = 0 ]; then
	OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
fi
RB=$TOP_SRCDIR/benchmarks/run-bench
args="-T -I none -A 0 -c 3 -W 1 -n 3"
node=$(hostname)

# summary_n SCOPE ID PHASE: "perf_n/papi_n ratio" of the cold row
summary_n() {
	awk -F, -v s="$1" -v id="$2" -v ph="$3" '$1 == s && $2 == id && $4 == "cold" && $5 == ph { print $6 "/" $10 " " $14 }' \
		"$4/mpi-summary.csv"
}
check_rank_ok() { # OUT RANK
	grep -q "^| $2 | .* | ok |\$" "$1/mpi-report.md" || fail "rank $2 is not listed as ok in the report"
	for ph in init start read reread stop term total; do
		set -- "$1" "$2" "$(summary_n rank "$2" $ph "$1")"
		case $3 in "3/3 "[0-9]*) ;; *) fail "rank $2, $ph: expected 3 samples per side and a ratio, got '$3'" ;; esac
	done
}

# 1. two ranks, both measure
mpirun --oversubscribe -np 2 sh "$RB" $args "$TMP/ok" >"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "mpirun -np 2 run-bench failed"; }
cat "$TMP/ok/mpi-report.md" | sed -n '1,12p'
grep -q '^- 2 rank(s) on 1 node(s), 0 failed' "$TMP/ok/mpi-report.md" || fail "report header: not 2 ranks, 1 node, 0 failed"
check_rank_ok "$TMP/ok" 0
check_rank_ok "$TMP/ok" 1
grep -q "^| 1 | $node | .*$(uname -m) | \`" "$TMP/ok/mpi-report.md" || fail "rank 1's node and machine are not in the report"
# the node's rows pool both ranks' samples: none dropped
for ph in init read total; do
	got=$(summary_n node "$node" $ph "$TMP/ok")
	case $got in "6/6 "[0-9]*) ;; *) fail "node $node, $ph: expected both ranks' 6 samples per side, got '$got'" ;; esac
done
grep -q "^| init | \*\*node $node\*\* | .*x | 6/6 |" "$TMP/ok/mpi-report.md" || fail "no per-node init row with a ratio in the report"

# 2. rank 1's harness fails (an events file that is not there): named with
# its error, rank 0's results kept, the job's exit status not 0
if mpirun --oversubscribe -np 1 sh "$RB" $args "$TMP/bad" : -np 1 sh "$RB" $args -E "$TMP/missing.conf" "$TMP/bad" \
	>"$TMP/out" 2>&1; then
	fail "mpirun succeeded although rank 1 failed"
fi
[ -f "$TMP/bad/mpi-report.md" ] || { cat "$TMP/out"; fail "no report written when rank 1 failed"; }
grep -q "^| 1 | $node | .* | \*\*failed (exit status 2)\*\*: run-bench: events file $TMP/missing.conf not found |" \
	"$TMP/bad/mpi-report.md" || { cat "$TMP/bad/mpi-report.md"; fail "the failed rank is not named with its error"; }
grep -q '^- 2 rank(s) on 1 node(s), 1 failed' "$TMP/bad/mpi-report.md" || fail "report header does not count the failed rank"
check_rank_ok "$TMP/bad" 0
[ -z "$(summary_n rank 1 init "$TMP/bad")" ] || fail "numbers reported for the failed rank"
case $(summary_n node "$node" init "$TMP/bad") in "3/3 "[0-9]*) ;; *) fail "node row of the failed run: expected rank 0's 3 samples" ;; esac
grep -q 'rank 1 on .* failed (exit status 2): run-bench: events file' "$TMP/out" || fail "bench_mpi does not name the failed rank on stderr"

# 3. results lost between the ranks and the report stop it, naming the rank
cp -r "$TMP/ok" "$TMP/lost"
rm "$TMP/lost/rank-1/samples.csv"
if sh "$BENCH_DATA/mpi-report.sh" "$TMP/lost" 2 2>"$TMP/err"; then fail "a report without rank 1's samples"; fi
grep -q 'rank 1 on .*: ok, but no samples gathered' "$TMP/err" || fail "missing samples: $(cat "$TMP/err")"
rm -r "$TMP/lost/rank-1"
if sh "$BENCH_DATA/mpi-report.sh" "$TMP/lost" 2 2>"$TMP/err"; then fail "a report without rank 1"; fi
grep -q 'rank 1: nothing gathered' "$TMP/err" || fail "missing rank: $(cat "$TMP/err")"
echo "all checks passed"
