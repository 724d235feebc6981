#!/usr/bin/env python3
"""CPU benchmark: nngraph beside ONNX Runtime and MXNet, in one run, on the
same weights and inputs; and three kernels beside an FMA peak probe and
numpy's OpenBLAS.

Models (built here from MXNet 1.9.1's gluon model zoo, pretrained=False,
with weights drawn from a fixed seed; the MLP from the corpus): each model
is exported once as an MXNet symbol JSON + .params file, and

  * nngraph loads that pair with the public Python API (nngraph.load,
    nngraph.compile, calling the executable);
  * MXNet runs the same pair in a child process (so that OMP_NUM_THREADS
    and MXNET_* take effect), with the module API (simple_bind);
  * ONNX Runtime runs an ONNX model that this script builds itself from the
    same symbol and weights with onnx.helper (mxnet.onnx does not work with
    the installed onnx).

Every output is checked against MXNet's:
max |a - b| <= TOL * max(1e-6, max |b|). The script exits non-zero only on
a crash or a wrong result, never on a slow one.

Kernels (1 thread, run in a child process whose environment lacks
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, so that numpy's OpenBLAS picks its
own kernel): 1024^3 matmul, 3x3 conv 64->64 at 56x56 and depthwise 3x3
32ch at 112x112, each as a one-node MXNet symbol that nngraph loads and
compiles; against the FMA peak of a small C loop compiled at run time with
``cc -O3 -march=native`` (independent FMA chains on 8-wide and, on AVX-512
hosts, 16-wide vectors) and against numpy in the same process (sgemm;
im2col + sgemm for the conv; shifted multiply-adds for the depthwise).

Timing of a case: one warm-up run (its output is the one checked), then
timed runs until at least --min-runs runs and --min-seconds seconds, at
most --repeat runs, and never past --budget seconds once one run is timed.
Prints median, min and max. Only ratios taken in the same run mean
anything: the hosts behind one machine kind differ by 2x in FMA peak.

Usage:
  PYTHONPATH=build/python_packages python utils/bench/cpu_bench.py --quick
  PYTHONPATH=build/python_packages python utils/bench/cpu_bench.py \\
      --models resnet18,mobilenetv2 --batches 1,8 --threads 1,2 --json out.json
"""
import argparse
import ctypes
import glob
import inspect
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS_MLP = os.path.join(REPO, "..", "shared", "corpus", "nnvm-mxnet",
                          "gluon-djl-mlp-symbol.json")
# The same file, kept in the repository for the numerics tests.
REPO_MLP = os.path.join(REPO, "test", "Numerics", "Inputs", "mlp-symbol.json")

# name -> (gluon model zoo name or None for the corpus MLP, input shape
# without the batch dimension)
MODELS = {
    "resnet18": ("resnet18_v1", (3, 224, 224)),
    "resnet50": ("resnet50_v2", (3, 224, 224)),
    "mobilenetv2": ("mobilenetv2_1.0", (3, 224, 224)),
    "squeezenet": ("squeezenet1.1", (3, 224, 224)),
    "vgg16": ("vgg16", (3, 224, 224)),
    "mlp": (None, (784,)),
}
QUICK_MODELS = ["resnet18", "mobilenetv2", "squeezenet", "mlp"]
TOL = 1e-3
ENV_OPENBLAS = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


def log(msg=""):
    print(msg, flush=True)


def loadavg():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "n/a"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


# --------------------------------------------------------------------------
# Timing


class Policy:
    def __init__(self, repeat, min_runs, min_seconds, budget):
        self.repeat = max(1, repeat)
        self.min_runs = min_runs
        self.min_seconds = min_seconds
        self.budget = budget


def time_runs(fn, policy):
    """Warm-up (returned: its result), then timed runs; returns
    (result of the warm-up, [seconds])."""
    result = fn()
    times = []
    start = time.perf_counter()
    while len(times) < policy.repeat:
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
        elapsed = time.perf_counter() - start
        if elapsed + times[-1] > policy.budget:
            break  # the next run would end past the budget
        if len(times) >= policy.min_runs and elapsed >= policy.min_seconds:
            break
    return result, times


def stats(times):
    if not times:
        return None
    s = sorted(times)
    return {"median": s[len(s) // 2] if len(s) % 2 else
            0.5 * (s[len(s) // 2 - 1] + s[len(s) // 2]),
            "min": s[0], "max": s[-1], "runs": len(s)}


# --------------------------------------------------------------------------
# Models: symbol JSON + params


def random_params(arg_shapes, aux_shapes, fix_gamma, seed):
    """Fan-in scaled weights keep activations of order 1 through deep
    networks (as test/Numerics/mxnet_compare.py does)."""
    rng = np.random.default_rng(seed)
    params = {}
    for a, s in arg_shapes.items():
        if a.endswith("gamma"):
            v = np.ones(s) if a in fix_gamma else rng.uniform(0.8, 1.2, s)
        elif len(s) >= 2:
            v = rng.normal(0, 1.0 / np.sqrt(np.prod(s[1:])), s)
        else:
            v = rng.normal(0, 0.1, s)
        params["arg:" + a] = v.astype(np.float32)
    for a, s in aux_shapes.items():
        v = (rng.uniform(0.5, 1.5, s) if a.endswith("var")
             else rng.normal(0, 0.1, s))
        params["aux:" + a] = v.astype(np.float32)
    return params


def build_model(name, tmp, seed):
    """Writes <tmp>/<name>-symbol.json and <name>-0000.params; returns
    (symbol path, params path, params dict, input shape) or a string saying
    why the model is skipped."""
    import mxnet as mx
    zoo, shape = MODELS[name]
    sym_path = os.path.join(tmp, name + "-symbol.json")
    if zoo is None:
        for src in (CORPUS_MLP, REPO_MLP):
            if os.path.exists(src):
                break
        else:
            return (f"the corpus is absent ({os.path.normpath(CORPUS_MLP)}) "
                    f"and so is {REPO_MLP}")
        if src != CORPUS_MLP:
            log(f"{name}: the corpus is absent; using {REPO_MLP} (the same "
                "model)")
        shutil.copy(src, sym_path)
    else:
        from mxnet.gluon.model_zoo import vision
        mx.random.seed(seed)
        net = vision.get_model(zoo, pretrained=False)
        net.initialize(mx.init.Xavier())
        net.hybridize()
        net(mx.nd.zeros((1,) + shape))
        net.export(os.path.join(tmp, name))
    sym = mx.sym.load(sym_path)
    arg_shapes, _, aux_shapes = sym.infer_shape(data=(1,) + shape)
    args = dict(zip(sym.list_arguments(), arg_shapes))
    args.pop("data")
    aux = dict(zip(sym.list_auxiliary_states(), aux_shapes))
    graph = json.load(open(sym_path))
    fix_gamma = set()
    for node in graph["nodes"]:
        if node["op"] == "BatchNorm" and \
                node.get("attrs", {}).get("fix_gamma", "True") == "True":
            fix_gamma.add(graph["nodes"][node["inputs"][1][0]]["name"])
    params = random_params(args, aux, fix_gamma, seed)
    params_path = os.path.join(tmp, name + "-0000.params")
    mx.nd.save(params_path, {k: mx.nd.array(v) for k, v in params.items()})
    return sym_path, params_path, params, shape


# --------------------------------------------------------------------------
# MXNet symbol -> ONNX (the ops of the models above)


def _tuple(s, default=()):
    if s is None:
        return default
    s = s.strip("()[] ")
    return tuple(int(float(x)) for x in s.split(",") if x.strip())


def _bool(s, default=False):
    if s is None:
        return default
    return s.strip() in ("True", "true", "1")


class Unsupported(Exception):
    pass


def mxnet_to_onnx(sym_path, params, input_shape):
    """Builds an ONNX model (opset 13, dynamic batch) from an MXNet symbol
    JSON and its weights; raises Unsupported for an op it does not know."""
    from onnx import TensorProto, helper, numpy_helper

    graph = json.load(open(sym_path))
    nodes = graph["nodes"]
    weights = {k.split(":", 1)[1]: v for k, v in params.items()}
    onnx_nodes, inits, inputs = [], [], []
    names = {}  # (node index, output index) -> onnx tensor name

    def out(i, k=0):
        return names[(i, k)]

    counter = [0]

    def fresh(base):
        counter[0] += 1
        return f"{base}__{counter[0]}"

    for i, n in enumerate(nodes):
        op, name, a = n["op"], n["name"], n.get("attrs", n.get("param", {}))
        ins = [out(j, k) for j, k, *_ in n["inputs"]]
        y = name + "_output"
        names[(i, 0)] = y
        if op == "null":
            names[(i, 0)] = name
            if name in weights:
                inits.append(numpy_helper.from_array(weights[name], name))
            else:
                inputs.append(name)
            continue
        if op == "Convolution":
            k = _tuple(a.get("kernel"))
            nd = len(k)
            pad = _tuple(a.get("pad"), (0,) * nd)
            ins = ins[:2] if _bool(a.get("no_bias")) else ins[:3]
            onnx_nodes.append(helper.make_node(
                "Conv", ins, [y], name=name, kernel_shape=list(k),
                strides=list(_tuple(a.get("stride"), (1,) * nd)),
                dilations=list(_tuple(a.get("dilate"), (1,) * nd)),
                pads=list(pad) * 2, group=int(a.get("num_group", 1))))
        elif op == "BatchNorm":
            if _bool(a.get("fix_gamma"), True):
                gname = ins[1]
                weights[gname] = np.ones_like(weights[gname])
                for t in inits:
                    if t.name == gname:
                        t.CopyFrom(numpy_helper.from_array(weights[gname],
                                                           gname))
            if int(a.get("axis", 1)) != 1:
                raise Unsupported("BatchNorm with axis != 1")
            onnx_nodes.append(helper.make_node(
                "BatchNormalization", ins[:5], [y], name=name,
                epsilon=float(a.get("eps", 1e-3))))
        elif op == "Activation":
            act = {"relu": "Relu", "sigmoid": "Sigmoid", "tanh": "Tanh",
                   "softrelu": "Softplus"}.get(a.get("act_type"))
            if act is None:
                raise Unsupported(f"Activation {a.get('act_type')}")
            onnx_nodes.append(helper.make_node(act, ins, [y], name=name))
        elif op == "clip":
            lo, hi = fresh(name + "_min"), fresh(name + "_max")
            inits.append(numpy_helper.from_array(
                np.array(float(a["a_min"]), np.float32), lo))
            inits.append(numpy_helper.from_array(
                np.array(float(a["a_max"]), np.float32), hi))
            onnx_nodes.append(helper.make_node("Clip", [ins[0], lo, hi], [y],
                                               name=name))
        elif op == "Pooling":
            ptype = a.get("pool_type", "max")
            if ptype not in ("max", "avg"):
                raise Unsupported(f"Pooling {ptype}")
            if _bool(a.get("global_pool")):
                onnx_nodes.append(helper.make_node(
                    "GlobalMaxPool" if ptype == "max"
                    else "GlobalAveragePool", ins, [y], name=name))
            else:
                k = _tuple(a.get("kernel"))
                nd = len(k)
                kw = dict(kernel_shape=list(k),
                          strides=list(_tuple(a.get("stride"), (1,) * nd)),
                          pads=list(_tuple(a.get("pad"), (0,) * nd)) * 2,
                          ceil_mode=int(a.get("pooling_convention",
                                              "valid") == "full"))
                if ptype == "avg":
                    kw["count_include_pad"] = int(
                        _bool(a.get("count_include_pad"), True))
                onnx_nodes.append(helper.make_node(
                    "MaxPool" if ptype == "max" else "AveragePool", ins,
                    [y], name=name, **kw))
        elif op in ("Flatten", "flatten"):
            onnx_nodes.append(helper.make_node("Flatten", ins, [y], name=name,
                                               axis=1))
        elif op == "FullyConnected":
            x = ins[0]
            if _bool(a.get("flatten"), True):
                x = fresh(name + "_flat")
                onnx_nodes.append(helper.make_node("Flatten", [ins[0]], [x],
                                                   axis=1))
            gi = [x, ins[1]] + ([] if _bool(a.get("no_bias")) else [ins[2]])
            onnx_nodes.append(helper.make_node("Gemm", gi, [y], name=name,
                                               transB=1))
        elif op in ("elemwise_add", "_Plus", "broadcast_add", "_plus"):
            onnx_nodes.append(helper.make_node("Add", ins, [y], name=name))
        elif op in ("Concat", "concat"):
            onnx_nodes.append(helper.make_node(
                "Concat", ins, [y], name=name, axis=int(a.get("dim", 1))))
        elif op == "Dropout":
            onnx_nodes.append(helper.make_node("Identity", ins[:1], [y],
                                               name=name))
        elif op in ("softmax", "SoftmaxActivation", "SoftmaxOutput"):
            axis = int(a.get("axis", -1)) if op == "softmax" else 1
            onnx_nodes.append(helper.make_node("Softmax", ins[:1], [y],
                                               name=name, axis=axis))
        else:
            raise Unsupported(f"operator {op} ({name})")

    heads = [out(j, k) for j, k, *_ in graph["heads"]]
    g = helper.make_graph(
        onnx_nodes, "cpu_bench",
        [helper.make_tensor_value_info(x, TensorProto.FLOAT,
                                       ["N"] + list(input_shape))
         for x in inputs],
        [helper.make_tensor_value_info(h, TensorProto.FLOAT, None)
         for h in heads],
        inits)
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    return model  # ONNX Runtime checks it when the session is made


def ort_session(model_bytes, threads):
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return ort.InferenceSession(model_bytes, so,
                                providers=["CPUExecutionProvider"])


# --------------------------------------------------------------------------
# MXNet, in a child process (threads are set by its environment)


def mxnet_child(job_path):
    """Runs one model in MXNet for every batch of the job; writes the
    first output (.npy) and the timings (JSON) beside the job file."""
    job = json.load(open(job_path))
    import mxnet as mx
    policy = Policy(*job["policy"])
    sym = mx.sym.load(job["symbol"])
    params = mx.nd.load(job["params"])
    result = {}
    for b, x_path in job["inputs"].items():
        x = np.load(x_path)
        exe = sym.simple_bind(ctx=mx.cpu(), grad_req="null", data=x.shape)
        for k, v in params.items():
            kind, n = k.split(":", 1)
            (exe.arg_dict if kind == "arg" else exe.aux_dict)[n][:] = v
        exe.arg_dict["data"][:] = x

        def run():
            outs = exe.forward(is_train=False)
            return outs[0].asnumpy()

        y, times = time_runs(run, policy)
        out_path = job_path + f".b{b}.npy"
        np.save(out_path, y)
        result[b] = {"times": times, "output": out_path}
    json.dump(result, open(job_path + ".out.json", "w"))
    return 0


def run_mxnet(sym_path, params_path, inputs, threads, policy, tmp, tag):
    job_path = os.path.join(tmp, f"mx-{tag}-t{threads}.json")
    json.dump({"symbol": sym_path, "params": params_path,
               "inputs": {str(b): p for b, p in inputs.items()},
               "policy": [policy.repeat, policy.min_runs,
                          policy.min_seconds, policy.budget]},
              open(job_path, "w"))
    env = dict(os.environ)
    env.update({"OMP_NUM_THREADS": str(threads),
                "MXNET_OMP_MAX_THREADS": str(threads),
                "MXNET_CPU_WORKER_NTHREADS": "1",
                "MXNET_ENGINE_TYPE": "ThreadedEnginePerDevice"})
    r = subprocess.run([sys.executable, os.path.abspath(__file__),
                        "--mxnet-child", job_path], env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"MXNet child failed ({r.returncode}): "
                           + (r.stderr.strip().splitlines() or ["?"])[-1])
    res = json.load(open(job_path + ".out.json"))
    return {int(b): (np.load(v["output"]), v["times"])
            for b, v in res.items()}


# --------------------------------------------------------------------------
# nngraph (public API only)


def nngraph_threads_supported():
    import nngraph
    try:
        return "threads" in inspect.signature(nngraph.compile).parameters
    except (TypeError, ValueError):
        return False


def nngraph_compile(model, threads):
    import nngraph
    if threads is None:
        return nngraph.compile(model)
    return nngraph.compile(model, threads=threads)


# --------------------------------------------------------------------------
# Kernels (child process: OpenBLAS without the forced core type)

PEAK_C = r"""
typedef float v8 __attribute__((vector_size(32)));
typedef float v16 __attribute__((vector_size(64)));
/* The chains start from different values: with equal ones (all zero), GCC
   merged the twelve into one chain, and the probe timed one FMA per
   latency and counted twelve (175 GFLOP/s "8-wide" on a host whose two FMA
   pipes give 117). */
#define BODY(V)                                                          \
  V z = {0}, m = z + mul, c = z + add;                                   \
  V a0 = z + 1 * add, a1 = z + 2 * add, a2 = z + 3 * add,                \
    a3 = z + 4 * add, a4 = z + 5 * add, a5 = z + 6 * add,                \
    a6 = z + 7 * add, a7 = z + 8 * add, a8 = z + 9 * add,                \
    a9 = z + 10 * add, a10 = z + 11 * add, a11 = z + 12 * add;           \
  for (long i = 0; i < n; ++i) {                                         \
    a0 = a0 * m + c; a1 = a1 * m + c; a2 = a2 * m + c; a3 = a3 * m + c; \
    a4 = a4 * m + c; a5 = a5 * m + c; a6 = a6 * m + c; a7 = a7 * m + c; \
    a8 = a8 * m + c; a9 = a9 * m + c; a10 = a10 * m + c;                \
    a11 = a11 * m + c;                                                   \
  }                                                                      \
  V s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;    \
  float r = 0;                                                           \
  for (unsigned k = 0; k < sizeof(V) / sizeof(float); ++k) r += s[k];    \
  return r;
/* 12 independent FMA chains: 12 * lanes * 2 flops per iteration. */
float fma8(long n, float mul, float add) { BODY(v8) }
float fma16(long n, float mul, float add) { BODY(v16) }
"""


def fma_peak(tmp):
    """GFLOP/s of independent FMA chains on 8- and 16-wide float vectors
    (best of several 0.1 s samples), or a reason string."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return "no C compiler (cc) found"
    src = os.path.join(tmp, "fma_peak.c")
    lib = os.path.join(tmp, "fma_peak.so")
    with open(src, "w") as f:
        f.write(PEAK_C)
    r = subprocess.run([cc, "-O3", "-march=native", "-ffp-contract=fast",
                        "-shared", "-fPIC", "-o", lib, src],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return f"{cc} failed: {r.stderr.strip()[:200]}"
    so = ctypes.CDLL(lib)
    peaks = {}
    widths = [8] + ([16] if "avx512f" in cpu_flags() else [])
    for w in widths:
        fn = getattr(so, f"fma{w}")
        fn.restype = ctypes.c_float
        fn.argtypes = [ctypes.c_long, ctypes.c_float, ctypes.c_float]
        n = 1 << 16
        while True:
            t = time.perf_counter()
            fn(n, 0.9999999, 1e-7)
            dt = time.perf_counter() - t
            if dt > 0.05:
                break
            n *= 4
        n = int(n * 0.1 / dt)
        best = 0.0
        for _ in range(7):
            t = time.perf_counter()
            fn(n, 0.9999999, 1e-7)
            dt = time.perf_counter() - t
            best = max(best, 12 * w * 2 * n / dt / 1e9)
        peaks[w] = best
    return peaks


def openblas_info():
    """numpy's OpenBLAS core and config (ctypes; threadpoolctl is used
    when installed)."""
    try:
        import threadpoolctl
        for lib in threadpoolctl.threadpool_info():
            if lib.get("internal_api") == "openblas":
                return (f"{lib.get('architecture')} (threadpoolctl; "
                        f"version {lib.get('version')}, "
                        f"{lib.get('num_threads')} threads)")
    except ImportError:
        pass
    libs = glob.glob(os.path.join(os.path.dirname(np.__file__) + ".libs",
                                  "libopenblas*"))
    for path in libs:
        so = ctypes.CDLL(path)
        for suffix in ("64_", ""):
            fn = getattr(so, "openblas_get_corename" + suffix, None)
            if fn is not None:
                fn.restype = ctypes.c_char_p
                cfg = getattr(so, "openblas_get_config" + suffix)
                cfg.restype = ctypes.c_char_p
                return (f"{fn().decode()} (threadpoolctl not installed; "
                        f"openblas_get_corename; {cfg().decode()})")
    return "unknown (no OpenBLAS found beside numpy)"


def mx_symbol(op, attrs, data_shape, weight_shape):
    """A one-node MXNet symbol JSON (data, weight -> op)."""
    return {"nodes": [
        {"op": "null", "name": "data", "inputs": []},
        {"op": "null", "name": "w", "inputs": []},
        {"op": op, "name": "k", "attrs": attrs,
         "inputs": [[0, 0, 0], [1, 0, 0]]}],
        "arg_nodes": [0, 1], "node_row_ptr": [0, 1, 2, 3],
        "heads": [[2, 0, 0]], "attrs": {"mxnet_version": ["int", 10901]}}


def im2col_conv(x, w, pad):
    """NCHW conv, stride 1, as im2col + sgemm (numpy)."""
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh, ow = h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1
    cols = np.empty((c, kh, kw, oh, ow), np.float32)
    for i in range(kh):
        for j in range(kw):
            cols[:, i, j] = xp[0, :, i:i + oh, j:j + ow]
    y = w.reshape(f, -1) @ cols.reshape(c * kh * kw, oh * ow)
    return y.reshape(1, f, oh, ow)


def depthwise_np(x, w, pad):
    n, c, h, wd = x.shape
    _, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    y = np.zeros((n, c, h, wd), np.float32)
    for i in range(kh):
        for j in range(kw):
            y += xp[:, :, i:i + h, j:j + wd] * w[None, :, 0, i:i + 1, j:j + 1]
    return y


KERNELS = [
    # name, symbol, data shape, weight shape, flops, reference, ref label,
    # options of nngraph.compile
    ("matmul 1024^3", "FullyConnected",
     {"num_hidden": "1024", "no_bias": "True", "flatten": "True"},
     (1024, 1024), (1024, 1024), 2 * 1024 ** 3,
     lambda x, w: x @ w.T, "OpenBLAS sgemm", {}),
    # The direct convolution (its fraction of the peak means what it says),
    # then the same convolution as the models run it: Winograd F(4x4, 3x3),
    # whose GFLOP/s are the direct convolution's FLOPs over its time.
    ("conv 3x3 64->64 56x56", "Convolution",
     {"kernel": "(3, 3)", "pad": "(1, 1)", "num_filter": "64",
      "no_bias": "True"},
     (1, 64, 56, 56), (64, 64, 3, 3), 2 * 56 * 56 * 64 * 64 * 9,
     lambda x, w: im2col_conv(x, w, 1), "im2col+OpenBLAS", {"winograd": 0}),
    ("  the same, Winograd F(4x4)", "Convolution",
     {"kernel": "(3, 3)", "pad": "(1, 1)", "num_filter": "64",
      "no_bias": "True"},
     (1, 64, 56, 56), (64, 64, 3, 3), 2 * 56 * 56 * 64 * 64 * 9,
     lambda x, w: im2col_conv(x, w, 1), "im2col+OpenBLAS", {"winograd": 4}),
    ("depthwise 3x3 32ch 112x112", "Convolution",
     {"kernel": "(3, 3)", "pad": "(1, 1)", "num_filter": "32",
      "num_group": "32", "no_bias": "True"},
     (1, 32, 112, 112), (32, 1, 3, 3), 2 * 112 * 112 * 32 * 9,
     lambda x, w: depthwise_np(x, w, 1), "numpy shifted FMAs", {}),
]


def kernel_model(nngraph, tmp, op, attrs, xs, ws):
    """The nngraph Model of a one-operator MXNet symbol on data of shape
    `xs` whose weight "w" (shape `ws`) is a weight: prepared once and
    packed, as a model's are."""
    path = os.path.join(tmp, op + "-symbol.json")
    with open(path, "w") as fh:
        json.dump(mx_symbol(op, attrs, xs, ws), fh)
    # Only the data's shape: a variable given a shape is data to the
    # importer, whatever slot it feeds.
    return nngraph.load(path, input_shapes={"data": xs})


def kernels_child(out_path, policy_args):
    """Runs in a child whose environment lacks OPENBLAS_CORETYPE/L2_SIZE."""
    import nngraph
    policy = Policy(*policy_args)
    tmp = tempfile.mkdtemp(prefix="nngraph-bench-k-")
    res = {"openblas": openblas_info(), "kernels": []}
    peak = fma_peak(tmp)
    res["peak"] = peak if isinstance(peak, dict) else None
    res["peak_note"] = None if isinstance(peak, dict) else peak
    rng = np.random.default_rng(0)
    for name, op, attrs, xs, ws, flops, ref_fn, ref_label, opts in KERNELS:
        row = {"kernel": name, "flops": flops, "reference": ref_label}
        try:
            x = rng.uniform(-1, 1, xs).astype(np.float32)
            w = (rng.normal(0, 1, ws) / np.sqrt(np.prod(ws[1:]))
                 ).astype(np.float32)
            model = kernel_model(nngraph, tmp, op, attrs, xs, ws)
            model.weights["w"] = w
            t = time.perf_counter()
            exe = nngraph.compile(model, threads=1, **opts)
            row["compile_s"] = time.perf_counter() - t
            y, times = time_runs(lambda: exe(x)[0], policy)
            ref, ref_times = time_runs(lambda: ref_fn(x, w), policy)
            err = float(np.max(np.abs(y - ref)))
            tol = TOL * max(1e-6, float(np.max(np.abs(ref))))
            row.update(nngraph=stats(times), ref=stats(ref_times), err=err,
                       tol=tol, ok=err <= tol)
        except Exception as e:  # reported, and fails the run
            row["error"] = f"{type(e).__name__}: {e}"
        res["kernels"].append(row)
    json.dump(res, open(out_path, "w"))
    return 0


def run_kernels(policy, tmp):
    out = os.path.join(tmp, "kernels.json")
    env = dict(os.environ)
    removed = [k for k in ENV_OPENBLAS if k in env]
    for k in ENV_OPENBLAS:  # both together, in this child only
        env.pop(k, None)
    env.update({"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"})
    r = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--kernels-child", out,
         json.dumps([policy.repeat, policy.min_runs, policy.min_seconds,
                     policy.budget])], env=env, capture_output=True,
        text=True)
    if r.returncode != 0:
        raise RuntimeError(f"kernel child failed ({r.returncode}): "
                           + "\n".join(r.stderr.strip().splitlines()[-5:]))
    res = json.load(open(out))
    res["env_removed"] = removed
    return res


# --------------------------------------------------------------------------
# Printing


def fmt_ms(s):
    v = s * 1e3
    return f"{v:.1f}" if v >= 10 else f"{v:.2f}" if v >= 1 else f"{v:.3f}"


def cell(st):
    if st is None:
        return "n/a"
    return (f"{fmt_ms(st['median']):>8} ({fmt_ms(st['min'])}-"
            f"{fmt_ms(st['max'])}) x{st['runs']}")


def ratio(a, b):
    if a is None or b is None or b["median"] <= 0:
        return "-"
    return f"{a['median'] / b['median']:.3g}x"


def check_str(c):
    if c is None:
        return "-"
    err, tol = c
    return f"{'ok' if err <= tol else 'WRONG'} {err / max(tol, 1e-30) * TOL:.1e}"


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", help="comma list of " + ",".join(MODELS)
                    + " (default: all; 'none' for kernels only)")
    ap.add_argument("--batches", default=None, help="default 1,8")
    ap.add_argument("--threads", default="1,2", help="default 1,2")
    ap.add_argument("--repeat", type=int, default=None,
                    help="at most this many timed runs per case (default 20)")
    ap.add_argument("--min-runs", type=int, default=3)
    ap.add_argument("--min-seconds", type=float, default=None,
                    help="time each case at least this long (default 10)")
    ap.add_argument("--budget", type=float, default=None,
                    help="stop timing a case after this many seconds once "
                    "one run is timed (default 60)")
    ap.add_argument("--no-kernels", action="store_true")
    ap.add_argument("--no-models", action="store_true")
    ap.add_argument("--quick", action="store_true",
                    help="resnet18, mobilenetv2, squeezenet, mlp at batch 1, "
                    "threads 1,2, few runs, and the kernels (about 2 min)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="write every number to this file")
    ap.add_argument("--mxnet-child", help=argparse.SUPPRESS)
    ap.add_argument("--kernels-child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.mxnet_child:
        return mxnet_child(args.mxnet_child)
    if args.kernels_child:
        return kernels_child(args.kernels_child[0],
                             json.loads(args.kernels_child[1]))

    q = args.quick
    models = (args.models.split(",") if args.models else
              QUICK_MODELS if q else list(MODELS))
    if models == ["none"] or args.no_models:
        models = []
    for m in models:
        if m not in MODELS:
            ap.error(f"unknown model '{m}' (known: {', '.join(MODELS)})")
    batches = [int(b) for b in (args.batches or ("1" if q else "1,8"))
               .split(",")]
    threads = [int(t) for t in args.threads.split(",")]
    policy = Policy(args.repeat or (5 if q else 20), args.min_runs,
                    args.min_seconds if args.min_seconds is not None
                    else (1.0 if q else 10.0),
                    args.budget if args.budget is not None
                    else (15.0 if q else 60.0))

    import nngraph  # noqa: F401  (a missing package is a crash)
    ng_threads = nngraph_threads_supported()
    t_start = time.perf_counter()
    report = {"host": {"cpu": cpu_model(), "cores": os.cpu_count(),
                       "loadavg_start": loadavg()},
              "policy": vars(policy), "models": [], "compile": [],
              "kernels": None, "skipped": []}
    log(f"nngraph CPU benchmark: {cpu_model()}, {os.cpu_count()} cores, "
        f"load average {loadavg()}")
    log(f"timing: warm-up, then {policy.min_runs}..{policy.repeat} runs, "
        f"at least {policy.min_seconds:g} s, at most {policy.budget:g} s "
        f"per case; times in ms: median (min-max) xruns")
    if not ng_threads:
        log("nngraph: single-threaded (nngraph.compile has no threads "
            "option yet): one nngraph run per model and batch, shown in "
            "each thread row marked '*'")
    failures = []

    tmp = tempfile.mkdtemp(prefix="nngraph-bench-")
    try:
        have = {}
        for mod in ("mxnet", "onnx", "onnxruntime"):
            try:
                __import__(mod)
                have[mod] = True
            except Exception as e:  # ImportError, or a broken install
                have[mod] = False
                log(f"{mod} unavailable ({type(e).__name__}: {e})")
        if models and not have["mxnet"]:
            log("skipping every model: MXNet builds them (gluon model zoo) "
                "and is the reference")
            report["skipped"].append(("models", "MXNet missing"))
            models = []

        rows = []
        for m in models:
            built = build_model(m, tmp, args.seed)
            if isinstance(built, str):
                log(f"{m}: skipped: {built}")
                report["skipped"].append((m, built))
                continue
            sym_path, params_path, params, shape = built
            rng = np.random.default_rng(args.seed + 1)
            inputs = {}
            for b in batches:
                x = rng.uniform(0, 1, (b,) + shape).astype(np.float32)
                inputs[b] = os.path.join(tmp, f"{m}-x{b}.npy")
                np.save(inputs[b], x)
            # MXNet: the reference, every batch, one child per thread count.
            mx_res = {}
            for t in threads:
                try:
                    mx_res[t] = run_mxnet(sym_path, params_path, inputs, t,
                                          policy, tmp, m)
                except Exception as e:
                    failures.append(f"{m}: MXNet t{t}: {e}")
                    log(f"{m}: MXNet, {t} threads: {e}")
            ref = {b: mx_res[t][b][0] for t in mx_res for b in mx_res[t]}
            # ONNX Runtime: one model, a session per thread count.
            sessions, ort_note = {}, None
            if have["onnx"] and have["onnxruntime"]:
                try:
                    onnx_bytes = mxnet_to_onnx(
                        sym_path, params, shape).SerializeToString()
                    for t in threads:
                        sessions[t] = ort_session(onnx_bytes, t)
                except Unsupported as e:
                    ort_note = f"not converted: {e}"
            else:
                ort_note = "onnx/onnxruntime missing"
            if ort_note:
                log(f"{m}: ONNX Runtime skipped: {ort_note}")
            for b in batches:
                x = np.load(inputs[b])
                ng = {}
                try:
                    model = nngraph.load(sym_path, params=params_path,
                                         input_shapes={"data": x.shape})
                    for t in (threads if ng_threads else [None]):
                        tc = time.perf_counter()
                        exe = nngraph_compile(model, t)
                        compile_s = time.perf_counter() - tc
                        report["compile"].append(
                            {"model": m, "batch": b, "threads": t,
                             "seconds": compile_s})
                        y, times = time_runs(lambda: exe(x)[0], policy)
                        ng[t] = (y, times)
                except Exception as e:
                    failures.append(f"{m} b{b}: nngraph: "
                                    f"{type(e).__name__}: {e}")
                    log(f"{m} b{b}: nngraph failed: {type(e).__name__}: "
                        f"{str(e)[:500]}")
                for t in threads:
                    row = {"model": m, "batch": b, "threads": t}
                    r = ref.get(b)
                    scale = (TOL * max(1e-6, float(np.max(np.abs(r))))
                             if r is not None else None)
                    ngr = ng.get(t if ng_threads else None)
                    if ngr is not None:
                        row["nngraph"] = stats(ngr[1])
                        if r is not None:
                            row["nngraph_check"] = (
                                float(np.max(np.abs(ngr[0] - r))), scale)
                    if t in sessions:
                        try:
                            s = sessions[t]
                            iname = s.get_inputs()[0].name
                            y, times = time_runs(
                                lambda: s.run(None, {iname: x})[0], policy)
                            row["ort"] = stats(times)
                            if r is not None:
                                row["ort_check"] = (
                                    float(np.max(np.abs(y - r))), scale)
                        except Exception as e:
                            failures.append(f"{m} b{b} t{t}: ORT: {e}")
                    if t in mx_res and b in mx_res[t]:
                        row["mxnet"] = stats(mx_res[t][b][1])
                    for k in ("nngraph_check", "ort_check"):
                        if k in row and row[k][0] > row[k][1]:
                            failures.append(
                                f"{m} b{b} t{t}: {k.split('_')[0]} output "
                                f"differs from MXNet's: max error "
                                f"{row[k][0]:.3g} > {row[k][1]:.3g}")
                    rows.append(row)
                    report["models"].append(row)
            log(f"{m}: done ({time.perf_counter() - t_start:.0f} s so far, "
                f"load average {loadavg()})")

        if rows:
            log()
            log(f"{'model':<12} {'b':>2} {'thr':>3}  {'nngraph ms':<28} "
                f"{'ORT ms':<28} {'MXNet ms':<28} {'ng/ORT':>8} "
                f"{'ng/MX':>8}  check ng / ORT (err/scale)")
            for row in rows:
                thr = str(row["threads"])
                ngc = cell(row.get("nngraph"))
                if not ng_threads and row.get("nngraph"):
                    ngc += " *"
                log(f"{row['model']:<12} {row['batch']:>2} {thr:>3}  "
                    f"{ngc:<28} {cell(row.get('ort')):<28} "
                    f"{cell(row.get('mxnet')):<28} "
                    f"{ratio(row.get('nngraph'), row.get('ort')):>8} "
                    f"{ratio(row.get('nngraph'), row.get('mxnet')):>8}  "
                    f"{check_str(row.get('nngraph_check'))} / "
                    f"{check_str(row.get('ort_check'))}")
            if not ng_threads:
                log("* nngraph runs on 1 thread whatever 'thr' says "
                    "(no thread option yet); the same run in each row")
            log()
            log("nngraph compile time (nngraph.compile, s):")
            for c in report["compile"]:
                log(f"  {c['model']:<12} batch {c['batch']:>2}: "
                    f"{c['seconds']:.2f}")

        if not args.no_kernels:
            log()
            k = run_kernels(policy, tmp)
            report["kernels"] = k
            peak = k["peak"]
            if peak:
                log("FMA peak, 1 thread: " + ", ".join(
                    f"{w}-wide {g:.1f} GFLOP/s" for w, g in
                    sorted(peak.items(), key=lambda i: int(i[0]))))
            else:
                log(f"FMA peak: n/a ({k['peak_note']})")
            log(f"numpy's OpenBLAS kernel: {k['openblas']} (removed from its "
                f"environment: {', '.join(ENV_OPENBLAS)}"
                f"{'; were set' if k['env_removed'] else '; were unset'})")
            heads = " ".join(f"{'of ' + str(w) + 'w':>7}" for w in
                             sorted(peak, key=int)) if peak else "of peak"
            log(f"{'kernel (1 thread)':<28} {'nngraph ms':<28} {'GFLOP/s':>8} "
                f"{heads}  {'reference':<20} {'ms':>8} "
                f"{'GFLOP/s':>8} {'ng/ref':>7}  check")
            for row in k["kernels"]:
                if "error" in row:
                    failures.append(f"kernel {row['kernel']}: {row['error']}")
                    log(f"{row['kernel']:<28} FAILED: {row['error'][:300]}")
                    continue
                ngs, rs = row["nngraph"], row["ref"]
                g = row["flops"] / ngs["median"] / 1e9
                rg = row["flops"] / rs["median"] / 1e9
                fracs = " ".join(
                    f"{g / peak[w]:>7.1%}" for w in sorted(peak, key=int)
                ) if peak else "      -"
                log(f"{row['kernel']:<28} {cell(ngs):<28} {g:>8.2f} "
                    f"{fracs}  {row['reference']:<20} "
                    f"{rs['median'] * 1e3:>8.2f} {rg:>8.2f} "
                    f"{ngs['median'] / rs['median']:>6.2f}x  "
                    f"{'ok' if row['ok'] else 'WRONG'} "
                    f"{row['err']:.1e}")
                if not row["ok"]:
                    failures.append(f"kernel {row['kernel']}: max error "
                                    f"{row['err']:.3g} > {row['tol']:.3g}")
            log("of Nw: fraction of the N-wide FMA peak; ng/ref: nngraph's "
                "time over the reference's (as for the models: 1.00x is "
                "parity, higher is slower); the Winograd row counts the "
                "direct convolution's FLOPs (2.25x fewer products run)")
            log("nngraph compile time (s): " + ", ".join(
                f"{r['kernel']} {r['compile_s']:.2f}"
                for r in k["kernels"] if "compile_s" in r))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    report["host"]["loadavg_end"] = loadavg()
    report["seconds"] = time.perf_counter() - t_start
    report["failures"] = failures
    log()
    log(f"total {report['seconds']:.0f} s; load average at the end "
        f"{loadavg()}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, default=str)
    if failures:
        log("FAILED:")
        for f in failures:
            log("  " + f)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
