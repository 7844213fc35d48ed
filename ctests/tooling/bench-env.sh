# Sourced by the benchmark harness's tooling tests (test-bench-*.sh): the
# host build's programs and libraries, a scratch folder, fail().
set -eu
: "${BUILD_TOP:?set by make check}" "${BUILD_DIR:?set by make check}"
TOP_SRCDIR=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$BUILD_TOP/benchmarks
LD_LIBRARY_PATH=$(dirname "$(find "$BUILD_DIR/stage/host" -name 'libpapi.so' | head -n 1)")
export LD_LIBRARY_PATH BENCH_BIN=$BIN BENCH_DATA=$TOP_SRCDIR/benchmarks
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
