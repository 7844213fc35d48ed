#!/bin/sh
# debs-install.sh: the amd64 packages install over the distribution's
# (docs/packages.md). In a fresh Debian bookworm chroot (scripts/debs
# --chroot install: mmdebstrap's minbase plus the distribution's libpfm4,
# libpapi7.0, libpapi-dev and papi-tools): papi_metrics builds against the
# distribution's PAPI 7.0 and runs on it; then "apt install ./*.deb" of ours:
# libpfm4 is upgraded in place, libpapi7.0 stays, a distribution program
# linked with libpapi7.0 still runs on our libpfm4, and our papi_avail and
# papi_component_avail run from /usr.
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?}"
dir=$BUILD_DIR/debs/amd64
[ -f "$dir/.built" ] || fail "no amd64 packages in $dir: make debs"
root=$BUILD_DIR/debs/root-install-test
trap 'rm -rf "$TMP" "$root"' EXIT
"$SCRIPTS/debs" --chroot install "$root" || fail "no install-test chroot (scripts/debs --chroot install)"

in_root() {
	unshare --mount --propagation private -- sh -c '
		r=$1; shift
		mount -t proc proc "$r/proc" && mount --rbind /dev "$r/dev" || exit 1
		exec chroot "$r" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
			DEBIAN_FRONTEND=noninteractive "$@"' sh "$root" "$@"
}
version() { in_root dpkg-query -W -f '${Version}' "$1" 2>/dev/null; }
status() { in_root dpkg-query -W -f '${db:Status-Abbrev}' "$1" 2>/dev/null; }
triplet=x86_64-linux-gnu

# before: the distribution's packages
dist_pfm=$(version libpfm4) dist_papi=$(version libpapi7.0) dist_tools=$(version papi-tools)
[ -n "$dist_pfm" ] && [ -n "$dist_papi" ] && [ -n "$dist_tools" ] ||
	fail "the chroot lacks the distribution's libpfm4, libpapi7.0 or papi-tools"
echo "before: libpfm4 $dist_pfm, libpapi7.0 $dist_papi, papi-tools $dist_tools (Debian $(cat "$root/etc/debs-suite"))"
# a distribution program linked with libpapi7.0, kept (papi-tools is replaced by ours)
cp "$root/usr/bin/papi_component_avail" "$root/root/dist_papi_component_avail"
in_root ldd /root/dist_papi_component_avail | grep -q 'libpapi\.so\.7\.0 ' ||
	fail "the distribution's papi_component_avail is not linked with libpapi.so.7.0"
in_root /root/dist_papi_component_avail >"$TMP/dist-before.out" 2>&1 ||
	{ cat "$TMP/dist-before.out"; fail "the distribution's papi_component_avail fails before the upgrade"; }

# papi_metrics, built against the distribution's PAPI 7.0 (its papi.h and
# libpapi.so.7.0), runs on it: -l, and report on a two-rank fixture
dist_pm=$root/root/papi_metrics
"${CC:-gcc}" -O2 -I"$root/usr/include" -o "$dist_pm" "$TOP_SRCDIR/papi-components/src/utils/papi_metrics.c" \
	-L"$root/usr/lib/$triplet" -Wl,-rpath-link,"$root/usr/lib/$triplet" -lpapi -lm ||
	fail "papi_metrics does not build against the distribution's PAPI 7.0"
cp -r "$TOP_SRCDIR/metrics" "$TOP_SRCDIR/ctests/fixtures/metrics/hl-2ranks" "$root/root/"
in_root ldd /root/papi_metrics | grep -q 'libpapi\.so\.7\.0 ' || fail "papi_metrics is not linked with libpapi.so.7.0"
in_root env PAPI_METRICS_DIR=/root/metrics /root/papi_metrics -l >"$TMP/pm-l.out" 2>&1 ||
	{ cat "$TMP/pm-l.out"; fail "papi_metrics -l fails on the distribution's PAPI 7.0"; }
head -n 1 "$TMP/pm-l.out" | grep -q '^papi_metrics: metrics for ' && grep -q '^IPC: ' "$TMP/pm-l.out" ||
	{ cat "$TMP/pm-l.out"; fail "papi_metrics -l on PAPI 7.0 lists no definitions or no IPC group"; }
in_root env PAPI_METRICS_DIR=/root/metrics /root/papi_metrics report -g IPC -o /root/r.csv /root/hl-2ranks \
	>"$TMP/pm-r.out" 2>&1 || { cat "$TMP/pm-r.out"; fail "papi_metrics report fails on the distribution's PAPI 7.0"; }
grep -qx 'all,all,compute,IPC,IPC,instructions/cycle,2.5,2,3,1' "$root/root/r.csv" ||
	{ cat "$root/root/r.csv"; fail "papi_metrics report on PAPI 7.0: not the fixture's metrics"; }
echo "papi_metrics builds against the distribution's PAPI 7.0 and runs there (-l: $(head -n 1 "$TMP/pm-l.out"))"

# ours
mkdir -p "$root/debs"
cp "$dir"/*_amd64.deb "$root/debs/"
in_root sh -c 'cd /debs && apt-get -q -y install ./libpfm4_*.deb ./libpfm4-dev_*.deb ./libpapi7.2_*.deb ./libpapi-dev_*.deb ./papi-tools_*.deb' \
	>"$TMP/apt.log" 2>&1 || { cat "$TMP/apt.log"; fail "apt install ./*.deb failed"; }
pfm=$(dpkg-deb -f "$dir"/libpfm4_*_amd64.deb Version)
papi=$(dpkg-deb -f "$dir"/libpapi7.2_*_amd64.deb Version)
[ "$(version libpfm4)" = "$pfm" ] || fail "libpfm4 is $(version libpfm4) after apt install, not ours ($pfm)"
grep -q "Unpacking libpfm4:amd64 ($pfm) over ($dist_pfm)" "$TMP/apt.log" ||
	{ cat "$TMP/apt.log"; fail "libpfm4 was not upgraded in place ($dist_pfm to $pfm)"; }
grep -q "Unpacking papi-tools ($papi) over ($dist_tools)" "$TMP/apt.log" ||
	{ cat "$TMP/apt.log"; fail "papi-tools was not upgraded in place ($dist_tools to $papi)"; }
! grep -q '^Removing' "$TMP/apt.log" || { cat "$TMP/apt.log"; fail "apt removed packages"; }
[ "$(status libpapi7.0)" = "ii " ] || fail "libpapi7.0 is no longer installed: $(status libpapi7.0)"
[ "$(version libpapi7.2)" = "$papi" ] || fail "libpapi7.2 is not ours"
in_root dpkg --verify libpfm4 libpapi7.2 papi-tools || fail "dpkg --verify: installed files differ from the packages"
echo "after: libpfm4 $pfm (in place of $dist_pfm), libpapi7.0 $(version libpapi7.0) kept, libpapi7.2 and papi-tools $papi"

# the distribution's program runs on our libpfm4
in_root ldd /root/dist_papi_component_avail >"$TMP/ldd" 2>&1 || true
grep -q "libpfm\.so\.4 => \(/usr\)\{0,1\}/lib/$triplet/libpfm\.so\.4" "$TMP/ldd" ||
	{ cat "$TMP/ldd"; fail "the distribution's program does not load /usr/lib/$triplet/libpfm.so.4"; }
in_root /root/dist_papi_component_avail >"$TMP/dist-after.out" 2>&1 ||
	{ cat "$TMP/dist-after.out"; fail "the distribution's papi_component_avail (libpapi7.0) fails on our libpfm4"; }
grep -q perf_event "$TMP/dist-after.out" ||
	{ cat "$TMP/dist-after.out"; fail "the distribution's papi_component_avail lists no perf_event component on our libpfm4"; }
echo "the distribution's papi_component_avail (libpapi.so.7.0) runs on our libpfm4"

# ours, from /usr
# (bookworm's /lib is /usr/lib: ldd may name either)
in_root ldd /usr/bin/papi_avail >"$TMP/ldd-avail" 2>&1 || true
grep -q "libpapi\.so\.7\.2 => \(/usr\)\{0,1\}/lib/$triplet/libpapi\.so\.7\.2" "$TMP/ldd-avail" &&
	grep -q "libpfm\.so\.4 => \(/usr\)\{0,1\}/lib/$triplet/libpfm\.so\.4" "$TMP/ldd-avail" ||
	{ cat "$TMP/ldd-avail"; fail "/usr/bin/papi_avail does not load /usr/lib/$triplet/libpapi.so.7.2 and libpfm.so.4"; }
in_root /usr/bin/papi_avail >"$TMP/avail.out" 2>&1 || { cat "$TMP/avail.out"; fail "/usr/bin/papi_avail fails"; }
grep -q 'PAPI version *: *7\.2\.0' "$TMP/avail.out" || { cat "$TMP/avail.out"; fail "papi_avail does not say PAPI 7.2.0"; }
in_root /usr/bin/papi_component_avail >"$TMP/comp.out" 2>&1 ||
	{ cat "$TMP/comp.out"; fail "/usr/bin/papi_component_avail fails"; }
for c in perf_event perf_event_uncore sysdetect sde; do
	grep -q "Name: *$c " "$TMP/comp.out" || { cat "$TMP/comp.out"; fail "papi_component_avail does not list $c"; }
done
echo "/usr/bin/papi_avail and papi_component_avail (PAPI 7.2.0: perf_event, perf_event_uncore, sysdetect, sde) run"
