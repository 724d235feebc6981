"""The CPU convolution schedules (channels-last, tiled, fused, vectorised:
lib/Codegen/CPU/ConvSchedule.cpp) on the sizes that stress them: 1x1, the
7x7 stride-2 stem, strided 3x3, widths 7/14/28 and primes that do not divide
the register tile, channel counts below and not a multiple of the SIMD
width, depthwise and grouped convolutions, dilation, asymmetric padding,
batch 8, a filter packed by output-channel tiles, and a bias + ReLU + residual-add epilogue; each against a direct
float64 NumPy reference. Also the 3x3 stride-1 convolutions with weights
that run as Winograd's F(4x4, 3x3) and F(2x2, 3x3)
(lib/Codegen/CPU/Winograd.cpp)."""

import os
import tempfile

import numpy as np
import pytest

import nngraph


def conv_ref(x, w, b, strides, pads, dilations, group):
    """ONNX Conv by direct loops over the kernel window, in float64."""
    x = x.astype(np.float64)
    w = w.astype(np.float64)
    n, c, h, wd = x.shape
    f, cg, kh, kw = w.shape
    (sh, sw), (dh, dw) = strides, dilations
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    oh = (xp.shape[2] - dh * (kh - 1) - 1) // sh + 1
    ow = (xp.shape[3] - dw * (kw - 1) - 1) // sw + 1
    out = np.zeros((n, f, oh, ow))
    fg = f // group
    for g in range(group):
        xs = xp[:, g * cg:(g + 1) * cg]
        ws = w[g * fg:(g + 1) * fg]
        for i in range(kh):
            for j in range(kw):
                patch = xs[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh,
                           j * dw:j * dw + sw * (ow - 1) + 1:sw]
                out[:, g * fg:(g + 1) * fg] += np.einsum(
                    "nchw,fc->nfhw", patch, ws[:, :, i, j])
    if b is not None:
        out += b.reshape(1, -1, 1, 1)
    return out


def compile_text(text, weights=None, **options):
    """The Executable of an MLIR module given as text, with `weights`
    (name -> array) bound as its weights."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.mlir")
        with open(path, "w") as fh:
            fh.write(text)
        model = nngraph.load(path)
        model.weights.update(weights or {})
        return nngraph.compile(model, **options)


def out_size(size, k, s, d, lo, hi):
    return (size + lo + hi - d * (k - 1) - 1) // s + 1


# (batch, C, H, W, F, K, strides, pads [t, l, b, r], dilations, group)
CASES = {
    "1x1": (1, 32, 14, 14, 64, 1, (1, 1), (0, 0, 0, 0), (1, 1), 1),
    "stem_7x7_s2": (1, 3, 32, 32, 16, 7, (2, 2), (3, 3, 3, 3), (1, 1), 1),
    "3x3_s2_w28": (1, 16, 28, 28, 32, 3, (2, 2), (1, 1, 1, 1), (1, 1), 1),
    "w7": (1, 16, 7, 7, 32, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    "w14": (1, 8, 14, 14, 16, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    "prime_w13_h11": (1, 5, 11, 13, 24, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    "f10_c3": (1, 3, 9, 9, 10, 3, (1, 1), (0, 0, 0, 0), (1, 1), 1),
    "dilation2": (1, 8, 12, 12, 16, 3, (1, 1), (2, 2, 2, 2), (2, 2), 1),
    "asym_pad": (1, 8, 10, 10, 16, 3, (1, 1), (0, 1, 2, 1), (1, 1), 1),
    "batch8": (8, 8, 14, 14, 16, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    "depthwise": (1, 32, 14, 14, 32, 3, (1, 1), (1, 1, 1, 1), (1, 1), 32),
    "depthwise_s2_w7": (1, 24, 7, 7, 24, 3, (2, 2), (1, 1, 1, 1), (1, 1), 24),
    # A prime row wider than the depthwise tile of 8: 8 + a peeled 5.
    "depthwise_w13": (1, 16, 13, 13, 16, 3, (1, 1), (1, 1, 1, 1), (1, 1), 16),
    "grouped": (1, 8, 9, 9, 8, 3, (1, 1), (1, 1, 1, 1), (1, 1), 2),
    # Filter larger than the image and several output-channel tiles: the
    # packed filter (nngraph-cpu-pack-weights), channel tiles outside.
    "deep_c64_f96": (1, 64, 7, 7, 96, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    # F 24 on AVX-512: half-vector channel tiles, 14 pixels per tile.
    "1x1_f24_w56": (1, 32, 3, 56, 24, 1, (1, 1), (0, 0, 0, 0), (1, 1), 1),
    # F 40, a multiple of 8 only, and a row of 13.
    "1x1_f40_w13": (1, 64, 13, 13, 40, 1, (1, 1), (0, 0, 0, 0), (1, 1), 1),
}


def conv_module(case, epilogue):
    n, c, h, w, f, k, s, p, d, g = case
    oh = out_size(h, k, s[0], d[0], p[0], p[2])
    ow = out_size(w, k, s[1], d[1], p[1], p[3])
    x_t = f"tensor<{n}x{c}x{h}x{w}xf32>"
    w_t = f"tensor<{f}x{c // g}x{k}x{k}xf32>"
    b_t = f"tensor<{f}xf32>"
    o_t = f"tensor<{n}x{f}x{oh}x{ow}xf32>"
    attrs = (f"strides = array<i64: {s[0]}, {s[1]}>, "
             f"pads = array<i64: {', '.join(map(str, p))}>, "
             f"dilations = array<i64: {d[0]}, {d[1]}>, group = {g} : i64")
    body = (f"    %0 = nngraph.conv %x, %w, %b {{{attrs}}} : "
            f"({x_t}, {w_t}, {b_t}) -> {o_t}\n")
    args = f"%x: {x_t}, %w: {w_t}, %b: {b_t}"
    result = "%0"
    if epilogue:
        args += f", %r: {o_t}"
        body += (f"    %1 = nngraph.relu %0 : ({o_t}) -> {o_t}\n"
                 f"    %2 = nngraph.add %1, %r : ({o_t}, {o_t}) -> {o_t}\n")
        result = "%2"
    return (f"func.func @main({args}) -> {o_t} {{\n{body}"
            f"    return {result} : {o_t}\n}}\n"), (n, f, oh, ow)


@pytest.mark.parametrize("epilogue", [False, True], ids=["plain", "relu_add"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_conv_matches_reference(name, epilogue):
    case = CASES[name]
    text, out_shape = conv_module(case, epilogue)
    n, c, h, w, f, k, s, p, d, g = case
    rng = np.random.default_rng(abs(hash(name)) % 2**32)
    x = rng.uniform(-1, 1, (n, c, h, w)).astype(np.float32)
    wt = rng.uniform(-1, 1, (f, c // g, k, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (f,)).astype(np.float32)
    args = [x, wt, b]
    ref = conv_ref(x, wt, b, s, p, d, g)
    if epilogue:
        r = rng.uniform(-1, 1, out_shape).astype(np.float32)
        args.append(r)
        ref = np.maximum(ref, 0) + r
    (out,) = compile_text(text)(*args)
    assert out.shape == out_shape
    scale = np.abs(ref).max()
    np.testing.assert_allclose(out, ref, rtol=0, atol=2e-5 * max(scale, 1.0))


def test_fire_module_concat():
    """SqueezeNet's fire module: a squeeze 1x1 conv feeding a 1x1 and a
    padded 3x3 expand conv, concatenated along channels, then a conv. The
    concat happens channels-last (the permutations move into its pieces)
    and the expand convs write straight into it."""
    c, h, s, e, f = 8, 9, 4, 8, 6
    text = f"""func.func @main(%x: tensor<1x{c}x{h}x{h}xf32>,
    %w0: tensor<{s}x{c}x1x1xf32>, %b0: tensor<{s}xf32>,
    %w1: tensor<{e}x{s}x1x1xf32>, %b1: tensor<{e}xf32>,
    %w2: tensor<{e}x{s}x3x3xf32>, %b2: tensor<{e}xf32>,
    %w3: tensor<{f}x{2 * e}x1x1xf32>) -> tensor<1x{f}x{h}x{h}xf32> {{
  %0 = nngraph.conv %x, %w0, %b0 : (tensor<1x{c}x{h}x{h}xf32>, tensor<{s}x{c}x1x1xf32>, tensor<{s}xf32>) -> tensor<1x{s}x{h}x{h}xf32>
  %1 = nngraph.relu %0 : (tensor<1x{s}x{h}x{h}xf32>) -> tensor<1x{s}x{h}x{h}xf32>
  %2 = nngraph.conv %1, %w1, %b1 : (tensor<1x{s}x{h}x{h}xf32>, tensor<{e}x{s}x1x1xf32>, tensor<{e}xf32>) -> tensor<1x{e}x{h}x{h}xf32>
  %3 = nngraph.relu %2 : (tensor<1x{e}x{h}x{h}xf32>) -> tensor<1x{e}x{h}x{h}xf32>
  %4 = nngraph.conv %1, %w2, %b2 {{pads = array<i64: 1, 1, 1, 1>}} : (tensor<1x{s}x{h}x{h}xf32>, tensor<{e}x{s}x3x3xf32>, tensor<{e}xf32>) -> tensor<1x{e}x{h}x{h}xf32>
  %5 = nngraph.relu %4 : (tensor<1x{e}x{h}x{h}xf32>) -> tensor<1x{e}x{h}x{h}xf32>
  %6 = nngraph.concat %3, %5 {{axis = 1 : i64}} : (tensor<1x{e}x{h}x{h}xf32>, tensor<1x{e}x{h}x{h}xf32>) -> tensor<1x{2 * e}x{h}x{h}xf32>
  %7 = nngraph.conv %6, %w3 : (tensor<1x{2 * e}x{h}x{h}xf32>, tensor<{f}x{2 * e}x1x1xf32>) -> tensor<1x{f}x{h}x{h}xf32>
  return %7 : tensor<1x{f}x{h}x{h}xf32>
}}
"""
    rng = np.random.default_rng(7)
    u = lambda *shape: rng.uniform(-1, 1, shape).astype(np.float32)
    args = [u(1, c, h, h), u(s, c, 1, 1), u(s), u(e, s, 1, 1), u(e),
            u(e, s, 3, 3), u(e), u(f, 2 * e, 1, 1)]
    x, w0, b0, w1, b1, w2, b2, w3 = args
    one, pad = ((1, 1), (0, 0, 0, 0), (1, 1), 1), ((1, 1), (1, 1, 1, 1),
                                                    (1, 1), 1)
    sq = np.maximum(conv_ref(x, w0, b0, *one), 0)
    cat = np.concatenate([np.maximum(conv_ref(sq, w1, b1, *one), 0),
                          np.maximum(conv_ref(sq, w2, b2, *pad), 0)], axis=1)
    ref = conv_ref(cat, w3, None, *one)
    (out,) = compile_text(text)(*args)
    np.testing.assert_allclose(out, ref, rtol=0,
                               atol=2e-5 * max(np.abs(ref).max(), 1.0))


# Winograd (nngraph-cpu-winograd): 3x3, stride 1, weights known to be
# weights (role "weight"), at least 16 output tiles of 4x4.
WINOGRAD_CASES = {
    # ResNet-18's first stage.
    "c64_w56": (1, 64, 56, 56, 64, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    # 14 = 3 tiles of 4 + 2: the last tiles computed on zeros and sliced.
    "w14": (1, 8, 14, 14, 16, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    # Tiles across the batch; F 24 (8-lane vectors), rows of 13 and 11.
    "batch2_f24_h13_w11": (2, 16, 13, 11, 24, 3, (1, 1), (1, 1, 1, 1),
                           (1, 1), 1),
    "batch8": (8, 8, 14, 14, 16, 3, (1, 1), (1, 1, 1, 1), (1, 1), 1),
    # No padding: the input is padded for the tiles only.
    "valid_w18": (1, 16, 18, 18, 16, 3, (1, 1), (0, 0, 0, 0), (1, 1), 1),
}


@pytest.mark.parametrize("m", [4, 2])
@pytest.mark.parametrize("epilogue", [False, True], ids=["plain", "relu_add"])
@pytest.mark.parametrize("name", sorted(WINOGRAD_CASES))
def test_winograd_matches_reference(name, epilogue, m):
    case = WINOGRAD_CASES[name]
    text, out_shape = conv_module(case, epilogue)
    for arg in ("%w", "%b"):
        start = text.index(arg + ": tensor<")
        end = text.index(">", start) + 1
        text = text[:end] + ' {nngraph.role = "weight"}' + text[end:]
    n, c, h, w, f, k, s, p, d, g = case
    rng = np.random.default_rng(abs(hash(name)) % 2**32)
    x = rng.uniform(-1, 1, (n, c, h, w)).astype(np.float32)
    wt = rng.uniform(-1, 1, (f, c, k, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (f,)).astype(np.float32)
    weights = {"arg1": wt, "arg2": b}
    args = [x]
    ref = conv_ref(x, wt, b, s, p, d, g)
    if epilogue:
        r = rng.uniform(-1, 1, out_shape).astype(np.float32)
        args.append(r)
        ref = np.maximum(ref, 0) + r
    (out,) = compile_text(text, weights, winograd=m)(*args)
    assert out.shape == out_shape
    scale = np.abs(ref).max()
    np.testing.assert_allclose(out, ref, rtol=0, atol=2e-5 * max(scale, 1.0))
    # It did run as Winograd: the direct convolution rounds otherwise.
    (direct,) = compile_text(text, weights, winograd=0)(*args)
    assert not np.array_equal(out, direct)


def test_winograd_option_checked():
    text, _ = conv_module(CASES["w14"], False)
    with pytest.raises(ValueError, match="winograd must be 0, 2 or 4"):
        compile_text(text, winograd=3)
