//===- LightNetExport.cpp - nngraph to LightNet JSON IR ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the LightNet JSON IR exporter: graph inputs and
// weights become `create` ops (their original params when they came from
// LightNet, else dtype/dims, `from_file: true` for weights), constants
// become `create` with inline data, every typed op becomes the LightNet op
// that imports back to it (the table of LightNetOps.cpp), and custom ops of
// domain "lightnet" are written back verbatim. Whatever LightNet cannot express
// is reported, all of it in one run, and then nothing is written.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/LightNetExport.h"
#include "LightNetInternal.h"
#include "LightNetOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/JSONSupport.h"
#include "nngraph/Target/LightNet/LightNetModel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::lightnet;
using LOp = mlir::nngraph::lightnet::Op;
using llvm::json::Array;

namespace {
class Exporter : public ExportContext {
public:
  Exporter(func::FuncOp func) : func(func) {}
  LogicalResult run(llvm::raw_ostream &os);

  /// Emits "lightnet: cannot export <op> (node '<name>'): <why>".
  void error(Operation *op, const Twine &why) override;
  std::string uniqueName(StringRef base) override;
  StringRef nameOf(Value v) override { return names[v]; }
  LOp &add(Operation *op, StringRef optype, ArrayRef<Value> ins,
           ArrayRef<StringRef> inArgs) override;
  void append(LOp out) override { graph.ops.push_back(std::move(out)); }

private:
  void nameValues();
  void exportArgument(unsigned index);
  void exportOp(Operation *op);
  void exportConstant(ConstantOp op);
  void exportCustom(CustomOp op);

  func::FuncOp func;
  Graph graph;
  llvm::DenseMap<Value, std::string> names;
  llvm::StringSet<> used;
  unsigned numErrors = 0;
};
} // namespace

void Exporter::error(Operation *op, const Twine &why) {
  ++numErrors;
  std::string node = getLocName(op->getLoc());
  emitError(op->getLoc()) << "lightnet: cannot export '" << op->getName()
                          << "' (node '" << node << "'): " << why;
}

std::string Exporter::uniqueName(StringRef base) {
  std::string name = base.empty() ? "tensor" : base.str();
  for (unsigned i = 1; used.contains(name); ++i)
    name = (base + "_" + Twine(i)).str();
  used.insert(name);
  return name;
}

void Exporter::nameValues() {
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    names[func.getArgument(i)] = uniqueName(getInputName(func, i));
  Operation *ret = func.getBody().front().getTerminator();
  for (auto [i, v] : llvm::enumerate(ret->getOperands()))
    if (!names.count(v))
      names[v] = uniqueName(getOutputName(func, i));
  for (Operation &op : func.getBody().front().without_terminator()) {
    std::string base = getLocName(op.getLoc());
    for (Value r : op.getResults()) {
      if (names.count(r))
        continue;
      if (op.getNumResults() == 1) {
        names[r] = uniqueName(base);
        continue;
      }
      std::string arg =
          "dst" + std::to_string(cast<OpResult>(r).getResultNumber());
      if (auto custom = dyn_cast<CustomOp>(op))
        if (auto attrs = custom.getSourceAttrs())
          if (auto outs = attrs->getAs<ArrayAttr>("tensors_out"))
            if (cast<OpResult>(r).getResultNumber() < outs.size())
              if (auto s = dyn_cast<StringAttr>(
                      outs[cast<OpResult>(r).getResultNumber()]))
                arg = s.str();
      names[r] = uniqueName(base + "_" + arg);
    }
  }
}

LOp &Exporter::add(Operation *op, StringRef optype, ArrayRef<Value> ins,
                   ArrayRef<StringRef> inArgs) {
  LOp out;
  out.name = getLocName(op->getLoc());
  if (out.name.empty())
    out.name = op->getNumResults() ? names[op->getResult(0)] : "op";
  out.optype = optype.str();
  for (auto [v, arg] : llvm::zip_equal(ins, inArgs))
    out.inputs.push_back({arg.str(), names[v], ""});
  if (op->getNumResults() == 1)
    out.outputs.push_back({"dst", names[op->getResult(0)], ""});
  graph.ops.push_back(std::move(out));
  return graph.ops.back();
}

/// A static tensor type with a LightNet dtype, or an error.
static std::string describeType(Type type, std::string &dtype,
                                SmallVector<int64_t> &dims) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return "LightNet needs a static shape";
  dtype = getDTypeSpelling(ranked.getElementType());
  if (dtype.empty())
    return "LightNet has no dtype for this element type";
  dims.assign(ranked.getShape().begin(), ranked.getShape().end());
  return "";
}

void Exporter::exportArgument(unsigned index) {
  BlockArgument arg = func.getArgument(index);
  // A tensor the source file used without defining it stays undefined.
  if (getInputRole(func, index) == kRoleUndefined)
    return;
  LOp create;
  create.optype = "create";
  create.outputs.push_back({"dst", names[arg], ""});
  StringAttr opName = getInputLightNetOp(func, index);
  create.name = opName ? opName.str() : names[arg];
  if (ArrayAttr params = getInputLightNetParams(func, index)) {
    for (Attribute p : params) {
      auto dict = dyn_cast<DictionaryAttr>(p);
      auto name = dict ? dict.getAs<StringAttr>("arg_name") : StringAttr();
      std::optional<llvm::json::Value> value;
      if (dict && dict.get("value"))
        value = attributeToJSON(dict.get("value"));
      if (!name || !value) {
        ++numErrors;
        emitError(arg.getLoc())
            << "lightnet: malformed "
            << NNGraphDialect::LightnetParamsAttrHelper::getNameStr()
            << " on graph input '" << names[arg] << "'";
        return;
      }
      addParam(create, name.getValue(), std::move(*value));
    }
    graph.ops.push_back(std::move(create));
    return;
  }
  std::string dtype;
  SmallVector<int64_t> dims;
  std::string why = describeType(arg.getType(), dtype, dims);
  if (!why.empty()) {
    ++numErrors;
    emitError(arg.getLoc()) << "lightnet: cannot export graph input '"
                            << names[arg] << "': " << why;
    return;
  }
  addParam(create, "dtype", dtype);
  addParam(create, "dims", toJSON(dims));
  addParam(create, "from_file", isWeight(func, index));
  graph.ops.push_back(std::move(create));
}

void Exporter::exportConstant(ConstantOp op) {
  std::string dtype;
  SmallVector<int64_t> dims;
  std::string why = describeType(op.getType(), dtype, dims);
  if (!why.empty())
    return error(op, why);
  LOp &create = add(op, "create", {}, {});
  addParam(create, "dtype", dtype);
  addParam(create, "dims", toJSON(dims));
  ElementsAttr value = op.getValue();
  if (isa<DenseResourceElementsAttr>(value)) {
    // A weight: LightNet fills it from the weights file by tensor name.
    addParam(create, "from_file", true);
    return;
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return error(op, "constant value has no LightNet form");
  Array data;
  Type element = dense.getElementType();
  bool zeroSplat =
      dense.isSplat() &&
      (isa<FloatType>(element) ? dense.getSplatValue<APFloat>().isPosZero()
                               : dense.getSplatValue<APInt>().isZero());
  if (zeroSplat) {
    data.push_back(0);
  } else if (isa<FloatType>(element)) {
    for (const APFloat &v : dense.getValues<APFloat>())
      data.push_back(v.convertToDouble());
  } else if (element.isInteger(1)) {
    for (bool v : dense.getValues<bool>())
      data.push_back(v ? 1 : 0);
  } else {
    bool isUnsigned = element.isUnsignedInteger();
    for (const APInt &v : dense.getValues<APInt>())
      data.push_back(isUnsigned ? static_cast<int64_t>(v.getZExtValue())
                                : v.getSExtValue());
  }
  addParam(create, "data", std::move(data));
}

void Exporter::exportCustom(CustomOp op) {
  if (op.getDomain() != "lightnet")
    return error(op, "custom operator '" + op.getOpType() + "' of domain '" +
                         op.getDomain().value_or("") +
                         "' has no LightNet counterpart");
  DictionaryAttr attrs = op.getSourceAttrsAttr();
  auto ins = attrs ? attrs.getAs<ArrayAttr>("tensors_in") : ArrayAttr();
  auto outs = attrs ? attrs.getAs<ArrayAttr>("tensors_out") : ArrayAttr();
  auto params = attrs ? attrs.getAs<ArrayAttr>("params") : ArrayAttr();
  if (!ins || !outs || !params || ins.size() != op.getInputs().size() ||
      outs.size() != op.getNumResults())
    return error(op, "custom operator lacks its LightNet tensors_in, "
                     "tensors_out or params");
  LOp out;
  out.name = getLocName(op.getLoc());
  out.optype = op.getOpType().str();
  for (auto [v, arg] : llvm::zip_equal(op.getInputs(), ins))
    out.inputs.push_back({cast<StringAttr>(arg).str(), names[v], ""});
  for (auto [v, arg] : llvm::zip_equal(op.getResults(), outs))
    out.outputs.push_back({cast<StringAttr>(arg).str(), names[v], ""});
  for (Attribute p : params) {
    auto dict = dyn_cast<DictionaryAttr>(p);
    auto name = dict ? dict.getAs<StringAttr>("arg_name") : StringAttr();
    std::optional<llvm::json::Value> value;
    if (dict && dict.get("value"))
      value = attributeToJSON(dict.get("value"));
    if (!name || !value)
      return error(op, "malformed params");
    addParam(out, name.getValue(), std::move(*value));
  }
  graph.ops.push_back(std::move(out));
}

void Exporter::exportOp(Operation *op) {
  if (op->getNumRegions() > 0)
    return error(op, "LightNet has no control flow");
  if (auto constant = dyn_cast<ConstantOp>(op))
    return exportConstant(constant);
  if (auto custom = dyn_cast<CustomOp>(op))
    return exportCustom(custom);
  if (const OpSpec *spec = lookupOperation(op))
    return exportTyped(*this, op, *spec);
  error(op, "the operation has no LightNet counterpart");
}

LogicalResult Exporter::run(llvm::raw_ostream &os) {
  nameValues();
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    exportArgument(i);
  for (Operation &op : func.getBody().front().without_terminator())
    exportOp(&op);
  if (numErrors > 0)
    return failure();
  writeGraph(graph, os);
  return success();
}

LogicalResult lightnet::exportLightNet(ModuleOp module, llvm::raw_ostream &os) {
  func::FuncOp func = getGraphFunction(module, "lightnet");
  if (!func)
    return failure();
  if (func.getBody().getBlocks().size() != 1) {
    emitError(func.getLoc()) << "lightnet: cannot export a function with "
                                "several blocks: LightNet has no control flow";
    return failure();
  }
  return Exporter(func).run(os);
}
