"""Checks prepare.test's outputs in DIR against NumPy: y = relu(conv(x, w)
+ b), z = depthwise conv(y, wd), both padded by 1."""

import sys

import numpy as np


def conv(x, w, groups):
    n, c, h, wd = x.shape
    f, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((n, f, h, wd), np.float64)
    per = f // groups
    for o in range(f):
        g = o // per
        for i in range(h):
            for j in range(wd):
                patch = xp[0, g * cg:(g + 1) * cg, i:i + kh, j:j + kw]
                out[0, o, i, j] = np.sum(patch * w[o])
    return out


d = sys.argv[1]
x, w, b, wd = (np.load(f"{d}/{n}.npy") for n in ("x", "w", "b", "wd"))
y = np.maximum(conv(x, w, 1) + b.reshape(1, 4, 1, 1), 0)
z = conv(y, wd, 4)
assert np.allclose(np.load(f"{d}/on/y.npy"), y, atol=1e-5)
assert np.allclose(np.load(f"{d}/on/z.npy"), z, atol=1e-5)
print("numpy agrees")
