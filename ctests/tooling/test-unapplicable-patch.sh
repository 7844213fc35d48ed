#!/bin/sh
# A registration patch that does not apply, a series naming a missing patch, and
# an overlay file that would replace an upstream file each stop the tree
# preparation with one line naming the culprit; a good patch applies.
. "$(dirname "$0")/lib.sh"
fake_checkout
overlay=$TMP/top/libpfm4-pmus

# A good patch (made against the pristine README): applies, and its change is
# in the tree.
mkdir -p "$TMP/a" "$TMP/b"
tar -xf "$LIBPFM4_TARBALL" -C "$TMP/a" --strip-components=1 --wildcards '*/README'
sed '1i Patched by the tooling test.' "$TMP/a/README" >"$TMP/b/README"
(cd "$TMP" && diff -u a/README b/README) >"$overlay/patches/0001-good.patch" || true
echo "0001-good.patch port" >"$overlay/patches/series"
mkdir -p "$overlay/lib/events"
echo "/* new file */" >"$overlay/lib/events/tooling_test_events.h"
# A new file no patch claims stops the build too (it would be in no mail).
expect_failure "^prepare-tree: error: libpfm4-pmus/patches/new-files is missing" \
	"$TMP/top/scripts/prepare-tree" libpfm4 "$LIBPFM4_TARBALL" "$TMP/tree"
echo "lib/events/tooling_test_events.h 0001-good.patch" >"$overlay/patches/new-files"
"$TMP/top/scripts/prepare-tree" libpfm4 "$LIBPFM4_TARBALL" "$TMP/tree"
head -n 1 "$TMP/tree/README" | grep -q "Patched by the tooling test" || fail "good patch not applied"
[ -f "$TMP/tree/lib/events/tooling_test_events.h" ] || fail "new file not copied"
[ ! -e "$TMP/tree/patches" ] || fail "patches/ copied into the upstream tree"

# A patch whose context is not in the upstream file.
sed 's/^ \(.*libpfm-4\.x\)/ \1 (not this release)/' "$overlay/patches/0001-good.patch" >"$overlay/patches/0002-stale.patch"
grep -q "not this release" "$overlay/patches/0002-stale.patch" || fail "could not make a stale patch"
printf '0001-good.patch port\n0002-stale.patch port\n' >"$overlay/patches/series"
# the message names the pinned version (scripts/upstream.list), regex-quoted
version=$(awk '!/^#/ && $1 == "libpfm4" { print $2 }' "$TMP/top/scripts/upstream.list" | sed 's/[.+]/\\&/g')
[ -n "$version" ] || fail "no libpfm4 version in upstream.list"
expect_failure "^prepare-tree: error: libpfm4-pmus/patches/0002-stale.patch does not apply to libpfm4 $version\$" \
	"$TMP/top/scripts/prepare-tree" libpfm4 "$LIBPFM4_TARBALL" "$TMP/tree"

# A series entry without its file.
printf '0001-good.patch port\n0003-missing.patch port\n' >"$overlay/patches/series"
expect_failure "^prepare-tree: error: libpfm4-pmus/patches/series names 0003-missing.patch, which does not exist$" \
	"$TMP/top/scripts/prepare-tree" libpfm4 "$LIBPFM4_TARBALL" "$TMP/tree"

# A new file that is not new: upstream files change only through patches.
echo "0001-good.patch port" >"$overlay/patches/series"
echo "/* replaced */" >"$overlay/lib/pfmlib_common.c"
echo "lib/pfmlib_common.c 0001-good.patch" >>"$overlay/patches/new-files"
expect_failure "^prepare-tree: error: libpfm4-pmus/lib/pfmlib_common.c would replace an upstream file" \
	"$TMP/top/scripts/prepare-tree" libpfm4 "$LIBPFM4_TARBALL" "$TMP/tree"
echo "ok"
