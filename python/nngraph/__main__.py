"""Command line of the nngraph package, mirroring the C++ tools.

  python -m nngraph convert MODEL --to FORMAT [-o OUT] [--params P]
                            [--export-params P] [--input-shape name=1x3x8x8]
  python -m nngraph run MODEL [--input NAME=FILE.npy] [--params P]
                        [--input-shape ...] [--random-inputs SEED]
                        [--random-weights SEED] [--output-dir DIR]
                        [--repeat N] [--top-k K] [--profile] [--threads N]
"""

import argparse
import os
import sys
import time

import numpy as np

import nngraph
from nngraph import _nngraph


def _load(args) -> "nngraph.Model":
    return nngraph.load(args.model, format=args.format, params=args.params,
                        input_shapes=args.input_shape,
                        random_weights=getattr(args, "random_weights", None),
                        strict=args.strict, lenient=args.lightnet_lenient,
                        undefined_as_inputs=args.lightnet_undefined_as_inputs)


def _convert(args) -> int:
    model = _load(args)
    text = model.export(args.to, params_path=args.export_params)
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


def _run(args) -> int:
    arrays = {}
    for spec in args.input or []:
        name, _, path = spec.partition("=")
        if not path:
            raise SystemExit(f"--input expects NAME=FILE.npy, got '{spec}'")
        arrays[name] = np.load(path)
    # Parsed once here; inputs given as float32 .npy files have the shape of
    # the file unless told otherwise, as in nngraph-run.
    shapes = {}
    for spec in args.input_shape or []:
        name, dims, dtype = _nngraph.parse_input_shape(spec)
        shapes[name] = (dims, dtype)
    for name, a in arrays.items():
        if name not in shapes and a.dtype == np.float32:
            shapes[name] = (list(a.shape), "")
    args.input_shape = [(n, d, t) for n, (d, t) in shapes.items()]
    start = time.perf_counter()
    model = _load(args)
    exe = nngraph.compile(model, threads=args.threads)
    compile_seconds = time.perf_counter() - start
    # nngraph-run's binding policy: named arrays, else random values.
    choices, _, _ = _nngraph.plan_inputs(
        [(s.name, False, True) for s in exe.inputs], [], list(arrays),
        args.random_inputs, None)
    feeds = {}
    for spec, (source, seed, low, high) in zip(exe.inputs, choices):
        if source == "named":
            feeds[spec.name] = arrays[spec.name]
        else:
            feeds[spec.name] = _nngraph.random_array(
                list(spec.shape), spec.dtype, seed, low, high)
    timing = exe.benchmark(repeat=args.repeat or 1, warmup=0, **feeds)
    outputs = exe(**feeds)
    for spec, a in zip(exe.outputs, outputs):
        print(_nngraph.summarize(spec.name, np.ascontiguousarray(a),
                                 args.top_k))
        if args.output_dir:
            os.makedirs(args.output_dir, exist_ok=True)
            safe = "".join("_" if c in "/: " else c for c in spec.name)
            np.save(os.path.join(args.output_dir, safe + ".npy"), a)
    print(f"compile time: {compile_seconds:.3f} s")
    print(f"run time (median of {timing['repeat']}): {timing['median']:.6f} s")
    if args.profile:
        _profile(model, exe, outputs, feeds, args.repeat or 10)
    return 0


def _profile(model, exe, outputs, feeds, runs) -> None:
    """--profile: nngraph-run's per-layer table, from a profiled build run
    after each run of the plain one, and whether both builds agree."""
    profiled = nngraph.compile(model, profile=True)
    prof = profiled.profile(runs=runs, warmup=1, baseline=exe, **feeds)
    print(prof, end="")
    same = all(np.array_equal(a, b, equal_nan=True)
               for a, b in zip(outputs, prof.outputs))
    print("profiled outputs: " + ("identical to the unprofiled run's" if same
                                  else "differ from the unprofiled run's"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nngraph",
                                     description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("model")
        p.add_argument("--format", choices=nngraph.FORMATS)
        p.add_argument("--params", help="weights file of the model (.params)")
        p.add_argument("--input-shape", action="append",
                       help="graph input shape, name=1x3x224x224")
        p.add_argument("--strict", action="store_true",
                       help="unknown operators are errors")
        p.add_argument("--lightnet-lenient", action="store_true",
                       help="LightNet: strip comments and trailing commas")
        p.add_argument("--lightnet-undefined-as-inputs", action="store_true",
                       help="LightNet: undefined tensors become graph inputs")

    c = sub.add_parser("convert", help="convert a model to another format")
    common(c)
    c.add_argument("--to", required=True, choices=nngraph.EXPORT_FORMATS)
    c.add_argument("-o", "--output", help="output file (default: stdout)")
    c.add_argument("--export-params",
                   help="also write the weights (.params), for formats that "
                        "write weights files")
    c.add_argument("--random-weights", type=int)
    c.set_defaults(func=_convert)

    r = sub.add_parser("run", help="compile a model for the CPU and run it")
    common(r)
    r.add_argument("--input", action="append", help="NAME=FILE.npy")
    r.add_argument("--random-inputs", type=int, default=0)
    r.add_argument("--random-weights", type=int, default=1)
    r.add_argument("--output-dir")
    r.add_argument("--repeat", type=int,
                   help="timed runs (default 1; with --profile 10)")
    r.add_argument("--profile", action="store_true",
                   help="also time each layer, as nngraph-run --profile")
    r.add_argument("--top-k", type=int, default=0)
    r.add_argument("--threads", type=int,
                   help="threads of the parallel loops (default: "
                        "NNGRAPH_NUM_THREADS, else the number of CPUs)")
    r.set_defaults(func=_run)

    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except nngraph.DiagnosticError as e:
        for d in e.diagnostics:
            print(str(d), file=sys.stderr)
        return 1
    except (ValueError, TypeError, FileNotFoundError) as e:
        print(f"python -m nngraph: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
