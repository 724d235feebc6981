#!/usr/bin/env bash
#===- utils/ci/sanitizers.sh - the lit suite under ASan + UBSan ------------===//
#
# This file implements the sanitizer stage of CI: it configures (once) and
# builds build-asan (NNGRAPH_ASAN_BUILD_DIR overrides) with clang and
# -DNNGRAPH_ENABLE_SANITIZERS=ON (-fsanitize=address,undefined
# -fno-sanitize-recover=all; no Python package: an uninstrumented Python
# cannot load an instrumented extension), then runs the whole lit suite against it.
# lit's site config names the build directory, so `lit build-asan/test` runs
# the instrumented tools. Any report fails the stage twice over: the
# sanitizers abort the process (abort_on_error, so that even `not tool ...`
# sees a crash), and every report is also written under the log folder,
# which must stay empty. Leaks are checked (LeakSanitizer); the suppression
# file utils/ci/lsan.supp lists only leaks of LLVM/MLIR's own globals.
#
# Usage: sanitizers.sh [extra lit arguments]
# Environment: NNGRAPH_ASAN_BUILD_DIR, NNGRAPH_JOBS (build jobs).
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LLVM_MAJOR="$(tr -d '[:space:]' < "$ROOT/utils/llvm-version.txt")"
LLVM_PREFIX="/usr/lib/llvm-${LLVM_MAJOR}"
BUILD="${NNGRAPH_ASAN_BUILD_DIR:-$ROOT/build-asan}"

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="/usr/bin/clang-${LLVM_MAJOR}" \
    -DCMAKE_CXX_COMPILER="/usr/bin/clang++-${LLVM_MAJOR}" \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" \
    -DPython3_EXECUTABLE="$ROOT/.venv/bin/python" \
    -DNNGRAPH_ENABLE_SANITIZERS=ON \
    -DNNGRAPH_ENABLE_PYTHON=OFF
fi
ninja -C "$BUILD" ${NNGRAPH_JOBS:+-j "$NNGRAPH_JOBS"} \
  nngraph-opt nngraph-translate nngraph-run nngraph-compile nngraph_runtime \
  nngraph_aot_runtime

REPORTS="$BUILD/sanitizer-reports"
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
export ASAN_SYMBOLIZER_PATH="$LLVM_PREFIX/bin/llvm-symbolizer"
export ASAN_OPTIONS="abort_on_error=1:halt_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:log_path=$REPORTS/asan"
export UBSAN_OPTIONS="abort_on_error=1:halt_on_error=1:print_stacktrace=1:log_path=$REPORTS/ubsan"
export LSAN_OPTIONS="suppressions=$ROOT/utils/ci/lsan.supp:print_suppressions=0"

# Tests that cannot run under the sanitizers, each with its reason; lit
# leaves them out with --filter-out and they are listed here.
EXCLUDE=(
  "Tools/nngraph-lsp-server|upstream MLIR's language server (MlirLspServerMain), not built here: nngraph adds only the dialect registration, whose parsing and verifiers every other test runs under the sanitizers"
)
FILTER_OUT=""
for entry in "${EXCLUDE[@]}"; do
  pattern="${entry%%|*}"
  echo "sanitizers: not run: $pattern: ${entry#*|}"
  FILTER_OUT="${FILTER_OUT:+$FILTER_OUT|}$pattern"
done

log="$BUILD/check-nngraph-asan.log"
set +e
"$LLVM_PREFIX/bin/lit" -sv --show-unsupported ${FILTER_OUT:+--filter-out "$FILTER_OUT"} \
  "$@" "$BUILD/test" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
nreports=$(find "$REPORTS" -type f | wc -l)
if [ "$nreports" -ne 0 ]; then
  echo "sanitizers: $nreports report(s) in $REPORTS:"
  for f in "$REPORTS"/*; do
    echo "--- $f"
    head -60 "$f"
  done
  rc=1
fi
passed=$(grep -Eo '^ *Passed *: *[0-9]+' "$log" | grep -Eo '[0-9]+' || echo 0)
failed=$(grep -Eo '^ *Failed *: *[0-9]+' "$log" | grep -Eo '[0-9]+' || echo 0)
echo "sanitizers: ${passed:-0} passed, ${failed:-0} failed, $nreports sanitizer reports"
exit "$rc"
