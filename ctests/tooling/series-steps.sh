#!/bin/sh
# series-steps.sh: every mail of the port and start-up series builds with the
# mails before it (make check-series-steps; docs/upstreaming.md): a
# maintainer may stop taking the series at any mail. The mails are applied
# in order to the pristine release, as tooling-test-series applies them;
# after each port or start-up mail the tree is built again:
#   libpfm4: the library for this machine and as aarch64 and riscv64 table
#            builds (the port's code is chosen per architecture);
#   PAPI:    configured as the host build was (again when the mail changes
#            the configuration), its libraries, and a program calling
#            PAPI_library_init() linked with them and run.
# Builds are incremental (both projects' objects depend on their headers);
# each step's result is printed, and every step is tried. The fixes are
# built one by one by fixes-alone.sh (FIXES_BUILD=yes). SERIES_STEPS_PROJECTS:
# the projects (default: libpfm4 papi).
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?set by make}"

JOBS=-j2
pfm_options=$(cat "$BUILD_DIR/libpfm4.options")
native=$(uname -m)
papi_config host

# step_built PROJECT TREE MAIL (in a subshell: a failure ends only it)
step_built() {
	_tree=$2 _mail=$3
	case $1 in
	libpfm4)
		for _arch in $(printf '%s\n' "$native" aarch64 riscv64 | awk '!seen[$0]++'); do
			# each architecture's tree: the mails before the first port mail, then each
			[ -d "$TMP/pfm-$_arch" ] || cp -a "$_tree" "$TMP/pfm-$_arch"
			patch -d "$TMP/pfm-$_arch" -p1 --batch --forward --fuzz=0 -s <"$_mail" >/dev/null ||
				fail "    does not apply to the $_arch build tree"
			if [ "$_arch" = "$native" ]; then set --; else set -- ARCH="$_arch"; fi
			# shellcheck disable=SC2086 # the options are words
			must_build "    libpfm4 $_arch" make -C "$TMP/pfm-$_arch/lib" $JOBS $pfm_options CC="${CC:-gcc}" "$@"
		done ;;
	papi)
		if [ ! -f "$_tree/src/config.status" ] || grep -Eq '^\+\+\+ b/src/(configure|Makefile|Rules)' "$_mail"; then
			papi_configure "$_tree" host "    PAPI"
		fi
		must_build "    PAPI: libraries" make -C "$_tree/src" $JOBS static shared
		papi_init_linked "$_tree" "    a program calling PAPI_library_init()" run ;;
	esac
}

failed=0
for project in ${SERIES_STEPS_PROJECTS:-libpfm4 papi}; do
	case $project in
	libpfm4) tarball=$LIBPFM4_TARBALL ;;
	papi) tarball=$PAPI_TARBALL ;;
	esac
	"$SCRIPTS/make-series" "$project" "$tarball" "$TMP/work" "$TMP/series" >/dev/null 2>&1 ||
		fail "$project: make-series fails (tooling-test-series says why)"
	rm -rf "$TMP/tree" "$TMP"/pfm-*
	"$SCRIPTS/prepare-tree" "$project" "$tarball" "$TMP/tree" --pristine >/dev/null
	n=0 bad=0
	for mail in "$TMP/series"/*/*.patch; do
		series=${mail%/*}
		series=${series##*/}
		name=$series/${mail##*/}
		case $series in
		2-port | 3-startup)
			n=$((n + 1))
			if [ "$project" = libpfm4 ]; then
				if ! (step_built libpfm4 "$TMP/tree" "$mail"); then
					echo "FAILED: libpfm4 $name does not build after the mails before it" >&2
					bad=$((bad + 1))
				else
					echo "libpfm4 $name: builds"
				fi
				patch -d "$TMP/tree" -p1 --batch --forward --fuzz=0 -s <"$mail" >/dev/null
				continue
			fi ;;
		esac
		patch -d "$TMP/tree" -p1 --batch --forward --fuzz=0 -s <"$mail" >/dev/null ||
			fail "$project $name does not apply after the mails before it (tooling-test-series)"
		case $series in
		2-port | 3-startup)
			if (step_built papi "$TMP/tree" "$mail"); then
				echo "papi $name: builds"
			else
				echo "FAILED: papi $name does not build after the mails before it" >&2
				bad=$((bad + 1))
			fi ;;
		esac
	done
	echo "$project: $((n - bad)) of $n port and start-up mails build after the mails before them"
	failed=$((failed + bad))
done
[ "$failed" -eq 0 ] || fail "$failed mail(s) do not build at their place in the series"
echo ok
