#!/usr/bin/env python3
"""Numerics of XOC models against ONNX Runtime: the harness builds an ONNX
model from the XOC file itself (onnx.helper, not nngraph's exporter), with
random weights as initializers, runs it in ONNX Runtime, runs nngraph-run on
the XOC file with the same weights and input (.npy files), and compares
every output within 1e-4 * max(1, max |reference|).

The ONNX model and the random values come from utils/debug/xoc_onnx.py
(shared with utils/debug/compare_layers.py), which resolves XOC's quirks."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils", "debug"))
import xoc_onnx  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True, help="nngraph-run")
    ap.add_argument("--model", required=True, help="XOC JSON file")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    import onnxruntime as ort

    name = os.path.basename(args.model)
    doc = json.load(open(args.model))
    g, _ = xoc_onnx.graph_of(doc)
    ids = [t["id"] for t in g["tensors"]]
    rng = np.random.default_rng(args.seed)
    values = xoc_onnx.source_values(doc, rng)
    model = xoc_onnx.build_model(doc, values)
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
