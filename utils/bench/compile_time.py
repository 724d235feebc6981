#!/usr/bin/env python3
"""Compile time of nngraph on MXNet's gluon vision model zoo.

Issue 15's target: ResNet-50 compiles in at most 5 s, and no model of
mxnet.gluon.model_zoo.vision (34 models) takes over 10 s.

Each model is built as in cpu_bench.py (pretrained=False, weights from a
fixed seed, exported as a symbol JSON + .params pair), loaded with
nngraph.load and compiled with nngraph.compile in a child process of its
own, with NNGRAPH_TIMING=1: the child reports the wall and CPU time of
the nngraph.compile call, the CPU time of its phases (the MLIR pipeline;
LLVM optimisation and code generation, which run on several threads, one
partition of the module each; the rest: translation to LLVM IR, linking,
set-up) and the median run time of a batch of 1. Models that do not build
or compile are listed with the error. Compile times above issue 15's
limits are flagged (ResNet-50 against 5 s, the rest 10 s): the wall time,
which is what a user waits for; it means something only on an idle
machine (the load average is printed before and after). The CPU time is
shown beside it; --compile-threads 1 makes the two the same
(NNGRAPH_COMPILE_THREADS).

The script exits non-zero only when a model fails to import or compile,
never on a slow one. Timings depend on the load of the machine: compare
figures from one run.

Usage:
  PYTHONPATH=build/python_packages python utils/bench/compile_time.py
  PYTHONPATH=build/python_packages python utils/bench/compile_time.py \\
      --models resnet50_v1,mobilenetv2_1.0 --repeat 10 --json out.json
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# mxnet.gluon.model_zoo.vision.get_model's names, in its order.
ZOO = [
    "resnet18_v1", "resnet34_v1", "resnet50_v1", "resnet101_v1",
    "resnet152_v1", "resnet18_v2", "resnet34_v2", "resnet50_v2",
    "resnet101_v2", "resnet152_v2", "vgg11", "vgg13", "vgg16", "vgg19",
    "vgg11_bn", "vgg13_bn", "vgg16_bn", "vgg19_bn", "alexnet",
    "densenet121", "densenet161", "densenet169", "densenet201",
    "squeezenet1.0", "squeezenet1.1", "inceptionv3", "mobilenet1.0",
    "mobilenet0.75", "mobilenet0.5", "mobilenet0.25", "mobilenetv2_1.0",
    "mobilenetv2_0.75", "mobilenetv2_0.5", "mobilenetv2_0.25",
]
# Issue 15's limits in seconds: ResNet-50 (both versions) and the rest.
RESNET50_LIMIT = 5.0
LIMIT = 10.0

# The NNGRAPH_TIMING report's phases (Executable::compile) -> column.
PHASES = {
    "MLIR: nngraph-cpu-pipeline": "mlir",
    "JIT: LLVM optimisation + code generation (parallel)": "llvm",
    "JIT: translation to LLVM IR + setup": "translate",
    "JIT: linking": "link",
}


def input_shape(name):
    return (3, 299, 299) if name.startswith("inception") else (3, 224, 224)


def child(name, repeat, threads):
    """Builds, compiles and runs `name`; prints one JSON line last."""
    spec = importlib.util.spec_from_file_location(
        "cpu_bench", os.path.join(HERE, "cpu_bench.py"))
    cpu_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cpu_bench)
    import numpy as np
    import nngraph
    result = {"model": name}
    try:
        cpu_bench.MODELS[name] = (name, input_shape(name))
        tmp = tempfile.mkdtemp()
        built = cpu_bench.build_model(name, tmp, 0)
        if isinstance(built, str):
            raise RuntimeError(built)
        sym, params_path, _, shape = built
        model = nngraph.load(sym, params=params_path,
                             input_shapes={"data": (1,) + shape})
    except Exception as e:  # pylint: disable=broad-except
        result["error"] = f"import: {type(e).__name__}: {e}"
        print(json.dumps(result), flush=True)
        return
    try:
        options = {"threads": threads} if threads else {}
        start, cpu = time.perf_counter(), time.process_time()
        exe = nngraph.compile(model, **options)
        result["compile"] = time.perf_counter() - start
        result["compile_cpu"] = time.process_time() - cpu
    except Exception as e:  # pylint: disable=broad-except
        result["error"] = f"compile: {type(e).__name__}: {e}"
        print(json.dumps(result), flush=True)
        return
    x = np.random.default_rng(0).random((1,) + shape, dtype=np.float32)
    outputs = exe(x)
    result["finite"] = all(bool(np.isfinite(o).all()) for o in outputs)
    if repeat:
        result["run"] = exe.benchmark(x, repeat=repeat)["median"]
    print(json.dumps(result), flush=True)


def parse_phases(stderr):
    """The CPU seconds (user + system) of each phase in an NNGRAPH_TIMING
    report."""
    phases = {}
    for line in stderr.splitlines():
        for label, key in PHASES.items():
            if line.rstrip().endswith(label):
                # User, System, User+System, Wall: "<seconds> (<percent>)".
                seconds = re.findall(r"([0-9.]+) \(\s*[0-9.]+%\)", line)
                if len(seconds) == 4:
                    phases[key] = float(seconds[2])
    return phases


def run_model(name, args):
    env = dict(os.environ, NNGRAPH_TIMING="1")
    if args.compile_threads:
        env["NNGRAPH_COMPILE_THREADS"] = str(args.compile_threads)
    cmd = [sys.executable, os.path.abspath(__file__), "--child", name,
           "--repeat", str(args.repeat), "--threads", str(args.threads)]
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                              timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"model": name, "error": f"timed out after {args.timeout} s"}
    lines = [l for l in proc.stdout.splitlines() if l.startswith("{")]
    if not lines:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"model": name,
                "error": f"child exited with {proc.returncode}: {tail}"}
    result = json.loads(lines[-1])
    result.update(parse_phases(proc.stderr))
    return result


def limit_of(name):
    return RESNET50_LIMIT if name.startswith("resnet50") else LIMIT


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", help="comma list (default: the 34 models "
                    "of the zoo): " + ",".join(ZOO))
    ap.add_argument("--repeat", type=int, default=5,
                    help="timed runs per model (0: do not run)")
    ap.add_argument("--threads", type=int, default=0,
                    help="nngraph.compile's threads (0: its default)")
    ap.add_argument("--compile-threads", type=int, default=0,
                    help="threads of LLVM's optimisation and code "
                    "generation (0: nngraph's default, the CPUs)")
    ap.add_argument("--timeout", type=int, default=600,
                    help="seconds per model, building and running included")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.repeat, args.threads)
        return 0

    models = args.models.split(",") if args.models else ZOO
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    header = (f"{'model':<18} {'wall s':>6} {'cpu s':>6} {'mlir':>6} "
              f"{'llvm':>6} {'other':>6} {'run ms':>8}")
    print(header)
    print("-" * len(header), flush=True)
    results, over, failed = [], [], []
    for name in models:
        r = run_model(name, args)
        results.append(r)
        if "error" in r:
            failed.append(r)
            print(f"{name:<18} FAILED: {r['error']}", flush=True)
            continue
        c, w = r["compile_cpu"], r["compile"]
        known = sum(r.get(k, 0.0) for k in ("mlir", "llvm"))
        flag = ""
        if w > limit_of(name):
            flag = f"  > {limit_of(name):g} s"
            over.append(name)
        if not r.get("finite", True):
            flag += "  (non-finite output)"
        run = f"{r['run'] * 1e3:8.1f}" if "run" in r else f"{'-':>8}"
        print(f"{name:<18} {w:6.2f} {c:6.2f} "
              f"{r.get('mlir', 0):6.2f} {r.get('llvm', 0):6.2f} "
              f"{max(0.0, c - known):6.2f} {run}{flag}", flush=True)
    done = [r for r in results if "compile" in r]
    print()
    if done:
        worst = max(done, key=lambda r: r["compile"])
        print(f"{len(done)} compiled, {len(failed)} failed; slowest: "
              f"{worst['model']} {worst['compile']:.2f} s wall, "
              f"{worst['compile_cpu']:.2f} s of CPU; total "
              f"{sum(r['compile'] for r in done):.1f} s wall, "
              f"{sum(r['compile_cpu'] for r in done):.1f} s of CPU")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print("over the limit (wall seconds): " + (", ".join(over) if over else "none"))
    for r in failed:
        print(f"failed: {r['model']}: {r['error']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
