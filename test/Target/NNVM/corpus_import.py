#!/usr/bin/env python3
"""Imports every NNVM-family corpus file with nngraph-translate and prints,
per file, whether it imported and how many operations are typed or custom.
Exits non-zero if any file fails, crashes or hangs, or if the negative sample
is not rejected with a diagnostic."""
import argparse
import collections
import os
import re
import subprocess
import sys


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--inputs", required=True)
    args = ap.parse_args()
    shapes = {}
    for line in open(args.inputs):
        if line.startswith("#") or not line.strip():
            continue
        name, spec = line.rstrip("\n").split("\t")
        shapes[name] = spec.split()
    ok = failed = 0
    for folder in ("nnvm-mxnet", "tvm-graph"):
        for name in sorted(os.listdir(os.path.join(args.corpus, folder))):
            if not name.endswith(".json"):
                continue
            path = os.path.join(args.corpus, folder, name)
            cmd = [args.translate, "--import-nnvm", path]
            for s in shapes.get(name, []):
                cmd += ["--input-shape", s]
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
                m.group(1) for m in re.finditer(r"= nngraph\.([a-z_]+)", r.stdout))
            custom = ops.pop("custom", 0)
            ops.pop("constant", None)
            ok += 1
            print(f"{rel}: ok, {sum(ops.values())} typed, {custom} custom")
    negative = os.path.join(args.corpus, "negative")
    for name in sorted(os.listdir(negative)) if os.path.isdir(negative) else []:
        r = run([args.translate, "--import-nnvm", os.path.join(negative, name)])
        good = (r is not None and r.returncode == 1 and "error:" in r.stderr
                and "Assertion" not in r.stderr)
        print(f"negative/{name}: " + ("rejected with a diagnostic" if good
                                      else "NOT REJECTED CLEANLY"))
        failed += 0 if good else 1
    print(f"summary: {ok} imported, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
