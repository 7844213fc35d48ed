# Downloads from Debian's archive (sourced by guest-fetch and fetch-upstream).
#
# A suite of the archive can be broken for a while (a mirror half-synced: an index
# that does not match its Release file), gone (a suite renamed or archived) or
# past its Valid-Until (testing and unstable when a mirror lags). Every download
# the build makes therefore names an ordered list of suites and takes the first
# one that works. Signatures are always checked (scripts/private-apt).
#
# apt_try_suites WORKDIR TYPES ARCH SUITES LOG ACTION
#   ARCH may list several architectures, comma-separated (scripts/private-apt).
#   SUITES is comma-separated, in order of preference. For each suite: a private
#   apt configuration in WORKDIR/SUITE, "apt-get update", then ACTION (a shell
#   function run with APT_CONFIG exported and $apt_suite set; on failure it may
#   set $apt_why to say why). A suite whose Release file is past its Valid-Until
#   is updated again with that check off (the signature is still checked), and
#   the record says so. The first suite whose update and ACTION succeed
#   serves: its name is left in $apt_served. Every suite tried adds one line to
#   $apt_record, "tried SUITE: REASON" or "served SUITE[ (note)]", which the
#   callers keep with what they fetched. Returns 1 when no suite served.
#   apt's own output goes to LOG.

apt_try_suites() {
	_dir=$1 _types=$2 _arch=$3 _suites=$4 _log=$5 _action=$6
	apt_served= apt_record=
	for apt_suite in $(echo "$_suites" | tr ',' ' '); do
		apt_why= _note=
		echo "== Debian $apt_suite ($_types, $_arch)" >>"$_log"
		APT_CONFIG=$("$SCRIPTS_DIR/private-apt" "$_dir/$apt_suite" "$apt_suite" "$_types" "$_arch")
		export APT_CONFIG
		_rc=0
		apt-get -q update >"$_dir/update.log" 2>&1 || _rc=$?
		cat "$_dir/update.log" >>"$_log"
		if [ $_rc -ne 0 ] && grep -q '^E: Release file for .* is expired' "$_dir/update.log"; then
			# Stale but signed: what it lists was still Debian's. Say so.
			_note=$(sed -n 's/^E: Release file for .* is expired (\(invalid since [^)]*\)).*/Release \1, Valid-Until not checked/p' \
				"$_dir/update.log" | head -n 1)
			echo 'Acquire::Check-Valid-Until "false";' >>"$APT_CONFIG"
			_rc=0
			apt-get -q update >"$_dir/update.log" 2>&1 || _rc=$?
			cat "$_dir/update.log" >>"$_log"
		fi
		if [ $_rc -ne 0 ]; then
			apt_why="apt-get update: $(apt_first_error "$_dir/update.log")"
			apt_record="${apt_record}tried $apt_suite: $apt_why
"
			continue
		fi
		if "$_action" >>"$_log" 2>&1; then
			apt_served=$apt_suite
			apt_record="${apt_record}served $apt_suite${_note:+ ($_note)}
"
			return 0
		fi
		apt_record="${apt_record}tried $apt_suite: ${apt_why:-failed (log: $_log)}${_note:+ ($_note)}
"
	done
	return 1
}

# The first error apt printed, on one line (without "E: ", the mirror's address
# and apt's indented detail lines), or "failed" when it printed none.
apt_first_error() {
	sed -n 's/^E: //p' "$1" | head -n 1 | sed 's/ *\[IP: [^]]*\]//; s/  */ /g' | grep . || echo failed
}

# pool_download PATH SHA256 DEST LOG: the file at PATH in the archive's pool
# (DEBIAN_MIRROR, default deb.debian.org), which needs no suite's index; apt
# checks it against the pinned SHA256. Adds "served pool URL" or "tried pool URL:
# REASON" to $apt_record.
pool_download() {
	archive_file pool "${DEBIAN_MIRROR:-http://deb.debian.org/debian}/$1" "$2" "$3" "$4"
}

# snapshot_download PATH SHA256 DEST LOG TIMESTAMP: the file at PATH as the
# archive had it at TIMESTAMP, from snapshot.debian.org (DEBIAN_SNAPSHOT, default
# http://snapshot.debian.org/archive/debian), which keeps every file Debian ever
# published: the last source once no suite carries a pinned release any more.
# Records "served snapshot URL" or "tried snapshot URL: REASON".
snapshot_download() {
	archive_file snapshot "${DEBIAN_SNAPSHOT:-http://snapshot.debian.org/archive/debian}/$5/$1" "$2" "$3" "$4"
}

# archive_file KIND URL SHA256 DEST LOG: one download checked against SHA256.
archive_file() {
	echo "== $2" >>"$5"
	if /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file "$2" "$4" "SHA256:$3" \
		>"$4.log" 2>&1; then
		cat "$4.log" >>"$5"
		rm -f "$4.log"
		apt_record="${apt_record}served $1 $2
"
		return 0
	fi
	cat "$4.log" >>"$5"
	apt_record="${apt_record}tried $1 $2: $(apt_first_error "$4.log")
"
	rm -f "$4.log" "$4"
	return 1
}
