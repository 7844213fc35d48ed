#!/bin/sh
# A record: made table.csv from stock/, series/*/ and ours/ (run on the
# guest outputs of that day).
# table of the a72 guest runs: variant, cold syscalls and user instructions per phase
echo "variant,init_syscalls,start_syscalls,read_syscalls,reread_syscalls,stop_syscalls,term_syscalls,init_instr,start_instr,read_instr,reread_instr,stop_instr,term_instr,warm_init_syscalls,warm_init_instr"
for d in "$@"; do
	v=${d##*/out-}
	awk -F, -v v="$v" '
		FILENAME ~ /syscalls.csv/ && $1 == "papi" { s[$2 "," $3] += $6 }
		FILENAME ~ /instructions.csv/ && $1 == "papi" { i[$2 "," $3] = $4 }
		END {
			printf "%s", v
			n = split("init start read reread stop term", ph, " ")
			for (k = 1; k <= n; k++) printf ",%d", s["cold," ph[k]]
			for (k = 1; k <= n; k++) printf ",%s", i["cold," ph[k]]
			printf ",%d,%s\n", s["warm,init"], i["warm,init"]
		}' "$d/bench/syscalls.csv" "$d/bench/instructions.csv"
done
