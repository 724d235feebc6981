"""Every problem surfaces as a Python exception, with all the messages of
the call; nothing crashes the interpreter."""

import os

import numpy as np
import pytest

import nngraph
from conftest import MODELS


def write(tmp_path, name, content, mode="w"):
    path = tmp_path / name
    with open(path, mode) as f:
        f.write(content)
    return str(path)


def test_all_errors_of_a_file_in_one_exception(tmp_path):
    # Two bad nodes: a wrong type and a dangling input.
    path = write(tmp_path, "bad.json", """{
      "nodes": [
        {"op": "null", "name": "data", "inputs": []},
        {"op": "relu", "name": 7, "inputs": [[0, 0, 0]]},
        {"op": "Activation", "name": "act", "attrs": {"act_type": "relu"},
         "inputs": [[9, 0, 0]]}
      ],
      "arg_nodes": [0], "heads": [[2, 0, 0]]
    }""")
    with pytest.raises(nngraph.DiagnosticError) as info:
        nngraph.load(path)
    errors = info.value.errors
    assert len(errors) >= 2, info.value.diagnostics
    text = "\n".join(str(d) for d in errors)
    assert "$.nodes[1].name" in text
    assert "nodes[2]" in text or "act" in text
    for d in errors:
        assert d.severity == "error"
        assert d.location.startswith(path)
        assert d.message.startswith("mxnet: ")
    # The exception's text lists them too.
    assert str(info.value).count("\n") >= 2


def test_malformed_json_names_the_position(tmp_path):
    path = write(tmp_path, "trunc.json", '{"nodes": [')
    with pytest.raises(nngraph.DiagnosticError) as info:
        nngraph.load(path, format="nnvm")
    (d,) = info.value.errors
    assert "invalid JSON" in d.message


@pytest.mark.parametrize("content", [
    b"", b"\x00\x01\x02\xff\xfe", b"[1, 2, 3]", b'"just a string"',
    b"{" * 5000, b"[" * 200000, b"{" * 200000, b'{"ops": 3}', b'{"tensors": {}, "nodes": 1}',
])
def test_garbage_raises_not_crashes(tmp_path, content):
    path = write(tmp_path, "garbage.json", content, "wb")
    with pytest.raises(nngraph.DiagnosticError) as info:
        nngraph.load(path)
    assert info.value.errors


def test_missing_files(tmp_path):
    with pytest.raises(FileNotFoundError):
        nngraph.load(str(tmp_path / "nope.json"))
    with pytest.raises(FileNotFoundError):
        nngraph.load(MODELS["mxnet"], params=str(tmp_path / "nope.params"))


def test_truncated_params(tmp_path):
    params = os.path.join(os.path.dirname(MODELS["mxnet"]), "mxnet-1.9.1.params")
    with open(params, "rb") as f:
        data = f.read()
    path = write(tmp_path, "cut.params", data[: len(data) // 2], "wb")
    with pytest.raises(nngraph.DiagnosticError) as info:
        nngraph.load(MODELS["mxnet"], params=path)
    (d,) = info.value.errors
    assert "cut.params" in d.message or "cut.params" in d.location


def test_unknown_format_and_bad_pipeline():
    with pytest.raises(nngraph.DiagnosticError) as info:
        nngraph.load(MODELS["xoc"], format="onnx")
    assert "unknown model format 'onnx'" in info.value.errors[0].message
    model = nngraph.load(MODELS["xoc"])
    with pytest.raises(nngraph.DiagnosticError) as info:
        model.run_passes("builtin.module(no-such-pass)")
    assert "no-such-pass" in info.value.errors[0].message


def test_export_refusals_are_all_reported():
    # TVM kernel calls have no XOC counterpart: every one is an error.
    model = nngraph.load(MODELS["tvm"])
    with pytest.raises(nngraph.DiagnosticError) as info:
        model.export("xoc")
    assert len(info.value.errors) >= 2
    assert all("xoc: cannot export" in d.message for d in info.value.errors)
    with pytest.raises(ValueError):
        model.export("onnx")


def test_compile_errors_and_bad_inputs():
    # Open input shapes compile at the call that gives them; weights
    # without values cannot be compiled at all.
    model = nngraph.load(MODELS["mxnet_mlp"])
    assert None in model.inputs[0].shape
    with pytest.raises(ValueError, match="weights without values"):
        nngraph.compile(model)
    with pytest.raises(ValueError):
        nngraph.compile(model, target="gpu")

    # A custom op has no lowering: the error names it and its node.
    with pytest.raises(nngraph.DiagnosticError, match="FancyNorm.*'mystery'"):
        nngraph.compile(nngraph.load(MODELS["xoc_features"], random_weights=1))
    # Weights without values cannot be compiled.
    with pytest.raises(ValueError, match="weights without values: w, b, k, kb"):
        nngraph.compile(nngraph.load(MODELS["xoc"]))

    exe = nngraph.compile(nngraph.load(MODELS["xoc"], random_weights=1))
    (spec,) = exe.inputs
    good = np.zeros(spec.shape, np.float32)
    with pytest.raises(ValueError, match=r"input 'x' is float32 \[1, 3, 8\], "
                       r"the model expects float32 \[1, 3, 8, 8\]"):
        exe(good[..., 0])
    with pytest.raises(TypeError, match=r"input 'x' is float64 \[1, 3, 8, 8\]"):
        exe(good.astype(np.float64))
    with pytest.raises(TypeError, match="missing inputs: x"):
        exe()
    with pytest.raises(TypeError, match="has no input 'y'"):
        exe(good, y=good)
    with pytest.raises(TypeError, match="given twice"):
        exe(good, x=good)
    # A non-contiguous view is copied, not rejected.
    big = np.ones((1, 3, 8, 16), np.float32)[..., ::2]
    (out,) = exe(big)
    assert out.shape == tuple(exe.outputs[0].shape)
    np.testing.assert_array_equal(out, exe(np.ones((1, 3, 8, 8), np.float32))[0])
