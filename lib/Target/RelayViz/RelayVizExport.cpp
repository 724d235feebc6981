//===- RelayVizExport.cpp - export RelayViz JSON ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the exporter of an nngraph module to RelayViz JSON.
// Function arguments become Var nodes, constants Const nodes (inline, row
// major), each operation one Op node (with its attributes, so they stay per
// call) and one Call node, multiple results a tuple read by TupleGetItem,
// `scf.if` an If node, and the Function comes last. Operands come before
// users. Each Call, Const and If carries its node name in a `name` field so
// that import -> export -> import keeps the locations. Operations the format
// cannot express are reported together and then nothing is written.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/RelayViz/RelayVizExport.h"
#include "RelayVizOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/JSONSupport.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::relayviz;
using llvm::json::Array;
using llvm::json::Object;
using JValue = llvm::json::Value;

namespace {

/// Writes `v`, keys of objects in `keyOrder` first, then sorted.
void writeValue(llvm::json::OStream &os, const JValue &v) {
  static const char *const keyOrder[] = {
      "node_kind", "name",        "op",          "args",         "attrs",
      "params",    "body",        "ret_type",    "output_names", "dtype",
      "shape",     "value",       "fields",      "tuple_value",  "index",
      "cond",      "true_branch", "false_branch"};
  if (const Object *o = v.getAsObject()) {
    if (o->size() == 1)
      if (std::optional<StringRef> raw = o->getString("$raw"))
        return os.rawValue(*raw);
    std::vector<std::string> keys;
    for (const char *k : keyOrder)
      if (o->get(k))
        keys.emplace_back(k);
    std::vector<std::string> rest;
    for (const auto &kv : *o)
      if (!llvm::is_contained(keyOrder, kv.first.str()))
        rest.push_back(kv.first.str());
    llvm::sort(rest);
    llvm::append_range(keys, rest);
    os.object([&] {
      for (const std::string &k : keys)
        os.attributeBegin(k), writeValue(os, *o->get(k)), os.attributeEnd();
    });
    return;
  }
  if (const Array *a = v.getAsArray()) {
    os.array([&] {
      for (const JValue &item : *a)
        writeValue(os, item);
    });
    return;
  }
  os.value(v);
}

/// Attribute values of custom operators: as jsonToAttribute reads them back
/// (floats keep their fraction).
std::optional<JValue> attrToJSON(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr))
    return rawFloat(f.getValueAsDouble(), f.getType().isF32());
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    Array items;
    for (Attribute item : a) {
      std::optional<JValue> j = attrToJSON(item);
      if (!j)
        return std::nullopt;
      items.push_back(std::move(*j));
    }
    return JValue(std::move(items));
  }
  if (auto d = dyn_cast<DictionaryAttr>(attr)) {
    Object o;
    for (NamedAttribute field : d) {
      std::optional<JValue> j = attrToJSON(field.getValue());
      if (!j)
        return std::nullopt;
      o[field.getName().str()] = std::move(*j);
    }
    return JValue(std::move(o));
  }
  return attributeToJSON(attr);
}

/// The `name` extension: the operation's node name, when it has one.
void setName(Object &node, Operation *op) {
  std::string name = getLocName(op->getLoc());
  if (!name.empty())
    node["name"] = name;
}

Array shapeOf(ShapedType type) {
  Array a;
  for (int64_t d : type.getShape())
    a.push_back(ShapedType::isDynamic(d) ? -1 : d);
  return a;
}

class Exporter {
public:
  explicit Exporter(func::FuncOp func) : func(func) {}
  LogicalResult run(llvm::raw_ostream &os);

private:
  Array exportParams();
  Array exportOutputNames(unsigned numResults);
  void write(llvm::raw_ostream &os);
  int64_t add(Object node) {
    nodes.push_back(std::move(node));
    return nodes.size() - 1;
  }
  void fail(Operation *op, const llvm::Twine &reason);
  int64_t nodeOf(Value v);
  std::optional<Object> typeOf(Operation *op, Type type);
  int64_t call(Operation *op, StringRef relayName, ArrayRef<int64_t> args,
               std::optional<Object> attrs);
  void exportBlock(Block &block);
  void exportOp(Operation *op);
  void exportConstant(ConstantOp op);
  void exportIf(scf::IfOp op);
  bool exportTyped(Operation *op);
  void setResult(Operation *op, int64_t id) {
    valueNodes[op->getResult(0)] = id;
  }
  void setTupleResult(Operation *op, int64_t id) {
    if (op->getNumResults() == 1)
      return setResult(op, id);
    tupleNodes[op] = id;
  }
  /// `node` as a tuple whose field 0 is the op's result.
  void setField0(Operation *op, int64_t id) {
    setResult(op, add(Object{{"node_kind", "TupleGetItem"},
                             {"tuple_value", id},
                             {"index", 0}}));
  }

  func::FuncOp func;
  std::vector<Object> nodes;
  llvm::DenseMap<Value, int64_t> valueNodes;
  llvm::DenseMap<Operation *, int64_t> tupleNodes;
  unsigned numErrors = 0;
};

} // namespace

void Exporter::fail(Operation *op, const llvm::Twine &reason) {
  ++numErrors;
  std::string name = getLocName(op->getLoc());
  op->emitError() << "relayviz: cannot export '" << op->getName() << "' (node '"
                  << name << "'): " << reason;
}

int64_t Exporter::nodeOf(Value v) {
  auto it = valueNodes.find(v);
  if (it != valueNodes.end())
    return it->second;
  if (auto result = dyn_cast<OpResult>(v)) {
    auto tuple = tupleNodes.find(result.getOwner());
    if (tuple != tupleNodes.end()) {
      int64_t id = add(Object{{"node_kind", "TupleGetItem"},
                              {"tuple_value", tuple->second},
                              {"index", result.getResultNumber()}});
      valueNodes[v] = id;
      return id;
    }
  }
  return -1; // The producer failed (reported).
}

std::optional<Object> Exporter::typeOf(Operation *op, Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  std::string dtype = ranked ? getDTypeName(ranked.getElementType()) : "";
  if (dtype.empty()) {
    fail(op, "type " + llvm::formatv("{0}", type).str() +
                 " has no RelayViz dtype and shape");
    return std::nullopt;
  }
  return Object{{"dtype", dtype}, {"shape", shapeOf(ranked)}};
}

int64_t Exporter::call(Operation *op, StringRef relayName,
                       ArrayRef<int64_t> args, std::optional<Object> attrs) {
  Object opNode{{"node_kind", "Op"}, {"name", relayName}};
  if (attrs)
    opNode["attrs"] = std::move(*attrs);
  int64_t opId = add(std::move(opNode));
  Object callNode{{"node_kind", "Call"}, {"op", opId}, {"args", ints(args)}};
  setName(callNode, op);
  return add(std::move(callNode));
}

void Exporter::exportConstant(ConstantOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  std::string dtype = getDTypeName(type.getElementType());
  if (dtype.empty() || !type.hasStaticShape())
    return fail(op, "constant of this type has no RelayViz Const");
  if (type.getNumElements() > (1 << 20))
    return fail(op, "constant of " + llvm::Twine(type.getNumElements()) +
                        " elements is too large to write inline");
  std::optional<std::vector<char>> raw = getRawData(op.getValue());
  Type element = type.getElementType();
  unsigned width = element.isInteger(1) ? 8 : element.getIntOrFloatBitWidth();
  if (!raw ||
      static_cast<int64_t>(raw->size() * 8) != width * type.getNumElements())
    return fail(op, "cannot read the constant's data");
  Array values;
  for (int64_t i = 0; i < type.getNumElements(); ++i) {
    uint64_t bits = 0;
    for (unsigned k = 0; k < width / 8; ++k)
      bits |= uint64_t(static_cast<unsigned char>((*raw)[i * width / 8 + k]))
              << (8 * k);
    llvm::APInt value(width, bits);
    if (auto f = dyn_cast<FloatType>(element)) {
      llvm::APFloat fv(f.getFloatSemantics(), value);
      values.push_back(rawFloat(fv.convertToDouble(), !element.isF64()));
    } else if (element.isInteger(1)) {
      values.push_back(bits != 0);
    } else if (element.isUnsignedInteger()) {
      values.push_back(static_cast<int64_t>(value.getZExtValue()));
    } else {
      values.push_back(value.getSExtValue());
    }
  }
  Object node{{"node_kind", "Const"}, {"dtype", dtype}};
  setName(node, op);
  if (type.getRank() == 0)
    node["value"] = std::move(values[0]);
  else
    node["value"] = Object{{"array_value", std::move(values)},
                           {"array_shape", ints(type.getShape())}};
  setResult(op, add(std::move(node)));
}

void Exporter::exportIf(scf::IfOp op) {
  auto extract = op.getCondition().getDefiningOp<tensor::ExtractOp>();
  if (!extract || !extract.getIndices().empty())
    return fail(op, "the condition must be a tensor.extract of a scalar bool "
                    "tensor");
  int64_t cond = nodeOf(extract.getTensor());
  int64_t branches[2] = {-1, -1};
  for (auto [k, region] : llvm::enumerate(op->getRegions())) {
    if (region.empty())
      return fail(op, "an If needs both branches");
    exportBlock(region.front());
    SmallVector<int64_t> yielded;
    for (Value v : region.front().getTerminator()->getOperands())
      yielded.push_back(nodeOf(v));
    if (yielded.size() == 1)
      branches[k] = yielded[0];
    else
      branches[k] =
          add(Object{{"node_kind", "Tuple"}, {"fields", ints(yielded)}});
  }
  if (op.getNumResults() == 0)
    return fail(op, "an If without results computes nothing");
  Object node{{"node_kind", "If"},
              {"cond", cond},
              {"true_branch", branches[0]},
              {"false_branch", branches[1]}};
  setName(node, op);
  setTupleResult(op, add(std::move(node)));
}

void Exporter::exportOp(Operation *op) {
  if (isa<func::ReturnOp, scf::YieldOp>(op))
    return;
  // Attributes outside the op's own (discardable ones) have no place in a
  // node: another format's metadata (graph ABI attributes) is dropped with
  // a warning (see run()); anything else is refused rather than dropped.
  if (op->getDialect() && op->getDialect()->getNamespace() == "nngraph")
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (!isGraphABIAttrName(attr.getName()))
        fail(op, "attribute '" + attr.getName().strref() +
                     "' has no RelayViz counterpart");
  if (auto c = dyn_cast<ConstantOp>(op))
    return exportConstant(c);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return exportIf(ifOp);
  if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
    bool onlyConditions = llvm::all_of(
        op->getUsers(), [](Operation *user) { return isa<scf::IfOp>(user); });
    if (!onlyConditions || !extract.getIndices().empty())
      fail(op, "tensor.extract is only expressible as an If condition");
    return;
  }
  if (auto custom = dyn_cast<CustomOp>(op)) {
    StringRef domain = custom.getDomain().value_or("");
    if (domain != "relayviz")
      return fail(op, "custom operator '" + custom.getOpType() +
                          "' of domain '" + domain +
                          "' has no RelayViz counterpart");
    SmallVector<int64_t> args;
    for (Value v : custom.getInputs())
      args.push_back(nodeOf(v));
    std::optional<Object> attrs;
    if (auto source = custom.getSourceAttrsAttr()) {
      std::optional<JValue> j = attrToJSON(source);
      if (!j)
        return fail(op, "an attribute has no JSON form");
      attrs = std::move(*j->getAsObject());
    }
    int64_t id = call(op, custom.getOpType(), args, std::move(attrs));
    if (op->getNumResults() == 0)
      return fail(op, "an operator without results has no Relay value");
    return setTupleResult(op, id);
  }
  if (isa<KernelCallOp>(op))
    return fail(op, "a precompiled kernel call has no Relay counterpart");
  if (op->getDialect() && op->getDialect()->getNamespace() == "nngraph" &&
      exportTyped(op))
    return;
  fail(op, "no RelayViz counterpart");
}

void Exporter::exportBlock(Block &block) {
  for (Operation &op : block)
    exportOp(&op);
}

Array Exporter::exportParams() {
  Array params;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    std::string dtype = type ? getDTypeName(type.getElementType()) : "";
    if (dtype.empty()) {
      ++numErrors;
      emitError(arg.getLoc())
          << "relayviz: cannot export argument " << arg.getArgNumber()
          << " of type " << arg.getType() << ": no RelayViz Var type";
      continue;
    }
    int64_t id = add(Object{{"node_kind", "Var"},
                            {"name", getInputName(func, arg.getArgNumber())},
                            {"dtype", dtype},
                            {"shape", shapeOf(type)}});
    valueNodes[arg] = id;
    params.push_back(id);
  }
  return params;
}

/// The `output_names` extension: the graph output names, verbatim.
Array Exporter::exportOutputNames(unsigned numResults) {
  Array outputNames;
  if (Attribute attr =
          func->getAttr(NNGraphDialect::OutputNamesAttrHelper::getNameStr())) {
    auto names = dyn_cast<ArrayAttr>(attr);
    bool valid = names && names.size() == numResults &&
                 llvm::all_of(names, llvm::IsaPred<StringAttr>);
    if (!valid) {
      ++numErrors;
      emitError(func.getLoc())
          << "relayviz: cannot export '"
          << NNGraphDialect::OutputNamesAttrHelper::getNameStr()
          << "': expected one string per result";
    } else {
      for (Attribute name : names)
        outputNames.push_back(cast<StringAttr>(name).str());
    }
  }
  return outputNames;
}

void Exporter::write(llvm::raw_ostream &os) {
  llvm::json::OStream out(os, 2);
  out.object([&] {
    out.attribute("format", "relayviz");
    out.attributeArray("version", [&] {
      out.value(1);
      out.value(0);
    });
    out.attributeArray("nodes", [&] {
      for (Object &node : nodes)
        writeValue(out, JValue(std::move(node)));
    });
  });
  os << "\n";
}

LogicalResult Exporter::run(llvm::raw_ostream &os) {
  // Other formats' metadata on operations has no place in RelayViz.
  warnUnwrittenAttributes(func, "relayviz", {});
  Array params = exportParams();
  exportBlock(func.getBody().front());
  Operation *ret = func.getBody().front().getTerminator();
  SmallVector<int64_t> results;
  Array retTypes;
  // Results of unknown shape (custom operators): no ret_type, it follows
  // from the body (RelayViz.md, resolution 7).
  bool allRanked = llvm::all_of(
      ret->getOperandTypes(), [](Type t) { return isa<RankedTensorType>(t); });
  for (Value v : ret->getOperands()) {
    results.push_back(nodeOf(v));
    if (allRanked)
      if (std::optional<Object> t = typeOf(ret, v.getType()))
        retTypes.push_back(std::move(*t));
  }
  if (results.empty()) {
    ++numErrors;
    emitError(func.getLoc()) << "relayviz: a Function needs a result";
  }
  Array outputNames = exportOutputNames(ret->getNumOperands());
  if (numErrors)
    return failure();
  int64_t body =
      results.size() == 1
          ? results[0]
          : add(Object{{"node_kind", "Tuple"}, {"fields", ints(results)}});
  Object function{
      {"node_kind", "Function"}, {"params", std::move(params)}, {"body", body}};
  if (retTypes.size() == 1)
    function["ret_type"] = std::move(retTypes[0]);
  else if (!retTypes.empty())
    function["ret_type"] = std::move(retTypes);
  if (!outputNames.empty())
    function["output_names"] = std::move(outputNames);
  add(std::move(function));
  write(os);
  return success();
}

//===----------------------------------------------------------------------===//
// Typed operations
//===----------------------------------------------------------------------===//

namespace {
/// The exporter's side of an export handler's view.
class TypedExport : public ExportContext {
public:
  TypedExport(Operation *op, SmallVector<int64_t> args,
              function_ref<int64_t(Object)> add)
      : ExportContext(op, std::move(args)), add(add) {}
  int64_t addNode(Object node) override { return add(std::move(node)); }

private:
  function_ref<int64_t(Object)> add;
};
} // namespace

bool Exporter::exportTyped(Operation *op) {
  const OpSpec *spec = lookupMLIR(op->getName().getStringRef());
  if (!spec)
    return false;
  SmallVector<int64_t> args;
  for (Value v : op->getOperands())
    args.push_back(nodeOf(v));
  // A named callable: the view keeps a function_ref to it.
  auto addNode = [&](Object node) { return add(std::move(node)); };
  TypedExport ctx(op, std::move(args), addNode);
  if (failed(exportAttrs(ctx, *spec))) {
    fail(op, ctx.failure);
    return true;
  }
  std::optional<Object> attrs;
  if (ctx.hasAttrs)
    attrs = std::move(ctx.attrs);
  int64_t id = call(op, spec->relay, ctx.args, std::move(attrs));
  if (spec->tupleSize)
    setField0(op, id);
  else
    setResult(op, id);
  return true;
}

LogicalResult relayviz::exportRelayViz(ModuleOp module, llvm::raw_ostream &os) {
  func::FuncOp func = getGraphFunction(module, "relayviz");
  if (!func)
    return failure();
  if (func.getBody().empty())
    return func.emitError("relayviz: the function has no body");
  Exporter exporter(func);
  return exporter.run(os);
}
