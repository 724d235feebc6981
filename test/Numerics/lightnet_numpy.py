#!/usr/bin/env python3
"""Numerics of LightNet graphs against a NumPy interpreter of the LightNet
operators they use (create, zeros, slice, reshape, transpose, elew,
maxreduce, relu, sigmoid, softmax, concat, print): the expected output of
every `print` is formatted in LightNet's layout and compared with what
nngraph-run prints for the same file. Values are compared numerically
(1e-4 relative), not textually, so that rounding of the last printed digit
cannot decide."""
import argparse
import json
import re
import subprocess
import sys

import numpy as np


def fmt(a):
    """LightNet's print layout (what nngraph's runtime prints)."""
    if a.ndim == 0:
        return f"{float(a):.3f}"
    def level(x, depth):
        if x.ndim == 1:
            return "[" + " ".join(f"{float(v):.3f}" for v in x) + "]"
        sep = "\n" + " " * (depth + 1)
        return "[" + sep.join(level(s, depth + 1) for s in x) + "]"
    return level(a, 0)


def evaluate(ops):
    t, prints = {}, []
    for op in ops:
        ins = [t[i["name"]] for i in op["tensors_in"]]
        p = {x["arg_name"]: x["value"] for x in op["params"]}
        kind = re.sub(r"_(cpu|cuda|cudnn)$", "", op["optype"])
        if kind == "create":
            dims = p["dims"]
            data = p.get("data") or [0]
            out = (np.zeros(dims) if data == [0]
                   else np.array(data, np.float64).reshape(dims))
        elif kind == "zeros":
            out = np.zeros(p["dims"])
        elif kind == "slice":
            idx = [slice(None)] * ins[0].ndim
            idx[p["axis"]] = slice(p["start"], p["start"] + p["len"])
            out = ins[0][tuple(idx)]
        elif kind == "reshape":
            out = ins[0].reshape(p["dims"])
        elif kind == "transpose":
            out = ins[0].transpose(p["axes"])
        elif kind == "elew":
            fn = {"TL_SUM": np.add, "TL_MUL": np.multiply,
                  "TL_SUB": np.subtract, "TL_DIV": np.divide,
                  "TL_MAX": np.maximum, "TL_MIN": np.minimum}[p["elew_op"]]
            out = fn(ins[0], ins[1])
        elif kind == "maxreduce":
            out = ins[0].max(axis=p["axis"], keepdims=True)
        elif kind == "relu":
            out = np.maximum(ins[0], 0)
        elif kind == "sigmoid":
            out = 1 / (1 + np.exp(-ins[0]))
        elif kind == "softmax":
            e = np.exp(ins[0] - ins[0].max(axis=p["axis"], keepdims=True))
            out = e / e.sum(axis=p["axis"], keepdims=True)
        elif kind == "concat":
            out = np.concatenate(ins, axis=p["axis"])
        elif kind == "print":
            prints.append((p.get("msg", ""), ins[0]))
            continue
        else:
            raise SystemExit(f"no NumPy rule for optype '{kind}'")
        for o in op["tensors_out"]:
            t[o["name"]] = out.astype(np.float32)
    return prints


def numbers(text):
    return [float(v) for v in re.findall(r"-?\d+\.\d+", text)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True)
    ap.add_argument("--model", required=True)
    args = ap.parse_args()
    expected = evaluate(json.load(open(args.model))["ops"])
    r = subprocess.run([args.run, args.model], capture_output=True,
                       text=True, timeout=300)
    if r.returncode != 0:
        print(f"nngraph-run failed: {r.stderr.strip()[:300]}")
        return 1
    got = r.stdout
    ok = True
    for msg, value in expected:
        block = (msg + "\n" if msg else "") + fmt(value)
        start = got.find(msg + "\n") if msg else 0
        lines = block.count("\n") + 1
        got_block = "\n".join(got[start:].splitlines()[:lines])
        a, b = numbers(got_block), numbers(fmt(value))
        same = len(a) == len(b) and np.allclose(a, b, rtol=1e-4, atol=1e-3)
        ok &= same
        print(f"print '{msg}': {value.shape} " +
              ("agrees with NumPy" if same else f"DIFFERS:\n{got_block}\nvs\n{block}"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
