"""1-D and 3-D max and average pooling (NCW, NCDHW: lowered channels last to
linalg.pooling_nwc_* / pooling_ndhwc_*, lib/Conversion/NNGraphToLinalg/
Pooling.cpp) against a NumPy reference by direct loops over each window:
strides, dilation, asymmetric pads, ceil_mode (the last window past the
end pad), the average with and without the padding counted."""
import itertools
import os
import tempfile

import numpy as np
import pytest

import nngraph


def pool_ref(x, kernel, strides, dilations, pads, out_shape, is_max,
             include_pad):
    """ONNX MaxPool/AveragePool over the trailing len(kernel) axes."""
    k = len(kernel)
    n, c = x.shape[:2]
    spatial = x.shape[2:]
    out = np.zeros((n, c) + tuple(out_shape), np.float64)
    for pos in itertools.product(*(range(o) for o in out_shape)):
        vals, count_pad = [], 1
        window = []
        for i in range(k):
            idx = [pos[i] * strides[i] - pads[i] + j * dilations[i]
                   for j in range(kernel[i])]
            window.append(idx)
        total = 0
        for taps in itertools.product(*window):
            # Inside the padded input (explicit pads, not ceil_mode's extra).
            in_padded = all(-pads[i] <= t < spatial[i] + pads[k + i]
                            for i, t in enumerate(taps))
            inside = all(0 <= t < s for t, s in zip(taps, spatial))
            if in_padded:
                total += 1
            if inside:
                vals.append(x[(slice(None), slice(None)) + tuple(taps)])
        stack = np.stack(vals).astype(np.float64)
        if is_max:
            out[(slice(None), slice(None)) + pos] = stack.max(0)
        else:
            count = total if include_pad else len(vals)
            out[(slice(None), slice(None)) + pos] = stack.sum(0) / count
    return out


def out_size(size, k, s, d, lo, hi, ceil):
    span = size + lo + hi - d * (k - 1) - 1
    o = (-(-span // s) if ceil else span // s) + 1
    # ONNX: the last window must start inside the input or the begin pad.
    if ceil and (o - 1) * s >= size + lo:
        o -= 1
    return o


CASES = {
    # name: (input shape, kernel, strides, dilations, pads, ceil_mode)
    "1d": ((2, 3, 11), (3,), (2,), (1,), (1, 1), False),
    "1d_ceil_dilated": ((1, 4, 10), (2,), (3,), (2,), (0, 1), True),
    "3d": ((1, 2, 5, 6, 7), (2, 3, 2), (2, 2, 1), (1, 1, 1),
           (0, 1, 1, 0, 1, 0), False),
    "3d_ceil": ((1, 3, 5, 5, 5), (3, 3, 3), (2, 2, 2), (1, 1, 1),
                (1, 1, 1, 1, 1, 1), True),
}


@pytest.mark.parametrize("kind", ["max", "avg", "avg_include_pad"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_pool_nd_matches_reference(name, kind):
    shape, kernel, strides, dilations, pads, ceil = CASES[name]
    k = len(kernel)
    out_shape = [out_size(shape[2 + i], kernel[i], strides[i], dilations[i],
                          pads[i], pads[k + i], ceil) for i in range(k)]
    x_t = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    o_t = "tensor<" + "x".join(map(str, list(shape[:2]) + out_shape)) + \
        "xf32>"
    arr = lambda v: "array<i64: " + ", ".join(map(str, v)) + ">"
    attrs = (f"kernel_shape = {arr(kernel)}, strides = {arr(strides)}, "
             f"pads = {arr(pads)}")
    if any(d != 1 for d in dilations):
        attrs += f", dilations = {arr(dilations)}"
    if ceil:
        attrs += ", ceil_mode = true"
    if kind == "avg_include_pad":
        attrs += ", count_include_pad = true"
    op = "max_pool" if kind == "max" else "avg_pool"
    text = (f"func.func @main(%x: {x_t}) -> {o_t} {{\n"
            f"  %0 = nngraph.{op} %x {{{attrs}}} : ({x_t}) -> {o_t}\n"
            f"  return %0 : {o_t}\n}}\n")
    x = np.random.default_rng(len(name)).uniform(-1, 1, shape).astype(
        np.float32)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.mlir")
        with open(path, "w") as fh:
            fh.write(text)
        (out,) = nngraph.compile(nngraph.load(path))(x)
    ref = pool_ref(x, kernel, strides, dilations, pads, out_shape,
                   kind == "max", kind == "avg_include_pad")
    assert out.shape == ref.shape
    np.testing.assert_allclose(out, ref, rtol=0, atol=1e-6)
