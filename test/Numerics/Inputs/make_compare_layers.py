"""Inputs of compare-layers.test in the directory argv[1], with MXNet 1.9.1:
model.params (random weights of Inputs/../../Target/NNVM/Inputs/
small-cnn-symbol.json, written by MXNet), perturbed.params (the same with
bn0's beta shifted by 0.05: the layer the comparison must name first) and
x.npy (the input)."""
import sys

import mxnet as mx
import numpy as np

sym_path, out = sys.argv[1], sys.argv[2]
sym = mx.sym.load(sym_path)
shapes = {"data": (2, 3, 8, 8), "softmax_label": (2,)}
arg_shapes, _, aux_shapes = sym.infer_shape(**shapes)
rng = np.random.default_rng(7)
params = {}
for name, shape in zip(sym.list_arguments(), arg_shapes):
    if name in shapes:
        continue
    params["arg:" + name] = rng.normal(0, 0.3, shape).astype(np.float32)
for name, shape in zip(sym.list_auxiliary_states(), aux_shapes):
    v = rng.uniform(0.5, 1.5, shape) if name.endswith("var") \
        else rng.normal(0, 0.1, shape)
    params["aux:" + name] = v.astype(np.float32)
mx.nd.save(f"{out}/model.params", {k: mx.nd.array(v) for k, v in params.items()})
params["arg:bn0_beta"] = params["arg:bn0_beta"] + 0.05
mx.nd.save(f"{out}/perturbed.params",
           {k: mx.nd.array(v) for k, v in params.items()})
np.save(f"{out}/x.npy", rng.uniform(0, 1, shapes["data"]).astype(np.float32))
