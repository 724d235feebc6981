"""XOC JSON as an ONNX model, for the reference runs of the XOC numerics
(test/Numerics/xoc_compare.py) and of the per-layer comparison
(utils/debug/compare_layers.py). Built from the XOC file itself with
onnx.helper, independently of nngraph's importer.

XOC quirks resolved here as the format description says: 2-value pads are
symmetric, value-less int64 shape/axes tensors get the values their
consumers' shapes imply (Reshape: the output shape; ReduceMean: the axes
that shrink to 1)."""

import numpy as np

DTYPES = {"float32": np.float32, "int64": np.int64, "int32": np.int32,
          "float16": np.float16, "uint8": np.uint8, "bool": np.bool_}


def graph_of(doc):
    """The graph object of an XOC document and its node list."""
    g = doc.get("graph", doc)
    return g, g.get("operators", g.get("nodes"))


def source_values(doc, rng, given=None):
    """Values of the graph's sources (inputs and weights) by tensor index:
    `given` (by tensor id) first; then int64 shape/axes tensors from their
    consumers; data inputs uniform in [0, 1); weights normal, scaled by the
    fan-in."""
    g, nodes = graph_of(doc)
    tensors = g["tensors"]
    given = given or {}
    producers = {o for n in nodes for o in n["outputs"]}
    consumers = {}
    for n in nodes:
        for k, i in enumerate(n["inputs"]):
            consumers.setdefault(i, []).append((n, k))
    values = {}
    for i, t in enumerate(tensors):
        if i in producers:
            continue
        dtype = DTYPES[t["dtype"]]
        if t["id"] in given:
            values[i] = np.asarray(given[t["id"]]).astype(dtype)
        elif dtype == np.int64:
            n, _ = consumers[i][0]
            out = tensors[n["outputs"][0]]["shape"]
            inp = tensors[n["inputs"][0]]["shape"]
            if n["name"] == "Reshape":
                values[i] = np.array(out, np.int64)
            else:
                values[i] = np.array([a for a, (x, y) in
                                      enumerate(zip(inp, out))
                                      if x != y], np.int64)
        elif i in g["inputs"]:
            values[i] = rng.uniform(0, 1, t["shape"]).astype(dtype)
        else:
            fan_in = int(np.prod(t["shape"][1:])) if len(t["shape"]) > 1 \
                else 1
            values[i] = (rng.normal(0, 1, t["shape"]) /
                         np.sqrt(fan_in)).astype(dtype)
    return values


def build_model(doc, values, every_output=False):
    """The ONNX model (opset 18) of an XOC document with `values` (by tensor
    index) as initializers, the graph inputs excepted. With `every_output`,
    every node output whose type ONNX's shape inference finds is a graph
    output too (the graph's own outputs first)."""
    import onnx
    from onnx import helper, numpy_helper
    g, nodes = graph_of(doc)
    tensors = g["tensors"]
    ids = [t["id"] for t in tensors]
    onnx_nodes = []
    for n in nodes:
        attrs = dict(n.get("attributes", {}))
        if "pads" in attrs and len(attrs["pads"]) == 2:
            attrs["pads"] = attrs["pads"] * 2
        onnx_nodes.append(helper.make_node(
            n["name"], [ids[i] for i in n["inputs"]],
            [ids[o] for o in n["outputs"]], name=n["id"], **attrs))
    elem = {np.float32: onnx.TensorProto.FLOAT,
            np.int64: onnx.TensorProto.INT64}

    def info(i):
        return helper.make_tensor_value_info(
            ids[i], elem[DTYPES[tensors[i]["dtype"]]], tensors[i]["shape"])

    graph = helper.make_graph(
        onnx_nodes, g.get("name", "xoc"), [info(i) for i in g["inputs"]],
        [info(i) for i in g["outputs"]],
        [numpy_helper.from_array(v, ids[i]) for i, v in values.items()
         if i not in g["inputs"]])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 18)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    if every_output:
        inferred = onnx.shape_inference.infer_shapes(model)
        known = {v.name: v for v in inferred.graph.value_info}
        outputs = {ids[i] for i in g["outputs"]}
        for n in nodes:
            for o in n["outputs"]:
                if ids[o] in known and ids[o] not in outputs:
                    model.graph.output.append(known[ids[o]])
                    outputs.add(ids[o])
    return model
