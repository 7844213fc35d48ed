#!/bin/sh
# suite.sh PROFILE [TEST]: the test suite run inside an emulated guest (/guest).
#
# Without TEST, runs every test of the list below, each in its own shell with a
# time limit, and prints for each
#   @@begin NAME / its output / @@result NAME PASS|FAIL|SKIP [reason]
# which scripts/guest-run reads back on the host. A test skips (exit 77, reason
# on its last "SKIP:" line) only when the emulator cannot show what it checks;
# a piece of the project missing from the build is a failure.
# PAPI's own tests also print "@@papi NAME VERDICT ..." lines (papi-tests.sh).
profile=$1
# Where things are: the guests' layout unless told otherwise (scripts/check-board
# runs this suite on a board with the host build's paths). SUITE_DIR: this
# suite's files; SUITE_USR: the installed libpfm4 and PAPI (bin, lib, share);
# SUITE_LIBEXEC: our test programs (guest/, ctests/, benchmarks/).
G=${SUITE_DIR:-/guest}
USR=${SUITE_USR:-/usr}
CT=${SUITE_LIBEXEC:-/usr/libexec/papi-riscv-arm}
[ "$USR" = /usr ] || export PATH="$USR/bin:$PATH"
# A profile's tests (tests.list): on PROFILE-1cpu those tagged "exact", on
# biglittle those tagged "hybrid", on the other cores' profiles (p550, c920v2, x60)
# those tagged "cores"; elsewhere every test but the hybrid ones, and those
# tagged "once" only on u74 (with a72-1cpu: once per architecture).
tagged() { awk -v t="$1" '!/^#/ && index("," $2 ",", "," t ",") { print $1 }' $G/tests.list; }
case $profile in
*-1cpu) TESTS=$(tagged exact) ;;
biglittle) TESTS=$(tagged hybrid) ;;
p550 | c920v2 | x60) TESTS=$(tagged cores) ;;
# board: no bench either (on a board, "make bench" runs the benchmarks)
board) TESTS=$(awk '!/^#/ && NF && !index("," $2 ",", ",hybrid,") && $1 != "bench" { print $1 }' $G/tests.list) ;;
*) TESTS=$(awk -v p="$profile" '!/^#/ && NF && !index("," $2 ",", ",hybrid,") &&
	(p == "u74" || !index("," $2 ",", ",once,")) { print $1 }' $G/tests.list) ;;
esac
# A guest.NAME=a,b,c kernel argument, as "a b c".
karg() { sed -n "s/.*guest\.$1=\([^ ]*\).*/\1/p" /proc/cmdline | tr , ' '; }
only=$(karg tests)
[ -z "$only" ] || TESTS=$only
# Loop sizes for the counting tests.
N1=1000000 N2=3000000
# A verdict that rests on how this kernel's PMU driver decides (a newer kernel
# may accept, refuse or count otherwise) says so, with the kernel it held on.
kernel_dependent() { echo "kernel-dependent: $* (held on Linux $(uname -r))"; }

showevtinfo() { $USR/share/doc/libpfm-*/examples/showevtinfo "$@"; }
# The kernel's core PMUs in sysfs: on Arm armv8_*/armv9_* (one per core
# type), on RISC-V "cpu".
core_pmu_dirs() {
	for d in /sys/bus/event_source/devices/*; do
		case $arch:${d##*/} in aarch64:armv[0-9]* | riscv64:cpu) echo "$d" ;; esac
	done
}

# The profile "board" (scripts/check-board, make check-board): what a QEMU
# profile states, taken from the running kernel and CPU instead. The core PMU
# libpfm4 detects (pmu); the kernel's core PMU in sysfs (kpmu: on Arm the
# armv8_*/armv9_* PMU, on RISC-V "cpu"), its perf type (kpmu_type: the
# encodings test accepts it besides PERF_TYPE_RAW) and CPUs; whether it
# filters privilege (useronly: Arm always, RISC-V with Sscofpmf in the isa
# line) and has overflow interrupts (overflow: the same; BOARD_USERONLY,
# BOARD_OVERFLOW=yes/no override them, e.g. for an Arm board whose device
# tree gives the PMU no interrupt); the CPU's id (cpu_id: Arm's CPU part,
# RISC-V's mvendorid). SUITE_EMULATOR=PROFILE says the "board" is the QEMU
# guest PROFILE (the guest proof, scripts/guest-run PROFILE-board): then what
# QEMU cannot count is skipped as "emulator" (papi-tests), never on a board.
board_profile() {
	case $(uname -m) in
	aarch64) arch=aarch64 ;;
	riscv64) arch=riscv64 ;;
	*) echo "suite.sh: profile board runs on an aarch64 or riscv64 machine, not $(uname -m)"; exit 2 ;;
	esac
	pmu=$(showevtinfo 2>/dev/null | sed -n '/^Detected PMU models/,/^Total events/p' |
		sed -n 's/^[[:space:]]*\[ *[0-9]*, \([a-z0-9_]*\), .*core PMU\]$/\1/p' | head -n 1)
	[ -n "$pmu" ] || pmu=none
	kpmu=$(core_pmu_dirs | head -n 1)
	kpmu=${kpmu##*/}
	kd=/sys/bus/event_source/devices/$kpmu
	kpmu_type=$(cat $kd/type 2>/dev/null)
	kpmu_cpus=$(cat $kd/cpus 2>/dev/null || cat $kd/cpumask 2>/dev/null || echo "$(cat /sys/devices/system/cpu/online) (online; the PMU has no cpus file)")
	if [ "$arch" = aarch64 ]; then
		filters=yes
		cpu_id=$(sed -n 's/^CPU part[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)
	else
		filters=no
		grep -qiE '^(hart )?isa[[:space:]]*:.*_sscofpmf' /proc/cpuinfo && filters=yes
		cpu_id=$(sed -n 's/^mvendorid[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)
	fi
	useronly=${BOARD_USERONLY:-$filters} overflow=${BOARD_OVERFLOW:-$filters}
}

case ${profile%-1cpu} in
board) board_profile ;;
a72) arch=aarch64 pmu=arm_ac72 useronly=yes overflow=yes cpu_id="0xd08" ;;
n1) arch=aarch64 pmu=arm_n1 useronly=yes overflow=yes cpu_id="0xd0c" ;;
biglittle) arch=aarch64 pmu=arm_ac72 useronly=yes overflow=no cpu_id="0xd08" ;;
u74) arch=riscv64 pmu=sifive_u74 useronly=no overflow=no cpu_id="0x489" ;;
rv-sscofpmf) arch=riscv64 pmu=sifive_u74 useronly=yes overflow=yes cpu_id="0x489" ;;
p550) arch=riscv64 pmu=sifive_p550 useronly=no overflow=no cpu_id="0x8000000000000008" ;;
c920v2) arch=riscv64 pmu=thead_c900 useronly=no overflow=no cpu_id="0x5b7" ;;
x60) arch=riscv64 pmu=spacemit_x60 useronly=yes overflow=yes cpu_id="0x8000000058000001" ;;
*) echo "suite.sh: unknown profile '$profile'"; exit 2 ;;
esac
case $arch in
# overflow_least: the share (%) of the overflows PAPI must see (empty: all
# +- 1); QEMU's RISC-V counters lose some, raw perf_event's too (docs/guests.md)
aarch64) ins_event=$pmu::INST_RETIRED cyc_event=$pmu::CPU_CYCLES user_slack=0 overflow_least= ;;
riscv64) ins_event=perf::INSTRUCTIONS cyc_event=perf::CYCLES user_slack=2 overflow_least=50 ;;
esac
# With several vCPUs under -icount, QEMU's instruction counter includes the
# other vCPUs' instructions (measured: under 1% with 2 vCPUs, 1.4% with 4,
# but in bursts: once 2% on one 2N = 2,000,000): exact counts become
# [2N, 2N + (vCPUs - 1)%] there, in one of three tries (guest_loop.h); the
# PROFILE-1cpu guests keep the exact checks.
ncpus=$(grep -c '^processor' /proc/cpuinfo)
exact=no
if [ "$ncpus" -gt 1 ]; then
	[ "$user_slack" != 0 ] || user_slack=$((ncpus - 1))
else
	[ "$user_slack" != 0 ] || exact=yes
fi

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
# A test that writes sysctls, mounts, or counts as another user: root only
# (the guests run as root; on a board, scripts/check-board says so).
need_root() { [ "$(id -u)" = 0 ] || skip "needs root: $*"; }
# Is PMU compiled into this libpfm4 ("Supported PMU models"), and detected here?
pmu_in_build() { showevtinfo 2>/dev/null |
	sed -n '/^Supported PMU models/,/^Detected PMU models/p' | grep -q "\[ *[0-9]*, $1, "; }
pmu_detected() { showevtinfo 2>/dev/null |
	sed -n '/^Detected PMU models/,/^Total events/p' | grep -q "\[ *[0-9]*, $1, "; }
have_papi() { [ -x $USR/bin/papi_avail ] && ls $USR/lib*/libpapi.so >/dev/null 2>&1; }
need_pmu() { pmu_in_build "$pmu" || fail "$pmu is not in this libpfm4 build"; }
need_papi() { have_papi || fail "PAPI is not in the $arch build"; }
# The PMU's events from events.list: "event type config" lines.
pmu_events() { awk -v p="$pmu" '!/^#/ && $1 == p { print $2, $3, $4 }' $G/events.list; }

t_detect() {
	grep -E '^(CPU implementer|CPU part|mvendorid|marchid|mimpid|uarch|isa)' /proc/cpuinfo | sort -u
	showevtinfo | sed -n '/^Detected PMU models/,/^Total events/p'
	grep -q "$cpu_id" /proc/cpuinfo || fail "/proc/cpuinfo does not show $cpu_id: wrong QEMU settings"
	need_pmu
	pmu_detected "$pmu" || fail "$pmu is in this libpfm4 but was not detected from /proc/cpuinfo"
	echo "$pmu detected with no forcing"
}

t_papi_avail() {
	need_papi
	papi_avail >/tmp/avail.out 2>&1 || { cat /tmp/avail.out; fail "papi_avail failed"; }
	sed -n '1,/^Fast counter/p' /tmp/avail.out
	tail -n 3 /tmp/avail.out
	grep -E '^(Vendor string|Model string|CPUID)' /tmp/avail.out | grep -qi "$cpu_id" ||
		grep -E '^(Vendor string|Model string|CPUID)' /tmp/avail.out | grep -q "$(printf %d "$cpu_id" 2>/dev/null)" ||
		fail "papi_avail does not report the CPU ($cpu_id) in its vendor/model lines"
	echo "papi_avail reports the CPU ($cpu_id)"
	# the model string names a RISC-V core by libpfm4's name of its PMU (PAPI
	# "perf_event: name the CPU by its core PMUs where the kernel names none");
	# a generic riscv PMU names none
	if [ "$arch" = riscv64 ] && [ -n "$pmu" ] && [ "$pmu" != riscv ]; then
		pmu_desc=$(showevtinfo 2>/dev/null | sed -n "s/.*\[[0-9]*, $pmu, \"\([^\"]*\)\".*/\1/p" | head -n 1)
		grep '^Model string' /tmp/avail.out | sed 's/^/  /'
		[ -n "$pmu_desc" ] || fail "showevtinfo gives no description of $pmu"
		grep '^Model string' /tmp/avail.out | grep -qF "$pmu_desc (rv" ||
			fail "the model string does not name the core as libpfm4's $pmu does (\"$pmu_desc\")"
		echo "the model string names the core \"$pmu_desc\" ($pmu)"
	fi
	echo "presets available: $(papi_avail -a 2>/dev/null | grep -c '^PAPI_')"
	# the counters PAPI reports are the PMU's (libpfm4's table): RISC-V's
	# NMI-less watchdog holds none (PAPI "perf_event: on RISC-V the NMI
	# watchdog holds no counter")
	if [ "$arch" = riscv64 ]; then
		papi_n=$(sed -n 's/^Number Hardware Counters *: *//p' /tmp/avail.out)
		pfm_n=$(showevtinfo 2>/dev/null | sed -n "s/.*\[[0-9]*, $pmu, .* \([0-9]*\) counters, core PMU\].*/\1/p" | head -n 1)
		echo "hardware counters: PAPI $papi_n, libpfm4's $pmu table $pfm_n (nmi_watchdog $(cat /proc/sys/kernel/nmi_watchdog 2>/dev/null))"
		[ -n "$pfm_n" ] && [ "$papi_n" = "$pfm_n" ] ||
			fail "papi_avail reports $papi_n hardware counters, libpfm4's $pmu table ${pfm_n:-(not found)}"
	fi
}

t_native_avail() {
	need_papi
	need_pmu
	rm -f /tmp/native.bad
	papi_native_avail >/tmp/native.out 2>&1 || { tail /tmp/native.out; fail "papi_native_avail failed"; }
	sed -n '/Native Events in Component: perf_event$/,/^Total events/p' /tmp/native.out |
		grep -E '^\| [A-Za-z]' | head -n 6
	grep '^Total events' /tmp/native.out
	# The core PMU's events may be listed with or without their "pmu::" prefix.
	pmu_events | while read -r ev type config; do
		grep -qE "^\| ($pmu::)?$ev +(<-->)?\|" /tmp/native.out && echo "listed $ev" ||
			{ echo "missing $pmu::$ev"; echo 1 >/tmp/native.bad; }
	done
	[ ! -e /tmp/native.bad ] || fail "papi_native_avail does not list every $pmu event of events.list"
}

# Exact user-only counts where the hardware filters by privilege (Arm). QEMU's
# RISC-V instret counts kernel instructions even with exclude_kernel=1 (no
# Smcntrpmf), so there, as with both domains, the count must lie within 2% above 2N.
t_count_raw() {
	bad=0
	if [ "$useronly" = yes ]; then
		$CT/guest/guest_count loop user $N1 $N2 $user_slack || bad=1
	else
		echo "user-only counting: not on this profile (no privilege filtering without Sscofpmf)"
	fi
	$CT/guest/guest_count loop all $N1 $N2 2 || bad=1
	[ $bad -eq 0 ] || fail "counts out of bounds"
}

t_count_papi_native() {
	need_papi
	[ "$arch" = riscv64 ] || need_pmu
	$CT/guest/guest_papi count "$ins_event" $N1 $N2 $user_slack
	rc=$?
	[ $rc -eq 77 ] && fail "$ins_event not available although $pmu is in the build"
	[ $rc -eq 0 ] || fail "$ins_event count wrong"
}

# PAPI 0033: the presets' first use in a thread PAPI never registered.
t_thread_presets() {
	need_papi
	$CT/guest/guest_papi thread-presets
	rc=$?
	[ $rc -eq 77 ] && fail "no presets for $pmu"
	[ $rc -eq 0 ] || fail "presets first used in an unregistered thread: crash or wrong answers (exit $rc)"
}

# PAPI 0036: a running set read by a forked child and by another thread,
# with user-space reads on where the kernel has them: read() serves them.
t_foreign_read() {
	need_papi
	[ "$arch" = riscv64 ] || need_pmu
	f=/proc/sys/kernel/perf_user_access
	[ ! -e $f ] || need_root "sets kernel.perf_user_access"
	old=
	if [ -e $f ]; then
		old=$(cat $f)
		echo 1 >$f
	fi
	$CT/guest/guest_papi foreign-read "$ins_event" $N1
	rc=$?
	[ -z "$old" ] || echo "$old" >$f
	[ $rc -eq 0 ] || fail "a set read by a forked child or another thread: crash or wrong value (exit $rc)"
}

# PAPI_read under stress (issue 20 item 4, user_read_stress.c): 2 threads per
# CPU, each reading its own set while they migrate; while the kernel rotates
# other events in the same threads (rotate) or PAPI's multiplexed sets (mpx);
# while perf_user_access is switched off and on again (sysctl). Every read
# monotonic, the last PAPI_read within a bound of read()'s, user-space reads
# and read() fallbacks counted.
t_user_read_stress() {
	need_papi
	[ "$arch" = riscv64 ] || need_pmu
	f=/proc/sys/kernel/perf_user_access
	[ ! -e $f ] || need_root "sets kernel.perf_user_access"
	old= bad=0
	if [ -e $f ]; then
		kernel_dependent "perf_user_access grants and withdraws user-space counter reads as this kernel defines them"
		old=$(cat $f)
		echo 1 >$f
	fi
	# The kernel rotates a running thread's multiplexed events every
	# perf_event_mux_interval_ms (4 in the guests). A thread here runs about
	# 25 ms of its own instructions: a handful of rotations, too few for the
	# scaled estimates mpx checks. As root: every millisecond.
	mux=
	for d in $(core_pmu_dirs); do
		[ -w $d/perf_event_mux_interval_ms ] || continue
		mux="$mux $d=$(cat $d/perf_event_mux_interval_ms)"
		echo 1 >$d/perf_event_mux_interval_ms
	done
	if [ -n "$mux" ]; then echo "rotating every 1 ms (ms before:$mux)"; else echo "rotating at the kernel's interval (not root)"; fi
	for m in migrate rotate; do
		$CT/guest/user_read_stress $m "$ins_event" "$cyc_event" || bad=1
	done
	if [ -e $f ]; then
		$CT/guest/user_read_stress sysctl "$ins_event" "$cyc_event" || bad=1
	else
		echo "sysctl: not on this kernel (no $f)"
	fi
	# more events than counters, multiplexed by PAPI (as in t_sched)
	evs=$(pmu_events | awk -v p="$pmu" '$1 !~ /CYCLES|INST_RETIRED/ { printf "%s::%s ", p, $1 }' | cut -d' ' -f1-8)
	$CT/guest/user_read_stress mpx "$ins_event" "$cyc_event" $evs || bad=1
	[ -z "$old" ] || echo "$old" >$f
	for m in $mux; do echo "${m#*=}" >"${m%=*}/perf_event_mux_interval_ms"; done
	[ $bad -eq 0 ] || fail "PAPI_read under migration, rotation or a perf_user_access switch: wrong, not monotonic, or a crash"
}

t_count_papi_preset() {
	need_papi
	$CT/guest/guest_papi count PAPI_TOT_INS $N1 $N2 $user_slack
	rc=$?
	[ $rc -eq 77 ] && fail "PAPI_TOT_INS is not available (presets for $pmu)"
	[ $rc -eq 0 ] || fail "PAPI_TOT_INS count wrong"
}

# A new user's first count (issue 33): as user nobody at the
# perf_event_paranoid the README advises (2), PAPI_TOT_INS counts where the
# PMU can leave the kernel out; where it cannot (no Sscofpmf: the U74, and
# these guests' P550 and C920v2) the add is refused with PAPI_EPERM, the
# perf_event component's partially disabled reason (what papi_component_avail
# prints) names the setting and the level needed, nothing is printed at
# PAPI's default error level, and at 1 it counts.
t_first_run() {
	need_papi
	need_root "counts as user nobody at kernel.perf_event_paranoid 2 and 1"
	n=$((5 * N1)) # as in faults: the kernel's share counts on RISC-V
	if [ "$useronly" = yes ]; then
		$CT/guest/guest_faults unprivileged PAPI_TOT_INS $n $user_slack 2 counts ||
			fail "an unprivileged user at paranoid 2 does not count PAPI_TOT_INS"
		return 0
	fi
	$CT/guest/guest_faults unprivileged PAPI_TOT_INS $n $user_slack 2 refused >/tmp/first-run.out 2>/tmp/first-run.err
	rc=$?
	cat /tmp/first-run.out /tmp/first-run.err
	[ $rc -eq 0 ] || fail "at paranoid 2 PAPI_TOT_INS is not refused with PAPI_EPERM"
	grep -q '^case unprivileged: perf_event partially disabled: .*kernel.perf_event_paranoid is 2: hardware events count only at 1 or lower, or with CAP_PERFMON' /tmp/first-run.out ||
		fail "at paranoid 2 the perf_event component's reason does not name perf_event_paranoid and the level needed"
	! grep -q 'PAPI Error' /tmp/first-run.err ||
		fail "PAPI printed an error at its default error level (PAPI_QUIET)"
	$CT/guest/guest_faults unprivileged PAPI_TOT_INS $n $user_slack 1 counts ||
		fail "an unprivileged user at paranoid 1 does not count PAPI_TOT_INS"
}

# User-space counter reads (issue 9): with perf_user_access=1 PAPI reads the
# counters from the perf mmap page (no read() call), with 0 through read();
# both must count the same loops right; and with 1 after PAPI_reset() too
# (guest_papi reset-read).
t_user_read() {
	need_papi
	[ "$arch" = riscv64 ] || need_pmu
	f=/proc/sys/kernel/perf_user_access
	[ -e $f ] || skip "kernel without perf_user_access (AArch64 < 5.17, RISC-V < 6.6)"
	need_root "sets kernel.perf_user_access"
	kernel_dependent "perf_user_access grants user-space counter reads as this kernel defines them"
	old=$(cat $f) bad=0
	echo 1 >$f
	$CT/guest/guest_papi userread "$ins_event" $N1 $N2 1 $user_slack >/tmp/ur1 || bad=1
	cat /tmp/ur1
	# PAPI 0065: PAPI_reset(), a move to another CPU (or, on AArch64, the
	# 32-bit counter's overflow), then a user-space PAPI_read of the loop.
	# The overflow case first counts 2^31 instructions, over a minute under
	# QEMU: once per architecture there (the one-vCPU guest), always on a board.
	cases=migrate,wrap
	[ "$ncpus" -eq 1 ] || [ "$profile" = board ] || cases=migrate
	$CT/guest/guest_papi reset-read "$ins_event" $N1 $user_slack $cases || bad=1
	# PAPI 0157: the mmap pages touched at set-up, no page fault in
	# PAPI_start or PAPI_read of a fresh set (raw perf_event's start
	# touches no page)
	$CT/guest/guest_papi start-faults "$ins_event" "$cyc_event" || bad=1
	echo 0 >$f
	$CT/guest/guest_papi userread "$ins_event" $N1 $N2 0 $user_slack >/tmp/ur0 || bad=1
	cat /tmp/ur0
	echo "$old" >$f
	[ $bad -eq 0 ] || fail "PAPI_read counts wrong (between reads, or after PAPI_reset), or page faults in a fresh set's PAPI_start or PAPI_read"
	fast=$(sed -n 's/^ns_per_read //p' /tmp/ur1) slow=$(sed -n 's/^ns_per_read //p' /tmp/ur0)
	# which way the reads went is guest_papi's check (read() calls counted);
	# the times are for the reader
	echo "PAPI_read: $fast ns from the mmap page, $slow ns through read()"
}

# An SBI firmware event (RISC-V) read with user-space reads on: its counter
# lives in the firmware, not in a counter CSR, yet Linux (6.12 measured)
# publishes a counter index for it in the mmap page (PAPI 0042: PAPI_read gave
# -9223372035532803929 where read() gives 0). Remote SFENCE.VMA requests
# received on one hart: none during a loop.
t_user_read_firmware() {
	need_papi
	[ "$arch" = riscv64 ] || skip "SBI firmware events exist on RISC-V only"
	[ "$(grep -c '^processor' /proc/cpuinfo)" -eq 1 ] || skip "needs one hart (other harts send SFENCE.VMA requests)"
	f=/proc/sys/kernel/perf_user_access
	[ -e $f ] || skip "kernel without perf_user_access (RISC-V < 6.6)"
	need_root "sets kernel.perf_user_access"
	old=$(cat $f) bad=0
	for access in 1 0; do
		echo $access >$f
		echo "perf_user_access=$access:"
		$CT/guest/guest_papi idle-read $pmu::FW_SFENCE_VMA_RECEIVED $N2 1000 || bad=1
	done
	echo "$old" >$f
	[ $bad -eq 0 ] || fail "a firmware event read another counter"
}

# On a board (profile board) an event of type 4 in events.list may reach the
# kernel as PERF_TYPE_RAW or with the perf type of the kernel's core PMU
# (kpmu_type: a board's armv8_cortex_a72 has its own dynamic type).
enc_ok() { # TYPE-IN-EVENTS.LIST TYPE-SEEN
	[ "$1" = "$2" ] || { [ "$1" = 4 ] && [ -n "${kpmu_type:-}" ] && [ "$2" = "$kpmu_type" ]; }
}
t_encodings() {
	need_pmu
	[ -n "$(pmu_events)" ] || skip "events.list has no $pmu events: nothing to compare the encodings with (add them)"
	command -v strace >/dev/null || skip "strace is not installed"
	[ -z "${kpmu_type:-}" ] || echo "kernel core PMU $kpmu: type $kpmu_type (accepted besides PERF_TYPE_RAW)"
	evs=$(pmu_events | awk -v p="$pmu" '{ printf "%s::%s ", p, $1 }')
	strace -v -e trace=perf_event_open -o /tmp/strace.out $CT/guest/guest_count events $evs
	cat /tmp/strace.out
	grep '^perf_event_open(' /tmp/strace.out >/tmp/calls
	[ "$(wc -l </tmp/calls)" -eq "$(pmu_events | wc -l)" ] || fail "expected one perf_event_open per event"
	rm -f /tmp/enc.bad
	pmu_events | paste -d' ' - /tmp/calls | while read -r ev type config rest; do
		case $type in 4) tname=PERF_TYPE_RAW ;; *) tname=$type ;; esac
		seen=$(echo "$rest" | sed -n 's/^perf_event_open({type=\([^,]*\), .*/\1/p')
		case $seen in PERF_TYPE_RAW) seen=4 ;; esac
		case "$rest" in
		*"config=$config, "*) enc_ok "$type" "$seen" && echo "ok   $pmu::$ev type=$seen config=$config" ||
			{ echo "BAD  $pmu::$ev expected type=$tname config=$config, got type $seen"; echo 1 >/tmp/enc.bad; } ;;
		*) echo "BAD  $pmu::$ev expected type=$tname config=$config"; echo 1 >/tmp/enc.bad ;;
		esac
	done
	[ ! -e /tmp/enc.bad ] || fail "encodings that reach the kernel differ from events.list"
	# The same through PAPI, for the first three events.
	need_papi
	pmu_events | head -n 3 >/tmp/papi.evs
	strace -f -v -e trace=perf_event_open -o /tmp/strace.papi \
		papi_command_line $(awk -v p="$pmu" '{ printf "%s::%s ", p, $1 }' /tmp/papi.evs) >/tmp/pcl.out 2>&1
	tail -n 8 /tmp/pcl.out
	while read -r ev type config; do
		case $type in 4) tname=PERF_TYPE_RAW ;; *) tname=$type ;; esac
		if grep -q "perf_event_open({type=$tname, .*config=$config, " /tmp/strace.papi ||
			{ [ "$type" = 4 ] && [ -n "${kpmu_type:-}" ] &&
				grep -q "perf_event_open({type=$kpmu_type, .*config=$config, " /tmp/strace.papi; }; then
			echo "ok   PAPI $pmu::$ev type=$tname config=$config"
		else
			echo "BAD  PAPI $pmu::$ev: no perf_event_open with type=$tname config=$config"
			echo 1 >/tmp/enc.bad
		fi
	done </tmp/papi.evs
	[ ! -e /tmp/enc.bad ] || fail "PAPI's encodings that reach the kernel differ from events.list"
}

t_errors_libpfm() {
	out=$($CT/guest/guest_count events "$pmu::NO_SUCH_EVENT" NO_SUCH_EVENT_XYZ)
	echo "$out"
	[ "$(echo "$out" | grep -c 'cannot encode: event not found')" -eq 2 ] ||
		fail "unknown events are not reported as 'event not found' by libpfm4"
}

t_errors_papi() {
	need_papi
	$CT/guest/guest_papi unknown || fail "an unknown event name is not refused"
}

# metric_def DIR PMU EVENT: DIR/PMU.csv, whose group T has one metric, ins = EVENT
metric_def() {
	mkdir -p $1
	printf '%s\n' "CPU,$2" 'REF,t,"test"' 'GROUP,T,"instructions"' \
		"METRIC,T,ins,instructions,$3,\"instructions\",t" >$1/$2.csv
}

# metrics_list FIRST-LINE WHAT: papi_metrics -l (in /tmp/ml.out) runs, its first
# line matches FIRST-LINE (it takes WHAT), and it has an IPC group of one run
metrics_list() {
	m=$USR/bin/papi_metrics
	[ -x $m ] || fail "no papi_metrics in the $arch build"
	$m -l >/tmp/ml.out 2>&1
	rc=$?
	cat /tmp/ml.out
	[ $rc -eq 0 ] || fail "papi_metrics -l fails"
	head -n 1 /tmp/ml.out | grep -q "$1" || fail "papi_metrics -l does not take $2"
	sed -n '/^IPC: /,/^$/p' /tmp/ml.out | grep -q 'fits one run' || fail "no IPC group that fits one run"
}

# papi_metrics (metric groups): -l lists this CPU's file ($pmu) and an IPC
# group that fits one run; counting gives a positive IPC and keeps the
# program's exit status; the program's threads and children are counted
# (metrics_loop: 2 * N2 instructions in each of 3 threads and 2 children,
# through a definition file of the test's own); -o under MPI writes a file
# per rank; --regions counts metrics_regions' two regions, each its own loop,
# and report DIR gives the same again; a group that does not fit
# the counters at once takes the runs -l announced; an unknown group, a
# program that cannot start and a bad -o get one line and their status.
# json_metric FILE METRIC FIELD: a field (expression, median) of METRIC in
# papi_metrics -o FILE.json; json_count FILE EVENT: EVENT's count (first run)
json_metric() {
	grep "{\"name\": \"$2\", \"unit\": " "$1" | head -n 1 | sed -n "s/.*\"$3\": \"*\([^\",]*\)\"*,.*/\1/p"
}
json_count() {
	grep '"events": ' "$1" | sed 's/.*"events": \[\([^]]*\)\], "counts": \[\[\([^]]*\)\].*/\1|\2/' | tr -d '" ' |
		awk -F'|' -v e="$2" '{ n = split($1, ev, ","); split($2, c, ",")
			for (i = 1; i <= n; i++) if (ev[i] == e || substr(ev[i], length(ev[i]) - length(e) - 1) == "::" e) { print c[i]; exit } }'
}

# A group too big for the U74's two programmable counters, in several runs, as
# strace sees them (rv-sscofpmf: a U74 with Sscofpmf, whose firmware maps the
# TLB misses QEMU counts to its counters; QEMU counts none of the U74's own
# events): three metrics over three cache events (perf's type 3, configs
# DTLB read miss 0x10003, DTLB write miss 0x10103, ITLB read miss 0x10004),
# each opened in one run only, at most two per run, as many traced runs as
# papi_metrics announced.
metrics_split_rv() {
	command -v strace >/dev/null || fail "strace is not installed"
	mkdir -p /tmp/msplit
	printf '%s\n' "CPU,$pmu" 'REF,q,"QEMU"' 'GROUP,SPLIT,"three TLB events"' \
		"METRIC,SPLIT,dtlb_read,per instruction,perf::PERF_COUNT_HW_CACHE_DTLB:READ:MISS / $ins_event,\"x\",q" \
		"METRIC,SPLIT,dtlb_write,per instruction,perf::PERF_COUNT_HW_CACHE_DTLB:WRITE:MISS / $ins_event,\"x\",q" \
		"METRIC,SPLIT,itlb_read,per instruction,perf::PERF_COUNT_HW_CACHE_ITLB:READ:MISS / $ins_event,\"x\",q" >/tmp/msplit/$pmu.csv
	PAPI_METRICS_DIR=/tmp/msplit $m -l 2>&1 | tee /tmp/ms.l
	PAPI_METRICS_DIR=/tmp/msplit strace -f -e trace=perf_event_open -o /tmp/ms.st \
		$m -g SPLIT -- $CT/guest/metrics_loop 1000 1 0 0 2>/tmp/ms.err || fail "papi_metrics -g SPLIT under strace fails"
	cat /tmp/ms.err
	runs=$(sed -n 's/.*; \([0-9]*\) runs* of the program.*/\1/p' /tmp/ms.err)
	[ "${runs:-0}" -ge 2 ] || fail "three events on two counters: not split into runs (${runs:-no} run)"
	: >/tmp/ms.pids
	grep -m 3 'perf_event_open(' /tmp/ms.st
	for c in DTLB:READ:0x10003 DTLB:WRITE:0x10103 ITLB:READ:0x10004; do
		cache=${c%%:*} op=${c#*:} op=${op%%:*} c=${c##*:}
		# strace shows the config in hex or by name; the program's runs:
		# opened for another process (papi_metrics opens the events for
		# itself too, to plan the runs)
		pids=$(grep -E "config=($c|PERF_COUNT_HW_CACHE_RESULT_MISS<<16[|]PERF_COUNT_HW_CACHE_OP_$op<<8[|]PERF_COUNT_HW_CACHE_$cache)[,}]" /tmp/ms.st |
			sed -n 's/^\([0-9]*\) .*}, \([0-9]*\), -1, .*/\1 \2/p' | awk '$2 != 0 && $2 != $1 { print $2 }' | sort -u)
		echo "config $c: opened for process(es) $(echo $pids)"
		[ "$(echo "$pids" | grep -c .)" -eq 1 ] || fail "$cache $op miss (config $c) not opened in exactly one run"
		echo "$pids" >>/tmp/ms.pids
	done
	[ "$(sort -u /tmp/ms.pids | wc -l)" -eq "$runs" ] ||
		fail "the events were opened in $(sort -u /tmp/ms.pids | wc -l) runs, papi_metrics announced $runs"
	[ "$(sort /tmp/ms.pids | uniq -c | awk '$1 > 2' | wc -l)" -eq 0 ] ||
		fail "a run opened more events than the two programmable counters"
}

t_metrics() {
	need_papi
	metrics_list "^papi_metrics: metrics for $pmu " "the definitions of $pmu"
	# QEMU counts none of the U74's own events: said so, not as a lack of counters
	[ "$profile" != u74 ] ||
		grep -q '^  unavailable: branch_mpki: sifive_u74::MICROARCHITECTURAL:BR_DIR_MISPRED: no counter here counts it, even alone' /tmp/ml.out ||
		fail "an event no counter here counts is not reported as such"
	$m -g IPC -o /tmp/m.csv -- $CT/guest/metrics_loop 1000 1 0 0
	rc=$?
	cat /tmp/m.csv
	[ $rc -eq 0 ] && grep -q '^IPC,IPC,instructions/cycle,[0-9.e+-]*,' /tmp/m.csv || fail "papi_metrics -g IPC -o FILE.csv fails (status $rc)"
	# the loop's instructions (2 per iteration) as the counting tests count
	# them, and an IPC that is those raw counts' ratio
	$m -g IPC -o /tmp/m.json -- $CT/guest/metrics_loop $N2 1 0 0 2>/dev/null ||
		fail "papi_metrics -g IPC -o FILE.json fails"
	cat /tmp/m.json
	expr=$(json_metric /tmp/m.json IPC expression)
	ipc=$(json_metric /tmp/m.json IPC median)
	[ -n "$expr" ] || fail "the JSON output has no IPC metric"
	ins=$(json_count /tmp/m.json "${expr%% / *}") cyc=$(json_count /tmp/m.json "${expr##* / }")
	want=$((2 * N2))
	echo "IPC = $expr: $ins / $cyc, papi_metrics: $ipc; the loop alone: $want instructions"
	[ "${ins:-0}" -ge $want ] && [ "$ins" -le $((want + want / 5 + 5000000)) ] ||
		fail "${ins:-no} instructions counted for the loop's $want"
	awk -v i="$ins" -v c="$cyc" -v v="$ipc" 'BEGIN { d = v - i / c; exit !(c > 0 && (d < 0 ? -d : d) <= 1e-9 * (i / c)) }' ||
		fail "IPC $ipc is not the raw counts' ratio $ins / $cyc"
	$m -g IPC -- $CT/guest/metrics_loop 1000 1 0 7 2>/dev/null
	[ $? -eq 7 ] || fail "papi_metrics does not exit with the program's status (7)"
	$m -m -g IPC -- $CT/guest/metrics_loop 1000 1 0 0 2>/tmp/mg.err || fail "papi_metrics -m -g IPC fails"
	grep -q '^papi_metrics: -m: not multiplexed: the events fit the counters at once$' /tmp/mg.err ||
		fail "-m where the events fit does not say it did not multiplex"
	metric_def /tmp/mdefs $pmu $ins_event
	want=$((2 * N2 * 5))
	PAPI_METRICS_DIR=/tmp/mdefs $m -g T -o /tmp/mt.csv -- $CT/guest/metrics_loop $N2 3 2 0 ||
		fail "counting metrics_loop with 3 threads and 2 children fails"
	cat /tmp/mt.csv
	ins=$(awk -F, '$2 == "ins" { printf "%d", $4 }' /tmp/mt.csv)
	echo "instructions: $ins, the loops alone: $want"
	[ "${ins:-0}" -ge $want ] || fail "$ins instructions: the threads' and children's loops ($want) are not all counted"
	[ "$ins" -le $((want + want / 5 + 5000000)) ] || fail "$ins instructions: far more than the loops ($want)"
	# under MPI, -o writes one file per rank
	OMPI_COMM_WORLD_RANK=3 $m -g IPC -o /tmp/mpi.json -- true 2>/dev/null
	[ -s /tmp/mpi.rank3.json ] || fail "-o under an MPI rank (OMPI_COMM_WORLD_RANK=3) did not write FILE.rank3.json"
	# regions: the high-level API counts metrics_regions' two loops, 2 * N2
	# and 4 * N2 instructions, in their regions
	PAPI_METRICS_DIR=/tmp/mdefs $m -g T --regions -d /tmp/mr -o /tmp/mr.csv -- $CT/guest/metrics_regions $N2 ||
		fail "papi_metrics --regions fails"
	cat /tmp/mr.csv
	for r in "loop 1" "loop2 2"; do
		set -- $r
		ins=$(awk -F, -v r=$1 '$3 == r && $5 == "ins" { printf "%d", $7 }' /tmp/mr.csv)
		want=$((2 * N2 * $2))
		[ "${ins:-0}" -ge $want ] && [ "$ins" -le $((want + want / 20 + 100000)) ] ||
			fail "region $1: ${ins:-no} instructions, not its loop's $want"
	done
	PAPI_METRICS_DIR=/tmp/mdefs $m report -o /tmp/mr2.csv /tmp/mr >/dev/null || fail "papi_metrics report fails"
	cmp /tmp/mr.csv /tmp/mr2.csv || fail "papi_metrics report DIR does not give what --regions printed"
	# the group of most runs -l announces
	g=$(awk '/^[A-Z_]+: / { g = $1 } /needs [0-9]+ runs/ { print substr(g, 1, length(g) - 1), $2 }' /tmp/ml.out |
		sort -k2 -n | tail -n 1)
	if [ -n "$g" ]; then
		set -- $g
		$m -g $1 -- $CT/guest/metrics_loop 1000 1 0 0 2>/tmp/mg.err
		rc=$?
		cat /tmp/mg.err
		[ $rc -eq 0 ] || fail "papi_metrics -g $1 fails"
		grep -q "; $2 runs of the program" /tmp/mg.err || fail "group $1: not the $2 runs -l announced"
		# -m: one run, the kernel multiplexing the events, said so
		$m -m -g $1 -o /tmp/mm.json -- $CT/guest/metrics_loop 1000 1 0 0 2>/tmp/mg.err
		rc=$?
		cat /tmp/mg.err
		[ $rc -eq 0 ] || fail "papi_metrics -m -g $1 fails"
		grep -q "; 1 run of the program" /tmp/mg.err && grep -q "multiplexed (-m): the events of $2 runs counted in one.* about 1/$2 of the run" /tmp/mg.err ||
			fail "group $1 with -m: not one run, multiplexed, with the events' share of the run"
		grep -q "\"multiplexed_shares\": $2," /tmp/mm.json || fail "the JSON output does not say the counts were multiplexed"
	else
		echo "no group of $pmu needs more than one run here"
	fi
	[ "$profile" != rv-sscofpmf ] || metrics_split_rv
	# a user's first run: as nobody at perf_event_paranoid 2, counted where
	# the PMU leaves the kernel out, else refused with the setting named
	if [ "$(id -u)" = 0 ]; then
		$CT/guest/guest_faults as-nobody 2 $m -g IPC -- $CT/guest/metrics_loop 1000 1 0 0 >/tmp/mn.out 2>&1
		rc=$?
		cat /tmp/mn.out
		if [ "$useronly" = yes ]; then
			[ $rc -eq 0 ] && grep -q '^  IPC  ' /tmp/mn.out || fail "papi_metrics as user nobody at paranoid 2 does not count IPC"
		else
			[ $rc -eq 2 ] && grep -q 'perf_event_paranoid is 2' /tmp/mn.out ||
				fail "papi_metrics as user nobody at paranoid 2 (no privilege filtering) is not refused naming the setting"
		fi
	fi
	$m -g NO_SUCH_GROUP -- true 2>/tmp/me.err
	rc=$?
	cat /tmp/me.err
	[ $rc -eq 2 ] && grep -q "no group NO_SUCH_GROUP on $pmu; groups: IPC" /tmp/me.err ||
		fail "an unknown group is not refused with the list of groups"
	$m -g IPC -- /no/such/program 2>/tmp/me.err
	rc=$?
	cat /tmp/me.err
	[ $rc -eq 127 ] && grep -q 'cannot run /no/such/program: No such file or directory' /tmp/me.err ||
		fail "a program that cannot start is not reported (status 127)"
	$m -g IPC -o /tmp/out.txt -- true 2>/tmp/me.err
	rc=$?
	cat /tmp/me.err
	[ $rc -eq 2 ] && grep -q 'must end in .json or .csv' /tmp/me.err || fail "-o FILE.txt is not refused"
}

# On a real board, metrics that mean what they say (QEMU counts no cache or
# branch events: skipped there): a stream read 4 times over 64 MiB gives
# between 0.05 and 2 L1D refills per 64 bytes read (one per line without
# prefetching; not the 8 accesses); a branch taken at random gives at least
# 5 mispredictions per 1000 instructions and 4 times a regular one's.
t_metrics_plausible() {
	need_papi
	[ "$profile" = board ] && [ -z "${SUITE_EMULATOR:-}" ] ||
		skip "QEMU counts no cache or branch events: checked on real boards (make check-board)"
	m=$USR/bin/papi_metrics
	checked=
	if $m -g L1D -o /tmp/pl.json -- $CT/guest/metrics_workload stream 64 2>/tmp/pl.err; then
		cat /tmp/pl.err
		expr=$(json_metric /tmp/pl.json l1d_cache_mpki expression)
		refills=$(json_count /tmp/pl.json "${expr%% / *}")
		echo "stream: ${refills:-no} L1D refills (${expr%% / *}) for 4 x 64 MiB read"
		awk -v r="${refills:-0}" 'BEGIN { x = r / (4 * 64 * 1048576 / 64); printf "%.3f per 64 bytes\n", x; exit !(x >= 0.05 && x <= 2) }' ||
			fail "L1D refills per 64 bytes streamed are not plausible"
		checked="$checked L1D"
	else
		cat /tmp/pl.err
		echo "no L1D metrics here: the stream is not checked"
	fi
	if $m -g BRANCH -o /tmp/pr.json -- $CT/guest/metrics_workload branches random 20000000 2>/tmp/pl.err &&
		$m -g BRANCH -o /tmp/pg.json -- $CT/guest/metrics_workload branches regular 20000000 2>>/tmp/pl.err; then
		cat /tmp/pl.err
		r=$(json_metric /tmp/pr.json branch_mpki median) g=$(json_metric /tmp/pg.json branch_mpki median)
		echo "branch_mpki: random $r, regular $g"
		awk -v r="$r" -v g="$g" 'BEGIN { exit !(r + 0 >= 5 && r + 0 >= 4 * g) }' ||
			fail "random branches are not mispredicted far more often than regular ones"
		checked="$checked BRANCH"
	else
		cat /tmp/pl.err
		echo "no BRANCH metrics here: the branches are not checked"
	fi
	[ -n "$checked" ] || skip "neither L1D nor BRANCH metrics for $pmu"
	echo "plausible:$checked"
}

# Kernel tracepoints (perf::SUBSYSTEM:NAME) through libpfm4 and PAPI, as
# libpfm4 4.13.0 listed them, where configure --enable-perf-tracepoints asked
# for them (CONFIG_PFMLIB_NOTRACEPOINT=n), or absent, the default
# (test_tracepoints knows which). libpfm4
# (4.13.0 and 4.13.0+git106) reads them only
# under a mounted debugfs (DEBUGFS/tracing/events); with tracefs alone, where
# current kernels put tracing (/sys/kernel/tracing), what libpfm4 finds is
# shown, not judged. Both are unmounted afterwards: the later tests (bench)
# run without the scan, as before.
t_tracepoints() {
	need_papi
	need_root "mounts tracefs and debugfs"
	tp=/sys/kernel/tracing dbg=/sys/kernel/debug
	mount -t tracefs nodev $tp || fail "cannot mount tracefs on $tp"
	echo "tracefs alone on $tp: sched_switch id $(cat $tp/events/sched/sched_switch/id 2>&1)"
	echo "  libpfm4 (check_events perf::sched:sched_switch, its error if any): $($USR/share/doc/libpfm-*/examples/check_events \
		perf::sched:sched_switch 2>&1 >/dev/null | head -n 1)"
	rc=0
	if mount -t debugfs nodev $dbg; then
		echo "debugfs on $dbg (tracing: $(ls -d $dbg/tracing/events 2>&1))"
		$CT/guest/test_tracepoints sched:sched_switch || rc=$?
		umount $dbg/tracing 2>/dev/null
		umount $dbg
	else
		rc=3
	fi
	umount $tp
	[ $rc -ne 3 ] || fail "cannot mount debugfs on $dbg"
	[ $rc -ne 77 ] || fail "debugfs is mounted, but the tracepoint is not readable under it"
	[ $rc -eq 0 ] || fail "tracepoints not as configured in libpfm4 or PAPI (test_tracepoints exit $rc)"
}

t_sched() {
	need_papi
	need_pmu
	# Instructions first (multiplexed, it must still come out near 2 per iteration),
	# then more of the PMU's events than it has counters.
	evs="$ins_event $(pmu_events | awk -v p="$pmu" '$1 !~ /CYCLES|INST_RETIRED/ { printf "%s::%s ", p, $1 }' | cut -d' ' -f1-8)"
	$CT/guest/guest_papi sched $evs || fail "more events than counters: no PAPI_ECNFLCT, or multiplexing failed"
}

t_domains_raw() {
	kernel_dependent "whether perf_event_open accepts exclude_kernel=1 on this PMU"
	if [ "$useronly" = yes ]; then
		$CT/guest/guest_count useronly || fail "a user-only event does not open"
	else
		out=$($CT/guest/guest_count useronly)
		echo "$out"
		case $out in
		"refused 22 "*) echo "user-only refused with EINVAL, as on a real U74" ;;
		*) fail "a user-only event must fail with EINVAL without Sscofpmf" ;;
		esac
	fi
}

# Counting in PAPI's default domain must work everywhere; an explicit user-only
# request must work where the hardware filters by privilege, and be refused with
# an error on the U74.
t_domains_papi() {
	need_papi
	[ "$arch" = riscv64 ] || need_pmu
	kernel_dependent "PAPI's domains follow what the kernel accepts (domains-raw)"
	$CT/guest/guest_papi default "$cyc_event" || fail "counting in PAPI's default domain failed"
	$CT/guest/guest_papi user "$cyc_event"
	rc=$?
	if [ "$useronly" = no ]; then
		[ $rc -eq 3 ] || fail "a PAPI_DOM_USER request must be refused without Sscofpmf"
	else
		[ $rc -eq 0 ] || fail "counting in PAPI_DOM_USER failed"
	fi
}

# overflow_verdict RC FAILURE WHAT: RC, the exit status of a sampling check,
# must be 0 where the profile has overflow interrupts, else 3 (WHAT refused).
overflow_verdict() {
	if [ "$overflow" = yes ]; then
		[ "$1" -eq 0 ] || fail "$2"
	else
		[ "$1" -eq 3 ] || fail "$3 should be refused without Sscofpmf"
		echo "$3 refused, as on a real U74"
	fi
}

t_overflow() {
	kernel_dependent "whether the PMU driver offers sampling (overflow interrupts)"
	$CT/guest/guest_count overflow
	overflow_verdict $? "no overflow samples on cycles" "hardware overflow"
}

t_overflow_papi() {
	need_papi
	need_pmu
	# Cycles overflow: QEMU raises the instruction counter's overflow
	# interrupt on Arm only at the next timer tick (docs/guests.md).
	$CT/guest/guest_papi overflow "$cyc_event" "$ins_event" 10000000 $overflow_least
	overflow_verdict $? "PAPI overflow lost or misattributed (alone, as a group member, or after removing the set's first event)" \
		"PAPI_overflow on a hardware event (PAPI_ENOSUPP)"
}

t_unit_tests() {
	bad=0
	for t in $CT/ctests/test_*; do
		[ -x "$t" ] || continue
		echo "== $t"
		"$t" || bad=1
	done
	[ $bad -eq 0 ] || fail "a unit test failed"
}

# PAPI's own test suite, as its run_tests.sh would run it, with PAPI's own
# verdicts (papi-tests.sh), less the tests of papi-tests.slow unless the kernel
# argument guest.papi_slow=1 asks for them (GUEST_PAPI_SLOW=1 scripts/guest-run)
# or guest.papi_tests names the tests to run (GUEST_PAPI_TESTS);
# failures listed with their reasons for this profile in papi-tests.expected
# make this test a SKIP naming their count.
# board_emulated_expected PROFILE EXPECTED: EXPECTED, with PROFILE's lines (its
# own and those of every guest, "*") whose reason is an emulator limit
# ("emulator:", also after "sometimes:" or "hangs:") or a test assumption
# added for the profile "board"
board_emulated_expected() {
	cat "$2"
	awk -v e="$1" '!/^#/ && NF >= 3 && / ((sometimes|hangs): )?(emulator|test assumption):/ {
		n = split($1, ps, ",")
		for (i = 1; i <= n; i++) if (ps[i] == e || ps[i] == "*") { sub(/^[^ \t]+/, "board"); print; next } }' "$2"
}
t_papi_tests() {
	need_papi
	pmu_detected "$pmu" || fail "$pmu is not detected: PAPI's tests would not test it"
	papi_avail -a 2>/dev/null | grep -q '^PAPI_TOT_INS' || fail "no presets for $pmu (PAPI_TOT_INS)"
	slow=$G/papi-tests.slow
	[ "$(karg papi_slow)" != 1 ] && [ -z "$(karg papi_tests)" ] || slow=
	limit=$(karg papi_limit)
	expected=$G/papi-tests.expected
	if [ "$profile" = board ] && [ -n "${SUITE_EMULATOR:-}" ]; then
		# The guest proof: the failures listed for the QEMU profile the
		# "board" is, for an emulator limit or a test assumption about
		# its CPU, are listed for board too (never on a real board).
		board_emulated_expected "$SUITE_EMULATOR" $expected >/tmp/emulator-papi-tests.expected
		expected=/tmp/emulator-papi-tests.expected
		echo "emulated board ($SUITE_EMULATOR): $(grep -c '^board ' $expected) of PAPI's tests listed as failing there (papi-tests.expected's $SUITE_EMULATOR lines for an emulator limit or a test assumption)"
	elif [ "$profile" = board ]; then
		# A board runs every one of PAPI's tests, 120 s each at most
		# (BOARD_PAPI_LIMIT), or those BOARD_PAPI_TESTS names
		slow= limit=${BOARD_PAPI_LIMIT:-120}
	fi
	# guest.papi_user_access=0|1: the tests with kernel.perf_user_access so
	ua=$(karg papi_user_access) f=/proc/sys/kernel/perf_user_access old=
	if [ -n "$ua" ]; then
		[ -e $f ] || fail "guest.papi_user_access: no $f on this kernel"
		old=$(cat $f)
		echo "$ua" >$f || fail "cannot set $f"
		echo "PAPI's tests with kernel.perf_user_access $ua"
	fi
	# its exit status is this test's verdict (77: SKIP, its "SKIP:" line says why)
	PAPI_TEST_LIMIT=${limit:-60} PAPI_TESTS_NOT_RUN=$slow PAPI_TESTS_SHOW=$(karg papi_show) PAPI_TESTS_SHARE=$(karg papi_share) \
		sh $G/papi-tests.sh $USR/share/papi "${profile%-1cpu}" $expected $(karg papi_tests) ${BOARD_PAPI_TESTS:-}
	rc=$?
	[ -z "$old" ] || echo "$old" >$f
	[ $rc -eq 0 ] || exit $rc
}

# What "make demo" shows of a guest (run alone: kernel argument guest.tests=demo).
# The benchmark harness (benchmarks/run-bench) on the emulated CPU, with the
# events QEMU counts (events/emulated.conf). Options come from the kernel
# argument guest.bench (commas for spaces; make bench-guests sets it), a short
# run by default. Under -icount shift=0 instructions are deterministic: where the
# PMU filters by privilege exactly (Arm), PAPI and raw perf_event must report the
# same user instruction count for the GEMM in every run, once each side's own
# instructions inside the window (start + stop around nothing) are subtracted.
# The results go back to
# the host as a base64 tar archive between @@archive-begin/@@archive-end lines.
t_bench() {
	need_papi
	[ "$arch" = riscv64 ] || need_pmu
	args=$(karg bench)
	[ -n "$args" ] || args="-c 4 -W 2 -n 5 -A 2 -s 1 -f 0.1"
	dom=user
	[ "$useronly" = yes ] || dom=all # the U74 cannot filter by privilege
	f=/proc/sys/kernel/perf_user_access
	old=$(cat $f 2>/dev/null || echo)
	# as README "On a real board" advises for AArch64: PAPI_read from user space
	[ "$arch" != aarch64 ] || [ -z "$old" ] || echo 1 >$f
	rm -rf /tmp/bench
	rc=0
	sh $CT/benchmarks/run-bench $args -E $CT/benchmarks/events/emulated.conf -d $dom /tmp/bench || rc=$?
	# the threaded mode beside it (guest.bench_threads, commas for spaces): the
	# reads at 1..N threads, set-up, heap; instructions by the PMU's counter on
	# Arm (on RISC-V the instruction counter is one: taken by the measuring
	# thread's count, the measured group's instructions would not count;
	# under -icount the time is the instruction budget there)
	targs=$(karg bench_threads)
	[ -n "$targs" ] || targs="-c 2 -n 3 -k 100"
	ic=perf
	[ "$arch" = aarch64 ] || ic=none
	[ $rc -ne 0 ] || sh $CT/benchmarks/run-bench -m threads -I $ic $targs \
		-E $CT/benchmarks/events/emulated.conf -d $dom /tmp/bench/threads || rc=$?
	# the whole-program mode: papi_metrics against raw perf_event (guest.bench_whole)
	wargs=$(karg bench_whole)
	[ -n "$wargs" ] || wargs="-c 2 -n 1000000"
	[ $rc -ne 0 ] || PAPI_METRICS=$USR/bin/papi_metrics sh $CT/benchmarks/run-bench -m whole -I $ic $wargs \
		-E $CT/benchmarks/events/emulated.conf -d $dom /tmp/bench/whole || rc=$?
	[ -z "$old" ] || echo "$old" >$f
	if [ -d /tmp/bench ]; then
		echo "@@archive-begin bench"
		tar -C /tmp/bench -cf - . | gzip -c | base64
		echo "@@archive-end bench"
	fi
	[ $rc -eq 0 ] || fail "run-bench failed (exit $rc)"
	sed -n '/^## Time per phase/,/^## System calls/p' /tmp/bench/results.md | grep -E '^\| (init|read|total)'
	sed -n '/^## Accuracy/,$p' /tmp/bench/results.md | grep '^| [0-9]'
	grep -E '^\| (per-thread set-up|read of|the process|region begin|heap per)' /tmp/bench/threads/results.md
	grep -E '^(\| counting a whole|- [a-z, ]+ \(medians\))' /tmp/bench/whole/results.md
	same=$(awk -F, '$2 == "perf::INSTRUCTIONS" { print $14 }' /tmp/bench/accuracy-summary.csv)
	[ -n "$same" ] || fail "no instruction counts in the accuracy results"
	if [ "$exact" = yes ]; then
		[ "$same" = yes ] || fail "PAPI and raw perf_event count different user instructions for the same GEMM (net of their own)"
		echo "GEMM user instructions (net of each side's own): PAPI and raw perf_event identical in every run"
	else
		if [ "$arch" = riscv64 ]; then
			echo "GEMM instructions: not compared exactly here (QEMU's RISC-V instret includes kernel instructions)"
		else
			echo "GEMM instructions: not compared exactly here (with $ncpus vCPUs QEMU's instruction counter includes the other vCPUs'; the a72-1cpu guest compares them)"
		fi
	fi
}

t_demo() {
	if [ "$profile" = biglittle ]; then
		echo "two core PMUs, and libpfm4 given an A53+A72 /proc/cpuinfo:"
		t_hybrid_pmus | sed 's/^/  /'
		for place in 0 2 0,2; do
			echo "a loop at CPU $place, both types' instructions (guest_hybrid):"
			hybrid_count libpfm $place arm_ac53::INST_RETIRED arm_ac72::INST_RETIRED | sed 's/^/  /'
		done
		return 0
	fi
	echo "CPU (/proc/cpuinfo):"
	grep -E '^(CPU implementer|CPU part|mvendorid|marchid|mimpid|uarch|isa)' /proc/cpuinfo | sort -u | sed 's/^/  /'
	echo "libpfm4 detection (showevtinfo):"
	showevtinfo | sed -n '/^Detected PMU models/,/^Total events/p' | sed 's/^/  /'
	if have_papi; then
		echo "papi_avail (first lines):"
		papi_avail 2>&1 | sed -n '3,9p;/^Number Hardware/p' | sed 's/^/  /'
		echo "  presets available: $(papi_avail -a 2>/dev/null | grep -c '^PAPI_')"
	else
		echo "papi_avail: no PAPI in this build"
	fi
	echo "a counted loop (guest_count: 2 instructions per iteration, perf_event_open):"
	[ "$useronly" = yes ] && $CT/guest/guest_count loop user $N1 $N2 $user_slack | sed 's/^/  /'
	$CT/guest/guest_count loop all $N1 $N2 2 | sed 's/^/  /'
	if have_papi && pmu_detected "$pmu"; then
		echo "the same loop through PAPI ($ins_event):"
		$CT/guest/guest_papi count "$ins_event" $N1 $N2 $user_slack | sed 's/^/  /'
	fi
	return 0
}

# Faults (issue 24; docs/faults.md has the table): a CPU taken offline while
# a set counts on it, perf_event_paranoid raised between init, add, start and
# stop, a descriptor limit too small for the set, a process killed mid-count.
# Each must end in a clear error or the whole count: never a crash, a hang or
# less than the loop. (More events than counters: t_sched; perf_user_access
# switched off between reads: t_user_read_stress.)
# faults_case COMMAND...: runs it, shows its lines, and keeps the wrong ones
# (and a crash's exit status) for the verdict: a log's tail may not show them
faults_case() {
	"$@" >/tmp/faults.case 2>&1
	rc=$?
	cat /tmp/faults.case
	grep 'WRONG' /tmp/faults.case >>/tmp/faults.wrong
	[ $rc -le 1 ] || echo "$2: exit status $rc" >>/tmp/faults.wrong
	return $rc
}
t_faults() {
	need_papi
	need_root "takes a CPU offline, sets kernel.perf_event_paranoid, counts as user nobody"
	bad=0
	: >/tmp/faults.wrong
	if [ "$ncpus" -gt 1 ]; then
		# a longer loop: taking a CPU down costs the other vCPU some ten
		# thousand instructions that QEMU adds to every vCPU's counter
		# (docs/guests.md), a fixed excess that went over 1% of a loop of
		# N1 in a CI run (and is 0.1-0.3% of 5 * N1 here)
		faults_case $CT/guest/guest_faults offline PAPI_TOT_INS $((5 * N1)) $user_slack || bad=1
	else
		echo "offline: one CPU here, none to take offline"
	fi
	# as nobody: user-level counting needs paranoid <= 2, counting the kernel
	# too (the U74 cannot leave it out) <= 1
	low=2
	[ "$useronly" = yes ] || low=1
	# (a longer loop: the handshake with the parent inside the count costs a
	# few ten thousand kernel instructions, which RISC-V's instret counts)
	faults_case $CT/guest/guest_faults paranoid PAPI_TOT_INS $((5 * N1)) $user_slack $low || bad=1
	# (a longer loop too: in the rv-sscofpmf-board guest the kernel's share
	# in RISC-V's instret put a loop of N1 at 2N + 2.02%)
	faults_case $CT/guest/guest_faults nofile PAPI_TOT_INS $((5 * N1)) $user_slack PAPI_TOT_CYC perf::TASK-CLOCK || bad=1
	# killed mid-count: nothing is left behind, and the next run counts.
	# Killed once it holds its event (perf_event_open's file), a moment into
	# the count: under QEMU each guest second in the loop is a billion
	# instructions to emulate.
	before=$(ls -a /tmp /dev/shm 2>/dev/null)
	$CT/guest/guest_papi count PAPI_TOT_INS 2000000000 2000000001 $user_slack >/dev/null 2>&1 &
	pid=$!
	i=0
	until ls -l /proc/$pid/fd 2>/dev/null | grep -q 'perf_event'; do
		i=$((i + 1))
		[ $i -le 200 ] || { echo "case killed: WRONG: no perf_event file in 10 s" | tee -a /tmp/faults.wrong; bad=1; break; }
		sleep 0.05
	done
	sleep 0.05
	kill -9 $pid
	wait $pid 2>/dev/null
	echo "case killed: a counting process killed with SIGKILL"
	after=$(ls -a /tmp /dev/shm 2>/dev/null)
	[ "$before" = "$after" ] ||
		{ echo "$after" | grep -vxF "$before"; echo "case killed: WRONG: files left behind" | tee -a /tmp/faults.wrong; bad=1; }
	$CT/guest/guest_papi count PAPI_TOT_INS $N1 $N2 $user_slack >/tmp/faults.next ||
		{ bad=1; echo "killed: next run: $(tail -n 1 /tmp/faults.next)" >>/tmp/faults.wrong; }
	sed 's/^/case killed: next run: /' /tmp/faults.next
	[ $bad -eq 0 ] || fail "a fault gave a crash, a wrong count or a failure without an error: $(tr '\n' ';' </tmp/faults.wrong)"
}

# The biglittle guest (scripts/guest-hybrid-dtb): an A53 PMU on CPUs 0-1 and
# an A72 PMU on CPUs 2-3, but QEMU gives every vCPU the A72's MIDR, so its
# /proc/cpuinfo says A72 four times. hybrid_cpuinfo [N] writes what an A53+A72
# board's says (CPUs 0 to N-1, default 2, part 0xd03) for LIBPFM_PROC_CPUINFO.
hybrid_cpuinfo() {
	awk -v n="${1:-2}" '/^processor/ { cpu = $3 } /^CPU part/ && cpu < n { sub(/0x[0-9a-f]+/, "0xd03") } { print }' \
		/proc/cpuinfo >/tmp/cpuinfo.hybrid
}
# hybrid_count MODE PLACE EVENT...: guest_hybrid's output for a loop of N1
hybrid_count() {
	mode=$1 place=$2
	shift 2
	LIBPFM_PROC_CPUINFO=/tmp/cpuinfo.hybrid $CT/guest/guest_hybrid "$mode" "$place" $N1 "$@"
}
# in_bounds COUNT: within [2*N1, 2*N1 * (1 + user_slack%)] (several vCPUs:
# QEMU's instruction counter includes the others' instructions)
in_bounds() { awk -v c="$1" -v n=$N1 -v s=$user_slack 'BEGIN { exit !(c >= 2 * n && c <= 2 * n * (1 + s / 100)) }'; }
field() { awk -v e="$1" -v f="$2" '$1 == "event" && $2 == e { for (i = 3; i < NF; i++) if ($i == f) print $(i + 1) }' /tmp/hybrid.out; }

# papi_metrics on two core types: -l takes both files and offers only what
# both define alike (IPC is INST_RETIRED / CPU_CYCLES on each); counting, each
# event is counted on both types and summed: metrics_loop's 4 threads pinned
# to CPUs 0-3 (2 on each type) through a definition of the test's own.
t_hybrid_metrics() {
	need_papi
	hybrid_cpuinfo
	export LIBPFM_PROC_CPUINFO=/tmp/cpuinfo.hybrid
	metrics_list '^papi_metrics: metrics for arm_ac53 (.*) + arm_ac72 (.*): only what every core type defines alike' \
		"both core types' definitions"
	for p in arm_ac53 arm_ac72; do
		metric_def /tmp/mdefs-h $p INST_RETIRED
	done
	PAPI_METRICS_DIR=/tmp/mdefs-h $m -g T -o /tmp/mh.csv -- $CT/guest/metrics_loop $N1 4 0 0 pin 2>/tmp/mh.err ||
		{ cat /tmp/mh.err; fail "counting metrics_loop on both core types fails"; }
	cat /tmp/mh.err /tmp/mh.csv
	for p in arm_ac53 arm_ac72; do
		c=$(sed -n "s/.*counted together: .*$p::INST_RETIRED \([0-9]*\).*/\1/p" /tmp/mh.err)
		echo "$p: ${c:-none}"
		[ "${c:-0}" -ge $((2 * N1 * 2)) ] || fail "$p did not count its 2 threads' loops ($((2 * N1 * 2)))"
	done
	ins=$(awk -F, '$2 == "ins" { printf "%d", $4 }' /tmp/mh.csv)
	[ "${ins:-0}" -ge $((2 * N1 * 4)) ] || fail "the sum ($ins) is not the 4 loops' $((2 * N1 * 4))"
}

t_hybrid_pmus() {
	for p in armv8_cortex_a53 armv8_cortex_a72; do
		d=/sys/bus/event_source/devices/$p
		[ -d $d ] || fail "the kernel has no $p PMU: the big.LITTLE device tree was not used"
		echo "$p: type $(cat $d/type), cpus $(cat $d/cpus)"
	done
	[ "$(cat /sys/bus/event_source/devices/armv8_cortex_a53/cpus)" = 0-1 ] &&
		[ "$(cat /sys/bus/event_source/devices/armv8_cortex_a72/cpus)" = 2-3 ] ||
		fail "the core PMUs do not cover CPUs 0-1 and 2-3"
	hybrid_cpuinfo
	grep '^CPU part' /tmp/cpuinfo.hybrid | sort | uniq -c
	LIBPFM_PROC_CPUINFO=/tmp/cpuinfo.hybrid showevtinfo | sed -n '/^Detected PMU models/,/^Total events/p' >/tmp/detected
	cat /tmp/detected
	for p in arm_ac53 arm_ac72; do
		grep -q "\[ *[0-9]*, $p, " /tmp/detected || fail "libpfm4 does not detect $p from an A53+A72 /proc/cpuinfo"
	done
	echo "libpfm4 detects both core types"
}

# libpfm4 alone: each core type's events open on that type's PMU, count there
# in full, and elsewhere the kernel says they did not run (time running 0).
t_hybrid_libpfm() {
	hybrid_cpuinfo
	bad=0
	for c in "arm_ac53 armv8_cortex_a53 0 2" "arm_ac72 armv8_cortex_a72 2 0"; do
		set -- $c
		ev=$1::INST_RETIRED type=$(cat /sys/bus/event_source/devices/$2/type)
		for place in $3 $4; do
			hybrid_count libpfm $place $ev >/tmp/hybrid.out || { cat /tmp/hybrid.out; fail "$ev could not be counted on CPU $place"; }
			sed 's/^/  /' /tmp/hybrid.out
			[ "$(field $ev type)" = "$type" ] || { echo "$ev is not opened on $2 (type $type)"; bad=1; }
			count=$(field $ev count) running=$(field $ev running)
			if [ $place = $3 ]; then
				in_bounds "$count" && [ "$running" -gt 0 ] ||
					{ echo "$ev on CPU $place ($2): $count, not within [2N, 2N+$user_slack%]"; bad=1; }
			else
				[ "$running" = 0 ] && [ "$count" = 0 ] ||
					{ echo "$ev on CPU $place (not $2): counted $count, running $running"; bad=1; }
			fi
		done
	done
	# Both types' events in one count that migrates from CPU 0 to CPU 2: each
	# counts its half, together the whole loop.
	hybrid_count libpfm 0,2 arm_ac53::INST_RETIRED arm_ac72::INST_RETIRED >/tmp/hybrid.out ||
		{ cat /tmp/hybrid.out; fail "migrating count failed"; }
	sed 's/^/  /' /tmp/hybrid.out
	sum=$(($(field arm_ac53::INST_RETIRED count) + $(field arm_ac72::INST_RETIRED count)))
	in_bounds $sum || { echo "A53 + A72 over a migration: $sum, not within [2N, 2N+$user_slack%]"; bad=1; }
	[ $bad -eq 0 ] || fail "core-type events counted on the wrong CPUs or wrongly"
	echo "each core type's events count on its own CPUs, and together across a migration"
}

# PAPI with two core PMUs (issue 22, PAPI 0056): the perf_event component
# stays enabled, lists both core types' events, and its presets count on
# every core: PAPI_TOT_INS is the sum of arm_ac53::INST_RETIRED and
# arm_ac72::INST_RETIRED, each opened on its own PMU (one perf group per PMU).
# in_half COUNT: half of the loop, [N1, N1 + 2*N1 * user_slack%] (the other
# vCPUs' instructions come in bursts: the slack of the whole loop)
in_half() { awk -v c="$1" -v n=$N1 -v s=$user_slack 'BEGIN { exit !(c >= n && c <= n + 2 * n * s / 100) }'; }
# near COUNT REF: within [REF/2, 2*REF] (cycles: QEMU's follow instructions)
near() { awk -v c="$1" -v r="$2" 'BEGIN { exit !(c > 0 && c >= r / 2 && c <= 2 * r) }'; }
# hybrid_tries CASE ARG: runs the case up to 3 times, until it passes; the
# last try's complaints are shown
hybrid_tries() {
	for try in 1 2 3; do
		: >/tmp/hybrid.why
		"$@" && return 0
		[ $try = 3 ] || echo "  (try $try: $(head -n 1 /tmp/hybrid.why); again)"
	done
	cat /tmp/hybrid.why
	return 1
}
why() { echo "$*" >>/tmp/hybrid.why; }
# The presets at PLACE: the whole loop wherever it runs, cycles near it, and
# across the migration the first half when read half-way
hybrid_presets() {
	place=$1
	hybrid_count papi $place PAPI_TOT_INS PAPI_TOT_CYC >/tmp/hybrid.out ||
		{ cat /tmp/hybrid.out >>/tmp/hybrid.why; why "PAPI_TOT_INS, PAPI_TOT_CYC at CPU $place: refused"; return 1; }
	sed 's/^/  /' /tmp/hybrid.out
	ins=$(field PAPI_TOT_INS count) cyc=$(field PAPI_TOT_CYC count) r=0
	in_bounds "$ins" || { why "PAPI_TOT_INS at CPU $place: $ins, not within [2N, 2N+$user_slack%]"; r=1; }
	near "$cyc" "$ins" || { why "PAPI_TOT_CYC at CPU $place: $cyc, not near the $ins instructions"; r=1; }
	if [ $place = 0,2 ]; then
		mid=$(field PAPI_TOT_INS mid)
		in_half "$mid" || { why "PAPI_TOT_INS read at CPU 0, half-way: $mid, not within [N, N+2N*$user_slack%]"; r=1; }
	fi
	return $r
}
# Both types' INST_RETIRED in one set (two perf groups) at PLACE: each counts
# on its own cluster only
hybrid_natives() {
	place=$1
	hybrid_count papi $place arm_ac53::INST_RETIRED arm_ac72::INST_RETIRED >/tmp/hybrid.out ||
		{ cat /tmp/hybrid.out >>/tmp/hybrid.why; why "both types' INST_RETIRED at CPU $place: refused"; return 1; }
	sed 's/^/  /' /tmp/hybrid.out
	a53=$(field arm_ac53::INST_RETIRED count) a72=$(field arm_ac72::INST_RETIRED count)
	case $place in
	0) in_bounds "$a53" && [ "$a72" = 0 ] || { why "at CPU 0: A53 $a53, A72 $a72"; return 1; } ;;
	2) in_bounds "$a72" && [ "$a53" = 0 ] || { why "at CPU 2: A53 $a53, A72 $a72"; return 1; } ;;
	0,2)
		in_half "$a53" && in_half "$a72" && in_bounds $((a53 + a72)) ||
			{ why "across the migration: A53 $a53, A72 $a72"; return 1; }
		m53=$(field arm_ac53::INST_RETIRED mid) m72=$(field arm_ac72::INST_RETIRED mid)
		in_half "$m53" && [ "$m72" = 0 ] ||
			{ why "read half-way at CPU 0: A53 $m53, A72 $m72"; return 1; } ;;
	esac
	return 0
}
# One core type's event alone across the migration, read half-way on CPU 0
# and at the end on CPU 2 (with perf_user_access=1, the counter of the CPU
# the thread is on is read from the mmap page, the other through read())
hybrid_alone() {
	ev=$1
	hybrid_count papi 0,2 $ev >/tmp/hybrid.out ||
		{ cat /tmp/hybrid.out >>/tmp/hybrid.why; why "$ev alone across the migration: refused"; return 1; }
	sed 's/^/  /' /tmp/hybrid.out
	c=$(field $ev count) m=$(field $ev mid)
	case $ev in
	arm_ac53*) in_half "$c" && in_half "$m" && [ $((c - m)) -lt 1000 ] || { why "$ev alone, 0 then 2: mid $m, end $c"; return 1; } ;;
	arm_ac72*) in_half "$c" && [ "$m" = 0 ] || { why "$ev alone, 0 then 2: mid $m, end $c"; return 1; } ;;
	esac
	return 0
}
# The presets of /tmp/hybrid-presets.csv at PLACE: PAPI_TOT_INS must be K
# times N1, within the slack of as many instructions (here: K*N1 + 2*K*N1*s%)
hybrid_formula() {
	place=$1 k=$2
	PAPI_CSV_EVENT_FILE=/tmp/hybrid-presets.csv hybrid_count papi $place PAPI_TOT_INS >/tmp/hybrid.out ||
		{ cat /tmp/hybrid.out >>/tmp/hybrid.why; why "a formula PAPI_TOT_INS at CPU $place: refused"; return 1; }
	sed 's/^/  /' /tmp/hybrid.out
	c=$(field PAPI_TOT_INS count)
	awk -v c="$c" -v n=$N1 -v k=$k -v s=$user_slack 'BEGIN { exit !(c >= k * n && c <= k * n * (1 + 2 * s / 100)) }' ||
		{ why "the formula PAPI_TOT_INS at CPU $place: $c, not $k x $N1 (+ slack)"; return 1; }
}
t_hybrid_papi() {
	need_papi
	hybrid_cpuinfo
	bad=0
	export LIBPFM_PROC_CPUINFO=/tmp/cpuinfo.hybrid
	papi_component_avail >/tmp/components 2>&1
	grep -A3 'Name: *perf_event ' /tmp/components | sed 's/^/  /'
	# (the line after a component's name says if it is disabled)
	awk '/Name: *perf_event / { getline; if (/Disabled/) bad = 1 } END { exit !bad }' /tmp/components &&
		fail "PAPI disabled its perf_event component with two core PMUs"
	# the hardware info names both core types (arm64 /proc/cpuinfo has no
	# model name: PAPI takes the core PMUs' descriptions)
	papi_avail >/tmp/avail.out 2>&1
	grep '^Model string' /tmp/avail.out | sed 's/^/  /'
	grep '^Model string' /tmp/avail.out | grep -q 'A53 + ARM Cortex A72' ||
		{ echo "papi_avail's model string does not name both core types"; bad=1; }
	papi_native_avail >/tmp/native 2>&1
	for p in arm_ac53 arm_ac72; do
		n=$(grep -c "^| $p::" /tmp/native)
		echo "papi_native_avail: $n $p events"
		[ "$n" -gt 0 ] || { echo "papi_native_avail lists no $p event"; bad=1; }
	done
	# The presets: both core types' events where both sections define them
	# alike (the same events and formula: PAPI_L1_DCM is DERIVED_ADD of one
	# event on the A53, NOT_DERIVED on the A72), or unavailable: only one
	# section defines PAPI_TOT_IIS; PAPI_LD_INS and PAPI_SR_INS are retired
	# on the A53 (LD_RETIRED, ST_RETIRED), speculative on the A72 (LD_SPEC,
	# ST_SPEC), PAPI_HW_INT is EXCEPTION_TAKEN on one, EXC_IRQ+EXC_FIQ on
	# the other: a sum of unlike counts would mean nothing
	hybrid_count papi-info 0 PAPI_TOT_INS PAPI_TOT_CYC PAPI_L1_DCM PAPI_TOT_IIS PAPI_LD_INS PAPI_SR_INS PAPI_HW_INT >/tmp/hybrid.info
	sed 's/^/  /' /tmp/hybrid.info
	for e in PAPI_TOT_INS PAPI_TOT_CYC PAPI_L1_DCM; do
		grep "^info $e avail yes natives 2 " /tmp/hybrid.info | grep 'arm_ac53::' | grep -q 'arm_ac72::' ||
			{ echo "$e is not the sum of an arm_ac53 and an arm_ac72 event"; bad=1; }
	done
	for e in PAPI_TOT_IIS PAPI_LD_INS PAPI_SR_INS PAPI_HW_INT; do
		grep -q "^info $e avail yes" /tmp/hybrid.info &&
			{ echo "$e (not defined alike by both sections) is available"; bad=1; }
		# cannot be added: never a partial count, never a sum of unlike counts
		hybrid_count papi 0 $e >/tmp/hybrid.out
		sed 's/^/  /' /tmp/hybrid.out
		grep -q "^papi-error PAPI_add_named_event $e: Event does not exist" /tmp/hybrid.out ||
			{ echo "$e was not refused as an event that does not exist"; bad=1; }
	done
	# Every preset papi_avail lists: the 7 that the A53's section (PAPI
	# 7.2.0's) and the A72's (ours) define with the same events, read off
	# the two sections by hand (for the other 7 that both define, they name
	# different events: BRANCH_PRED and BR_PRED, L1D_CACHE_ACCESS and
	# L1D_CACHE, LD_RETIRED and LD_SPEC, ...)
	papi_avail -a 2>&1 | awk '/^PAPI_/ { print $1 }' | sort >/tmp/hybrid.avail
	printf '%s\n' PAPI_TOT_INS PAPI_TOT_CYC PAPI_L1_DCM PAPI_L1_ICM PAPI_L2_DCM PAPI_TLB_DM PAPI_TLB_IM |
		sort >/tmp/hybrid.want
	echo "  papi_avail -a: $(tr '\n' ' ' </tmp/hybrid.avail)"
	[ "$(cat /tmp/hybrid.avail)" = "$(cat /tmp/hybrid.want)" ] ||
		{ echo "papi_avail -a does not list exactly the 7 presets both sections define alike"; bad=1; }
	# Counting, with user-space reads off and on (PAPI 0012: a counter of the
	# other core type's PMU has index 0 in the mmap page: read() serves it);
	# each case up to 3 times (guest_loop.h: the other vCPUs' bursts)
	f=/proc/sys/kernel/perf_user_access
	old=
	[ -e $f ] && old=$(cat $f)
	for access in 0 1; do
		[ -z "$old" ] || echo $access >$f
		echo "perf_user_access=$access"
		for place in 0 2 0,2; do
			hybrid_tries hybrid_presets $place || bad=1
			hybrid_tries hybrid_natives $place || bad=1
		done
		for ev in arm_ac53::INST_RETIRED arm_ac72::INST_RETIRED; do
			hybrid_tries hybrid_alone $ev || bad=1
		done
	done
	[ -z "$old" ] || echo "$old" >$f
	# Definitions that are formulas, the same in both sections: each core
	# type's formula, its events renumbered, the parts added (three times
	# the instructions less SW_INCR, which nothing increments: 3 x 2N
	# wherever the loop runs). A sum's events in any order are alike; a
	# formula, events or NOTE that differ are not: unavailable
	printf '%s\n' 'CPU,arm_ac53' 'PRESET,PAPI_TOT_INS,DERIVED_POSTFIX,N0|3|*|N1|-|,INST_RETIRED,SW_INCR' \
		'PRESET,PAPI_BR_INS,DERIVED_ADD,INST_RETIRED,CPU_CYCLES' \
		'PRESET,PAPI_TOT_CYC,DERIVED_POSTFIX,N0|2|*|,INST_RETIRED' \
		'PRESET,PAPI_L1_DCM,NOT_DERIVED,INST_RETIRED' \
		'PRESET,PAPI_SR_INS,NOT_DERIVED,INST_RETIRED,NOTE,"one"' \
		'CPU,arm_ac72' 'PRESET,PAPI_TOT_INS,DERIVED_POSTFIX,N0|3|*|N1|-|,INST_RETIRED,SW_INCR' \
		'PRESET,PAPI_BR_INS,DERIVED_ADD,CPU_CYCLES,INST_RETIRED' \
		'PRESET,PAPI_TOT_CYC,DERIVED_POSTFIX,N0|3|*|,INST_RETIRED' \
		'PRESET,PAPI_L1_DCM,NOT_DERIVED,CPU_CYCLES' \
		'PRESET,PAPI_SR_INS,NOT_DERIVED,INST_RETIRED,NOTE,"two"' >/tmp/hybrid-presets.csv
	for place in 0 2 0,2; do
		hybrid_tries hybrid_formula $place 6 || bad=1
	done
	PAPI_CSV_EVENT_FILE=/tmp/hybrid-presets.csv hybrid_count papi-info 0 PAPI_TOT_INS PAPI_BR_INS PAPI_TOT_CYC PAPI_L1_DCM PAPI_SR_INS >/tmp/hybrid.info
	sed 's/^/  /' /tmp/hybrid.info
	for e in PAPI_TOT_INS PAPI_BR_INS; do
		grep -q "^info $e avail yes natives 4 " /tmp/hybrid.info ||
			{ echo "$e (the same definition in both sections) is not the sum of both"; bad=1; }
	done
	for e in PAPI_TOT_CYC PAPI_L1_DCM PAPI_SR_INS; do
		grep -q "^info $e avail yes" /tmp/hybrid.info &&
			{ echo "$e (another formula, event or NOTE in each section) is available"; bad=1; }
		PAPI_CSV_EVENT_FILE=/tmp/hybrid-presets.csv hybrid_count papi 0 $e >/tmp/hybrid.out
		sed 's/^/  /' /tmp/hybrid.out
		grep -q "^papi-error PAPI_add_named_event $e: Event does not exist" /tmp/hybrid.out ||
			{ echo "$e (definitions not alike) was not refused as an event that does not exist"; bad=1; }
	done
	# Multiplexing would scale each event by its time running, which on the
	# other cluster is not multiplexing: refused, for any hardware event
	hybrid_count papi-mpx 0 PAPI_TOT_INS >/tmp/hybrid.out
	hybrid_count papi-mpx 0 arm_ac72::INST_RETIRED >>/tmp/hybrid.out
	sed 's/^/  /' /tmp/hybrid.out
	[ "$(grep -c '^mpx .*: error .*Bad combination of features' /tmp/hybrid.out)" = 4 ] ||
		{ echo "multiplexing hardware events was not refused (4 cases)"; bad=1; }
	# Overflow on a summed preset: PAPI refuses overflow on derived events
	hybrid_count papi-overflow 0 PAPI_TOT_INS >/tmp/hybrid.out
	sed 's/^/  /' /tmp/hybrid.out
	grep -q '^overflow PAPI_TOT_INS: error Invalid argument' /tmp/hybrid.out ||
		{ echo "overflow on the summed PAPI_TOT_INS was not refused"; bad=1; }
	# (a software event runs on every CPU: its set may be multiplexed)
	hybrid_count papi-mpx 0 perf::TASK-CLOCK >/tmp/hybrid.out
	sed 's/^/  /' /tmp/hybrid.out
	[ "$(grep -c '^mpx .*: OK' /tmp/hybrid.out)" = 2 ] ||
		{ echo "multiplexing a software event was refused"; bad=1; }
	unset LIBPFM_PROC_CPUINFO
	[ $bad -eq 0 ] || fail "PAPI with two core PMUs: wrong counts, lists or errors"
	echo "PAPI counts presets on both clusters and across a migration, native events on their own cluster, refuses partial presets and multiplexing"
}

# A core type libpfm4 has no table for (PAPI 0131): with the guest's own
# /proc/cpuinfo (A72 four times) libpfm4 detects arm_ac72 alone, and the A53
# PMU's CPUs 0-1 are uncovered. Every count is whole or refused, never 0 or
# part: a thread's core events (presets, the A72's own, generic hardware
# events) are refused wherever it runs, with a PAPIERROR naming CPUs 0-1
# (PAPI_VERBOSE=1: PAPI's error messages are off by default); a set
# attached to a covered CPU counts the whole loop there, one attached to an
# uncovered CPU is refused; software events count; papi_avail says which
# CPUs no table covers.
uncovered_refused() {
	how=$1 place=$2 ev=$3
	PAPI_VERBOSE=1 $CT/guest/guest_hybrid $how $place $N1 $ev >/tmp/hybrid.out 2>/tmp/hybrid.err
	sed 's/^/  /' /tmp/hybrid.out /tmp/hybrid.err
	grep -q "^papi-error PAPI_add_named_event $ev: Event exists, but cannot be counted due to hardware resource limits" /tmp/hybrid.out ||
		{ echo "$ev ($how at CPU $place) was not refused"; return 1; }
	grep -q '^PAPI Error: perf_event: libpfm4 has no event table for the core PMU armv8_cortex_a53 (CPUs 0-1)' /tmp/hybrid.err ||
		{ echo "$ev ($how at CPU $place): no PAPIERROR naming CPUs 0-1"; return 1; }
}
uncovered_attached() {
	$CT/guest/guest_hybrid papi-on-cpu 2 $N1 PAPI_TOT_INS >/tmp/hybrid.out 2>&1 ||
		{ cat /tmp/hybrid.out >>/tmp/hybrid.why; why "PAPI_TOT_INS attached to CPU 2: refused"; return 1; }
	sed 's/^/  /' /tmp/hybrid.out
	c=$(field PAPI_TOT_INS count)
	in_bounds "$c" || { why "PAPI_TOT_INS attached to CPU 2: $c, not within [2N, 2N+$user_slack%]"; return 1; }
}
t_hybrid_uncovered() {
	need_papi
	unset LIBPFM_PROC_CPUINFO
	bad=0
	showevtinfo | sed -n '/^Detected PMU models/,/^Total events/p' >/tmp/detected
	grep -q ', arm_ac53, ' /tmp/detected && fail "libpfm4 detects arm_ac53 from the guest's own /proc/cpuinfo: nothing is uncovered"
	papi_avail >/tmp/avail.out 2>&1
	grep '^Partially disabled' /tmp/avail.out | sed 's/^/  /'
	grep -q '^Partially disabled *: perf_event: libpfm4 has no event table for the core PMU armv8_cortex_a53 (CPUs 0-1)' /tmp/avail.out ||
		{ echo "papi_avail does not say that no table covers CPUs 0-1"; bad=1; }
	for place in 0 2 0,2; do
		for ev in PAPI_TOT_INS PAPI_TOT_CYC arm_ac72::INST_RETIRED perf::INSTRUCTIONS; do
			uncovered_refused papi $place $ev || bad=1
		done
	done
	uncovered_refused papi-on-cpu 0 PAPI_TOT_INS || bad=1
	hybrid_tries uncovered_attached || bad=1
	$CT/guest/guest_hybrid papi 0,2 $N1 perf::TASK-CLOCK >/tmp/hybrid.out 2>&1
	sed 's/^/  /' /tmp/hybrid.out
	[ "$(field perf::TASK-CLOCK count)" -gt 0 ] 2>/dev/null ||
		{ echo "perf::TASK-CLOCK did not count"; bad=1; }
	[ $bad -eq 0 ] || fail "a core type without a table: a count was not whole or not refused as it should be"
	echo "CPUs without a table: thread counts refused naming CPUs 0-1, a covered CPU counts whole, software events count"
}

# Two core types in /proc/cpuinfo (CPU 0 an A53, CPU 1 the guest's A72 or N1) on a kernel
# with one core PMU for every CPU (QEMU virt's armv8_pmuv3, as a board whose
# device tree has one PMU node): libpfm4 detects arm_ac53 and arm_ac72, and
# with two core PMUs active encodes neither type's events for armv8_pmuv3
# (libpfm4 0030 uses PERF_TYPE_RAW for a single core PMU only). PAPI must
# then count the whole loop or refuse with an error: never a preset summed
# twice over one kernel PMU (PAPI 0056 takes two core types whose events
# open on the same perf type for one), never a partial count.
two_types_count() {
	place=$1
	if ! hybrid_count papi $place PAPI_TOT_INS >/tmp/hybrid.out; then
		sed 's/^/  /' /tmp/hybrid.out
		grep -q '^papi-error ' /tmp/hybrid.out && return 0
		why "PAPI_TOT_INS at CPU $place: failed without an error"
		return 1
	fi
	sed 's/^/  /' /tmp/hybrid.out
	c=$(field PAPI_TOT_INS count)
	in_bounds "$c" || { why "PAPI_TOT_INS at CPU $place: $c, not within [2N, 2N+$user_slack%]"; return 1; }
}
t_two_types_one_pmu() {
	[ "$arch" = aarch64 ] || skip "Arm core types (a RISC-V guest has no A53+A72 cpuinfo)"
	need_papi
	[ "$ncpus" -ge 2 ] || skip "needs two CPUs"
	ls /sys/bus/event_source/devices | grep -q '^armv8_cortex' &&
		skip "the kernel has a PMU per core type (the biglittle guest tests that)"
	hybrid_cpuinfo 1
	LIBPFM_PROC_CPUINFO=/tmp/cpuinfo.hybrid showevtinfo | sed -n '/^Detected PMU models/,/^Total events/p' >/tmp/detected
	for p in arm_ac53 $pmu; do
		grep -q "\[ *[0-9]*, $p, " /tmp/detected || fail "libpfm4 does not detect $p from an A53+$pmu /proc/cpuinfo"
	done
	LIBPFM_PROC_CPUINFO=/tmp/cpuinfo.hybrid papi_component_avail 2>&1 | grep -A2 'Name: *perf_event ' | sed 's/^/  /'
	hybrid_count papi-info 0 PAPI_TOT_INS >/tmp/hybrid.out
	sed 's/^/  /' /tmp/hybrid.out
	bad=0
	for place in 0 1; do
		hybrid_tries two_types_count $place || bad=1
	done
	[ $bad -eq 0 ] || fail "two core types on one kernel PMU: a wrong count"
	echo "one kernel PMU for two core types: PAPI counts the whole loop or refuses"
}

if [ $# -ge 2 ]; then
	"t_$(echo "$2" | tr - _)"
	exit 0
fi

echo "@@info kernel $(uname -r)"
[ "$profile" != board ] || echo "@@info board arch=$arch pmu=$pmu kernel-pmu=${kpmu:-none} type=${kpmu_type:-none} cpus=$(echo "$kpmu_cpus" | tr ' ' _) useronly=$useronly overflow=$overflow cpu_id=$cpu_id perf_user_access=$(cat /proc/sys/kernel/perf_user_access 2>/dev/null || echo absent) ncpus=$ncpus root=$([ "$(id -u)" = 0 ] && echo yes || echo no)${SUITE_EMULATOR:+ emulator=$SUITE_EMULATOR}"
echo "@@info cpu $(grep -m1 -E '^(CPU part|marchid)' /proc/cpuinfo | tr -s '\t ' ' ')"
. $G/run-test.sh
for t in $TESTS; do
	limit=300
	case $t in bench | papi-tests) limit=6000 ;; esac # scripts/guest-run's own time limit applies
	run_test $G/suite.sh "$profile" "$t" $limit
done
