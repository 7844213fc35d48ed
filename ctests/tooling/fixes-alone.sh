#!/bin/sh
# Every fix mail stands alone (docs/upstreaming.md): applied by itself with
# `patch -p1`, without fuzz, to the pristine base, as a maintainer who takes
# only that fix would apply it. A fix that needs another says so in its
# description, on a line "Depends-on: SUBJECT" naming the other fix's
# subject; that fix is applied first (and must itself be a fix). The base is
# the pinned release, or upstream's head with SERIES_BASE=head and
# UPSTREAM_HEAD_DIR (scripts/upstream-head's output; make
# check-upstream-head); FIX_PROJECTS, the projects (default: libpfm4 papi);
# FIX_MAILS=REGEX, only the mails whose file name it matches (grep -E).
# Each mail's result is printed; any that does not
# apply fails the test, after all are tried.
#
# With FIXES_BUILD=yes (make check-fixes-build, release base only: one
# build per mail, too slow for make check), each tree of one fix is also
# built and tested, as a maintainer taking that fix alone would:
#   libpfm4: built for this machine and as an aarch64 table build, libpfm4's
#            own tests/validate passing in both;
#   PAPI:    configured as the host build was (pristine 7.2.0 built once,
#            each mail's copy of it rebuilt by make), the library built, a
#            program calling PAPI_library_init() run, and the PAPI tests the
#            mail adds or changes (src/ctests/NAME.c) built and run, with
#            PAPI's verdict printed (a SKIPPED one is counted apart).
. "$(dirname "$0")/lib.sh"

# fix_built PROJECT TREE MAIL (in a subshell: a failure ends only it)
fix_built() {
	_tree=$2 _mail=$3
	case $1 in
	libpfm4)
		for _arch in native aarch64; do
			rm -rf "$TMP/build-tree"
			cp -a "$_tree" "$TMP/build-tree"
			[ "$_arch" = native ] && set -- || set -- ARCH="$_arch"
			# shellcheck disable=SC2086 # the options are words
			must_build "    $_arch" make -C "$TMP/build-tree" -j2 $pfm_options CC="${CC:-gcc}" "$@"
			"$TMP/build-tree/tests/validate" >"$TMP/validate.log" 2>&1 ||
				{ tail -n 5 "$TMP/validate.log"; fail "    $_arch: tests/validate fails"; }
			echo "    $_arch: tests/validate passes"
		done ;;
	papi)
		# the pristine tree was built once: make rebuilds what the mails change
		if grep -Eq '^\+\+\+ b/src/(configure|Makefile)' "$_mail"; then
			papi_configure "$_tree" host "    PAPI"
		fi
		must_build "    PAPI: libraries" make -C "$_tree/src" -j2 static shared
		papi_init_linked "$_tree" "    a program calling PAPI_library_init()" run
		for _test in $(sed -n 's|^+++ b/src/ctests/\([a-z_0-9]*\)\.c.*|\1|p' "$_mail"); do
			[ -f "$_tree/src/testlib/libtestlib.a" ] ||
				must_build "    PAPI's testlib" make -C "$_tree/src/testlib"
			must_build "    ctests/$_test" make -C "$_tree/src/ctests" "$_test"
			_verdict=$(cd "$_tree/src/ctests" && LD_LIBRARY_PATH=$papi_pfmlib timeout 300 "./$_test" 2>&1 | tail -n 3) ||
				{ echo "$_verdict"; fail "    ctests/$_test fails"; }
			case $_verdict in
			*PASSED*) echo "    ctests/$_test: PASSED" ;;
			*SKIPPED*) echo "    ctests/$_test: SKIPPED ($(echo "$_verdict" | tr -s ' \t\n' ' '))"
				echo skipped >>"$TMP/skipped" ;;
			*) echo "$_verdict"; fail "    ctests/$_test: no PASSED verdict" ;;
			esac
		done ;;
	esac
}
# not_applying PATCH-OUTPUT: the mail $name does not apply alone
not_applying() {
	echo "$1" | grep -E 'FAILED|malformed|Reversed' | sed 's/^/    /' >&2
	echo "FAILED: $project $name does not apply alone to $label" >&2
	bad=$((bad + 1))
}
pfm_options=$(cat "${BUILD_DIR:?set by make}/libpfm4.options")
[ "${FIXES_BUILD:-}" != yes ] || papi_config host

base=${SERIES_BASE:-release}
[ "${FIXES_BUILD:-}" != yes ] || [ "$base" = release ] ||
	fail "FIXES_BUILD=yes builds on the release only (the host build's libpfm4 and configuration)"
failed=0
for project in ${FIX_PROJECTS:-libpfm4 papi}; do
	case $base in
	release)
		case $project in
		libpfm4) source=$LIBPFM4_TARBALL ;;
		papi) source=$PAPI_TARBALL ;;
		esac
		label="$project $(awk -v p="$project" '!/^#/ && $1 == p { print $2 }' "$SCRIPTS/upstream.list")" ;;
	head) label="$project at upstream's head"
		source=$(cat "${UPSTREAM_HEAD_DIR:?set by make check-upstream-head}/$project.path") ;;
	*) fail "SERIES_BASE=$base: no such base (release, head)" ;;
	esac
	"$SCRIPTS/make-series" --base="$base" "$project" "$source" "$TMP/work" "$TMP/$project" 2>/dev/null ||
		fail "$project: make-series --base=$base fails (tooling-test-series says why)"
	"$SCRIPTS/prepare-tree" "$project" "$source" "$TMP/pristine" --pristine
	if [ "${FIXES_BUILD:-}" = yes ] && [ "$project" = papi ]; then
		# built once here; each mail's copy is then built incrementally
		# (PAPI's objects depend on its headers, configure reruns when a
		# mail changes it)
		(papi_configure "$TMP/pristine" host "PAPI 7.2.0" &&
			must_build "PAPI 7.2.0: libraries" make -C "$TMP/pristine/src" -j2 static shared) ||
			fail "pristine PAPI does not build as the host build is configured"
	fi
	[ -d "$TMP/$project/1-fix" ] || { echo "$project: no fix mails on $base"; continue; }
	# subject -> mail, for Depends-on
	for mail in "$TMP/$project/1-fix"/*.patch; do
		# the Subject header, unfolded (format-patch folds long ones)
		subject=$(awk '/^Subject: / { s = $0; getline; while (/^[ \t]/) { s = s $0; getline }; print s; exit }' "$mail" |
			sed 's/^Subject: \[PATCH[^]]*\] //')
		printf '%s\t%s\n' "$subject" "$mail"
	done >"$TMP/subjects"
	n=0 bad=0
	for mail in "$TMP/$project/1-fix"/*.patch; do
		echo "${mail##*/}" | grep -Eq -- "${FIX_MAILS:-.}" || continue
		n=$((n + 1))
		name=${mail##*/}
		# a mail that needs nothing and is not built is tried on the
		# pristine tree itself (patch --dry-run changes nothing)
		if [ "${FIXES_BUILD:-}" != yes ] && ! grep -q '^Depends-on: ' "$mail"; then
			if out=$(patch -d "$TMP/pristine" -p1 --batch --forward --fuzz=0 --dry-run <"$mail" 2>&1); then
				echo "$project $name: applies alone"
			else
				not_applying "$out"
			fi
			continue
		fi
		rm -rf "$TMP/tree"
		cp -a "$TMP/pristine" "$TMP/tree"
		needs=
		for dep in $(sed -n 's/^Depends-on: //p' "$mail" | tr ' ' '\037'); do
			dep=$(echo "$dep" | tr '\037' ' ')
			depmail=$(awk -F'\t' -v s="$dep" '$1 == s { print $2 }' "$TMP/subjects")
			if [ -z "$depmail" ]; then
				echo "FAILED: $project $name: Depends-on names no fix mail: $dep" >&2
				bad=$((bad + 1))
				continue 2
			fi
			patch -d "$TMP/tree" -p1 --batch --forward --fuzz=0 -s <"$depmail" >/dev/null 2>&1 || {
				echo "FAILED: $project $name: what it depends on, ${depmail##*/}, does not apply alone" >&2
				bad=$((bad + 1))
				continue 2
			}
			needs="$needs after ${depmail##*/}"
		done
		if out=$(patch -d "$TMP/tree" -p1 --batch --forward --fuzz=0 <"$mail" 2>&1); then
			echo "$project $name: applies alone${needs:+ (}${needs# }${needs:+)}"
			if [ "${FIXES_BUILD:-}" = yes ] && ! (fix_built "$project" "$TMP/tree" "$mail"); then
				echo "FAILED: $project $name does not build or pass its tests alone on $label" >&2
				bad=$((bad + 1))
			fi
		else
			not_applying "$out"
		fi
	done
	echo "$project: $((n - bad)) of $n fix mails stand alone on $label${FIXES_BUILD:+, built and tested}"
	failed=$((failed + bad))
	rm -rf "$TMP/$project" "$TMP/pristine" "$TMP/tree" "$TMP/work"
done
[ ! -f "$TMP/skipped" ] || echo "$(wc -l <"$TMP/skipped") of the PAPI tests run were SKIPPED by PAPI (the reasons above)"
[ "$failed" -eq 0 ] || fail "$failed fix mail(s) do not stand alone"
echo ok
