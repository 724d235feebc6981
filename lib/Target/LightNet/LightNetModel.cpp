//===- LightNetModel.cpp - LightNet JSON IR as plain structs ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the decoding of LightNet JSON IR files (the `ops`
// array and the older dict layout) into the structs of LightNetModel.h, and
// the lenient reader that strips comments and trailing commas.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/LightNetModel.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::lightnet;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

const Param *Op::findParam(StringRef argName) const {
  for (const Param &p : params)
    if (p.argName == argName)
      return &p;
  return nullptr;
}

const TensorRef *Op::findInput(StringRef argName) const {
  for (const TensorRef &t : inputs)
    if (t.argName == argName)
      return &t;
  return nullptr;
}

/// Reads string field `key` of `obj` into `out`.
static void getString(const Object &obj, StringRef key, StringRef path,
                      std::string &out, JSONErrors &errors) {
  std::string fieldPath = jsonPath(path, key);
  const Value *v = obj.get(key);
  if (!v) {
    errors.report(fieldPath, "missing value");
    return;
  }
  if (std::optional<StringRef> s = v->getAsString())
    out = s->str();
  else
    errors.expected(fieldPath, "string", describeKind(*v));
}

/// Reads the array of `{"arg_name", "name"}` objects at `obj[key]`.
static void getTensors(const Object &obj, StringRef key, StringRef path,
                       std::vector<TensorRef> &out, JSONErrors &errors) {
  std::string fieldPath = jsonPath(path, key);
  const Value *v = obj.get(key);
  if (!v) {
    errors.report(fieldPath, "missing value");
    return;
  }
  const Array *items = v->getAsArray();
  if (!items) {
    errors.expected(fieldPath, "array", describeKind(*v));
    return;
  }
  for (auto [i, item] : llvm::enumerate(*items)) {
    TensorRef ref;
    ref.path = jsonPath(fieldPath, i);
    const Object *entry = item.getAsObject();
    if (!entry) {
      errors.expected(ref.path, "object", describeKind(item));
      continue;
    }
    getString(*entry, "arg_name", ref.path, ref.argName, errors);
    getString(*entry, "name", ref.path, ref.name, errors);
    out.push_back(std::move(ref));
  }
}

static void getParams(const Object &obj, StringRef path,
                      std::vector<Param> &out, JSONErrors &errors) {
  std::string fieldPath = jsonPath(path, "params");
  const Value *v = obj.get("params");
  if (!v) {
    errors.report(fieldPath, "missing value");
    return;
  }
  const Array *items = v->getAsArray();
  if (!items) {
    errors.expected(fieldPath, "array", describeKind(*v));
    return;
  }
  for (auto [i, item] : llvm::enumerate(*items)) {
    Param param;
    std::string itemPath = jsonPath(fieldPath, i);
    const Object *entry = item.getAsObject();
    if (!entry) {
      errors.expected(itemPath, "object", describeKind(item));
      continue;
    }
    getString(*entry, "arg_name", itemPath, param.argName, errors);
    param.path = jsonPath(itemPath, "value");
    if (const Value *value = entry->get("value"))
      param.value = *value;
    else
      errors.report(param.path, "missing value");
    out.push_back(std::move(param));
  }
}

/// Whether a tensor argument of the older layouts, which do not list inputs
/// and outputs apart, is an output: `dst*`, maxreduce's `arg`, `workspace`
/// (the names of the operator definitions, `opdefs/*.op`).
static bool isLegacyOutput(StringRef argName) {
  return argName.starts_with("dst") || argName == "arg" ||
         argName == "workspace";
}

static void decodeOps(const Value &opsValue, Graph &graph, JSONErrors &errors) {
  const Array *ops = opsValue.getAsArray();
  if (!ops) {
    errors.expected("$.ops", "array", describeKind(opsValue));
    return;
  }
  for (auto [i, item] : llvm::enumerate(*ops)) {
    Op op;
    op.path = jsonPath("$.ops", i);
    const Object *obj = item.getAsObject();
    if (!obj) {
      errors.expected(op.path, "object", describeKind(item));
      continue;
    }
    getString(*obj, "name", op.path, op.name, errors);
    getString(*obj, "optype", op.path, op.optype, errors);
    // An older layout lists every tensor of the op in one `tensors` array;
    // the argument names tell outputs (`dst*`) from inputs (`src*`, ...).
    if (obj->get("tensors") && !obj->get("tensors_in") &&
        !obj->get("tensors_out")) {
      std::vector<TensorRef> all;
      getTensors(*obj, "tensors", op.path, all, errors);
      for (TensorRef &ref : all)
        (isLegacyOutput(ref.argName) ? op.outputs : op.inputs)
            .push_back(std::move(ref));
    } else {
      getTensors(*obj, "tensors_in", op.path, op.inputs, errors);
      getTensors(*obj, "tensors_out", op.path, op.outputs, errors);
    }
    getParams(*obj, op.path, op.params, errors);
    graph.ops.push_back(std::move(op));
  }
}

//===----------------------------------------------------------------------===//
// The older dict layout
//===----------------------------------------------------------------------===//

/// Sorted keys of a JSON object (llvm::json::Object keeps no order).
static std::vector<std::string> sortedKeys(const Object &obj) {
  std::vector<std::string> keys;
  for (const auto &kv : obj)
    keys.push_back(kv.first.str());
  llvm::sort(keys);
  return keys;
}

/// Maps a legacy op to today's optype and params.
static void modernizeLegacyOp(Op &op) {
  auto takeParam = [&](StringRef name) -> std::optional<std::string> {
    for (auto it = op.params.begin(); it != op.params.end(); ++it)
      if (it->argName == name) {
        std::optional<StringRef> s = it->value.getAsString();
        std::optional<std::string> result;
        if (s)
          result = s->str();
        op.params.erase(it);
        return result;
      }
    return std::nullopt;
  };
  if (op.optype == "activation") {
    std::optional<std::string> type = takeParam("type");
    op.optype = type ? *type : "activation";
  } else if (op.optype == "pooling") {
    std::optional<std::string> type = takeParam("type");
    op.optype = (type ? *type : std::string("max")) + "pool2d";
  } else if (op.optype == "convolution") {
    op.optype = "conv2d";
  } else if (op.optype == "mul") {
    op.optype = "elew";
    Param p;
    p.argName = "elew_op";
    p.value = "TL_MUL";
    p.path = op.path + ".op";
    op.params.push_back(std::move(p));
  }
  if (op.optype == "maxreduce" && op.outputs.size() > 1)
    op.optype = "maxreduce_arg";
}

static void decodeLegacyOp(StringRef name, const Value &value, Graph &graph,
                           JSONErrors &errors) {
  Op op;
  op.name = name.str();
  op.path = jsonPath("$", name);
  const Object *obj = value.getAsObject();
  if (!obj) {
    errors.expected(op.path, "object", describeKind(value));
    return;
  }
  getString(*obj, "op", op.path, op.optype, errors);
  std::string tensorPath = jsonPath(op.path, "tensor");
  if (const Object *tensors = obj->getObject("tensor")) {
    for (const std::string &arg : sortedKeys(*tensors)) {
      TensorRef ref;
      ref.argName = arg;
      ref.path = jsonPath(tensorPath, arg);
      const Value *t = tensors->get(arg);
      if (std::optional<StringRef> s = t->getAsString())
        ref.name = s->str();
      else
        errors.expected(ref.path, "string", describeKind(*t));
      (isLegacyOutput(arg) ? op.outputs : op.inputs).push_back(ref);
    }
  } else {
    // Present: the legacy layout is recognized by it.
    errors.expected(tensorPath, "object", describeKind(*obj->get("tensor")));
  }
  std::string paramPath = jsonPath(op.path, "param");
  if (const Object *params = obj->getObject("param")) {
    for (const std::string &arg : sortedKeys(*params)) {
      Param p;
      p.argName = arg;
      p.value = *params->get(arg);
      p.path = jsonPath(paramPath, arg);
      op.params.push_back(std::move(p));
    }
  } else if (const Value *params = obj->get("param")) {
    errors.expected(paramPath, "object", describeKind(*params));
  } else {
    errors.report(paramPath, "missing value");
  }
  modernizeLegacyOp(op);
  graph.ops.push_back(std::move(op));
}

/// Orders the legacy ops so that every tensor is defined before it is used
/// (the dict keeps no order); ties keep name order.
static void orderLegacyOps(Graph &graph) {
  std::vector<Op> pending = std::move(graph.ops);
  graph.ops.clear();
  llvm::StringMap<unsigned> producers; // tensor -> #ops not yet placed
  for (const Op &op : pending)
    for (const TensorRef &t : op.outputs)
      ++producers[t.name];
  while (!pending.empty()) {
    auto ready = llvm::find_if(pending, [&](const Op &op) {
      return llvm::all_of(op.inputs, [&](const TensorRef &t) {
        auto it = producers.find(t.name);
        return it == producers.end() || it->second == 0;
      });
    });
    if (ready == pending.end())
      ready = pending.begin(); // a cycle: keep name order
    for (const TensorRef &t : ready->outputs)
      --producers[t.name];
    graph.ops.push_back(std::move(*ready));
    pending.erase(ready);
  }
}

bool lightnet::decodeGraph(const Value &root, Graph &graph,
                           JSONErrors &errors) {
  const Object *obj = root.getAsObject();
  if (!obj) {
    errors.expected("$", "object", describeKind(root));
    return false;
  }
  if (const Value *ops = obj->get("ops")) {
    decodeOps(*ops, graph, errors);
    return errors.empty();
  }
  bool legacy = !obj->empty() && llvm::all_of(*obj, [](const auto &kv) {
    const Object *op = kv.second.getAsObject();
    return op && op->get("op") && op->get("tensor");
  });
  if (!legacy) {
    errors.report("$.ops", "missing value");
    return false;
  }
  graph.legacyDict = true;
  for (const std::string &name : sortedKeys(*obj))
    decodeLegacyOp(name, *obj->get(name), graph, errors);
  orderLegacyOps(graph);
  return errors.empty();
}

std::string lightnet::stripLenientJSON(StringRef text) {
  std::string out(text.str());
  bool inString = false;
  for (size_t i = 0; i < out.size(); ++i) {
    char c = out[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '/' && i + 1 < out.size() && out[i + 1] == '/') {
      for (; i < out.size() && out[i] != '\n'; ++i)
        out[i] = ' ';
    } else if (c == ',') {
      size_t j = i + 1;
      // Skip blanks and comments up to the next token.
      while (j < out.size()) {
        if (isspace(static_cast<unsigned char>(out[j]))) {
          ++j;
        } else if (out[j] == '/' && j + 1 < out.size() && out[j + 1] == '/') {
          while (j < out.size() && out[j] != '\n')
            ++j;
        } else {
          break;
        }
      }
      if (j < out.size() && (out[j] == ']' || out[j] == '}'))
        out[i] = ' ';
    }
  }
  return out;
}

void lightnet::writeGraph(const Graph &graph, llvm::raw_ostream &os) {
  llvm::json::OStream j(os, 4);
  auto writeTensors = [&](const std::vector<TensorRef> &refs) {
    j.array([&] {
      for (const TensorRef &t : refs)
        j.object([&] {
          j.attribute("arg_name", t.argName);
          j.attribute("name", t.name);
        });
    });
  };
  j.object([&] {
    j.attributeArray("ops", [&] {
      for (const Op &op : graph.ops)
        j.object([&] {
          j.attribute("name", op.name);
          j.attribute("optype", op.optype);
          j.attributeBegin("tensors_in");
          writeTensors(op.inputs);
          j.attributeEnd();
          j.attributeBegin("tensors_out");
          writeTensors(op.outputs);
          j.attributeEnd();
          j.attributeArray("params", [&] {
            for (const Param &p : op.params)
              j.object([&] {
                j.attribute("arg_name", p.argName);
                j.attribute("value", p.value);
              });
          });
        });
    });
  });
  os << "\n";
}
