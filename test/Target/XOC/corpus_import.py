#!/usr/bin/env python3
"""Imports every XOC corpus file with nngraph-translate and prints, per file,
whether it imported, how many operations are typed or custom, and whether
import -> export -> import gives the identical IR (locations, that is node
names, included). Exits non-zero if any file fails, crashes or hangs, or if a
round trip differs."""
import argparse
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


def first_error(r):
    if r is None:
        return "timeout"
    lines = r.stderr.strip().splitlines()
    return lines[0] if lines else f"exit {r.returncode}"


def normalize(ir):
    """Drops the source file location, the only thing allowed to differ."""
    return re.sub(r'^#loc = loc\(".*":\d+:\d+\)$', "#loc = FILE", ir,
                  flags=re.M)


def round_trip(translate, ir, tmp):
    """Exports `ir` and imports it again; returns (identical, detail)."""
    src = os.path.join(tmp, "in.mlir")
    out = os.path.join(tmp, "out.json")
    with open(src, "w") as f:
        f.write(ir)
    r = run([translate, "--export-xoc", src, "-o", out])
    if r is None or r.returncode != 0:
        return False, "export failed: " + first_error(r)
    r = run([translate, "--import-xoc", out, "--mlir-print-debuginfo"])
    if r is None or r.returncode != 0:
        return False, "re-import failed: " + first_error(r)
    a, b = normalize(ir).splitlines(), normalize(r.stdout).splitlines()
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return False, f"line {i + 1} differs: {x.strip()[:100]!r} vs " \
                          f"{y.strip()[:100]!r}"
    if len(a) != len(b):
        return False, f"{len(a)} lines vs {len(b)}"
    return True, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--corpus", required=True)
    args = ap.parse_args()
    ok = failed = identical = 0
    tmp = tempfile.mkdtemp(prefix="nngraph-xoc-corpus-")
    folder = os.path.join(args.corpus, "xoc")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        r = run([args.translate, "--import-xoc", os.path.join(folder, name),
                 "--mlir-print-debuginfo"])
        if r is None or r.returncode != 0:
            failed += 1
            print(f"xoc/{name}: FAILED: {first_error(r)}")
            continue
        ok += 1
        ops = re.findall(r"^\s*(?:%\S+ = )?(nngraph\.\w+)", r.stdout, re.M)
        custom = sum(1 for op in ops if op == "nngraph.custom")
        typed = len(ops) - custom
        same, detail = round_trip(args.translate, r.stdout, tmp)
        identical += same
        verdict = "round trip identical" if same else \
            f"ROUND TRIP DIFFERS: {detail}"
        print(f"xoc/{name}: ok, {typed} typed, {custom} custom, {verdict}")
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"summary: {ok} imported, {identical} identical round trips, "
          f"{failed} failed")
    return 0 if failed == 0 and identical == ok else 1


if __name__ == "__main__":
    sys.exit(main())
