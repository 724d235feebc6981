"""The work that depends only on weights (nngraph-lift-weight-transforms)
runs once, at the first call: outputs are the same bits with and without
the split, on every call; other weights give other outputs (a new compile,
or rebind_weights() after an in-place change); models without weights and
models whose weights are constants run too; a filter packed by
output-channel tiles (nngraph-cpu-pack-weights) is packed in the
prepare function and read packed."""

import numpy as np

import nngraph

CONV = """
func.func @main(%x: tensor<1x3x6x6xf32> {nngraph.name = "x"},
                %w: tensor<4x3x3x3xf32> {nngraph.name = "w", nngraph.role = "weight"},
                %b: tensor<4xf32> {nngraph.name = "b", nngraph.role = "weight"},
                %wd: tensor<4x1x3x3xf32> {nngraph.name = "wd", nngraph.role = "weight"})
    -> tensor<1x4x6x6xf32> attributes {nngraph.output_names = ["z"]} {
  %c = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %r = nngraph.relu %c : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %d = nngraph.conv %r, %wd {group = 4 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %d : tensor<1x4x6x6xf32>
}
"""

# A weights blob, as importers given a weights file make them (a dense
# constant would be folded by elementwise fusion already).
CONSTANT = """
func.func @main(%x: tensor<1x2x4x4xf32> {nngraph.name = "x"}) -> tensor<1x2x2x2xf32> {
  %w = nngraph.constant dense_resource<w> : tensor<2x2x2x2xf32>
  %c = nngraph.conv %x, %w {strides = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %c : tensor<1x2x2x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F0000004000004040000080400000A0400000C0400000E04000000041000080BF0000003F0000803E0000004000004040000000C00000803F00000000"
    }
  }
#-}
"""

DATA_ONLY = """
func.func @main(%x: tensor<2x3xf32> {nngraph.name = "x"}, %y: tensor<3xf32> {nngraph.name = "y"}) -> tensor<2x3xf32> {
  %a = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}
"""


# 64 output channels: several register tiles on any SIMD width, so the
# prepared filter is the packed one, (F / F', 3, 3, C, F').
DEEP = """
func.func @main(%x: tensor<1x16x5x5xf32> {nngraph.name = "x"},
                %w: tensor<64x16x3x3xf32> {nngraph.name = "w", nngraph.role = "weight"},
                %b: tensor<64xf32> {nngraph.name = "b", nngraph.role = "weight"})
    -> tensor<1x64x5x5xf32> attributes {nngraph.output_names = ["z"]} {
  %c = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x5x5xf32>, tensor<64x16x3x3xf32>, tensor<64xf32>) -> tensor<1x64x5x5xf32>
  return %c : tensor<1x64x5x5xf32>
}
"""


def load(tmp_path, text, **kwargs):
    path = tmp_path / "model.mlir"
    path.write_text(text)
    return nngraph.load(str(path), **kwargs)


def test_same_outputs_with_and_without_split(tmp_path):
    model = load(tmp_path, CONV, random_weights=1)
    on = nngraph.compile(model)
    off = nngraph.compile(model, lift_weight_transforms=False)
    # The permuted 3x3 weight (4*3*3*3) and depthwise weight (4*3*3).
    assert on.prepared_bytes == 4 * (108 + 36)
    assert off.prepared_bytes == 0
    x = np.random.default_rng(0).uniform(-1, 1, (1, 3, 6, 6)).astype(np.float32)
    (first,) = on(x)
    (second,) = on(x)
    (reference,) = off(x)
    np.testing.assert_array_equal(first, reference)
    np.testing.assert_array_equal(second, reference)
    # Another input, the same prepared weights.
    (other,) = on(x * 2)
    np.testing.assert_array_equal(other, off(x * 2)[0])


def test_other_weights_give_other_outputs(tmp_path):
    model = load(tmp_path, CONV, random_weights=1)
    x = np.random.default_rng(1).uniform(-1, 1, (1, 3, 6, 6)).astype(np.float32)
    (before,) = nngraph.compile(model)(x)
    # Compiled again with other weights.
    changed = nngraph.Model(model._module,
                            {k: v * 2 for k, v in model.weights.items()})
    (doubled,) = nngraph.compile(changed)(x)
    (expected,) = nngraph.compile(changed, lift_weight_transforms=False)(x)
    np.testing.assert_array_equal(doubled, expected)
    assert not np.array_equal(doubled, before)


def test_rebind_after_changing_weights_in_place(tmp_path):
    model = load(tmp_path, CONV, random_weights=1)
    x = np.random.default_rng(2).uniform(-1, 1, (1, 3, 6, 6)).astype(np.float32)
    exe = nngraph.compile(model)
    off = nngraph.compile(model, lift_weight_transforms=False)
    (before,) = exe(x)
    model.weights["w"][...] *= -1
    model.weights["wd"][...] += 1
    (expected,) = off(x)
    assert not np.array_equal(before, expected)
    # Weights are read at the first call after binding: the change is
    # seen after rebind_weights().
    np.testing.assert_array_equal(exe(x)[0], before)
    exe.rebind_weights()
    np.testing.assert_array_equal(exe(x)[0], expected)


def test_constant_weights(tmp_path):
    model = load(tmp_path, CONSTANT)
    on = nngraph.compile(model)
    off = nngraph.compile(model, lift_weight_transforms=False)
    assert on.prepared_bytes == 4 * 16
    x = np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4)
    w = np.array([[[[1, 2], [3, 4]], [[5, 6], [7, 8]]],
                  [[[-1, .5], [.25, 2]], [[3, -2], [1, 0]]]], np.float32)
    expected = np.einsum("nchwij,fcij->nfhw",
                         x.reshape(1, 2, 2, 2, 2, 2).transpose(0, 1, 2, 4, 3, 5),
                         w)
    for _ in range(2):
        np.testing.assert_array_equal(on(x)[0], off(x)[0])
        np.testing.assert_allclose(on(x)[0], expected, rtol=1e-6)


def test_data_only_model(tmp_path):
    model = load(tmp_path, DATA_ONLY)
    exe = nngraph.compile(model)
    assert exe.prepared_bytes == 0
    x = np.ones((2, 3), np.float32)
    y = np.arange(3, dtype=np.float32)
    for _ in range(2):
        np.testing.assert_array_equal(exe(x, y)[0], x + y)


def test_packed_filter_prepared_once(tmp_path):
    model = load(tmp_path, DEEP, random_weights=3)
    on = nngraph.compile(model)
    off = nngraph.compile(model, lift_weight_transforms=False)
    # The packed filter holds the filter's elements, no more (64 divides
    # by every tile).
    assert on.prepared_bytes == 4 * 64 * 16 * 9
    x = np.random.default_rng(1).uniform(-1, 1, (1, 16, 5, 5)).astype(np.float32)
    (reference,) = off(x)
    np.testing.assert_array_equal(on(x)[0], reference)
    np.testing.assert_array_equal(on(x)[0], reference)
    w = model.weights["w"].astype(np.float64)
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    direct = sum(np.einsum("nchw,fc->nfhw", xp[:, :, i:i + 5, j:j + 5],
                           w[:, :, i, j]) for i in range(3) for j in range(3))
    direct += model.weights["b"].reshape(1, -1, 1, 1)
    np.testing.assert_allclose(reference, direct, rtol=0, atol=1e-4)


# A flatten and two fully connected layers (VGG's classifier, small): the
# first transposed weight (N 128, a multiple of every column tile) is
# packed by column tiles in the prepare function and read packed; the
# second (N 10) is not.
DENSE = """
func.func @main(%x: tensor<{m}x8x3x3xf32> {{nngraph.name = "x"}},
                %w1: tensor<128x72xf32> {{nngraph.name = "w1", nngraph.role = "weight"}},
                %b1: tensor<128xf32> {{nngraph.name = "b1", nngraph.role = "weight"}},
                %w2: tensor<10x128xf32> {{nngraph.name = "w2", nngraph.role = "weight"}})
    -> tensor<{m}x10xf32> attributes {{nngraph.output_names = ["z"]}} {{
  %f = nngraph.flatten %x : (tensor<{m}x8x3x3xf32>) -> tensor<{m}x72xf32>
  %h = nngraph.gemm %f, %w1, %b1 {{trans_b = true}} : (tensor<{m}x72xf32>, tensor<128x72xf32>, tensor<128xf32>) -> tensor<{m}x128xf32>
  %r = nngraph.relu %h : (tensor<{m}x128xf32>) -> tensor<{m}x128xf32>
  %z = nngraph.gemm %r, %w2 {{trans_b = true}} : (tensor<{m}x128xf32>, tensor<10x128xf32>) -> tensor<{m}x10xf32>
  return %z : tensor<{m}x10xf32>
}}
"""


def test_packed_dense_weights(tmp_path):
    # Batch 1 (column tile of 4 vectors) and 8 (2 vectors, 8 or 6 rows).
    for m in (1, 8):
        model = load(tmp_path, DENSE.format(m=m), random_weights=5)
        on = nngraph.compile(model)
        off = nngraph.compile(model, lift_weight_transforms=False)
        # Prepared: the packed w1 (its elements, no more) and w2 transposed.
        assert on.prepared_bytes == 4 * (128 * 72 + 10 * 128)
        x = np.random.default_rng(m).uniform(-1, 1, (m, 8, 3, 3)).astype(np.float32)
        (out,) = on(x)
        np.testing.assert_array_equal(out, off(x)[0])
        wt = {k: v.astype(np.float64) for k, v in model.weights.items()}
        h = np.maximum(x.reshape(m, 72).astype(np.float64) @ wt["w1"].T
                       + wt["b1"], 0)
        np.testing.assert_allclose(out, h @ wt["w2"].T, rtol=0, atol=1e-4)
