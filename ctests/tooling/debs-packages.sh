#!/bin/sh
# debs-packages.sh ARCH: the packages make debs wrote for ARCH
# (build/debs/ARCH): Debian's binary package names, Multi-Arch fields and
# paths, libpapi7.2's dependency on our libpfm4, the symbols (libpfm4: the 13
# pfm_* symbols, libpapi7.2: 310), checked again with dpkg-gensymbols -c4
# against the packaged libraries, and lintian without errors
# (docs/packages.md says what it still warns about and why).
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?}"
arch=${1:?usage: debs-packages.sh ARCH}
dir=$BUILD_DIR/debs/$arch
[ -f "$dir/.built" ] || fail "no packages for $arch in $dir: make debs"
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH -a"$arch" 2>/dev/null)

deb_of() {
	set -- "$dir/$1"_*_"$arch".deb
	[ -f "$1" ] || fail "no package $(basename "$1") for $arch"
	echo "$1"
}
field() { dpkg-deb -f "$1" "$2"; }

for p in libpfm4 libpfm4-dev libpapi7.2 libpapi-dev papi-tools; do
	deb=$(deb_of $p)
	[ "$(field "$deb" Architecture)" = "$arch" ] || fail "$p: Architecture $(field "$deb" Architecture)"
	echo "$p: $(field "$deb" Version) $arch"
done
for p in libpfm4 libpfm4-dev libpapi7.2; do
	[ "$(field "$(deb_of $p)" Multi-Arch)" = same ] || fail "$p is not Multi-Arch: same"
done

# the files where Debian has them
contents() { dpkg-deb -c "$(deb_of "$1")" | awk '{ print $6 }' | sed 's|^\./|/|'; }
has() {
	contents "$1" | grep -qx "$2" || fail "$1 does not hold $2"
}
has libpfm4 "/usr/lib/$triplet/libpfm.so.4"
has libpfm4-dev "/usr/include/perfmon/pfmlib.h"
has libpfm4-dev "/usr/lib/$triplet/libpfm.so"
has libpapi7.2 "/usr/lib/$triplet/libpapi.so.7.2"
has libpapi-dev "/usr/include/papi.h"
has libpapi-dev "/usr/lib/$triplet/libpapi.so"
has libpapi-dev "/usr/lib/$triplet/pkgconfig/papi.pc"
has papi-tools /usr/bin/papi_avail
has papi-tools /usr/bin/papi_component_avail
has papi-tools /usr/bin/papi_metrics
has papi-tools /usr/share/papi/metrics/arm_n1.csv
echo "files: in /usr/lib/$triplet, /usr/include, /usr/bin, /usr/share/papi/metrics"

# libpapi7.2 needs our libpfm4 (the version it was built with), not any
pfmv=$(field "$(deb_of libpfm4)" Version)
field "$(deb_of libpapi7.2)" Depends | tr ',' '\n' | grep -qx " *libpfm4 (>= $pfmv)" ||
	fail "libpapi7.2 does not depend on libpfm4 (>= $pfmv): $(field "$(deb_of libpapi7.2)" Depends)"
echo "libpapi7.2 depends on libpfm4 (>= $pfmv)"

# symbols: the packaged symbols files, then dpkg-gensymbols -c4 against the
# committed ones (any symbol added or gone fails)
symcheck() { # PACKAGE LIB PATTERN COUNT
	mkdir -p "$TMP/$1"
	dpkg-deb -x "$(deb_of "$1")" "$TMP/$1/root"
	dpkg-deb -e "$(deb_of "$1")" "$TMP/$1/DEBIAN"
	n=$(grep -c "^ $3.*@Base" "$TMP/$1/DEBIAN/symbols") || true
	[ "$n" -eq "$4" ] || fail "$1's symbols file lists $n $3 symbols, not $4"
	src=$TOP_SRCDIR/packaging/debian/$5/debian/$1.symbols
	mkdir -p "$TMP/$1/root/DEBIAN"
	dpkg-gensymbols -a"$arch" -p"$1" -v"$(field "$(deb_of "$1")" Version)" -P"$TMP/$1/root" -e"$TMP/$1/root/usr/lib/$triplet/$2" \
		-I"$src" -c4 -O"$TMP/$1/out" >"$TMP/$1/gensymbols.log" 2>&1 ||
		{ cat "$TMP/$1/gensymbols.log"; fail "$1: dpkg-gensymbols -c4: the library's symbols differ from $src"; }
	echo "$1: $n symbols, dpkg-gensymbols -c4 agrees with ${src#$TOP_SRCDIR/}"
}
symcheck libpfm4 libpfm.so.4 pfm_ 13 libpfm4
symcheck libpapi7.2 libpapi.so.7.2 "" 310 papi

# no run paths (PAPI's configure adds its build tree's)
for p in libpapi7.2 papi-tools; do
	dpkg-deb -x "$(deb_of $p)" "$TMP/runpath"
done
for f in "$TMP/runpath/usr/lib/$triplet"/libpapi.so.* "$TMP/runpath/usr/bin"/papi_*; do
	[ -L "$f" ] || ! head -c 4 "$f" | grep -q ELF || ! readelf -d "$f" | grep -q 'RUNPATH\|RPATH' ||
		fail "${f#$TMP/runpath} has a run path: $(readelf -d "$f" | grep 'RUNPATH\|RPATH')"
done
echo "no run paths"

# lintian: no errors, but bogus-mail-host (docs/packages.md, "lintian": the
# Maintainer address is the project's, *.invalid on purpose)
if command -v lintian >/dev/null; then
	lintian --fail-on error --tag-display-limit 0 --suppress-tags bogus-mail-host,bogus-mail-host-in-debian-changelog \
		"$dir"/*_"$arch".deb >"$TMP/lintian.log" 2>&1 ||
		{ cat "$TMP/lintian.log"; fail "lintian reports errors on the $arch packages"; }
	echo "lintian: no errors ($(grep -c '^W:' "$TMP/lintian.log") warnings, $(grep -c '^I:' "$TMP/lintian.log") notes)"
else
	fail "lintian not installed (scripts/install-deps)"
fi
