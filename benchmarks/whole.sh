# whole.sh: run-bench's whole-program mode (-m whole), sourced by run-bench
# after its preflight (BIN, out, dom, cold, icmode, dostrace, progress, die
# are its; wgroup, wthreads, witers its options). A program (whole_bench
# work: wthreads threads of witers iterations) is counted whole, with every
# thread it starts, by papi_metrics -g wgroup and by the raw side (whole_bench
# count: the same events in one group attached to it and inherited, read
# once at its end); each round also runs the program alone, and each side's
# cost is its run minus that. PAPI's start-up is measured beside it: one
# measurement cycle of ovh_papi against ovh_perf, with the same events, in
# fresh processes. Writes whole-samples.csv, whole.md, whole-summary.csv.
metrics=${PAPI_METRICS:-$(command -v papi_metrics || true)}
[ -n "$metrics" ] && [ -x "$metrics" ] ||
	die "papi_metrics not found: put it on PATH or set PAPI_METRICS"
work="$BIN/whole_bench work -t $wthreads -n $witers"
tsamples=$out/whole-samples.csv
printf 'group %s\nthreads %s\niterations %s\n' "$wgroup" "$wthreads" "$witers" >"$out/whole-run.txt"
rm -rf "$out/whole-strace"

# The events papi_metrics counts for the group, from a trial run's report
# ("counted together: EVENT COUNT ..."); one set of events only.
"$metrics" -g "$wgroup" -- $work 2>"$out/whole-trial.txt" ||
	{ cat "$out/whole-trial.txt" >&2; die "papi_metrics -g $wgroup cannot count the program"; }
together=$(grep '^  counted together' "$out/whole-trial.txt") ||
	die "papi_metrics -g $wgroup reported no counts (whole-trial.txt)"
[ "$(echo "$together" | wc -l)" -eq 1 ] ||
	die "group $wgroup takes several runs of the program: the raw side counts one group; choose a group that fits one run (papi_metrics -l)"
wevents=$(echo "$together" | sed 's/^[^:]*://' | awk '{ for (i = 1; i < NF; i += 2) print $i }')
wenc=$("$BIN/bench_encode" -d "$dom" $wevents) || die "bench_encode does not know papi_metrics' events: $wevents"
wenc=$(echo $wenc)
echo "$wenc" | tr ' ' '\n' >"$out/whole-encodings.txt"

# Both sides count the same program alike: every event within 1 % of the
# other's count, plus 200,000 where the domain takes the kernel in (each side
# forks the program from a process of its own size, whose exec costs the
# kernel differently).
tol=0
[ "$dom" = user ] || tol=200000
"$BIN/whole_bench" count $wenc -- $work 2>"$out/whole-trial-raw.txt" ||
	{ cat "$out/whole-trial-raw.txt" >&2; die "the raw side cannot count the program"; }
echo "$together" | sed 's/^[^:]*://' | awk '{ for (i = 1; i < NF; i += 2) print $i, $(i + 1) }' |
	while read -r name n; do
		raw=$(sed -n "s/^$name=//p" "$out/whole-trial-raw.txt")
		awk -v a="$n" -v b="$raw" -v t=$tol 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= b / 100 + t) }' ||
			die "$name: papi_metrics counted $n, the raw side ${raw:-nothing}: not the same program's count"
		echo "$name $n $raw"
	done >"$out/whole-counts.txt" || exit 2

ic=
[ "$icmode" != perf ] || ic=-I
# run_side SIDE CMD...: CMD... followed by what SIDE runs
run_side() {
	_s=$1
	shift
	case $_s in
	alone) "$@" $work ;;
	papi) "$@" "$metrics" -g "$wgroup" -- $work ;;
	perf) "$@" "$BIN/whole_bench" count $wenc -- $work ;;
	papi-startup) "$@" "$BIN/ovh_papi" -w 0 -d "$dom" $wenc ;;
	perf-startup) "$@" "$BIN/ovh_perf" -w 0 -d "$dom" $wenc ;;
	esac
}
# timed SIDE: one run of SIDE, as "ns,instructions"
timed() {
	run_side $1 "$BIN/whole_bench" time $ic -- 2>"$out/whole.err" >"$out/whole.out" ||
		{ cat "$out/whole.err" >&2; die "$1 failed (whole_bench time)"; }
	cat "$out/whole.out"
}
echo "side,test,threads,run,sample,metric,value" >"$tsamples"
r=1
while [ "$r" -le "$cold" ]; do
	progress "whole: round $r/$cold"
	if [ $((r % 2)) -eq 1 ]; then order="papi perf"; else order="perf papi"; fi
	base=$(timed alone)
	for side in $order; do
		v=$(timed $side)
		echo "$side,program,$wthreads,$r,1,ns,$((${v%,*} - ${base%,*}))" >>"$tsamples"
		[ -z "$ic" ] || echo "$side,program,$wthreads,$r,1,instructions,$((${v#*,} - ${base#*,}))" >>"$tsamples"
		v=$(timed $side-startup)
		echo "$side,startup,1,$r,1,ns,${v%,*}" >>"$tsamples"
		[ -z "$ic" ] || echo "$side,startup,1,$r,1,instructions,${v#*,}" >>"$tsamples"
	done
	r=$((r + 1))
done
rm -f "$out/whole.err" "$out/whole.out"
progress_done "whole: $cold rounds"

# system calls of each, whole processes (strace -f), the program alone's subtracted
if [ $dostrace = 1 ]; then
	command -v strace >/dev/null || die "strace not found (Debian package strace), or use -T"
	mkdir -p "$out/whole-strace"
	progress "whole: strace"
	for side in alone papi perf papi-startup perf-startup; do
		run_side $side strace -f -qq -o "$out/whole-strace/$side.txt" >/dev/null 2>&1 ||
			die "$side failed under strace"
		# each call once, at its start ("<... resumed>" lines are its end)
		n=$(grep -cE '^[0-9]+ +[a-z_0-9]+\(' "$out/whole-strace/$side.txt")
		case $side in
		alone) base=$n ;;
		papi | perf) echo "$side,program,$wthreads,1,1,syscalls,$((n - base))" >>"$tsamples" ;;
		*) echo "${side%-startup},startup,1,1,1,syscalls,$n" >>"$tsamples" ;;
		esac
	done
	progress_done "whole: system calls (strace -f)"
fi
"$BIN/bench_report" threads "$tsamples" "$out/whole" || die "bench_report whole failed"
