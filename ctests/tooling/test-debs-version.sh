#!/bin/sh
# The packages' versions (packaging/debian/*/debian/changelog, and the suffix
# each architecture's build gives them, scripts/debs.list) sort above the
# distribution's packages of the same upstream version (Debian's, Ubuntu's),
# so that apt installs ours over them, and below the distribution's next
# revision of that upstream version (which apt-mark hold keeps out:
# docs/packages.md). The built packages, when there are any, carry them.
. "$(dirname "$0")/lib.sh"
command -v dpkg >/dev/null || { echo "SKIP: no dpkg here"; exit 77; }
PKG=$TOP_SRCDIR/packaging/debian

version_of() { sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' "$PKG/$1/debian/changelog"; }
above() {
	dpkg --compare-versions "$1" gt "$2" || fail "$3: $1 does not sort above $2"
	echo "$3: $1 > $2"
}
below() {
	dpkg --compare-versions "$1" lt "$2" || fail "$3: $1 does not sort below $2"
	echo "$3: $1 < $2"
}

pfm=$(version_of libpfm4)
papi=$(version_of papi)
[ "$pfm" = "4.13.0+git106-g3e4031b-1+rva1~deb12" ] || fail "libpfm4's changelog version is '$pfm'"
[ "$papi" = "7.2.0-2+rva1~deb12" ] || fail "papi's changelog version is '$papi'"
suffixes=$(awk '!/^#/ && $1 != "install" { print $4 }' "$TOP_SRCDIR/scripts/debs.list" | sort -u)
for s in $suffixes; do
	p=${pfm%~deb12}$s a=${papi%~deb12}$s
	# Debian's (forky, sid), Ubuntu 26.04's and bookworm's packages
	above "$p" 4.13.0+git106-g3e4031b-1 "libpfm4 ($s)"
	above "$p" 4.13.0+git106-g3e4031b-1ubuntu1 "libpfm4 ($s)"
	above "$p" 4.13.0+git106-g3e4031b-1build1 "libpfm4 ($s)"
	above "$p" 4.13.0-1 "libpfm4 ($s)"
	above "$a" 7.2.0-2 "papi ($s)"
	above "$a" 7.2.0-2ubuntu1 "papi ($s)"
	above "$a" 7.2.0-2build1 "papi ($s)"
	above "$a" 7.0.0-2 "papi ($s)"
	# the distribution's next revision, or a new upstream version, wins
	below "$p" 4.13.0+git106-g3e4031b-2 "libpfm4 ($s)"
	below "$a" 7.2.0-3 "papi ($s)"
	below "$a" 7.2.1-1 "papi ($s)"
	# the build dependency of PAPI on our libpfm4 takes every suffix
	dpkg --compare-versions "$p" ge 4.13.0+git106-g3e4031b-1+rva1~ ||
		fail "libpfm4 $p does not satisfy PAPI's Build-Depends (>= 4.13.0+git106-g3e4031b-1+rva1~)"
done
grep -q 'libpfm4-dev (>= 4.13.0+git106-g3e4031b-1+rva1~)' "$PKG/papi/debian/control" ||
	fail "papi's Build-Depends does not name our libpfm4-dev"

# The built packages, when make debs made them, carry these versions.
for d in "${BUILD_DIR:-/nonexistent}"/debs/*/; do
	[ -f "$d.built" ] || continue
	arch=$(basename "$d")
	s=$(awk -v a="$arch" '!/^#/ && $1 == a { print $4 }' "$TOP_SRCDIR/scripts/debs.list")
	for deb in "$d"*.deb; do
		v=$(dpkg-deb -f "$deb" Version)
		case $(dpkg-deb -f "$deb" Package) in
		libpfm4*) want=${pfm%~deb12}$s ;;
		*) want=${papi%~deb12}$s ;;
		esac
		[ "$v" = "$want" ] || fail "$(basename "$deb"): version $v, not $want"
	done
	echo "$arch: the built packages are $(ls "$d"*.deb | wc -l), versions as above"
done
