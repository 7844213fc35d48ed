#!/bin/sh
# The preset sections (presets/*.csv): scripts/preset-table's checks pass on the
# real sections (syntax, preset names, duplicates, counters per preset: the
# U74's 2 programmable counters, the CVA6's 6, 1 for the other RISC-V cores;
# every native event in our libpfm4 tables, papi_avail -a / -e with each PMU
# forced, comment blocks of at most 2 lines), docs/presets.md's preset table
# and big.LITTLE lists are the ones generated from them, and each kind of
# check fails on a section broken for it.
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?set by make check: the build directory}"
PT=$SCRIPTS/preset-table
PAPI_SRC=$BUILD_DIR/host/papi/src

echo "== the real sections"
"$PT" check "$TOP_SRCDIR/presets" "$BUILD_DIR" || fail "preset-table check failed on presets/"
"$PT" readme "$TOP_SRCDIR/presets" "$PAPI_SRC" "$TOP_SRCDIR/docs/presets.md" --check ||
	fail "docs/presets.md's preset table is out of date: run make preset-readme"

# broken NAME PATTERN COMMAND...: copy presets/, let the caller's sed break it, and expect
# preset-table check to fail naming the problem (PATTERN, in its output).
broken() {
	name=$1 want=$2
	shift 2
	echo "== broken: $name"
	rm -rf "$TMP/p" && cp -r "$TOP_SRCDIR/presets" "$TMP/p"
	"$@"
	expect_failure 'problem\(s\) in the preset sections' "$PT" check "$TMP/p" "$BUILD_DIR"
	grep -E -- "$want" "$TMP/out" || fail "$name: no error matching /$want/"
}
add() { echo "$2" >>"$TMP/p/$1"; }

broken "preset defined twice" 'PAPI_BR_CN defined twice' \
	add sifive_u74.csv 'PRESET,PAPI_BR_CN,NOT_DERIVED,sifive_u74::INSTRUCTION_COMMIT:JAL'
broken "U74 preset over 2 programmable counters" 'needs 3 programmable counters' \
	add sifive_u74.csv 'PRESET,PAPI_PRF_DM,DERIVED_ADD,sifive_u74::INSTRUCTION_COMMIT:INT_LOAD,sifive_u74::MEMORY_SYSTEM:DCACHE_MISS,sifive_u74::MICROARCHITECTURAL:DCACHE_BUSY'
# The RISC-V cores whose counter count is not public: one programmable event
# per preset (a SiFive class event, or a flat event); the CVA6: up to 6.
broken "P550 preset over 1 programmable counter" 'needs 2 programmable counters .*CPU sifive_p550 has 1' \
	add sifive_p550.csv 'PRESET,PAPI_PRF_DM,DERIVED_ADD,sifive_p550::INSTRUCTION_COMMIT:INT_LOAD,sifive_p550::MEMORY_SYSTEM:DCACHE_MISS'
broken "AX45 preset over 1 programmable counter" 'needs 2 programmable counters .*CPU andes_ax45 has 1' \
	add andes_ax45.csv 'PRESET,PAPI_L1_TCA,DERIVED_ADD,andes_ax45::ICACHE_ACCESS,andes_ax45::DCACHE_ACCESS'
broken "CVA6 preset over 6 programmable counters" 'needs 7 programmable counters .*CPU openhw_cva6 has 6' \
	add openhw_cva6.csv 'PRESET,PAPI_L2_TCA,DERIVED_POSTFIX,N0|N1|+|N2|+|N3|+|N4|+|N5|+|N6|+|,openhw_cva6::L1_I_CACHE_MISSES,openhw_cva6::L1_D_CACHE_MISSES,openhw_cva6::ITLB_MISSES,openhw_cva6::DTLB_MISSES,openhw_cva6::EXCEPTIONS,openhw_cva6::ITLB_FLUSH,openhw_cva6::MSB_FULL'
broken "unknown event of a new RISC-V core" 'thead_c900::L2_CACHE_MISS is not in libpfm4' \
	add thead_c900.csv 'PRESET,PAPI_L3_TCM,NOT_DERIVED,thead_c900::L2_CACHE_MISS'
broken "bits of two classes on one counter" 'is not in libpfm4' \
	add sifive_u74.csv 'PRESET,PAPI_PRF_DM,NOT_DERIVED,sifive_u74::INSTRUCTION_COMMIT:INT_LOAD:ICACHE_MISS'
broken "unknown Arm event" 'arm_n1::L2D_CACHE_HIT is not in libpfm4' \
	add arm_n1.csv 'PRESET,PAPI_L2_DCH,NOT_DERIVED,arm_n1::L2D_CACHE_HIT'
broken "unknown A55 event" 'arm_ac55::L2D_CACHE_HIT is not in libpfm4' \
	add arm_ac55.csv 'PRESET,PAPI_L2_TCH,NOT_DERIVED,arm_ac55::L2D_CACHE_HIT'
broken "not a PAPI preset" 'PAPI_L1_DCX is not a PAPI preset' \
	add arm_ac72.csv 'PRESET,PAPI_L1_DCX,NOT_DERIVED,arm_ac72::L1D_CACHE'
broken "postfix formula and events disagree" 'formula' \
	add arm_ac72.csv 'PRESET,PAPI_L2_TCH,DERIVED_POSTFIX,N0|N1|-|N2|-|,arm_ac72::L2D_CACHE,arm_ac72::L2D_CACHE_REFILL'
broken "mapped and UNAVAILABLE" 'both mapped and listed as UNAVAILABLE' \
	add arm_n1.csv '# UNAVAILABLE,PAPI_TOT_INS,testing'
# Comment blocks of at most 2 lines: UNAVAILABLE lines and bare "#" lines
# are not part of one (the real sections have runs of UNAVAILABLE lines and
# a 2-line block), 3 lines of rationale above a preset are refused.
long_comment() { sed -i 's/^PRESET,PAPI_L1_DCH,/# why one\n# why two\n# why three\n&/' "$TMP/p/arm_ac72.csv"; }
broken "comment block over 2 lines" 'arm_ac72.csv:[0-9]+: a comment block of 3 lines' \
	long_comment
# A section for a CPU that PAPI's own table still has one for (arm_ac57 shares
# the A15/A57 section of PAPI 7.2.0): two sections for one CPU.
broken "a second section for a CPU" "PAPI's papi_events.csv has 1 section\\(s\\) of its own for CPU arm_ac57" \
	add arm_ac57.csv 'CPU,arm_ac57'
# The section differs from the table compiled into libpapi: papi_avail lists a
# preset the (edited) section no longer has.
drop_l1_icm() { sed -i '/PAPI_L1_ICM,/d' "$TMP/p/arm_n1.csv"; }
broken "papi_avail disagrees with the section" 'papi_avail -a lists PAPI_L1_ICM, which the section does not define' \
	drop_l1_icm
remap_tlb() { sed -i 's/^PRESET,PAPI_TLB_DM,NOT_DERIVED,arm_ac72::L1D_TLB_REFILL/PRESET,PAPI_TLB_DM,NOT_DERIVED,arm_ac72::L1D_TLB_REFILL_RD/' "$TMP/p/arm_ac72.csv"; }
broken "papi_avail -e maps differently" 'papi_avail -e PAPI_TLB_DM maps to' \
	remap_tlb

echo "== stale table in docs/presets.md"
cp "$TOP_SRCDIR/docs/presets.md" "$TMP/presets.md"
sed -i 's/^| `PAPI_TOT_INS` |\(.*\)| yes |/| `PAPI_TOT_INS` |\1| - |/' "$TMP/presets.md"
cmp -s "$TMP/presets.md" "$TOP_SRCDIR/docs/presets.md" && fail "the edit of docs/presets.md did not change anything"
expect_failure 'preset table is out of date' "$PT" readme "$TOP_SRCDIR/presets" "$PAPI_SRC" "$TMP/presets.md" --check

echo "== stale big.LITTLE lists in docs/presets.md"
cp "$TOP_SRCDIR/docs/presets.md" "$TMP/presets.md"
sed -i 's/^- \*\*Summed\*\* (7): /- **Summed** (14): /' "$TMP/presets.md"
cmp -s "$TMP/presets.md" "$TOP_SRCDIR/docs/presets.md" && fail "the edit of docs/presets.md did not change anything"
expect_failure 'big.LITTLE preset table is out of date' "$PT" readme "$TOP_SRCDIR/presets" "$PAPI_SRC" "$TMP/presets.md" --check

# The per-board lists follow the sections, with PAPI's rule (a sum only of
# definitions alike): the A72's PAPI_LD_INS on LD_RETIRED, as the A53's, is
# summed on the RK3399; its PAPI_TOT_CYC as a formula of CPU_CYCLES, not
# the A53's plain CPU_CYCLES, is not.
echo "== the big.LITTLE lists follow the sections"
rm -rf "$TMP/p" && cp -r "$TOP_SRCDIR/presets" "$TMP/p"
sed -i -e 's/^PRESET,PAPI_LD_INS,NOT_DERIVED,arm_ac72::LD_SPEC,.*/PRESET,PAPI_LD_INS,NOT_DERIVED,arm_ac72::LD_RETIRED/' \
	-e 's/^PRESET,PAPI_TOT_CYC,NOT_DERIVED,arm_ac72::CPU_CYCLES$/PRESET,PAPI_TOT_CYC,DERIVED_POSTFIX,N0|2|*|,arm_ac72::CPU_CYCLES/' \
	"$TMP/p/arm_ac72.csv"
cp "$TOP_SRCDIR/docs/presets.md" "$TMP/presets.md"
"$PT" readme "$TMP/p" "$PAPI_SRC" "$TMP/presets.md" >/dev/null || fail "preset-table readme failed on the edited sections"
sed -n '/^### Cortex-A53 + Cortex-A72/,/^### /p' "$TMP/presets.md" >"$TMP/rk3399"
grep -q '^- \*\*Summed\*\* (7): .*`PAPI_LD_INS`' "$TMP/rk3399" ||
	fail "PAPI_LD_INS on LD_RETIRED in both sections is not listed as summed on the RK3399 (or TOT_CYC still is)"
grep -q '^  - `PAPI_TOT_CYC`: `arm_ac53` CPU_CYCLES; `arm_ac72` N0|2|\*| of CPU_CYCLES$' "$TMP/rk3399" ||
	fail "PAPI_TOT_CYC, a formula on the A72 only, is not listed as not summed on the RK3399"

echo "ok"
