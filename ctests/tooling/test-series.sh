#!/bin/sh
# "make patches" output (scripts/make-series): for each upstream project, the
# series of each class apply with `patch -p1` to a freshly unpacked pristine
# tree, in their order (fix, port, startup), every mail exactly, and together
# give exactly the tree the build uses. A new file no patch claims, one
# claimed twice, an unknown class and classes out of order are refused.
. "$(dirname "$0")/lib.sh"

for project in libpfm4 papi; do
	case $project in
	libpfm4) tarball=$LIBPFM4_TARBALL ;;
	papi) tarball=$PAPI_TARBALL ;;
	esac
	"$SCRIPTS/make-series" "$project" "$tarball" "$TMP/work" "$TMP/$project"
	"$SCRIPTS/prepare-tree" "$project" "$tarball" "$TMP/tree" --pristine
	"$SCRIPTS/prepare-tree" "$project" "$tarball" "$TMP/expected"
	[ "$(ls "$TMP/$project")" = "$(printf '1-fix\n2-port\n3-startup')" ] ||
		fail "$project: series $(ls "$TMP/$project" | tr '\n' ' '), expected 1-fix 2-port 3-startup"
	for dir in "$TMP/$project"/*; do
		n=0
		for mail in "$dir"/*.patch; do
			grep -q '^Subject: \[PATCH' "$mail" || fail "$project: ${mail#$TMP/} has no subject"
			patch -d "$TMP/tree" -p1 --batch --forward --fuzz=0 -s <"$mail" ||
				fail "$project: ${mail#$TMP/} does not apply after the mails before it"
			n=$((n + 1))
		done
		echo "$project: ${dir##*/}: $n mail(s) applied"
	done
	diff -r "$TMP/tree" "$TMP/expected" >"$TMP/diff" ||
		fail "$project: pristine tree + series differs from the build's tree: $(head -5 "$TMP/diff")"
	rm -rf "$TMP/tree" "$TMP/expected" "$TMP/$project"
done

# Refusals, with a copy of the scripts and a libpfm4 overlay of our own.
fake_checkout
o=$TMP/top/libpfm4-pmus
mkdir -p "$o/lib"
echo "/* new */" >"$o/lib/pfmlib_new.c"
mkdir -p "$TMP/a" "$TMP/b"
tar -xf "$LIBPFM4_TARBALL" -C "$TMP/a" --strip-components=1 --wildcards '*/README'
sed '1i hello' "$TMP/a/README" >"$TMP/b/README"
{
	printf 'Say hello in the README\n\n'
	(cd "$TMP" && diff -u a/README b/README) || true
} >"$o/patches/0001-touch.patch"
series() { printf '%s\n' "$@" >"$o/patches/series"; }
make_series() { "$TMP/top/scripts/make-series" libpfm4 "$LIBPFM4_TARBALL" "$TMP/w" "$TMP/out"; }

series "0001-touch.patch port"
printf '' >"$o/patches/new-files"
expect_failure "new-files does not say which patch adds: lib/pfmlib_new.c" make_series
printf 'lib/pfmlib_new.c 0001-touch.patch\nlib/pfmlib_new.c 0001-touch.patch\n' >"$o/patches/new-files"
expect_failure "new-files lists more than once: lib/pfmlib_new.c" make_series
printf 'lib/pfmlib_new.c 0002-none.patch\n' >"$o/patches/new-files"
expect_failure "gives files to 0002-none.patch, which is not in patches/series" make_series
printf 'lib/pfmlib_new.c 0001-touch.patch\n' >"$o/patches/new-files"
series "0001-touch.patch feature"
expect_failure "0001-touch.patch has class 'feature', not one of: fix port startup" make_series
series "0001-touch.patch"
expect_failure "0001-touch.patch has class '', not one of" make_series
cp "$o/patches/0001-touch.patch" "$o/patches/0002-again.patch"
series "0001-touch.patch startup" "0002-again.patch fix"
expect_failure "0002-again.patch \(fix\) comes after a startup patch" make_series

# A generated file (patches/generated) needs its patch as well.
printf '#!/bin/sh\necho "/* generated from $1 */"\n' >"$TMP/top/scripts/gen-hello"
chmod +x "$TMP/top/scripts/gen-hello"
echo "tests/hello.h gen-hello data" >"$o/patches/generated"
series "0001-touch.patch port"
expect_failure "new-files does not say which patch adds: tests/hello.h" make_series

# And the fake overlay itself makes a series: one port mail with the new file
# and the generated one.
echo "tests/hello.h 0001-touch.patch" >>"$o/patches/new-files"
make_series
mail=$(ls "$TMP/out/2-port"/*.patch)
grep -q '^Subject: \[PATCH\] Say hello in the README$' "$mail" || fail "fake series: subject: $(grep '^Subject' "$mail")"
grep -q '^+++ b/lib/pfmlib_new.c$' "$mail" || fail "fake series: the new file is not in its patch's mail"
grep -q '^+/\* generated from data \*/$' "$mail" || fail "fake series: the generated file is not in its patch's mail"
[ ! -d "$TMP/out/1-fix" ] || fail "fake series: an empty fix series was written"
echo "ok"
