"""Threads: nngraph.compile(model, threads=N) runs a model's parallel loops
(scf.forall) on N OpenMP threads with the numbers of one thread;
NNGRAPH_NUM_THREADS is the default, else the number of CPUs; bad counts
are clear errors."""

import os

import numpy as np
import pytest

import nngraph
from nngraph import _nngraph
from conftest import MODELS, TEST

#: y = exp(x / 2) + 1 on 64x64 in an scf.forall over 8 row blocks.
FORALL = os.path.join(TEST, "Integration", "CPU", "Inputs", "forall-kernel.mlir")

needs_openmp = pytest.mark.skipif(
    not (_nngraph.openmp_library()
         and os.path.exists(_nngraph.openmp_library())),
    reason="no OpenMP runtime (utils/setup.sh installs libomp)")


def _x():
    return (np.arange(4096, dtype=np.float32).reshape(64, 64) - 2048) / 1024


@needs_openmp
def test_forall_on_two_threads_matches_one():
    model = nngraph.load(FORALL)
    x = _x()
    one = nngraph.compile(model, threads=1)
    two = nngraph.compile(model, threads=np.int64(2))
    assert (one.threads, two.threads) == (1, 2)
    y1, = one(x)
    y2, = two(x)
    np.testing.assert_allclose(y2, np.exp(x / 2) + 1, rtol=1e-6)
    assert np.array_equal(y1, y2)
    # Each call forks a team of its own.
    for _ in range(3):
        assert np.array_equal(two(x)[0], y1)


@needs_openmp
def test_default_is_the_cpu_count(monkeypatch):
    monkeypatch.delenv("NNGRAPH_NUM_THREADS", raising=False)
    exe = nngraph.compile(nngraph.load(FORALL))
    assert exe.threads == len(os.sched_getaffinity(0))
    np.testing.assert_allclose(exe(_x())[0], np.exp(_x() / 2) + 1, rtol=1e-6)


def test_environment_variable(monkeypatch):
    model = nngraph.load(FORALL)
    monkeypatch.setenv("NNGRAPH_NUM_THREADS", "1")
    assert nngraph.compile(model).threads == 1
    # The argument wins over the environment.
    monkeypatch.setenv("NNGRAPH_NUM_THREADS", "3")
    assert nngraph.compile(model, threads=1).threads == 1
    for bad in ["abc", "0", "-2"]:
        monkeypatch.setenv("NNGRAPH_NUM_THREADS", bad)
        with pytest.raises(nngraph.DiagnosticError) as info:
            nngraph.compile(model)
        assert (f"NNGRAPH_NUM_THREADS must be a positive integer, got '{bad}'"
                in str(info.value.errors[0]))


@needs_openmp
def test_environment_variable_sets_threads(monkeypatch):
    monkeypatch.setenv("NNGRAPH_NUM_THREADS", "2")
    exe = nngraph.compile(nngraph.load(FORALL))
    assert exe.threads == 2
    np.testing.assert_allclose(exe(_x())[0], np.exp(_x() / 2) + 1, rtol=1e-6)


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True])
def test_bad_thread_counts(bad):
    with pytest.raises(ValueError, match="threads must be a positive integer"):
        nngraph.compile(nngraph.load(FORALL), threads=bad)


def test_model_without_parallel_loops():
    """A graph whose code has no parallel loop compiles with any count and
    gives the same numbers."""
    model = nngraph.load(MODELS["xoc"], random_weights=1)
    x = np.random.default_rng(0).uniform(
        0, 1, model.inputs[0].shape).astype(np.float32)
    one, = nngraph.compile(model, threads=1)(x)
    four, = nngraph.compile(model, threads=4)(x)
    assert np.array_equal(one, four)


def test_cpu_bench_sees_the_option():
    import importlib.util
    from conftest import ROOT
    spec = importlib.util.spec_from_file_location(
        "cpu_bench", os.path.join(ROOT, "utils", "bench", "cpu_bench.py"))
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.nngraph_threads_supported()


@needs_openmp
def test_command_line(tmp_path):
    from test_cli import run_cli
    np.save(tmp_path / "x.npy", _x())
    outputs = {}
    for threads in ["1", "2"]:
        out = tmp_path / threads
        r = run_cli("run", FORALL, "--input", f"arg0={tmp_path / 'x.npy'}",
                    "--threads", threads, "--output-dir", str(out))
        assert r.returncode == 0, r.stderr
        outputs[threads] = np.load(out / "output0.npy")
    assert np.array_equal(outputs["1"], outputs["2"])
    r = run_cli("run", FORALL, "--threads", "0")
    assert r.returncode == 1
    assert "threads must be a positive integer" in r.stderr


def test_compile_threads_environment_variable(monkeypatch):
    """NNGRAPH_COMPILE_THREADS sets how many partitions of the LLVM IR are
    compiled in parallel (JIT.h): the numbers do not depend on it, and a
    count that is not a positive integer is a clear error."""
    model = nngraph.load(MODELS["xoc"], random_weights=1)
    x = np.random.default_rng(0).uniform(
        0, 1, model.inputs[0].shape).astype(np.float32)
    outputs = []
    for count in ["1", "2", "7"]:
        monkeypatch.setenv("NNGRAPH_COMPILE_THREADS", count)
        outputs.append(nngraph.compile(model, threads=1)(x)[0])
    assert all(np.array_equal(outputs[0], y) for y in outputs[1:])
    for bad in ["abc", "0"]:
        monkeypatch.setenv("NNGRAPH_COMPILE_THREADS", bad)
        with pytest.raises(nngraph.DiagnosticError) as info:
            nngraph.compile(model)
        assert (f"NNGRAPH_COMPILE_THREADS must be a positive integer, got "
                f"'{bad}'" in str(info.value.errors[0]))
