#!/bin/sh
# "make patches" output: for each upstream project, the one patch file applies
# cleanly to a freshly unpacked pristine tree (patch -p1 --dry-run), and applying
# it gives exactly the tree the build uses.
. "$(dirname "$0")/lib.sh"

for project in libpfm4 papi; do
	case $project in
	libpfm4) tarball=$LIBPFM4_TARBALL ;;
	papi) tarball=$PAPI_TARBALL ;;
	esac
	"$SCRIPTS/make-patch" "$project" "$tarball" "$TMP/work" "$TMP/$project.patch"
	"$SCRIPTS/prepare-tree" "$project" "$tarball" "$TMP/pristine" --pristine
	"$SCRIPTS/prepare-tree" "$project" "$tarball" "$TMP/expected"
	if grep -q '^+++ ' "$TMP/$project.patch"; then
		patch -d "$TMP/pristine" -p1 --dry-run <"$TMP/$project.patch" ||
			fail "$project: the patch does not apply to the pristine tree"
		patch -d "$TMP/pristine" -p1 -s <"$TMP/$project.patch"
	fi
	diff -r "$TMP/pristine" "$TMP/expected" >"$TMP/diff" ||
		fail "$project: pristine tree + patch differs from the build's tree: $(head -5 "$TMP/diff")"
	echo "$project: $(grep -c '^+++ ' "$TMP/$project.patch" || true) file(s) changed, round trip ok"
	rm -rf "$TMP/pristine" "$TMP/expected"
done
echo "ok"
