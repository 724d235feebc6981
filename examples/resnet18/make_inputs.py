#!/usr/bin/env python3
"""Writes the example's weights (MXNet .params, deterministic random values
with the shapes MXNet infers for the symbol) and input image (.npy, a smooth
synthetic 1x3x224x224 picture) into the given folder."""
import os
import sys

import numpy as np
import mxnet as mx


def main(out):
    os.makedirs(out, exist_ok=True)
    here = os.path.dirname(os.path.abspath(__file__))
    sym = mx.sym.load(os.path.join(here, "resnet18_v1-symbol.json"))
    shape = (1, 3, 224, 224)
    arg_shapes, _, aux_shapes = sym.infer_shape(data=shape)
    rng = np.random.default_rng(2026)
    params = {}
    for name, s in zip(sym.list_arguments(), arg_shapes):
        if name == "data":
            continue
        fan_in = int(np.prod(s[1:])) if len(s) > 1 else 1
        if name.endswith("gamma"):
            v = rng.uniform(0.9, 1.1, s)
        elif name.endswith(("beta", "bias")):
            v = rng.normal(0, 0.01, s)
        else:
            v = rng.normal(0, np.sqrt(2.0 / fan_in), s)
        params["arg:" + name] = mx.nd.array(v.astype(np.float32))
    for name, s in zip(sym.list_auxiliary_states(), aux_shapes):
        v = np.ones(s) if name.endswith("var") else np.zeros(s)
        params["aux:" + name] = mx.nd.array(v.astype(np.float32))
    mx.nd.save(os.path.join(out, "resnet18.params"), params)
    y, x = np.mgrid[0:224, 0:224] / 224.0
    image = np.stack([np.sin(6 * x), np.cos(4 * y), x * y])[None]
    np.save(os.path.join(out, "input.npy"), image.astype(np.float32))
    print(f"wrote {out}/resnet18.params ({len(params)} tensors) and "
          f"{out}/input.npy {image.shape}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "build/example")
