#!/bin/sh
# Emulated guests: a guest that does not finish in time is killed and reported as
# a failure with its last console lines; a guest test with no result is a failure;
# a skipped one says why; a batch of guests can be stopped.
. "$(dirname "$0")/lib.sh"
: "${BUILD_DIR:?set by make check}" "${CACHE_DIR:?set by make check}"

# guest-result on made-up guest output.
mkdir -p "$TMP/g"
printf '@@begin one\nchecking\nSKIP: no such thing in the emulator\n@@result one SKIP no such thing in the emulator\n' >"$TMP/g/console.log"
echo "one SKIP no such thing in the emulator" >"$TMP/g/results"
rc=0; "$SCRIPTS/guest-result" "$TMP/g" one >"$TMP/out" || rc=$?
[ $rc -eq 77 ] || fail "a skipped guest test must exit 77, got $rc"
tail -n 1 "$TMP/out" | grep -q '^SKIP: no such thing in the emulator$' || fail "no SKIP reason: $(cat "$TMP/out")"
rc=0; "$SCRIPTS/guest-result" "$TMP/g" two >"$TMP/out" || rc=$?
[ $rc -eq 1 ] || fail "a guest test without a result must fail, got $rc"
grep -q 'no result for two' "$TMP/out" || fail "no explanation: $(cat "$TMP/out")"

# guest-batch stop ends a batch's guests (make check stops them when a build
# before its tests fails): its scripts with a guest-run that only sleeps.
mkdir -p "$TMP/s"
cp "$SCRIPTS/guest-batch" "$SCRIPTS/common.sh" "$TMP/s/"
printf '#!/bin/sh\necho fetched\n' >"$TMP/s/guest-fetch"
printf '#!/bin/sh\nexec sleep 300\n' >"$TMP/s/guest-run"
chmod +x "$TMP/s/guest-fetch" "$TMP/s/guest-run"
GUEST_JOBS=2 "$TMP/s/guest-batch" start "$TMP/b" "$TMP" "$TMP" p1 p2 >"$TMP/out"
pgid=$(cat "$TMP/b/batch.pid")
n=0
until [ "$(pgrep -g "$pgid" -c -x sleep)" = 2 ]; do
	n=$((n + 1))
	[ $n -lt 100 ] || fail "the batch's two guests did not start: $(ps -o pid,pgid,args -g "$pgid")"
	sleep 0.1
done
"$TMP/s/guest-batch" stop "$TMP/b" >"$TMP/out"
sleep 1
# (zombies not counted: whoever adopts them may reap them late)
[ -z "$(ps -o stat= -g "$pgid" | grep -v '^Z')" ] || fail "guest-batch stop left the batch running: $(ps -o pid,stat,args -g "$pgid")"
[ ! -e "$TMP/b/p1/run.rc" ] || fail "a stopped guest has a status"

case " ${CROSS_TARGETS:-} " in
*" aarch64 "*) ;;
*) echo "SKIP: no aarch64 cross build here, so no guest to time out"; exit 77 ;;
esac
# A guest killed after 30 s, long before its suite is done (minutes), and late
# enough to have printed console lines even on a loaded machine (3 s was not:
# with other guests and builds running, QEMU had printed nothing yet).
rc=0
GUEST_TIMEOUT=30 "$SCRIPTS/guest-run" a72 "$BUILD_DIR/stage" "$CACHE_DIR" "$TMP/a72" >"$TMP/out" 2>&1 || rc=$?
cat "$TMP/out"
[ $rc -ne 0 ] || fail "a guest killed by its time limit must fail"
grep -q 'killed after 30 s (hung); last console lines:' "$TMP/out" || fail "no time-out report"
grep -q '^    | ' "$TMP/out" || fail "no console lines shown"
echo "a hung guest is killed and reported"
