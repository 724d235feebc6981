#!/usr/bin/env python3
"""Numerics of XOC models against ONNX Runtime: the harness builds an ONNX
model from the XOC file itself (onnx.helper, not nngraph's exporter), with
random weights as initializers, runs it in ONNX Runtime, runs nngraph-run on
the XOC file with the same weights and input (.npy files), and compares
every output within 1e-4 * max(1, max |reference|).

XOC quirks resolved here as the format description says: 2-value pads are
symmetric, value-less int64 shape/axes tensors get the values their
consumers' shapes imply (Reshape: the output shape; ReduceMean: the axes
that shrink to 1)."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

DTYPES = {"float32": np.float32, "int64": np.int64, "int32": np.int32,
          "float16": np.float16, "uint8": np.uint8, "bool": np.bool_}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True, help="nngraph-run")
    ap.add_argument("--model", required=True, help="XOC JSON file")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    import onnx  # noqa: E402
    from onnx import helper, numpy_helper
    import onnxruntime as ort

    name = os.path.basename(args.model)
    doc = json.load(open(args.model))
    g = doc.get("graph", doc)
    tensors = g["tensors"]
    nodes = g.get("operators", g.get("nodes"))
    ids = [t["id"] for t in tensors]
    rng = np.random.default_rng(args.seed)
    producers = {o for n in nodes for o in n["outputs"]}
    consumers = {}
    for n in nodes:
        for k, i in enumerate(n["inputs"]):
            consumers.setdefault(i, []).append((n, k))

    # Values of the graph's sources: inputs and weights.
    values = {}
    for i, t in enumerate(tensors):
        if i in producers:
            continue
        dtype = DTYPES[t["dtype"]]
        if dtype == np.int64:
            # A shape/axes tensor: the consumer's shapes give its values.
            n, _ = consumers[i][0]
            out = tensors[n["outputs"][0]]["shape"]
            inp = tensors[n["inputs"][0]]["shape"]
            if n["name"] == "Reshape":
                values[i] = np.array(out, np.int64)
            else:
                values[i] = np.array([a for a, (x, y) in
                                      enumerate(zip(inp, out))
                                      if x != y], np.int64)
        elif i in g["inputs"]:
            values[i] = rng.uniform(0, 1, t["shape"]).astype(dtype)
        else:
            fan_in = int(np.prod(t["shape"][1:])) if len(t["shape"]) > 1 \
                else 1
            values[i] = (rng.normal(0, 1, t["shape"]) /
                         np.sqrt(fan_in)).astype(dtype)

    onnx_nodes = []
    for n in nodes:
        attrs = dict(n.get("attributes", {}))
        if "pads" in attrs and len(attrs["pads"]) == 2:
            attrs["pads"] = attrs["pads"] * 2
        onnx_nodes.append(helper.make_node(
            n["name"], [ids[i] for i in n["inputs"]],
            [ids[o] for o in n["outputs"]], name=n["id"], **attrs))
    elem = {np.float32: onnx.TensorProto.FLOAT, np.int64: onnx.TensorProto.INT64}
    graph = helper.make_graph(
        onnx_nodes, g.get("name", "xoc"),
        [helper.make_tensor_value_info(ids[i], elem[DTYPES[tensors[i]["dtype"]]],
                                       tensors[i]["shape"])
         for i in g["inputs"]],
        [helper.make_tensor_value_info(ids[i], elem[DTYPES[tensors[i]["dtype"]]],
                                       tensors[i]["shape"])
         for i in g["outputs"]],
        [numpy_helper.from_array(v, ids[i]) for i, v in values.items()
         if i not in g["inputs"]])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 18)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    session = ort.InferenceSession(model.SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    feeds = {ids[i]: values[i] for i in g["inputs"]}
    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        refs = session.run(None, feeds)
        times.append(time.perf_counter() - t)
    ort_time = sorted(times)[len(times) // 2]

    tmp = tempfile.mkdtemp(prefix="nngraph-xoc-")
    cmd = [args.run, args.model, "--output-dir", os.path.join(tmp, "out"),
           "--repeat", str(args.repeat)]
    for i, v in values.items():
        if v.dtype == np.int64:
            continue  # Shape/axes: nngraph recovered them from the shapes.
        path = os.path.join(tmp, f"t{i}.npy")
        np.save(path, v)
        cmd += ["--input", f"{ids[i]}={path}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        err = [l for l in r.stderr.splitlines() if "error" in l]
        print(f"{name}: nngraph-run failed: {(err or [r.stderr])[0][:300]}")
        return 1
    compile_s = float(re.search(r"compile time: ([0-9.]+)", r.stdout)[1])
    run_s = float(re.search(r"run time \(median of \d+\): ([0-9.]+)",
                            r.stdout)[1])
    ok = True
    for i, ref in zip(g["outputs"], refs):
        got = np.load(os.path.join(tmp, "out", ids[i] + ".npy"))
        err = float(np.max(np.abs(got - ref))) if ref.size else 0.0
        tol = 1e-4 * max(1.0, float(np.max(np.abs(ref))) if ref.size else 1)
        ok &= got.shape == ref.shape and err <= tol
        print(f"{name}: {ids[i]}: max error {err:.3g} (tolerance {tol:.3g}) "
              + ("ok" if got.shape == ref.shape and err <= tol
                 else "MISMATCH"))
    print(f"{name}: nngraph compile {compile_s:.3f} s, run {run_s:.6f} s; "
          f"ONNX Runtime run {ort_time:.6f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
