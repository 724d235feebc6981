"""The format registry: detection of every format and of non-models, the
format lists the package shows, and the shared binding policy, input-shape
parser and output summary that nngraph-run uses too."""

import os
import subprocess
import sys

import numpy as np
import pytest

import nngraph
from nngraph import _nngraph

from conftest import MODELS, ROOT


@pytest.mark.parametrize("kind,expected", [
    ("mxnet", "nnvm"), ("mxnet_mlp", "nnvm"), ("tvm", "nnvm"),
    ("lightnet", "lightnet"), ("xoc", "xoc"), ("xoc_features", "xoc"),
    ("relayviz", "relayviz"), ("mlir", "mlir"),
])
def test_detects_each_format(kind, expected):
    assert nngraph.detect_format(MODELS[kind]) == expected


@pytest.mark.parametrize("text,expected", [
    # MLIR text without the .mlir suffix.
    ("module {\n}\n", "mlir"),
    ("func.func @f() { return }", "mlir"),
    ("#map = affine_map<(d0) -> (d0)>\n", "mlir"),
    # Keys, in any order and beside others; "graph" sub-keys count.
    ('{"arg_nodes": [], "nodes": []}', "nnvm"),
    ('{"heads": [[0, 0, 0]]}', "nnvm"),
    ('{"x": 1, "graph": {"tensors": []}}', "xoc"),
    ('{"format": "relayviz", "nodes": []}', "relayviz"),
    # Keys of nested objects do not count.
    ('{"layers": [{"heads": 1, "tensors": 2}]}', "lightnet"),
    # Non-models: a JSON array is none of the formats; an empty object and
    # text that is not JSON go to the fallback row (LightNet, which has no
    # key of its own), whose importer reports them.
    ("[1, 2, 3]", ""),
    ("  [", ""),
    ("{}", "lightnet"),
    ("garbage \x00\xff", "lightnet"),
    ("", "lightnet"),
])
def test_detection_of_text(tmp_path, text, expected):
    path = tmp_path / "model.json"
    path.write_bytes(text.encode("latin-1"))
    assert nngraph.detect_format(path) == expected


def test_mlir_suffix_wins(tmp_path):
    path = tmp_path / "graph.mlir"
    path.write_text('{"heads": []}')
    assert nngraph.detect_format(path) == "mlir"


def test_non_models_are_clean_errors(tmp_path):
    for name, text, message in [
            ("array.json", "[1]", "cannot tell the model format: JSON of "
             "none of nnvm, lightnet, xoc, relayviz"),
            ("empty.json", "{}", "lightnet:"),
            ("garbage.json", "garbage", "lightnet: invalid JSON")]:
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(nngraph.DiagnosticError) as info:
            nngraph.load(path)
        assert message in str(info.value), str(info.value)


def test_format_lists_come_from_the_registry():
    assert nngraph.formats() == list(nngraph.FORMATS) == _nngraph.formats()
    assert nngraph.FORMATS == ("nnvm", "lightnet", "xoc", "relayviz", "mlir")
    assert nngraph.EXPORT_FORMATS == tuple(_nngraph.export_formats())
    assert nngraph.EXPORT_FORMATS == ("mxnet", "nnvm", "tvm", "lightnet",
                                      "xoc", "relayviz", "dot", "mlir")
    r = subprocess.run([sys.executable, "-m", "nngraph", "run", "--help"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0
    assert "{nnvm,lightnet,xoc,relayviz,mlir}" in r.stdout


def test_export_errors_name_the_registry_formats():
    model = nngraph.load(MODELS["xoc"])
    with pytest.raises(ValueError, match=r"unknown export format 'onnx' "
                       r"\(expected mxnet, nnvm, tvm, lightnet, xoc, "
                       r"relayviz, dot or mlir\)"):
        model.export("onnx")
    with pytest.raises(ValueError, match=r"params_path is only written by "
                       r"the NNVM family of formats \(mxnet, nnvm, tvm\), "
                       r"not 'xoc'"):
        model._module.export("xoc", "w.params")


def test_parse_input_shape():
    assert _nngraph.parse_input_shape("data=1x3x?x8") == \
        ("data", [1, 3, None, 8], "")
    assert _nngraph.parse_input_shape("x=2x4xf16") == ("x", [2, 4], "f16")
    for bad in ["data", "=1x2", "data=", "data=1xQx2", "data=-1"]:
        with pytest.raises(ValueError, match="invalid --input-shape"):
            _nngraph.parse_input_shape(bad)


def test_binding_policy():
    inputs = [("w", True, True), ("x", False, True), ("b", True, True),
              ("d", False, False), ("p", False, True)]
    choices, weights, data = _nngraph.plan_inputs(
        inputs, ["p"], ["x"], None, 3)
    assert [c[0] for c in choices] == ["random-weight", "named",
                                       "random-weight", "missing", "weights"]
    assert choices[0][1:] == (_nngraph.weight_seed(3, "w"), -0.5, 0.5)
    assert weights == "" and data == "missing inputs: d"
    choices, weights, data = _nngraph.plan_inputs(inputs, [], [], 7, None)
    assert [c[0] for c in choices] == ["missing", "random-data", "missing",
                                       "missing", "random-data"]
    assert choices[1][1:] == (7, 0.0, 1.0)
    assert weights == "weights without values: w, b"


def test_summary_is_nngraph_runs():
    a = np.array([[0.5, 2.0, -1.0], [3.0, 0.0, 1.0]], dtype=np.float32)
    assert _nngraph.summarize("y", a, 2) == (
        "output y: float32 [2, 3] min -1 max 3 mean 0.916667 "
        "first [0.5, 2, -1, 3, 0, 1]\n  top-2: 1 (2) 0 (0.5)")
    assert _nngraph.summarize("n", np.zeros((0,), np.int64)) == \
        "output n: int64 [0]"


def test_cli_run_prints_what_nngraph_run_prints(tmp_path):
    """`python -m nngraph run` and nngraph-run print the same summaries
    for the same inputs (the timings aside)."""
    tool = os.path.join(ROOT, "build", "bin", "nngraph-run")
    if not os.path.exists(tool):
        pytest.skip("nngraph-run is not built in build/")
    x = np.random.default_rng(0).uniform(0, 1, (1, 3, 8, 8)).astype(np.float32)
    np.save(tmp_path / "x.npy", x)
    args = [MODELS["xoc"], "--input", f"x={tmp_path / 'x.npy'}", "--top-k",
            "3"]
    py = subprocess.run([sys.executable, "-m", "nngraph", "run", *args],
                        capture_output=True, text=True, timeout=300)
    cpp = subprocess.run([tool, *args], capture_output=True, text=True,
                         timeout=300)
    assert py.returncode == 0 and cpp.returncode == 0, py.stderr + cpp.stderr

    def summary(out):
        return [line for line in out.splitlines()
                if not line.startswith(("compile time", "run time"))]
    assert summary(py.stdout) == summary(cpp.stdout)
