"""Every format loads, describes itself and exports, and the exports load
back to the same graph."""

import os

import numpy as np
import pytest

import nngraph
from conftest import MODELS

# The format a file of each kind re-exports to (its own).
OWN_EXPORT = {"mxnet": "mxnet", "tvm": "tvm", "lightnet": "lightnet",
              "xoc": "xoc", "relayviz": "relayviz"}


@pytest.mark.parametrize("kind", sorted(OWN_EXPORT))
def test_load_and_round_trip(kind, tmp_path):
    model = nngraph.load(MODELS[kind])
    assert model.source_format == {"mxnet": "mxnet"}.get(kind, kind) or kind
    # LightNet graphs may only print (no outputs).
    assert model.outputs or kind == "lightnet"
    stats = model.op_stats()
    assert sum(stats.values()) > 0
    assert "func.func" in model.mlir()
    out = tmp_path / f"again.{kind}.json"
    assert model.export(OWN_EXPORT[kind], str(out)) is None
    again = nngraph.load(str(out))
    assert again.op_stats() == stats
    assert [s.name for s in again.outputs] == [s.name for s in model.outputs]
    assert again.mlir() == model.mlir()


def test_format_detection_and_explicit_format():
    for kind in ("mxnet", "lightnet", "xoc", "relayviz"):
        detected = nngraph.load(MODELS[kind])
        fmt = "nnvm" if kind == "mxnet" else kind
        explicit = nngraph.load(MODELS[kind], format=fmt)
        assert detected.mlir() == explicit.mlir()


def test_mlir_input_and_debug_info():
    model = nngraph.load(MODELS["xoc"])
    text = model.mlir(debug_info=True)
    assert "loc(" in text
    # MLIR text loads back (format detected from the .mlir suffix).
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(model.mlir())
    try:
        again = nngraph.load(f.name)
        assert again.op_stats() == model.op_stats()
    finally:
        os.unlink(f.name)


@pytest.mark.parametrize("target", ["mxnet", "xoc", "relayviz", "dot", "mlir"])
def test_export_to_other_formats(target):
    model = nngraph.load(MODELS["xoc"])
    text = model.export(target)
    assert isinstance(text, str) and text
    if target == "dot":
        assert text.startswith("digraph")


def test_signature():
    model = nngraph.load(MODELS["xoc"])
    (x,) = model.inputs
    assert x.name == "x"
    assert [s.name for s in model.weight_specs] == ["w", "b", "k", "kb"]
    assert [s.name for s in model.outputs] == ["y"]
    assert x.dtype == "float32" and x.shape == (1, 3, 8, 8)
    assert x.numpy_dtype == np.float32
    assert all(s.dtype for s in model.weight_specs)
    assert "nngraph.Model" in repr(model)


def test_dynamic_shapes_are_none_until_given():
    model = nngraph.load(MODELS["mxnet_mlp"])
    (data,) = [s for s in model.inputs if s.name == "data"]
    assert data.shape == (None, None)
    model = nngraph.load(MODELS["mxnet_mlp"], input_shapes={"data": (2, 784)})
    (data,) = [s for s in model.inputs if s.name == "data"]
    assert data.shape == (2, 784)


def test_run_passes():
    model = nngraph.load(MODELS["mxnet"], input_shapes=["data=2x3x8x8"])
    before = model.mlir()
    model.run_passes("builtin.module(func.func(convert-nngraph-to-linalg))")
    after = model.mlir()
    assert "linalg." in after and after != before


def test_warnings_become_python_warnings():
    with pytest.warns(UserWarning, match="2-value pads"):
        model = nngraph.load(MODELS["xoc_features"])
    assert model.op_stats()["nngraph.custom:FancyNorm"] == 1


def test_importer_options(tmp_path):
    path = tmp_path / "commented.json"
    text = open(MODELS["lightnet"]).read()
    path.write_text("// a comment LightNet tools accept\n" + text)
    with pytest.raises(nngraph.DiagnosticError, match="invalid JSON"):
        nngraph.load(str(path), format="lightnet")
    lenient = nngraph.load(str(path), format="lightnet", lenient=True)
    assert lenient.op_stats() == nngraph.load(MODELS["lightnet"]).op_stats()
    # strict: the custom operator of features.json is an error.
    with pytest.raises(nngraph.DiagnosticError, match="FancyNorm"):
        nngraph.load(MODELS["xoc_features"], strict=True)
