#!/usr/bin/env python3
"""MXNet's int8 operators in nngraph against MXNet 1.9.1, node by node.

    mxnet_quantized.py --run nngraph-run --symbol S.json --shape data=1x8x10x10

Binds random weights and input (a .params file both sides read), runs the
graph in MXNet with every internal output kept and in nngraph with every
node's outputs dumped (--dump-intermediates), and checks each quantization
node (_contrib_quantize_v2, _contrib_requantize, _contrib_dequantize and
quantized _sg_mkldnn_conv) against a NumPy model of MXNet's arithmetic
(quantization_utils.h, the MKLDNN quantize/requantize/dequantize reorders
and SgMKLDNNConvOperator: float32 scales in MXNet's order, rounding half to
even, saturation), fed with that side's own inputs of the node:

- nngraph must equal the model exactly (integers; floats within 1 ulp);
- MXNet must equal the model too, with one freedom for convolutions: on
  CPUs without VNNI, MKLDNN quantizes int8 x int8 convolution weights at
  half scale (its guard against the saturation of vpmaddubsw) and doubles
  the result; the model is tried at weight scale x1 and x0.5 and the line
  says which one MXNet matched. This checks the model against the real
  thing, so that nngraph's exactness means agreement with MXNet's
  arithmetic up to that hardware-dependent rounding.

Then compares the graph outputs, which differ where that rounding moved a
value by a quantization step. Exit code 1 on any node that equals neither.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

f32 = np.float32
K_INT8, K_UINT8, K_INT32 = f32(127.5), f32(255.5), f32(2147483648.0)


def maxabs(a, b):
    return max(abs(f32(a)), abs(f32(b)))


def quantize_scale(real, quantized):
    return f32(2147483647.0) if real == 0 else f32(quantized) / f32(real)


def saturate(v, dtype):
    info = np.iinfo(dtype)
    return np.clip(np.rint(v), info.min, info.max).astype(dtype)


def calib(attrs):
    if "min_calib_range" in attrs and "max_calib_range" in attrs:
        return f32(float(attrs["min_calib_range"])), \
            f32(float(attrs["max_calib_range"]))
    return None


def out_uint8(attrs, cal):
    t = attrs.get("out_type", "int8")
    return cal is not None and cal[0] >= 0 if t == "auto" else t == "uint8"


def quantize_v2(attrs, x):
    cal = calib(attrs)
    u8 = out_uint8(attrs, cal)
    lo, hi = cal if cal else (f32(x.min()), f32(x.max()))
    real = maxabs(lo, hi)
    scale = quantize_scale(real, K_UINT8 if u8 else K_INT8)
    q = saturate(x.astype(f32) * scale, np.uint8 if u8 else np.int8)
    return [q, np.array([lo if u8 else -real], f32),
            np.array([hi if u8 else real], f32)]


def requantize(attrs, x, lo, hi):
    cal = calib(attrs)
    u8 = out_uint8(attrs, cal)
    in_range = maxabs(lo[0], hi[0])
    xf = x.astype(f32)
    if cal:
        real = maxabs(*cal)
    else:
        real = f32(f32(np.abs(xf).max()) * in_range) / K_INT32
    scale = f32(in_range / K_INT32) * f32(f32(255 if u8 else 127) / real) \
        if real else f32(0)
    q = saturate(xf * scale, np.uint8 if u8 else np.int8)
    return [q, np.array([0 if u8 else -real], f32), np.array([real], f32)]


def dequantize(attrs, x, lo, hi):
    q = {np.dtype(np.uint8): K_UINT8, np.dtype(np.int8): K_INT8,
         np.dtype(np.int32): K_INT32}[x.dtype]
    return [x.astype(f32) * f32(maxabs(lo[0], hi[0]) / q)]


def conv2d(x, w, stride, pad, groups, pairs=False):
    """Integer convolution (int64), NCHW / OIHW; `pairs`: products of
    adjacent input channels summed with int16 saturation first (AVX2's
    vpmaddubsw, which MKLDNN uses for uint8 x int8 without VNNI)."""
    n, c, h, wd = x.shape
    f, cg, kh, kw = w.shape
    x = np.pad(x.astype(np.int64), ((0, 0), (0, 0), (pad[0], pad[0]),
                                    (pad[1], pad[1])))
    oh = (x.shape[2] - kh) // stride[0] + 1
    ow = (x.shape[3] - kw) // stride[1] + 1
    out = np.zeros((n, f, oh, ow), np.int64)
    fg = f // groups
    for g in range(groups):
        xs = x[:, g * cg:(g + 1) * cg]
        ws = w[g * fg:(g + 1) * fg].astype(np.int64)
        for i in range(kh):
            for j in range(kw):
                patch = xs[:, :, i:i + stride[0] * oh:stride[0],
                           j:j + stride[1] * ow:stride[1]]
                prod = np.einsum("nchw,fc->nfchw", patch, ws[:, :, i, j])
                if pairs:
                    if prod.shape[2] % 2:
                        prod = np.pad(prod, ((0, 0), (0, 0), (0, 1),
                                             (0, 0), (0, 0)))
                    prod = np.clip(prod[:, :, 0::2] + prod[:, :, 1::2],
                                   -32768, 32767)
                out[:, g * fg:(g + 1) * fg] += prod.sum(2)
    return out


def tup(text, default):
    if text is None:
        return default
    return tuple(int(t) for t in text.strip("()[] ").split(",") if t.strip())


def quantized_conv(node, inputs, adj, pairs=False):
    attrs = node.get("attrs", {})
    sub = node["subgraphs"][0]["nodes"]
    conv = next(n for n in sub if n["op"] == "Convolution")["attrs"]
    bn = next((n.get("attrs", {}) for n in sub if n["op"] == "BatchNorm"),
              None)
    no_bias = conv.get("no_bias", "False").lower() in ("true", "1")
    it = iter(inputs)
    x, w = next(it), next(it).astype(f32)
    b = None if no_bias else next(it).astype(f32)
    if bn is not None:
        gamma, beta, mean, var = (next(it).astype(f32) for _ in range(4))
        if bn.get("fix_gamma", "True").lower() in ("true", "1"):
            gamma = np.ones_like(gamma)
        alpha = gamma / np.sqrt(var + f32(float(bn.get("eps", "1e-3"))))
        b = beta + alpha * (b - mean) if b is not None else \
            beta - alpha * mean
        w = w * alpha.reshape(-1, 1, 1, 1)
    dlo, dhi = next(it)[0], next(it)[0]
    u8 = x.dtype == np.uint8
    ds = quantize_scale(maxabs(dlo, dhi), K_UINT8 if u8 else K_INT8)
    cal = calib(attrs)
    wlo, whi = f32(w.min()), f32(w.max())
    if cal:
        flat = w.reshape(w.shape[0], -1)
        ws = np.array([quantize_scale(maxabs(a, c), K_INT8) for a, c in
                       zip(flat.min(1), flat.max(1))], f32)
        if b is not None:
            half = np.where(b > 0, f32(1073741824.0), f32(-1073741824.0))
            with np.errstate(divide="ignore", invalid="ignore"):
                bound = (half / b) / ds
            ws = np.where(b != 0, np.minimum(ws, bound), ws).astype(f32)
    else:
        ws = np.full(w.shape[0], quantize_scale(maxabs(wlo, whi), K_INT8),
                     f32)
    qw = saturate(w * (ws * f32(adj)).reshape(-1, 1, 1, 1), np.int8)
    acc = conv2d(x, qw, tup(conv.get("stride"), (1, 1)),
                 tup(conv.get("pad"), (0, 0)),
                 int(conv.get("num_group", "1")), pairs)
    accf = (acc.astype(np.float64) / adj).astype(f32)
    if b is not None:
        qb = saturate(b * (ws * ds), np.int32)
        accf = accf + qb.astype(f32).reshape(1, -1, 1, 1)
    relu = any(n["op"] == "Activation" for n in sub)
    if relu:
        accf = np.maximum(accf, f32(0))
    if cal:
        out_scale = quantize_scale(maxabs(*cal), K_UINT8 if relu else K_INT8)
        req = (out_scale / ds) / ws
        q = saturate(accf * req.reshape(1, -1, 1, 1),
                     np.uint8 if relu else np.int8)
        return [q, np.array([cal[0]], f32), np.array([cal[1]], f32)]
    wl = f32(maxabs(wlo, whi) / f32(127))
    dl = f32(maxabs(dlo, dhi) / f32(255 if u8 else 127))
    hi = f32(wl * dl) * K_INT32
    return [saturate(accf, np.int32), np.array([-hi], f32),
            np.array([hi], f32)]


MODELS = {"_contrib_quantize_v2": quantize_v2,
          "_contrib_requantize": requantize,
          "_contrib_dequantize": dequantize}


def same(a, b):
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype.kind == "f":
        return bool(np.all(np.abs(a - b) <= np.spacing(np.abs(b))))
    return bool(np.array_equal(a, b))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True)
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--shape", required=True)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    try:
        import mxnet as mx
    except ImportError:
        print("mxnet_quantized: MXNet is not installed; skipped")
        return 0
    name, spec = args.shape.split("=")
    shape = tuple(int(d) for d in spec.split("x"))
    sym = mx.sym.load(args.symbol)
    graph = json.load(open(args.symbol))
    arg_shapes, _, aux_shapes = sym.infer_shape(**{name: shape})
    rng = np.random.default_rng(args.seed)
    params = {}
    for a, s in zip(sym.list_arguments(), arg_shapes):
        if a == name:
            continue
        v = rng.uniform(0.8, 1.2, s) if a.endswith("gamma") else \
            rng.normal(0, 1 / np.sqrt(np.prod(s[1:])), s) if len(s) > 1 \
            else rng.normal(0, 0.1, s)
        params["arg:" + a] = v.astype(f32)
    for a, s in zip(sym.list_auxiliary_states(), aux_shapes):
        v = rng.uniform(0.5, 1.5, s) if a.endswith("var") else \
            rng.normal(0, 0.1, s)
        params["aux:" + a] = v.astype(f32)
    x = rng.uniform(0, 1, shape).astype(f32)
    tmp = tempfile.mkdtemp(prefix="nngraph-mxq-")
    params_path = os.path.join(tmp, "model.params")
    mx.nd.save(params_path, {k: mx.nd.array(v) for k, v in params.items()})
    np.save(os.path.join(tmp, "x.npy"), x)

    # MXNet: every node's outputs, by (node, output index).
    internals = sym.get_internals()
    names = internals.list_outputs()
    exe = internals.simple_bind(ctx=mx.cpu(), grad_req="null",
                                **{name: shape})
    for k, v in params.items():
        kind, n = k.split(":", 1)
        (exe.arg_dict if kind == "arg" else exe.aux_dict)[n][:] = v
    exe.arg_dict[name][:] = x
    ref_list = [o.asnumpy() for o in exe.forward(is_train=False)]
    ref = {}
    for node in graph["nodes"]:
        outs = [i for i, n in enumerate(names)
                if n == node["name"] + "_output" or
                n.startswith(node["name"] + "_output")]
        ref[node["name"]] = [ref_list[i] for i in outs]
    for k, v in params.items():
        ref[k.split(":", 1)[1]] = [v]
    ref[name] = [x]

    # nngraph: the dump of every node.
    dump = os.path.join(tmp, "dump")
    r = subprocess.run([args.run, args.symbol, "--params", params_path,
                        "--input", f"{name}={os.path.join(tmp, 'x.npy')}",
                        "--dump-intermediates", dump],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        print("mxnet_quantized: nngraph-run failed: " + r.stderr[-500:])
        return 1
    files = {row["name"]: row["file"] for row in csv.DictReader(
        open(os.path.join(dump, "index.tsv")), delimiter="\t")}
    ours = {}
    for node in graph["nodes"]:
        n = node["name"]
        if n in files or n + "_output" in files:
            ours[n] = [np.load(os.path.join(dump, files.get(n) or
                                            files[n + "_output"]))]
        elif n + "_output0" in files:
            ours[n] = [np.load(os.path.join(dump, files[f"{n}_output{k}"]))
                       for k in range(3) if f"{n}_output{k}" in files]
    for k, v in params.items():
        ours[k.split(":", 1)[1]] = [v]
    ours[name] = [x]

    status = 0
    counts = {"nodes": 0, "nngraph": 0, "MXNet": 0, "rounding": 0}
    for node in graph["nodes"]:
        op = node["op"]
        quantized = op == "_sg_mkldnn_conv" and \
            node.get("attrs", {}).get("quantized") == "true"
        if op not in MODELS and not quantized:
            continue
        attrs = node.get("attrs", {})
        nodes = graph["nodes"]

        def inputs_of(values):
            return [values[nodes[e[0]]["name"]][e[1]] for e in node["inputs"]]
        verdicts = []
        for side, values in (("nngraph", ours), ("MXNet", ref)):
            got = values.get(node["name"])
            ins = inputs_of(values)
            if quantized:
                tries = [(1.0, False)] if side == "nngraph" else \
                    [(1.0, False), (0.5, False), (1.0, True)]
                match = next((t for t in tries if all(
                    same(g, m) for g, m in
                    zip(got, quantized_conv(node, ins, *t)))), None)
                ok = match is not None
                note = "" if not ok or match == (1.0, False) else \
                    " (weights at half scale)" if match[0] == 0.5 else \
                    " (int16 sums of channel pairs saturated)"
            else:
                model = MODELS[op](attrs, *ins)
                ok = got is not None and len(got) >= len(model) and all(
                    same(g, m) for g, m in zip(got, model))
                note = ""
            status |= 0 if ok else 1
            counts[side] += ok
            counts["rounding"] += bool(note)
            verdicts.append(f"{side} {'exact' if ok else 'DIFFERS'}{note}")
        counts["nodes"] += 1
        print(f"{node['name']} ({op}): " + ", ".join(verdicts))
    print(f"{counts['nodes']} quantization nodes: nngraph exact in "
          f"{counts['nngraph']}, MXNet exact in {counts['MXNet']} "
          f"({counts['rounding']} with MKLDNN's rounding)")
    for h in graph["heads"]:
        n = graph["nodes"][h[0]]["name"]
        a, b = ours[n][h[1]], ref[n][h[1]]
        err = float(np.max(np.abs(a - b)))
        steps = err / (float(np.max(np.abs(b))) / 127.5 or 1)
        print(f"output {n}: max |nngraph - MXNet| {err:.3g} "
              f"({steps:.1f} quantization steps of its range)")
    return status


if __name__ == "__main__":
    sys.exit(main())
