#!/bin/sh
# Every prefix of the series that "make patches" writes builds on its own:
# upstream can take the fixes without the port, and the port without the
# start-up series (docs/upstreaming.md). The mails are applied to the
# pristine release as tooling-test-series applies them, then:
#   - libpfm4, fixes alone and fixes + port: the library, for this machine
#     and for aarch64 and riscv64 (cross-compiled where configure set up
#     the cross builds, else as table builds here, as the build makes them);
#   - PAPI, fixes alone: the library, here; fixes + port: the library here
#     and for every PAPI cross target (the port's code is chosen per
#     architecture), each configured with the arguments the build
#     configured it with (its config.status), and a program calling
#     PAPI_library_init() linked with it, so that a function no file of the
#     prefix defines fails as well as a missing header.
# Compile and link only: nothing is installed or run. The whole series is
# the build itself.
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?set by make check}"

JOBS=-j2
for project in libpfm4 papi; do
	case $project in
	libpfm4) tarball=$LIBPFM4_TARBALL ;;
	papi) tarball=$PAPI_TARBALL ;;
	esac
	"$SCRIPTS/make-series" "$project" "$tarball" "$TMP/work" "$TMP/$project" >/dev/null
done

# prefix_tree PROJECT DEST SERIES...: the pristine release in DEST with the
# mails of each SERIES (1-fix, 2-port) applied in order; the port after the
# project's backports (0-backport: what the release lacks of upstream's head
# that the port needs), where it has any.
prefix_tree() {
	_project=$1 _dest=$2
	shift 2
	case $_project in
	libpfm4) _tarball=$LIBPFM4_TARBALL ;;
	papi) _tarball=$PAPI_TARBALL ;;
	esac
	_dirs=
	for _series; do
		if [ "$_series" = 2-port ] && [ -d "$TMP/$_project/0-backport" ]; then
			_dirs="$TMP/$_project/0-backport $_dirs"
		fi
		_dirs="$_dirs $TMP/$_project/$_series"
	done
	# shellcheck disable=SC2086 # the directories are words
	"$SCRIPTS/series-tree" "$_project" "$_tarball" "$_dest" $_dirs ||
		fail "$_project: the series $* do not apply"
}

native=$(uname -m)
pfm_options=$(cat "$BUILD_DIR/libpfm4.options")
# shellcheck disable=SC2086 # the options are words
for prefix in "1-fix" "1-fix 2-port"; do
	label=$(echo "$prefix" | sed 's/[0-9]-//g; s/ / + /')
	prefix_tree libpfm4 "$TMP/pfm" $prefix
	for arch in $(printf '%s\n' "$native" aarch64 riscv64 | awk '!seen[$0]++'); do
		rm -rf "$TMP/pfm-build"
		cp -a "$TMP/pfm" "$TMP/pfm-build"
		if [ "$arch" = "$native" ]; then
			set -- CC="${CC:-gcc}"
			how="$arch"
		elif echo " ${CROSS_TARGETS:-} " | grep -q " $arch "; then
			set -- CC="$arch-linux-gnu-gcc" ARCH="$arch"
			how="$arch (cross)"
		else
			set -- CC="${CC:-gcc}" ARCH="$arch"
			how="$arch (table build)"
		fi
		must_build "libpfm4 $label, $how" \
			make -C "$TMP/pfm-build/lib" $JOBS $pfm_options "$@"
	done
done
rm -rf "$TMP/pfm" "$TMP/pfm-build"

# papi_build TREE BUILD WHAT: configures TREE as build/BUILD/papi was
# configured, builds libpapi.a and links a PAPI_library_init() program with it.
papi_build() {
	papi_configure "$1" "$2" "$3"
	must_build "$3: libpapi.a" make -C "$1/src" $JOBS static
	papi_init_linked "$1" "$3: a program linked with it"
}

prefix_tree papi "$TMP/papi-tree" 1-fix
papi_build "$TMP/papi-tree" host "PAPI fix, $native"
prefix_tree papi "$TMP/papi-port" 1-fix 2-port
for build in host ${PAPI_CROSS_TARGETS:-}; do
	rm -rf "$TMP/papi-tree"
	cp -a "$TMP/papi-port" "$TMP/papi-tree"
	case $build in
	host) papi_build "$TMP/papi-tree" host "PAPI fix + port, $native" ;;
	*) papi_build "$TMP/papi-tree" "$build" "PAPI fix + port, $build (cross)" ;;
	esac
done
[ -n "${PAPI_CROSS_TARGETS:-}" ] || echo "(no PAPI cross targets configured: fix + port built for $native only)"
echo ok
