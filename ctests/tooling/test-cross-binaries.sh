#!/bin/sh
# The staged cross builds hold libraries and programs for the right architecture;
# a SKIP where there are none (CROSS_TARGETS empty: an aarch64 or riscv64 host).
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?set by make check}"

machine_of() {
	case $1 in
	aarch64) echo "ARM aarch64" ;;
	riscv64) echo "RISC-V" ;;
	esac
}

checked=0
for t in ${CROSS_TARGETS:-}; do
	stage=$BUILD_DIR/stage/$t
	for f in usr/lib/libpfm.so.4 usr/share/doc/libpfm-*/examples/showevtinfo \
		usr/lib/libcmocka.so.0 usr/libexec/papi-riscv-arm/ctests/test_libpfm4 \
		usr/libexec/papi-riscv-arm/guest/guest_count; do
		set -- $stage/$f
		[ -e "$1" ] || fail "$t: $f not staged"
		file -L "$1" | grep -q "$(machine_of "$t")" || fail "$t: $(file -L "$1")"
		checked=$((checked + 1))
	done
done
for t in ${PAPI_CROSS_TARGETS:-}; do
	stage=$BUILD_DIR/stage/$t
	for f in usr/lib/libpapi.so usr/bin/papi_avail usr/bin/papi_native_avail \
		usr/bin/papi_component_avail usr/bin/papi_command_line usr/share/papi/ctests/zero \
		usr/libexec/papi-riscv-arm/ctests/test_papi usr/libexec/papi-riscv-arm/guest/guest_papi; do
		[ -e "$stage/$f" ] || fail "$t: $f not staged"
		file -L "$stage/$f" | grep -q "$(machine_of "$t")" || fail "$t: $(file -L "$stage/$f")"
		checked=$((checked + 1))
	done
done
if [ $checked -eq 0 ]; then
	# a native aarch64 or riscv64 host builds no cross targets
	echo "SKIP: no cross targets configured (CROSS_TARGETS is empty): nothing to check"
	exit 77
fi
echo "$checked cross-built files have the right architecture"
