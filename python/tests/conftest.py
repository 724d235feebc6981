"""Shared fixtures of the nngraph Python tests: the repository's test
inputs, one small model per format."""

import os

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TEST = os.path.join(ROOT, "test")

#: One small model of each format, from the lit suite's inputs.
MODELS = {
    "mxnet": os.path.join(TEST, "Target", "NNVM", "Inputs", "small-cnn-symbol.json"),
    "mxnet_mlp": os.path.join(TEST, "Numerics", "Inputs", "mlp-symbol.json"),
    "tvm": os.path.join(TEST, "Target", "NNVM", "Inputs", "tiny-tvm-graph.json"),
    "lightnet": os.path.join(TEST, "Target", "LightNet", "Inputs", "seed-example.json"),
    # conv -> relu -> global pool -> flatten -> gemm, written for these tests.
    "xoc": os.path.join(os.path.dirname(__file__), "Inputs", "tiny-cnn.xoc.json"),
    # Has a custom op and a 2-value pads warning.
    "xoc_features": os.path.join(TEST, "Target", "XOC", "Inputs", "features.json"),
    "relayviz": os.path.join(TEST, "Target", "RelayViz", "Inputs", "small-cnn.json"),
    "mlir": os.path.join(TEST, "Target", "DOT", "Inputs", "two-functions.mlir"),
}


@pytest.fixture
def models():
    return MODELS
