#!/bin/sh
# Every fix mail stands alone (docs/upstreaming.md): applied by itself with
# `patch -p1`, without fuzz, to the pristine base, as a maintainer who takes
# only that fix would apply it. A fix that needs another says so in its
# description, on a line "Depends-on: SUBJECT" naming the other fix's
# subject; that fix is applied first (and must itself be a fix). The base is
# the pinned release, or upstream's head with SERIES_BASE=head and
# UPSTREAM_HEAD_DIR (scripts/upstream-head's output; make
# check-upstream-head); FIX_PROJECTS, the projects (default: libpfm4 papi).
# Each mail's result is printed; any that does not
# apply fails the test, after all are tried.
. "$(dirname "$0")/lib.sh"

base=${SERIES_BASE:-release}
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
		n=$((n + 1))
		name=${mail##*/}
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
		else
			echo "$out" | grep -E 'FAILED|malformed|Reversed' | sed 's/^/    /' >&2
			echo "FAILED: $project $name does not apply alone to $label" >&2
			bad=$((bad + 1))
		fi
	done
	echo "$project: $((n - bad)) of $n fix mails stand alone on $label"
	failed=$((failed + bad))
	rm -rf "$TMP/$project" "$TMP/pristine" "$TMP/tree" "$TMP/work"
done
[ "$failed" -eq 0 ] || fail "$failed fix mail(s) do not stand alone"
echo ok
