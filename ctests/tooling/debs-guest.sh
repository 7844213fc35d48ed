#!/bin/sh
# debs-guest.sh PROFILE (a72, u74): the arm64 or riscv64 packages make debs
# wrote, run in the emulated guest PROFILE from the packaged layout
# (docs/packages.md, "How they are tested"). The guest's /usr is what
# libpfm4, libpfm4-dev, libpapi7.2, libpapi-dev and papi-tools unpack
# (dpkg-deb -x), its C runtime the libc6 of the chroot the packages were built
# in (make debs' build/debs/chroots/CHROOT.tar: bookworm for arm64, trixie for
# riscv64), nothing of the project's own build (scripts/guest-initramfs,
# GUEST_RUNTIME). Built here with the cross compiler against the packages'
# headers and /usr/lib/TRIPLET/libpapi.so: debs_maps, guest_papi (the guest
# suite's counted loop) and PAPI's ctests/zero from the PAPI release's
# tarball. In the guest, one boot, ctests/debs-guest/suite.sh: the libraries,
# programs and presets are the packaged files (their md5sums), the process maps
# them from /usr/lib/TRIPLET, /usr/bin/papi_avail lists the CPU's presets,
# papi_component_avail shows perf_event active, PAPI_TOT_INS counts the loop
# within the guest suite's bounds, ctests/zero passes (RISC-V: skips for
# want of an instruction loop in PAPI's test code, as in the guest suite).
# The guest's output stays in build/debs-guest/PROFILE/out/console.log.
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?}" "${CACHE_DIR:?}"
profile=${1:?usage: debs-guest.sh a72|u74}
case $profile in
a72) arch=arm64 garch=aarch64 pmu=arm_ac72 loader=ld-linux-aarch64.so.1 cpp_arch=__aarch64__ ;;
u74) arch=riscv64 garch=riscv64 pmu=sifive_u74 loader=ld-linux-riscv64-lp64d.so.1 cpp_arch=__riscv ;;
*) fail "unknown profile '$profile' (a72, u74)" ;;
esac
triplet=$garch-linux-gnu
qemu=qemu-system-$garch
cc=$triplet-gcc
dir=$BUILD_DIR/debs/$arch
# the chroot the packages were built in (scripts/debs.list)
chroot=$(awk -v a="$arch" '!/^#/ && $1 == a { print $2 }' "$SCRIPTS/debs.list")
chroot_tar=$BUILD_DIR/debs/chroots/$chroot.tar
[ -f "$dir/.built" ] || fail "no packages for $arch in $dir: make debs"
[ -f "$chroot_tar" ] || fail "no $arch build chroot ($chroot_tar): make debs"
for p in $qemu $cc; do
	command -v $p >/dev/null || { echo "SKIP: $p not installed (scripts/install-deps: the guests' emulator and cross compiler)"; exit 77; }
done
W=$BUILD_DIR/debs-guest/$profile
rm -rf "$W"
root=$W/stage/$garch
mkdir -p "$root" "$W/runtime" "$W/suite" "$W/src"
trap 'rm -rf "$TMP" "$W/stage" "$W/runtime" "$W/src"' EXIT

# the packages' contents
for p in libpfm4 libpfm4-dev libpapi7.2 libpapi-dev papi-tools; do
	set -- "$dir/$p"_*_"$arch".deb
	[ -f "$1" ] || fail "no package $p for $arch in $dir"
	dpkg-deb -x "$1" "$root"
	# the files that run (libraries, programs, the presets' table): the
	# guest checks them against the package's md5sums
	dpkg-deb -e "$1" "$TMP/ctrl-$p"
	grep -E "  usr/(lib/$triplet/lib(papi|pfm)\.so\.|bin/|share/papi/)" "$TMP/ctrl-$p/md5sums" >>"$W/suite/md5sums" || true
	echo "unpacked $(basename "$1")"
done
# the C runtime: the build chroot's libc6:ARCH (lib/TRIPLET, usr/lib/TRIPLET)
tar -xf "$chroot_tar" -C "$W/runtime" --wildcards "./*lib/$triplet/*" ./var/lib/dpkg/status ||
	fail "could not unpack the C runtime from $chroot_tar"
libc=$(awk -v a="$arch" '/^$/ { if (p == "libc6" && ar == a) print v; p = ar = v = "" }
	/^Package: / { p = $2 } /^Architecture: / { ar = $2 } /^Version: / { v = $2 }
	END { if (p == "libc6" && ar == a) print v }' "$W/runtime/var/lib/dpkg/status")
[ -n "$libc" ] || fail "the $arch chroot has no libc6:$arch"
echo "C runtime: libc6:$arch $libc (Debian $(sed -n 's/^suite //p' "$BUILD_DIR/debs/chroots/$chroot.source") chroot)"

# the programs, built against the packages (their libc symbols resolved in the
# guest: riscv64's libpapi needs trixie's glibc, newer than this cross
# compiler's)
inc=-I$root/usr/include
link="-L$root/usr/lib/$triplet -Wl,-rpath-link,$root/usr/lib/$triplet -Wl,--allow-shlib-undefined"
must_build debs_maps $cc -O2 -Wall $inc -o "$W/suite/debs_maps" "$TOP_SRCDIR/ctests/debs-guest/debs_maps.c" $link -lpapi
must_build guest_papi $cc -O2 -Wall $inc -I"$TOP_SRCDIR/ctests/guest" -o "$W/suite/guest_papi" \
	"$TOP_SRCDIR/ctests/guest/guest_papi.c" $link -lpapi -lpfm -lpthread
tar -xzf "$PAPI_TARBALL" -C "$W/src" --strip-components=2 --wildcards '*/src/ctests/zero.c' '*/src/testlib/*' \
	'*/src/validation_tests/testcode.h' '*/src/validation_tests/instructions_testcode.c' ||
	fail "zero.c and its test library are not in $PAPI_TARBALL"
# as PAPI's ctests/Makefile.recipies builds it: testlib's test_utils.c and
# the instructions test code
must_build ctests/zero $cc -O2 $inc -I"$W/src/testlib" -I"$W/src/validation_tests" -o "$W/suite/zero" \
	"$W/src/ctests/zero.c" "$W/src/testlib/test_utils.c" "$W/src/validation_tests/instructions_testcode.c" $link -lpapi
zero=PASSED
grep -q "defined *(* *$cpp_arch" "$W/src/validation_tests/instructions_testcode.c" || zero=SKIPPED
presets=$("$SCRIPTS/preset-table" counts "$TOP_SRCDIR/presets" | awk -v p=$pmu '$1 == p { print $2 }')
[ -n "$presets" ] || fail "no $pmu section in presets/"
cp "$TOP_SRCDIR/ctests/debs-guest/suite.sh" "$TOP_SRCDIR/ctests/guest/run-test.sh" "$W/suite/"
printf 'triplet=%s\npmu=%s\npresets=%s\nloader=%s\nzero=%s\n' $triplet $pmu "$presets" $loader $zero >"$W/suite/expect"
echo "expected: $pmu, $presets presets; ctests/zero $zero"

# one boot
GUEST_RUNTIME=$W/runtime GUEST_SUITE=$W/suite GUEST_TIMEOUT=${GUEST_TIMEOUT:-900} \
	"$SCRIPTS/guest-run" "$profile" "$W/stage" "$CACHE_DIR" "$W/out" || fail "the $profile guest did not finish (above)"
sed -n '/^@@begin/,$p' "$W/out/console.log" | sed -n 's/^@@begin \(.*\)/  == \1/p; t; /^@@/d; s/^/  | /p'
bad=0
for t in layout papi-avail component-avail count zero; do
	r=$(awk -v t=$t '$1 == t' "$W/out/results")
	want=PASS
	[ "$t" != zero ] || [ "$zero" != SKIPPED ] || want=SKIP
	echo "$t: ${r#* }"
	case $r in
	"$t $want" | "$t $want "*) ;;
	*) bad=1 ;;
	esac
done
[ $bad -eq 0 ] || fail "the packages' tests in the $profile guest: not as expected (above; $W/out/console.log)"
echo "the $arch packages pass in the $profile guest from /usr/lib/$triplet ($(sed -n 's/^seconds //p' "$W/out/info") s of guest run)"
