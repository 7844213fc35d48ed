#!/bin/sh
# A cached upstream tarball whose sha256 differs from scripts/upstream.list stops
# the build with one line saying what to do; a good one is accepted.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/cache"
cp "$LIBPFM4_TARBALL" "$TMP/cache/"
got=$("$SCRIPTS/fetch-upstream" libpfm4 "$TMP/cache")
[ "$got" = "$TMP/cache/$(basename "$LIBPFM4_TARBALL")" ] || fail "good tarball not accepted: $got"

printf 'x' >>"$TMP/cache/$(basename "$LIBPFM4_TARBALL")"
pinned=$(awk '!/^#/ && $1 == "libpfm4" { print $6 }' "$SCRIPTS/upstream.list")
[ ${#pinned} -eq 64 ] || fail "no libpfm4 sha256 in upstream.list"
expect_failure "^fetch-upstream: error: cached .* has sha256 [0-9a-f]{64}, expected $pinned: delete it to fetch it again" \
	"$SCRIPTS/fetch-upstream" libpfm4 "$TMP/cache"

expect_failure "^fetch-upstream: error: papi source '/nonexistent' does not exist" \
	"$SCRIPTS/fetch-upstream" papi "$TMP/cache" /nonexistent
expect_failure "^fetch-upstream: error: $TMP is not a libpfm4 source tree" \
	"$SCRIPTS/fetch-upstream" libpfm4 "$TMP/cache" "$TMP"
echo "ok"
