#!/usr/bin/env python3
"""Per-layer numerics debugging: which layer of a model is the first whose
outputs differ between nngraph and the reference runtime.

    utils/debug/compare_layers.py model-symbol.json --params model.params \\
        --input data=x.npy [--reference-params other.params] \\
        [--rtol 1e-3] [--atol 1e-4] [--show 5]

Runs the model in nngraph with every node's outputs dumped
(`nngraph-run --dump-intermediates`) and in the reference runtime on the
same weights and inputs with every internal output kept: MXNet 1.9.1 for
MXNet symbol JSON (the symbol's `get_internals()`, bound with the .params
file), ONNX Runtime for XOC JSON (the ONNX model built from the XOC file by
xoc_onnx.py with every node output a graph output; XOC files carry no
weights: sources without --input get random values, --seed, given to both
sides). Then compares them node by node in the reference's graph order and
prints the first layers whose outputs differ beyond the tolerance (not
`np.allclose(nngraph, reference, rtol, atol)`), with the max absolute error
of each and of every layer before them, and the layers that one side lacks
(an nngraph node that the importer folded away, a reference output that
nngraph does not compute as such).

`--reference-params` gives the reference other weights than nngraph's
(default: the same file): a converted model's weights against the
original's. Exit code 0 when every compared layer agrees, 1 when one
differs, 2 when a run fails.
"""

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("model", help="MXNet symbol JSON or XOC JSON")
    p.add_argument("--params", default=None,
                   help="weights (.params; MXNet symbols)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the values of XOC sources without --input")
    p.add_argument("--reference-input", action="append", default=[],
                   metavar="NAME=FILE.npy",
                   help="an XOC source's value for the reference only "
                        "(default: --input's or the seed's)")
    p.add_argument("--reference-params", default=None,
                   help="the reference runtime's weights (default: --params)")
    p.add_argument("--input", action="append", default=[],
                   metavar="NAME=FILE.npy", help="a data input (repeatable)")
    p.add_argument("--rtol", type=float, default=1e-3)
    p.add_argument("--atol", type=float, default=1e-4)
    p.add_argument("--show", type=int, default=5,
                   help="how many differing layers to list (default 5)")
    p.add_argument("--nngraph-run", default=None,
                   help="the nngraph-run to use (default: build/bin's, "
                        "else the PATH's)")
    p.add_argument("--keep", default=None, metavar="DIR",
                   help="keep nngraph's dump in DIR (default: a temporary "
                        "directory, removed)")
    return p.parse_args(argv)


def find_nngraph_run(given):
    if given:
        return given
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "build", "bin", "nngraph-run")
    if os.path.exists(built):
        return os.path.abspath(built)
    return shutil.which("nngraph-run") or "nngraph-run"


def run_nngraph(args, inputs, dump):
    """nngraph's outputs of every node: {name: array}, from the dump."""
    cmd = [find_nngraph_run(args.nngraph_run), args.model, "--threads", "1",
           "--dump-intermediates", dump]
    if args.params:
        cmd += ["--params", args.params]
    for name, path in inputs.items():
        cmd += ["--input", f"{name}={path}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        raise SystemExit(f"compare_layers: nngraph-run failed "
                         f"(exit code {r.returncode})")
    arrays = {}
    with open(os.path.join(dump, "index.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            arrays[row["name"]] = np.load(os.path.join(dump, row["file"]))
    return arrays


def run_mxnet(args, inputs):
    """MXNet's internal outputs in graph order: [(name, array)], named as
    get_internals() names them (NODE_output, NODE_output<i>)."""
    import mxnet as mx
    sym = mx.sym.load(args.model)
    internals = sym.get_internals()
    names = [n for n in internals.list_outputs() if "_output" in n]
    # A SymbolBlock binds a group of internal outputs (Symbol.bind of the
    # internals fails on MXNet 1.9 when variables are outputs too); it
    # warns that it cannot type the inputs before it sees them.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        net = mx.gluon.SymbolBlock(
            mx.sym.Group([internals[n] for n in names]),
            [mx.sym.var(k) for k in inputs])
    loaded = mx.nd.load(args.reference_params or args.params)
    values = {k.split(":", 1)[-1]: v for k, v in loaded.items()}
    missing = []
    for name, param in net.collect_params().items():
        if name in values:
            param._load_init(values[name], mx.cpu())
        elif name.endswith("_label"):
            # A loss layer's label: the batch size, unread at inference.
            param.shape = (next(iter(inputs.values())).shape[0],)
            param.initialize(mx.init.Zero(), ctx=mx.cpu())
        else:
            missing.append(name)
    if missing:
        raise SystemExit("compare_layers: the reference weights have no "
                         "value for " + ", ".join(missing[:8]))
    outs = net(*[mx.nd.array(v) for v in inputs.values()])
    if not isinstance(outs, (list, tuple)):
        outs = [outs]
    # nngraph names a node's dump like the node (NODE for NODE_output), and
    # a graph output like MXNet.
    return [(n, o.asnumpy(), [n, n[:-len("_output")]]
             if n.endswith("_output") else [n])
            for n, o in zip(names, outs)]


def run_onnxruntime(doc, values):
    """ONNX Runtime's outputs of every node of an XOC graph, in graph order:
    [(tensor id, array, nngraph's names for it)]."""
    import onnxruntime as ort
    import xoc_onnx
    g, nodes = xoc_onnx.graph_of(doc)
    ids = [t["id"] for t in g["tensors"]]
    model = xoc_onnx.build_model(doc, values, every_output=True)
    session = ort.InferenceSession(model.SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    names = [o.name for o in session.get_outputs()]
    outs = dict(zip(names, session.run(
        None, {ids[i]: values[i] for i in g["inputs"]})))
    refs = []
    for n in nodes:
        for k, o in enumerate(n["outputs"]):
            if ids[o] not in outs:
                continue
            node = n["id"] if len(n["outputs"]) == 1 \
                else f"{n['id']}_output{k}"
            refs.append((ids[o], outs[ids[o]], [ids[o], node]))
    return refs


def counterpart(candidates, ours):
    """nngraph's dump name among `candidates`, or None."""
    return next((c for c in candidates if c in ours), None)


def main(argv=None):
    args = parse_args(argv)
    inputs = dict(s.split("=", 1) for s in args.input)
    try:
        with open(args.model) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise SystemExit(f"compare_layers: cannot read '{args.model}': {e}")
    graph = doc.get("graph", doc) if isinstance(doc, dict) else None
    if isinstance(doc, dict) and "nodes" in doc and "arg_nodes" in doc:
        kind = "mxnet"
        if not args.input or not args.params:
            raise SystemExit("compare_layers: an MXNet symbol needs --params "
                             "and its data inputs (--input NAME=FILE.npy)")
    elif isinstance(graph, dict) and "tensors" in graph and \
            ("operators" in graph or "nodes" in graph):
        kind = "xoc"
    else:
        raise SystemExit(f"compare_layers: '{args.model}' is neither an "
                         f"MXNet symbol nor an XOC graph (the formats with "
                         f"a reference runtime here: MXNet, ONNX Runtime)")
    dump = args.keep or tempfile.mkdtemp(prefix="nngraph-layers-")
    try:
        if kind == "mxnet":
            ours = run_nngraph(args, inputs, dump)
            refs = run_mxnet(args, {k: np.load(v) for k, v in inputs.items()})
        else:
            import xoc_onnx
            given = {k: np.load(v) for k, v in inputs.items()}
            values = xoc_onnx.source_values(
                doc, np.random.default_rng(args.seed), given)
            for spec in args.reference_input:
                name, path = spec.split("=", 1)
                given[name] = np.load(path)
            reference = xoc_onnx.source_values(
                doc, np.random.default_rng(args.seed), given)
            ids = [t["id"] for t in graph["tensors"]]
            # Every source but the shape tensors (nngraph recovers those
            # from the shapes) goes to nngraph-run as a file.
            files = {}
            for i, v in values.items():
                if v.dtype != np.int64:
                    path = os.path.join(dump, f"source{i}.npy")
                    np.save(path, v)
                    files[ids[i]] = path
            ours = run_nngraph(args, files, os.path.join(dump, "nngraph"))
            refs = run_onnxruntime(doc, reference)
    finally:
        if not args.keep:
            shutil.rmtree(dump, ignore_errors=True)

    compared, differ, missing, used = [], [], [], set()
    for name, ref, candidates in refs:
        mine = counterpart(candidates, ours)
        if mine is None:
            missing.append(name)
            continue
        used.add(mine)
        got = ours[mine]
        if got.shape != ref.shape:
            differ.append((mine, f"shape {list(got.shape)} vs "
                                 f"{list(ref.shape)}", float("inf"), 0.0))
            compared.append((mine, float("inf")))
            continue
        err = float(np.max(np.abs(got.astype(np.float64) - ref))) \
            if ref.size else 0.0
        scale = float(np.max(np.abs(ref))) if ref.size else 0.0
        compared.append((mine, err))
        if not np.allclose(got, ref, rtol=args.rtol, atol=args.atol,
                           equal_nan=True):
            differ.append((mine, "", err, scale))

    print(f"compared {len(compared)} layers in graph order (rtol "
          f"{args.rtol:g}, atol {args.atol:g}); {len(differ)} differ")
    if differ:
        first = differ[0][0]
        print("first layers that differ beyond the tolerance:")
        for mine, why, err, scale in differ[:args.show]:
            detail = why or f"max |error| {err:.3g} (max |reference| {scale:.3g})"
            print(f"  {mine}: {detail}")
        before = [(n, e) for n, e in compared[:[n for n, _ in
                                                 compared].index(first)]]
        if before:
            worst = max(before, key=lambda t: t[1])
            layers = "layer" if len(before) == 1 else "layers"
            agree = "agrees" if len(before) == 1 else "agree"
            print(f"{len(before)} {layers} before {first} {agree} (largest "
                  f"max |error| {worst[1]:.3g}, {worst[0]})")
    elif compared:
        worst = max(compared, key=lambda t: t[1])
        print(f"all layers agree; largest max |error| {worst[1]:.3g} "
              f"({worst[0]})")
    if missing:
        print(f"reference outputs without an nngraph node ({len(missing)}): "
              + ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else ""))
    extra = [n for n in ours if n not in used]
    if extra:
        print(f"nngraph nodes without a reference output ({len(extra)}): "
              + ", ".join(extra[:8]) + (" ..." if len(extra) > 8 else ""))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
