"""Smoke tests of utils/bench/cpu_bench.py: its MXNet-symbol -> ONNX
converter agrees with MXNet on every operator the benchmark's models use,
and one small run of the script (the MLP, no kernels) prints its table and
exits 0. Speed is never checked. Skipped when MXNet, onnx or ONNX Runtime
is missing."""

import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from conftest import ROOT

BENCH = os.path.join(ROOT, "utils", "bench", "cpu_bench.py")


def _need(*mods):
    for m in mods:
        pytest.importorskip(m, reason=f"{m} is not installed")


def _bench():
    spec = importlib.util.spec_from_file_location("cpu_bench", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_onnx_converter_matches_mxnet(tmp_path):
    """conv (grouped, strided), BatchNorm (fix_gamma), relu, clip, max pool
    with ceil mode, avg pool, global pool, concat, add, dropout, flatten and
    dense, through the converter into ONNX Runtime, against MXNet."""
    _need("mxnet", "onnx", "onnxruntime")
    import mxnet as mx
    bench = _bench()
    data = mx.sym.var("data")
    c1 = mx.sym.Convolution(data, kernel=(3, 3), pad=(1, 1), num_filter=8,
                            stride=(2, 2), name="c1")
    b1 = mx.sym.BatchNorm(c1, fix_gamma=True, eps=1e-5, name="b1")
    r1 = mx.sym.Activation(b1, act_type="relu", name="r1")
    p1 = mx.sym.Pooling(r1, kernel=(3, 3), stride=(2, 2), pool_type="max",
                        pooling_convention="full", name="p1")
    dw = mx.sym.Convolution(p1, kernel=(3, 3), pad=(1, 1), num_filter=8,
                            num_group=8, no_bias=True, name="dw")
    b2 = mx.sym.BatchNorm(dw, fix_gamma=False, name="b2")
    r2 = mx.sym.clip(b2, a_min=0, a_max=6, name="r2")
    a = mx.sym.elemwise_add(r2, p1, name="add")
    cat = mx.sym.Concat(a, p1, dim=1, name="cat")
    ap = mx.sym.Pooling(cat, kernel=(2, 2), stride=(1, 1), pad=(1, 1),
                        pool_type="avg", name="ap")
    gp = mx.sym.Pooling(ap, kernel=(1, 1), global_pool=True,
                        pool_type="avg", name="gp")
    fl = mx.sym.Flatten(mx.sym.Dropout(gp, p=0.5, name="do"), name="fl")
    out = mx.sym.FullyConnected(fl, num_hidden=5, name="fc")
    path = str(tmp_path / "small-symbol.json")
    out.save(path)
    shape = (3, 17, 17)
    arg_shapes, _, aux_shapes = out.infer_shape(data=(2,) + shape)
    args = dict(zip(out.list_arguments(), arg_shapes))
    args.pop("data")
    aux = dict(zip(out.list_auxiliary_states(), aux_shapes))
    params = bench.random_params(args, aux, {"b1_gamma"}, seed=3)
    x = np.random.default_rng(4).uniform(0, 1, (2,) + shape).astype(
        np.float32)

    exe = out.simple_bind(ctx=mx.cpu(), grad_req="null", data=x.shape)
    for k, v in params.items():
        kind, n = k.split(":", 1)
        (exe.arg_dict if kind == "arg" else exe.aux_dict)[n][:] = v
    exe.arg_dict["data"][:] = x
    ref = exe.forward(is_train=False)[0].asnumpy()

    model = bench.mxnet_to_onnx(path, params, shape)
    sess = bench.ort_session(model.SerializeToString(), 1)
    got = sess.run(None, {"data": x})[0]
    assert got.shape == ref.shape
    assert np.max(np.abs(got - ref)) <= 1e-4 * max(1.0, np.max(np.abs(ref)))


def test_bench_runs_mlp(tmp_path):
    _need("mxnet", "onnx", "onnxruntime")
    out = tmp_path / "out.json"
    r = subprocess.run(
        [sys.executable, BENCH, "--models", "mlp", "--batches", "2",
         "--threads", "1", "--no-kernels", "--repeat", "2", "--min-runs",
         "1", "--min-seconds", "0", "--json", str(out)],
        capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ng/ORT" in r.stdout and "ng/MX" in r.stdout
    report = json.loads(out.read_text())
    (row,) = report["models"]
    assert row["model"] == "mlp" and row["batch"] == 2
    for k in ("nngraph", "ort", "mxnet"):
        assert row[k]["runs"] >= 1
    for k in ("nngraph_check", "ort_check"):
        err, tol = row[k]
        assert err <= tol
    assert report["failures"] == []


def test_fma_peak_probe_keeps_twelve_chains(tmp_path):
    """The FMA peak probe's twelve chains must stay twelve FMAs per
    iteration: with equal start values GCC merged them into one chain, and
    the "peak" it reported was 1.5x the real one (3x for 16-wide), which
    inflated every fraction of peak. Counts the FMAs in each loop body of
    the compiled probe."""
    import shutil
    cc = shutil.which("cc") or shutil.which("gcc")
    objdump = shutil.which("objdump")
    if cc is None or objdump is None:
        pytest.skip("needs a C compiler and objdump")
    bench = _bench()
    src = tmp_path / "peak.c"
    obj = tmp_path / "peak.o"
    src.write_text(bench.PEAK_C)
    subprocess.run([cc, "-O3", "-march=native", "-ffp-contract=fast", "-c",
                    str(src), "-o", str(obj)], check=True)
    text = subprocess.run([objdump, "-d", str(obj)], check=True,
                          capture_output=True, text=True).stdout
    for fn in ("fma8", "fma16"):
        body = text.split(f"<{fn}>:", 1)[1].split(">:", 1)[0]
        assert body.count("vfmadd") >= 12, f"{fn}: chains merged"


def test_kernel_weights_are_weights(tmp_path):
    """The kernels' weight is a weight of the compiled model (so it is
    packed and prepared once, Winograd-transformed for the 3x3 conv), as
    in the models; the bench once gave its shape, which made it data."""
    import nngraph
    bench = _bench()
    for name, op, attrs, xs, ws, *_ in bench.KERNELS:
        model = bench.kernel_model(nngraph, str(tmp_path), op, attrs, xs, ws)
        assert [w.name for w in model.weight_specs] == ["w"], name
        assert [tuple(w.shape) for w in model.weight_specs] == [ws], name
