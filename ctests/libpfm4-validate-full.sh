#!/bin/sh
# libpfm4-validate-full.sh TREE MAKE-ARGS...
#
# libpfm4's tests/validate of the table build TREE (build/table_ARCH/libpfm4),
# rebuilt with the full generated entries: the tree, like the mails, carries
# a sample of them (libpfm4-pmus/patches/generated, "sample": about 15 per
# Arm PMU, a few per RISC-V PMU, as upstream keeps); here every event of Arm's
# Cortex-A72 and Neoverse N1 lists and of each Linux perf RISC-V folder is
# checked against its reference code (scripts/gen-*-validate-entries ...
# full), in a copy of TREE. MAKE-ARGS: how TREE was built (ARCH=..., CC=...).
set -eu
tree=$1
shift
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$tree/tests/validate" ] || { echo "FAILED: $tree/tests/validate is not built" >&2; exit 1; }
cp -a "$tree" "$tmp/t"
n=0
for f in $(awk '!/^#/ && NF { print $1 }' "$top/libpfm4-pmus/patches/generated"); do
	cmd=$(awk -v f="$f" '!/^#/ && $1 == f { $1 = ""; sub(/^[ \t]+/, ""); print; exit }' \
		"$top/libpfm4-pmus/patches/generated")
	case $cmd in
	*" sample") ;;
	*) echo "FAILED: patches/generated: '$cmd' does not end with 'sample'" >&2; exit 1 ;;
	esac
	# shellcheck disable=SC2086 # the command's words, as written
	(cd "$top/scripts" && ./${cmd% sample} full) >"$tmp/full.h"
	sample=$(grep -c SRC_LINE "$tmp/t/$f")
	full=$(grep -c SRC_LINE "$tmp/full.h")
	[ "$full" -gt "$sample" ] ||
		{ echo "FAILED: $f: $full entries in full, $sample in the sample" >&2; exit 1; }
	echo "$f: $full entries (the tree's sample: $sample)"
	cp "$tmp/full.h" "$tmp/t/$f"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "FAILED: no generated test file" >&2; exit 1; }
rm -f "$tmp/t/tests/"*.o "$tmp/t/tests/validate"
if ! make -C "$tmp/t/tests" "$@" >"$tmp/build.log" 2>&1; then
	tail -n 20 "$tmp/build.log" >&2
	echo "FAILED: tests/validate with the full entries does not build" >&2
	exit 1
fi
"$tmp/t/tests/validate"
