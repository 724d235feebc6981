#!/usr/bin/env python3
# ===- utils/bench/import_scaling.py - import time and memory vs. size ----===//
#
# Part of the nngraph project.
#
# ===----------------------------------------------------------------------===//
#
# This file implements a scaling benchmark of the JSON readers: it writes
# chains of N nodes (input -> relu -> relu -> ... -> output) in the NNVM,
# LightNet, XOC and RelayViz formats into a temporary directory and prints,
# for each format and size, the wall time and peak resident memory of
#
#   nngraph-translate --import-<fmt> <file> <output>
#
# where <output> is `-o /dev/null` (import and print the module) or, with
# --summary, `--test-graph-summary -o /dev/null` (import and print a summary
# of the graph; cheaper to print). Time and memory per node should stay flat
# as N grows: a super-linear step shows up as a growing "us/node" column.
#
# Usage: import_scaling.py [--tool build/bin/nngraph-translate]
#                          [--sizes 10000,100000,1000000] [--formats nnvm,...]
#                          [--summary] [--keep DIR]
#
# ===----------------------------------------------------------------------===//

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peak_rss  # noqa: E402


def nnvm_chain(n):
    nodes = [{"op": "null", "name": "x", "attrs": {"__shape__": "(1, 8)"},
              "inputs": []}]
    for i in range(1, n):
        nodes.append({"op": "relu", "name": "r%d" % i,
                      "inputs": [[i - 1, 0, 0]]})
    return {"nodes": nodes, "arg_nodes": [0], "heads": [[n - 1, 0, 0]]}


def lightnet_chain(n):
    ops = [{"name": "x", "optype": "create", "tensors_in": [],
            "tensors_out": [{"arg_name": "dst", "name": "t0"}],
            "params": [{"arg_name": "dtype", "value": "TL_FLOAT"},
                       {"arg_name": "dims", "value": [1, 8]}]}]
    for i in range(1, n):
        ops.append({"name": "r%d" % i, "optype": "relu",
                    "tensors_in": [{"arg_name": "src", "name": "t%d" % (i - 1)}],
                    "tensors_out": [{"arg_name": "dst", "name": "t%d" % i}],
                    "params": []})
    return {"ops": ops}


def xoc_chain(n):
    tensors = [{"id": "t0", "name": "input", "shape": [1, 8],
                "dtype": "float32"}]
    operators = []
    for i in range(1, n):
        role = "output" if i == n - 1 else "activation"
        tensors.append({"id": "t%d" % i, "name": role, "shape": [1, 8],
                        "dtype": "float32"})
        operators.append({"id": "r%d" % i, "name": "Relu", "inputs": [i - 1],
                          "outputs": [i], "attributes": {}})
    return {"id": "g", "name": "chain", "tensors": tensors,
            "operators": operators, "inputs": [0], "outputs": [n - 1]}


def relayviz_chain(n):
    nodes = [{"node_kind": "Var", "name": "x", "dtype": "float32",
              "shape": [1, 8]}]
    for i in range(1, n - 1):
        nodes.append({"node_kind": "Call", "op": "nn.relu", "args": [i - 1]})
    nodes.append({"node_kind": "Function", "params": [0], "body": n - 2})
    return {"format": "relayviz", "version": [1, 0], "nodes": nodes}


FORMATS = {
    "nnvm": nnvm_chain,
    "lightnet": lightnet_chain,
    "xoc": xoc_chain,
    "relayviz": relayviz_chain,
}


def measure(cmd):
    """Runs `cmd`; returns (exit status, wall seconds, peak RSS in MiB)."""
    status, wall, peak, err = peak_rss.measure(cmd)
    if status != 0:
        sys.stderr.write(err[-2000:])
    return status, wall, peak / (1024.0 * 1024.0)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tool", default=os.path.join(
        here, "..", "..", "build", "bin", "nngraph-translate"))
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--summary", action="store_true",
                        help="print --test-graph-summary instead of the IR")
    parser.add_argument("--keep", help="write the files here and keep them")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    formats = args.formats.split(",")
    workdir = args.keep or tempfile.mkdtemp(prefix="nngraph-scaling-")
    os.makedirs(workdir, exist_ok=True)
    output = (["--test-graph-summary"] if args.summary else []) + \
        ["-o", os.devnull]
    print("output: %s" % " ".join(output))
    print("%-9s %9s %9s %9s %10s %9s %8s" % (
        "format", "nodes", "file MiB", "time s", "us/node", "peak MiB",
        "KiB/node"))
    failed = False
    try:
        for fmt in formats:
            for n in sizes:
                path = os.path.join(workdir, "%s-%d.json" % (fmt, n))
                with open(path, "w") as f:
                    json.dump(FORMATS[fmt](n), f, separators=(",", ":"))
                size = os.path.getsize(path) / 2**20
                rc, wall, rss = measure(
                    [args.tool, "--import-" + fmt, path] + output)
                failed |= rc != 0
                print("%-9s %9d %9.1f %9.2f %10.2f %9.1f %8.2f%s" % (
                    fmt, n, size, wall, wall * 1e6 / n, rss, rss * 1024 / n,
                    "" if rc == 0 else "  FAILED (exit %d)" % rc), flush=True)
                if not args.keep:
                    os.remove(path)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
