"""MXNet and NNVM graphs mark their parameters as weights (the inputs that
feed an operator's weight, bias, gamma/beta or moving mean/var slot), so
random_weights fills them and a model runs without a params file."""

import numpy as np

import nngraph
from conftest import MODELS


def test_mxnet_weights_are_marked():
    model = nngraph.load(MODELS["mxnet"])
    assert [s.name for s in model.inputs] == ["data"]
    assert [s.name for s in model.weight_specs] == [
        "conv0_weight", "conv0_bias", "bn0_beta", "bn0_moving_mean",
        "bn0_moving_var", "prelu0_gamma", "fc0_weight", "fc0_bias"]


def test_mxnet_runs_with_random_weights_without_params():
    model = nngraph.load(MODELS["mxnet"], random_weights=1)
    assert set(model.weights) == {s.name for s in model.weight_specs}
    again = nngraph.load(MODELS["mxnet"], random_weights=1)
    for name, value in model.weights.items():
        np.testing.assert_array_equal(again.weights[name], value)
    # Uniform values in [-0.5, 0.5) make a negative variance half the time.
    var = model.weights["bn0_moving_var"]
    model.weights["bn0_moving_var"] = np.abs(var) + 0.5
    exe = nngraph.compile(model)
    assert [s.name for s in exe.inputs] == ["data"]
    data = np.random.default_rng(0).uniform(0, 1, (1, 3, 8, 8))
    (out,) = exe(data=data.astype(np.float32))
    assert out.shape == (1, 10) and np.isfinite(out).all()
    np.testing.assert_allclose(out.sum(), 1.0, rtol=1e-5)
    (again_out,) = exe(data=data.astype(np.float32))
    np.testing.assert_array_equal(out, again_out)


def test_mxnet_mlp_runs_with_random_weights_without_params():
    model = nngraph.load(MODELS["mxnet_mlp"], input_shapes={"data": (4, 784)},
                         random_weights=3)
    assert [s.name for s in model.inputs] == ["data"]
    assert model.weights
    (out,) = nngraph.compile(model)(data=np.zeros((4, 784), np.float32))
    assert out.shape[0] == 4 and np.isfinite(out).all()
