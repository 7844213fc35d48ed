#!/bin/sh
# The per-patch tables of libpfm4-pmus/README.md and papi-components/README.md
# are the ones scripts/patch-table makes from the patches' mails and
# patches/series (make patch-tables), and a table that is not fails: one with
# a row edited by hand, one missing a patch of the series, one whose mail
# has changed since; a README without the markers is refused.
. "$(dirname "$0")/lib.sh"
PT=$SCRIPTS/patch-table

for project in libpfm4 papi; do
	case $project in
	libpfm4) doc=$TOP_SRCDIR/libpfm4-pmus/README.md ;;
	papi) doc=$TOP_SRCDIR/papi-components/README.md ;;
	esac
	echo "== $project: the committed table"
	"$PT" "$project" "$doc" --check ||
		fail "${doc#$TOP_SRCDIR/}: the patch table is out of date: run make patch-tables"
	rows=$("$PT" "$project" | grep -c '^| `')
	series=$(grep -cv -e '^#' -e '^[[:space:]]*$' "$(dirname "$doc")/patches/series")
	[ "$rows" -eq "$series" ] || fail "$project: $rows rows for $series patches of the series"
	echo "$project: $rows patches, one row each"
done

for project in libpfm4 papi; do
	echo "== $project: the submissions' table of docs/upstreaming.md"
	"$PT" --submissions "$project" "$TOP_SRCDIR/docs/upstreaming.md" --check ||
		fail "docs/upstreaming.md: the $project submissions' table is out of date: run make patch-tables"
done
cp "$TOP_SRCDIR/docs/upstreaming.md" "$TMP/upstreaming.md"
sed -i 's/^\(| `01-fixes` | [^|]* | \)[0-9]* /\1/' "$TMP/upstreaming.md"
cmp -s "$TMP/upstreaming.md" "$TOP_SRCDIR/docs/upstreaming.md" && fail "the edit of the submissions' table did not change anything"
expect_failure 'out of date' "$PT" --submissions libpfm4 "$TMP/upstreaming.md" --check

echo "== a row edited by hand"
cp "$TOP_SRCDIR/papi-components/README.md" "$TMP/README.md"
sed -i 's/^\(| `0007-[^|]*| port | \)same |/\1rebased |/' "$TMP/README.md"
cmp -s "$TMP/README.md" "$TOP_SRCDIR/papi-components/README.md" && fail "the edit of the table did not change anything"
expect_failure 'the patch table is out of date' "$PT" papi "$TMP/README.md" --check

echo "== a patch of the series missing"
cp "$TOP_SRCDIR/papi-components/README.md" "$TMP/README.md"
sed -i '/^| `0093-/d' "$TMP/README.md"
expect_failure 'the patch table is out of date' "$PT" papi "$TMP/README.md" --check

echo "== no markers"
grep -v '^<!-- patch-table ' "$TOP_SRCDIR/papi-components/README.md" >"$TMP/README.md"
expect_failure "has no '<!-- patch-table begin -->' and '<!-- patch-table end -->' lines" "$PT" papi "$TMP/README.md" --check

# A mail changed after the table was written, in a copy of the scripts and
# overlay: the table is stale until it is written again.
echo "== a mail changed since"
fake_checkout
rm -r "$TMP/top/libpfm4-pmus"
cp -r "$TOP_SRCDIR/libpfm4-pmus" "$TMP/top/libpfm4-pmus"
mail=$TMP/top/libpfm4-pmus/patches/0004-terminate-forgets-detection.patch
sed -i '1s/.*/pfm_terminate: forget the detected PMUs/' "$mail"
expect_failure 'the patch table is out of date' "$TMP/top/scripts/patch-table" libpfm4 "$TMP/top/libpfm4-pmus/README.md" --check
"$TMP/top/scripts/patch-table" libpfm4 "$TMP/top/libpfm4-pmus/README.md"
"$TMP/top/scripts/patch-table" libpfm4 "$TMP/top/libpfm4-pmus/README.md" --check ||
	fail "the table written again is still out of date"
grep -q '^| `0004-terminate-forgets-detection.patch` | fix | same | 01-fixes | \*\*pfm_terminate: forget the detected PMUs\*\*: ' "$TMP/top/libpfm4-pmus/README.md" ||
	fail "the table written again does not have the new subject"
echo "ok"
