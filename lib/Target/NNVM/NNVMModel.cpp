//===- NNVMModel.cpp - NNVM / MXNet / TVM graph JSON model ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the decoder of the NNVM graph JSON family. It walks
// the JSON once, keeps going after each problem, and records every problem
// with its JSON path.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/NNVM/NNVMModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

const std::string *Node::getAttr(StringRef key) const {
  for (const auto &[k, v] : attrs)
    if (k == key)
      return &v;
  // Legacy files keep hidden keys (__shape__) in the user `attr` dictionary
  // next to `param`.
  if (key.starts_with("__"))
    for (const auto &[k, v] : userAttrs)
      if (k == key)
        return &v;
  return nullptr;
}

Flavor Graph::getFlavor() const {
  if (!shapes.empty() || !dltypes.empty() || !storageIds.empty())
    return Flavor::TVM;
  for (const Node &node : nodes)
    if (node.op == "tvm_op")
      return Flavor::TVM;
  // NNVM "top" graphs use lower-case operator names of the NNVM registry.
  static const char *const nnvmOps[] = {"conv2d", "dense", "max_pool2d",
                                        "avg_pool2d", "global_avg_pool2d"};
  for (const Node &node : nodes)
    for (const char *op : nnvmOps)
      if (node.op == op)
        return Flavor::NNVM;
  return Flavor::MXNet;
}

std::optional<int64_t> Graph::getEntrySlot(int64_t node, int64_t index) const {
  if (nodeRowPtr) {
    if (node < 0 || node + 1 >= static_cast<int64_t>(nodeRowPtr->size()))
      return std::nullopt;
    int64_t slot = (*nodeRowPtr)[node] + index;
    if (slot >= (*nodeRowPtr)[node + 1])
      return std::nullopt;
    return slot;
  }
  return std::nullopt;
}

namespace {
/// Decoding state shared by the helpers below.
struct Decoder {
  JSONErrors &errors;

  std::optional<int64_t> getInt(const Value &v, StringRef path,
                                StringRef what = "integer") {
    if (std::optional<int64_t> i = v.getAsInteger())
      return i;
    errors.expected(path, what, describeKind(v));
    return std::nullopt;
  }

  const Array *getArray(const Value *v, StringRef path, bool required) {
    if (!v) {
      if (required)
        errors.report(path, "missing value");
      return nullptr;
    }
    if (const Array *a = v->getAsArray())
      return a;
    errors.expected(path, "array", describeKind(*v));
    return nullptr;
  }

  std::vector<int64_t> getIntList(const Value *v, StringRef path,
                                  bool required) {
    std::vector<int64_t> result;
    if (const Array *a = getArray(v, path, required))
      for (auto [i, item] : llvm::enumerate(*a))
        if (std::optional<int64_t> n = getInt(item, jsonPath(path, i)))
          result.push_back(*n);
    return result;
  }

  std::optional<Entry> getEntry(const Value &v, StringRef path) {
    const Array *a = v.getAsArray();
    if (!a || a->size() < 2 || a->size() > 3) {
      errors.expected(path, "entry [node, index] or [node, index, version]",
                      a ? ("array of " + llvm::Twine(a->size())).str()
                        : describeKind(v).str());
      return std::nullopt;
    }
    Entry entry;
    std::optional<int64_t> node = getInt((*a)[0], jsonPath(path, 0));
    std::optional<int64_t> index = getInt((*a)[1], jsonPath(path, 1));
    std::optional<int64_t> version =
        a->size() == 3 ? getInt((*a)[2], jsonPath(path, 2)) : 0;
    if (!node || !index || !version)
      return std::nullopt;
    entry.node = *node;
    entry.index = *index;
    entry.version = *version;
    return entry;
  }

  std::vector<Entry> getEntries(const Value *v, StringRef path, bool required) {
    std::vector<Entry> result;
    if (const Array *a = getArray(v, path, required))
      for (auto [i, item] : llvm::enumerate(*a))
        if (std::optional<Entry> e = getEntry(item, jsonPath(path, i)))
          result.push_back(*e);
    return result;
  }

  /// Reads an attribute dictionary; values should be strings, other scalars
  /// are kept as their JSON text.
  std::vector<std::pair<std::string, std::string>> getAttrDict(const Value &v,
                                                               StringRef path) {
    std::vector<std::pair<std::string, std::string>> result;
    const Object *o = v.getAsObject();
    if (!o) {
      errors.expected(path, "object", describeKind(v));
      return result;
    }
    // llvm::json::Object is unordered; sort keys so that output is stable.
    std::vector<std::string> keys;
    for (const auto &kv : *o)
      keys.push_back(kv.first.str());
    llvm::sort(keys);
    for (const std::string &key : keys) {
      const Value &item = *o->get(key);
      if (std::optional<StringRef> s = item.getAsString()) {
        result.emplace_back(key, s->str());
      } else if (item.kind() == Value::Number ||
                 item.kind() == Value::Boolean) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << item;
        result.emplace_back(key, text);
      } else {
        errors.expected(jsonPath(path, key), "string attribute value",
                        describeKind(item));
      }
    }
    return result;
  }

  void decodeNode(const Value &v, Node &node, StringRef path);
  void decodeGraphAttrs(const Value &v, Graph &graph, StringRef path);
  void decodeGraph(const Value &v, Graph &graph, StringRef path);
  void checkReferences(Graph &graph, StringRef path);
  /// Checks `node_row_ptr` (dropping a bad one) and that TVM's per-entry
  /// lists cover its slots.
  void checkRowPointers(Graph &graph, llvm::StringRef path);
  void checkOutputIndex(const Entry &entry, StringRef path);
  void checkShapeAttrs(const Graph &graph);
  void checkSizes(ArrayRef<int64_t> dims, StringRef path);
};
} // namespace

void Decoder::decodeNode(const Value &v, Node &node, StringRef path) {
  node.path = path.str();
  const Object *o = v.getAsObject();
  if (!o) {
    errors.expected(path, "node object", describeKind(v));
    return;
  }
  if (const Value *op = o->get("op")) {
    if (std::optional<StringRef> s = op->getAsString())
      node.op = s->str();
    else
      errors.expected(jsonPath(path, "op"), "string", describeKind(*op));
  } else {
    errors.report(jsonPath(path, "op"), "missing value");
  }
  if (const Value *name = o->get("name")) {
    if (std::optional<StringRef> s = name->getAsString())
      node.name = s->str();
    else
      errors.expected(jsonPath(path, "name"), "string", describeKind(*name));
  }
  node.inputs = getEntries(o->get("inputs"), jsonPath(path, "inputs"),
                           /*required=*/false);
  // At most one operator attribute dictionary; legacy files put user
  // attributes (ctx_group, lr_mult) in `attr` next to `param`.
  for (const char *key : {"attrs", "param", "attr"}) {
    const Value *dict = o->get(key);
    if (!dict)
      continue;
    auto attrs = getAttrDict(*dict, jsonPath(path, key));
    if (node.attrsKey.empty()) {
      node.attrsKey = key;
      node.attrs = std::move(attrs);
    } else {
      node.userAttrs = std::move(attrs);
    }
  }
  if (const Value *deps = o->get("control_deps"))
    node.controlDeps =
        getIntList(deps, jsonPath(path, "control_deps"), /*required=*/false);
  if (const Value *subgraphs = o->get("subgraphs")) {
    node.subgraphsJSON = llvm::formatv("{0}", *subgraphs).str();
    std::string subPath = jsonPath(path, "subgraphs");
    if (const Array *a = getArray(subgraphs, subPath, false)) {
      for (auto [i, item] : llvm::enumerate(*a)) {
        node.subgraphs.push_back(std::make_unique<Graph>());
        decodeGraph(item, *node.subgraphs.back(), jsonPath(subPath, i));
      }
    }
  }
}

void Decoder::decodeGraphAttrs(const Value &v, Graph &graph, StringRef path) {
  const Object *o = v.getAsObject();
  if (!o) {
    errors.expected(path, "object", describeKind(v));
    return;
  }
  // Every value is a tagged list [tag, payload].
  for (const auto &kv : *o) {
    std::string key = kv.first.str();
    std::string itemPath = jsonPath(path, key);
    const Array *tagged = kv.second.getAsArray();
    std::optional<StringRef> tag = tagged && tagged->size() == 2
                                       ? (*tagged)[0].getAsString()
                                       : std::nullopt;
    if (!tag) {
      errors.expected(itemPath, "tagged value [\"<type>\", <value>]",
                      describeKind(kv.second));
      continue;
    }
    const Value &payload = (*tagged)[1];
    std::string payloadPath = jsonPath(itemPath, 1);
    if (key == "mxnet_version") {
      graph.mxnetVersion = getInt(payload, payloadPath);
    } else if (key == "shape") {
      if (const Array *a = getArray(&payload, payloadPath, true))
        for (auto [i, item] : llvm::enumerate(*a)) {
          std::string shapePath = jsonPath(payloadPath, i);
          graph.shapes.push_back(getIntList(&item, shapePath, true));
          checkSizes(graph.shapes.back(), shapePath);
        }
    } else if (key == "dltype") {
      if (const Array *a = getArray(&payload, payloadPath, true))
        for (auto [i, item] : llvm::enumerate(*a)) {
          if (std::optional<StringRef> s = item.getAsString())
            graph.dltypes.push_back(s->str());
          else
            errors.expected(jsonPath(payloadPath, i), "string",
                            describeKind(item));
        }
    } else if (key == "storage_id") {
      graph.storageIds = getIntList(&payload, payloadPath, true);
    } else if (key == kOutputNamesKey) {
      if (const Array *a = getArray(&payload, payloadPath, true))
        for (auto [i, item] : llvm::enumerate(*a)) {
          if (std::optional<StringRef> s = item.getAsString())
            graph.outputNames.push_back(s->str());
          else
            errors.expected(jsonPath(payloadPath, i), "string",
                            describeKind(item));
        }
    } else if (key == "device_index") {
      graph.deviceIndex = getIntList(&payload, payloadPath, true);
    } else if (key == "dtype") {
      // NNVM type codes repeat dltype: checked, not used on import.
      (void)getIntList(&payload, payloadPath, true);
    }
    // Other graph attributes carry nothing the importer uses.
  }
}

void Decoder::decodeGraph(const Value &v, Graph &graph, StringRef path) {
  const Object *o = v.getAsObject();
  if (!o) {
    errors.expected(path, "graph object", describeKind(v));
    return;
  }
  std::string nodesPath = jsonPath(path, "nodes");
  if (const Array *nodes = getArray(o->get("nodes"), nodesPath, true)) {
    graph.nodes.resize(nodes->size());
    for (auto [i, item] : llvm::enumerate(*nodes))
      decodeNode(item, graph.nodes[i], jsonPath(nodesPath, i));
  }
  graph.argNodes =
      getIntList(o->get("arg_nodes"), jsonPath(path, "arg_nodes"), true);
  graph.heads = getEntries(o->get("heads"), jsonPath(path, "heads"), true);
  if (const Value *rowPtr = o->get("node_row_ptr")) {
    // A bad list or item is reported once here, not again as a wrong
    // length.
    std::vector<int64_t> rows =
        getIntList(rowPtr, jsonPath(path, "node_row_ptr"), true);
    const Array *items = rowPtr->getAsArray();
    if (items && items->size() == rows.size())
      graph.nodeRowPtr = std::move(rows);
  }
  for (const char *key : {"attrs", "attr"}) {
    if (const Value *attrs = o->get(key)) {
      decodeGraphAttrs(*attrs, graph, jsonPath(path, key));
    }
  }
  checkReferences(graph, path);
}

void Decoder::checkReferences(Graph &graph, StringRef path) {
  int64_t numNodes = graph.nodes.size();
  // Variables are the graph's inputs and weights, named by their name.
  llvm::StringMap<StringRef> variables;
  for (const Node &node : graph.nodes)
    if (node.isVariable()) {
      auto [it, inserted] = variables.try_emplace(node.name, node.path);
      if (!inserted)
        errors.report(jsonPath(node.path, "name"),
                      "duplicate variable name '" + node.name + "' (first at " +
                          it->second + ")");
    }
  for (auto [i, node] : llvm::enumerate(graph.nodes)) {
    for (auto [j, input] : llvm::enumerate(node.inputs)) {
      std::string inputPath = jsonPath(jsonPath(node.path, "inputs"), j);
      if (input.node < 0 || input.node >= numNodes)
        errors.report(inputPath, "dangling reference to node " +
                                     llvm::Twine(input.node) + " (graph has " +
                                     llvm::Twine(numNodes) + " nodes)");
      else if (input.node >= static_cast<int64_t>(i))
        errors.report(inputPath, "forward or cyclic reference to node " +
                                     llvm::Twine(input.node) +
                                     " (inputs must name earlier nodes)");
      else
        checkOutputIndex(input, inputPath);
    }
    for (auto [j, dep] : llvm::enumerate(node.controlDeps))
      if (dep < 0 || dep >= static_cast<int64_t>(i))
        errors.report(jsonPath(jsonPath(node.path, "control_deps"), j),
                      "control dependency on node " + llvm::Twine(dep) +
                          " that does not precede it");
  }
  for (auto [j, head] : llvm::enumerate(graph.heads)) {
    std::string headPath = jsonPath(jsonPath(path, "heads"), j);
    if (head.node < 0 || head.node >= numNodes)
      errors.report(headPath,
                    "dangling reference to node " + llvm::Twine(head.node));
    else
      checkOutputIndex(head, headPath);
  }
  checkShapeAttrs(graph);
  for (auto [j, arg] : llvm::enumerate(graph.argNodes))
    if (arg < 0 || arg >= numNodes)
      errors.report(jsonPath(jsonPath(path, "arg_nodes"), j),
                    "dangling reference to node " + llvm::Twine(arg));
  checkRowPointers(graph, path);
}

void Decoder::checkRowPointers(Graph &graph, StringRef path) {
  int64_t numNodes = graph.nodes.size();
  if (graph.nodeRowPtr) {
    const std::vector<int64_t> &rows = *graph.nodeRowPtr;
    std::string rowPath = jsonPath(path, "node_row_ptr");
    if (static_cast<int64_t>(rows.size()) != numNodes + 1) {
      errors.report(rowPath, "expected " + llvm::Twine(numNodes + 1) +
                                 " values (nodes + 1), got " +
                                 llvm::Twine(rows.size()));
      graph.nodeRowPtr.reset();
    } else {
      for (size_t i = 0; i + 1 < rows.size(); ++i) {
        if (rows[i + 1] < rows[i] || rows[0] != 0) {
          errors.report(jsonPath(rowPath, i + 1),
                        "expected a non-decreasing prefix sum starting at 0");
          graph.nodeRowPtr.reset();
          break;
        }
        // Each step is a node's output count: bound it before the importer
        // makes that many results.
        if (rows[i + 1] - rows[i] > kMaxNodeOutputs) {
          errors.report(jsonPath(rowPath, i + 1),
                        "node " + llvm::Twine(i) + " has " +
                            llvm::Twine(rows[i + 1] - rows[i]) +
                            " outputs (at most " +
                            llvm::Twine(kMaxNodeOutputs) + ")");
          graph.nodeRowPtr.reset();
          break;
        }
      }
    }
  }
  // TVM per-entry attributes must cover every slot.
  if (graph.nodeRowPtr && !graph.nodeRowPtr->empty()) {
    size_t slots = graph.nodeRowPtr->back();
    auto check = [&](size_t size, StringRef key) {
      if (size != 0 && size != slots)
        errors.report(jsonPath(jsonPath(path, "attrs"), key),
                      "expected " + llvm::Twine(slots) +
                          " items (one per entry), got " + llvm::Twine(size));
    };
    check(graph.shapes.size(), "shape");
    check(graph.dltypes.size(), "dltype");
    check(graph.storageIds.size(), "storage_id");
    check(graph.deviceIndex.size(), "device_index");
  }
}

void Decoder::checkOutputIndex(const Entry &entry, StringRef path) {
  if (entry.index < 0)
    errors.report(path, "negative output index " + llvm::Twine(entry.index));
  else if (entry.index >= kMaxNodeOutputs)
    errors.report(path, "output index " + llvm::Twine(entry.index) +
                            " out of range (a node has at most " +
                            llvm::Twine(kMaxNodeOutputs) + " outputs)");
}

/// Shapes become types before any node is imported: TVM's per-entry shapes
/// and the `__shape__` of variables take sizes >= 0 or -1 (unknown; MXNet
/// also writes 0) and at most kMaxTensorElements elements.
void Decoder::checkSizes(ArrayRef<int64_t> dims, StringRef path) {
  for (int64_t d : dims)
    if (d < -1)
      return errors.report(path, "expected sizes >= -1 (-1: unknown), got " +
                                     llvm::Twine(d));
  if (std::optional<std::string> tooMany = checkElementCount(dims))
    errors.report(path, *tooMany);
}

void Decoder::checkShapeAttrs(const Graph &graph) {
  for (const Node &node : graph.nodes) {
    const std::string *text =
        node.isVariable() ? node.getAttr("__shape__") : nullptr;
    if (!text)
      continue;
    // Legacy files keep it in `attr` next to `param` (see Node::getAttr).
    bool inAttrs = llvm::any_of(
        node.attrs, [](const auto &kv) { return kv.first == "__shape__"; });
    std::string attrPath = jsonPath(
        jsonPath(node.path, inAttrs ? StringRef(node.attrsKey) : "attr"),
        "__shape__");
    FailureOr<SmallVector<std::optional<int64_t>>> dims = parseMXTuple(*text);
    if (failed(dims)) {
      errors.report(attrPath,
                    "expected tuple of integers, got \"" + *text + "\"");
      continue;
    }
    SmallVector<int64_t> sizes;
    for (std::optional<int64_t> d : *dims)
      sizes.push_back(d ? *d : -1);
    checkSizes(sizes, attrPath);
  }
}

void nnvm::decodeGraph(const Value &value, Graph &graph, JSONErrors &errors,
                       StringRef path) {
  Decoder decoder{errors};
  decoder.decodeGraph(value, graph, path);
}
