#!/usr/bin/env python3
"""ONNX's backend node tests, run through nngraph as XOC files.

The `onnx` package carries ONNX's conformance cases for single operators
(onnx.backend.test.case.node): a model, its inputs and the expected outputs.
This harness converts each case's model to XOC JSON with a converter of its
own (it does not use nngraph's XOC importer or exporter, so that the two
check each other), runs it with nngraph-run on the case's inputs, compares
the outputs with the expected ones (the case's rtol/atol, ONNX's defaults
1e-3/1e-7), and puts every case in one class:

  not-expressible  the model uses what XOC JSON cannot hold (subgraphs,
                   sequences, strings, element types outside the format's
                   list, another operator domain, an omitted optional input
                   before a given one);
  unknown-op       an operator without a typed nngraph operation (it would
                   import as nngraph.custom, which cannot be lowered);
  unmapped-form    an operator with a typed operation, in a form the
                   importer does not map (an attribute value, an input
                   without a value, a count of inputs or outputs);
  import-error     nngraph-translate --import-xoc rejects the file;
  lowering-error   the file imports but nngraph-run cannot compile it;
  crash            a signal, an assertion, LLVM's crash banner or a timeout;
  wrong            it runs but an output differs (shape, type or values);
  pass             every output agrees.

How the converter writes a case (what a real XOC file would hold):
  - graph inputs with data stay inputs, except the inputs that ONNX turned
    from attributes into tensors in later opsets (Reshape's shape, Slice's
    starts..., Clip's min/max, Pad's pads, the Reduce* axes; CONST_INPUTS),
    which become weight tensors with values (metadata.value), as exporters
    write them (initializers, Constant nodes);
  - Constant nodes and initializers become tensors with values;
  - tensor shapes: the data's for inputs and outputs, ONNX shape inference
    for the rest (-1 for unknown sizes);
  - the opset of the default domain goes into the graph's metadata.opset.

Usage:
  onnx_node_tests.py --translate BIN --run BIN [--jobs N] [--filter RE]
                     [--cases FILE] [--json OUT] [--show CLASS...]
  --cases FILE: only the case names listed in FILE (one per line, '#'
  comments); the lit test runs such a list and checks its classes
  (--expect FILE: lines 'case class').
Exits non-zero when a case crashes, or when --expect lists a class that
differs; never because a case fails.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np

# Cases that exposed a bug once (a wrong number, a crash, a lowering gap);
# --write-expect lists them in the CI subset beside the first cases of each
# operator.
REGRESSIONS = [
    "test_bitshift_right_uint8",        # unsigned right shift is logical
    "test_convtranspose_autopad_same",  # SAME auto_pad on conv_transpose
    "test_convtranspose_output_shape",  # negative total padding: floor
    "test_div_uint8",                   # uint8 read unsigned
    "test_greater_uint8",
    "test_onehot_with_axis",            # float indices
    "test_slice_start_out_of_bounds",   # empty slice at the axis end
    "test_split_zero_size_splits_opset18",  # one empty tensor returned 3x
    "test_attention_4d_fp16",           # float16 computed in f32
    "test_attention_4d_causal_fp16",
    "test_attention_4d_gqa_with_past_and_present_fp16",
    "test_wrap_pad",                    # Pad mode wrap
]

CLASSES = ["pass", "wrong", "crash", "lowering-error", "import-error",
           "unmapped-form", "unknown-op", "not-expressible"]

# ONNX element type -> XOC dtype (the format's list and the types real files
# carry: float64, int8, int16).
ONNX_DTYPES = {1: "float32", 10: "float16", 11: "float64", 3: "int8",
               5: "int16", 6: "int32", 7: "int64", 2: "uint8", 9: "bool"}

# Inputs that earlier opsets had as attributes; exporters write them as
# initializers or Constant nodes, so the converter gives them values.
# op -> input indices.
CONST_INPUTS = {
    "Reshape": [1], "Expand": [1], "Tile": [1], "Squeeze": [1],
    "Unsqueeze": [1], "Slice": [1, 2, 3, 4], "Pad": [1, 2, 3],
    "Clip": [1, 2], "Split": [1], "TopK": [1], "Resize": [1, 2, 3],
    "Upsample": [1], "OneHot": [1, 2], "ReduceSum": [1], "ReduceMean": [1],
    "ReduceMax": [1], "ReduceMin": [1], "ReduceProd": [1], "ReduceL1": [1],
    "ReduceL2": [1], "ReduceLogSum": [1], "ReduceLogSumExp": [1],
    "ReduceSumSquare": [1], "Dropout": [1, 2], "ConstantOfShape": [0],
    "CenterCropPad": [1], "Col2Im": [1, 2], "Range": [0, 1, 2],
    "CumSum": [1], "NonMaxSuppression": [2, 3, 4], "Trilu": [1],
    "EyeLike": [], "RandomNormalLike": [], "Compress": [],
    "GridSample": [], "AffineGrid": [1], "CumProd": [1],
    "HannWindow": [0], "HammingWindow": [0], "BlackmanWindow": [0],
}


class NotExpressible(Exception):
    pass


def op_of_case(name, ops, schemas):
    """The operator a case tests: its only node's type, or for multi-node
    cases (the *_expanded function bodies) the ONNX operator that its name
    starts with."""
    if len(set(ops)) == 1:
        return ops[0]
    key = name[len("test_"):].replace("_", "").lower()
    best = ""
    for s in schemas:
        if key.startswith(s.lower()) and len(s) > len(best):
            best = s
    return best or ops[0]


def to_list(array):
    if array.dtype == np.bool_:
        return [bool(v) for v in array.reshape(-1)]
    if array.dtype.kind == "f":
        flat = array.astype(np.float64).reshape(-1)
        if not np.all(np.isfinite(flat)):
            raise NotExpressible("a non-finite constant value")
        return [float(v) for v in flat]
    return [int(v) for v in array.reshape(-1)]


def attribute_value(attr, helper, numpy_helper):
    from onnx import AttributeProto as A
    t = attr.type
    if t == A.INT:
        return int(attr.i)
    if t == A.FLOAT:
        return float(attr.f)
    if t == A.STRING:
        return attr.s.decode("utf-8", "replace")
    if t == A.INTS:
        return [int(v) for v in attr.ints]
    if t == A.FLOATS:
        return [float(v) for v in attr.floats]
    if t == A.STRINGS:
        return [s.decode("utf-8", "replace") for s in attr.strings]
    if t == A.TENSOR:
        return to_list(numpy_helper.to_array(attr.t))
    raise NotExpressible("attribute '%s' of type %s" % (
        attr.name, A.AttributeType.Name(t)))


def convert(case, onnx, numpy_helper, helper):
    """The case's model as an XOC document, and the input values to pass:
    (doc, {tensor id: array}, [(output id, expected array)])."""
    model = case.model
    for opset in model.opset_import:
        if opset.domain not in ("", "ai.onnx"):
            raise NotExpressible("operator domain '%s'" % opset.domain)
    opset = max([o.version for o in model.opset_import
                 if o.domain in ("", "ai.onnx")] or [0])
    g = model.graph
    inputs, outputs = case.data_sets[0]
    names_in = [i.name for i in g.input]
    init_names = {t.name for t in g.initializer}
    runtime_in = [n for n in names_in if n not in init_names]
    if len(inputs) != len(runtime_in) or len(outputs) != len(g.output):
        raise NotExpressible("data that does not match the graph's signature")
    def array(v):
        if isinstance(v, onnx.TensorProto):
            if v.data_type not in ONNX_DTYPES:
                raise NotExpressible("element type %s ('%s')" % (
                    onnx.TensorProto.DataType.Name(v.data_type), v.name))
            return numpy_helper.to_array(v)
        if not isinstance(v, (np.ndarray, np.generic)):
            raise NotExpressible("a sequence or optional value")
        return np.asarray(v)
    inputs = [array(v) for v in inputs]
    outputs = [array(v) for v in outputs]
    data = dict(zip(runtime_in, inputs))
    expected = [(o.name, np.asarray(v)) for o, v in zip(g.output, outputs)]

    try:
        inferred = onnx.shape_inference.infer_shapes(model, data_prop=True)
        infos = list(inferred.graph.value_info)
    except Exception:
        infos = []
    types = {}  # name -> (dtype, shape)
    for vi in list(g.input) + list(g.output) + infos:
        tt = vi.type
        if tt.WhichOneof("value") != "tensor_type":
            raise NotExpressible("a %s value ('%s')" % (
                tt.WhichOneof("value"), vi.name))
        elem = tt.tensor_type.elem_type
        shape = None
        if tt.tensor_type.HasField("shape"):
            shape = [d.dim_value if d.HasField("dim_value") else -1
                     for d in tt.tensor_type.shape.dim]
        types[vi.name] = (elem, shape)
    for name, v in list(data.items()) + expected:
        types[name] = (helper.np_dtype_to_tensor_dtype(v.dtype),
                       list(v.shape))

    tensors, index = [], {}
    consts = {}

    def tensor(name, role, values=None, dtype=None, shape=None):
        if name in index:
            return index[name]
        if dtype is None:
            if name not in types:
                raise NotExpressible("no type for '%s'" % name)
            elem, shape = types[name]
            if elem not in ONNX_DTYPES:
                raise NotExpressible("element type %s ('%s')" % (
                    onnx.TensorProto.DataType.Name(elem), name))
            dtype = ONNX_DTYPES[elem]
        if shape is None:
            raise NotExpressible("unknown rank of '%s'" % name)
        t = {"id": name, "name": role, "shape": list(shape), "dtype": dtype}
        if values is not None:
            t["metadata"] = {"value": to_list(values)}
        index[name] = len(tensors)
        tensors.append(t)
        return index[name]

    def const_tensor(name, array):
        elem = helper.np_dtype_to_tensor_dtype(array.dtype)
        if elem not in ONNX_DTYPES:
            raise NotExpressible("element type %s ('%s')" % (
                onnx.TensorProto.DataType.Name(elem), name))
        return tensor(name, "weight", array, ONNX_DTYPES[elem],
                      list(array.shape))

    for t in g.initializer:
        consts[t.name] = numpy_helper.to_array(t)
    # Inputs in attribute-like positions become constants.
    for node in g.node:
        for k in CONST_INPUTS.get(node.op_type, []):
            if k < len(node.input) and node.input[k] in data:
                consts[node.input[k]] = data.pop(node.input[k])
    feeds = {}
    for name in runtime_in:
        if name in data:
            tensor(name, "input")
            feeds[name] = data[name]
    nodes = []
    output_names = {o.name for o in g.output}
    for k, node in enumerate(g.node):
        if node.domain not in ("", "ai.onnx"):
            raise NotExpressible("operator domain '%s'" % node.domain)
        if node.op_type == "Constant" and node.output[0] not in output_names:
            attr = node.attribute[0]
            value = helper.get_attribute_value(attr)
            if attr.name == "value":
                array = numpy_helper.to_array(value)
            elif attr.name in ("value_float", "value_int"):
                array = np.array(value, np.float32 if attr.name ==
                                 "value_float" else np.int64)
            elif attr.name in ("value_floats", "value_ints"):
                array = np.array(list(value), np.float32 if attr.name ==
                                 "value_floats" else np.int64)
            else:
                raise NotExpressible("Constant with '%s'" % attr.name)
            consts[node.output[0]] = array
            continue
        ins = list(node.input)
        while ins and ins[-1] == "":
            ins.pop()
        if "" in ins:
            raise NotExpressible("an omitted optional input before a given "
                                 "one (%s input %d)" % (node.op_type,
                                                        ins.index("")))
        in_ids = []
        for name in ins:
            if name in consts and name not in index:
                const_tensor(name, consts[name])
            if name not in index:
                raise NotExpressible("an input '%s' without data" % name)
            in_ids.append(index[name])
        outs = list(node.output)
        while outs and outs[-1] == "":
            outs.pop()
        if "" in outs:
            raise NotExpressible("an omitted output before a given one")
        out_ids = [tensor(o, "output" if o in output_names else "activation")
                   for o in outs]
        attrs = {a.name: attribute_value(a, helper, numpy_helper)
                 for a in node.attribute}
        nodes.append({"id": node.name or "%s_%d" % (node.op_type, k),
                      "name": node.op_type, "inputs": in_ids,
                      "outputs": out_ids, "attributes": attrs})
    for o in g.output:
        if o.name not in index:
            if o.name in consts:
                raise NotExpressible("an output that is a constant")
            raise NotExpressible("an output that is a graph input")
    doc = {"id": case.name, "name": case.name, "tensors": tensors,
           "operators": nodes,
           "inputs": [index[n] for n in feeds],
           "outputs": [index[o.name] for o in g.output],
           "metadata": {"opset": opset}}
    return doc, feeds, expected


def first_error(stderr):
    for line in stderr.splitlines():
        if "error:" in line:
            return line[line.index("error:") + 6:].strip()
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else ""


CRASH_MARKS = ("PLEASE submit a bug report", "Stack dump:", "Assertion",
               "LLVM ERROR", "Segmentation fault", "Aborted")


def crashed(r):
    return r.returncode < 0 or r.returncode > 128 or any(
        m in r.stderr for m in CRASH_MARKS)


def compare(got, ref, rtol, atol):
    """None when they agree, else the reason."""
    if got.shape != ref.shape:
        return "shape %s, expected %s" % (list(got.shape), list(ref.shape))
    if got.dtype != ref.dtype:
        return "type %s, expected %s" % (got.dtype, ref.dtype)
    if ref.dtype.kind in "fc":
        g64, r64 = got.astype(np.float64), ref.astype(np.float64)
        nan = np.isnan(r64)
        if np.any(np.isnan(g64) != nan):
            return "NaN where the reference has none (or none where it has)"
        close = np.isclose(g64, r64, rtol=rtol, atol=atol) | nan
        if not np.all(close):
            err = np.abs(g64 - r64)[~close]
            return "max error %.3g at %d of %d elements" % (
                float(np.max(err)), int(err.size), ref.size)
        return None
    if not np.array_equal(got, ref):
        return "%d of %d elements differ" % (
            int(np.sum(got != ref)), ref.size)
    return None


def run_case(case, args, modules, workdir):
    onnx, numpy_helper, helper = modules
    name = case.name
    try:
        doc, feeds, expected = convert(case, onnx, numpy_helper, helper)
    except NotExpressible as e:
        return "not-expressible", str(e)
    d = os.path.join(workdir, name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "model.json")
    with open(path, "w") as f:
        json.dump(doc, f)
    try:
        r = subprocess.run([args.translate, "--import-xoc", "--xoc-strict",
                            path, "-o", os.devnull], capture_output=True,
                           text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "crash", "nngraph-translate timed out"
    if crashed(r):
        return "crash", "nngraph-translate: " + first_error(r.stderr)
    if r.returncode != 0:
        # Strict import: an operator that would become nngraph.custom is an
        # error that says why.
        errors = [l[l.index("error:") + 6:].strip()
                  for l in r.stderr.splitlines() if "error:" in l]
        for cls, mark in (("unknown-op", "unsupported operator"),
                          ("unmapped-form", "has no typed form")):
            hits = [e for e in errors if mark in e]
            if hits and len(hits) == len(errors):
                return cls, "; ".join(sorted(set(hits)))
        other = [e for e in errors if "unsupported operator" not in e and
                 "has no typed form" not in e]
        return "import-error", (other or errors or [first_error(r.stderr)])[0]
    cmd = [args.run, path, "--repeat", "1", "--output-dir",
           os.path.join(d, "out")]
    for k, (n, v) in enumerate(feeds.items()):
        p = os.path.join(d, "in%d.npy" % k)
        np.save(p, v)
        cmd += ["--input", "%s=%s" % (n, p)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "crash", "nngraph-run timed out"
    if crashed(r):
        return "crash", "nngraph-run: " + first_error(r.stderr)
    if r.returncode != 0:
        return "lowering-error", first_error(r.stderr)
    for out, ref in expected:
        p = os.path.join(d, "out", out + ".npy")
        if not os.path.exists(p):
            return "wrong", "no output '%s'" % out
        got = np.load(p)
        why = compare(got, ref, case.rtol, case.atol)
        if why:
            return "wrong", "%s: %s" % (out, why)
    if not args.keep:
        shutil.rmtree(d, ignore_errors=True)
    return "pass", ""


def reason_key(reason):
    """A reason with names and numbers taken out, to count alike ones."""
    r = re.sub(r"'[^']*'", "'…'", reason)
    r = re.sub(r"\"[^\"]*\"", "\"…\"", r)
    r = re.sub(r"\$[\w.\[\]]*", "$…", r)
    r = re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", r)
    return r[:140]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--translate", required=True, help="nngraph-translate")
    ap.add_argument("--run", required=True, help="nngraph-run")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--filter", default="", help="case names matching RE")
    ap.add_argument("--cases", help="file of case names to run")
    ap.add_argument("--expect", help="file of 'case class' lines to check")
    ap.add_argument("--write-expect", metavar="FILE",
                    help="write an --expect file: three passing cases of "
                    "each operator, and three cases of each other class")
    ap.add_argument("--json", help="write every case's class and reason")
    ap.add_argument("--show", nargs="*", default=[],
                    help="list the cases of these classes with reasons")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--keep", action="store_true",
                    help="keep the work folder (XOC files, inputs, outputs)")
    ap.add_argument("--no-table", action="store_true",
                    help="no table by operator")
    args = ap.parse_args()

    warnings.filterwarnings("ignore")
    np.seterr(all="ignore")
    import onnx
    from onnx import helper, numpy_helper, defs
    from onnx.backend.test.case.node import collect_testcases

    t0 = time.time()
    cases = collect_testcases(None) if \
        collect_testcases.__code__.co_argcount else collect_testcases()
    wanted = None
    expect = {}
    if args.expect:
        for line in open(args.expect):
            line = line.split("#")[0].split()
            if line:
                expect[line[0]] = line[1]
        wanted = set(expect)
    if args.cases:
        wanted = {l.split("#")[0].strip() for l in open(args.cases)} - {""}
    if wanted is not None:
        missing = wanted - {c.name for c in cases}
        if missing:
            print("unknown case names: " + ", ".join(sorted(missing)))
            return 2
        cases = [c for c in cases if c.name in wanted]
    if args.filter:
        cases = [c for c in cases if re.search(args.filter, c.name)]
    cases.sort(key=lambda c: c.name)
    schemas = sorted({s.name for s in defs.get_all_schemas()})
    print("onnx %s: %d node test cases (collected in %.1f s); %d jobs" % (
        onnx.__version__, len(cases), time.time() - t0, args.jobs))
    sys.stdout.flush()

    workdir = tempfile.mkdtemp(prefix="nngraph-onnx-node-")
    modules = (onnx, numpy_helper, helper)
    results = {}
    t1 = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run_case, c, args, modules, workdir): c
                   for c in cases}
        for f in concurrent.futures.as_completed(futures):
            c = futures[f]
            try:
                results[c.name] = f.result()
            except Exception as e:  # a harness bug: say so, count it
                results[c.name] = ("crash", "harness: %r" % e)
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        print("work folder: " + workdir)

    op = {c.name: op_of_case(c.name, [n.op_type for n in c.model.graph.node],
                             schemas) for c in cases}
    counts = {k: 0 for k in CLASSES}
    for cls, _ in results.values():
        counts[cls] += 1
    total = len(results)
    expressible = total - counts["not-expressible"]
    print("ran in %.1f s" % (time.time() - t1))
    print("\nby class:")
    for k in CLASSES:
        print("  %-16s %5d" % (k, counts[k]))
    print("  %-16s %5d" % ("total", total))
    if expressible:
        print("pass: %d of %d expressible cases (%.1f%%), %d of %d in all" % (
            counts["pass"], expressible, 100.0 * counts["pass"] / expressible,
            counts["pass"], total))

    if not args.no_table:
        by_op = {}
        for name, (cls, _) in results.items():
            by_op.setdefault(op[name], {k: 0 for k in CLASSES})[cls] += 1
        print("\nby operator (cases per class):")
        short = ["pass", "wrong", "crash", "lower", "import", "unmapped",
                 "unk-op", "not-expr"]
        print("  %-28s" % "operator" + "".join("%9s" % s for s in short))
        for o in sorted(by_op):
            print("  %-28s" % o + "".join("%9d" % by_op[o][k]
                                          for k in CLASSES))

    for cls in CLASSES:
        if cls == "pass":
            continue
        reasons = {}
        for name, (c, why) in results.items():
            if c == cls:
                reasons.setdefault(reason_key(why), []).append(name)
        if not reasons:
            continue
        print("\n%s, by reason (cases; first few):" % cls)
        for why, names in sorted(reasons.items(), key=lambda x: -len(x[1])):
            print("  %4d  %s  [%s%s]" % (len(names), why, ", ".join(
                sorted(names)[:3]), ", ..." if len(names) > 3 else ""))
    missing = {}
    for name, (c, why) in results.items():
        if c == "unknown-op":
            for o in set(re.findall(r"unsupported operator '([^']*)'", why)):
                missing.setdefault(o, []).append(name)
    if missing:
        print("\noperators without a typed form (cases that need each):")
        print("  " + ", ".join("%s %d" % (o, len(n)) for o, n in sorted(
            missing.items(), key=lambda x: (-len(x[1]), x[0]))))
    for cls in args.show:
        print("\n%s cases:" % cls)
        for name in sorted(results):
            if results[name][0] == cls:
                print("  %s: %s" % (name, results[name][1]))

    if args.json:
        with open(args.json, "w") as f:
            json.dump({n: {"class": c, "reason": r, "operator": op[n]}
                       for n, (c, r) in sorted(results.items())}, f, indent=1)

    if args.write_expect:
        with open(args.write_expect, "w") as f:
            f.write("# Expected classes of ONNX node test cases (written by "
                    "utils/conformance/onnx_node_tests.py --write-expect,\n"
                    "# onnx %s): three passing cases of each operator, "
                    "three of each other class; and the regressions the "
                    "script lists.\n" % onnx.__version__)
            for cls in CLASSES:
                names = sorted(n for n, (c, _) in results.items()
                               if c == cls)
                if cls == "pass":
                    # The first three passing cases of each operator.
                    seen = {}
                    names = [n for n in names
                             if seen.setdefault(op[n], []).append(n)
                             or len(seen[op[n]]) <= 3]
                else:
                    names = names[:3]
                # Cases that once failed for a bug since fixed stay listed
                # whatever their order.
                names += sorted(n for n in REGRESSIONS
                                if n in results and results[n][0] == cls
                                and n not in names)
                for n in names:
                    f.write("%s %s\n" % (n, cls))

    status = 0
    if counts["crash"]:
        print("\n%d case(s) crashed" % counts["crash"])
        status = 1
    if expect:
        bad = [(n, expect[n], results[n][0], results[n][1])
               for n in sorted(expect) if results[n][0] != expect[n]]
        for n, want, got, why in bad:
            print("expected %s to be %s, got %s: %s" % (n, want, got, why))
        print("expectations: %d of %d as listed" % (len(expect) - len(bad),
                                                    len(expect)))
        if bad:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
