# Helpers for the tooling tests (sourced). Each test is a shell script that exits
# non-zero on the first failed check; run-tests reports it.
set -eu
TOP_SRCDIR=$(cd "$(dirname "$0")/../.." && pwd)
SCRIPTS=$TOP_SRCDIR/scripts
: "${LIBPFM4_TARBALL:?set by make check: the verified libpfm4 tarball}"
: "${PAPI_TARBALL:?set by make check: the verified PAPI tarball}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail() {
	echo "FAILED: $*" >&2
	exit 1
}

# expect_failure PATTERN COMMAND...: COMMAND must fail, and the last line of
# its standard error must be a one-line explanation matching PATTERN (grep -E).
expect_failure() {
	pattern=$1
	shift
	if "$@" >"$TMP/out" 2>"$TMP/err"; then
		fail "expected '$*' to fail"
	fi
	last=$(tail -n 1 "$TMP/err")
	echo "got: $last"
	echo "$last" | grep -Eq -- "$pattern" ||
		fail "last error line does not match /$pattern/: $last"
}

# must_build WHAT COMMAND...: COMMAND (a build) succeeds, or the test fails
# with the end of its output.
must_build() {
	_mb_what=$1
	shift
	if ! "$@" >"$TMP/build.log" 2>&1; then
		tail -n 25 "$TMP/build.log" >&2
		fail "$_mb_what does not build (full output above, last lines)"
	fi
	echo "$_mb_what: builds"
}

# A copy of the repository's scripts with an overlay of our choosing, so that
# tests can add broken patches without touching the real overlay.
fake_checkout() {
	mkdir -p "$TMP/top"
	cp -r "$SCRIPTS" "$TMP/top/scripts"
	mkdir -p "$TMP/top/libpfm4-pmus/patches" "$TMP/top/papi-components/patches" "$TMP/top/presets"
}

# papi_config BUILD: the arguments build/BUILD/papi was configured with (its
# config.status), quoted for eval "set -- ..."; sets papi_cc and papi_pfmlib
# (the compiler and libpfm4 directory of that configuration).
papi_config() {
	_status=$BUILD_DIR/$1/papi/src/config.status
	[ -x "$_status" ] || fail "$_status is missing: the build makes it before make check"
	papi_args=$("$_status" --config)
	eval "set -- $papi_args"
	papi_cc=${CC:-gcc} papi_pfmlib=
	for _arg; do
		case $_arg in
		CC=*) papi_cc=${_arg#CC=} ;;
		--with-pfm-libdir=*) papi_pfmlib=${_arg#*=} ;;
		esac
	done
}

# papi_configure TREE BUILD WHAT: configures the PAPI tree TREE as
# build/BUILD/papi was configured (papi_config).
papi_configure() {
	_tree=$1 _what=$3
	papi_config "$2"
	eval "set -- $papi_args"
	must_build "$_what: configure" env -C "$_tree/src" ./configure "$@"
}

# papi_init_linked TREE WHAT [run]: a program calling PAPI_library_init()
# linked with TREE's libpapi.a and the configuration's libpfm4 (papi_config),
# so that a function no file of the tree defines fails as well as a missing
# header; with "run", it is also run and must succeed.
papi_init_linked() {
	[ -f "$TMP/init.c" ] ||
		printf '#include "papi.h"\nint main(void)\n{\n\treturn PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT;\n}\n' \
			>"$TMP/init.c"
	must_build "$2" "$papi_cc" -I"$1/src" -o "$TMP/init" "$TMP/init.c" "$1/src/libpapi.a" \
		-L"$papi_pfmlib" -lpfm -lpthread -ldl -lm
	[ "${3:-}" = run ] || return 0
	LD_LIBRARY_PATH=$papi_pfmlib "$TMP/init" || fail "    PAPI_library_init() fails"
	echo "    PAPI_library_init() succeeds"
}
