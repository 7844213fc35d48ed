#!/bin/sh
# "make patches" output (scripts/make-series): for each upstream project, the
# series of each class apply with `patch -p1` to a freshly unpacked pristine
# tree, in their order (backport, fix, port, startup), every mail exactly,
# and together give exactly the tree the build uses. A new file no patch
# claims, one claimed twice, an unknown class, classes out of order and a
# series line that says wrongly what upstream's head takes are refused; on
# upstream's head (a fake one here), a rebased patch is taken from
# patches/head/ and one upstream has is left out, with its new files. A patch
# that only adds new files has no diff; one that changes nothing is refused.
# No mail's description, and nothing the mails add, names this repository;
# no mail adds whitespace errors (git am --whitespace=error).
. "$(dirname "$0")/lib.sh"
. "$SCRIPTS/overlay.sh" # patch_description

# Every mail of both projects, release and head forms, is read by upstream's
# maintainers, who have neither this repository nor its tools: its subject
# (the description's first paragraph, as git format-patch takes it) is at most
# 75 characters, and its description (not the diff, whose hunks may be of
# upstream's own files) names no file, directory or tool of ours.
ours='(^|[^/[:alnum:]_.-])(presets|scripts|fuzz|ctests|benchmarks|libpfm4-pmus|papi-components)/'
ours="$ours|papi-riscv-arm|(^|[^[:alnum:]])gen-(arm|riscv)-|fuzz (target|corpus)|RISC-V and Arm port"
# mail_text_problems PATCHFILE: one line per problem, nothing if none.
mail_text_problems() {
	_subject=$(patch_description "$1" | awk 'NF == 0 { exit } { printf "%s%s", sep, $0; sep = " " }')
	[ ${#_subject} -le 75 ] || echo "subject of ${#_subject} characters (at most 75): $_subject"
	patch_description "$1" | grep -n -E -- "$ours" | sed 's/^/names a file or tool of this repository: line /' || true
}
bad=0
for f in "$TOP_SRCDIR"/libpfm4-pmus/patches/*.patch "$TOP_SRCDIR"/libpfm4-pmus/patches/head/*.patch \
	"$TOP_SRCDIR"/papi-components/patches/*.patch "$TOP_SRCDIR"/papi-components/patches/head/*.patch; do
	[ -f "$f" ] || continue
	mail_text_problems "$f" >"$TMP/problems"
	[ -s "$TMP/problems" ] || continue
	sed "s|^|${f#"$TOP_SRCDIR"/}: |" "$TMP/problems" >&2
	bad=$((bad + 1))
done
[ $bad -eq 0 ] || fail "$bad mail(s) with a subject too long or naming this repository's files (above)"
# ...and the check itself: a diff hunk may name such paths, the description not.
printf '%s\n' "A short subject" "" "Text." "--- a/src/ctests/x.c" "+++ b/src/ctests/x.c" "@@ -1 +1 @@" "-scripts/a" "+presets/b.csv" >"$TMP/m"
[ -z "$(mail_text_problems "$TMP/m")" ] || fail "mail check: a diff hunk or src/ctests/ taken for a file of ours: $(mail_text_problems "$TMP/m")"
for text in "as presets/arm_ac72.csv has" "made by scripts/gen-x" "our fuzz targets" "in fuzz/corpus" "ctests/tooling/x.sh" "see papi-riscv-arm"; do
	printf '%s\n' "Subject" "" "Text $text." >"$TMP/m"
	mail_text_problems "$TMP/m" | grep -q 'names a file or tool' || fail "mail check: '$text' not caught"
done
printf '%s\n' "A subject whose first paragraph goes on" "over a second line, which git joins to the first one" "" "Text." >"$TMP/m"
mail_text_problems "$TMP/m" | grep -q 'subject of 92 characters' || fail "mail check: a two-line subject of 92 characters not caught"

# What the mails add (new files, preset sections, generated files and the +
# lines of every patch, release and head forms) ships in upstream's trees:
# it names neither this repository nor its files, tools or checks, nor a
# placeholder author. (Upstream's own paths stay free: PAPI's src/ctests/
# is preceded by a path; libpfm4's docs/ holds no Markdown, ours does.)
added='papi-riscv-arm|(^|[^/[:alnum:]_.-])(presets|scripts|fuzz|ctests|benchmarks|libpfm4-pmus|papi-components)/'
added="$added|(^|[^/[:alnum:]_.-])docs/[[:alnum:]_./-]*[.]md"
added="$added|make (check|patches|submissions)|RISC-V and Arm port|@invalid|[.]invalid>|@example[.](org|com)|Your Name|A U Thor|PATCH_AUTHOR"
# Added lines of libpfm4's mails that may name the port: the copyright
# holder of a build configured without --with-copyright-holder (the
# overlay's default; make submissions refuses it), listed, not failed.
LIBPFM4_ADDED_KNOWN_OPEN='Copyright \(c\) 2026 The libpfm4 RISC-V and Arm port contributors$|^The libpfm4 RISC-V and Arm port contributors$'
# added_problems MAIL: "FILE: LINE" for each added line of MAIL (a mail of
# make-series, or a patch file: its diff, after the description) that names
# something of ours; nothing if none.
added_problems() {
	awk '/^(diff --git |--- (a\/|\/dev\/null))/ { d = 1 }
		d && /^\+\+\+ / { f = $2; sub(/^b\//, "", f); next }
		d && /^\+/ { print f ": " substr($0, 2) }' "$1" | grep -E -- "$added" || true
}
# added_check PROJECT MAIL...: prints the problems, known-open ones apart,
# and adds the number of the others to added_bad.
added_check() {
	_p=$1
	shift
	for _m; do
		added_problems "$_m"
	done | sort -u >"$TMP/added"
	_known=${LIBPFM4_ADDED_KNOWN_OPEN:-}
	if [ "$_p" = libpfm4 ] && [ -n "$_known" ]; then
		# the pattern is matched against the line, not the file name
		awk -F ': ' '{ print substr($0, length($1) + 3) }' "$TMP/added" | grep -n -E -- "$_known" | cut -d: -f1 >"$TMP/known" || true
	else
		: >"$TMP/known"
	fi
	awk -v p="$_p" 'FILENAME == ARGV[1] { k[$1] = 1; next }
		FNR in k { print p ": known open (LIBPFM4_ADDED_KNOWN_OPEN): " $0; next }
		{ print p ": names this repository in what it adds: " $0 > "/dev/stderr"; bad++ }
		END { exit (bad > 0) }' "$TMP/known" "$TMP/added" || added_bad=$((added_bad + $(wc -l <"$TMP/added") - $(wc -l <"$TMP/known")))
}
# ...and the check itself: planted strings are caught, upstream's paths,
# removed lines and the description are not.
printf '%s\n' "Subject" "" "See scripts/x, papi-riscv-arm." "---" " src/a.c | 1 +" "diff --git a/src/a.c b/src/a.c" \
	"--- a/src/a.c" "+++ b/src/a.c" "@@ -1 +1,3 @@" "-ctests/old.c" "+see src/ctests/x.c and docs/man3/x.3" >"$TMP/m"
[ -z "$(added_problems "$TMP/m")" ] || fail "added-content check: upstream's paths, a removed line or the description taken for ours: $(added_problems "$TMP/m")"
for text in "papi-riscv-arm" "/* made by scripts/gen-x */" "(ctests/test_papi.c)" "see docs/cpu-clock.md" "# presets/arm_n1.csv" \
	"benchmarks/x" "run make check" "Copyright (c) 2026 RISC-V and Arm port" "x <papi@invalid>" "Author: Your Name" \
	"Copyright (c) 2026 A. N. Other <you@example.org>"; do
	printf '%s\n' "Subject" "" "Text." "--- a/src/a.c" "+++ b/src/a.c" "@@ -1 +1 @@" "-old" "+$text" >"$TMP/m"
	added_problems "$TMP/m" | grep -q '^src/a.c: ' || fail "added-content check: '$text' not caught"
done
# a known-open line is listed, not counted, and only in libpfm4's mails
printf '%s\n' "Subject" "" "Text." "--- a/lib/a.c" "+++ b/lib/a.c" "@@ -1 +1,2 @@" "-old" \
	"+ * Copyright (c) 2026 The libpfm4 RISC-V and Arm port contributors" "+ * see scripts/x" >"$TMP/m"
if [ -n "$LIBPFM4_ADDED_KNOWN_OPEN" ]; then
	added_bad=0
	added_check libpfm4 "$TMP/m" >"$TMP/kout" 2>/dev/null
	[ $added_bad -eq 1 ] && grep -q 'known open' "$TMP/kout" ||
		fail "added-content check: libpfm4's known-open line not listed apart, or the other one not counted ($added_bad)"
fi
added_bad=0
added_check papi "$TMP/m" >/dev/null 2>&1
[ $added_bad -eq 2 ] || fail "added-content check: in PAPI's mails $added_bad of 2 lines counted"
added_bad=0
for f in "$TOP_SRCDIR"/libpfm4-pmus/patches/head/*.patch; do
	[ -f "$f" ] && added_check libpfm4 "$f"
done
for f in "$TOP_SRCDIR"/papi-components/patches/head/*.patch; do
	[ -f "$f" ] && added_check papi "$f"
done

# Whitespace errors in what a mail adds (trailing whitespace, a space before
# a tab in the indent, a blank line added at a file's end): git am warns of
# them by default, and upstream's maintainers see the warning.
# make-submissions applies the submissions with git am --whitespace=error
# (am_checked); here each mail of the release series is checked the same way
# before it is applied. ws_problem DIR MAIL: git's
# complaint if MAIL, applied to the tree DIR, adds whitespace errors;
# nothing otherwise (nor if it does not apply: patch says so).
ws_problem() {
	(cd "$1" && GIT_CEILING_DIRECTORIES=$TMP git apply --check --whitespace=error) <"$2" >"$TMP/ws" 2>&1 ||
		! grep -q 'adds whitespace errors' "$TMP/ws" || cat "$TMP/ws"
}
# ...and the checks themselves, on a small git tree: a mail adding a blank
# line at a file's end, one adding a space before a tab, and one adding a
# line with trailing spaces are refused by both, a clean one is not;
# plain git am takes them all (it only warns).
mkdir -p "$TMP/ws-git"
printf '[safe]\n\tdirectory = *\n[user]\n\tname = T\n\temail = t@example.org\n' >"$TMP/ws-gitconfig"
ws_git() { GIT_CONFIG_GLOBAL=$TMP/ws-gitconfig GIT_CONFIG_NOSYSTEM=1 git -C "$TMP/ws-git" "$@"; }
ws_git init -q
printf 'int a;\n' >"$TMP/ws-git/a.c"
ws_git add a.c
ws_git commit -q -m base
ws_git tag base
for kind in clean blank-at-eof space-before-tab trailing-space; do
	case $kind in
	clean) printf 'int a;\nint b;\n' ;;
	blank-at-eof) printf 'int a;\nint b;\n\n' ;;
	space-before-tab) printf 'int a;\n  \tint b;\n' ;;
	trailing-space) printf 'int a;\nint b;  \n' ;;
	esac >"$TMP/ws-git/a.c"
	ws_git commit -q -a -m "$kind"
	ws_git format-patch -q -1 --stdout >"$TMP/ws-$kind.mail"
	ws_git reset -q --hard base
	ws_git am -q --keep-cr "$TMP/ws-$kind.mail" 2>/dev/null || fail "plain git am refuses the $kind mail"
	ws_git reset -q --hard base
	if [ $kind = clean ]; then
		[ -z "$(ws_problem "$TMP/ws-git" "$TMP/ws-$kind.mail")" ] || fail "ws_problem: the clean mail taken for one with whitespace errors"
		GIT_CONFIG_GLOBAL=$TMP/ws-gitconfig am_checked "$TMP/ws-git" "$TMP/ws-$kind.mail" || fail "am_checked refuses the clean mail"
	else
		ws_problem "$TMP/ws-git" "$TMP/ws-$kind.mail" | grep -q 'adds whitespace errors' || fail "ws_problem: the $kind mail not caught"
		! GIT_CONFIG_GLOBAL=$TMP/ws-gitconfig am_checked "$TMP/ws-git" "$TMP/ws-$kind.mail" >/dev/null 2>&1 || fail "am_checked takes the $kind mail"
		ws_git am --abort
	fi
	ws_git reset -q --hard base
done

ws_bad=0
for project in libpfm4 papi; do
	case $project in
	libpfm4) tarball=$LIBPFM4_TARBALL ;;
	papi) tarball=$PAPI_TARBALL ;;
	esac
	"$SCRIPTS/make-series" "$project" "$tarball" "$TMP/work" "$TMP/$project"
	"$SCRIPTS/prepare-tree" "$project" "$tarball" "$TMP/tree" --pristine
	"$SCRIPTS/prepare-tree" "$project" "$tarball" "$TMP/expected"
	dirs=$(ls "$TMP/$project" | tr '\n' ' ')
	case $dirs in
	"1-fix 2-port 3-startup " | "0-backport 1-fix 2-port 3-startup ") ;;
	*) fail "$project: series $dirs, expected [0-backport] 1-fix 2-port 3-startup" ;;
	esac
	added_check "$project" "$TMP/$project"/*/*.patch
	for dir in "$TMP/$project"/*; do
		n=0
		for mail in "$dir"/*.patch; do
			grep -q '^Subject: \[PATCH' "$mail" || fail "$project: ${mail#$TMP/} has no subject"
			ws_problem "$TMP/tree" "$mail" >"$TMP/ws-out"
			if [ -s "$TMP/ws-out" ]; then
				sed "s|^|$project: ${mail#$TMP/}: |" "$TMP/ws-out" >&2
				ws_bad=$((ws_bad + 1))
			fi
			patch -d "$TMP/tree" -p1 --batch --forward --fuzz=0 -s <"$mail" ||
				fail "$project: ${mail#$TMP/} does not apply after the mails before it"
			n=$((n + 1))
		done
		echo "$project: ${dir##*/}: $n mail(s) applied"
	done
	diff -r "$TMP/tree" "$TMP/expected" >"$TMP/diff" ||
		fail "$project: pristine tree + series differs from the build's tree: $(head -5 "$TMP/diff")"
	# The new files' copyright holder (configure --with-copyright-holder,
	# overlay_substitute): substituted in the mails, as in the tree.
	! grep -rl '@COPYRIGHT_HOLDER@' "$TMP/$project" "$TMP/tree" >"$TMP/token" ||
		fail "$project: the copyright holder's token is left in: $(tr '\n' ' ' <"$TMP/token")"
	if [ "$project" = libpfm4 ]; then
		grep -rqF "Copyright (c) 2026 ${COPYRIGHT_HOLDER:-$COPYRIGHT_HOLDER_DEFAULT}" "$TMP/$project" ||
			fail "libpfm4: no mail says 'Copyright (c) 2026 ${COPYRIGHT_HOLDER:-$COPYRIGHT_HOLDER_DEFAULT}'"
	fi
	rm -rf "$TMP/tree" "$TMP/expected" "$TMP/$project"
done
# Any holder, as given: sed's special characters included.
for holder in 'Jane Doe <jane@example.org>' "A & B | C/D <x@y>" ''; do
	got=$(echo 'Copyright (c) 2026 @COPYRIGHT_HOLDER@' | COPYRIGHT_HOLDER=$holder overlay_substitute)
	[ "$got" = "Copyright (c) 2026 ${holder:-$COPYRIGHT_HOLDER_DEFAULT}" ] ||
		fail "overlay_substitute with holder '$holder' gives '$got'"
done
[ $added_bad -eq 0 ] || fail "$added_bad added line(s) of the mails name this repository, its files or checks, or a placeholder author (above)"
[ $ws_bad -eq 0 ] || fail "$ws_bad mail(s) add whitespace errors (above; git am --whitespace=error refuses them)"

# Refusals, with a copy of the scripts and a libpfm4 overlay of our own.
fake_checkout
o=$TMP/top/libpfm4-pmus
mkdir -p "$o/lib"
echo "/* new */" >"$o/lib/pfmlib_new.c"
mkdir -p "$TMP/a" "$TMP/b"
tar -xf "$LIBPFM4_TARBALL" -C "$TMP/a" --strip-components=1 --wildcards '*/README'
sed '1i hello' "$TMP/a/README" >"$TMP/b/README"
{
	printf 'Say hello in the README\n\n'
	(cd "$TMP" && diff -u a/README b/README) || true
} >"$o/patches/0001-touch.patch"
series() { printf '%s\n' "$@" >"$o/patches/series"; }
make_series() { "$TMP/top/scripts/make-series" libpfm4 "$LIBPFM4_TARBALL" "$TMP/w" "$TMP/series-out"; }

series "0001-touch.patch port"
printf '' >"$o/patches/new-files"
expect_failure "new-files does not say which patch adds: lib/pfmlib_new.c" make_series
printf 'lib/pfmlib_new.c 0001-touch.patch\nlib/pfmlib_new.c 0001-touch.patch\n' >"$o/patches/new-files"
expect_failure "new-files lists more than once: lib/pfmlib_new.c" make_series
printf 'lib/pfmlib_new.c 0002-none.patch\n' >"$o/patches/new-files"
expect_failure "gives files to 0002-none.patch, which is not in patches/series" make_series
printf 'lib/pfmlib_new.c 0001-touch.patch\n' >"$o/patches/new-files"
series "0001-touch.patch feature"
expect_failure "0001-touch.patch has class 'feature', not one of: backport fix port startup" make_series
series "0001-touch.patch"
expect_failure "0001-touch.patch has class '', not one of" make_series
cp "$o/patches/0001-touch.patch" "$o/patches/0002-again.patch"
series "0001-touch.patch startup" "0002-again.patch fix"
expect_failure "0002-again.patch \(fix\) comes after a startup patch" make_series

# What upstream's head takes, said wrongly.
series "0001-touch.patch port rebased"
expect_failure "0001-touch.patch is rebased for upstream's head, but patches/head/0001-touch.patch does not exist" make_series
series "0001-touch.patch port later"
expect_failure "0001-touch.patch: 'later' is not what upstream's head takes" make_series
series "0001-touch.patch port upstream:abc1234"
expect_failure "patches/0001-touch.patch: upstream's head has it since abc1234, which its description does not name" make_series
series "0001-touch.patch backport"
expect_failure "backport 0001-touch.patch must name the upstream commit it comes from" make_series
mkdir -p "$o/patches/head"
cp "$o/patches/0001-touch.patch" "$o/patches/head/0002-again.patch"
series "0001-touch.patch port"
expect_failure "patches/head/0002-again.patch is no rebased patch of patches/series" make_series
rm -r "$o/patches/head"

# A generated file (patches/generated) needs its patch as well.
printf '#!/bin/sh\necho "/* generated from $1 */"\n' >"$TMP/top/scripts/gen-hello"
chmod +x "$TMP/top/scripts/gen-hello"
echo "tests/hello.h gen-hello data" >"$o/patches/generated"
series "0001-touch.patch port"
expect_failure "new-files does not say which patch adds: tests/hello.h" make_series

# And the fake overlay itself makes a series: one port mail with the new file
# and the generated one.
echo "tests/hello.h 0001-touch.patch" >>"$o/patches/new-files"
make_series
mail=$(ls "$TMP/series-out/2-port"/*.patch)
grep -q '^Subject: \[PATCH\] Say hello in the README$' "$mail" || fail "fake series: subject: $(grep '^Subject' "$mail")"
grep -q '^+++ b/lib/pfmlib_new.c$' "$mail" || fail "fake series: the new file is not in its patch's mail"
grep -q '^+/\* generated from data \*/$' "$mail" || fail "fake series: the generated file is not in its patch's mail"
[ ! -d "$TMP/series-out/1-fix" ] || fail "fake series: an empty fix series was written"
# The added-content check on a real mail: clean, then a new file naming a
# script of ours is caught, with its path in the upstream tree.
[ -z "$(added_problems "$mail")" ] || fail "fake series: added-content check: $(added_problems "$mail")"
echo "/* regenerate with scripts/gen-x */" >>"$o/lib/pfmlib_new.c"
make_series
mail=$(ls "$TMP/series-out/2-port"/*.patch)
added_problems "$mail" | grep -qx 'lib/pfmlib_new.c: /\* regenerate with scripts/gen-x \*/' ||
	fail "fake series: a new file naming scripts/ not caught: $(added_problems "$mail")"
echo "/* new */" >"$o/lib/pfmlib_new.c"

# A patch that only adds new files (a preset section, say) is its description
# alone: its mail carries them. One that adds nothing either is refused.
echo "/* also new */" >"$o/lib/pfmlib_also.c"
printf 'Add a second new file\n\nIt is new too.\n' >"$o/patches/0003-only-new.patch"
series "0001-touch.patch port" "0003-only-new.patch port"
cp "$o/patches/new-files" "$TMP/new-files.before"
echo "lib/pfmlib_also.c 0003-only-new.patch" >>"$o/patches/new-files"
make_series
mail=$(ls "$TMP/series-out/2-port"/0002-*.patch)
grep -q '^Subject: \[PATCH 2/2\] Add a second new file$' "$mail" || fail "description-only patch: subject: $(grep '^Subject' "$mail")"
grep -q '^+++ b/lib/pfmlib_also.c$' "$mail" || fail "description-only patch: its new file is not in its mail"
rm "$o/lib/pfmlib_also.c"
cp "$TMP/new-files.before" "$o/patches/new-files"
expect_failure "patches/0003-only-new.patch changes nothing: no diff, and patches/new-files gives it no file" make_series
rm "$o/patches/0003-only-new.patch"

# On upstream's head (here the release again, as a directory): a fix that
# upstream has is left out there with its new file, a rebased patch is
# taken from patches/head/; the release takes both as they are.
mkdir -p "$TMP/headsrc"
tar -xf "$LIBPFM4_TARBALL" -C "$TMP/headsrc"
headsrc=$(ls -d "$TMP/headsrc"/*)
sed 's/^+hello$/+hello from the head/' "$o/patches/0001-touch.patch" >"$TMP/rebased"
mkdir -p "$o/patches/head"
{ printf 'Say hello in the README, on the head\n\n'; sed -n '/^--- /,$p' "$TMP/rebased"; } >"$o/patches/head/0001-touch.patch"
echo "/* fixed */" >"$o/lib/pfmlib_fixed.c"
{ printf 'Fix the README (upstream: abc1234)\n\n'; sed -n '/^--- /,$p' "$o/patches/0001-touch.patch" | sed 's/^+hello$/+fixed/'; } >"$o/patches/0002-fixed.patch"
echo "lib/pfmlib_fixed.c 0002-fixed.patch" >>"$o/patches/new-files"
series "0002-fixed.patch fix upstream:abc1234" "0001-touch.patch port rebased"
# 0001 and 0002 change the same line: on the release 0001 follows 0002's
# change, which its context does not have, so it must not apply there...
expect_failure "0001-touch.patch does not apply to libpfm4 " make_series
# ...and on the head, where 0002 is left out, it does.
"$TMP/top/scripts/make-series" --base=head libpfm4 "$headsrc" "$TMP/w" "$TMP/outh"
[ "$(ls "$TMP/outh")" = 2-port ] || fail "head series: $(ls "$TMP/outh" | tr '\n' ' '), expected 2-port only"
mail=$(ls "$TMP/outh/2-port"/*.patch)
grep -q '^Subject: \[PATCH\] Say hello in the README, on the head$' "$mail" || fail "head series: not the rebased patch: $(grep '^Subject' "$mail")"
grep -q '^+hello from the head$' "$mail" || fail "head series: not the rebased patch's change"
! grep -q 'pfmlib_fixed.c' "$mail" || fail "head series: the new file of a patch upstream has is in the series"
"$TMP/top/scripts/prepare-tree" libpfm4 "$headsrc" "$TMP/htree" --base=head
[ ! -e "$TMP/htree/lib/pfmlib_fixed.c" ] || fail "prepare-tree --base=head: the new file of a patch upstream has was added"
echo "ok"
