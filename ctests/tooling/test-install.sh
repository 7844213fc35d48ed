#!/bin/sh
# "make install" installs the host libpfm4 and PAPI for real: headers, shared
# libraries, the PAPI utilities, libpfm4's examples and both pkg-config files.
. "$(dirname "$0")/lib.sh"
: "${BUILD_TOP:?set by make check: the configured build directory}"

make -s -C "$BUILD_TOP" install DESTDIR="$TMP/root" >"$TMP/install.log" 2>&1 ||
	{ tail -n 20 "$TMP/install.log"; fail "make install failed"; }
prefix=$(sed -n 's/^prefix=//p' "$BUILD_TOP/libpfm.pc")
libdir=$(pkg-config --variable=libdir "$BUILD_TOP/libpfm.pc")
root=$TMP/root
for f in "$prefix/include/perfmon/pfmlib.h" "$prefix/include/papi.h" \
	"$libdir/libpfm.so" "$libdir/libpapi.so" \
	"$prefix/bin/papi_avail" "$prefix/bin/papi_native_avail" \
	"$prefix/bin/papi_component_avail" "$prefix/bin/papi_command_line" \
	"$libdir/pkgconfig/libpfm.pc" "$libdir/pkgconfig/papi.pc"; do
	[ -e "$root$f" ] || fail "not installed: $f"
done

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
