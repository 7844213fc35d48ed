#!/bin/sh
# scripts/bench-startup --report on a guest run's table: each variant's share
# of the gain and the gain kept so far, figures worked out by hand here from
# round numbers (presets: 1,000,000 -> 600,000 -> 200,000, a gain of 800,000
# in two equal steps; native events from stock: 500,000 -> 1,100,000 ->
# 700,000 -> 300,000, a gain of 200,000); a variant that could not run is
# named with its reason, and a column without that variant is "not measured".
. "$(dirname "$0")/lib.sh"
d=$TMP/run
mkdir -p "$d/00-stock"
cat >"$d/table.csv" <<'CSV'
variant,patch,presets_instr,presets_instr_min,presets_instr_max,presets_syscalls,natives_instr,natives_instr_min,natives_instr_max,natives_syscalls
00-stock,stock,,,,,500000,499000,501000,180
01-fix-port,fixes,1000000,999000,1001000,200,1100000,1099000,1101000,200
02-libpfm4,libpfm4,600000,599000,601000,160,700000,699000,701000,160
03-0010,0010-a.patch,200000,199000,201000,80,300000,299000,301000,80
CSV
echo "guest: a test" >"$d/machine.txt"
echo "papi side: cannot add event PAPI_TOT_CYC" >"$d/00-stock/presets-failed.txt"
"$SCRIPTS/bench-startup" --report "$d" || fail "bench-startup --report fails"
r=$d/results.md
row() { grep "^| $1 |" "$r" | tr -d ' ' || fail "no row $1 in $r"; }
echo "== presets: shares and kept of a gain of 800,000"
row 01-fix-port | grep -q '^|01-fix-port|fixes|1,000,000|||0.0%|200|' || fail "01-fix-port: $(row 01-fix-port)"
row 02-libpfm4 | grep -q '^|02-libpfm4|libpfm4|600,000|-400,000|50.0%|50.0%|160|' || fail "02-libpfm4: $(row 02-libpfm4)"
row 03-0010 | grep -q '^|03-0010|0010-a.patch|200,000|-400,000|50.0%|100.0%|80|' || fail "03-0010: $(row 03-0010)"
echo "== native events from stock: a gain of 200,000"
row 03-0010 | grep -q '|300,000|-400,000|200.0%|100.0%|80|$' || fail "03-0010 natives: $(row 03-0010)"
row 01-fix-port | grep -q '|1,100,000|+600,000|-300.0%|-300.0%|200|$' || fail "01-fix-port natives: $(row 01-fix-port)"
echo "== stock without presets"
row 00-stock | grep -q '^|00-stock|stock|notmeasured|' || fail "00-stock: $(row 00-stock)"
grep -q '^Not measured: 00-stock with presets: papi side: cannot add event PAPI_TOT_CYC$' "$r" ||
	fail "the stock variant's reason is not in $r"
echo ok
