"""`python -m nngraph convert` and `run` mirror nngraph-translate and
nngraph-run."""

import os
import subprocess
import sys

import numpy as np

from conftest import MODELS


def run_cli(*args):
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-m", "nngraph", *args],
                          capture_output=True, text=True, env=env, timeout=300)


def test_convert(tmp_path):
    out = tmp_path / "cnn.relayviz.json"
    r = run_cli("convert", MODELS["xoc"], "--to", "relayviz", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert '"format": "relayviz"' in out.read_text()
    r = run_cli("convert", str(out), "--to", "dot")
    assert r.returncode == 0 and r.stdout.startswith("digraph"), r.stderr


def test_convert_error_lists_diagnostics(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"nodes": [{"op": 1}], "arg_nodes": [], "heads": []}')
    r = run_cli("convert", str(bad), "--to", "xoc")
    assert r.returncode == 1
    assert "error: mxnet: expected string at $.nodes[0].op, got number" in r.stderr


def test_run(tmp_path):
    x = np.random.default_rng(0).uniform(0, 1, (1, 3, 8, 8)).astype(np.float32)
    np.save(tmp_path / "x.npy", x)
    r = run_cli("run", MODELS["xoc"], "--input", f"x={tmp_path / 'x.npy'}",
                "--top-k", "2", "--output-dir", str(tmp_path / "out"))
    assert r.returncode == 0, r.stderr
    assert "output " in r.stdout and "top-2:" in r.stdout
    assert "compile time:" in r.stdout
    files = os.listdir(tmp_path / "out")
    assert len(files) == 1 and files[0].endswith(".npy")
