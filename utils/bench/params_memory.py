#!/usr/bin/env python3
# ===- utils/bench/params_memory.py - peak memory of weight import --------===//
#
# Part of the nngraph project.
#
# ===----------------------------------------------------------------------===//
#
# This file implements the memory benchmark of issue 8: importing a model with
# N MB of weights must peak at no more than 1.2 x N + 100 MB resident.
#
# It generates an MXNet symbol (a chain of FullyConnected layers) and its
# .params file of at least 500 MB into a temporary directory, then runs each
# row in a child process of its own and reads that child's peak resident set
# (ru_maxrss from os.wait4) and wall time:
#   import      nngraph-translate --import-nnvm X.json --nnvm-params X.params
#               --nnvm-emit-bytecode -o X.mlirbc
#   export      nngraph-translate --export-nnvm X.mlirbc --nnvm-export-params
#               Y.params -o Y.json (the round trip's second half; the
#               written weights are compared with the input's)
#   mx.nd.load  MXNet 1.9.1 loading the same file (a peer, for comparison),
#               and `import mxnet` alone (its fixed cost)
# The export row includes a copy that is not nngraph's: mlirTranslateMain
# (MLIR 22, MlirTranslateMain.cpp) copies its input buffer unless it ends in
# a NUL byte, which a file's never does (MemoryBuffer's terminator is past
# getBuffer()), so reading an N MB module costs 2N there before the exporter
# runs; the exporter itself writes the weights from the blobs without a copy.
# --with-text adds the import printed as MLIR text, where dense_resource
# blobs are hex-encoded (two bytes per byte), for information.
#
# Example:
#   .venv/bin/python utils/bench/params_memory.py --mb 512
#
# ===----------------------------------------------------------------------===//

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "utils"))
sys.path.insert(0, os.path.join(ROOT, "utils", "bench"))

import peak_rss  # noqa: E402

MB = 1 << 20


def symbol_json(layers, hidden, batch):
    """An MXNet 1.9.1 symbol: `layers` FullyConnected of `hidden` units."""
    import json
    nodes = [{"op": "null", "name": "data", "inputs": [],
              "attrs": {"__shape__": "(%d, %d)" % (batch, hidden)}}]
    arg_nodes = [0]
    prev = 0
    for i in range(layers):
        for suffix in ("weight", "bias"):
            arg_nodes.append(len(nodes))
            nodes.append({"op": "null", "name": "fc%d_%s" % (i, suffix),
                          "inputs": []})
        nodes.append({"op": "FullyConnected", "name": "fc%d" % i,
                      "attrs": {"num_hidden": str(hidden)},
                      "inputs": [[prev, 0, 0], [len(nodes) - 2, 0, 0],
                                 [len(nodes) - 1, 0, 0]]})
        prev = len(nodes) - 1
    return json.dumps({"nodes": nodes, "arg_nodes": arg_nodes,
                       "node_row_ptr": list(range(len(nodes) + 1)),
                       "heads": [[prev, 0, 0]],
                       "attrs": {"mxnet_version": ["int", 10901]}})


def generate(directory, megabytes, hidden, batch):
    """Writes model.json and model.params; returns (paths, weight bytes)."""
    import numpy as np
    import nnvm_params
    per_layer = (hidden * hidden + hidden) * 4
    layers = max(1, -(-megabytes * MB // per_layer))
    rng = np.random.default_rng(0)
    params = {}
    for i in range(layers):
        params["arg:fc%d_weight" % i] = rng.standard_normal(
            (hidden, hidden), dtype=np.float32)
        params["arg:fc%d_bias" % i] = rng.standard_normal(
            (hidden,), dtype=np.float32)
    json_path = os.path.join(directory, "model.json")
    params_path = os.path.join(directory, "model.params")
    with open(json_path, "w") as f:
        f.write(symbol_json(layers, hidden, batch))
    with open(params_path, "wb") as f:
        f.write(nnvm_params.mxnet_bytes(params))
    weight_bytes = sum(a.nbytes for a in params.values())
    return json_path, params_path, weight_bytes, layers


def run(argv):
    """Runs `argv`; returns (peak RSS in bytes, wall seconds)."""
    status, wall, peak, err = peak_rss.measure(argv)
    if status != 0:
        raise SystemExit("failed (%s): %s\n%s" % (status, " ".join(argv), err))
    return peak, wall


def supports_bytecode(translate):
    out = subprocess.run([translate, "--help"], capture_output=True,
                         text=True).stdout
    return "--nnvm-emit-bytecode" in out


def main(argv):
    parser = argparse.ArgumentParser(
        description="Peak RSS of importing and exporting a large .params file.")
    parser.add_argument("--mb", type=int, default=512,
                        help="weights to generate, in MiB (default 512)")
    parser.add_argument("--hidden", type=int, default=4096)
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--translate",
                        default=os.path.join(ROOT, "build", "bin",
                                             "nngraph-translate"))
    parser.add_argument("--with-text", action="store_true",
                        help="also import to MLIR text (hex blobs)")
    parser.add_argument("--no-mxnet", action="store_true")
    parser.add_argument("--keep", help="directory to keep the files in")
    parser.add_argument("--generate", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.generate:
        # The child that writes the model: the parent stays small, because a
        # child's ru_maxrss starts from its parent's size at fork.
        print(*generate(args.generate, args.mb, args.hidden, args.batch),
              sep="\n")
        return 0

    tmp = None
    directory = args.keep
    if not directory:
        tmp = tempfile.TemporaryDirectory(prefix="params_memory_")
        directory = tmp.name
    os.makedirs(directory, exist_ok=True)
    out = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--generate", directory,
         "--mb", str(args.mb), "--hidden", str(args.hidden), "--batch",
         str(args.batch)], check=True, capture_output=True, text=True).stdout
    json_path, params_path, weight_bytes, layers = out.split()
    weight_bytes, layers = int(weight_bytes), int(layers)
    n_mb = weight_bytes / MB
    bound = 1.2 * n_mb + 100
    print("model: %d FullyConnected layers of %d, weights N = %.1f MiB "
          "(file %.1f MiB); bound 1.2N+100 = %.1f MiB" % (
              layers, args.hidden, n_mb,
              os.path.getsize(params_path) / MB, bound))

    translate = args.translate
    bytecode = supports_bytecode(translate)
    mlir_path = os.path.join(directory, "model.mlirbc" if bytecode
                             else "model.mlir")
    # The floor every row starts from (see --generate).
    rows = [("baseline: /bin/true", *run(["/bin/true"]), False)]
    import_cmd = [translate, "--import-nnvm", json_path, "--nnvm-params",
                  params_path, "-o", mlir_path]
    # Text drops locations, where the weight names live, unless asked.
    import_cmd.insert(1, "--nnvm-emit-bytecode" if bytecode
                      else "--mlir-print-debuginfo")
    label = "import -> bytecode" if bytecode else "import -> text (no " \
        "--nnvm-emit-bytecode in this build)"
    rows.append((label, *run(import_cmd), True))
    out_json = os.path.join(directory, "out.json")
    out_params = os.path.join(directory, "out.params")
    # Informational: mlirTranslateMain copies its whole input buffer (the
    # module with its weights) before the exporter, which writes straight
    # from the blobs, runs; the bound is about importing.
    rows.append(("export --nnvm-export-params (info)", *run(
        [translate, "--export-nnvm", mlir_path, "--nnvm-export-params",
         out_params, "-o", out_json]), False))
    same = filecmp.cmp(params_path, out_params, shallow=False)
    if args.with_text and bytecode:
        text_path = os.path.join(directory, "model.mlir")
        rows.append(("import -> text (informational)", *run(
            [translate, "--mlir-print-debuginfo", "--import-nnvm", json_path,
             "--nnvm-params", params_path, "-o", text_path]), False))
        os.remove(text_path)
    package = os.path.join(os.path.dirname(os.path.dirname(translate)),
                           "python_packages")
    if os.path.isdir(os.path.join(package, "nngraph")):
        # The Python package: weights are views of the mapped file.
        rows.append(("python: nngraph.load(params=)", *run(
            [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1])\n"
             "import nngraph\n"
             "m = nngraph.load(sys.argv[2], params=sys.argv[3])\n"
             "assert sum(w.nbytes for w in m.weights.values()) > 0",
             package, json_path, params_path]), True))
    if not args.no_mxnet:
        python = sys.executable
        rows.append(("python: import mxnet (fixed cost)", *run(
            [python, "-c", "import mxnet"]), False))
        rows.append(("python: mx.nd.load (peer)", *run(
            [python, "-c", "import mxnet as mx, sys\n"
             "d = mx.nd.load(sys.argv[1])\n"
             "[v.wait_to_read() for v in d.values()]", params_path]), True))

    print("%-40s %12s %9s %s" % ("row", "peak RSS MiB", "wall s",
                                 "vs bound"))
    failed = False
    for label, rss, wall, checked in rows:
        ok = rss / MB <= bound
        verdict = ("PASS" if ok else "FAIL") if checked else "-"
        failed |= checked and not ok and not label.startswith("python: mx")
        print("%-40s %12.1f %9.2f %s" % (label, rss / MB, wall, verdict))
    print("round trip: written .params %s the input" % (
        "is byte-identical to" if same else "DIFFERS from"))
    if tmp:
        tmp.cleanup()
    return 1 if failed or not same else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
