#!/usr/bin/env bash
#===- utils/quickstart.sh - set up, build and run the example -------------===//
#
# One command for a fresh machine: installs what is missing (utils/setup.sh),
# builds the tools (utils/build.sh), then runs the main job on the bundled
# example model: shape inference and canonicalization of examples/lenet.mlir.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/utils/setup.sh"
bash "$ROOT/utils/build.sh"
echo "quickstart: nngraph-opt examples/lenet.mlir --nngraph-infer-shapes --canonicalize"
"$ROOT/build/bin/nngraph-opt" "$ROOT/examples/lenet.mlir" \
  --nngraph-infer-shapes --canonicalize
