#!/bin/sh
# "make install" installs the host libpfm4 and PAPI for real: headers, shared
# libraries, the PAPI utilities, libpfm4's examples and both pkg-config files,
# under a default prefix that does not shadow the distribution's libraries, with
# upstream's sonames (so that programs built against the distribution's PAPI
# and libpfm4 run with ours through LD_LIBRARY_PATH: docs/install.md).
. "$(dirname "$0")/lib.sh"
: "${BUILD_TOP:?set by make check: the configured build directory}"

make -s -C "$BUILD_TOP" install DESTDIR="$TMP/root" >"$TMP/install.log" 2>&1 ||
	{ tail -n 20 "$TMP/install.log"; fail "make install failed"; }
prefix=$(sed -n 's/^prefix=//p' "$BUILD_TOP/libpfm.pc")
# configure assigns ac_default_prefix twice (autoconf's, then AC_PREFIX_DEFAULT's);
# its --help shows the one in force, in brackets on the line after --prefix.
default=$("$TOP_SRCDIR/configure" --help | awk '/--prefix=PREFIX/ { getline; gsub(/[][ ]/, ""); print; exit }')
[ "$default" = /opt/papi-riscv-arm ] || fail "configure's default prefix is '$default', not /opt/papi-riscv-arm"
libdir=$(pkg-config --variable=libdir "$BUILD_TOP/libpfm.pc")
root=$TMP/root
for f in "$prefix/include/perfmon/pfmlib.h" "$prefix/include/papi.h" \
	"$libdir/libpfm.so" "$libdir/libpapi.so" \
	"$prefix/bin/papi_avail" "$prefix/bin/papi_native_avail" \
	"$prefix/bin/papi_component_avail" "$prefix/bin/papi_command_line" \
	"$libdir/pkgconfig/libpfm.pc" "$libdir/pkgconfig/papi.pc"; do
	[ -e "$root$f" ] || fail "not installed: $f"
done

# Upstream's sonames: libpfm.so.4 (libpfm4's config.mk VERSION) and
# libpapi.so.MAJOR.MINOR of the pinned PAPI release, as Debian's libpfm4 and
# libpapiMAJOR.MINOR packages have them.
papi_version=$(awk '!/^#/ && $1 == "papi" { print $2 }' "$TOP_SRCDIR/scripts/upstream.list")
# dynamic TAG FILE: the value of one dynamic-section entry (SONAME, RUNPATH)
dynamic() { readelf -d "$2" | sed -n "s/.*($1).*\[\(.*\)\]/\1/p"; }
soname() { dynamic SONAME "$1"; }
[ "$(soname "$root$libdir/libpfm.so")" = libpfm.so.4 ] ||
	fail "libpfm's soname is '$(soname "$root$libdir/libpfm.so")', not upstream's libpfm.so.4"
[ "$(soname "$root$libdir/libpapi.so")" = "libpapi.so.${papi_version%.*}" ] ||
	fail "libpapi's soname is '$(soname "$root$libdir/libpapi.so")', not upstream's libpapi.so.${papi_version%.*}"

# The installed utilities load the installed libpapi, not the build tree's
# (nor, once that is gone, the distribution's of the same soname).
runpath=$(dynamic RUNPATH "$root$prefix/bin/papi_avail")
[ "$runpath" = "$libdir" ] || fail "installed papi_avail's run path is '$runpath', not $libdir"

# The pkg-config files give flags that build and link a program.
export PKG_CONFIG_PATH="$root$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
flags=$(pkg-config --cflags --libs papi libpfm) || fail "pkg-config papi libpfm"
cat >"$TMP/prog.c" <<'C'
#include <papi.h>
#include <perfmon/pfmlib.h>
int main(void) { return PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT && pfm_initialize() == PFM_SUCCESS ? 0 : 1; }
C
cc -o "$TMP/prog" "$TMP/prog.c" $flags || fail "cannot build against the installed headers and libraries"
LD_LIBRARY_PATH="$root$libdir" "$TMP/prog" || fail "program linked against the installed libraries does not initialise"
echo ok
