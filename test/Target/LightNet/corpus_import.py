#!/usr/bin/env python3
"""Imports every LightNet JSON IR file of the corpus with nngraph-translate
and prints, per file, whether it imported, how many operations are typed or
custom, and whether import -> export -> import gives the identical IR
(locations, that is op names, included). Files that LightNet itself cannot
resolve (undefined or "" tensors) must be rejected with one `unknown tensor`
diagnostic per reference; the commented file must give `invalid JSON`.
Exits non-zero if any file fails unexpectedly, crashes or hangs."""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None


def normalize(ir):
    return re.sub(r'^#loc = loc\(".*":\d+:\d+\)$', "#loc = FILE", ir,
                  flags=re.M)


def first_error(r):
    if r is None:
        return "timeout"
    lines = r.stderr.strip().splitlines()
    return lines[0] if lines else f"exit {r.returncode}"


def round_trip(translate, ir, tmp, options=()):
    src = os.path.join(tmp, "in.mlir")
    out = os.path.join(tmp, "out.json")
    with open(src, "w") as f:
        f.write(ir)
    r = run([translate, "--export-lightnet", src, "-o", out])
    if r is None or r.returncode != 0:
        return False, "export failed: " + first_error(r)
    r = run([translate, "--import-lightnet", out, "--mlir-print-debuginfo",
             *options])
    if r is None or r.returncode != 0:
        return False, "re-import failed: " + first_error(r)
    a, b = normalize(ir).splitlines(), normalize(r.stdout).splitlines()
    if a != b:
        return False, "IR differs"
    return True, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--corpus", required=True)
    args = ap.parse_args()
    folder = os.path.join(args.corpus, "lightnet")
    ok = failed = identical = rejected = 0
    tmp = tempfile.mkdtemp(prefix="nngraph-lightnet-")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(folder, name)
        r = run([args.translate, "--import-lightnet", path,
                 "--mlir-print-debuginfo"])
        if r is None or r.returncode < 0:
            print(f"{name}: CRASH or timeout")
            failed += 1
            continue
        if r.returncode != 0:
            errors = [l for l in r.stderr.splitlines() if "error:" in l]
            unknown = [l for l in errors if "unknown tensor" in l]
            if any("invalid JSON" in l for l in errors):
                # Comments and trailing commas: a diagnostic by default, read
                # with the explicit lenient option (whose tensors may also be
                # undefined).
                options = ["--lightnet-lenient", "--lightnet-undefined-as-inputs"]
                r2 = run([args.translate, "--import-lightnet", path,
                          "--mlir-print-debuginfo", *options])
                if r2 is None or r2.returncode != 0:
                    print(f"{name}: FAILED with {' '.join(options)}: "
                          f"{first_error(r2)}")
                    failed += 1
                    continue
                same, why = round_trip(args.translate, r2.stdout, tmp,
                                       options[1:])
                ok += 1
                identical += same
                failed += 0 if same else 1
                print(f"{name}: rejected by default: "
                      + errors[0].split("error: ")[1] + f"; with "
                      + " ".join(options) + ": ok, round trip "
                      + ("identical" if same else why))
            elif unknown and len(unknown) == len(errors):
                # The file reads tensors it never defines: by default each
                # is a diagnostic; with the option they become graph inputs.
                option = "--lightnet-undefined-as-inputs"
                r2 = run([args.translate, "--import-lightnet", path,
                          "--mlir-print-debuginfo", option])
                if r2 is None or r2.returncode != 0:
                    print(f"{name}: FAILED with {option}: {first_error(r2)}")
                    failed += 1
                    continue
                ops = re.findall(r"^\s*(?:%\S+ = )?(nngraph\.\w+)",
                                 r2.stdout, re.M)
                custom = sum(1 for o in ops if o == "nngraph.custom")
                same, why = round_trip(args.translate, r2.stdout, tmp,
                                       [option])
                ok += 1
                identical += same
                failed += 0 if same else 1
                verdict = ("round trip identical" if same
                           else "round trip " + why)
                print(f"{name}: {len(unknown)} unknown tensors by default; "
                      f"with {option}: ok, {len(ops) - custom} typed, "
                      f"{custom} custom, {verdict}")
            else:
                print(f"{name}: FAILED: {first_error(r)}")
                failed += 1
            continue
        ops = re.findall(r"^\s*(?:%\S+ = )?(nngraph\.\w+)", r.stdout, re.M)
        custom = sum(1 for o in ops if o == "nngraph.custom")
        typed = len(ops) - custom
        same, why = round_trip(args.translate, r.stdout, tmp)
        ok += 1
        identical += same
        if not same:
            failed += 1
        verdict = "round trip identical" if same else "round trip " + why
        print(f"{name}: ok, {typed} typed, {custom} custom, {verdict}")
    print(f"summary: {ok} imported, {identical} identical round trips, "
          f"{rejected} rejected, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
