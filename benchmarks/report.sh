#!/bin/sh
# report.sh: assembles BENCH_OUT/results.md (on stdout) from what run-bench
# wrote there: machine.json, overhead.md, syscalls*.csv, instructions.csv,
# accuracy.md. "report.sh plot-title": the title of overhead.png.
set -eu
o=${BENCH_OUT:?}
j() { awk -v k="\"$1\":" '$1 == k { sub(/^[^:]*: */, ""); sub(/,$/, ""); gsub(/^"|"$/, ""); print }' "$o/machine.json"; }

if [ "${1:-}" = plot-title ]; then
	echo "PAPI vs raw perf_event per phase: $(j cpu) ($(j overhead_events), $(j domain))"
	exit 0
fi

echo "# PAPI vs raw perf_event: $(j cpu)"
echo
echo "- machine: $(j arch), $(j cpus) CPUs, virtualised: $(j virtualised); kernel $(j kernel)"
echo "- $(j papi); $(j libpfm4), default PMU \`$(j libpfm4_default_pmu)\`; hardware counters: $(j hardware_counters)"
echo "- perf_event_paranoid=$(j perf_event_paranoid), perf_user_access=$(j perf_user_access)"
echo "- events (one group, both sides): \`$(j overhead_events)\`, domain $(j domain) (events file $(j events_file))"
echo "- command: \`$(j command)\`, $(j date)"
echo
if [ "$(j mode)" = threads ]; then
	echo "## Threaded mode: PAPI against raw perf_event (\`run-bench -m threads\`)"
	echo
	echo "Each test runs in fresh processes of each side, the sides alternating;"
	echo "min, median and max over the processes (and threads: one sample per thread"
	echo "for set-up, tear-down and reads). Time per operation (ns); instructions"
	echo "per operation (a counter of the measuring thread, with the kernel's"
	echo "instructions where the kernel allows it, or callgrind, user only, which adds"
	echo "up all threads of a read test); system calls per operation"
	echo "(\`strace -f\`, each thread's calls between its markers); heap bytes from"
	echo "\`mallinfo2()\` (in use + mmapped) around creating the sets."
	echo
	[ ! -s "$o/papi-events.txt" ] || echo "- PAPI side's events: \`$(cat "$o/papi-events.txt")\` (-P), the raw side's as above"
	[ ! -s "$o/read-method.txt" ] || echo "- reads: $(paste -sd ';' "$o/read-method.txt" | sed 's/;/; /g')"
	[ ! -s "$o/not-measured.txt" ] || sed 's/^/- not measured: /' "$o/not-measured.txt"
	if [ -s "$o/instructions-counted.txt" ]; then
		echo "- instructions counted: $(paste -sd ';' "$o/instructions-counted.txt" | sed 's/;/; /g') (perf counter)"
	elif [ -d "$o/threads-callgrind" ]; then
		echo "- instructions counted: user only (callgrind)"
	fi
	echo
	cat "$o/threads.md"
	exit 0
fi
if [ "$(j mode)" = whole ]; then
	echo "## Counting a whole program: papi_metrics against raw perf_event (\`run-bench -m whole\`)"
	echo
	echo "The program (\`whole_bench work\`: $(sed -n 's/^threads //p' "$o/whole-run.txt") threads, a"
	echo "dependent integer loop of $(sed -n 's/^iterations //p' "$o/whole-run.txt") iterations each) is"
	echo "counted whole, every thread included: by \`papi_metrics -g $(sed -n 's/^group //p' "$o/whole-run.txt")\`"
	echo "(PAPI_attach + PAPI_INHERIT) and by the raw side (\`whole_bench count\`: the same"
	echo "events, one group attached to the program and inherited, enabled before its"
	echo "exec, read once at its end). Each round runs the program alone too; a side's"
	echo "cost is its run minus that. PAPI's start-up is measured beside it in fresh"
	echo "processes: one measurement cycle with the same events, \`ovh_papi\` against"
	echo "\`ovh_perf\` (exec and dynamic loading included). Times are wall-clock from"
	echo "fork to exit; instructions are the whole process tree's (kernel included"
	echo "where allowed); system calls are counted in \`strace -f\` logs (whole-strace/)."
	echo
	echo "- events: \`$(cut -d= -f1 "$o/whole-encodings.txt" | paste -sd ' ' -)\`, domain $(j domain); both sides' counts"
	echo "  of the trial run (within 1 % of each other, 200,000 more with the kernel's): $(awk '{ printf "%s%s %s / %s", s, $1, $2, $3; s = "; " }' "$o/whole-counts.txt") (papi_metrics / raw)"
	echo
	cat "$o/whole.md"
	echo
	awk -F, 'NR > 1 { m[$1 "," $3] = $10 - $6 }
		END {
			n = split("ns instructions syscalls", k, " ")
			for (i = 1; i <= n; i++) {
				if (!(("program," k[i]) in m)) continue
				p = m["program," k[i]]; s = m["startup," k[i]]
				printf "- %s (medians): papi_metrics costs %.0f more than the raw side; PAPI'"'"'s start-up costs %.0f more than raw perf_event'"'"'s; papi_metrics'"'"' own work beyond that (its definitions, planning, report): %.0f\n", \
					k[i] == "ns" ? "time, ns" : k[i], p, s, p - s
			}
		}' "$o/whole-summary.csv"
	exit 0
fi
echo "## Time per phase"
echo
echo "Both sides do the same work: init = library initialisation + event set + events"
echo "opened (raw: one perf_event_open per event, same group and read format as PAPI's),"
echo "start = reset + enable, read = one group read, reread = a second one (steady state), stop = disable + read,"
echo "termination = PAPI cleanup + destroy + shutdown / close. Runs alternate A/B,"
echo "the side that goes first alternating too; 'paired' is the median of the"
echo "per-run ratios."
cat "$o/overhead.md"
[ ! -f "$o/overhead.png" ] || printf '\n![per-phase latency](overhead.png)\n'

if [ -f "$o/syscalls.csv" ]; then
	echo
	echo "## System calls per phase (strace, phase markers)"
	for mode in cold warm; do
		echo
		if [ $mode = cold ]; then echo "### cold (one measurement in a fresh process)"
		else echo "### warm (second measurement cycle of a process; the first one is under 'other iterations')"; fi
		echo
		echo "| bucket | perf_event | PAPI |"
		echo "|---|---:|---:|"
		awk -F, -v mode=$mode -v whole="$o/syscalls-whole.csv" '
			NR > 1 && $2 == mode { c[$3 "," $1] += $6; t[$1] += $6
				if ($3 ~ /^(init|start|read|reread|stop|term)$/) ph[$1] += $6 }
			END {
				while ((getline l < whole) > 0) { split(l, f, ","); if (f[2] == mode) w[f[1]] = f[3] }
				n = split("startup init start read reread stop term between other-iterations exit", b, " ")
				for (i = 1; i <= n; i++) {
					if (b[i] == "other-iterations" && mode == "cold") continue
					label = b[i]
					if (b[i] == "startup") label = "startup (exec, dynamic loader, libc; before init)"
					if (b[i] == "exit") label = "exit (after termination)"
					if (b[i] == "between") label = "between phases (harness)"
					if (b[i] == "other-iterations") label = "other iterations (the first, cold, cycle)"
					printf "| %s | %d | %d |\n", label, c[b[i] ",perf"], c[b[i] ",papi"]
				}
				printf "| **sum of the 6 phases** | **%d** | **%d** |\n", ph["perf"], ph["papi"]
				printf "| all calls of the marked run (markers excluded) | %d | %d |\n", t["perf"], t["papi"]
				printf "| whole process, separate unmarked run (strace -c) | %s | %s |\n", w["perf"], w["papi"]
				printf "| whole process - sum of phases | %d | %d |\n", w["perf"] - ph["perf"], w["papi"] - ph["papi"]
			}' "$o/syscalls.csv"
	done
	echo
	echo "The whole-process count minus the phases is what happens outside them:"
	echo "process start-up and exit, which both programs share (PAPI's program loads two"
	echo "more libraries: libpapi and libpfm, a few openat/mmap/mprotect more)."
	echo
	echo "### Where PAPI's system calls in init (cold) come from"
	echo
	echo "By system call:"
	echo
	echo "| system call | count |"
	echo "|---|---:|"
	awk -F, 'NR > 1 && $1 == "papi" && $2 == "cold" && $3 == "init" { c[$4] += $6 }
		END { for (k in c) print c[k] "\t" k }' "$o/syscalls.csv" | sort -rn | head -n 12 |
		awk -F'\t' '{ printf "| %s | %d |\n", $2, $1 }'
	echo
	echo "Files and probes (path-taking calls; digits folded to N):"
	echo
	echo "| system call | path | count |"
	echo "|---|---|---:|"
	awk -F, 'NR > 1 && $1 == "papi" && $2 == "cold" && $3 == "init" && $5 != "" {
			p = $5; gsub(/[0-9]+/, "N", p); c[$4 "\t" p] += $6 }
		END { for (k in c) print c[k] "\t" k }' "$o/syscalls.csv" | sort -rn | head -n 20 |
		awk -F'\t' '{ printf "| %s | `%s` | %d |\n", $2, $3, $1 }'
fi

if [ -f "$o/instructions.csv" ] && [ "$(wc -l <"$o/instructions.csv")" -gt 1 ]; then
	echo
	echo "## Retired user instructions per phase"
	echo
	src=$(awk -F, 'NR == 2 { print $5 }' "$o/instructions.csv")
	case $src in
	callgrind*) echo "Counted by callgrind (Ir; client requests zero the counts before a phase and dump them after it)." ;;
	*) echo "Counted by a user-only instruction counter read around each phase (median of 10 processes; the cost of the two reads is subtracted)." ;;
	esac
	echo
	echo "| phase | perf_event cold | PAPI cold | perf_event warm | PAPI warm |"
	echo "|---|---:|---:|---:|---:|"
	awk -F, 'NR > 1 && $3 !~ /forced/ { v[$1 "," $2 "," $3] = $4; if ($3 != "total") { t[$1 "," $2] += $4 } }
		END {
			n = split("init start read reread stop term", p, " ")
			for (i = 1; i <= n; i++)
				printf "| %s | %s | %s | %s | %s |\n", p[i], v["perf,cold," p[i]], v["papi,cold," p[i]],
					v["perf,warm," p[i]], v["papi,warm," p[i]]
			printf "| sum | %d | %d | %d | %d |\n", t["perf,cold"], t["papi,cold"], t["perf,warm"], t["papi,warm"]
		}' "$o/instructions.csv"
	f=$(awk -F, '$3 ~ /^init-forced-/ { print $3 "," $4 }' "$o/instructions.csv")
	if [ -n "$f" ]; then
		echo
		echo "**Caveat (x86):** valgrind emulates CPUID, so under callgrind libpfm4 detects the PMU"
		echo "\`$(cat "$o/callgrind/valgrind-pmu.txt")\` instead of the native \`$(cat "$o/callgrind/native-pmu.txt")\`, and PAPI loads that"
		echo "PMU's presets: the PAPI init counts above are those of that configuration. With libpfm4"
		echo "forced to the native PMU (LIBPFM_FORCE_PMU, which leaves only that PMU active, so"
		echo "the perf:: events fail to add) PAPI's init costs **${f#*,}** instructions"
		echo "(library init + event set + one failed event lookup; \`callgrind/papi-init-forced-top.txt\`)."
		echo "On Arm and RISC-V libpfm4 identifies the CPU from /proc/cpuinfo: no such effect."
	fi
	if [ -f "$o/callgrind/papi-init-top.txt" ]; then
		echo
		echo "Top of PAPI's cold init by inclusive instructions: \`callgrind/papi-init-top.txt\`."
	fi
fi

if [ -f "$o/accuracy.md" ]; then
	echo
	echo "## Accuracy: GEMM counted through both (mean of the repetitions; CV = sd/mean)"
	echo
	echo "Each process also counts a start + stop around nothing (the second of two):"
	echo "the side's **own count**, i.e. what its own code adds inside the counting"
	echo "window (PAPI's start and stop paths after the enable and before the disable)."
	echo "**net** = count - own count, per run: the GEMM alone. For deterministic events"
	echo "(instructions under QEMU's icount) the two sides must agree exactly there."
	echo
	cat "$o/accuracy.md"
	if [ -s "$o/accuracy-unknown.txt" ]; then
		echo
		echo "Events of the list that are unknown or cannot be counted here (skipped):"
		echo
		sed 's/^/- /' "$o/accuracy-unknown.txt"
	fi
fi
