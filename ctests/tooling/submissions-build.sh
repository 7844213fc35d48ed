#!/bin/sh
# submissions-build.sh PROJECT: make check-submissions (too slow for make
# check). What make-submissions writes for PROJECT, applied mail by mail in
# sending order to upstream's head (the snapshot in UPSTREAM_HEAD_DIR), as a
# maintainer would take it:
#   every commit builds: libpfm4 for this machine; PAPI for this machine
#     against libpfm4's head with all our libpfm4 submissions (library,
#     utilities, ctests). The builds are incremental, mail after mail (PAPI
#     reconfigured after a mail that changes its configure or makefiles;
#     PAPI's objects depend on its headers);
#   after each submission, its project's own tests pass: libpfm4's
#     tests/validate here and in aarch64 and riscv64 table builds; PAPI's
#     PAPI_library_init() and a first preset query run, and each PAPI test
#     program the submission changes or adds gives PAPI's verdict PASSED or
#     SKIPPED (counted), or fails as it failed before the submission, or
#     reports a failure where it crashed before (on this machine: a test
#     that needs a hardware PMU; counted and named).
# SUBMISSIONS_FROM=NN (a re-run after a fix of this script): the PAPI
# submissions before NN are applied and built once, unchecked.
. "$(dirname "$0")/lib.sh"
: "${UPSTREAM_HEAD_DIR:?set by make check-submissions}"
: "${BUILD_DIR:?set by make check-submissions}"
project=${1:?usage: submissions-build.sh PROJECT}
pfm_head=$(cat "$UPSTREAM_HEAD_DIR/libpfm4.path")
papi_head=$(cat "$UPSTREAM_HEAD_DIR/papi.path")
pfm_options=$(cat "$BUILD_DIR/libpfm4.options")
JOBS=-j2
# the sender and copyright holder are a person's to give (make submissions); a
# build is the same with any: these are stand-ins
export PATCH_AUTHOR='Test Sender <sender@example.org>' COPYRIGHT_HOLDER='Test Holder'
echo "upstream's heads: $(cat "$UPSTREAM_HEAD_DIR/label")"

# submissions PROJECT: make-submissions' folders, in sending order
submissions() {
	case $1 in libpfm4) _src=$pfm_head ;; papi) _src=$papi_head ;; esac
	"$SCRIPTS/make-submissions" "$1" "$_src" "$TMP/work-$1" "$TMP/sub-$1" 2>"$TMP/make-submissions.log" || {
		cat "$TMP/make-submissions.log" >&2
		fail "$1: make-submissions fails"
	}
}
# sending_order DIR: make-submissions' folders, the sent ones, then the held
# ones (held/NN-topic): our builds carry those too
sending_order() {
	ls "$1" | grep -vx held
	[ ! -d "$1/held" ] || ls "$1/held" | sed 's|^|held/|'
}
# mails DIR: a submission's commits, in order (not its cover letter)
mails() {
	ls "$1"/*.patch | grep -v '/0000-cover-letter\.patch$'
}
apply_mail() {
	patch -d "$1" -p1 --batch --forward --fuzz=0 -s <"$2" || fail "$2 does not apply"
}
# pfm_build TREE [MAKE ARGS]: libpfm4 built with the build's options
pfm_build() {
	_t=$1
	shift
	# shellcheck disable=SC2086 # the options are words
	make -C "$_t" $JOBS $pfm_options CC="${CC:-gcc}" LDCONFIG=true "$@" >"$TMP/build.log" 2>&1
}

submissions libpfm4
"$SCRIPTS/prepare-tree" libpfm4 "$pfm_head" "$TMP/pfm" --pristine
if [ "$project" = libpfm4 ]; then
	n=0
	for s in $(sending_order "$TMP/sub-libpfm4"); do
		for m in $(mails "$TMP/sub-libpfm4/$s"); do
			apply_mail "$TMP/pfm" "$m"
			pfm_build "$TMP/pfm" || {
				tail -n 25 "$TMP/build.log" >&2
				fail "libpfm4: $s: ${m##*/} does not build"
			}
			n=$((n + 1))
		done
		"$TMP/pfm/tests/validate" >"$TMP/validate.log" 2>&1 || {
			tail -n 25 "$TMP/validate.log" >&2
			fail "libpfm4: $s: tests/validate fails"
		}
		for arch in aarch64 riscv64; do
			rm -rf "$TMP/pfm-$arch"
			cp -a "$TMP/pfm" "$TMP/pfm-$arch"
			pfm_build "$TMP/pfm-$arch" clean && pfm_build "$TMP/pfm-$arch" ARCH="$arch" || {
				tail -n 25 "$TMP/build.log" >&2
				fail "libpfm4: $s: the $arch table build fails"
			}
			"$TMP/pfm-$arch/tests/validate" >"$TMP/validate.log" 2>&1 || {
				tail -n 25 "$TMP/validate.log" >&2
				fail "libpfm4: $s: tests/validate of the $arch table build fails"
			}
		done
		echo "libpfm4: $s: every commit builds; tests/validate passes here, aarch64, riscv64"
	done
	echo "libpfm4: $n commits built"
	exit 0
fi

# PAPI against libpfm4's head with all our libpfm4 submissions
for s in $(sending_order "$TMP/sub-libpfm4"); do
	for m in $(mails "$TMP/sub-libpfm4/$s"); do apply_mail "$TMP/pfm" "$m"; done
done
pfm_build "$TMP/pfm" PREFIX=/usr install DESTDIR="$TMP/pfm-stage" || {
	tail -n 25 "$TMP/build.log" >&2
	fail "libpfm4 head + our submissions does not build"
}
pfminc=$TMP/pfm-stage/usr/include pfmlib=$TMP/pfm-stage/usr/lib
submissions papi
"$SCRIPTS/prepare-tree" papi "$papi_head" "$TMP/papi" --pristine
papi_configure() {
	env -C "$TMP/papi/src" ./configure --with-perf-events --with-components= --with-tests=ctests \
		--with-pfm-incdir="$pfminc" --with-pfm-libdir="$pfmlib" LDFLAGS="-Wl,-rpath-link,$pfmlib" \
		>"$TMP/build.log" 2>&1 || {
		tail -n 25 "$TMP/build.log" >&2
		fail "PAPI: configure fails after $1"
	}
}
papi_configure "upstream's head"
# verdict TEST: PAPI's verdict of ctests/TEST in the tree as built now (a
# failing test's status is not this script's: its verdict line says it)
verdict() {
	(cd "$TMP/papi/src/ctests" && LD_LIBRARY_PATH=$TMP/papi/src:$pfmlib TESTS_QUIET=1 \
		timeout 300 "./$1" TESTS_QUIET 2>&1) >"$TMP/test.log" || true
	_v=$(grep -E '^(PASSED|FAILED|SKIPPED)' "$TMP/test.log" | tail -n 1)
	echo "${_v:-no verdict: $(tail -n 1 "$TMP/test.log")}"
}
n=0 skipped=0 failing=
for s in $(sending_order "$TMP/sub-papi"); do
	if [ -n "${SUBMISSIONS_FROM:-}" ] && [ "${s#held/}" \< "$SUBMISSIONS_FROM" ]; then
		for m in $(mails "$TMP/sub-papi/$s"); do apply_mail "$TMP/papi" "$m"; done
		echo "PAPI: $s: applied, not checked (SUBMISSIONS_FROM=$SUBMISSIONS_FROM)"
		unchecked=yes
		continue
	fi
	if [ -n "${unchecked:-}" ]; then
		papi_configure "the submissions not checked"
		make -C "$TMP/papi/src" $JOBS >"$TMP/build.log" 2>&1 || fail "PAPI: the submissions not checked do not build"
		unchecked=
	fi
	tests=$(cat $(mails "$TMP/sub-papi/$s") | sed -n 's|^+++ b/src/ctests/\([a-z0-9_]*\)\.c$|\1|p' | sort -u)
	for t in $tests; do
		if [ -x "$TMP/papi/src/ctests/$t" ]; then
			echo "$t $(verdict "$t")"
		fi
	done >"$TMP/before"
	for m in $(mails "$TMP/sub-papi/$s"); do
		apply_mail "$TMP/papi" "$m"
		if grep -Eq '^\+\+\+ b/src/(configure(\.in)?|Makefile\.inc|Rules\.[a-z0-9_]+|components/[a-z_]+/Rules\.[a-z_]+)$' "$m"; then
			papi_configure "${m##*/}"
		fi
		make -C "$TMP/papi/src" $JOBS >"$TMP/build.log" 2>&1 || {
			tail -n 25 "$TMP/build.log" >&2
			fail "PAPI: $s: ${m##*/} does not build"
		}
		n=$((n + 1))
	done
	"${CC:-gcc}" -I"$TMP/papi/src" -o "$TMP/init" "$(dirname "$0")/papi_init.c" -L"$TMP/papi/src" -lpapi -L"$pfmlib" -lpfm ||
		fail "PAPI: $s: a program calling PAPI_library_init() does not link"
	LD_LIBRARY_PATH=$TMP/papi/src:$pfmlib timeout 120 "$TMP/init" ||
		fail "PAPI: $s: PAPI_library_init() or the first preset query fails"
	for t in $tests; do
		[ -x "$TMP/papi/src/ctests/$t" ] || fail "PAPI: $s: ctests/$t, which it changes, was not built"
		v=$(verdict "$t")
		echo "PAPI: $s: ctests/$t: $v"
		case $v in
		PASSED*) ;;
		SKIPPED*) skipped=$((skipped + 1)) ;;
		*)
			before=$(awk -v t="$t" '$1 == t { $1 = ""; sub(/^ /, ""); print }' "$TMP/before")
			case "${before%%[!A-Za-z]*}:${v%%[!A-Za-z]*}" in
			FAILED:FAILED | no:no | no:FAILED) ;;
			*) fail "PAPI: $s: ctests/$t: $v (before it: ${before:-not built})" ;;
			esac
			echo "PAPI: $s: ctests/$t fails as before it (this machine)"
			failing="$failing $s:$t" ;;
		esac
	done
	echo "PAPI: $s: every commit builds; PAPI_library_init() runs"
done
echo "PAPI: $n commits built; $skipped test run(s) SKIPPED by PAPI; failing before and after:${failing:- none}"
