//===- XOCModel.cpp - XOC JSON computation graph model ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the decoder of the XOC JSON computation graph. It
// walks the JSON once, keeps going after each problem, and records every
// problem with its JSON path.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/XOC/XOCModel.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::xoc;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {
/// Decoding state shared by the helpers below.
struct Decoder {
  JSONErrors &errors;

  const Value *field(const Object &o, StringRef key, StringRef path,
                     bool required) {
    const Value *v = o.get(key);
    if (!v && required)
      errors.report(jsonPath(path, key), "missing value");
    return v;
  }

  std::string getString(const Object &o, StringRef key, StringRef path,
                        bool required = true) {
    const Value *v = field(o, key, path, required);
    if (!v)
      return "";
    if (std::optional<StringRef> s = v->getAsString())
      return s->str();
    errors.expected(jsonPath(path, key), "string", describeKind(*v));
    return "";
  }

  std::vector<int64_t> getIntList(const Object &o, StringRef key,
                                  StringRef path, bool required = true) {
    std::vector<int64_t> result;
    const Value *v = field(o, key, path, required);
    if (!v)
      return result;
    std::string p = jsonPath(path, key);
    const Array *a = v->getAsArray();
    if (!a) {
      errors.expected(p, "array", describeKind(*v));
      return result;
    }
    for (auto [i, item] : llvm::enumerate(*a)) {
      if (std::optional<int64_t> n = item.getAsInteger())
        result.push_back(*n);
      else
        errors.expected(jsonPath(p, i), "integer", describeKind(item));
    }
    return result;
  }

  std::optional<Object> getObject(const Object &o, StringRef key,
                                  StringRef path, bool required = false) {
    const Value *v = field(o, key, path, required);
    if (!v)
      return std::nullopt;
    if (const Object *obj = v->getAsObject())
      return *obj;
    errors.expected(jsonPath(path, key), "object", describeKind(*v));
    return std::nullopt;
  }

  void decodeTensor(const Value &v, Tensor &tensor, StringRef path);
  void decodeNode(const Value &v, Node &node, StringRef path);
  void checkIndices(std::vector<int64_t> &indices, size_t numTensors,
                    StringRef path);
  void checkReferences(Graph &graph, StringRef path, StringRef nodesKey);
};
} // namespace

void Decoder::decodeTensor(const Value &v, Tensor &tensor, StringRef path) {
  tensor.path = path.str();
  const Object *o = v.getAsObject();
  if (!o) {
    errors.expected(path, "tensor object", describeKind(v));
    return;
  }
  tensor.id = getString(*o, "id", path);
  tensor.role = getString(*o, "name", path);
  if (!tensor.role.empty() && tensor.role != "input" &&
      tensor.role != "output" && tensor.role != "weight" &&
      tensor.role != "activation")
    errors.expected(jsonPath(path, "name"),
                    "tensor role input, output, weight or activation",
                    "\"" + tensor.role + "\"");
  tensor.shape = getIntList(*o, "shape", path);
  tensor.dtype = getString(*o, "dtype", path);
  tensor.metadata = getObject(*o, "metadata", path);
}

void Decoder::decodeNode(const Value &v, Node &node, StringRef path) {
  node.path = path.str();
  const Object *o = v.getAsObject();
  if (!o) {
    errors.expected(path, "node object", describeKind(v));
    return;
  }
  node.id = getString(*o, "id", path);
  node.opType = getString(*o, "name", path);
  node.inputs = getIntList(*o, "inputs", path);
  node.outputs = getIntList(*o, "outputs", path);
  // `attributes` is required by the spec; a missing one reads as empty.
  if (std::optional<Object> attrs = getObject(*o, "attributes", path))
    node.attributes = std::move(*attrs);
  node.metadata = getObject(*o, "metadata", path);
}

void Decoder::checkIndices(std::vector<int64_t> &indices, size_t numTensors,
                           StringRef path) {
  for (auto [i, index] : llvm::enumerate(indices))
    if (index < 0 || index >= static_cast<int64_t>(numTensors))
      errors.report(jsonPath(path, i),
                    "tensor index " + llvm::Twine(index) + " out of range (" +
                        llvm::Twine(numTensors) + " tensors)");
}

void Decoder::checkReferences(Graph &graph, StringRef path,
                              StringRef nodesKey) {
  size_t n = graph.tensors.size();
  auto valid = [&](int64_t t) { return t >= 0 && t < static_cast<int64_t>(n); };
  checkIndices(graph.inputs, n, jsonPath(path, "inputs"));
  checkIndices(graph.outputs, n, jsonPath(path, "outputs"));
  graph.producers.assign(n, -1);
  for (auto [k, node] : llvm::enumerate(graph.nodes)) {
    checkIndices(node.inputs, n, jsonPath(node.path, "inputs"));
    checkIndices(node.outputs, n, jsonPath(node.path, "outputs"));
    for (auto [i, t] : llvm::enumerate(node.outputs)) {
      if (!valid(t))
        continue;
      std::string p = jsonPath(jsonPath(node.path, "outputs"), i);
      if (graph.producers[t] >= 0)
        errors.report(
            p, "tensor " + llvm::Twine(t) + " ('" + graph.tensors[t].id +
                   "') is already produced by " +
                   jsonPath(jsonPath(path, nodesKey), graph.producers[t]));
      else
        graph.producers[t] = k;
    }
  }
  for (auto [i, t] : llvm::enumerate(graph.inputs))
    if (valid(t) && graph.producers[t] >= 0)
      errors.report(jsonPath(jsonPath(path, "inputs"), i),
                    "graph input tensor " + llvm::Twine(t) + " ('" +
                        graph.tensors[t].id + "') is produced by a node");
  for (auto [k, node] : llvm::enumerate(graph.nodes))
    for (auto [i, t] : llvm::enumerate(node.inputs))
      if (valid(t) && graph.producers[t] >= static_cast<int64_t>(k))
        errors.report(jsonPath(jsonPath(node.path, "inputs"), i),
                      "tensor " + llvm::Twine(t) + " ('" + graph.tensors[t].id +
                          "') is read before it is produced");
}

void xoc::decodeGraph(const Value &value, Graph &graph, JSONErrors &errors) {
  Decoder d{errors};
  std::string path = "$";
  const Object *o = value.getAsObject();
  // Some saves wrap the graph as {"graph": {...}}.
  if (o && !o->get("tensors") && o->get("graph")) {
    path = "$.graph";
    o = o->get("graph")->getAsObject();
    if (!o) {
      errors.expected(path, "graph object",
                      describeKind(*value.getAsObject()->get("graph")));
      return;
    }
  }
  if (!o) {
    errors.expected(path, "graph object", describeKind(value));
    return;
  }
  graph.id = d.getString(*o, "id", path);
  graph.name = d.getString(*o, "name", path);
  std::string tensorsPath = jsonPath(path, "tensors");
  if (const Value *v = d.field(*o, "tensors", path, true)) {
    if (const Array *a = v->getAsArray()) {
      graph.tensors.resize(a->size());
      for (auto [i, item] : llvm::enumerate(*a))
        d.decodeTensor(item, graph.tensors[i], jsonPath(tensorsPath, i));
    } else {
      errors.expected(tensorsPath, "array", describeKind(*v));
    }
  }
  StringRef nodesKey = o->get("operators") ? "operators" : "nodes";
  if (o->get("operators") && o->get("nodes"))
    errors.report(path, "both 'nodes' and 'operators' given");
  std::string nodesPath = jsonPath(path, nodesKey);
  if (const Value *v = d.field(*o, nodesKey, path, true)) {
    if (const Array *a = v->getAsArray()) {
      graph.nodes.resize(a->size());
      for (auto [i, item] : llvm::enumerate(*a))
        d.decodeNode(item, graph.nodes[i], jsonPath(nodesPath, i));
    } else {
      errors.expected(nodesPath, "array", describeKind(*v));
    }
  }
  graph.inputs = d.getIntList(*o, "inputs", path);
  graph.outputs = d.getIntList(*o, "outputs", path);
  graph.metadata = d.getObject(*o, "metadata", path);
  d.checkReferences(graph, path, nodesKey);
}
