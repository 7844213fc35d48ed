#!/bin/sh
# upstream-head.sh STEP: one check of make check-upstream-head
# (docs/upstreaming.md), our series on upstream's heads, a snapshot unpacked
# by scripts/upstream-head in UPSTREAM_HEAD_DIR. Each series is applied mail
# by mail (make-series --base=head, then scripts/series-tree), then:
#   series-PROJECT the project's series apply to the head, every mail
#                  exactly (libpfm4, papi);
#   pmu-ids        every PMU id of upstream's head is kept and ours come
#                  after its last, in the head's header with our series and
#                  in the release build's installed header;
#   libpfm4-ARCH   libpfm4's head with our series builds as an ARCH table
#                  build (aarch64, riscv64) and its own tests/validate passes;
#   papi-host      PAPI's head with our series builds for this machine
#                  against libpfm4's head with ours (library, PAPI's ctests),
#                  with the components of PAPI's CI that need no vendor
#                  library (PAPI_CI_COMPONENTS), and a program calling
#                  PAPI_library_init() and then PAPI_query_event(PAPI_TOT_CYC)
#                  runs with it; papi_component_avail lists those
#                  components active that this machine can have (perf_event:
#                  perf_event_paranoid 2 or less; powercap: an Intel CPU
#                  with a readable intel-rapl package zone; coretemp: a
#                  hwmon input);
#   papi-ARCH-bundled  PAPI's head with our series cross-built for ARCH
#                  (aarch64, riscv64) the way PAPI builds by default and
#                  Spack's papi does: with the libpfm4 in its own tree
#                  (src/libpfm4, upstream's libpfm4 head) carrying our libpfm4
#                  series, with no options of ours for it; its papi_avail,
#                  run under qemu-user with each of our PMUs of ARCH forced,
#                  makes exactly the presets of that PMU's section available,
#                  with the section's native events (scripts/preset-table).
#   submissions-PROJECT  make-submissions: without PATCH_AUTHOR, with a
#                  placeholder, or without COPYRIGHT_HOLDER, it refuses,
#                  naming it; with them, the new files name the holder and it writes
#                  at most 5 libpfm4 / 15 PAPI submissions to send (each
#                  definition without a Held: line, in its own folder; the
#                  held ones under held/, not counted) whose mails carry
#                  that author and Signed-off-by, no Depends-on line their own
#                  submission satisfies, a complete text (cover letter; PAPI:
#                  pull-request.md's sections), and, applied in sending order
#                  to the head with patch -p1 and no fuzz, the held ones
#                  last, give exactly the tree of the head's series.
# The fix mails standing alone on the head: fixes-alone.sh with
# SERIES_BASE=head (FIX_PROJECTS: which projects).
. "$(dirname "$0")/lib.sh"
: "${UPSTREAM_HEAD_DIR:?set by make check-upstream-head}"
: "${BUILD_DIR:?set by make check-upstream-head}"
step=${1:?usage: upstream-head.sh STEP}
pfm_head=$(cat "$UPSTREAM_HEAD_DIR/libpfm4.path")
papi_head=$(cat "$UPSTREAM_HEAD_DIR/papi.path")
echo "upstream's heads: $(cat "$UPSTREAM_HEAD_DIR/label")"
JOBS=-j2

# head_tree PROJECT DEST: upstream's head of PROJECT with our series' mails
head_tree() {
	case $1 in libpfm4) _src=$pfm_head ;; papi) _src=$papi_head ;; esac
	"$SCRIPTS/make-series" --base=head "$1" "$_src" "$TMP/work-$1" "$TMP/series-$1" ||
		fail "$1: our series do not apply to upstream's head (the line above names the patch)"
	"$SCRIPTS/series-tree" "$1" "$_src" "$2" "$TMP/series-$1"/* ||
		fail "$1: the mails do not apply to upstream's head"
	echo "$1: $(ls "$TMP/series-$1"/*/*.patch | wc -l) mails applied to upstream's head ($(ls "$TMP/series-$1" | tr '\n' ' '))"
}

pfm_options=$(cat "$BUILD_DIR/libpfm4.options")
# PAPI's CI builds these (.github/workflows: papi_framework's comprehensive
# set without the components needing a vendor library, and the individual
# component workflows, example's included)
PAPI_CI_COMPONENTS="powercap coretemp net appio io stealtime sde example"
case $step in
series-libpfm4) head_tree libpfm4 "$TMP/pfm" ;;
series-papi) head_tree papi "$TMP/papi" ;;
pmu-ids)
	head_tree libpfm4 "$TMP/pfm"
	ref=$pfm_head/include/perfmon/pfmlib.h
	echo "== upstream's head with our series"
	"$SCRIPTS/check-pmu-ids" "$TMP/pfm/include/perfmon/pfmlib.h" "$ref" ||
		fail "upstream's head with our series breaks libpfm4's id rules"
	echo "== the release build's installed header"
	installed=$(find "$BUILD_DIR/stage/host" -path '*/perfmon/pfmlib.h' | head -1)
	[ -n "$installed" ] || fail "no installed pfmlib.h under $BUILD_DIR/stage/host (the build makes it)"
	"$SCRIPTS/check-pmu-ids" "$installed" "$ref" ||
		fail "the release build's pfmlib.h gives an id of upstream's head to another PMU" ;;
libpfm4-aarch64 | libpfm4-riscv64)
	arch=${step#libpfm4-}
	head_tree libpfm4 "$TMP/pfm"
	# shellcheck disable=SC2086 # the options are words
	must_build "libpfm4 head + ours, ARCH=$arch table build" \
		make -C "$TMP/pfm" $JOBS $pfm_options CC="${CC:-gcc}" ARCH="$arch" LDCONFIG=true
	"$TMP/pfm/tests/validate" || fail "libpfm4 head + ours, ARCH=$arch: tests/validate fails"
	echo "libpfm4 head + ours, ARCH=$arch: tests/validate passes" ;;
papi-host)
	head_tree libpfm4 "$TMP/pfm"
	# shellcheck disable=SC2086 # the options are words
	must_build "libpfm4 head + ours, host" \
		make -C "$TMP/pfm" $JOBS $pfm_options CC="${CC:-gcc}" LDCONFIG=true PREFIX=/usr \
		install DESTDIR="$TMP/pfm-stage"
	head_tree papi "$TMP/papi"
	pfminc=$TMP/pfm-stage/usr/include pfmlib=$TMP/pfm-stage/usr/lib
	must_build "PAPI head + ours, host: configure" env -C "$TMP/papi/src" ./configure \
		--with-perf-events --with-components="$PAPI_CI_COMPONENTS" --with-tests=ctests \
		--with-pfm-incdir="$pfminc" --with-pfm-libdir="$pfmlib" LDFLAGS="-Wl,-rpath-link,$pfmlib"
	must_build "PAPI head + ours, host: library, utilities and ctests ($PAPI_CI_COMPONENTS)" \
		make -C "$TMP/papi/src" $JOBS
	# init, then the first preset use (papi_init.c)
	must_build "a program calling PAPI_library_init()" "${CC:-gcc}" -I"$TMP/papi/src" -o "$TMP/init" "$(dirname "$0")/papi_init.c" \
		-L"$TMP/papi/src" -lpapi -L"$pfmlib" -lpfm
	LD_LIBRARY_PATH=$TMP/papi/src:$pfmlib timeout 120 "$TMP/init" ||
		fail "PAPI_library_init() or the first preset use fails (or hangs: exit 124) with PAPI's head + ours"
	[ -x "$TMP/papi/src/ctests/zero" ] || fail "PAPI's ctests were not built"
	# the components active, as PAPI's CI reads them
	LD_LIBRARY_PATH=$TMP/papi/src:$pfmlib timeout 120 "$TMP/papi/src/utils/papi_component_avail" >"$TMP/avail" ||
		fail "papi_component_avail fails with PAPI's head + ours: $(tail -3 "$TMP/avail")"
	active=$(grep -A1000 'Active components' "$TMP/avail" | awk '/Name: / { print $2 }' | tr '\n' ' ')
	# each active component and its native events
	grep -A1000 'Active components' "$TMP/avail" |
		awk '/Name: / { n = $2 } /Native: / { sub(",", "", $2); printf "%s(%s) ", n, $2 } END { print "" }' >"$TMP/natives"
	echo "active components (native events): $(cat "$TMP/natives")"
	expect="net appio io stealtime sde example"
	if [ "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 3)" -le 2 ]; then
		expect="perf_event $expect"
	else
		echo "perf_event: not expected active here (perf_event_paranoid above 2)"
	fi
	if grep -q '^vendor_id.*GenuineIntel' /proc/cpuinfo && [ -r /sys/class/powercap/intel-rapl:0/name ]; then
		expect="$expect powercap"
		# it takes its zones from the socket count: none without it
		grep -q 'powercap([1-9]' "$TMP/natives" ||
			fail "powercap has no events with PAPI's head + ours (the hardware info's sockets at its init?)"
	else
		echo "powercap: not expected active here (no Intel CPU with a readable intel-rapl:0)"
	fi
	if ls /sys/class/hwmon/hwmon*/*_input >/dev/null 2>&1; then
		expect="$expect coretemp"
	else
		echo "coretemp: not expected active here (no hwmon input)"
	fi
	for c in $expect; do
		case " $active " in
		*" $c "*) ;;
		*) sed -n "/Name: *$c /,/^\$/p" "$TMP/avail" | head -5
			fail "component $c is not active with PAPI's head + ours (it should be on this machine)" ;;
		esac
	done
	echo "PAPI head + ours: ctests built ($(ls "$TMP/papi/src/ctests" | grep -c -v '\.'))" ;;
papi-aarch64-bundled | papi-riscv64-bundled)
	arch=${step#papi-}
	arch=${arch%-bundled}
	head_tree papi "$TMP/papi"
	head_tree libpfm4 "$TMP/pfm"
	rm -rf "$TMP/papi/src/libpfm4"
	mv "$TMP/pfm" "$TMP/papi/src/libpfm4"
	eval "conf=\${PAPI_CONF_$arch:?the cross configure options of PAPI for $arch (Makefile.am)}"
	# shellcheck disable=SC2086,SC2154 # the options are words
	must_build "PAPI head + ours, $arch, bundled libpfm4: configure" env -C "$TMP/papi/src" ./configure \
		--with-perf-events $conf
	must_build "PAPI head + ours, $arch, bundled libpfm4 + ours: library and utilities" \
		make -C "$TMP/papi/src" $JOBS
	# the bundled libpfm4 went into libpapi: nothing of ours is on the library path
	avail=$TMP/papi/src/utils/papi_avail
	[ -x "$avail" ] || fail "no papi_avail in the $arch build"
	"$SCRIPTS/preset-table" avail "$TOP_SRCDIR/presets" "$arch" \
		qemu-"$arch" -L /usr/"$arch"-linux-gnu -E LD_LIBRARY_PATH="$TMP/papi/src" "$avail" ||
		fail "PAPI head + ours with its bundled libpfm4 + ours ($arch): the presets are not the sections' (above)" ;;
submissions-libpfm4 | submissions-papi)
	project=${step#submissions-}
	case $project in
	libpfm4) src=$pfm_head limit=5 defs=$TOP_SRCDIR/libpfm4-pmus/patches/submissions ;;
	papi) src=$papi_head limit=15 defs=$TOP_SRCDIR/papi-components/patches/submissions ;;
	esac
	out=$TMP/submissions
	(unset PATCH_AUTHOR; expect_failure 'PATCH_AUTHOR is not set' \
		"$SCRIPTS/make-submissions" "$project" "$src" "$TMP/work" "$out")
	PATCH_AUTHOR='RISC-V and Arm port <papi-riscv-arm@invalid.org>' expect_failure 'placeholder' \
		"$SCRIPTS/make-submissions" "$project" "$src" "$TMP/work" "$out"
	author='Test Sender <sender@example.org>'
	(unset COPYRIGHT_HOLDER; PATCH_AUTHOR=$author expect_failure 'COPYRIGHT_HOLDER is not set' \
		"$SCRIPTS/make-submissions" "$project" "$src" "$TMP/work" "$out")
	[ ! -e "$out" ] || fail "make-submissions wrote $out though it refused"
	holder='Test Holder Inc.'
	COPYRIGHT_HOLDER=$holder PATCH_AUTHOR=$author "$SCRIPTS/make-submissions" "$project" "$src" "$TMP/work" "$out" ||
		fail "$project: make-submissions fails (above)"
	# the submissions sent, in their folders, and the held ones, under held/
	sent=$(ls "$out" | grep -vx held || true)
	held=$(if [ -d "$out/held" ]; then ls "$out/held"; fi)
	for def in "$defs"/[0-9][0-9]-*; do
		s=${def##*/}
		if grep -q '^Held: *[^ ]' "$def"; then
			[ -d "$out/held/$s" ] || fail "$s is held (its Held: line), but make-submissions did not write it under held/"
		else
			[ -d "$out/$s" ] || fail "$s is to be sent, but make-submissions did not write it in its own folder"
		fi
	done
	n=$(echo "$sent" | grep -c . || true)
	nheld=$(echo "$held" | grep -c . || true)
	[ $((n + nheld)) -eq "$(ls "$defs" | grep -c '^[0-9][0-9]-')" ] ||
		fail "$project: $n sent and $nheld held submissions written for $(ls "$defs" | grep -c '^[0-9][0-9]-') definitions"
	[ "$n" -le "$limit" ] || fail "$project: $n submissions to send, more than $limit"
	# a pull request of PAPI's is one feature of at most 14 commits
	if [ "$project" = papi ]; then
		for s in $sent; do
			c=$(ls "$out/$s"/*.patch | wc -l)
			[ "$c" -le 14 ] || fail "$s: $c commits in one pull request, more than 14"
		done
	fi
	echo "$project: $n submissions to send (at most $limit), $nheld held"
	# held last in the cumulative application below
	subs="$sent $(for h in $held; do echo "held/$h"; done)"
	"$SCRIPTS/prepare-tree" "$project" "$src" "$TMP/sent" --pristine
	mails=0
	for s in $subs; do
		d=$out/$s
		ls "$d"/*.patch >/dev/null 2>&1 || fail "$s: no mails"
		if [ "$project" = libpfm4 ]; then
			c=$d/0000-cover-letter.patch
			[ -f "$c" ] || fail "$s: no cover letter"
			! grep -q -e 'SUBJECT HERE' -e 'BLURB HERE' "$c" || fail "$s: the cover letter is git's template"
			# its text: between the headers and git's "Author (N):" shortlog
			[ "$(awk '/^Test Sender \([0-9]+\):$/ { exit } body && /[a-z]/ { n++ } /^$/ { body = 1 } END { print n + 0 }' "$c")" -ge 4 ] ||
				fail "$s: the cover letter has no text (less than 4 lines)"
		else
			pr=$d/pull-request.md
			[ -f "$pr" ] || fail "$s: no pull-request.md"
			for h in '## What' '## Why' '## Other architectures' '## How it was tested' \
				'## Numbers' '## Commits' '## Needs merged first'; do
				[ "$(grep -cx "$h" "$pr")" = 1 ] || fail "$s: pull-request.md has no section '$h' (or two)"
			done
			[ "$(awk '/^## / { on = ($0 == "## Commits") } on && /^1\. /' "$pr" | wc -l)" = "$(ls "$d"/*.patch | wc -l)" ] ||
				fail "$s: pull-request.md does not list its $(ls "$d"/*.patch | wc -l) commits"
		fi
		subjects=$(for m in "$d"/*.patch; do
			sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$m"
		done)
		for m in "$d"/*.patch; do
			case $m in */0000-cover-letter.patch) continue ;; esac
			mails=$((mails + 1))
			grep -qx "From: $author" "$m" || fail "$m: not from $author"
			grep -qx "Signed-off-by: $author" "$m" || fail "$m: no Signed-off-by: $author"
			! grep -q -e 'papi-riscv-arm@' -e '@invalid' "$m" || fail "$m: a placeholder author"
			! grep -q -e '@COPYRIGHT_HOLDER@' -e 'RISC-V and Arm port contributors' "$m" ||
				fail "$m: a placeholder copyright holder"
			sed -n '/^Subject:/,/^---$/p' "$m" | sed -n 's/^Depends-on: *//p' | while IFS= read -r dep; do
				! echo "$subjects" | grep -qxF -- "$dep" ||
					fail "$m: Depends-on \"$dep\", which its own submission carries"
			done
			patch -d "$TMP/sent" -p1 --batch --forward --fuzz=0 -s <"$m" ||
				fail "$m does not apply after the submissions before it"
		done
		echo "$s: $(ls "$d"/*.patch | wc -l) mail(s) apply in order"
	done
	COPYRIGHT_HOLDER=$holder "$SCRIPTS/prepare-tree" "$project" "$src" "$TMP/expected" --base=head
	[ "$project" = papi ] || grep -rq "Copyright (c) 2026 $holder" "$TMP/sent/lib" ||
		fail "libpfm4: no new file names the holder $holder"
	diff -r "$TMP/sent" "$TMP/expected" >"$TMP/diff" ||
		fail "$project: the submissions do not give the head series' tree: $(head -3 "$TMP/diff")"
	echo "$project: $n submissions to send and $nheld held, $mails commits: the head series' tree" ;;
*) fail "no step $step" ;;
esac
echo ok
