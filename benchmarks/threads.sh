# threads.sh: run-bench's threaded mode (-m threads), sourced by run-bench
# after its preflight (BIN, DATA, out, enc, dom, cold, witers, maxthr,
# kreads, icmode, dostrace, cpus, progress, die are its). Each test of
# thr_papi and thr_perf (benchmarks/src/thr_main.c) runs in fresh processes,
# the two sides alternating; instructions and system calls in runs of their
# own. Writes threads-samples.csv, threads.md, threads-summary.csv.
tsamples=$out/threads-samples.csv
echo "side,test,threads,run,sample,metric,value" >"$tsamples"
heapsets=200
# 1, 2, 4 ... up to MAX (default: the CPUs, at least 4), MAX itself last
[ -n "$maxthr" ] || { maxthr=$cpus; [ "$maxthr" != null ] && [ "$maxthr" -ge 4 ] || maxthr=4; }
[ "$maxthr" -ge 1 ] 2>/dev/null || die "-N $maxthr: a number of threads"
tlist= t=1
while [ $t -lt "$maxthr" ]; do tlist="$tlist $t"; t=$((t * 2)); done
tlist="$tlist $maxthr"
# the tests, one per line: the arguments of thr_SIDE
tests=$(printf '%s\n' "-t setup -n $witers" "-t hl -k $kreads"
	for t in $tlist; do echo "-t read -T $t -k $kreads"; done
	echo "-t heap -n $heapsets")
# the high-level API writes its report at exit: into OUTDIR, not the working directory
PAPI_OUTPUT_DIRECTORY=$out/hl-output
export PAPI_OUTPUT_DIRECTORY
rm -rf "$out/hl-output" "$out/threads-strace" "$out/threads-callgrind"

# one trial per side, saying why it fails
for side in perf papi; do
	echo "$tests" | while read -r targs; do
		"$BIN/thr_$side" $targs -r 0 -d "$dom" $enc >/dev/null ||
			die "thr_$side $targs fails (above)"
	done || exit 2
done

r=1
while [ "$r" -le "$cold" ]; do
	progress "threads: run $r/$cold (both sides)"
	if [ $((r % 2)) -eq 1 ]; then a=papi b=perf; else a=perf b=papi; fi
	echo "$tests" | while read -r targs; do
		for side in $a $b; do
			"$BIN/thr_$side" $targs -r "$r" -d "$dom" $enc >>"$tsamples" ||
				die "thr_$side $targs failed in run $r"
		done
	done || exit 2
	r=$((r + 1))
done
progress_done "threads: $cold runs per side and test"

# instructions: -I perf rows (their times, which include the counter's reads, dropped)
if [ $icmode = perf ]; then
	progress "threads: instructions (perf counter)"
	for r in 1 2 3; do
		for side in papi perf; do
			echo "$tests" | while read -r targs; do
				"$BIN/thr_$side" $targs -I perf -r "$r" -d "$dom" $enc | grep ',instructions,' >>"$tsamples" ||
					die "thr_$side $targs -I perf failed"
			done || exit 2
		done
	done
	progress_done "threads: instructions (perf counter, 3 runs)"
elif [ $icmode = callgrind ]; then
	command -v valgrind >/dev/null || die "valgrind not found (Debian package valgrind)"
	mkdir -p "$out/threads-callgrind"
	for side in papi perf; do
		progress "threads: instructions, callgrind $side (slow)"
		i=0
		echo "$tests" | while read -r targs; do
			i=$((i + 1))
			cg=$out/threads-callgrind/$side-$i
			valgrind --tool=callgrind --callgrind-out-file="$cg.out" "$BIN/thr_$side" $targs -I callgrind \
				-d "$dom" $enc >/dev/null 2>"$cg.log" ||
				die "thr_$side $targs failed under callgrind (see $cg.log)"
			# one dump per measurement: "desc: Trigger: Client Request: bench:SIDE:TEST:THREADS:SAMPLE:DIVISOR"
			for f in "$cg.out".*; do
				awk '/^desc: Trigger: Client Request: bench:/ { split($NF, t, ":") }
					/^totals:/ { n = $2 }
					END { if (t[6] > 0) printf "%s,%s,%s,1,%s,instructions,%.1f\n", t[2], t[3], t[4], t[5], n / t[6] }' "$f"
			done >>"$tsamples"
			rm -f "$cg.out"*
		done || exit 2
	done
	progress_done "threads: instructions (callgrind, one run per side)"
fi

# system calls: strace -f, each thread's calls between its markers
if [ $dostrace = 1 ]; then
	command -v strace >/dev/null || die "strace not found (Debian package strace), or use -T"
	mkdir -p "$out/threads-strace"
	for side in papi perf; do
		progress "threads: strace $side"
		i=0
		echo "$tests" | while read -r targs; do
			i=$((i + 1))
			st=$out/threads-strace/$side-$i.txt
			strace -f -qq -o "$st" "$BIN/thr_$side" $targs -M -d "$dom" $enc >/dev/null ||
				die "thr_$side $targs failed under strace"
			# "PID call(...": a call; "PID <... call resumed>": counted at its start;
			# the markers, write(-1, "bench:begin|end:TEST:THREADS:SAMPLE:DIVISOR"), not counted
			rows=$(awk -v side=$side '
				{ pid = $1 }
				/write\(-1, "bench:begin:/ { split($0, a, "\""); split(a[2], t, ":")
					tag[pid] = t[3] "," t[4] ",1," t[5]; div[pid] = t[6]; n[pid] = 0; next }
				/write\(-1, "bench:end:/ { if (tag[pid] != "") printf "%s,%s,syscalls,%.2f\n", side, tag[pid], n[pid] / div[pid]
					tag[pid] = ""; next }
				$2 ~ /^[a-z_0-9]+\(/ && tag[pid] != "" { n[pid]++ }' "$st")
			[ -n "$rows" ] || die "no phase markers in $st"
			echo "$rows" >>"$tsamples"
		done || exit 2
	done
	progress_done "threads: system calls (strace -f, phase markers)"
fi
"$BIN/bench_report" threads "$tsamples" "$out/threads" || die "bench_report threads failed"
