#!/usr/bin/env python3
"""Writes bert-mini-symbol.json: one BERT encoder layer with a
question-answering head, built with MXNet 1.9.1's symbol API from the
operators a gluonnlp BERT export uses (Embedding, LayerNorm, broadcast_axis,
_contrib_div_sqrt_dim, SequenceMask, FullyConnected with flatten=False,
batch_dot, softmax); and seq-ops-symbol.json: the other forms of those
operators (LayerNorm over a middle axis with output_mean_var, SequenceMask
along axis 0 with a fill value, broadcast_axis of the last axis; and
repeat, along an axis and flattened, as Mask R-CNN uses it); and
roi-align-symbol.json: _contrib_ROIAlign, adaptive and with a
fixed sample ratio and aligned; and sort-ops-symbol.json: argsort (both
orders, float32 and int32 indices, along the last and the first axis),
topk (both outputs; the values), sort and gather_nd with float indices,
as Mask R-CNN uses them. Run once; the JSON files are committed beside
this script."""
import os
import sys

import mxnet as mx

V, L, H = 50, 8, 16


def main():
    sym = mx.sym
    data = sym.var("data")                # (B, L) token ids
    types = sym.var("token_types")        # (B, L) 0 or 1
    valid = sym.var("valid_length")       # (B,)
    word = sym.Embedding(data, input_dim=V, output_dim=H, name="word_embed")
    kind = sym.Embedding(types, input_dim=2, output_dim=H,
                         name="token_type_embed")
    pos = sym.var("position_weight", shape=(L, H))
    x = sym.broadcast_add(word + kind, sym.expand_dims(pos, axis=0))
    x = sym.LayerNorm(x, axis=-1, eps=1e-12, name="embed_ln")
    x = sym.SequenceMask(x, valid, use_sequence_length=True, axis=1,
                         name="embed_mask")
    q = sym.FullyConnected(x, num_hidden=H, flatten=False, name="query")
    k = sym.FullyConnected(x, num_hidden=H, flatten=False, name="key")
    v = sym.FullyConnected(x, num_hidden=H, flatten=False, name="value")
    q = sym.contrib.div_sqrt_dim(q, name="scale")
    score = sym.batch_dot(q, k, transpose_b=True, name="score")
    keep = sym.SequenceMask(sym.ones_like(data), valid,
                            use_sequence_length=True, axis=1, value=0,
                            name="key_mask")
    keep = sym.broadcast_axis(sym.expand_dims(keep, axis=1), axis=1, size=L,
                              name="key_mask_rows")
    score = score + (keep - 1) * 10000
    att = sym.softmax(score, axis=-1, name="attention")
    ctx = sym.batch_dot(att, v, name="context")
    out = sym.FullyConnected(ctx, num_hidden=H, flatten=False, name="proj")
    out = sym.LayerNorm(out + x, name="out_ln")
    logits = sym.FullyConnected(out, num_hidden=2, flatten=False,
                                name="qa_logits")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "bert-mini-symbol.json"), "w") as f:
        f.write(logits.tojson())

    x = sym.var("x")                      # (T, B, C)
    lengths = sym.var("lengths")          # (B,)
    norm = sym.LayerNorm(x, axis=1, eps=1e-3, output_mean_var=True,
                         name="mid_ln")
    masked = sym.SequenceMask(norm[0], lengths, use_sequence_length=True,
                              axis=0, value=-1.5, name="time_mask")
    wide = sym.broadcast_axis(sym.sum(norm[2], axis=-1, keepdims=True),
                              axis=2, size=3, name="wide")
    rows = sym.repeat(x, repeats=2, axis=1, name="rep_axis")
    flat = sym.repeat(lengths, repeats=3, name="rep_flat")
    group = sym.Group([masked, norm[1], wide, rows, flat])
    with open(os.path.join(here, "seq-ops-symbol.json"), "w") as f:
        f.write(group.tojson())

    feat = sym.var("feat")                # (2, 3, 12, 10)
    image = sym.var("image")              # (R, 1) batch indices
    box = sym.var("box")                  # (R, 4) in [0, 1)
    corner = sym.slice_axis(box, axis=1, begin=0, end=2) * 8
    extent = sym.slice_axis(box, axis=1, begin=2, end=4) * 8 + 0.5
    rois = sym.concat(image, corner, corner + extent, dim=1, name="rois")
    outs = [sym.contrib.ROIAlign(feat, rois, pooled_size=(3, 2),
                                 spatial_scale=0.5, name="roi_adaptive"),
            sym.contrib.ROIAlign(feat, rois, pooled_size=(2, 2),
                                 spatial_scale=0.75, sample_ratio=2,
                                 aligned=True, name="roi_aligned")]
    with open(os.path.join(here, "roi-align-symbol.json"), "w") as f:
        f.write(sym.Group(outs).tojson())

    x = sym.var("x")                      # (4, 37): no ties (random floats)
    table = sym.var("table")              # (6, 5, 3)
    where = sym.var("where")              # (2, 7): integers as float32
    both = sym.topk(x, k=5, ret_typ="both", name="top5")
    picked = sym.gather_nd(table, where, name="picked")
    outs = [sym.argsort(x, name="order"),
            sym.argsort(x, axis=0, is_ascend=False, dtype="int32",
                        name="order_rows"),
            both[0], both[1],
            sym.topk(x, k=3, axis=0, ret_typ="value", is_ascend=True,
                     name="low3"),
            sym.sort(x, is_ascend=False, name="sorted"),
            picked,
            # Mask R-CNN's pattern: the best rows' indices stacked with
            # their batch index, then gathered.
            sym.gather_nd(x, sym.stack(sym.zeros_like(both[1]).reshape(-1),
                                       both[1].reshape(-1), axis=0),
                          name="best")]
    with open(os.path.join(here, "sort-ops-symbol.json"), "w") as f:
        f.write(sym.Group(outs).tojson())
    return 0


if __name__ == "__main__":
    sys.exit(main())
