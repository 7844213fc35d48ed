#!/bin/sh
# configure stops with one line naming the missing cross compiler and its Debian
# package. The compiler is hidden by a PATH of links to everything else.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/bin"
for d in /usr/local/bin /usr/bin /bin; do
	for f in "$d"/*; do
		n=${f##*/}
		[ -e "$TMP/bin/$n" ] || ln -s "$f" "$TMP/bin/$n"
	done
done
rm -f "$TMP/bin/riscv64-linux-gnu-gcc"
[ -x "$TOP_SRCDIR/configure" ] || fail "run autoreconf first: no configure script"
# A copy of the source tree as it is before ./configure.
mkdir "$TMP/src"
tar -C "$TOP_SRCDIR" --exclude=./build --exclude=./cache --exclude=./config.status \
	--exclude=./config.log --exclude=./.git -cf - . | tar -C "$TMP/src" -xf -
cd "$TMP/src"
expect_failure "^configure: error: riscv64-linux-gnu-gcc not found: install the Debian package gcc-riscv64-linux-gnu " \
	env PATH="$TMP/bin" ./configure --with-cross-targets=riscv64
echo "ok"
