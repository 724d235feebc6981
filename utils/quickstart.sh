#!/usr/bin/env bash
#===- utils/quickstart.sh - set up, build and run the example -------------===//
#
# One command for a fresh machine: installs what is missing (utils/setup.sh),
# builds the tools (utils/build.sh), then runs the main job on the bundled
# example model: ResNet-18 from MXNet symbol JSON with a .params file,
# compiled for the CPU and run by nngraph-run, which prints the top-5 classes
# and the compile and run times.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/utils/setup.sh"
bash "$ROOT/utils/build.sh"
# The main job: ResNet-18 (MXNet symbol JSON) with weights in an MXNet
# .params file, compiled for the CPU and run on an input image.
"$ROOT/.venv/bin/python" "$ROOT/examples/resnet18/make_inputs.py" \
  "$ROOT/build/example" 2>/dev/null
echo "quickstart: nngraph-run examples/resnet18/resnet18_v1-symbol.json --params build/example/resnet18.params --input data=build/example/input.npy --top-k 5 --repeat 3"
"$ROOT/build/bin/nngraph-run" "$ROOT/examples/resnet18/resnet18_v1-symbol.json" \
  --params "$ROOT/build/example/resnet18.params" \
  --input "data=$ROOT/build/example/input.npy" --top-k 5 --repeat 3
