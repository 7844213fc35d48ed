# threads.sh: run-bench's threaded mode (-m threads), sourced by run-bench
# after its preflight (BIN, DATA, out, enc, dom, cold, witers, maxthr,
# kreads, icmode, dostrace, cpus, progress, die, penc are its). Each test of
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
# PAPI's high-level API counts the user domain only: its region pair is left
# out, and the report says why, where the events do not count user only (the
# U74's PMU cannot leave the kernel out; nor do some encodings libpfm4 gives
# for "user": their exclude bits, type:config:config1:config2:user:kernel:hv)
hl="-t hl -k $kreads"
rm -f "$out/not-measured.txt"
_ex=$(echo "${enc%% *}" | sed 's/^[^=]*=//' | cut -d: -f5,6)
if [ "$_ex" != 0:1 ]; then
	hl=
	echo "region pair (PAPI_hl_region_begin/_end): PAPI's high-level API counts the user domain only, and this run's events count the kernel too (domain $dom, encodings in encodings.txt)" >"$out/not-measured.txt"
fi
tests=$(printf '%s\n' "-t setup -n $witers" ${hl:+"$hl"}
	for t in $tlist; do echo "-t read -T $t -k $kreads"; done
	echo "-t heap -n $heapsets")
# the high-level API writes its report at exit: into OUTDIR, not the working directory
PAPI_OUTPUT_DIRECTORY=$out/hl-output
export PAPI_OUTPUT_DIRECTORY
rm -rf "$out/hl-output" "$out/threads-strace" "$out/threads-callgrind"

# side_enc SIDE: the events a side is given (PAPI's under -P's names)
side_enc() { if [ "$1" = papi ]; then echo "$penc"; else echo "$enc"; fi; }
[ "$penc" = "$enc" ] || echo "$penc" | tr ' ' '\n' | sed 's/=.*//' | paste -sd, - >"$out/papi-events.txt"
[ "$penc" != "$enc" ] || rm -f "$out/papi-events.txt"

# each_test FUNC ARGS...: FUNC ARGS... N TEST-ARGS... for the N-th test, in order
each_test() {
	echo "$tests" | {
		_n=0
		while read -r _targs; do
			_n=$((_n + 1))
			"$@" $_n $_targs || exit 2
		done
	} || exit 2
}
# plain SIDE RUN N TEST-ARGS...: one process of the side, its rows into the samples
plain() {
	_side=$1 _r=$2
	shift 3
	"$BIN/thr_$_side" "$@" -r "$_r" -d "$dom" $(side_enc $_side) >>"$tsamples" 2>"$out/thr.err" ||
		{ cat "$out/thr.err" >&2; die "thr_$_side $* failed (run $_r)"; }
	# how each side reads (the raw side: user space where the kernel allows it)
	sed -n "s/^read: /$_side: /p" "$out/thr.err" >>"$out/read-method.txt"
	rm -f "$out/thr.err"
}
# perf_ic SIDE RUN N TEST-ARGS...: the -I perf rows (their times, which include
# the counter's reads, dropped)
perf_ic() {
	_side=$1 _r=$2
	shift 3
	"$BIN/thr_$_side" "$@" -I perf -r "$_r" -d "$dom" $(side_enc $_side) >"$out/threads-ic.csv" 2>"$out/thr.err" ||
		{ cat "$out/thr.err" >&2; die "thr_$_side $* -I perf failed"; }
	grep ',instructions,' "$out/threads-ic.csv" >>"$tsamples" || die "thr_$_side $* -I perf: no instructions"
	sed -n 's/^instructions counted: //p' "$out/thr.err" >>"$out/instructions-counted.txt"
	rm -f "$out/threads-ic.csv" "$out/thr.err"
}
# callgrind_ic SIDE N TEST-ARGS...: one dump per measurement, "desc: Trigger:
# Client Request: bench:SIDE:TEST:THREADS:SAMPLE:DIVISOR"
callgrind_ic() {
	_side=$1 _cg=$out/threads-callgrind/$1-$2
	shift 2
	valgrind --tool=callgrind --callgrind-out-file="$_cg.out" "$BIN/thr_$_side" "$@" -I callgrind \
		-d "$dom" $(side_enc $_side) >/dev/null 2>"$_cg.log" ||
		die "thr_$_side $* failed under callgrind (see $_cg.log)"
	for _f in "$_cg.out".*; do
		awk '/^desc: Trigger: Client Request: bench:/ { split($NF, t, ":") }
			/^totals:/ { n = $2 }
			END { if (t[6] > 0) printf "%s,%s,%s,1,%s,instructions,%.1f\n", t[2], t[3], t[4], t[5], n / t[6] }' "$_f"
	done >>"$tsamples"
	rm -f "$_cg.out"*
}
# syscalls SIDE N TEST-ARGS...: strace -f; each thread's calls between its
# markers, write(-1, "bench:begin|end:TEST:THREADS:SAMPLE:DIVISOR"), which
# are not counted; "PID <... call resumed>" was counted at its start
syscalls() {
	_side=$1 _st=$out/threads-strace/$1-$2.txt
	shift 2
	strace -f -qq -o "$_st" "$BIN/thr_$_side" "$@" -M -d "$dom" $(side_enc $_side) >/dev/null ||
		die "thr_$_side $* failed under strace"
	_rows=$(awk -v side=$_side '
		{ pid = $1 }
		/write\(-1, "bench:begin:/ { split($0, a, "\""); split(a[2], t, ":")
			tag[pid] = t[3] "," t[4] ",1," t[5]; div[pid] = t[6]; n[pid] = 0; next }
		/write\(-1, "bench:end:/ { if (tag[pid] != "") printf "%s,%s,syscalls,%.2f\n", side, tag[pid], n[pid] / div[pid]
			tag[pid] = ""; next }
		$2 ~ /^[a-z_0-9]+\(/ && tag[pid] != "" { n[pid]++ }' "$_st")
	[ -n "$_rows" ] || die "no phase markers in $_st"
	echo "$_rows" >>"$tsamples"
}

rm -f "$out/read-method.txt" "$out/instructions-counted.txt"
# one trial per side, saying why it fails (its rows dropped)
for side in perf papi; do
	each_test plain $side 0
done
echo "side,test,threads,run,sample,metric,value" >"$tsamples"

r=1
while [ "$r" -le "$cold" ]; do
	progress "threads: run $r/$cold (both sides)"
	if [ $((r % 2)) -eq 1 ]; then a=papi b=perf; else a=perf b=papi; fi
	for side in $a $b; do
		each_test plain $side $r
	done
	r=$((r + 1))
done
progress_done "threads: $cold runs per side and test"

if [ $icmode = perf ]; then
	progress "threads: instructions (perf counter)"
	for r in 1 2 3; do
		for side in papi perf; do
			each_test perf_ic $side $r
		done
	done
	progress_done "threads: instructions (perf counter, 3 runs)"
elif [ $icmode = callgrind ]; then
	command -v valgrind >/dev/null || die "valgrind not found (Debian package valgrind)"
	mkdir -p "$out/threads-callgrind"
	for side in papi perf; do
		progress "threads: instructions, callgrind $side (slow)"
		each_test callgrind_ic $side
	done
	progress_done "threads: instructions (callgrind, one run per side)"
fi

if [ $dostrace = 1 ]; then
	command -v strace >/dev/null || die "strace not found (Debian package strace), or use -T"
	mkdir -p "$out/threads-strace"
	for side in papi perf; do
		progress "threads: strace $side"
		each_test syscalls $side
	done
	progress_done "threads: system calls (strace -f, phase markers)"
fi
# one line each: how each side read, and what the instruction counter counted
sort -u "$out/read-method.txt" -o "$out/read-method.txt"
[ ! -f "$out/instructions-counted.txt" ] || sort -u "$out/instructions-counted.txt" -o "$out/instructions-counted.txt"
"$BIN/bench_report" threads "$tsamples" "$out/threads" || die "bench_report threads failed"
