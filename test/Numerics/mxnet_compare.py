#!/usr/bin/env python3
"""Numerics against MXNet 1.9.1: runs an MXNet symbol JSON with random
weights (written to a .params file) and a random input in MXNet and in
nngraph-run, and compares every output.

Tolerance (float32): max |a - b| <= 1e-4 * max(1, max |b|), b the reference.
Prints one line per output and, for the model, the nngraph compile and run
times and MXNet's run time; exits non-zero on a mismatch or a failure."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True, help="nngraph-run")
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--shape", action="append", required=True,
                    help="input shape, name=1x3x224x224")
    ap.add_argument("--int-input", action="append", default=[],
                    help="an input of integers in [0, HIGH) (token ids, "
                         "lengths), name=HIGH")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    import mxnet as mx  # noqa: E402  (only when the test runs)

    name = os.path.basename(args.symbol)
    int_high = {k: int(v) for k, v in
                (spec.split("=") for spec in args.int_input)}
    shapes = {}
    for spec in args.shape:
        k, v = spec.split("=")
        shapes[k] = tuple(int(d) for d in v.split("x"))
    try:
        sym = mx.sym.load(args.symbol)
    except mx.base.MXNetError as e:
        # Not a model MXNet can run (a fork's operator, NNVM op names):
        # say why, and do not count it as a failure of nngraph.
        why = str(e).strip().splitlines()[0]
        print(f"{name}: MXNet cannot run this model: {why[:200]}")
        return 0
    # Loss layers' labels: give them the batch shape so that MXNet binds.
    batch = next(iter(shapes.values()))[0]
    for a in sym.list_arguments():
        if a.endswith("_label") and a not in shapes:
            shapes[a] = (batch,)
    # A label that a layer other than a loss reads (one_hot of the class in
    # a margin loss) is an input of the inference graph: integer classes.
    graph = json.loads(sym.tojson())
    losses = {"SoftmaxOutput", "LinearRegressionOutput",
              "LogisticRegressionOutput", "MAERegressionOutput", "SVMOutput"}
    for i, node in enumerate(graph["nodes"]):
        if node["op"] == "null" and node["name"].endswith("_label"):
            read = any(n["op"] not in losses and
                       any(e[0] == i for e in n["inputs"])
                       for n in graph["nodes"])
            if read:
                int_high.setdefault(node["name"], 2)
    arg_shapes, _, aux_shapes = sym.infer_shape(**shapes)
    if arg_shapes is None:
        # MXNet cannot bind it with these shapes (more inputs need one).
        partial, _, _ = sym.infer_shape_partial(**shapes)
        open_args = [a for a, s in zip(sym.list_arguments(), partial)
                     if not s or 0 in s]
        print(f"{name}: MXNet cannot infer every shape from "
              f"{', '.join(args.shape)}: unknown {', '.join(open_args[:5])}")
        return 0
    rng = np.random.default_rng(args.seed)
    params, inputs = {}, {}
    for a, s in zip(sym.list_arguments(), arg_shapes):
        if a in shapes:
            if a in int_high:
                inputs[a] = rng.integers(0, int_high[a], s).astype(np.float32)
            elif not a.endswith("_label"):
                inputs[a] = rng.uniform(0, 1, s).astype(np.float32)
            continue
        # Fan-in scaled weights keep activations of order 1 through deep
        # networks, so that outputs (softmax included) are not saturated
        # and the comparison means something.
        if a.endswith("gamma"):
            v = rng.uniform(0.8, 1.2, s)
        elif len(s) >= 2:
            v = rng.normal(0, 1.0 / np.sqrt(np.prod(s[1:])), s)
        else:
            v = rng.normal(0, 0.1, s)
        params["arg:" + a] = v.astype(np.float32)
    for a, s in zip(sym.list_auxiliary_states(), aux_shapes):
        v = (rng.uniform(0.5, 1.5, s) if a.endswith("var")
             else rng.normal(0, 0.1, s))
        params["aux:" + a] = v.astype(np.float32)

    tmp = tempfile.mkdtemp(prefix="nngraph-mx-")
    params_path = os.path.join(tmp, "model.params")
    mx.nd.save(params_path, {k: mx.nd.array(v) for k, v in params.items()})

    exe = sym.simple_bind(ctx=mx.cpu(), grad_req="null",
                          **{k: v for k, v in shapes.items()})
    for k, v in params.items():
        kind, n = k.split(":", 1)
        (exe.arg_dict if kind == "arg" else exe.aux_dict)[n][:] = v
    for k, v in inputs.items():
        exe.arg_dict[k][:] = v
    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        refs = [o.asnumpy() for o in exe.forward(is_train=False)]
        times.append(time.perf_counter() - t)
    mx_time = sorted(times)[len(times) // 2]

    cmd = [args.run, args.symbol, "--params", params_path,
           "--output-dir", os.path.join(tmp, "out"),
           "--repeat", str(args.repeat)]
    for k, v in inputs.items():
        np.save(os.path.join(tmp, k + ".npy"), v)
        cmd += ["--input", f"{k}={os.path.join(tmp, k + '.npy')}",
                "--input-shape", k + "=" + "x".join(map(str, v.shape))]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        err = [l for l in r.stderr.splitlines() if "error" in l]
        print(f"{name}: nngraph-run failed: {(err or [r.stderr])[0][:300]}")
        return 1
    compile_s = float(re.search(r"compile time: ([0-9.]+)", r.stdout)[1])
    run_s = float(re.search(r"run time \(median of \d+\): ([0-9.]+)",
                            r.stdout)[1])
    ok = True
    for out_name, ref in zip(sym.list_outputs(), refs):
        got = np.load(os.path.join(tmp, "out", out_name + ".npy"))
        if got.shape != ref.shape:
            print(f"{name}: {out_name}: shape {got.shape} vs {ref.shape}")
            ok = False
            continue
        err = float(np.max(np.abs(got - ref))) if ref.size else 0.0
        tol = 1e-4 * max(1.0, float(np.max(np.abs(ref))) if ref.size else 1)
        verdict = "ok" if err <= tol else "MISMATCH"
        ok &= err <= tol
        print(f"{name}: {out_name}: max error {err:.3g} (tolerance "
              f"{tol:.3g}, reference range [{ref.min():.3g}, "
              f"{ref.max():.3g}]) {verdict}")
    print(f"{name}: nngraph compile {compile_s:.3f} s, run {run_s:.6f} s; "
          f"MXNet run {mx_time:.6f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
