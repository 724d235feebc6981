//===- RelayVizModel.cpp - RelayViz JSON model ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the decoder of RelayViz JSON. It walks the JSON once,
// keeps going after each problem and records every problem with its JSON
// path: the header (format "relayviz", version major 1), the fields of each
// node kind with their JSON types, and every node reference (an integer
// index into `nodes`).
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/RelayViz/RelayVizModel.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::relayviz;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

StringRef relayviz::getKindName(NodeKind kind) {
  switch (kind) {
  case NodeKind::Function:
    return "Function";
  case NodeKind::Var:
    return "Var";
  case NodeKind::Call:
    return "Call";
  case NodeKind::Op:
    return "Op";
  case NodeKind::Const:
    return "Const";
  case NodeKind::Bind:
    return "Bind";
  case NodeKind::Tuple:
    return "Tuple";
  case NodeKind::Let:
    return "Let";
  case NodeKind::If:
    return "If";
  case NodeKind::TupleGetItem:
    return "TupleGetItem";
  case NodeKind::Invalid:
    break;
  }
  return "?";
}

namespace {
struct Decoder {
  JSONErrors &errors;
  int64_t numNodes = 0;

  const Value *field(const Object &o, StringRef key, StringRef path,
                     bool required) {
    const Value *v = o.get(key);
    if (!v && required)
      errors.report(jsonPath(path, key), "missing value");
    return v;
  }

  std::optional<std::string> getString(const Object &o, StringRef key,
                                       StringRef path, bool required) {
    const Value *v = field(o, key, path, required);
    if (!v)
      return std::nullopt;
    if (std::optional<StringRef> s = v->getAsString())
      return s->str();
    errors.expected(jsonPath(path, key), "string", describeKind(*v));
    return std::nullopt;
  }

  std::optional<int64_t> getInt(const Value &v, StringRef path) {
    if (std::optional<int64_t> i = v.getAsInteger())
      return i;
    errors.expected(path, "integer", describeKind(v));
    return std::nullopt;
  }

  std::vector<int64_t> getIntList(const Value &v, StringRef path) {
    std::vector<int64_t> result;
    const Array *a = v.getAsArray();
    if (!a) {
      errors.expected(path, "array of integers", describeKind(v));
      return result;
    }
    for (auto [i, item] : llvm::enumerate(*a))
      if (std::optional<int64_t> n = getInt(item, jsonPath(path, i)))
        result.push_back(*n);
    return result;
  }

  /// A node reference: an integer index of an existing node.
  Ref getRef(const Value &v, StringRef path) {
    Ref ref;
    ref.path = path.str();
    std::optional<int64_t> id = v.getAsInteger();
    if (!id) {
      errors.expected(path, "node id (integer)", describeKind(v));
      return ref;
    }
    if (*id < 0 || *id >= numNodes) {
      errors.report(path, "dangling node id " + llvm::Twine(*id) + " (" +
                              llvm::Twine(numNodes) + " nodes)");
      return ref;
    }
    ref.id = *id;
    return ref;
  }

  Ref getRefField(const Object &o, StringRef key, StringRef path) {
    if (const Value *v = field(o, key, path, /*required=*/true))
      return getRef(*v, jsonPath(path, key));
    return Ref();
  }

  std::vector<Ref> getRefList(const Object &o, StringRef key, StringRef path) {
    std::vector<Ref> refs;
    const Value *v = field(o, key, path, /*required=*/true);
    if (!v)
      return refs;
    std::string listPath = jsonPath(path, key);
    const Array *a = v->getAsArray();
    if (!a) {
      errors.expected(listPath, "array of node ids", describeKind(*v));
      return refs;
    }
    for (auto [i, item] : llvm::enumerate(*a))
      refs.push_back(getRef(item, jsonPath(listPath, i)));
    return refs;
  }

  std::optional<TensorTypeDesc> getType(const Object &o, StringRef path,
                                        bool needShape) {
    TensorTypeDesc type;
    if (std::optional<std::string> dtype =
            getString(o, "dtype", path, /*required=*/true))
      type.dtype = *dtype;
    else
      return std::nullopt;
    if (const Value *shape = field(o, "shape", path, needShape))
      type.shape = getIntList(*shape, jsonPath(path, "shape"));
    return type;
  }

  void decodeRetType(const Value &v, Node &node, StringRef path);
  void decodeConst(const Object &o, Node &node, StringRef path);
  void decodeOutputNames(const Value &names, Node &node, StringRef namesPath);
  void decodeBinds(const Value &binds, Node &node, StringRef bindsPath);
  void decodeNode(const Value &v, Node &node, StringRef path);
  void decodeFields(const Object &o, Node &node, StringRef path);
  void decode(const Value &v, Graph &graph);
};
} // namespace

void Decoder::decodeRetType(const Value &v, Node &node, StringRef path) {
  auto one = [&](const Value &item, StringRef itemPath) {
    const Object *o = item.getAsObject();
    if (!o) {
      errors.expected(itemPath, "object {dtype, shape}", describeKind(item));
      return;
    }
    if (std::optional<TensorTypeDesc> type = getType(*o, itemPath, true))
      node.retTypes.push_back(*type);
  };
  if (const Array *a = v.getAsArray()) {
    for (auto [i, item] : llvm::enumerate(*a))
      one(item, jsonPath(path, i));
    return;
  }
  one(v, path);
}

void Decoder::decodeConst(const Object &o, Node &node, StringRef path) {
  if (std::optional<std::string> dtype =
          getString(o, "dtype", path, /*required=*/true))
    node.type.dtype = *dtype;
  const Value *v = field(o, "value", path, /*required=*/true);
  if (!v)
    return;
  std::string valuePath = jsonPath(path, "value");
  if (v->kind() == Value::Number || v->kind() == Value::Boolean) {
    node.constValues.push_back(*v);
    return;
  }
  const Object *tensor = v->getAsObject();
  if (!tensor) {
    errors.expected(valuePath, "number, boolean or {array_value, array_shape}",
                    describeKind(*v));
    return;
  }
  node.constIsTensor = true;
  if (const Value *values =
          field(*tensor, "array_value", valuePath, /*required=*/true)) {
    std::string listPath = jsonPath(valuePath, "array_value");
    if (const Array *a = values->getAsArray()) {
      for (auto [i, item] : llvm::enumerate(*a)) {
        if (item.kind() == Value::Number || item.kind() == Value::Boolean)
          node.constValues.push_back(item);
        else
          errors.expected(jsonPath(listPath, i), "number", describeKind(item));
      }
    } else {
      errors.expected(listPath, "array of numbers", describeKind(*values));
    }
  }
  if (const Value *shape =
          field(*tensor, "array_shape", valuePath, /*required=*/true))
    node.constShape = getIntList(*shape, jsonPath(valuePath, "array_shape"));
}

/// The Function's `output_names` extension: a list of strings.
void Decoder::decodeOutputNames(const Value &names, Node &node,
                                StringRef namesPath) {
  const Array *a = names.getAsArray();
  if (!a) {
    errors.expected(namesPath, "array of strings", describeKind(names));
    return;
  }
  node.hasOutputNames = true;
  for (auto [i, item] : llvm::enumerate(*a)) {
    if (std::optional<StringRef> s = item.getAsString())
      node.outputNames.push_back(s->str());
    else
      errors.expected(jsonPath(namesPath, i), "string", describeKind(item));
  }
}

/// A Bind's `binds`: variable (name or `node_<id>`) -> node, sorted by key.
void Decoder::decodeBinds(const Value &binds, Node &node, StringRef bindsPath) {
  const Object *b = binds.getAsObject();
  if (!b) {
    errors.expected(bindsPath, "object", describeKind(binds));
    return;
  }
  std::vector<std::string> keys;
  for (const auto &kv : *b)
    keys.push_back(kv.first.str());
  llvm::sort(keys);
  for (const std::string &key : keys)
    node.binds.emplace_back(key,
                            getRef(*b->get(key), jsonPath(bindsPath, key)));
}

void Decoder::decodeNode(const Value &v, Node &node, StringRef path) {
  node.path = path.str();
  const Object *o = v.getAsObject();
  if (!o) {
    errors.expected(path, "node object", describeKind(v));
    return;
  }
  std::optional<std::string> kind =
      getString(*o, "node_kind", path, /*required=*/true);
  if (!kind)
    return;
  node.kindName = *kind;
  node.kind = llvm::StringSwitch<NodeKind>(*kind)
                  .Case("Function", NodeKind::Function)
                  .Case("Var", NodeKind::Var)
                  .Case("Call", NodeKind::Call)
                  .Case("Op", NodeKind::Op)
                  .Case("Const", NodeKind::Const)
                  .Case("Bind", NodeKind::Bind)
                  .Case("Tuple", NodeKind::Tuple)
                  .Case("Let", NodeKind::Let)
                  .Case("If", NodeKind::If)
                  .Case("TupleGetItem", NodeKind::TupleGetItem)
                  .Default(NodeKind::Invalid);
  bool nameRequired = node.kind == NodeKind::Var || node.kind == NodeKind::Op;
  if (std::optional<std::string> name =
          getString(*o, "name", path, nameRequired))
    node.name = *name;
  decodeFields(*o, node, path);
}

/// The fields of `node`'s kind.
void Decoder::decodeFields(const Object &object, Node &node, StringRef path) {
  const Object *o = &object;
  auto getAttrs = [&] {
    if (const Value *attrs = field(*o, "attrs", path, false)) {
      if (const Object *a = attrs->getAsObject())
        node.attrs = *a;
      else
        errors.expected(jsonPath(path, "attrs"), "object",
                        describeKind(*attrs));
    }
  };
  switch (node.kind) {
  case NodeKind::Function:
    node.body = getRefField(*o, "body", path);
    node.refs = getRefList(*o, "params", path);
    if (const Value *ret = field(*o, "ret_type", path, false))
      decodeRetType(*ret, node, jsonPath(path, "ret_type"));
    if (const Value *names = field(*o, "output_names", path, false))
      decodeOutputNames(*names, node, jsonPath(path, "output_names"));
    break;
  case NodeKind::Var:
    if (std::optional<TensorTypeDesc> type = getType(*o, path, true))
      node.type = *type;
    break;
  case NodeKind::Call: {
    const Value *op = field(*o, "op", path, /*required=*/true);
    if (op && op->kind() == Value::String)
      node.opName = op->getAsString()->str();
    else if (op)
      node.op = getRef(*op, jsonPath(path, "op"));
    node.refs = getRefList(*o, "args", path);
    getAttrs();
    break;
  }
  case NodeKind::Op:
    getAttrs();
    break;
  case NodeKind::Const:
    decodeConst(*o, node, path);
    break;
  case NodeKind::Bind:
    node.body = getRefField(*o, "expr", path);
    if (const Value *binds = field(*o, "binds", path, /*required=*/true))
      decodeBinds(*binds, node, jsonPath(path, "binds"));
    break;
  case NodeKind::Tuple:
    node.refs = getRefList(*o, "fields", path);
    break;
  case NodeKind::Let:
    node.variable = getRefField(*o, "variable", path);
    node.value = getRefField(*o, "value", path);
    node.body = getRefField(*o, "body", path);
    break;
  case NodeKind::If:
    node.cond = getRefField(*o, "cond", path);
    node.trueBranch = getRefField(*o, "true_branch", path);
    node.falseBranch = getRefField(*o, "false_branch", path);
    break;
  case NodeKind::TupleGetItem:
    node.value = getRefField(*o, "tuple_value", path);
    if (const Value *index = field(*o, "index", path, /*required=*/true))
      if (std::optional<int64_t> i = getInt(*index, jsonPath(path, "index")))
        node.index = *i;
    break;
  case NodeKind::Invalid:
    errors.report(jsonPath(path, "node_kind"),
                  "unsupported RelayViz node kind '" + node.kindName + "'");
    break;
  }
}

void Decoder::decode(const Value &v, Graph &graph) {
  const Object *o = v.getAsObject();
  if (!o) {
    errors.expected("$", "object", describeKind(v));
    return;
  }
  if (std::optional<std::string> format =
          getString(*o, "format", "$", /*required=*/true))
    if (*format != "relayviz")
      errors.report("$.format",
                    R"(expected "relayviz", got ")" + *format + "\"");
  if (const Value *version = field(*o, "version", "$", /*required=*/true)) {
    std::vector<int64_t> parts = getIntList(*version, "$.version");
    const Array *items = version->getAsArray();
    // A bad list or item is reported once, by getIntList.
    if (items && items->empty()) {
      errors.report("$.version", "expected [major, minor]");
    } else if (items && parts.size() == items->size()) {
      graph.versionMajor = parts[0];
      graph.versionMinor = parts.size() > 1 ? parts[1] : 0;
      if (parts[0] != 1)
        errors.report("$.version", "unsupported version " +
                                       llvm::Twine(parts[0]) +
                                       " (only major version 1 is supported)");
    }
  }
  const Value *nodes = field(*o, "nodes", "$", /*required=*/true);
  if (!nodes)
    return;
  const Array *a = nodes->getAsArray();
  if (!a) {
    errors.expected("$.nodes", "array", describeKind(*nodes));
    return;
  }
  numNodes = a->size();
  graph.nodes.resize(a->size());
  for (auto [i, item] : llvm::enumerate(*a))
    decodeNode(item, graph.nodes[i], jsonPath("$.nodes", i));
  if (const Value *root = o->get("root"))
    graph.root = getRef(*root, "$.root");
}

void relayviz::decodeGraph(const Value &value, Graph &graph,
                           JSONErrors &errors) {
  Decoder decoder{errors};
  decoder.decode(value, graph);
}
