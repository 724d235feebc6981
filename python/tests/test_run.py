"""Models compiled and run from Python match the reference runtime (MXNet
1.9.1 on the same weights and inputs); the GIL is released while a model
runs; benchmark() returns timings."""

import sys
import threading
import time

import numpy as np
import pytest

import nngraph
from conftest import MODELS

mx = pytest.importorskip(
    "mxnet", reason="MXNet 1.9.1 (utils/setup.sh installs it) is the reference")


def mxnet_reference(symbol_path, shapes, tmp_path, seed=0):
    """Random weights in an MXNet .params file, a random input, and
    MXNet's outputs for them."""
    sym = mx.sym.load(symbol_path)
    rng = np.random.default_rng(seed)
    arg_shapes, _, aux_shapes = sym.infer_shape(**shapes)
    args = {}
    for name, shape in zip(sym.list_arguments(), arg_shapes):
        if name in shapes or name.endswith("label"):
            continue
        args[name] = rng.uniform(-0.5, 0.5, shape).astype(np.float32)
    aux = {}
    for name, shape in zip(sym.list_auxiliary_states(), aux_shapes):
        low = 0.5 if name.endswith("var") else -0.5
        aux[name] = rng.uniform(low, 1.0, shape).astype(np.float32)
    saved = {"arg:" + k: mx.nd.array(v) for k, v in args.items()}
    saved.update({"aux:" + k: mx.nd.array(v) for k, v in aux.items()})
    params = str(tmp_path / "model.params")
    mx.nd.save(params, saved)
    inputs = {k: rng.uniform(0, 1, s).astype(np.float32)
              for k, s in shapes.items()}
    exe = sym.simple_bind(mx.cpu(), grad_req="null", **shapes)
    for k, v in {**args, **inputs}.items():
        exe.arg_dict[k][:] = v
    for k, v in aux.items():
        exe.aux_dict[k][:] = v
    outputs = [o.asnumpy() for o in exe.forward(is_train=False)]
    return params, inputs, outputs


@pytest.mark.parametrize("kind,shapes", [
    ("mxnet", {"data": (1, 3, 8, 8)}),
    ("mxnet_mlp", {"data": (4, 784)}),
])
def test_matches_mxnet(kind, shapes, tmp_path):
    params, inputs, expected = mxnet_reference(MODELS[kind], shapes, tmp_path)
    model = nngraph.load(MODELS[kind], params=params, input_shapes=shapes)
    assert [s.name for s in model.inputs] == list(shapes)
    exe = nngraph.compile(model)
    got = exe(**inputs)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape and g.dtype == e.dtype
        tol = 1e-4 * max(1.0, float(np.abs(e).max()))
        assert float(np.abs(g - e).max()) <= tol
    # Positional and named calls agree, and runs are repeatable.
    again = exe(*[inputs[s.name] for s in exe.inputs])
    for g, a in zip(got, again):
        np.testing.assert_array_equal(g, a)


def test_shapeless_mxnet_compiles_to_given_shapes(tmp_path):
    """An MXNet symbol file loaded without input shapes keeps open sizes;
    compile(input_shapes=) specialises it (the weights' shapes from the
    params file) and it computes what MXNet does."""
    sym = mx.sym
    x = sym.BatchNorm(sym.var("data"), fix_gamma=True, name="bn_data")
    x = sym.Convolution(x, num_filter=4, kernel=(3, 3), pad=(1, 1),
                        name="conv0")
    x = sym.Activation(sym.BatchNorm(x, name="bn0"), act_type="relu")
    x = sym.Pooling(x, kernel=(1, 1), global_pool=True, pool_type="avg")
    x = sym.FullyConnected(sym.flatten(x), num_hidden=3, name="fc0")
    path = str(tmp_path / "shapeless-symbol.json")
    x.save(path)
    shapes = {"data": (2, 3, 8, 8)}
    params, inputs, expected = mxnet_reference(path, shapes, tmp_path)
    model = nngraph.load(path, params=params)
    assert model.inputs[0].shape == (None, None, None, None)

    def check(got, expected):
        for g, e in zip(got, expected):
            assert g.shape == e.shape
            tol = 1e-4 * max(1.0, float(np.abs(e).max()))
            assert float(np.abs(g - e).max()) <= tol

    exe = nngraph.compile(model, input_shapes=shapes)
    assert exe.inputs[0].shape == shapes["data"]
    assert exe.specialisations == []
    check(exe(**inputs), expected)

    # Without input_shapes, each call's shapes specialise the model, once
    # per signature (the same weights: the same seed draws them first).
    lazy = nngraph.compile(model)
    assert lazy.inputs[0].shape == (None, None, None, None)
    check(lazy(**inputs), expected)
    other = tmp_path / "other"
    other.mkdir()
    _, inputs2, expected2 = mxnet_reference(path, {"data": (1, 3, 5, 6)},
                                            other)
    check(lazy(**inputs2), expected2)
    check(lazy(**inputs), expected)
    assert lazy.specialisations == [((2, 3, 8, 8),), ((1, 3, 5, 6),)]
    with pytest.raises(nngraph.DiagnosticError, match="does not fit"):
        lazy(np.zeros((2, 3, 8), np.float32))


def dense_net_symbol(blocks=2, layers=3, growth=8):
    """A small DenseNet (Huang et al., 2017) in MXNet symbols, as the
    gluon model zoo builds it: a stem convolution, dense blocks whose
    layers are BN-ReLU-conv1x1-BN-ReLU-conv3x3 concatenated to their
    input, transitions (BN-ReLU-conv1x1-average pool), and a classifier."""
    sym = mx.sym
    x = sym.Convolution(sym.var("data"), num_filter=16, kernel=(3, 3),
                        pad=(1, 1), no_bias=True, name="stem")
    channels = 16
    for b in range(blocks):
        for i in range(layers):
            name = f"b{b}l{i}"
            y = sym.Activation(sym.BatchNorm(x, name=name + "_bn1"),
                               act_type="relu")
            y = sym.Convolution(y, num_filter=4 * growth, kernel=(1, 1),
                                no_bias=True, name=name + "_conv1")
            y = sym.Activation(sym.BatchNorm(y, name=name + "_bn2"),
                               act_type="relu")
            y = sym.Convolution(y, num_filter=growth, kernel=(3, 3),
                                pad=(1, 1), no_bias=True, name=name + "_conv2")
            x = sym.concat(x, y, dim=1, name=name + "_concat")
            channels += growth
        if b + 1 < blocks:
            channels //= 2
            x = sym.Activation(sym.BatchNorm(x, name=f"t{b}_bn"),
                               act_type="relu")
            x = sym.Convolution(x, num_filter=channels, kernel=(1, 1),
                                no_bias=True, name=f"t{b}_conv")
            x = sym.Pooling(x, kernel=(2, 2), stride=(2, 2), pool_type="avg")
    x = sym.Activation(sym.BatchNorm(x, name="final_bn"), act_type="relu")
    x = sym.Pooling(x, kernel=(1, 1), global_pool=True, pool_type="avg")
    return sym.FullyConnected(sym.flatten(x), num_hidden=10, name="fc")


@pytest.mark.parametrize("size", [16, 14])
def test_dense_blocks_match_mxnet(size, tmp_path):
    """DenseNet's concat chains (each layer's concat holds the previous
    one, built in one channels-last buffer per block; the 3x3 convolutions
    by Winograd) against MXNet on the same weights; widths 16 and 14 (the
    second block at 8 and 7)."""
    path = str(tmp_path / "dense-symbol.json")
    dense_net_symbol().save(path)
    shapes = {"data": (1, 3, size, size)}
    params, inputs, expected = mxnet_reference(path, shapes, tmp_path)
    model = nngraph.load(path, params=params, input_shapes=shapes)
    got = nngraph.compile(model)(**inputs)
    tol = 1e-4 * max(1.0, float(np.abs(expected[0]).max()))
    assert float(np.abs(got[0] - expected[0]).max()) <= tol


def test_random_weights_match_nngraph_run_convention():
    a = nngraph.load(MODELS["xoc"], random_weights=7)
    b = nngraph.load(MODELS["xoc"], random_weights=7)
    c = nngraph.load(MODELS["xoc"], random_weights=8)
    assert a.weights and set(a.weights) == set(b.weights)
    for name in a.weights:
        np.testing.assert_array_equal(a.weights[name], b.weights[name])
        assert not np.array_equal(a.weights[name], c.weights[name])
        assert a.weights[name].min() >= -0.5 and a.weights[name].max() < 0.5


def test_export_with_params_round_trips(tmp_path):
    params, inputs, expected = mxnet_reference(
        MODELS["mxnet"], {"data": (1, 3, 8, 8)}, tmp_path)
    model = nngraph.load(MODELS["mxnet"], params=params)
    sym, out_params = tmp_path / "out-symbol.json", tmp_path / "out.params"
    model.export("mxnet", str(sym), params_path=str(out_params))
    again = nngraph.load(str(sym), params=str(out_params))
    assert set(again.weights) == set(model.weights)
    for name, value in model.weights.items():
        np.testing.assert_array_equal(again.weights[name], value)
    (got,) = nngraph.compile(again)(**inputs)
    np.testing.assert_allclose(got, expected[0], rtol=1e-4, atol=1e-5)


def big_matmul_model(tmp_path, n=384):
    """A chain of n x n matrix products: long enough to watch the GIL."""
    path = tmp_path / "chain.mlir"
    lines = [f"func.func @main(%x: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{"]
    prev = "%x"
    for i in range(6):
        lines.append(f"  %m{i} = nngraph.matmul {prev}, {prev} : "
                     f"(tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>")
        prev = f"%m{i}"
    lines.append(f"  return {prev} : tensor<{n}x{n}xf32>\n}}")
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_gil_released_while_running(tmp_path):
    exe = nngraph.compile(nngraph.load(big_matmul_model(tmp_path)))
    x = np.full(exe.inputs[0].shape, 1e-3, np.float32)
    exe(x)  # warm up
    state = {"running": False, "seen": []}

    def worker():
        state["running"] = True
        calls = []
        for _ in range(3):
            start = time.perf_counter()
            exe(x)
            calls.append(time.perf_counter() - start)
        state["calls"] = calls
        state["running"] = False

    t = threading.Thread(target=worker)
    t.start()
    while not state["running"]:
        time.sleep(0)
    # While the worker is inside the compiled code this thread keeps
    # running; with the GIL held it would stop for a whole call.
    while state["running"]:
        state["seen"].append(time.perf_counter())
    t.join()
    seen = state["seen"]
    assert len(seen) > 1000
    longest_gap = max(b - a for a, b in zip(seen, seen[1:]))
    assert longest_gap < 0.5 * min(state["calls"]), (longest_gap, state["calls"])


def test_benchmark_returns_timings():
    exe = nngraph.compile(nngraph.load(MODELS["xoc"], random_weights=1))
    x = np.ones(exe.inputs[0].shape, np.float32)
    t = exe.benchmark(x, repeat=5)
    assert t["repeat"] == 5
    assert 0 < t["min"] <= t["median"] <= t["max"]


def _resident_kb(path_part):
    """This process's resident kB in mappings of files whose path contains
    `path_part` (/proc/self/smaps)."""
    total, current = 0, None
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if fields and "-" in fields[0] and not fields[0].endswith(":"):
                current = fields[5] if len(fields) > 5 else ""
            elif fields and fields[0] == "Rss:" and path_part in current:
                total += int(fields[1])
    return total


def test_release_compiler_memory_keeps_models_working():
    """After release_compiler_memory, compiled models still run with the
    same outputs and compiling still works; on Linux the compiler's pages
    leave this process's resident set."""
    model = nngraph.load(MODELS["xoc"], random_weights=1)
    exe = nngraph.compile(model)
    x = np.linspace(0, 1, int(np.prod(exe.inputs[0].shape)),
                    dtype=np.float32).reshape(exe.inputs[0].shape)
    before = exe(x)
    mlir_kb = _resident_kb("libMLIR") if sys.platform == "linux" else 0
    advised = nngraph.release_compiler_memory()
    after = exe(x)
    for a, b in zip(before, after):
        np.testing.assert_array_equal(a, b)
    again = nngraph.compile(nngraph.load(MODELS["xoc"], random_weights=1))
    for a, b in zip(before, again(x)):
        np.testing.assert_array_equal(a, b)
    if not advised:
        pytest.skip("this system has no madvise(MADV_PAGEOUT) (Linux >= 5.4)")
    if mlir_kb:
        # Measured again right after a release: the compile above read
        # part of libMLIR back, so release once more first.
        nngraph.release_compiler_memory()
        assert _resident_kb("libMLIR") < mlir_kb
