#!/bin/sh
# Downloads survive a broken, expired, badly signed or missing Debian suite: with
# a local file:// archive signed by a key of the test's own (no network),
# scripts/guest-fetch and scripts/fetch-upstream take the next suite of
# scripts/guest.list / scripts/upstream.list, then (sources) the archive's pool
# and then snapshot.debian.org (a file:// copy of its layout here);
# the pinned guest kernel comes from the pool, checked against its sha256. What
# served and what was tried is recorded and reaches make check's summary
# (scripts/provenance). With nothing usable they fail with one line naming the
# way out. scripts/headers-fetch, whose pinned package the pool drops soon
# (sid's), takes a suite's own at the least version listed, or fails so.
. "$(dirname "$0")/lib.sh"

export GNUPGHOME="$TMP/gnupg"
mkdir -m 700 "$GNUPGHOME"
trap 'gpgconf --kill gpg-agent 2>/dev/null; rm -rf "$TMP"' EXIT
gpg -q --batch --passphrase '' --quick-gen-key 'test archive <archive@test.invalid>' ed25519 sign never
gpg -q --batch --passphrase '' --quick-gen-key 'someone else <other@test.invalid>' ed25519 sign never
gpg -q --export 'archive@test.invalid' >"$TMP/keyring.gpg"
export DEBIAN_KEYRING="$TMP/keyring.gpg"

# deb NAME VERSION DEPENDS [PATH-IN-PACKAGE...]: a riscv64 package with those
# (executable) files in a pool directory of its own.
deb() {
	name=$1 version=$2 depends=$3
	shift 3
	root=$TMP/debroot/$name-$version
	mkdir -p "$root/DEBIAN" "$TMP/debs"
	{
		echo "Package: $name"
		echo "Version: $version"
		echo "Architecture: riscv64"
		echo "Maintainer: test <archive@test.invalid>"
		[ -z "$depends" ] || echo "Depends: $depends"
		echo "Description: test package"
	} >"$root/DEBIAN/control"
	for f in "$@"; do
		mkdir -p "$root/$(dirname "$f")"
		printf '#!/bin/sh\necho %s %s\n' "$name" "$version" >"$root/$f"
		chmod 755 "$root/$f"
	done
	dpkg-deb -Zgzip --root-owner-group --build "$root" "$TMP/debs/${name}_${version}_riscv64.deb" >/dev/null
}
deb linux-image-6.12.1-riscv64 6.12.1-1 "" boot/vmlinux-6.12.1-riscv64
deb busybox-static 1:1.37-1 "" bin/busybox
deb strace 6.13-1 "libtest1" usr/bin/strace
deb libtest1 1.0-1 ""
deb busybox-static 1:1.38-1 "" bin/busybox

# The guests' list as scripts/guest.list has it, but with our kernel pinned.
fake_checkout
kdeb=pool/main/l/linux/linux-image-6.12.1-riscv64_6.12.1-1_riscv64.deb
ksha=$(sha256sum "$TMP/debs/linux-image-6.12.1-riscv64_6.12.1-1_riscv64.deb" | cut -d' ' -f1)
ksnap=20250101T000000Z
awk -v d="$kdeb" -v s="$ksha" -v t="$ksnap" '!/^#/ && $1 == "riscv64" { $4 = d; $5 = s; $6 = t } { print }' \
	"$SCRIPTS/guest.list" >"$TMP/top/scripts/guest.list"
grep -q "^riscv64 riscv64 trixie,forky,sid $kdeb $ksha $ksnap busybox-static strace$" "$TMP/top/scripts/guest.list" ||
	fail "scripts/guest.list's riscv64 line is not as this test expects"
# kernel_in ARCHIVE: the pinned kernel in ARCHIVE's pool (no suite lists it).
kernel_in() {
	mkdir -p "$1/$(dirname "$kdeb")"
	cp "$TMP/debs/$(basename "$kdeb")" "$1/$kdeb"
}

# The pinned libpfm4 as scripts/upstream.list has it.
pin() { awk -v f="$1" '!/^#/ && $1 == "libpfm4" { print $f }' "$SCRIPTS/upstream.list"; }
pver=$(pin 2) ptar=$(pin 4) psuites=$(pin 7) psnap=$(pin 8)
[ "$ptar" = "$(basename "$LIBPFM4_TARBALL")" ] || fail "LIBPFM4_TARBALL is not the pinned $ptar"
ppath=pool/main/libp/libpfm4/$ptar

# suite ARCHIVE SUITE KIND [PACKAGE-GLOB...]: a suite of ARCHIVE with a binary
# index of the matching packages and a source index for the pinned libpfm4.
# KIND: good, broken (an index that does not match its Release file), expired
# (Valid-Until in the past), badsig (signed by a key apt does not trust),
# other-version (its libpfm4 source is not the pinned version).
suite() {
	archive=$1 name=$2 kind=$3
	shift 3
	dist=$archive/dists/$name
	mkdir -p "$dist/main/binary-riscv64" "$dist/main/source" "$archive/pool/main/libp/libpfm4" "$archive/pool/main/t/$name"
	for g in "$@"; do cp "$TMP"/debs/$g "$archive/pool/main/t/$name/"; done
	(cd "$archive" && for f in pool/main/t/$name/*.deb; do
		[ -f "$f" ] || continue
		dpkg-deb -f "$f" Package Version Architecture Depends
		echo "Filename: $f"
		echo "Size: $(stat -c %s "$f")"
		echo "SHA256: $(sha256sum "$f" | cut -d' ' -f1)"
		echo
	done) >"$dist/main/binary-riscv64/Packages"
	tarball=$ptar srcversion=$pver-1
	[ "$kind" != other-version ] || tarball=libpfm4_99.0.orig.tar.gz srcversion=99.0-1
	cp "$LIBPFM4_TARBALL" "$archive/pool/main/libp/libpfm4/$tarball"
	echo "Format: 3.0 (quilt)" >"$archive/pool/main/libp/libpfm4/libpfm4_$srcversion.dsc"
	(cd "$archive/pool/main/libp/libpfm4" && {
		printf 'Package: libpfm4\nBinary: libpfm4\nVersion: %s\nArchitecture: any\n' "$srcversion"
		printf 'Maintainer: test <archive@test.invalid>\nFormat: 3.0 (quilt)\nDirectory: pool/main/libp/libpfm4\n'
		echo "Checksums-Sha256:"
		for f in "libpfm4_$srcversion.dsc" "$tarball"; do
			echo " $(sha256sum "$f" | cut -d' ' -f1) $(stat -c %s "$f") $f"
		done
		echo
	}) >"$dist/main/source/Sources"
	until=$(date -u -R -d '+10 days')
	[ "$kind" != expired ] || until=$(date -u -R -d '-3 days')
	(cd "$dist" && {
		printf 'Origin: Test\nSuite: %s\nCodename: %s\n' "$name" "$name"
		printf 'Date: %s\nValid-Until: %s\n' "$(date -u -R -d '-5 days')" "$until"
		printf 'Architectures: riscv64\nComponents: main\nSHA256:\n'
		for f in main/binary-riscv64/Packages main/source/Sources; do
			echo " $(sha256sum "$f" | cut -d' ' -f1) $(stat -c %s "$f") $f"
		done
	}) >"$dist/Release"
	key=archive@test.invalid
	[ "$kind" != badsig ] || key=other@test.invalid
	gpg -q --batch --yes -u "$key" --clearsign -o "$dist/InRelease" "$dist/Release"
	if [ "$kind" = broken ]; then # a mirror caught half-way through a sync
		printf 'Package: late\nVersion: 1\n\n' >>"$dist/main/binary-riscv64/Packages"
		printf 'Package: late\nVersion: 1\n\n' >>"$dist/main/source/Sources"
	fi
}
tools="busybox-static_1:1.37-1_* strace_* libtest1_*"
new_tools="busybox-static_1:1.38-1_* strace_* libtest1_*"

# versions_has DIR LINE: the guest's record holds that line (grep -E).
versions_has() {
	grep -Eq -- "$2" "$1/guests/riscv64/versions" ||
		fail "$1/guests/riscv64/versions lacks /$2/: $(cat "$1/guests/riscv64/versions")"
}

echo "== guest: trixie half-synced, forky gone, sid good"
A=$TMP/a
suite "$A/archive" trixie broken $tools
suite "$A/archive" sid good $new_tools
kernel_in "$A/archive"
DEBIAN_MIRROR=file://$A/archive "$TMP/top/scripts/guest-fetch" riscv64 "$A/cache" >"$TMP/out" 2>"$TMP/err" ||
	fail "guest-fetch did not fall back to sid: $(cat "$TMP/err")"
versions_has "$A/cache" '^suite sid riscv64$'
versions_has "$A/cache" '^fetch tried trixie: apt-get update: .*(unexpected size|Hash Sum mismatch)'
versions_has "$A/cache" '^fetch tried forky: apt-get update: '
versions_has "$A/cache" '^fetch served sid$'
versions_has "$A/cache" '^kernel linux-image-6.12.1-riscv64 6.12.1-1$'
versions_has "$A/cache" "^kernel-source pool file://$A/archive/$kdeb\$"
versions_has "$A/cache" '^package busybox-static 1:1.38-1$'
versions_has "$A/cache" '^package strace 6.13-1$'
grep -q 'linux-image-6.12.1-riscv64' "$A/cache/guests/riscv64/kernel" || fail "the kernel is not the pinned package's image"
mkdir -p "$A/build/sources"
"$TMP/top/scripts/provenance" "$A/build" "$A/cache" >"$TMP/prov"
cat "$TMP/prov"
grep -q "^  riscv64 guest: kernel linux-image-6.12.1-riscv64 6.12.1-1 (pinned, from pool file://$A/archive/$kdeb)$" "$TMP/prov" ||
	fail "make check's summary does not name the kernel and where it came from"
grep -q '^  riscv64 guest tools from Debian sid riscv64: .*busybox-static 1:1.38-1.*strace 6.13-1' "$TMP/prov" ||
	fail "make check's summary does not name the suite and versions"
grep -Eq '^    \(tried first: trixie: apt-get update: .*(unexpected size|Hash Sum mismatch)' "$TMP/prov" ||
	fail "make check's summary does not say why trixie was passed over"

echo "== guest: trixie half-synced, forky past Valid-Until, sid gone; the kernel left the pool"
B=$TMP/b
suite "$B/archive" trixie broken $new_tools
suite "$B/archive" forky expired $tools
kernel_in "$B/snapshot/$ksnap"
DEBIAN_MIRROR=file://$B/archive DEBIAN_SNAPSHOT=file://$B/snapshot \
	"$TMP/top/scripts/guest-fetch" riscv64 "$B/cache" >"$TMP/out" 2>"$TMP/err" ||
	fail "guest-fetch did not take the expired forky and the snapshot's kernel: $(cat "$TMP/err")"
versions_has "$B/cache" '^suite forky riscv64$'
versions_has "$B/cache" '^fetch served forky \(Release invalid since .*, Valid-Until not checked\)$'
versions_has "$B/cache" '^package busybox-static 1:1.37-1$'
versions_has "$B/cache" "^kernel-tried pool file://$B/archive/$kdeb: "
versions_has "$B/cache" "^kernel-source snapshot file://$B/snapshot/$ksnap/$kdeb\$"

echo "== guest: a suite signed by an untrusted key is refused"
C=$TMP/c
suite "$C/archive" trixie badsig $tools
suite "$C/archive" forky broken $tools
kernel_in "$C/archive"
DEBIAN_MIRROR=file://$C/archive expect_failure \
	"^guest-fetch: error: no Debian suite served the riscv64 guest's tools \(trixie,forky,sid/riscv64; log: .*\)$" \
	"$TMP/top/scripts/guest-fetch" riscv64 "$C/cache"
grep -q "^guest-fetch: tried trixie: apt-get update: .*NO_PUBKEY\|^guest-fetch: tried trixie: apt-get update: .*not signed\|^guest-fetch: tried trixie: apt-get update: .*signature" "$TMP/err" ||
	fail "the untrusted signature is not what stopped trixie: $(cat "$TMP/err")"
grep -q "^guest-fetch: tried sid: " "$TMP/err" || fail "sid was not tried: $(cat "$TMP/err")"
[ ! -e "$C/cache/guests/riscv64" ] || fail "a guest was kept from an untrusted suite"

echo "== guest: the pool's kernel is not the pinned one"
K=$TMP/k
suite "$K/archive" sid good $tools
kernel_in "$K/archive"
printf 'x' >>"$K/archive/$kdeb"
DEBIAN_MIRROR=file://$K/archive DEBIAN_SNAPSHOT=file://$K/none expect_failure \
	"^guest-fetch: error: the pinned riscv64 guest kernel linux-image-6.12.1-riscv64 6.12.1-1 is not in Debian's pool nor on snapshot.debian.org at $ksnap, or not as pinned \(log: .*\); pin a current one in scripts/guest.list$" \
	"$TMP/top/scripts/guest-fetch" riscv64 "$K/cache"
grep -q "^guest-fetch: tried pool file://$K/archive/$kdeb: .*[Hh]ash" "$TMP/err" || fail "the wrong kernel is not named: $(cat "$TMP/err")"
[ ! -e "$K/cache/guests/riscv64" ] || fail "a guest was kept with a kernel that is not the pinned one"

echo "== sources: bookworm half-synced, trixie has another version, forky good"
D=$TMP/d
suite "$D/archive" bookworm broken
suite "$D/archive" trixie other-version
suite "$D/archive" forky good
sed -i "s/^\(libpfm4 .*\) $psuites /\1 bookworm,trixie,forky,sid /" "$TMP/top/scripts/upstream.list"
got=$(DEBIAN_MIRROR=file://$D/archive "$TMP/top/scripts/fetch-upstream" libpfm4 "$D/cache" 2>"$TMP/err") ||
	fail "fetch-upstream did not fall back to forky: $(cat "$TMP/err")"
cmp "$got" "$LIBPFM4_TARBALL" || fail "fetched tarball differs"
cat "$got.source"
grep -qx "libpfm4 $pver from Debian forky" "$got.source" || fail "record does not name forky"
grep -Eq '^fetch tried bookworm: apt-get update: .*(unexpected size|Hash Sum mismatch)' "$got.source" || fail "bookworm's failure not recorded"
grep -qF "fetch tried trixie: its libpfm4 source package has no $ptar" "$got.source" ||
	fail "trixie's other version not recorded"
mkdir -p "$D/build/sources"
echo "$got" >"$D/build/sources/libpfm4.path"
"$SCRIPTS/provenance" "$D/build" "$D/cache" | grep -qx "  libpfm4 $pver from Debian forky" ||
	fail "make check's summary does not say where libpfm4 came from"

# From here on, the suites as pinned.
first=${psuites%%,*}

echo "== sources: no suite's index serves it, the pool still has it"
E=$TMP/e
suite "$E/archive" "$first" broken
got=$(DEBIAN_MIRROR=file://$E/archive DEBIAN_SNAPSHOT=file://$E/none \
	"$SCRIPTS/fetch-upstream" libpfm4 "$E/cache" 2>"$TMP/err") ||
	fail "fetch-upstream did not take the pool: $(cat "$TMP/err")"
cmp "$got" "$LIBPFM4_TARBALL" || fail "fetched tarball differs"
grep -qF "libpfm4 $pver from Debian's pool ($ppath; sha256 pinned" "$got.source" &&
	grep -qx "fetch served pool file://$E/archive/$ppath" "$got.source" ||
	fail "record does not name the pool: $(cat "$got.source")"

echo "== sources: every suite moved on, the pool dropped it, snapshot.debian.org has it"
G=$TMP/g
suite "$G/archive" "$first" other-version
rm -f "$G/archive/$ppath"
mkdir -p "$G/snapshot/$psnap/$(dirname "$ppath")"
cp "$LIBPFM4_TARBALL" "$G/snapshot/$psnap/$ppath"
got=$(DEBIAN_MIRROR=file://$G/archive DEBIAN_SNAPSHOT=file://$G/snapshot \
	"$SCRIPTS/fetch-upstream" libpfm4 "$G/cache" 2>"$TMP/err") ||
	fail "fetch-upstream did not take snapshot.debian.org: $(cat "$TMP/err")"
cmp "$got" "$LIBPFM4_TARBALL" || fail "fetched tarball differs"
cat "$got.source"
grep -qF "libpfm4 $pver from snapshot.debian.org ($psnap/$ppath; sha256 pinned" "$got.source" &&
	grep -q "^fetch tried pool file://$G/archive/$ppath: " "$got.source" &&
	grep -qx "fetch served snapshot file://$G/snapshot/$psnap/$ppath" "$got.source" ||
	fail "record does not name the pool's failure and the snapshot: $(cat "$got.source")"

echo "== sources: the pool's and the snapshot's files are not the pinned one, and no suite serves it"
F=$TMP/f
suite "$F/archive" "$first" broken
printf 'x' >>"$F/archive/$ppath"
mkdir -p "$F/snapshot/$psnap/$(dirname "$ppath")"
cp "$F/archive/$ppath" "$F/snapshot/$psnap/$ppath"
# the tarball's name in a regular expression (4.13.0+git106: '.' and '+')
ptar_re=$(printf '%s' "$ptar" | sed 's/[.+]/\\&/g')
DEBIAN_MIRROR=file://$F/archive DEBIAN_SNAPSHOT=file://$F/snapshot expect_failure \
	"^fetch-upstream: error: could not download $ptar_re from Debian \($psuites, then the pool, then snapshot.debian.org at $psnap; log: .*\); on an offline machine configure --with-libpfm4-src=DIR\|TARBALL$" \
	"$SCRIPTS/fetch-upstream" libpfm4 "$F/cache"
grep -q '^fetch-upstream: tried pool file://.*: .*[Hh]ash' "$TMP/err" || fail "the pool's wrong file is not named: $(cat "$TMP/err")"
grep -q '^fetch-upstream: tried snapshot file://.*: .*[Hh]ash' "$TMP/err" || fail "the snapshot's wrong file is not named: $(cat "$TMP/err")"
[ ! -e "$F/cache/$ptar" ] || fail "a tarball that is not the pinned one was kept"

# The C library headers of scripts/headers.list, pinned to a package the
# pool and the snapshot no longer have: the first suite with the package at
# the least version serves, and the record says so.
deb libc6-dev 2.44-1 "" usr/include/string.h
deb libc6-dev 2.42-1 "" usr/include/string.h
hpin=pool/main/g/glibc/libc6-dev_2.43-7_riscv64.deb
awk -v d="$hpin" '!/^#/ && $1 == "glibc-2.43" { $2 = d; $4 = "20250101T000000Z" } { print }' \
	"$SCRIPTS/headers.list" >"$TMP/top/scripts/headers.list"
grep -Eq "^glibc-2.43 $hpin [0-9a-f]{64} 20250101T000000Z forky,sid libc6-dev 2.43$" "$TMP/top/scripts/headers.list" ||
	fail "scripts/headers.list's glibc-2.43 line is not as this test expects"

echo "== headers: the pinned package gone, forky has a later one"
H=$TMP/h
suite "$H/archive" forky good "libc6-dev_2.44-1_*"
DEBIAN_MIRROR=file://$H/archive DEBIAN_SNAPSHOT=file://$H/none \
	"$TMP/top/scripts/headers-fetch" glibc-2.43 "$H/cache" >"$TMP/out" 2>"$TMP/err" ||
	fail "headers-fetch did not take forky's libc6-dev: $(cat "$TMP/err")"
hv=$H/cache/headers/glibc-2.43/versions
cat "$hv"
grep -qx "package libc6-dev 2.44-1" "$hv" && grep -q "^fetch served forky" "$hv" &&
	grep -q "^fetch tried pool file://$H/archive/$hpin: " "$hv" &&
	[ -f "$H/cache/headers/glibc-2.43/usr/include/string.h" ] ||
	fail "forky's libc6-dev 2.44-1 is not what was kept and recorded: $(cat "$hv")"

echo "== headers: the pinned package gone, the suites have an older one only"
I=$TMP/i
suite "$I/archive" forky good "libc6-dev_2.42-1_*"
DEBIAN_MIRROR=file://$I/archive DEBIAN_SNAPSHOT=file://$I/none expect_failure \
	"^headers-fetch: error: the pinned glibc-2.43 headers libc6-dev_2\.43-7_riscv64\.deb are not in Debian's pool nor on snapshot\.debian\.org at 20250101T000000Z, or not as pinned, and no suite of forky,sid has libc6-dev 2\.43 or later" \
	"$TMP/top/scripts/headers-fetch" glibc-2.43 "$I/cache"
grep -q "^headers-fetch: tried forky: libc6-dev 2.42-1 is older than 2.43" "$TMP/err" ||
	fail "the older package is not named: $(cat "$TMP/err")"
[ ! -e "$I/cache/headers/glibc-2.43" ] || fail "headers older than the least version were kept"
echo "ok"
