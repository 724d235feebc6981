#!/usr/bin/env python3
"""Imports every NNVM-family corpus file with nngraph-translate and prints,
per file, whether it imported, how many operations are typed or custom, and
whether import -> export -> import gives the identical IR (locations, that
is node names, included). A file whose operators import as several
operations (EXPANDED: MXNet's int8 operators become their integer
arithmetic) cannot give back its own nodes; its export must re-import to a
graph that later round trips leave identical. Exits non-zero if any file
fails, crashes or hangs, if a round trip differs, or if the negative sample
is not rejected with a diagnostic."""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None


# Files whose import expands operators into several operations, and why.
EXPANDED = {
    "nnvm-mxnet/spos-shufflenas-oneshot-quantized-mkldnn-subgraph-symbol.json":
        "int8 operators expanded",
}


def normalize(ir):
    """Drops the source file location, the only thing allowed to differ."""
    return re.sub(r'^#loc = loc\(".*":\d+:\d+\)$', "#loc = FILE", ir,
                  flags=re.M)


def round_trip(translate, ir, tmp):
    """Exports `ir` and imports it again; returns (identical, detail)."""
    same, detail, _ = export_import(translate, ir, tmp)
    return same, detail


def stable_round_trip(translate, ir, tmp):
    """For an EXPANDED file: export, import, then a second round trip of
    that must be identical; returns (stable, detail)."""
    _, detail, again = export_import(translate, ir, tmp)
    if again is None:
        return False, detail
    return round_trip(translate, again, tmp)


def export_import(translate, ir, tmp):
    """Exports `ir` and imports it again with locations; returns
    (identical, detail, the re-imported IR or None)."""
    src = os.path.join(tmp, "in.mlir")
    out = os.path.join(tmp, "out.json")
    with open(src, "w") as f:
        f.write(ir)
    r = run([translate, "--export-nnvm", src, "-o", out])
    if r is None or r.returncode != 0:
        why = r.stderr.strip().splitlines()[0] if r and r.stderr.strip() \
            else "timeout" if r is None else f"exit {r.returncode}"
        return False, "export failed: " + why, None
    r = run([translate, "--import-nnvm", out, "--mlir-print-debuginfo"])
    if r is None or r.returncode != 0:
        why = r.stderr.strip().splitlines()[0] if r and r.stderr.strip() \
            else "timeout" if r is None else f"exit {r.returncode}"
        return False, "re-import failed: " + why, None
    a, b = normalize(ir).splitlines(), normalize(r.stdout).splitlines()
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return False, f"line {i + 1} differs: {x.strip()[:100]!r} vs " \
                          f"{y.strip()[:100]!r}", r.stdout
    if len(a) != len(b):
        return False, f"{len(a)} lines vs {len(b)}", r.stdout
    return True, "", r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--opt", required=True)
    args = ap.parse_args()
    shapes = {}
    for line in open(args.inputs):
        if line.startswith("#") or not line.strip():
            continue
        name, spec = line.rstrip("\n").split("\t")
        shapes[name] = spec.split()
    ok = failed = identical = 0
    tmp = tempfile.mkdtemp(prefix="nngraph-corpus-")
    for folder in ("nnvm-mxnet", "tvm-graph"):
        for name in sorted(os.listdir(os.path.join(args.corpus, folder))):
            if not name.endswith(".json"):
                continue
            path = os.path.join(args.corpus, folder, name)
            cmd = [args.translate, "--import-nnvm", path,
                   "--mlir-print-debuginfo"]
            for s in shapes.get(name, []):
                cmd += ["--nnvm-input-shape", s]
            r = run(cmd)
            rel = f"{folder}/{name}"
            if r is None or r.returncode != 0:
                failed += 1
                why = "timeout" if r is None else (
                    f"exit {r.returncode}: " + r.stderr.strip().splitlines()[0]
                    if r.stderr.strip() else f"exit {r.returncode}")
                print(f"{rel}: FAILED ({why})")
                continue
            ops = collections.Counter(
                m.group(1) for m in re.finditer(
                    r"^\s*(?:%\S+ = )?nngraph\.([a-z_]+)", r.stdout, re.M))
            custom = ops.pop("custom", 0)
            kernels = ops.pop("kernel_call", 0)
            ops.pop("constant", None)
            ok += 1
            if rel in EXPANDED:
                same, detail = stable_round_trip(args.translate, r.stdout,
                                                 tmp)
                verdict = (f"{EXPANDED[rel]}, round trip identical from the "
                           "first export" if same else
                           f"ROUND TRIP NOT STABLE ({detail})")
            else:
                same, detail = round_trip(args.translate, r.stdout, tmp)
                identical += same
                verdict = ("round trip identical" if same
                           else f"ROUND TRIP DIFFERS ({detail})")
            failed += 0 if same else 1
            print(f"{rel}: ok, {sum(ops.values())} typed, {custom} custom, "
                  f"{kernels} kernel calls, " + verdict)
    # The files that need input shapes import without them too, with open
    # sizes; specialised to the shapes (nngraph-infer-shapes input-shapes),
    # they must give the graph that importing with the shapes gives.
    open_ok = open_same = 0
    open_total = 0
    for folder in ("nnvm-mxnet", "tvm-graph"):
        for name in sorted(os.listdir(os.path.join(args.corpus, folder))):
            if name not in shapes:
                continue
            open_total += 1
            rel = f"{folder}/{name}"
            path = os.path.join(args.corpus, folder, name)
            r = run([args.translate, "--import-nnvm", path])
            if r is None or r.returncode != 0:
                why = "timeout" if r is None else (
                    r.stderr.strip().splitlines()[0] if r.stderr.strip()
                    else f"exit {r.returncode}")
                print(f"{rel}: without shapes: FAILED ({why})")
                continue
            open_ok += 1
            spec = ",".join(shapes[name])
            src = os.path.join(tmp, "open.mlir")
            with open(src, "w") as f:
                f.write(r.stdout)
            spec_r = run([args.opt, src,
                          f"--nngraph-infer-shapes=input-shapes={spec}",
                          "--canonicalize"])
            shaped = [args.translate, "--import-nnvm", path]
            for s in shapes[name]:
                shaped += ["--nnvm-input-shape", s]
            shaped_r = run(shaped)
            ref = None
            if shaped_r is not None and shaped_r.returncode == 0:
                with open(src, "w") as f:
                    f.write(shaped_r.stdout)
                ref = run([args.opt, src, "--canonicalize"])
            if spec_r is None or spec_r.returncode != 0:
                why = spec_r.stderr.strip().splitlines()[0] \
                    if spec_r and spec_r.stderr.strip() else "failed"
                print(f"{rel}: without shapes: imported; specialising "
                      f"FAILED ({why})")
            elif ref is None or ref.returncode != 0:
                print(f"{rel}: without shapes: imported (the shaped import "
                      f"does not canonicalize)")
            elif ref.stdout == spec_r.stdout:
                open_same += 1
                print(f"{rel}: without shapes: imported, specialises to the "
                      f"shaped import")
            else:
                # Operators typed only with known sizes stay custom.
                def customs(ir):
                    return collections.Counter(re.findall(
                        r'nngraph\.custom "([^"]+)"', ir))
                extra = customs(spec_r.stdout) - customs(ref.stdout)
                kept = ", ".join(f"{op} {n}" for op, n in
                                 sorted(extra.items()))
                print(f"{rel}: without shapes: imported, specialised graph "
                      f"differs from the shaped import"
                      + (f" (custom where the shaped import is typed: "
                         f"{kept})" if kept else ""))
    negative = os.path.join(args.corpus, "negative")
    for name in sorted(os.listdir(negative)) if os.path.isdir(negative) else []:
        r = run([args.translate, "--import-nnvm", os.path.join(negative, name)])
        good = (r is not None and r.returncode == 1 and "error:" in r.stderr
                and "Assertion" not in r.stderr)
        print(f"negative/{name}: " + ("rejected with a diagnostic" if good
                                      else "NOT REJECTED CLEANLY"))
        failed += 0 if good else 1
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"summary: {ok} imported, {identical} identical round trips, "
          f"{failed} failed")
    print(f"without shapes: {open_ok} of {open_total} import, {open_same} "
          f"specialise to the shaped import")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
