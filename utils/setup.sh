#!/usr/bin/env bash
#===- utils/setup.sh - install what nngraph needs -------------------------===//
#
# Installs every missing dependency on a fresh Debian 12 machine: the
# LLVM/MLIR 22 packages and LLVM's OpenMP runtime, Ninja and CMake from apt,
# and a project-local Python virtual environment (.venv) for the test
# helpers and the Python package (nanobind, scikit-build-core, pytest).
# Idempotent: when everything is present it only checks and returns within
# seconds.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_MAJOR="$(tr -d '[:space:]' < "$ROOT/utils/llvm-version.txt")"

APT_PACKAGES=(
  "libmlir-${LLVM_MAJOR}-dev" "mlir-${LLVM_MAJOR}-tools"
  "llvm-${LLVM_MAJOR}-dev" "llvm-${LLVM_MAJOR}-tools"
  "clang-format-${LLVM_MAJOR}"
  # The OpenMP runtime (libomp) that models compiled with threads call
  # (Debian 12: from bookworm-security).
  "libomp-${LLVM_MAJOR}-dev"
  # clang-tidy on the files a change touches (utils/ci/tidy.sh, .clang-tidy).
  "clang-tidy-${LLVM_MAJOR}"
  # clang with libFuzzer and the ASan/UBSan runtimes: the fuzz targets and the
  # sanitizer build of the lit suite (utils/fuzz, utils/ci/sanitizers.sh).
  "clang-${LLVM_MAJOR}" "libclang-rt-${LLVM_MAJOR}-dev"
  ninja-build cmake g++ python3-venv
  graphviz  # `dot` checks that --export-dot writes valid Graphviz
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: apt packages present"
fi

# Project-local virtual environment for the Python test helpers. The stamp
# holds a hash of the requirements so that a changed list reinstalls.
VENV="$ROOT/.venv"
REQ="$ROOT/utils/requirements-test.txt"
PY="${NNGRAPH_PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
  echo "setup: creating $VENV"
  "$PY" -m venv "$VENV"
fi
want="$(sha256sum "$REQ" | cut -d' ' -f1)"
have="$(cat "$VENV/.requirements.sha256" 2>/dev/null || true)"
if [ "$want" != "$have" ]; then
  echo "setup: installing Python test requirements"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$REQ"
  echo "$want" > "$VENV/.requirements.sha256"
else
  echo "setup: Python test environment up to date"
fi
