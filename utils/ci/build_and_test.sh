#!/usr/bin/env bash
#===- utils/ci/build_and_test.sh - the README's test command --------------===//
#
# Sets up a fresh machine, builds nngraph, and runs every test suite (also
# under ASan + UBSan) and the fuzz targets, printing the time each stage
# takes so that growth is visible. Exits non-zero on the
# first failing stage. `.ci/run` calls exactly this script.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
LLVM_MAJOR="$(tr -d '[:space:]' < utils/llvm-version.txt)"
BUILD="${NNGRAPH_BUILD_DIR:-$ROOT/build}"

declare -a TIMES=()
stage() {
  local name="$1"; shift
  local t0=$SECONDS
  echo "=== [$name] $*"
  "$@"
  TIMES+=("$(printf '%-14s %5ds' "$name" $((SECONDS - t0)))")
  echo "=== [$name] done in $((SECONDS - t0))s"
}

format_check() {
  local cf="/usr/lib/llvm-${LLVM_MAJOR}/bin/clang-format"
  git ls-files '*.cpp' '*.h' '*.c' | xargs -r "$cf" --dry-run -Werror
}

lit_suite() {
  local log="$BUILD/check-nngraph.log"
  set +e
  "/usr/lib/llvm-${LLVM_MAJOR}/bin/lit" -sv --show-unsupported "$BUILD/test" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  set -e
  local passed failed unsup
  passed=$(grep -Eo '^ *Passed *: *[0-9]+' "$log" | grep -Eo '[0-9]+' || echo 0)
  failed=$(grep -Eo '^ *Failed *: *[0-9]+' "$log" | grep -Eo '[0-9]+' || echo 0)
  unsup=$(grep -Eo '^ *Unsupported *: *[0-9]+' "$log" | grep -Eo '[0-9]+' || echo 0)
  echo "check-nngraph: ${passed:-0} passed, ${failed:-0} failed, ${unsup:-0} skipped"
  return "$rc"
}

python_suite() {
  PYTHONPATH="$BUILD/python_packages" "$ROOT/.venv/bin/python" -m pytest -q -rs \
    -p no:cacheprovider "$ROOT/python/tests"
}

stage setup bash utils/setup.sh
stage build bash utils/build.sh
stage docs ninja -C "$BUILD" mlir-doc
stage format format_check
stage tidy bash utils/ci/tidy.sh
stage check-nngraph lit_suite
stage pytest python_suite
# One clang tree with ASan + UBSan + libFuzzer's coverage (build-fuzz)
# serves both sanitizer stages: every fuzz target for 50 s (two at a
# time; any finding fails CI), then the whole lit suite on the same tree's
# tools, with zero reports allowed.
stage fuzz bash utils/fuzz/run.sh --time "${NNGRAPH_CI_FUZZ_TIME:-50}" --jobs 2
stage sanitizers env NNGRAPH_ASAN_BUILD_DIR="$ROOT/build-fuzz" \
  bash utils/ci/sanitizers.sh

echo "=== stage times"
printf '  %s\n' "${TIMES[@]}"
