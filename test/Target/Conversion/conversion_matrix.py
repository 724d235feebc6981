#!/usr/bin/env python3
"""Cross-format conversion matrix.

Every corpus model of every format is imported, exported to every format
(its own included) and imported again. The re-imported graph must have the
same sources, operations, edges, shapes and names as the first import
(compared with `nngraph-translate --test-graph-summary`), or the exporter must
refuse with a diagnostic of the documented shape
("error: <format>: cannot export ..." and friends). A model whose import
expands operators into several operations (EXPANDED) cannot give back its
own nodes; its reference is its NNVM export imported again. Prints one line per
(model, target) and the matrix of counts; exits non-zero on any difference,
crash, hang, or refusal without a proper diagnostic."""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

# Source formats: corpus folder, import flag, file filter.
SOURCES = [
    ("mxnet", "nnvm-mxnet", "--import-nnvm"),
    ("tvm-graph", "tvm-graph", "--import-nnvm"),
    ("lightnet", "lightnet", "--import-lightnet"),
    ("xoc", "xoc", "--import-xoc"),
    ("relayviz", None, "--import-relayviz"),
]
# Targets: name, export flags, import flag.
TARGETS = [
    ("nnvm", ["--export-nnvm"], "--import-nnvm"),
    ("lightnet", ["--export-lightnet"], "--import-lightnet"),
    ("xoc", ["--export-xoc"], "--import-xoc"),
    ("relayviz", ["--export-relayviz"], "--import-relayviz"),
]
IMPORT_OPTIONS = {"--import-lightnet": ["--lightnet-undefined-as-inputs",
                                        "--lightnet-lenient"]}
# Models whose import expands operators (MXNet's int8 operators become their
# integer arithmetic; test/Target/NNVM/corpus.test).
EXPANDED = {"spos-shufflenas-oneshot-quantized-mkldnn-subgraph-symbol.json"}
REFUSAL = re.compile(r"error: .*?([a-z-]+): (cannot|.*has no|.*not )")


def run(cmd, stdin=None):
    try:
        return subprocess.run(cmd, input=stdin, capture_output=True,
                              text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None


def first_error(r):
    for line in r.stderr.splitlines():
        if "error:" in line:
            return line[line.index("error:"):]
    return r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--inputs", required=True,
                    help="file<TAB>--input-shape values (NNVM corpus)")
    ap.add_argument("--extra", action="append", default=[],
                    help="format=path: a test model to add (RelayViz has "
                         "no corpus)")
    ap.add_argument("--available", default="",
                    help="comma-separated formats whose translations exist")
    args = ap.parse_args()
    available = set(args.available.split(",")) if args.available else None
    shapes = {}
    for line in open(args.inputs):
        if line.startswith("#") or not line.strip():
            continue
        name, spec = line.rstrip("\n").split("\t")
        shapes[name] = spec.split()

    models = []
    for fmt, folder, flag in SOURCES:
        if available is not None and fmt not in available and \
                not (fmt in ("mxnet", "tvm-graph") and "nnvm" in available):
            continue
        if folder:
            d = os.path.join(args.corpus, folder)
            for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
                if name.endswith(".json"):
                    models.append((fmt, flag, os.path.join(d, name), name))
    for extra in args.extra:
        fmt, path = extra.split("=", 1)
        flag = dict((s[0], s[2]) for s in SOURCES)[fmt]
        models.append((fmt, flag, path, os.path.basename(path)))

    tmp = tempfile.mkdtemp(prefix="nngraph-matrix-")
    counts = collections.defaultdict(collections.Counter)
    bad = 0
    for fmt, flag, path, name in models:
        cmd = [args.translate, flag, path, "--mlir-print-debuginfo"]
        # Three LightNet files read tensors they never define.
        cmd += IMPORT_OPTIONS.get(flag, [])
        for s in shapes.get(name, []):
            cmd += ["--input-shape", s]
        r = run(cmd)
        if r is None or r.returncode != 0:
            print(f"{fmt}/{name}: not imported ({first_error(r) if r else 'timeout'})")
            counts[fmt]["not imported"] += 1
            continue
        ir = r.stdout
        if name in EXPANDED:
            out = os.path.join(tmp, "expanded.json")
            e = run([args.translate, "--export-nnvm", "-o", out], ir)
            r = run([args.translate, "--import-nnvm", out,
                     "--mlir-print-debuginfo"]) if e and e.returncode == 0 \
                else None
            if r is None or r.returncode != 0:
                print(f"{fmt}/{name}: expanded operators do not re-import")
                bad += 1
                continue
            print(f"{fmt}/{name}: expanded operators, compared from their "
                  "NNVM export")
            ir = r.stdout
        base = run([args.translate, "--test-graph-summary"], ir)
        for target, export_flags, import_flag in TARGETS:
            if available is not None and target not in available:
                continue
            out = os.path.join(tmp, "out.json")
            e = run([args.translate, *export_flags, "-o", out], ir)
            if e is None or e.returncode not in (0, 1) or "Assertion" in (e.stderr if e else ""):
                print(f"{fmt}/{name} -> {target}: EXPORT CRASHED")
                counts[(fmt, target)]["crash"] += 1
                bad += 1
                continue
            if e.returncode == 1:
                err = first_error(e)
                ok = bool(REFUSAL.search(err))
                print(f"{fmt}/{name} -> {target}: refused: {err[:160]}")
                counts[(fmt, target)]["refused" if ok else "bad refusal"] += 1
                bad += 0 if ok else 1
                continue
            i = run([args.translate, import_flag, out, "--mlir-print-debuginfo",
                     *IMPORT_OPTIONS.get(import_flag, [])])
            if i is None or i.returncode != 0:
                print(f"{fmt}/{name} -> {target}: RE-IMPORT FAILED: "
                      f"{first_error(i) if i else 'timeout'}")
                counts[(fmt, target)]["re-import failed"] += 1
                bad += 1
                continue
            s = run([args.translate, "--test-graph-summary"], i.stdout)
            # An expanded model's many same-named scalar constants may come
            # back from XOC in another order: its operations
            # are compared as a multiset.
            if s.stdout == base.stdout or (
                    name in EXPANDED and sorted(s.stdout.splitlines()) ==
                    sorted(base.stdout.splitlines())):
                counts[(fmt, target)]["same"] += 1
                print(f"{fmt}/{name} -> {target}: same")
                continue
            a, b = base.stdout.splitlines(), s.stdout.splitlines()
            diff = next((f"{x!r} vs {y!r}" for x, y in zip(a, b) if x != y),
                        f"{len(a)} vs {len(b)} lines")
            print(f"{fmt}/{name} -> {target}: DIFFERS: {diff[:200]}")
            counts[(fmt, target)]["differs"] += 1
            bad += 1
    print("matrix (source -> target: same / refused / other):")
    for key in sorted(k for k in counts if isinstance(k, tuple)):
        c = counts[key]
        other = sum(v for k, v in c.items() if k not in ("same", "refused"))
        print(f"  {key[0]} -> {key[1]}: {c['same']} same, {c['refused']} "
              f"refused, {other} other")
    print(f"summary: {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
