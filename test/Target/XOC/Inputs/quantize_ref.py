"""Checks nngraph-run's outputs of quantize.json against ONNX's formulas."""
import sys
import numpy as np

inputs, outputs = sys.argv[1], sys.argv[2]
x = np.load(f"{inputs}/x.npy")
a = np.load(f"{inputs}/a.npy")
img = np.load(f"{inputs}/img.npy")
out = {n: np.load(f"{outputs}/{n}.npy")
       for n in ("q", "dq", "y", "y_scale", "y_zero_point", "conv")}

scale = np.array([0.5, 1.0, 2.0], np.float32).reshape(1, 3)
zp = np.array([128, 0, 10], np.int32).reshape(1, 3)
q = np.clip(np.rint(x / scale).astype(np.int32) + zp, 0, 255).astype(np.uint8)
dq = (a.astype(np.float32) - np.float32(100)) * np.float32(0.25)
hi, lo = np.float32(max(0, x.max())), np.float32(min(0, x.min()))
y_scale = np.float32((hi - lo) if hi != lo else 1) / np.float32(255)
y_zp = np.rint(np.clip(np.float32(0) - lo / y_scale, 0, 255))
y = np.clip(np.rint(x / y_scale) + y_zp, 0, 255).astype(np.uint8)

# ConvInteger: (img - 10) conv (w - [1, 2] per output channel), int32.
xi = img.astype(np.int32)[0, 0] - 10
w = np.arange(1, 9, dtype=np.int32).reshape(2, 2, 2) - np.array([1, 2]).reshape(2, 1, 1)
conv = np.array([[[(xi[i:i + 2, j:j + 2] * w[m]).sum() for j in range(2)]
                  for i in range(2)] for m in range(2)], np.int32)[None]

for name, want in (("q", q), ("dq", dq), ("y", y), ("conv", conv),
                   ("y_scale", np.array(y_scale)),
                   ("y_zero_point", np.array(y_zp.astype(np.uint8)))):
    got = out[name]
    assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
    assert np.array_equal(got, want), (name, got, want)
print("quantization agrees")
