"""Per-layer profiles from Python: compile(..., profile=True) times each
layer by node name; Executable.profile returns the rows sorted by time, the
totals and nngraph-run's table; a profiled build computes what a plain
build computes, bit for bit. Timing values are never checked."""

import re
import subprocess
import sys

import numpy as np
import pytest

import nngraph
from conftest import MODELS

SHAPES = {"data": (1, 3, 8, 8)}


@pytest.fixture(scope="module")
def builds():
    model = nngraph.load(MODELS["mxnet"], input_shapes=SHAPES,
                         random_weights=1)
    # Positive variances, so that batch norm gives numbers, not NaNs.
    for name, value in model.weights.items():
        if name.endswith("var"):
            model.weights[name] = np.abs(value) + 0.5
    return model, nngraph.compile(model), nngraph.compile(model, profile=True)


def test_layers_and_rows(builds):
    model, plain, profiled = builds
    assert plain.layers == []
    layers = profiled.layers
    assert layers, "a CNN has layers to time"
    # Each row is a kernel of the plain build, labelled by the layers it
    # computes ("conv+relu" fused): node names and ops joined by "+".
    ops = {part for _, op in layers for part in op.split("+")}
    assert "nngraph.conv" in ops
    assert all(part.startswith("nngraph.") for part in ops)
    # Names are the model's node names; shape-only ops are not layers.
    assert all(name and not name.startswith("layer") for name, _ in layers)
    assert not ops & {"nngraph.reshape", "nngraph.flatten"}

    x = np.random.default_rng(0).uniform(0, 1, SHAPES["data"]).astype(
        np.float32)
    prof = profiled.profile(x, runs=3, warmup=1, baseline=plain)
    assert isinstance(prof, nngraph.Profile)
    assert prof.runs == 3 and prof.warmup == 1
    rows = prof.rows
    assert sorted((r.name, r.op) for r in rows) == sorted(layers)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    # A label's kernels share a row: its calls count kernels x runs.
    assert all(r.calls >= 3 and r.calls % 3 == 0 for r in rows)
    medians = [r.median_ms for r in rows]
    assert medians == sorted(medians, reverse=True)
    for r in rows:
        assert r.total_ms >= 0 and r.mean_ms >= 0 and r.median_ms >= 0
        assert r.mean_ms == pytest.approx(r.total_ms / 3)
    assert rows[-1].cumulative_percent <= 100.0 + 1e-9
    assert prof.layers_ms == pytest.approx(sum(medians))
    assert prof.outside_ms >= 0 and prof.run_mean_ms > 0
    assert prof.unprofiled_ms is not None and prof.unprofiled_ms > 0

    table = str(prof)
    assert table.startswith(f"profile: {len(rows)} layers, 3 timed runs")
    for r in rows:
        assert r.name in table
    assert "(outside layers)" in table and "unprofiled run:" in table

    # The profiled build is the plain build with timing hooks between its
    # kernels: the same outputs, bit for bit.
    (expected,) = plain(x)
    (got,) = prof.outputs
    assert np.isfinite(expected).all()
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
    (again,) = profiled(x)
    assert np.array_equal(again, got)


def test_profile_without_baseline(builds):
    _, _, profiled = builds
    x = np.zeros(SHAPES["data"], np.float32)
    prof = profiled.profile(data=x, runs=1, warmup=0)
    assert prof.unprofiled_ms is None and prof.unprofiled_mean_ms is None
    assert "unprofiled run:" not in str(prof)
    assert repr(prof).startswith("<nngraph.Profile ")


def test_profile_needs_a_profiled_build(builds):
    _, plain, profiled = builds
    x = np.zeros(SHAPES["data"], np.float32)
    with pytest.raises(ValueError, match="compiled without profiling"):
        plain.profile(x)
    with pytest.raises(ValueError, match="not the same model"):
        other = nngraph.compile(nngraph.load(MODELS["mxnet_mlp"],
                                             input_shapes={"data": (4, 784)},
                                             random_weights=1))
        profiled.profile(x, baseline=other)
    with pytest.raises(TypeError):
        profiled.profile()


def test_cli_profile(tmp_path):
    """python -m nngraph run --profile prints nngraph-run's table."""
    r = subprocess.run([sys.executable, "-m", "nngraph", "run", MODELS["xoc"],
                        "--random-inputs", "1", "--profile", "--repeat", "2"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "run time (median of 2)" in r.stdout
    assert re.search(r"^profile: \d+ layers, 2 timed runs after 1 warm-up",
                     r.stdout, re.M)
    assert "nngraph.conv" in r.stdout and "(outside layers)" in r.stdout
    assert "profiled outputs: identical to the unprofiled run's" in r.stdout
