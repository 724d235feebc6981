#!/usr/bin/env bash
#===- utils/build.sh - configure and build nngraph ------------------------===//
#
# Configures build/ with Ninja against the LLVM/MLIR packages (once) and builds
# every tool into build/bin. NNGRAPH_BUILD_DIR and NNGRAPH_JOBS override the
# defaults.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_MAJOR="$(tr -d '[:space:]' < "$ROOT/utils/llvm-version.txt")"
LLVM_PREFIX="/usr/lib/llvm-${LLVM_MAJOR}"
BUILD="${NNGRAPH_BUILD_DIR:-$ROOT/build}"

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE="${NNGRAPH_BUILD_TYPE:-Release}" \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" \
    -DPython3_EXECUTABLE="$ROOT/.venv/bin/python"
fi
ninja -C "$BUILD" ${NNGRAPH_JOBS:+-j "$NNGRAPH_JOBS"} "$@"
