# How this project's change is laid onto an upstream tree (sourced, not run):
# the steps scripts/prepare-tree (the build) and scripts/make-series (the
# series sent upstream) share. Needs common.sh.
#
# An overlay (libpfm4-pmus/, papi-components/) holds
#   - new files, at the paths they take in the upstream tree;
#   - patches/series: the registration patches in the order they apply, each
#     with its class (SERIES_CLASSES, in that order) and what becomes of it
#     on upstream's head (series_entries);
#   - patches/head/PATCH: PATCH as upstream's head takes it, where upstream
#     changed the code it touches since the release (its series line says
#     "rebased");
#   - patches/generated (optional): new files made at build time, each with
#     the command in scripts/ that prints it (run there), e.g. test entries
#     generated from reference data rather than written by hand;
#   - patches/new-files: which patch of the series adds each new file,
#     generated ones included (for PAPI also each preset section,
#     presets/NAME.csv, which is appended to src/papi_events.csv, and each
#     metric group file, metrics/NAME.csv, copied to src/utils/metrics/).

# The classes, in the order their series are applied: what upstream's head
# already has that the port needs on the release (applied there only, never
# sent), stand-alone bug fixes, the port (RISC-V and Arm support), then the
# start-up and read-cost optimisations, which build on the port. Each has its
# output directory in make-series (series_dir).
SERIES_CLASSES="backport fix port startup"

# The bases a series applies to: the pinned release of scripts/upstream.list
# (what the build uses), and upstream's head (what maintainers take; a
# snapshot, UPSTREAM_HEAD, docs/upstreaming.md).
SERIES_BASES="release head"

# series_dir CLASS: make-series' directory of that class's mails.
series_dir() {
	case $1 in
	backport) echo 0-backport ;;
	fix) echo 1-fix ;;
	port) echo 2-port ;;
	startup) echo 3-startup ;;
	*) die "no class '$1'" ;;
	esac
}

# base_label PROJECT BASE: how messages name the base.
base_label() {
	case $2 in
	release) echo "$1 $(upstream_field "$1" version)" ;;
	head) echo "$1 at upstream's head" ;;
	*) die "no base '$2' (bases: $SERIES_BASES)" ;;
	esac
}

# overlay_new_files OVERLAY: the new files, as paths in the upstream tree.
overlay_new_files() {
	(cd "$1" && find . -type f ! -path './patches/*' ! -name README.md | sed 's|^\./||' | sort)
}

# The copyright holder of the new files: their copyright line (and any patch
# line that carries it, apply_series_patch) says @COPYRIGHT_HOLDER@, which
# becomes COPYRIGHT_HOLDER ("Name <mail>" or "Name"; configure
# --with-copyright-holder, exported by the Makefile) when the file is copied
# into a tree, so that the build's tree and the mails say the same. Without
# one, trees and mails say COPYRIGHT_HOLDER_DEFAULT; make submissions
# requires a real holder.
COPYRIGHT_HOLDER_DEFAULT="The libpfm4 RISC-V and Arm port contributors"

# overlay_substitute: copies standard input to standard output with
# @COPYRIGHT_HOLDER@ replaced by the holder.
overlay_substitute() {
	_holder=$(printf '%s' "${COPYRIGHT_HOLDER:-$COPYRIGHT_HOLDER_DEFAULT}" | sed 's/[\\&|]/\\&/g')
	sed "s|@COPYRIGHT_HOLDER@|$_holder|g"
}

# overlay_add_file OVERLAY FILE DEST: copies a new file into the tree DEST
# (its copyright holder substituted: overlay_substitute); it may not replace
# an upstream file.
overlay_add_file() {
	if [ -e "$3/$2" ]; then
		die "${1##*/}/$2 would replace an upstream file: change upstream files with a patch in ${1##*/}/patches/"
	fi
	mkdir -p "$3/$(dirname "$2")"
	cp "$1/$2" "$3/$2" # its mode
	overlay_substitute <"$1/$2" >"$3/$2"
}

# overlay_generated OVERLAY: the generated files, as paths in the upstream tree.
overlay_generated() {
	[ -f "$1/patches/generated" ] || return 0
	awk '!/^#/ && NF { print $1 }' "$1/patches/generated"
}

# overlay_generate_file OVERLAY FILE DEST: writes the generated FILE into the
# tree DEST with its command from patches/generated; it may not replace an
# upstream file either.
overlay_generate_file() {
	[ ! -e "$3/$2" ] ||
		die "${1##*/}/patches/generated: $2 would replace an upstream file"
	_cmd=$(awk -v f="$2" '!/^#/ && $1 == f { $1 = ""; sub(/^[ \t]+/, ""); print; exit }' "$1/patches/generated")
	[ -n "$_cmd" ] || die "${1##*/}/patches/generated has no command for $2"
	mkdir -p "$3/$(dirname "$2")"
	# shellcheck disable=SC2086 # the command's words, as written
	(cd "$SCRIPTS_DIR" && ./$_cmd) >"$3/$2" ||
		die "${1##*/}/patches/generated: '$_cmd' failed for $2"
}

# overlay_add_new OVERLAY FILE DEST: adds one new file of patches/new-files
# to the tree DEST, however it comes: a preset section (presets/NAME.csv) is
# appended, a metric group file (metrics/NAME.csv) copied beside papi_metrics
# (src/utils/metrics/), a generated file generated, any other copied.
overlay_add_new() {
	case $2 in
	presets/*.csv) overlay_add_preset "$TOP_SRCDIR/$2" "$3" ;;
	metrics/*.csv) overlay_add_file "$TOP_SRCDIR" "$2" "$3/src/utils" ;;
	*) if overlay_generated "$1" | grep -qx "$2"; then
		overlay_generate_file "$1" "$2" "$3"
	else
		overlay_add_file "$1" "$2" "$3"
	fi ;;
	esac
}

# overlay_add_preset CSV DEST: appends a preset section (presets/NAME.csv) to
# PAPI's table in the tree DEST, under the line "# Preset section NAME" (which
# ships: it names no file of ours; scripts/preset-table finds PAPI's own part
# of the table as what precedes the first such line).
overlay_add_preset() {
	_name=${1##*/}
	{
		echo "#"
		echo "# Preset section ${_name%.csv}"
		echo "#"
		cat "$1"
	} >>"$2/src/papi_events.csv"
}

# series_entries OVERLAY [BASE]: "PATCH CLASS FILE" for each patch of
# patches/series that applies on BASE (release, the default, or head), FILE
# being the patch file to apply there, relative to patches/. Each series line
# is "PATCH CLASS [HEAD]", HEAD saying what upstream's head takes:
#   same             the same patch (the default);
#   rebased          patches/head/PATCH instead;
#   upstream:COMMIT  nothing: upstream has it since COMMIT, which the patch's
#                    description names (required of every backport).
# Checked: every patch exists, has a known class and HEAD, the classes come
# in order, and every patches/head/ file is some line's rebased patch.
series_entries() {
	[ -f "$1/patches/series" ] || return 0
	_o=${1##*/} _base=${2:-release} _rank=0 _last=
	case " $SERIES_BASES " in *" $_base "*) ;; *) die "no base '$_base' (bases: $SERIES_BASES)" ;; esac
	_lines=$(grep -v -e '^#' -e '^[[:space:]]*$' "$1/patches/series" || true)
	while read -r _p _class _head _rest; do
		[ -n "$_p" ] || continue
		[ -f "$1/patches/$_p" ] || die "$_o/patches/series names $_p, which does not exist"
		[ -z "$_rest" ] || die "$_o/patches/series: '$_p $_class $_head $_rest': one patch, its class and what the head takes per line"
		_r=0 _i=0
		for _c in $SERIES_CLASSES; do
			_i=$((_i + 1))
			[ "$_c" != "$_class" ] || _r=$_i
		done
		[ "$_r" -gt 0 ] || die "$_o/patches/series: $_p has class '$_class', not one of: $SERIES_CLASSES"
		[ "$_r" -ge "$_rank" ] ||
			die "$_o/patches/series: $_p ($_class) comes after a $_last patch; the classes go in the order $SERIES_CLASSES"
		_rank=$_r _last=$_class
		_file=$_p
		case ${_head:-same} in
		same) ;;
		rebased)
			[ -f "$1/patches/head/$_p" ] ||
				die "$_o/patches/series: $_p is rebased for upstream's head, but patches/head/$_p does not exist"
			[ "$_base" = release ] || _file=head/$_p ;;
		upstream:?*)
			patch_description "$1/patches/$_p" | grep -q -- "${_head#upstream:}" ||
				die "$_o/patches/$_p: upstream's head has it since ${_head#upstream:}, which its description does not name"
			[ "$_base" = release ] || continue ;;
		*) die "$_o/patches/series: $_p: '$_head' is not what upstream's head takes (same, rebased or upstream:COMMIT)" ;;
		esac
		if [ "$_class" = backport ]; then
			case ${_head:-} in
			upstream:?*) ;;
			*) die "$_o/patches/series: backport $_p must name the upstream commit it comes from (upstream:COMMIT)" ;;
			esac
		fi
		echo "$_p $_class $_file"
	done <<EOF
$_lines
EOF
	[ -d "$1/patches/head" ] || return 0
	for _f in "$1/patches/head"/*; do
		[ -e "$_f" ] || continue
		_f=${_f##*/}
		echo "$_lines" | awk -v p="$_f" '$1 == p && $3 == "rebased" { found = 1 } END { exit !found }' ||
			die "$_o/patches/head/$_f is no rebased patch of patches/series"
	done
}

# A submission's definition (OVERLAY/patches/submissions/NN-topic, read by
# make-submissions, patch-table and bench-startup): header lines, a blank
# line, then its text.
# submission_field FILE FIELD: a header line's value.
submission_field() {
	sed -n "/^\$/q; s/^$2: *//p" "$1"
}
# submission_patches FILE: the patches of its Patches: block, in order.
submission_patches() {
	awk '/^$/ { exit } /^Patches:/ { p = 1; next } p && /^[ \t]/ { print $1; next } { p = 0 }' "$1"
}
# submission_text FILE: what follows the header.
submission_text() {
	sed '1,/^$/d' "$1"
}

# am_checked GITDIR MAIL...: git am the mails onto GITDIR's branch as
# upstream's maintainers apply them, but refusing what git am only warns
# about by default: whitespace errors in the lines a mail adds (trailing
# whitespace, a space before a tab in the indent, blank lines added at the
# end of a file).
am_checked() {
	_am_dir=$1
	shift
	git -C "$_am_dir" am -q --keep-cr --whitespace=error "$@"
}

# patch_description PATCHFILE: its description, what comes before the diff
# (the first line is the subject).
patch_description() {
	sed -n '/^\(--- \|diff \|Index: \)/q;p' "$1"
}

# patch_has_diff PATCHFILE: whether it changes upstream files. A patch that
# only adds what patches/new-files gives it (a preset section, say) is its
# description alone.
patch_has_diff() {
	grep -q '^\(--- \|diff \|Index: \)' "$1"
}

# apply_series_patch OVERLAY FILE DEST PROJECT [BASE]: applies one patch of
# the series (FILE, relative to patches/; its copyright holder substituted,
# overlay_substitute) to the tree DEST, exactly (no fuzz), or stops everything; a patch without a diff applies as nothing.
apply_series_patch() {
	patch_has_diff "$1/patches/$2" || return 0
	if ! _out=$(overlay_substitute <"$1/patches/$2" |
		patch -d "$3" -p1 --batch --forward --fuzz=0 --no-backup-if-mismatch 2>&1); then
		echo "$_out" | sed 's/^/    /' >&2
		die "${1##*/}/patches/$2 does not apply to $(base_label "$4" "${5:-release}")"
	fi
}

# new_files_of OVERLAY PATCH: the new files (and preset sections) that
# patches/new-files gives to PATCH, in name order: the order in which
# prepare-tree appends the preset sections (presets/*.csv).
new_files_of() {
	awk -v p="$2" '!/^#/ && NF && $2 == p { print $1 }' "$1/patches/new-files" | sort
}

# check_new_files OVERLAY PROJECT: patches/new-files gives each new file (and,
# for PAPI, each preset section and metric group file) to exactly one patch of the series, and names
# nothing else; a patch without a diff has new files.
check_new_files() {
	_o=${1##*/}
	[ -f "$1/patches/new-files" ] || die "$_o/patches/new-files is missing: it says which patch adds each new file"
	{
		overlay_new_files "$1"
		overlay_generated "$1"
		if [ "$2" = papi ]; then
			(cd "$TOP_SRCDIR" && ls presets/*.csv metrics/*.csv 2>/dev/null) || true
		fi
	} | sort >"${TMPDIR:-/tmp}/overlay-files.$$"
	awk '!/^#/ && NF { print $1 }' "$1/patches/new-files" | sort >"${TMPDIR:-/tmp}/listed-files.$$"
	_dups=$(uniq -d "${TMPDIR:-/tmp}/listed-files.$$" | tr '\n' ' ')
	_missing=$(comm -23 "${TMPDIR:-/tmp}/overlay-files.$$" "${TMPDIR:-/tmp}/listed-files.$$" | tr '\n' ' ')
	_extra=$(comm -13 "${TMPDIR:-/tmp}/overlay-files.$$" "${TMPDIR:-/tmp}/listed-files.$$" | sort -u | tr '\n' ' ')
	rm -f "${TMPDIR:-/tmp}/overlay-files.$$" "${TMPDIR:-/tmp}/listed-files.$$"
	[ -z "$_dups" ] || die "$_o/patches/new-files lists more than once: $_dups"
	[ -z "$_missing" ] || die "$_o/patches/new-files does not say which patch adds: $_missing"
	[ -z "$_extra" ] || die "$_o/patches/new-files lists what $_o does not have: $_extra"
	_patches=$(series_entries "$1") || exit 1
	for _p in $(awk '!/^#/ && NF { print $2 }' "$1/patches/new-files" | sort -u); do
		echo "$_patches" | cut -d' ' -f1 | grep -qx "$_p" ||
			die "$_o/patches/new-files gives files to $_p, which is not in patches/series"
	done
	for _p in $(echo "$_patches" | cut -d' ' -f1); do
		patch_has_diff "$1/patches/$_p" || [ -n "$(new_files_of "$1" "$_p")" ] ||
			die "$_o/patches/$_p changes nothing: no diff, and patches/new-files gives it no file"
	done
}
