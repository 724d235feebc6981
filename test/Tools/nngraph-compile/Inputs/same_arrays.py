"""Compares the .npy files of two directories: the same names, dtypes,
shapes and bytes (bit for bit). Prints one line per array; exits 1 on the
first difference, naming it."""
import os
import sys

import numpy as np

a_dir, b_dir = sys.argv[1], sys.argv[2]
names = sorted(os.listdir(a_dir))
if names != sorted(os.listdir(b_dir)):
    sys.exit(f"different files: {names} and {sorted(os.listdir(b_dir))}")
for name in names:
    a, b = np.load(os.path.join(a_dir, name)), np.load(os.path.join(b_dir, name))
    if a.dtype != b.dtype or a.shape != b.shape or a.tobytes() != b.tobytes():
        diff = np.abs(a.astype(np.float64) - b.astype(np.float64)).max() \
            if a.shape == b.shape else "shapes differ"
        sys.exit(f"{name}: differ ({a.dtype}{list(a.shape)} vs "
                 f"{b.dtype}{list(b.shape)}, max |difference| {diff})")
    print(f"{name}: identical {a.dtype}{list(a.shape)}")
