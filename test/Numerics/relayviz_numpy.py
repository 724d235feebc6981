#!/usr/bin/env python3
"""Numerics of RelayViz graphs against a NumPy interpreter of the Relay
expressions they use (Var, Const, Call of nn.conv2d, nn.bias_add,
nn.batch_norm, nn.relu, nn.max_pool2d, nn.global_avg_pool2d,
nn.batch_flatten, nn.dense, add, multiply, sigmoid, tanh, softmax;
TupleGetItem, Tuple, Let, If): random inputs (.npy) go to both, every
output must agree within 1e-4 * max(1, max |reference|)."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np


def conv2d(x, w, strides, padding, groups=1):
    p = list(padding) if len(padding) == 4 else list(padding) * 2
    x = np.pad(x, ((0, 0), (0, 0), (p[0], p[2]), (p[1], p[3])))
    n, c, h, wd = x.shape
    f, cg, kh, kw = w.shape
    oh = (h - kh) // strides[0] + 1
    ow = (wd - kw) // strides[1] + 1
    y = np.zeros((n, f, oh, ow), np.float64)
    fg = f // groups
    for o in range(f):
        g = o // fg
        for i in range(oh):
            for j in range(ow):
                patch = x[:, g * cg:(g + 1) * cg,
                          i * strides[0]:i * strides[0] + kh,
                          j * strides[1]:j * strides[1] + kw]
                y[:, o, i, j] = (patch * w[o]).sum(axis=(1, 2, 3))
    return y


def call(op, args, a):
    if op == "nn.conv2d":
        y = conv2d(args[0], args[1], a.get("strides", [1, 1]),
                   a.get("padding", [0, 0]), a.get("groups", 1))
        return y + args[2].reshape(1, -1, 1, 1) if len(args) > 2 else y
    if op == "nn.bias_add":
        shape = [1] * args[0].ndim
        shape[a.get("axis", 1)] = -1
        return args[0] + args[1].reshape(shape)
    if op == "nn.batch_norm":
        x, g, b, m, v = args
        r = (1, -1, 1, 1)
        y = (x - m.reshape(r)) / np.sqrt(v.reshape(r) + a.get("epsilon", 1e-5))
        return (y * g.reshape(r) + b.reshape(r), m, v)
    if op == "nn.relu":
        return np.maximum(args[0], 0)
    if op == "nn.max_pool2d":
        (kh, kw), (sh, sw) = a["pool_size"], a.get("strides", [1, 1])
        x = args[0]
        oh, ow = (x.shape[2] - kh) // sh + 1, (x.shape[3] - kw) // sw + 1
        return np.array([[[[x[n, c, i * sh:i * sh + kh, j * sw:j * sw + kw].max()
                            for j in range(ow)] for i in range(oh)]
                          for c in range(x.shape[1])] for n in range(x.shape[0])])
    if op == "nn.global_avg_pool2d":
        return args[0].mean(axis=(2, 3), keepdims=True)
    if op == "nn.batch_flatten":
        return args[0].reshape(args[0].shape[0], -1)
    if op == "nn.dense":
        y = args[0] @ args[1].T
        return y + args[2] if len(args) > 2 else y
    if op in ("add", "multiply"):
        return args[0] + args[1] if op == "add" else args[0] * args[1]
    if op == "sigmoid":
        return 1 / (1 + np.exp(-args[0]))
    if op == "tanh":
        return np.tanh(args[0])
    if op == "nn.softmax":
        e = np.exp(args[0] - args[0].max(axis=a.get("axis", -1), keepdims=True))
        return e / e.sum(axis=a.get("axis", -1), keepdims=True)
    raise SystemExit(f"no NumPy rule for Relay op '{op}'")


def evaluate(nodes, inputs):
    memo, env = {}, {}

    def ev(i):
        if i in env:
            return env[i]
        if i in memo:
            return memo[i]
        n = nodes[i]
        k = n["node_kind"]
        if k == "Var":
            v = inputs[n["name"]]
        elif k == "Const":
            val = n["value"]
            v = (np.array(val["array_value"], np.float64).reshape(
                val["array_shape"]) if isinstance(val, dict) else
                np.array(val, np.float64))
        elif k == "Call":
            op = n["op"]
            attrs = n.get("attrs", {})
            if isinstance(op, int):
                attrs = {**nodes[op].get("attrs", {}), **attrs}
                op = nodes[op]["name"]
            v = call(op, [ev(j) for j in n["args"]], attrs)
        elif k == "TupleGetItem":
            v = ev(n["tuple_value"])[n["index"]]
        elif k == "Tuple":
            v = tuple(ev(j) for j in n["fields"])
        elif k == "Let":
            env[n["variable"]] = ev(n["value"])
            v = ev(n["body"])
        elif k == "If":
            v = ev(n["true_branch"]) if bool(ev(n["cond"])) else \
                ev(n["false_branch"])
        elif k == "Function":
            v = ev(n["body"])
        else:
            raise SystemExit(f"no NumPy rule for node kind '{k}'")
        memo[i] = v
        return v

    root = max(i for i, n in enumerate(nodes) if n["node_kind"] == "Function")
    out = ev(root)
    return list(out) if isinstance(out, tuple) else [out]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    doc = json.load(open(args.model))
    nodes = doc["nodes"]
    rng = np.random.default_rng(args.seed)
    tmp = tempfile.mkdtemp(prefix="nngraph-relay-")
    fn = max((n for n in nodes if n["node_kind"] == "Function"),
             key=lambda n: nodes.index(n))
    inputs, cmd = {}, [args.run, args.model, "--output-dir",
                       os.path.join(tmp, "out")]
    for p in fn["params"]:
        var = nodes[p]
        dtype = np.bool_ if var["dtype"] == "bool" else np.float32
        v = (np.array(rng.uniform() > 0.5) if dtype == np.bool_ else
             rng.normal(0, 1, var["shape"]).astype(np.float32))
        inputs[var["name"]] = v.astype(dtype)
        path = os.path.join(tmp, var["name"] + ".npy")
        np.save(path, v.astype(dtype))
        cmd += ["--input", f"{var['name']}={path}"]
    for k, v in inputs.items():
        if v.dtype == np.bool_:
            print(f"{os.path.basename(args.model)}: input {k} = {bool(v)}")
    refs = evaluate(nodes, {k: v.astype(np.float64) if v.dtype != np.bool_
                            else v for k, v in inputs.items()})
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        print(f"nngraph-run failed: {r.stderr.strip()[:300]}")
        return 1
    names = re.findall(r"^output (\S+):", r.stdout, re.M)
    ok = True
    for name, ref in zip(names, refs):
        got = np.load(os.path.join(tmp, "out", name + ".npy"))
        err = float(np.max(np.abs(got - ref)))
        tol = 1e-4 * max(1.0, float(np.max(np.abs(ref))))
        ok &= got.shape == ref.shape and err <= tol
        print(f"{os.path.basename(args.model)}: {name}: max error {err:.3g} "
              f"(tolerance {tol:.3g}) " + ("ok" if err <= tol else "MISMATCH"))
    return 0 if ok and len(names) == len(refs) else 1


if __name__ == "__main__":
    sys.exit(main())
