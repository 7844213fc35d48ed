#!/bin/sh
# The benchmark summaries of docs/overhead.md and benchmarks/README.md are the
# table scripts/bench-summary makes from benchmarks/results/ (make
# bench-summary), and one that is not fails: a result changed since (a
# median, the commit a run names), a threaded-mode run added, a figure edited
# in the document by hand; a folder without machine.json or a document
# without the markers is refused.
. "$(dirname "$0")/lib.sh"
BS=$SCRIPTS/bench-summary
R=$TOP_SRCDIR/benchmarks/results
docs="$TOP_SRCDIR/docs/overhead.md $TOP_SRCDIR/benchmarks/README.md"

echo "== the committed summaries"
# shellcheck disable=SC2086
"$BS" "$R" $docs --check || fail "a benchmark summary is out of date: run make bench-summary"
cols=$(for d in "$R"/*/; do [ -f "$d/machine.json" ] && echo "$d"; done | wc -l)
hdr=$(grep -A1 '^<!-- BEGIN bench-summary' "$TOP_SRCDIR/docs/overhead.md" | tail -1)
[ "$(echo "$hdr" | tr -cd '`' | wc -c)" -eq $((2 * cols)) ] ||
	fail "the summary has not one column per results folder ($cols): $hdr"
echo "one column per results folder: $cols"

copy() {
	rm -rf "$TMP/r" && cp -r "$R" "$TMP/r"
	cp "$TOP_SRCDIR/docs/overhead.md" "$TMP/doc.md"
}
echo "== a result changed since"
copy
awk -F, -v OFS=, '$1 == "cold" && $2 == "papi" && $3 == "reread" { $6 = $6 * 3 } { print }' \
	"$R/guest-a72/overhead-summary.csv" >"$TMP/r/guest-a72/overhead-summary.csv"
expect_failure 'out of date' "$BS" "$TMP/r" "$TMP/doc.md" --check
"$BS" "$TMP/r" "$TMP/doc.md" >/dev/null
cmp -s "$TMP/doc.md" "$TOP_SRCDIR/docs/overhead.md" && fail "rewriting with a changed median changed nothing"
echo "== the commit a run names"
copy
m=$TMP/r/guest-n1/machine.json
if grep -q '"tree_commit"' "$m"; then
	sed -i 's/"tree_commit": *"[^"]*"/"tree_commit": "0123456789ab"/' "$m"
else
	sed -i 's/"date": /"tree_commit": "0123456789ab", "date": /' "$m"
fi
"$BS" "$TMP/r" "$TMP/doc.md" >/dev/null
grep -q '`0123456789ab`' "$TMP/doc.md" || fail "the run's tree commit is not in the summary"
echo "== a threaded-mode run added"
copy
mkdir -p "$TMP/r/guest-u74/threads"
cp "$R/guest-u74/machine.json" "$TMP/r/guest-u74/threads/"
printf '%s\n' 'test,threads,metric,perf_n,perf_min,perf_median,perf_max,papi_n,papi_min,papi_median,papi_max,ratio_of_medians' \
	'read,1,instructions,3,60,64,70,3,120,128,140,2.0' >"$TMP/r/guest-u74/threads/threads-summary.csv"
"$BS" "$TMP/r" "$TMP/doc.md" >/dev/null
grep -q '128 / 64 (2.00x)' "$TMP/doc.md" || fail "the threaded-mode read is not in the summary"
echo "== a figure edited by hand"
copy
sed -i '/^<!-- BEGIN bench-summary/,/^<!-- END bench-summary/ { /read again/ s/| [0-9.]*x |/| 9.99x |/; }' "$TMP/doc.md"
cmp -s "$TMP/doc.md" "$TOP_SRCDIR/docs/overhead.md" && fail "the edit changed nothing"
expect_failure 'out of date' "$BS" "$R" "$TMP/doc.md" --check
echo "== refused"
copy
rm "$TMP/r/guest-n1/machine.json"
touch "$TMP/r/guest-n1/overhead-summary.csv"
expect_failure 'no machine.json' "$BS" "$TMP/r" "$TMP/doc.md" --check
echo "no markers" >"$TMP/bare.md"
expect_failure 'needs exactly one bench-summary block' "$BS" "$R" "$TMP/bare.md"
