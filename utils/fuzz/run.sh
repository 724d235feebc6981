#!/usr/bin/env bash
#===- utils/fuzz/run.sh - build and run the nngraph fuzz targets -----------===//
#
# This file implements the fuzzing driver of nngraph (docs/Fuzzing.md):
#   1. configures (once) and builds the fuzz build directory with clang and
#      -DNNGRAPH_ENABLE_FUZZERS=ON (build-fuzz, or NNGRAPH_FUZZ_BUILD_DIR;
#      without the Python package, which an uninstrumented Python could not
#      load);
#   2. makes the seed corpora (utils/fuzz/make_corpus.sh);
#   3. runs each target (all, or the ones named) for --time seconds with its
#      dictionary (utils/fuzz/dicts), a per-input timeout and an RSS/malloc
#      limit, so that a hang or a huge allocation is a finding like a crash,
#      a leak or a sanitizer report;
#   4. prints per target the executions, coverage, peak RSS and time, and
#      exits non-zero if any target left a finding (crash-*, leak-*,
#      timeout-*, oom-* files) or failed otherwise. Findings and logs go to
#      the run folder it prints.
#
# Usage: run.sh [--time SECONDS] [--jobs N] [--no-build] [target...]
# Targets: nnvm-json nnvm-params lightnet xoc relayviz mlir-text
# Environment: NNGRAPH_FUZZ_BUILD_DIR, NNGRAPH_FUZZ_OUT (run folder),
#   NNGRAPH_FUZZ_TIMEOUT (s per input, default 10), NNGRAPH_FUZZ_RSS_MB
#   (default 2048), NNGRAPH_JOBS (build jobs).
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LLVM_MAJOR="$(tr -d '[:space:]' < "$ROOT/utils/llvm-version.txt")"
LLVM_PREFIX="/usr/lib/llvm-${LLVM_MAJOR}"
BUILD="${NNGRAPH_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
ALL_TARGETS=(nnvm-json nnvm-params lightnet xoc relayviz mlir-text)

TIME=60
JOBS=1
BUILD_IT=1
TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) TIME="$2"; shift 2 ;;
    --jobs) JOBS="$2"; shift 2 ;;
    --no-build) BUILD_IT=0; shift ;;
    -h|--help) sed -n '3,24p' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")
for t in "${TARGETS[@]}"; do
  case " ${ALL_TARGETS[*]} " in
    *" $t "*) ;;
    *) echo "run.sh: unknown target '$t' (known: ${ALL_TARGETS[*]})" >&2; exit 2 ;;
  esac
done

if [ "$BUILD_IT" = 1 ]; then
  if [ ! -f "$BUILD/build.ninja" ]; then
    cmake -G Ninja -S "$ROOT" -B "$BUILD" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER="/usr/bin/clang-${LLVM_MAJOR}" \
      -DCMAKE_CXX_COMPILER="/usr/bin/clang++-${LLVM_MAJOR}" \
      -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
      -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" \
      -DPython3_EXECUTABLE="$ROOT/.venv/bin/python" \
      -DNNGRAPH_ENABLE_FUZZERS=ON -DNNGRAPH_ENABLE_PYTHON=OFF
  fi
  ninja -C "$BUILD" ${NNGRAPH_JOBS:+-j "$NNGRAPH_JOBS"} nngraph-fuzzers
fi

RUN="${NNGRAPH_FUZZ_OUT:-$BUILD/fuzz-runs/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$RUN/logs" "$RUN/artifacts"
echo "fuzz run folder: $RUN"
rm -rf "$RUN/seeds"
bash "$ROOT/utils/fuzz/make_corpus.sh" "$RUN/seeds" "${TARGETS[@]}"

# Each target's working corpus (new inputs libFuzzer finds) persists in the
# build directory between runs, so that later runs start from what earlier
# ones reached.
CORPUS="$BUILD/fuzz-corpus"

run_one() {
  local t="$1" bin="$BUILD/bin/nngraph-fuzz-$1"
  local art="$RUN/artifacts/$t/" log="$RUN/logs/$t.log"
  mkdir -p "$art" "$CORPUS/$t"
  local t0=$SECONDS rc=0
  # ASan/UBSan reports abort the run (libFuzzer saves the input first).
  # (In a subshell, so that the shell's "Aborted" note goes to the log too.)
  (ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}" \
   UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    "$bin" -max_total_time="$TIME" -timeout="${NNGRAPH_FUZZ_TIMEOUT:-10}" \
      -rss_limit_mb="${NNGRAPH_FUZZ_RSS_MB:-2048}" \
      -dict="$ROOT/utils/fuzz/dicts/$t.dict" -artifact_prefix="$art" \
      -print_final_stats=1 -detect_leaks=1 \
      "$CORPUS/$t" "$RUN/seeds/$t") > "$log" 2>&1 || rc=$?
  echo "$rc $((SECONDS - t0))" > "$RUN/logs/$t.rc"
}

running=0
for t in "${TARGETS[@]}"; do
  echo "fuzzing $t for ${TIME}s (log $RUN/logs/$t.log)"
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

status=0
printf '%-12s %12s %9s %8s %8s %7s  %s\n' target execs exec/s cov ft time result
for t in "${TARGETS[@]}"; do
  log="$RUN/logs/$t.log"
  read -r rc secs < "$RUN/logs/$t.rc"
  execs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$' || true)
  speed=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$' || true)
  cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || true)
  ft=$(grep -Eo 'ft: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || true)
  findings=$(find "$RUN/artifacts/$t" -type f \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  result=ok
  if [ -n "$findings" ]; then
    result="FINDING: $(echo "$findings" | tr '\n' ' ')"
    status=1
  elif [ "$rc" != 0 ]; then
    result="FAILED (exit $rc, see $log)"
    status=1
  fi
  printf '%-12s %12s %9s %8s %8s %6ss  %s\n' "$t" "${execs:-?}" "${speed:-?}" \
    "${cov:-?}" "${ft:-?}" "$secs" "$result"
done
echo "fuzz run folder: $RUN"
exit "$status"
