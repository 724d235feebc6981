"""compile(target="cuda"): on a machine without a CUDA driver one clear
error; with a GPU, the same outputs as the CPU build."""

import ctypes

import numpy as np
import pytest

import nngraph
from conftest import MODELS


def _gpu_count() -> int:
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return -1
    count = ctypes.c_int(0)
    if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(count)) != 0:
        return 0
    return count.value


def test_no_driver():
    if _gpu_count() >= 0:
        pytest.skip("a CUDA driver is installed here: the no-driver error "
                    "cannot happen")
    model = nngraph.load(MODELS["xoc"], random_weights=1)
    with pytest.raises(nngraph.DiagnosticError,
                       match="no CUDA driver found: libcuda.so.1 could not "
                             "be loaded"):
        nngraph.compile(model, target="cuda")


def test_target_errors():
    model = nngraph.load(MODELS["xoc"], random_weights=1)
    with pytest.raises(ValueError, match="expected 'cpu' or 'cuda'"):
        nngraph.compile(model, target="tpu")
    with pytest.raises(ValueError, match="nngraph-run --target cuda"):
        nngraph.compile(model, target="cuda", profile=True)


def test_gpu_matches_cpu():
    if _gpu_count() <= 0:
        pytest.skip("no CUDA GPU here (the driver is missing or sees none)")
    model = nngraph.load(MODELS["xoc"], random_weights=1)
    cpu = nngraph.compile(model, winograd=0)
    gpu = nngraph.compile(model, target="cuda")
    rng = np.random.default_rng(0)
    inputs = {s.name: rng.random(s.shape, dtype=np.float32)
              for s in cpu.inputs}
    for a, b in zip(cpu(**inputs), gpu(**inputs)):
        np.testing.assert_allclose(b, a, rtol=1e-4, atol=1e-5)
