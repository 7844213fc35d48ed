# Shared helpers for the scripts in this folder (sourced, not run).

PROG=${0##*/}
SCRIPTS_DIR=$(cd "$(dirname "$0")" && pwd)
TOP_SRCDIR=$(cd "$SCRIPTS_DIR/.." && pwd)

# One-line error that names what to do, then exit.
die() {
	echo "$PROG: error: $*" >&2
	exit 1
}

note() {
	echo "$PROG: $*" >&2
}

# children_cpu FILE: children_cpu= the user and system seconds of this
# shell's finished children, through FILE (times runs in this shell: in a
# command substitution it would count the subshell's children)
children_cpu() {
	times >"$1"
	children_cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%d", s }' "$1")
}

# A guest's time limit (seconds of host time; GUEST_TIMEOUT overrides). The
# longest guest run, a72's suite, took 714 s on an idle 2-core machine and
# over 900 s on a loaded one: the limit catches a hung guest, it is not a
# performance target.
GUEST_TIMEOUT_DEFAULT=2400

# upstream_field PROJECT FIELD: a column of scripts/upstream.list
# (version, debsrc, tarball, topdir, sha256, suites, snapshot).
upstream_field() {
	awk -v p="$1" -v f="$2" '
		BEGIN { col["version"] = 2; col["debsrc"] = 3; col["tarball"] = 4
			col["topdir"] = 5; col["sha256"] = 6; col["suites"] = 7
			col["snapshot"] = 8 }
		!/^#/ && $1 == p { print $col[f]; found = 1 }
		END { exit !found }' "$SCRIPTS_DIR/upstream.list" ||
		die "unknown upstream project '$1' (see scripts/upstream.list)"
}

# Where a project's new files and registration patches live in this repository.
overlay_dir() {
	case "$1" in
	libpfm4) echo "$TOP_SRCDIR/libpfm4-pmus" ;;
	papi) echo "$TOP_SRCDIR/papi-components" ;;
	cmocka) die "cmocka is built as it is: prepare it with --pristine" ;;
	*) die "unknown upstream project '$1'" ;;
	esac
}
