#!/bin/sh
# A record, not a tool: the one-off script that made this folder on
# 2026-11-25 (paths of that machine; run from a checkout configured with
# --with-cross-targets=none, after scripts/bench-startup had written the
# series' mails to build/bench-startup/series). Stock PAPI 7.2.0 + libpfm4
# 4.13.0+git106 and our whole series, each cross-built for aarch64 with the
# build's cross configure arguments (Makefile.am papi_conf_aarch64), staged
# alone and run in the a72-1cpu guest (GUEST_TESTS=bench).
set -eu
top=/work/wt-bench
W=$top/build/a72cmp
S=$top/build/bench-startup/series
PAPI_TAR=/work/main/cache/papi_7.2.0.orig.tar.gz
PFM_TAR=/work/main/cache/libpfm4_4.13.0+git106-g3e4031b.orig.tar.xz
opts=$(cat $top/build/libpfm4.options)
B=$top/benchmarks/src
mkdir -p $W
for v in stock ours; do
	st=$W/stage-$v/aarch64
	rm -rf $W/stage-$v $W/pfm-$v $W/papi-$v
	if [ $v = stock ]; then
		$top/scripts/series-tree libpfm4 $PFM_TAR $W/pfm-$v
		$top/scripts/series-tree papi $PAPI_TAR $W/papi-$v
	else
		$top/scripts/series-tree libpfm4 $PFM_TAR $W/pfm-$v $S/libpfm4/*
		$top/scripts/series-tree papi $PAPI_TAR $W/papi-$v $S/papi/*
	fi
	make -C $W/pfm-$v -j2 $opts LDCONFIG=true CC=aarch64-linux-gnu-gcc ARCH=aarch64 PREFIX=/usr
	make -C $W/pfm-$v $opts LDCONFIG=true CC=aarch64-linux-gnu-gcc ARCH=aarch64 PREFIX=/usr install install_examples DESTDIR=$st
	(cd $W/papi-$v/src && ./configure --with-perf-events --with-components= --with-shlib-tools '--with-tests=ctests comp_tests' \
		--with-pfm-incdir=$st/usr/include --with-pfm-libdir=$st/usr/lib "LDFLAGS=-Wl,-rpath-link,$st/usr/lib " \
		--prefix=/usr --with-nativecc=gcc --with-ffsll --with-tls=__thread --with-walltimer=clock_realtime \
		--with-virtualtimer=clock_thread_cputime_id ac_cv_file_components_perf_event_uncore_papi_perf_event_uncore_presets_h=no \
		ac_cv_file_components_sysdetect_papi_sysdetect_presets_h=no --host=aarch64-linux-gnu --with-arch=aarch64 --with-CPU=arm \
		CC=aarch64-linux-gnu-gcc AR=aarch64-linux-gnu-ar F77=aarch64-linux-gnu-gfortran)
	make -C $W/papi-$v/src -j2 utils
	cp -P $W/papi-$v/src/libpapi.so* $st/usr/lib/
	mkdir -p $st/usr/bin
	cp $W/papi-$v/src/utils/papi_avail $st/usr/bin/
	cp $W/papi-$v/src/papi.h $W/papi-$v/src/papiStdEventDefs.h $st/usr/include/ 2>/dev/null || true
	bd=$st/usr/libexec/papi-riscv-arm/benchmarks
	mkdir -p $bd/events
	cc="aarch64-linux-gnu-gcc -Wall -Wextra -O2 -I$W/papi-$v/src -I$st/usr/include -L$st/usr/lib -Wl,-rpath-link,$st/usr/lib"
	$cc -o $bd/ovh_perf $B/ovh_main.c $B/side_perf.c $B/bench_common.c
	$cc -o $bd/gemm_perf $B/gemm_main.c $B/gemm_kernel.c $B/side_perf.c $B/bench_common.c
	$cc -o $bd/bench_encode $B/bench_encode.c $B/bench_common.c -lpfm
	$cc -o $bd/bench_report $B/bench_report.c $B/bench_stats.c -lm
	$cc -o $bd/ovh_papi $B/ovh_main.c $B/side_papi.c $B/bench_common.c -lpapi -lpfm
	$cc -o $bd/gemm_papi $B/gemm_main.c $B/gemm_kernel.c $B/side_papi.c $B/bench_common.c -lpapi -lpfm
	cp $top/benchmarks/run-bench $top/benchmarks/report.sh $top/benchmarks/plot.gp $bd/
	cp $top/benchmarks/events/*.conf $bd/events/
	rm -rf $st/usr/share/man
done
for v in stock ours; do
	GUEST_TESTS=bench GUEST_BENCH="${A72_BENCH:--c 5 -W 2 -n 5 -A 1 -s 1 -f 0.05}" GUEST_TIMEOUT=1500 \
		$top/scripts/guest-run a72-1cpu $W/stage-$v $top/cache $W/out-$v || echo "guest $v failed"
done
