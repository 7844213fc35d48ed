#!/bin/sh
# The metric groups (metrics/*.csv) and papi_metrics where nothing is counted:
# scripts/metric-table's checks pass on the real files (papi_metrics --check's
# syntax, a file per CPU, every standard group defined or unavailable, units,
# REFs, each metric in one run on the CPU's programmable counters, every event
# in libpfm4's table), docs/metrics.md's table is the one generated from
# them, each kind of check fails on a file broken for it, and papi_metrics
# refuses bad definitions and options with one line and status 2 before it
# counts anything; every metric of every file, computed by papi_metrics report
# from hand-made counts (ctests/fixtures/metrics/formulas.txt), has the value
# its meaning gives; papi_metrics report computes two MPI ranks' region metrics
# (values worked out by hand from the fixture), across ranks too, and plots
# one; --regions under mpirun (2 ranks, software events) reports each rank's
# regions and names the slowest. Hardware counting is tested in the guests
# (guest test "metrics").
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?set by make check: the build directory}"
MT=$SCRIPTS/metric-table
PM=$BUILD_DIR/host/papi/src/utils/papi_metrics
[ -x "$PM" ] || fail "no papi_metrics in the host build ($PM)"
# the host build's PAPI with our libpfm4, whatever the system has
export LD_LIBRARY_PATH=$BUILD_DIR/host/libpfm4/lib

echo "== the real files"
"$MT" check "$TOP_SRCDIR/metrics" "$BUILD_DIR" || fail "metric-table check failed on metrics/"
"$MT" readme "$TOP_SRCDIR/metrics" "$BUILD_DIR" "$TOP_SRCDIR/docs/metrics.md" --check ||
	fail "docs/metrics.md's table is out of date: run make metric-readme"

# broken NAME PATTERN COMMAND...: copy metrics/, let COMMAND break it, and
# expect metric-table check to fail naming the problem (PATTERN).
broken() {
	name=$1 want=$2
	shift 2
	echo "== broken: $name"
	rm -rf "$TMP/m" && cp -r "$TOP_SRCDIR/metrics" "$TMP/m"
	"$@"
	if "$MT" check "$TMP/m" "$BUILD_DIR" >"$TMP/out" 2>&1; then
		fail "$name: metric-table check passes"
	fi
	grep -E -- "$want" "$TMP/out" || fail "$name: no error matching /$want/"
}
add() { echo "$2" >>"$TMP/m/$1"; }
drop() { sed -i "/$2/d" "$TMP/m/$1"; }

broken "U74 metric over 2 programmable counters" \
	'needs 3 programmable counters .*sifive_u74 has 2: it cannot be counted in one run' \
	add sifive_u74.csv 'METRIC,MIX,three,%,(INSTRUCTION_COMMIT:INT_LOAD + MEMORY_SYSTEM:DCACHE_MISS) / MICROARCHITECTURAL:DCACHE_BUSY,"x",manual'
broken "event not in libpfm4's table" "arm_ac72::NO_SUCH_EVENT is not in libpfm4's table" \
	add arm_ac72.csv 'METRIC,L1D,bad,%,NO_SUCH_EVENT / INST_RETIRED,"x",trm'
broken "group neither defined nor unavailable" 'group LLC neither defined nor UNAVAILABLE' \
	drop arm_ac72.csv '^UNAVAILABLE,LLC,'
broken "unknown unit" 'unit "bananas" is not one of' \
	add arm_n1.csv 'METRIC,IPC,ipc2,bananas,INST_RETIRED / CPU_CYCLES,"x",trm'
broken "expression papi_metrics cannot parse" 'expression "INST_RETIRED / \(CPU_CYCLES": missing \)' \
	add arm_n1.csv 'METRIC,IPC,ipc2,%,INST_RETIRED / (CPU_CYCLES,"x",trm'
broken "metric of an undeclared group" 'METRIC x: no GROUP NOPE before it' \
	add arm_n1.csv 'METRIC,NOPE,x,%,INST_RETIRED,"x",trm'
broken "a CPU without a file" 'no metrics/arm_ac76.csv' rm "$TMP/m/arm_ac76.csv"
broken "an unused REF" 'REF spare is not used' add riscv.csv 'REF,spare,"x"'
many_metrics() {
	i=0
	while [ $i -lt 63 ]; do
		add riscv.csv "METRIC,IPC,ipc$i,instructions/cycle,INSTRUCTIONS / CYCLES,\"x\",priv"
		i=$((i + 1))
	done
}
broken "more metrics than a file may hold" 'more than 64 metrics' many_metrics

echo "== docs/metrics.md out of date"
cp "$TOP_SRCDIR/docs/metrics.md" "$TMP/metrics.md"
sed -i 's/^| IPC | 2 |/| IPC | 3 |/' "$TMP/metrics.md"
cmp -s "$TMP/metrics.md" "$TOP_SRCDIR/docs/metrics.md" && fail "the edit of docs/metrics.md changed nothing"
expect_failure 'metric table is out of date' "$MT" readme "$TOP_SRCDIR/metrics" "$BUILD_DIR" "$TMP/metrics.md" --check

echo "== every formula of every file on hand-made counts (ctests/fixtures/metrics/formulas.txt)"
FX=$TOP_SRCDIR/ctests/fixtures/metrics/formulas.txt
n=0
for f in "$TOP_SRCDIR"/metrics/*.csv; do
	"$PM" --check "$f" >"$TMP/chk" 2>&1 || fail "papi_metrics --check $f fails: $(cat "$TMP/chk")"
	pmu=$(awk -F'\t' '$1 == "FILE" { print $3 }' "$TMP/chk")
	d=$TMP/formulas/$pmu/papi_hl_output
	mkdir -p "$d"
	# one region whose events count what their roles give
	awk -F'\t' '$1 == "METRIC" { n = split($5, t, " "); for (i = 1; i <= n; i++) print t[i] }' "$TMP/chk" | sort -u |
		awk -v pmu="$pmu" -v fx="$FX" '
			BEGIN {
				while ((getline l < fx) > 0) {
					split(l, w, " ")
					if (w[1] == "COUNT") count[w[2]] = w[3]
					if (w[1] == "ROLE") { np = split(w[2], ps, ","); for (i = 1; i <= np; i++) role[ps[i], w[3]] = w[4] }
				}
			}
			{
				if (!((pmu, $1) in role)) { print "no ROLE for " pmu " " $1 > "/dev/stderr"; bad = 1; next }
				ev[++ne] = pmu "::" $1; c[ne] = count[role[pmu, $1]]
			}
			END {
				if (bad) exit 1
				printf "{\"papi_version\":\"7.2.0.0\",\"cpu_info\":\"x\",\"event_definitions\":{"
				for (i = 1; i <= ne; i++) printf "%s\"%s\":{\"component\":\"perf_event\",\"type\":\"delta\"}", (i > 1 ? "," : ""), ev[i]
				printf "},\"threads\":{\"0\":{\"regions\":{\"0\":{\"name\":\"all\",\"parent_region_id\":\"-1\",\"cycles\":\"1\",\"real_time_nsec\":\"1\""
				for (i = 1; i <= ne; i++) printf ",\"%s\":\"%s\"", ev[i], c[i]
				print "}}}}}"
			}' >"$d/rank_000000.json" || fail "$pmu: an event of $f has no role in $FX"
	PAPI_METRICS_DIR=$TOP_SRCDIR/metrics "$PM" report -c "$pmu" -o "$TMP/formulas/$pmu.csv" "$TMP/formulas/$pmu" >"$TMP/out" 2>&1 ||
		fail "$pmu: papi_metrics report fails: $(cat "$TMP/out")"
	# each metric of the file against its EXPECT line (the pmu's own first)
	awk -F'\t' '$1 == "METRIC" { print $3 }' "$TMP/chk" >"$TMP/names"
	awk -v pmu="$pmu" -v fx="$FX" -v names="$TMP/names" '
		BEGIN {
			while ((getline l < fx) > 0) {
				k = split(l, w, " ")
				if (w[1] == "EXPECT" && k == 3) want[w[2]] = w[3]
				if (w[1] == "EXPECT" && k == 4 && w[2] == pmu) own[w[3]] = w[4]
			}
			FS = ","
		}
		$1 == "0" && $3 == "all" { got[$5] = $7 }
		END {
			while ((getline m < names) > 0) {
				n++
				x = (m in own) ? own[m] : want[m]
				if (x == "") { print pmu ": no EXPECT line for " m; bad = 1; continue }
				if (!(m in got) || got[m] == "") { print pmu ": " m " has no value"; bad = 1; continue }
				d = got[m] - x; if (d < 0) d = -d
				if (d > 1e-9 * (x < 0 ? -x : x) + 1e-12) { print pmu ": " m " is " got[m] ", not " x; bad = 1 }
			}
			if (!n) { print pmu ": no metrics"; bad = 1 }
			exit bad
		}' "$TMP/formulas/$pmu.csv" >"$TMP/out" || fail "$(cat "$TMP/out")"
	n=$((n + $(wc -l <"$TMP/names")))
done
echo "$n metrics of $(ls "$TOP_SRCDIR"/metrics/*.csv | wc -l) files give the values their meanings give"

echo "== papi_metrics report: two MPI ranks' regions (ctests/fixtures/metrics/hl-2ranks)"
# rank 0: compute 2000 instructions / 1000 cycles, io 100 / 400; rank 1:
# compute 2500 / 1000 (an instant event's region_value) and 3500 / 1000 on
# threads 0 and 1 (3 ms and 2.5 ms), io 50 / 0 on thread 1
PAPI_METRICS_DIR=$TOP_SRCDIR/metrics "$PM" report -g IPC -o "$TMP/r.csv" -p "IPC=$TMP/ipc.png" \
	"$TOP_SRCDIR/ctests/fixtures/metrics/hl-2ranks" >"$TMP/r.out" || fail "papi_metrics report fails"
cat "$TMP/r.out" "$TMP/r.csv"
for want in '0,0,compute,IPC,IPC,instructions/cycle,2,,,' '0,0,io,IPC,IPC,instructions/cycle,0.25,,,' \
	'1,0,compute,IPC,IPC,instructions/cycle,2.5,,,' '1,1,compute,IPC,IPC,instructions/cycle,3.5,,,' \
	'1,1,io,IPC,IPC,instructions/cycle,,,,' 'all,all,compute,IPC,IPC,instructions/cycle,2.5,2,3,1' \
	'all,all,io,IPC,IPC,instructions/cycle,0.25,0.25,0.25,0'; do
	grep -qx "$want" "$TMP/r.csv" || fail "report: no line $want"
done
grep -q '^  region compute (slowest: rank 1, 0.003000 s):$' "$TMP/r.out" || fail "report: the slowest rank of compute is not rank 1 (3 ms)"
grep -q 'IPC .*0.25 / 0.25 / 0.25 instructions/cycle (not every rank)' "$TMP/r.out" ||
	fail "report: io's IPC, undefined on rank 1, is not marked as not from every rank"
[ "$(head -c 4 "$TMP/ipc.png" | tail -c 3)" = PNG ] || fail "report -p did not write a PNG"
PAPI_METRICS_DIR=$TOP_SRCDIR/metrics expect_failure 'no rank_N.json of PAPI.s high-level API in' "$PM" report "$TMP"

echo "== papi_metrics --regions under mpirun (Open MPI, 2 ranks; software events, which any kernel counts)"
command -v mpirun >/dev/null || fail "mpirun not found: Debian package openmpi-bin (scripts/install-deps)"
if [ "$(id -u)" = 0 ]; then
	OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
fi
src=$BUILD_DIR/host/papi/src
"${CC:-gcc}" -O2 -I"$src" -o "$TMP/hl_regions" "$(dirname "$0")/hl_regions.c" -L"$src" -Wl,-rpath,"$src" \
	-Wl,-rpath-link,"$LD_LIBRARY_PATH" -lpapi || fail "hl_regions does not build"
mkdir -p "$TMP/sw"
printf '%s\n' 'CPU,perf,fallback,2' 'REF,r,"perf_event_open(2)"' 'GROUP,SW,"CPU time"' \
	'METRIC,SW,task_ms,ms,PERF_COUNT_SW_TASK_CLOCK / 1000000,"CPU time",r' >"$TMP/sw/perf.csv"
PAPI_METRICS_DIR=$TMP/sw "$PM" -c perf -g SW --regions -d "$TMP/mpi" -o "$TMP/mpi.csv" -- \
	mpirun --oversubscribe -np 2 "$TMP/hl_regions" >"$TMP/mpi.out" 2>&1 || { cat "$TMP/mpi.out"; fail "papi_metrics --regions -- mpirun fails"; }
cat "$TMP/mpi.out" "$TMP/mpi.csv"
# rank 0's compute burns 40 ms of CPU, rank 1's 120 ms
c0=$(awk -F, '$1 == 0 && $3 == "compute" && $5 == "task_ms" { printf "%d", $7 }' "$TMP/mpi.csv")
c1=$(awk -F, '$1 == 1 && $3 == "compute" && $5 == "task_ms" { printf "%d", $7 }' "$TMP/mpi.csv")
[ "${c0:-0}" -ge 39 ] && [ "$c0" -lt 100 ] && [ "${c1:-0}" -ge 119 ] ||
	fail "compute's CPU time per rank is not rank 0's 40 ms and rank 1's 120 ms (${c0:-none}, ${c1:-none})"
grep -q '^all,all,compute,SW,task_ms,ms,[0-9.]*,[0-9.]*,[0-9.]*,1$' "$TMP/mpi.csv" ||
	fail "across ranks: compute has no min / mean / max line naming rank 1 the slowest"
grep -q "^papi_metrics: $TMP/mpi: 2 ranks, 2 regions" "$TMP/mpi.out" || fail "the report does not see 2 ranks and 2 regions"

echo "== papi_metrics: bad definitions and options"
mkdir -p "$TMP/defs"
printf '%s\n' 'CPU,perf,fallback,2' 'REF,r,"x"' 'GROUP,G,"x"' 'METRIC,G,m,%,A / ,"x",r' >"$TMP/defs/perf.csv"
PAPI_METRICS_DIR=$TMP/defs expect_failure 'the metric definitions in .* have errors' "$PM" -l
grep -q "perf.csv:4: METRIC m: expression \"A / \": unexpected end" "$TMP/err" ||
	fail "the broken expression is not reported with its file and line"
# the chosen CPU's file is read whole, another's only as far as its first metric
for f in perf arm_n1; do
	rm -rf "$TMP/defs2" && cp -r "$TOP_SRCDIR/metrics" "$TMP/defs2"
	echo 'METRIC,IPC,late,%,INST_RETIRED / ,"x",trm' >>"$TMP/defs2/$f.csv"
	if [ $f = perf ]; then
		PAPI_METRICS_DIR=$TMP/defs2 expect_failure 'the metric definitions in .*/perf.csv have errors' "$PM" -l
		grep -q 'perf.csv:[0-9]*: METRIC late: ' "$TMP/err" || fail "the chosen file's error is not reported"
	else
		PAPI_METRICS_DIR=$TMP/defs2 "$PM" -l >/dev/null 2>"$TMP/err" ||
			fail "an error in another CPU's file, after its first metric, stops papi_metrics -l: $(cat "$TMP/err")"
	fi
done
PAPI_METRICS_DIR=$TMP/none expect_failure 'cannot read the metric definitions in .*/none' "$PM" -l
export PAPI_METRICS_DIR=$TOP_SRCDIR/metrics
expect_failure 'no metric definitions for nope; there are: .*arm_n1' "$PM" -c nope -l
expect_failure 'the file name must end in .json or .csv' "$PM" -g IPC -o x.txt -- true
if "$PM" -g IPC 2>"$TMP/err"; then fail "-g without a program is accepted"; fi
grep -q '^usage: ' "$TMP/err" || fail "-g without a program does not print the usage"
# -m (multiplexing) is for counting a whole program
for args in "-l -m" "-m -g IPC --regions -- true" "report -m $TMP/mpi"; do
	rc=0
	"$PM" $args >/dev/null 2>"$TMP/err" || rc=$?
	[ $rc -eq 2 ] && grep -q '^usage: ' "$TMP/err" || fail "papi_metrics $args: not refused with the usage (status $rc)"
done
echo "ok"
