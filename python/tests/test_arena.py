"""The intermediates of a call live in an arena that the Executable
allocates once and reuses (nngraph-plan-buffers): concurrent calls on one
Executable each get an arena of their own, so their results are those of
the same calls made one after the other, and a chain whose intermediates
share bytes computes what NumPy does."""

import threading

import numpy as np

import nngraph

N = 48


def chain_model(tmp_path):
    """x -> relu(x @ y) -> ... six times, plus a skip connection from the
    first product to the last: several intermediates, some live across
    others."""
    t = f"tensor<{N}x{N}xf32>"
    lines = [f"func.func @main(%x: {t}, %y: {t}) -> {t} {{"]
    prev = "%x"
    for i in range(6):
        lines.append(f"  %m{i} = nngraph.matmul {prev}, %y : "
                     f"({t}, {t}) -> {t}")
        lines.append(f"  %r{i} = nngraph.relu %m{i} : ({t}) -> {t}")
        prev = f"%r{i}"
    lines.append(f"  %s = nngraph.add {prev}, %m0 : ({t}, {t}) -> {t}")
    lines.append(f"  return %s : {t}\n}}")
    path = tmp_path / "chain.mlir"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def reference(x, y):
    m0 = x.astype(np.float64) @ y
    r = np.maximum(m0, 0)
    for _ in range(5):
        r = np.maximum(r @ y, 0)
    return r + m0


def test_arena_matches_numpy_and_concurrent_calls(tmp_path):
    exe = nngraph.compile(nngraph.load(chain_model(tmp_path)))
    rng = np.random.default_rng(0)
    y = (rng.standard_normal((N, N)) / np.sqrt(N) * 1.4).astype(np.float32)
    xs = [rng.standard_normal((N, N)).astype(np.float32) for _ in range(8)]
    expected = [exe(x, y)[0] for x in xs]
    for x, e in zip(xs, expected):
        np.testing.assert_allclose(e, reference(x, y), rtol=1e-4, atol=1e-4)

    results = {}

    def worker(k):
        for r in range(5):
            i = (k + r) % len(xs)
            results[(k, r)] = (i, exe(xs[i], y)[0])

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 20
    for i, out in results.values():
        np.testing.assert_array_equal(out, expected[i])
