#!/bin/sh
# A record, not a tool: the one-off script of 2026-11-25 (paths of that machine)
# that made series/: our PAPI from fixes + port to the whole series, one start-up
# patch more per variant, cross-built as how-made.sh builds "ours", each run in the
# a72-1cpu guest (run-bench -c 3 -W 1 -n 3 -A 1 -s 1 -f 0.05).
# the start-up series patch by patch in the a72-1cpu guest (after a72-stock-vs-ours.sh)
set -eu
top=/work/wt-bench
W=$top/build/a72series
C=$top/build/a72cmp
S=$top/build/bench-startup/series/papi
PAPI_TAR=/work/main/cache/papi_7.2.0.orig.tar.gz
B=$top/benchmarks/src
mkdir -p $W
pfmst=$C/stage-ours/aarch64
conf() {
	(cd $W/papi/src && ./configure --with-perf-events --with-components= --with-shlib-tools '--with-tests=ctests comp_tests' \
		--with-pfm-incdir=$pfmst/usr/include --with-pfm-libdir=$pfmst/usr/lib "LDFLAGS=-Wl,-rpath-link,$pfmst/usr/lib " \
		--prefix=/usr --with-nativecc=gcc --with-ffsll --with-tls=__thread --with-walltimer=clock_realtime \
		--with-virtualtimer=clock_thread_cputime_id ac_cv_file_components_perf_event_uncore_papi_perf_event_uncore_presets_h=no \
		ac_cv_file_components_sysdetect_papi_sysdetect_presets_h=no --host=aarch64-linux-gnu --with-arch=aarch64 --with-CPU=arm \
		CC=aarch64-linux-gnu-gcc AR=aarch64-linux-gnu-ar F77=aarch64-linux-gnu-gfortran) >$W/conf.log 2>&1
}
run_variant() { # NAME
	st=$W/stage-$1/aarch64
	rm -rf $W/stage-$1
	mkdir -p $W/stage-$1
	cp -a $C/stage-ours/aarch64 $st
	rm -f $st/usr/lib/libpapi.so*
	cp -P $W/papi/src/libpapi.so* $st/usr/lib/
	bd=$st/usr/libexec/papi-riscv-arm/benchmarks
	cc="aarch64-linux-gnu-gcc -Wall -Wextra -O2 -I$W/papi/src -I$st/usr/include -L$st/usr/lib -Wl,-rpath-link,$st/usr/lib"
	$cc -o $bd/ovh_papi $B/ovh_main.c $B/side_papi.c $B/bench_common.c -lpapi -lpfm
	$cc -o $bd/gemm_papi $B/gemm_main.c $B/gemm_kernel.c $B/side_papi.c $B/bench_common.c -lpapi -lpfm
	GUEST_TESTS=bench GUEST_BENCH="-c 3 -W 1 -n 3 -A 1 -s 1 -f 0.05" GUEST_TIMEOUT=900 \
		$top/scripts/guest-run a72-1cpu $W/stage-$1 $top/cache $W/out-$1 >$W/guest-$1.log 2>&1 || echo "guest $1 failed"
	rm -rf $W/stage-$1
	echo "$1 done"
}
$top/scripts/series-tree papi $PAPI_TAR $W/papi $S/1-fix $S/2-port
conf
make -C $W/papi/src shared >$W/make.log 2>&1
run_variant 01-fix-port
n=1
for mail in $S/3-startup/*.patch; do
	n=$((n + 1))
	p=$(sed -n "$((n - 1))p" $W/../a72-startup-names)
	name=$(printf '%02d-%s' $n "$p")
	patch -d $W/papi -p1 --batch --forward --fuzz=0 -s <$mail
	if grep -Eq '^diff --git a/src/(configure|configure\.in|Makefile[^ ]*|.*Rules\.[^ /]*) ' $mail; then conf; fi
	make -C $W/papi/src shared >$W/make.log 2>&1
	run_variant $name
done
