#!/bin/sh
# scripts/install-deps with stand-ins for apt-get, apt-cache, uname and id:
# on an x86-64 host every package of scripts/deps.list is installed, in one
# apt-get install; on a board (riscv64) the cross and guest packages are left
# out; a package the archive lacks does not stop the others: it is named, and
# the script fails only if it is a needed one.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/bin"
# stand-ins: the machine from $MACHINE; apt-cache knows every package but
# those in $MISSING; apt-get records what it is asked to install
cat >"$TMP/bin/uname" <<'S'
#!/bin/sh
echo "$MACHINE"
S
cat >"$TMP/bin/id" <<'S'
#!/bin/sh
echo 0
S
cat >"$TMP/bin/apt-cache" <<'S'
#!/bin/sh
case " $MISSING " in
*" $2 "*) printf '%s:\n  Installed: (none)\n  Candidate: (none)\n' "$2" ;;
*) printf '%s:\n  Installed: (none)\n  Candidate: 1.0-1\n' "$2" ;;
esac
S
cat >"$TMP/bin/apt-get" <<'S'
#!/bin/sh
[ "$1" = update ] && exit 0
shift 4 # install -y -q --no-install-recommends
echo "$@" >>"$TMP_LOG"
S
chmod +x "$TMP/bin/"*

# deps KIND...: the packages of deps.list of those kinds
deps() {
	for k in "$@"; do
		awk -v k="$k" '!/^#/ && $1 == k { print $3 }' "$SCRIPTS/deps.list"
	done | sort -u
}

# run MACHINE MISSING: exit status in $rc, output in $TMP/out, packages in $TMP/installed
run() {
	rm -f "$TMP/apt.log"
	rc=0
	PATH=$TMP/bin:$PATH MACHINE=$1 MISSING=$2 TMP_LOG=$TMP/apt.log \
		sh "$SCRIPTS/install-deps" >"$TMP/out" 2>&1 || rc=$?
	cat "$TMP/out"
	[ "$(wc -l <"$TMP/apt.log")" -eq 1 ] || fail "not one apt-get install: $(cat "$TMP/apt.log")"
	tr ' ' '\n' <"$TMP/apt.log" | grep -v '^$' | sort -u >"$TMP/installed"
}

run x86_64 ""
[ $rc -eq 0 ] || fail "x86_64, all available: exit $rc"
deps prog pkg header cross guest opt fuzz debs | diff - "$TMP/installed" ||
	fail "x86_64: not every package of deps.list installed"

run riscv64 "valgrind libclang-rt-14-dev"
[ $rc -eq 0 ] || fail "riscv64, optional ones missing: exit $rc"
deps prog pkg header opt fuzz | grep -vx -e valgrind -e libclang-rt-14-dev | diff - "$TMP/installed" ||
	fail "riscv64: not what a board needs (cross and guest packages left out, missing ones not asked)"
for p in valgrind libclang-rt-14-dev; do
	grep -q "not available here: $p (optional" "$TMP/out" || fail "the missing optional $p is not named"
done

run aarch64 "gfortran"
[ $rc -eq 1 ] || fail "a needed package missing must fail the script, exit $rc"
grep -q 'not available here: gfortran (needed' "$TMP/out" || fail "the missing needed package is not named"
grep -q 'make' "$TMP/installed" && ! grep -qx gfortran "$TMP/installed" ||
	fail "the others must still be installed, without the missing one"
echo "install-deps: all packages on x86-64, a board's only, missing ones named, the others installed"
