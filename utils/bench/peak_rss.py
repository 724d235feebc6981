#!/usr/bin/env python3
"""Peak resident memory and wall time of one child process, for the
benchmark scripts in utils/bench; run as a script, the memory target of
issue 15 for one of cpu_bench.py's models:

  peak RSS of a run <= weights + 4 x the largest activation + 150 MB

It builds the model (MXNet gluon model zoo, as cpu_bench.py does), runs it
with nngraph-run in a child process (compile, prepare, --repeat runs on
random inputs) and prints the child's peak RSS beside that target. The
weights are the .params file's tensors; the largest activation is the
largest output of any layer at the given batch (MXNet's shape inference
over the symbol's internals). Extra arguments go to nngraph-run, e.g.
--plan-buffers=0 for the run without an arena.

Example:
  .venv/bin/python utils/bench/peak_rss.py --model resnet18 \\
      --nngraph-run build/bin/nngraph-run -- --threads 1
"""
import os
import subprocess
import tempfile
import time

MB = 1 << 20


def measure(argv):
    """Runs `argv` (stdout discarded); returns (exit status, wall seconds,
    peak RSS in bytes, stderr text). wait4 gives this child's own rusage
    (getrusage(RUSAGE_CHILDREN) would be the maximum over every child so
    far); stderr goes to a file so that a chatty child cannot block."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode(errors="replace")
    # ru_maxrss is in KiB on Linux.
    return child.returncode, wall, usage.ru_maxrss * 1024, text


def model_sizes(sym_path, params, input_shape):
    """(weight bytes, largest activation in bytes, its shape) of an MXNet
    symbol with `params` (name -> numpy array) at `input_shape`."""
    import mxnet as mx
    import numpy as np
    weights = sum(int(np.asarray(v).nbytes) for v in params.values())
    internals = mx.sym.load(sym_path).get_internals()
    _, shapes, _ = internals.infer_shape(data=input_shape)
    largest, shape = 0, None
    for name, out in zip(internals.list_outputs(), shapes):
        # Layer outputs only: arguments and aux states are named without
        # the "_output" suffix.
        if out is None or not name.endswith("_output"):
            continue
        size = int(np.prod(out)) * 4
        if size > largest:
            largest, shape = size, tuple(out)
    return weights, largest, shape


def build(model, batch, tmp):
    """Builds cpu_bench.py's `model` into `tmp`; returns (symbol path,
    params path, input shape, weight bytes, largest activation bytes, its
    shape) or a string saying why not."""
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "cpu_bench", os.path.join(here, "cpu_bench.py"))
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    built = bench.build_model(model, tmp, 0)
    if isinstance(built, str):
        return built
    sym, params_path, params, shape = built
    input_shape = (batch,) + tuple(shape)
    return (sym, params_path, input_shape) + model_sizes(sym, params,
                                                         input_shape)


def main():
    import argparse
    import json
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(
        description="Peak RSS of an nngraph-run of a cpu_bench.py model "
        "against weights + 4 x largest activation + 150 MB")
    parser.add_argument("--model", default="resnet18")
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--nngraph-run",
                        default=os.path.join(root, "build", "bin",
                                             "nngraph-run"))
    parser.add_argument("--build-into", help=argparse.SUPPRESS)
    parser.add_argument("extra", nargs="*",
                        help="more nngraph-run arguments (after --)")
    args = parser.parse_args()
    if args.build_into:
        print(json.dumps(build(args.model, args.batch, args.build_into)))
        return
    # The model is built in a child: ru_maxrss counts the memory of the
    # process that forked the measured one (Python's subprocess uses vfork:
    # until exec, the child runs in the parent's address space), so the
    # measuring process must stay small, without MXNet and the weights.
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--model",
             args.model, "--batch", str(args.batch), "--build-into", tmp],
            check=True, stdout=subprocess.PIPE).stdout
        built = json.loads(out.decode().strip().splitlines()[-1])
        if isinstance(built, str):
            sys.exit(f"{args.model}: {built}")
        sym, params_path, input_shape, weights, largest, largest_shape = built
        argv = [args.nngraph_run, sym, "--params", params_path,
                "--input-shape", "data=" + "x".join(map(str, input_shape)),
                "--random-inputs", "0", "--repeat", str(args.repeat)]
        status, wall, peak, err = measure(argv + args.extra)
    if status != 0:
        sys.exit(f"nngraph-run failed ({status}):\n{err}")
    target = weights + 4 * largest + 150 * MB
    print(f"model {args.model}, batch {args.batch}, "
          f"nngraph-run {' '.join(args.extra) or '(defaults)'}")
    print(f"  weights            {weights / MB:9.1f} MB")
    print(f"  largest activation {largest / MB:9.1f} MB "
          f"{tuple(largest_shape)}")
    print(f"  target             {target / MB:9.1f} MB "
          "(weights + 4 x largest activation + 150 MB)")
    print(f"  peak RSS           {peak / MB:9.1f} MB "
          f"({peak / target:.2f} x target, "
          f"{'within' if peak <= target else 'OVER'}); wall {wall:.1f} s")


if __name__ == "__main__":
    main()
