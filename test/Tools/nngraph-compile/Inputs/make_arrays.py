"""The inputs of the nngraph-compile tests, in the directory argv[1]: x.npy
(the conv model's float32 [1, 3, 6, 6]), wide.npy (one column too many) and
int.npy (int32)."""
import sys

import numpy as np

d = sys.argv[1]
r = np.random.RandomState(3)
np.save(f"{d}/x.npy", r.rand(1, 3, 6, 6).astype(np.float32))
np.save(f"{d}/wide.npy", r.rand(1, 3, 6, 7).astype(np.float32))
np.save(f"{d}/int.npy", np.zeros((1, 3, 6, 6), np.int32))
