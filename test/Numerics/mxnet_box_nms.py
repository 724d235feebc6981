#!/usr/bin/env python3
"""MXNet box_nms against MXNet 1.9.1: random detection batches (integer
class ids, boxes that overlap, some repeated scores, some scores below the
threshold) under each attribute combination, as an MXNet symbol JSON run
by nngraph-run; the outputs must be equal (the survivors are rows copied
from the input, coordinates converted in float32 the same way).

Prints one line per case and a summary; exits non-zero on a mismatch."""
import argparse
import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np


def make_boxes(rng, shape, width, coords, score, ident, fmt):
    x = np.zeros(shape + (width,), np.float32)
    x[...] = rng.uniform(0, 1, x.shape)
    # Scores from a small set, so that equal scores occur.
    x[..., score] = rng.choice(np.linspace(0.0, 1.0, 9), shape)
    if ident >= 0:
        x[..., ident] = rng.integers(0, 3, shape)
    # Boxes clustered so that many overlap; a few are degenerate.
    c = rng.uniform(0.2, 0.8, shape + (2,))
    size = rng.uniform(0.05, 0.4, shape + (2,))
    if fmt == "corner":
        box = np.concatenate([c - size / 2, c + size / 2], axis=-1)
    else:
        box = np.concatenate([c, size], axis=-1)
    box[..., 0][rng.uniform(0, 1, shape) < 0.05] = -0.1
    x[..., coords:coords + 4] = box
    return x


def cases():
    # (shape of the batch dims + N, width, coord_start, score_index,
    #  id_index, attrs)
    yield (2, 12), 6, 2, 1, 0, {}
    yield (2, 12), 6, 2, 1, 0, {"force_suppress": True}
    yield (3, 20), 6, 2, 1, 0, {"topk": 5, "overlap_thresh": 0.3}
    yield (20,), 6, 2, 1, 0, {"valid_thresh": 0.4, "background_id": 1}
    yield (2, 2, 15), 6, 2, 1, -1, {"overlap_thresh": 0.2}
    yield (2, 15), 7, 0, 4, 6, {"in_format": "center", "topk": 8}
    yield (2, 15), 6, 2, 1, 0, {"in_format": "center",
                                "out_format": "corner"}
    yield (2, 15), 6, 2, 1, 0, {"out_format": "center"}
    yield (1, 30), 5, 1, 0, -1, {"topk": 0}
    yield (1, 40), 6, 2, 1, 0, {"topk": 100, "valid_thresh": 2.0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True, help="nngraph-run")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    import mxnet as mx  # noqa: E402  (only when the test runs)

    rng = np.random.default_rng(args.seed)
    tmp = tempfile.mkdtemp(prefix="nngraph-nms-")
    failures = 0
    for n, (shape, width, coords, score, ident, attrs) in enumerate(cases()):
        fmt = attrs.get("in_format", "corner")
        x = make_boxes(rng, shape, width, coords, score, ident, fmt)
        kw = dict(attrs, coord_start=coords, score_index=score,
                  id_index=ident)
        sym = mx.sym.contrib.box_nms(mx.sym.var("data"), **kw)
        ref = mx.nd.contrib.box_nms(mx.nd.array(x), **kw).asnumpy()
        path = os.path.join(tmp, f"nms{n}-symbol.json")
        with open(path, "w") as f:
            f.write(sym.tojson())
        np.save(os.path.join(tmp, "data.npy"), x)
        out = os.path.join(tmp, f"out{n}")
        r = subprocess.run(
            [args.run, path, "--input", f"data={tmp}/data.npy",
             "--input-shape", "data=" + "x".join(map(str, x.shape)),
             "--output-dir", out], capture_output=True, text=True,
            timeout=300)
        desc = " ".join(f"{k}={v}" for k, v in sorted(kw.items()))
        if r.returncode != 0:
            print(f"case {n} ({desc}): nngraph-run failed: "
                  f"{r.stderr.strip()[:300]}")
            failures += 1
            continue
        got = np.load(os.path.join(out, os.listdir(out)[0]))
        kept = int(np.sum(ref[..., score] != -1))
        if got.shape == ref.shape and np.array_equal(got, ref):
            print(f"case {n} ({desc}): {x.shape}, {kept} kept: equal")
        else:
            bad = (np.argwhere(got != ref)[:3].tolist()
                   if got.shape == ref.shape else got.shape)
            print(f"case {n} ({desc}): MISMATCH at {bad}")
            failures += 1
    print(f"box_nms: {n + 1 - failures} of {n + 1} cases equal")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
