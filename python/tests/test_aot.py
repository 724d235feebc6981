"""Ahead-of-time compilation from Python: Executable.save writes a model
library (nngraph-compile's) and its weights file, nngraph.runtime.load runs
it through the C API with the JIT's outputs bit for bit, concurrent calls
agree, and the error paths raise with the library's message."""

import os
import shutil
import threading

import numpy as np
import pytest

import nngraph
import nngraph.runtime as rt

pytestmark = pytest.mark.skipif(shutil.which("cc") is None,
                                reason="no C compiler driver (cc) to link "
                                       "model libraries with")

CONV = """
func.func @main(%x: tensor<1x3x6x6xf32> {nngraph.name = "x"},
                %w: tensor<4x3x3x3xf32> {nngraph.name = "w", nngraph.role = "weight"},
                %b: tensor<4xf32> {nngraph.name = "b", nngraph.role = "weight"})
    -> tensor<1x4x6x6xf32> attributes {nngraph.output_names = ["z"]} {
  %c = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %r = nngraph.relu %c : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}
"""


def compiled(tmp_path, **kwargs):
    path = tmp_path / "conv.mlir"
    path.write_text(CONV)
    model = nngraph.load(str(path), random_weights=4)
    return model, nngraph.compile(model, threads=1, **kwargs)


def test_save_and_load_match_the_jit(tmp_path):
    _, exe = compiled(tmp_path)
    exe.save(tmp_path / "conv.so")
    assert (tmp_path / "conv.weights").exists()
    lib = rt.load(tmp_path / "conv.so")
    assert lib.inputs == [rt.TensorSpec("x", (1, 3, 6, 6), "float32")]
    assert lib.outputs == [rt.TensorSpec("z", (1, 4, 6, 6), "float32")]
    x = np.random.RandomState(0).rand(1, 3, 6, 6).astype(np.float32)
    (expected,) = exe(x)
    (got,) = lib(x)
    assert got.tobytes() == expected.tobytes()
    (named,) = lib(x=x)
    assert named.tobytes() == expected.tobytes()
    lib.close()
    with pytest.raises(ValueError, match="closed"):
        lib(x)


def test_concurrent_calls_agree(tmp_path):
    _, exe = compiled(tmp_path)
    exe.save(tmp_path / "conv.so", weights_path=tmp_path / "w.bin")
    lib = rt.load(tmp_path / "conv.so", weights=tmp_path / "w.bin")
    inputs = [np.random.RandomState(i).rand(1, 3, 6, 6).astype(np.float32)
              for i in range(4)]
    expected = [exe(x)[0] for x in inputs]
    failures = []

    def work(i):
        for _ in range(20):
            if lib(inputs[i])[0].tobytes() != expected[i].tobytes():
                failures.append(i)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_save_links_the_runtime_beside_the_package(tmp_path):
    # An installed package has no build tree: save() passes the archive and
    # header copied beside the package, and the linker is told exactly
    # those (a missing archive fails the link, naming it).
    here = os.path.dirname(nngraph.__file__)
    assert os.path.exists(os.path.join(here, "libnngraph_aot_runtime.a"))
    assert os.path.exists(os.path.join(here, "AOTModel.h"))
    model, _ = compiled(tmp_path)
    with pytest.raises(nngraph.DiagnosticError,
                       match="(?s)linking .* failed.*missing-runtime.a"):
        nngraph._nngraph.compile_library(
            model._module, str(tmp_path / "bad.so"), model.weights,
            runtime_archive=str(tmp_path / "missing-runtime.a"),
            include_dir=here)


def test_portable_cpu_and_errors(tmp_path):
    _, exe = compiled(tmp_path)
    exe.save(tmp_path / "portable.so", target_cpu="x86-64")
    lib = rt.load(tmp_path / "portable.so")
    x = np.ones((1, 3, 6, 6), np.float32)
    np.testing.assert_allclose(lib(x)[0], exe(x)[0], rtol=1e-5, atol=1e-5)
    with pytest.raises(rt.RuntimeError, match=r"input 0 \('x'\): expected "
                       r"float32 \[1, 3, 6, 6\], got float64") as info:
        lib(np.ones((1, 3, 6, 6)))
    assert info.value.status == "invalid argument"
    with pytest.raises(nngraph.DiagnosticError, match="unknown target CPU"):
        exe.save(tmp_path / "bad.so", target_cpu="pentium9")
    with pytest.raises(ValueError, match="threads must be a positive"):
        exe.save(tmp_path / "bad.so", threads=0)
    (tmp_path / "portable.weights").write_bytes(b"NNGRAPHW")
    with pytest.raises(rt.RuntimeError, match="too short") as info:
        rt.load(tmp_path / "portable.so")
    assert info.value.status == "weights"
    with pytest.raises(rt.RuntimeError, match="exports no nngraph_model_load"):
        rt.load(nngraph.__file__.replace("__init__.py",
                                         "libnngraph_runtime.so"))
