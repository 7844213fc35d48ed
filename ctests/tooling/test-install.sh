#!/bin/sh
# "make install" installs the host libpfm4 and PAPI for real: headers, shared
# libraries, the PAPI utilities, libpfm4's examples and both pkg-config files,
# under a default prefix that does not shadow the distribution's libraries, with
# upstream's sonames (so that programs built against the distribution's PAPI
# and libpfm4 run with ours through LD_LIBRARY_PATH: docs/install.md); for
# users, a modulefile and an example that builds with the documented
# pkg-config line and runs without LD_LIBRARY_PATH (docs/using.md).
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
# PAPI's pkg-config files name the installed libpfm4, not the build's staging tree
! grep -l "$BUILD_TOP\|/build/stage/" "$root$libdir/pkgconfig/"*.pc ||
	fail "pkg-config files above name the build tree"

# For users (docs/using.md): the environment-modules file and the example.
modules=$root$prefix/share/modulefiles
example=$prefix/share/papi-riscv-arm/examples/count_loop.c
[ -f "$modules/papi-riscv-arm" ] || fail "not installed: $prefix/share/modulefiles/papi-riscv-arm"
[ -f "$root$example" ] || fail "not installed: $example"

cc -o "$TMP/count_loop" "$root$example" $flags || fail "the example does not build with the pkg-config flags"

# As a user of the real installation would: the installed tree mounted at
# the prefix (a private mount namespace: the host's file system is not
# touched), the module loaded, then the documented commands, with no
# LD_LIBRARY_PATH but the module's.
if ! unshare -m --propagation private true 2>/dev/null; then
	echo "SKIP: every check but the run at the prefix passed; that run needs a mount namespace (root): unshare -m failed"
	exit 77
fi
cat >"$TMP/as-user.sh" <<'S'
set -eu
mount -t tmpfs tmpfs "$(dirname "$PREFIX")"
mkdir -p "$PREFIX"
mount --bind "$ROOT$PREFIX" "$PREFIX"
unset LD_LIBRARY_PATH PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
cd "$WORK"
# the documented pkg-config line alone (no module): builds and runs, the
# flags giving a run path to a prefix the dynamic linker does not search
cc count_loop.c -o count_loop $(PKG_CONFIG_PATH=$LIBDIR/pkgconfig pkg-config --cflags --libs papi libpfm)
readelf -d count_loop | grep -F "(RUNPATH)" | grep -F "[$LIBDIR]"
./count_loop perf::TASK-CLOCK
# the module: utilities on PATH, pkg-config finds papi.pc
eval "$(MODULEPATH=$PREFIX/share/modulefiles modulecmd sh load papi-riscv-arm)"
[ "$(command -v papi_component_avail)" = "$PREFIX/bin/papi_component_avail" ]
papi_component_avail | grep -q perf_event
[ "$(pkg-config --variable=libdir papi)" = "$LIBDIR" ]
S
mkdir -p "$TMP/work"
cp "$root$example" "$TMP/work/"
PREFIX=$prefix ROOT=$root LIBDIR=$libdir WORK=$TMP/work \
	unshare -m --propagation private sh -x "$TMP/as-user.sh" >"$TMP/as-user.log" 2>&1 ||
	{ cat "$TMP/as-user.log"; fail "the installation as a user would use it (commands above)"; }
grep -Eq '^perf::TASK-CLOCK +[1-9][0-9]*$' "$TMP/as-user.log" ||
	{ cat "$TMP/as-user.log"; fail "the example built with the pkg-config line did not count"; }
echo "installed at $prefix: the example built with the pkg-config line runs without LD_LIBRARY_PATH; the module loads"
echo ok
