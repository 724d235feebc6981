"""Writes the inputs of specialize.test (data and every weight of
Inputs/mxnet-shapeless.json as .npy files) and the NumPy result of the
graph: bn_data (fix_gamma) -> x - 0.5 -> conv0 3x3 pad 1 -> bn0 (fix_gamma)
-> relu -> global average pool -> fc0."""
import sys

import numpy as np

out = sys.argv[1]
r = np.random.default_rng(7)
f = np.float32
arrays = {
    "data": r.normal(size=(2, 3, 8, 8)).astype(f),
    "bn_data_beta": r.normal(size=3).astype(f),
    "bn_data_moving_mean": r.normal(size=3).astype(f),
    "bn_data_moving_var": r.uniform(0.5, 2, size=3).astype(f),
    "conv0_weight": r.normal(size=(4, 3, 3, 3)).astype(f),
    "bn0_beta": r.normal(size=4).astype(f),
    "bn0_moving_mean": r.normal(size=4).astype(f),
    "bn0_moving_var": r.uniform(0.5, 2, size=4).astype(f),
    "fc0_weight": r.normal(size=(3, 4)).astype(f),
    "fc0_bias": r.normal(size=3).astype(f),
}
for name, a in arrays.items():
    np.save(f"{out}/{name}.npy", a)


def bn(x, beta, mean, var, eps):
    s = (1, -1, 1, 1)
    return (x - mean.reshape(s)) / np.sqrt(var.reshape(s) + eps) + beta.reshape(s)


a = arrays
x = bn(a["data"].astype(np.float64), a["bn_data_beta"],
       a["bn_data_moving_mean"], a["bn_data_moving_var"], 2e-5) - 0.5
xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
w = a["conv0_weight"]
y = np.zeros((2, 4, 8, 8))
for i in range(8):
    for j in range(8):
        y[:, :, i, j] = np.einsum("nchw,ochw->no", xp[:, :, i:i + 3, j:j + 3], w)
y = np.maximum(bn(y, a["bn0_beta"], a["bn0_moving_mean"],
                  a["bn0_moving_var"], 1e-3), 0)
z = y.mean(axis=(2, 3)) @ a["fc0_weight"].T + a["fc0_bias"]
np.save(f"{out}/ref.npy", z.astype(f))
