#!/bin/sh
# mpi-report.sh OUTDIR NRANKS: the report of an MPI run of run-bench, from
# what bench_mpi gathered into OUTDIR/rank-R/ (status.txt, node.txt,
# uname.txt, error.txt, machine.json, samples.csv). Per rank and per node
# (the samples of its ranks pooled): each phase's min, median and max on
# both sides and PAPI/raw of the medians. Writes OUTDIR/mpi-summary.csv and
# OUTDIR/mpi-report.md. A rank that failed is in the table of ranks with its
# error; a rank with no status at all, or "ok" without samples, is an error.
set -eu
o=${1:?usage: mpi-report.sh OUTDIR NRANKS} n=${2:?usage: mpi-report.sh OUTDIR NRANKS}
BIN=${BENCH_BIN:?set by run-bench}
die() { echo "mpi-report: $*" >&2; exit 2; }
# a field of a machine.json
jf() { awk -v k="\"$2\":" '$1 == k { sub(/^[^:]*: */, ""); sub(/,$/, ""); gsub(/^"|"$/, ""); print }' "$1"; }
# a rank's or node's overhead-summary.csv as rows of mpi-summary.csv
rows() { # SCOPE ID NODE SUMMARY
	awk -F, -v s="$1" -v id="$2" -v node="$3" 'NR > 1 {
		k = $1 "," $3
		if ($2 == "perf") { p[k] = $4 "," $5 "," $6 "," $9; pm[k] = $6; next }
		r = pm[k] > 0 ? sprintf("%.2f", $6 / pm[k]) : ""
		print s "," id "," node "," k "," p[k] "," $4 "," $5 "," $6 "," $9 "," r }' "$4"
}
sum=$o/mpi-summary.csv
echo "scope,id,node,mode,phase,perf_n,perf_min_us,perf_median_us,perf_max_us,papi_n,papi_min_us,papi_median_us,papi_max_us,ratio_of_medians" >"$sum"
rm -rf "$o/nodes"
mkdir -p "$o/nodes"
r=0 nok=0
while [ $r -lt "$n" ]; do
	d=$o/rank-$r
	[ -s "$d/status.txt" ] && [ -s "$d/node.txt" ] || die "rank $r: nothing gathered ($d/status.txt)"
	node=$(cat "$d/node.txt")
	nd=$o/nodes/$(echo "$node" | tr -c 'A-Za-z0-9._\n-' _)
	mkdir -p "$nd"
	echo "$node" >"$nd/node.txt"
	echo "$r" >>"$nd/ranks.txt"
	if [ "$(cat "$d/status.txt")" = ok ]; then
		[ -s "$d/samples.csv" ] || die "rank $r on $node: ok, but no samples gathered"
		"$BIN/bench_report" overhead "$d/samples.csv" "$d/overhead" || die "rank $r: bench_report failed"
		rows rank "$r" "$node" "$d/overhead-summary.csv" >>"$sum"
		# pooled per node, each rank's runs numbered apart (paired ratios pair within a rank)
		[ -f "$nd/samples.csv" ] || head -n 1 "$d/samples.csv" >"$nd/samples.csv"
		awk -F, -v OFS=, -v r=$r 'NR > 1 { $3 = r * 1000000 + $3; print }' "$d/samples.csv" >>"$nd/samples.csv"
		nok=$((nok + 1))
	fi
	r=$((r + 1))
done
for nd in "$o"/nodes/*/; do
	nd=${nd%/}
	[ -f "$nd/samples.csv" ] || continue
	"$BIN/bench_report" overhead "$nd/samples.csv" "$nd/overhead" || die "node $(cat "$nd/node.txt"): bench_report failed"
	rows node "$(cat "$nd/node.txt")" "$(cat "$nd/node.txt")" "$nd/overhead-summary.csv" >>"$sum"
done

{
	nnodes=$(ls -d "$o"/nodes/*/ | wc -l)
	echo "# PAPI vs raw perf_event across an MPI job"
	echo
	echo "- $n rank(s) on $nnodes node(s), $((n - nok)) failed; $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	[ ! -f "$o/rank-0/machine.json" ] || echo "- each rank: \`$(jf "$o/rank-0/machine.json" command)\` into OUTDIR/rank-R (its own results.md there, on its node)"
	echo "- the ranks of a node ran at the same time: their timings include sharing its CPUs"
	echo
	echo "## Ranks"
	echo
	echo "| rank | node | machine | libpfm4 PMU, counters | status |"
	echo "|---:|---|---|---|---|"
	r=0
	while [ $r -lt "$n" ]; do
		d=$o/rank-$r
		if [ -s "$d/machine.json" ]; then
			m="$(jf "$d/machine.json" cpu), $(jf "$d/machine.json" cpus) CPUs, $(jf "$d/machine.json" kernel) $(jf "$d/machine.json" arch)"
			pmu="\`$(jf "$d/machine.json" libpfm4_default_pmu)\`, hardware: $(jf "$d/machine.json" hardware_counters); $(jf "$d/machine.json" overhead_events)"
		else
			m="$(cat "$d/uname.txt") (the harness stopped before describing it)" pmu="?"
		fi
		st=$(cat "$d/status.txt")
		[ "$st" = ok ] || st="**$st**: $(cat "$d/error.txt")"
		echo "| $r | $(cat "$d/node.txt") | $m | $pmu | $st |"
		r=$((r + 1))
	done
	for mode in cold warm; do
		grep -q ",$mode," "$sum" || continue
		echo
		echo "## $mode: time per phase (us), per rank and per node"
		echo
		echo "| phase | rank / node | raw min | raw median | raw max | PAPI min | PAPI median | PAPI max | PAPI/raw (medians) | n raw/PAPI |"
		echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
		for ph in init start read reread stop term total; do
			awk -F, -v m=$mode -v ph=$ph '$4 == m && $5 == ph {
				who = $1 == "rank" ? "rank " $2 " (" $3 ")" : "**node " $2 "**"
				printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s/%s |\n", ph, who, $7, $8, $9, $11, $12, $13,
					$14 == "" ? "-" : $14 "x", $6, $10 }' "$sum"
		done
	done
	if [ $nok -eq 0 ]; then
		echo
		echo "No rank measured anything: see the errors above."
	fi
} >"$o/mpi-report.md"
