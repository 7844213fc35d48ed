#!/bin/sh
# libpfm4 compiles against glibc 2.43's headers in C23 mode, as on Debian sid
# and forky (GCC 16, whose default dialect is C23 since GCC 15, and glibc
# 2.43): there strchr(), strrchr(), strpbrk(), strstr(), memchr() and
# bsearch() are macros that return a pointer to const when passed one, and
# storing that in a char * is an error under libpfm4's -Werror. This machine's
# GCC, in -std=gnu2x, with the pinned headers of scripts/headers.list
# (scripts/headers-fetch; the kernel's headers stay this machine's) sees the
# same macros:
#   - the headers really make the difference: a strpbrk() of a const string
#     stored in a char * fails with them and compiles with this machine's;
#   - the pristine release fails, in lib/pfmlib_common.c and
#     tests/validate_x86.c only, both on a discarded const;
#   - the release with the fix mail "Build with C23's const-preserving string
#     functions (glibc 2.43)" alone, and the build's tree (release and our
#     whole series, for x86_64, aarch64 and riscv64), compile: the library
#     and every object of libpfm4's tests, without a diagnostic (the tests'
#     programs are not linked: this machine's glibc lacks 2.43's symbols);
#   - upstream's head (make check-upstream-head's snapshot, when configured)
#     fails the same way without the fix mail and compiles with it.
# libpfm4's own Makefiles build, with the build's libpfm4 options.
. "$(dirname "$0")/lib.sh"
: "${CACHE_DIR:?set by make check}" "${BUILD_DIR:?set by make check}"

FIX=0043-c23-const-string-functions.patch
cc=${CC:-gcc}
multiarch=$($cc -print-multiarch)
if [ "$multiarch" != x86_64-linux-gnu ]; then
	echo "SKIP: the pinned glibc headers are amd64's; $cc builds for ${multiarch:-an unknown target}"
	exit 77
fi
headers=$("$SCRIPTS/headers-fetch" glibc-2.43 "$CACHE_DIR") ||
	fail "cannot fetch the glibc 2.43 headers (scripts/headers.list)"
echo "headers: $(sed -n 's/^package //p' "$headers/versions")"
mkdir -p "$TMP/kinc"
for d in linux asm-generic; do ln -s "/usr/include/$d" "$TMP/kinc/$d"; done
ln -s "/usr/include/$multiarch/asm" "$TMP/kinc/asm"
cat >"$TMP/cc" <<EOF
#!/bin/sh
exec $cc -std=gnu2x -nostdinc -isystem $($cc -print-file-name=include) \\
	-isystem $headers/usr/include/$multiarch -isystem $headers/usr/include \\
	-isystem $TMP/kinc "\$@"
EOF
chmod +x "$TMP/cc"
export LC_ALL=C

# 1. The headers make the difference.
printf '%s\n' '#include <string.h>' 'char *f(const char *s) { char *p; p = strpbrk(s, ":"); return p; }' >"$TMP/probe.c"
$cc -std=gnu2x -Werror -c -o "$TMP/probe.o" "$TMP/probe.c" ||
	fail "probe: a plain strpbrk() does not compile with this machine's headers"
if "$TMP/cc" -Werror -c -o "$TMP/probe.o" "$TMP/probe.c" 2>"$TMP/probe.err"; then
	fail "probe: glibc 2.43's headers in C23 mode do not make strpbrk() of a const string const"
fi
grep -q "discards 'const' qualifier" "$TMP/probe.err" ||
	{ cat "$TMP/probe.err"; fail "probe: not the discarded-const error"; }
echo "probe: strpbrk() of a const string into a char *: fails with glibc 2.43's headers, not with this machine's"

pfm_options=$(cat "$BUILD_DIR/libpfm4.options")
# c23_build TREE ARCH: builds libpfm4's lib and tests in TREE for ARCH with
# the headers; TREE.diag gets each compiler diagnostic as DIR/FILE:LINE:COL:
# KIND: TEXT, TREE.incomplete what did not compile (not the links of the
# tests' programs).
c23_build() {
	: >"$1.diag"
	: >"$1.incomplete"
	for _d in lib tests; do
		# shellcheck disable=SC2086 # the options are words
		make -k -j2 -C "$1/$_d" ARCH="$2" CC="$TMP/cc" $pfm_options >"$1.$_d.log" 2>&1 || true
		sed -n "s|^\([^ :]*\.[ch]:[0-9]*:[0-9]*: [a-z]*:\)|$_d/\1|p" "$1.$_d.log" >>"$1.diag"
		grep -E '\*\*\* \[[^]]*\.l?o\] Error' "$1.$_d.log" >>"$1.incomplete" || true
	done
	[ -f "$1/lib/libpfm.a" ] || echo "lib/libpfm.a not made" >>"$1.incomplete"
}
# must_fail_pristine LABEL TREE
must_fail_pristine() {
	c23_build "$2" x86_64
	[ -s "$2.diag" ] || fail "$1: compiles with glibc 2.43's headers: this test cannot fail"
	if grep -v "discards 'const' qualifier" "$2.diag" >&2; then
		fail "$1: another error than a discarded const (above)"
	fi
	files=$(cut -d: -f1 "$2.diag" | sort -u | tr '\n' ' ')
	[ "$files" = "lib/pfmlib_common.c tests/validate_x86.c " ] ||
		{ cat "$2.diag" >&2; fail "$1: discarded consts in $files, expected lib/pfmlib_common.c tests/validate_x86.c"; }
	echo "$1: fails:"
	sort -u "$2.diag" | sed 's/^/    /'
}
# must_compile LABEL TREE ARCH
must_compile() {
	c23_build "$2" "$3"
	if [ -s "$2.diag" ] || [ -s "$2.incomplete" ]; then
		sort -u "$2.diag" "$2.incomplete" >&2
		fail "$1 ($3) does not compile with glibc 2.43's headers in C23 mode (above)"
	fi
	echo "$1 ($3): compiles, $(ls "$2"/lib/*.o | wc -l) library objects, $(ls "$2"/tests/*.o | wc -l) test objects"
}
# with_fix LABEL SOURCE BASE: pristine SOURCE fails, SOURCE with the fix
# mail alone (its head form on the head, if any) compiles.
with_fix() {
	"$SCRIPTS/prepare-tree" libpfm4 "$2" "$TMP/pristine" --pristine
	must_fail_pristine "$1, pristine" "$TMP/pristine"
	"$SCRIPTS/prepare-tree" libpfm4 "$2" "$TMP/fixed" --pristine
	mail=$TOP_SRCDIR/libpfm4-pmus/patches/$FIX
	[ "$3" = release ] || [ ! -f "$TOP_SRCDIR/libpfm4-pmus/patches/head/$FIX" ] ||
		mail=$TOP_SRCDIR/libpfm4-pmus/patches/head/$FIX
	patch -d "$TMP/fixed" -p1 --batch --forward --fuzz=0 -s <"$mail" ||
		fail "$1: the fix mail $FIX does not apply alone"
	must_compile "$1 with the fix mail alone" "$TMP/fixed" x86_64
	rm -rf "$TMP/pristine" "$TMP/pristine".* "$TMP/fixed" "$TMP/fixed".*
}

# 2. The release, pristine and with the fix alone.
with_fix "libpfm4 $(awk '!/^#/ && $1 == "libpfm4" { print $2 }' "$SCRIPTS/upstream.list")" "$LIBPFM4_TARBALL" release

# 3. The build's tree: the release and our whole series.
"$SCRIPTS/prepare-tree" libpfm4 "$LIBPFM4_TARBALL" "$TMP/series"
for arch in x86_64 aarch64 riscv64; do
	rm -rf "$TMP/build" "$TMP/build".*
	cp -a "$TMP/series" "$TMP/build"
	must_compile "the build's libpfm4 tree" "$TMP/build" "$arch"
done
rm -rf "$TMP/series" "$TMP/build" "$TMP/build".*

# 4. Upstream's head, when there is a snapshot of it.
uh=${UPSTREAM_HEAD_DIR:-$BUILD_DIR/upstream-head}
if [ -f "$uh/libpfm4.path" ]; then
	with_fix "libpfm4 at upstream's head ($(cat "$uh/label" 2>/dev/null || echo snapshot))" "$(cat "$uh/libpfm4.path")" head
else
	echo "upstream's head: no snapshot (configure --with-upstream-head), not checked"
fi
echo ok
