//===- NNVMOps.cpp - MXNet / NNVM operator table ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lookups of the NNVM operator table in both
// directions (its rows are in NNVMOpsElementwise.cpp, NNVMOpsNN.cpp and
// NNVMOpsTensor.cpp, by family), the declarative attribute mapping that
// simple rows use in both directions, and what the handlers share: the node
// context (NodeContext: a NodeBinder over the node's MXNet-spelled
// attributes, with lazy inputs), shape helpers, and the MXNet string forms
// of attribute values.
//
//===----------------------------------------------------------------------===//

#include "NNVMOps.h"
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include <cstdlib>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

//===----------------------------------------------------------------------===//
// Rows and lookups
//===----------------------------------------------------------------------===//

StringRef OpRow::getMXNetName() const {
  return StringRef(mxnet).split('|').first;
}

bool OpRow::isMXNetSpelling(StringRef name) const {
  SmallVector<StringRef> names;
  StringRef(mxnet).split(names, '|');
  return llvm::is_contained(names, name);
}

ArrayRef<const OpRow *> nnvm::getOpRows() {
  static const std::vector<const OpRow *> rows = [] {
    std::vector<const OpRow *> all;
    for (ArrayRef<OpRow> family : {getElementwiseRows(), getNNRows(),
                                   getTensorRows(), getQuantizedRows()})
      for (const OpRow &row : family)
        all.push_back(&row);
    return all;
  }();
  return rows;
}

ArrayRef<const OpRow *> nnvm::lookupSourceOp(StringRef name) {
  static const llvm::StringMap<SmallVector<const OpRow *, 1>> index = [] {
    llvm::StringMap<SmallVector<const OpRow *, 1>> map;
    for (const OpRow *row : getOpRows()) {
      SmallVector<StringRef> names;
      StringRef(row->mxnet).split(names, '|');
      if (row->nnvm)
        names.push_back(row->nnvm);
      for (StringRef n : names) {
        SmallVector<const OpRow *, 1> &rows = map[n];
        if (!llvm::is_contained(rows, row))
          rows.push_back(row);
      }
    }
    return map;
  }();
  auto it = index.find(name);
  if (it == index.end())
    return {};
  return it->second;
}

const OpRow *nnvm::lookupNNGraphOp(StringRef name) {
  static const llvm::StringMap<const OpRow *> index = [] {
    llvm::StringMap<const OpRow *> map;
    for (const OpRow *row : getOpRows())
      if (row->dir == Dir::Both && row->op) {
        bool inserted = map.try_emplace(row->op(), row).second;
        assert(inserted && "two rows write the same nngraph operation");
        (void)inserted;
      }
    return map;
  }();
  return index.lookup(name);
}

/// The row of `rows` that the node's variant attribute selects; null after
/// reporting a value that no row has.
static const OpRow *selectVariant(NodeContext &ctx,
                                  ArrayRef<const OpRow *> rows) {
  const OpRow *first = rows.front();
  if (!first->variant.key || !first->isMXNetSpelling(ctx.node.op))
    return first;
  StringRef key = first->variant.key;
  StringRef dflt;
  SmallVector<StringRef> values;
  for (const OpRow *row : rows) {
    if (!row->variant.key || key != row->variant.key)
      continue;
    values.push_back(row->variant.value);
    if (row->variant.isDefault)
      dflt = row->variant.value;
  }
  std::string value = ctx.getString(key, dflt);
  if (!ctx.checkEnum(key, value, values))
    return nullptr;
  for (const OpRow *row : rows)
    if (row->variant.key && key == row->variant.key &&
        value == row->variant.value)
      return row;
  return nullptr;
}

void nnvm::importOperator(NodeContext &ctx, ArrayRef<const OpRow *> rows) {
  const OpRow *row = selectVariant(ctx, rows);
  if (!row)
    return;
  if (row->importFn)
    return row->importFn(ctx, *row);
  importSimple(ctx, *row);
}

bool nnvm::exportOperator(ExportContext &ctx, const OpRow &row) {
  if (row.exportFn)
    return row.exportFn(ctx, row);
  return exportSimple(ctx, row);
}

//===----------------------------------------------------------------------===//
// Declarative attributes
//===----------------------------------------------------------------------===//

SmallVector<NamedAttribute> nnvm::importAttrs(NodeContext &ctx,
                                              const OpRow &row) {
  SmallVector<NamedAttribute> attrs;
  Builder &b = ctx.b;
  for (const AttrRule &rule : row.attrs) {
    if (!rule.source) {
      // A fixed value (Flatten keeps exactly the first axis).
      attrs.push_back(ctx.i64(rule.nngraph, rule.sourceDefault));
      continue;
    }
    bool present = ctx.has(rule.source);
    if (rule.presence == Presence::IfPresent && !present)
      continue;
    Attribute attr;
    switch (rule.kind) {
    case AttrKind::Int:
      attr = b.getI64IntegerAttr(ctx.getInt(rule.source, rule.sourceDefault));
      break;
    case AttrKind::Float:
      attr = b.getF32FloatAttr(ctx.getFloat(rule.source, rule.sourceDefault));
      break;
    case AttrKind::Bool:
      attr = b.getBoolAttr(ctx.getBool(rule.source, rule.sourceDefault != 0));
      break;
    case AttrKind::Ints: {
      SmallVector<int64_t> values = ctx.getInts(rule.source, {});
      if (rule.presence == Presence::IfNonEmpty && values.empty())
        continue;
      attr = b.getDenseI64ArrayAttr(values);
      break;
    }
    }
    if (rule.nngraph)
      attrs.push_back(ctx.named(rule.nngraph, attr));
  }
  return attrs;
}

void nnvm::importSimple(NodeContext &ctx, const OpRow &row) {
  SmallVector<NamedAttribute> attrs = importAttrs(ctx, row);
  SmallVector<Value> operands;
  for (unsigned i = 0; i < row.numInputs; ++i)
    operands.push_back(ctx.input(i));
  setResult(ctx, ctx.create1(row.getOpName(), operands, attrs));
}

void nnvm::exportAttrs(ExportContext &ctx, const OpRow &row) {
  Operation *op = ctx.op;
  for (const AttrRule &rule : row.attrs) {
    if (!rule.source || !rule.nngraph)
      continue;
    if (rule.presence != Presence::Always && !op->hasAttr(rule.nngraph))
      continue;
    switch (rule.kind) {
    case AttrKind::Int:
      ctx.attr(rule.source,
               std::to_string(getI64(op, rule.nngraph, rule.nngraphDefault)));
      break;
    case AttrKind::Float:
      ctx.attr(rule.source,
               formatFloat(getF32(op, rule.nngraph, rule.nngraphDefault)));
      break;
    case AttrKind::Bool:
      ctx.attr(rule.source,
               formatBool(getFlag(op, rule.nngraph, rule.nngraphDefault != 0)));
      break;
    case AttrKind::Ints:
      if (DenseI64ArrayAttr values = getI64s(op, rule.nngraph))
        ctx.attr(rule.source, formatTuple(values.asArrayRef()));
      break;
    }
  }
}

void nnvm::exportName(ExportContext &ctx, const OpRow &row) {
  if (isNNVM(ctx) && row.nnvm)
    return ctx.set(row.nnvm);
  ctx.set(row.getMXNetName());
  if (row.variant.key)
    ctx.attr(row.variant.key, row.variant.value);
}

bool nnvm::exportSimple(ExportContext &ctx, const OpRow &row) {
  exportName(ctx, row);
  exportAttrs(ctx, row);
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// NodeContext: the node's attributes for NodeBinder, and lazy inputs
//===----------------------------------------------------------------------===//

NodeContext::NodeContext(Importer &imp, const Node &source, int64_t id,
                         Location loc)
    : NodeBinder(imp.gb, {source.name, source.path, source.op}, loc,
                 Spelling::MXNetString),
      imp(imp), source(source), id(id) {
  // Legacy files keep the attributes under `attr` or `param`; hidden keys
  // (__shape__) may sit in the user `attr` dictionary next to `param`.
  std::string attrsPath = jsonPath(
      source.path, source.attrsKey.empty() ? "attrs" : source.attrsKey);
  setAttrsPath(attrsPath);
  for (const auto &[key, value] : source.attrs)
    addAttr(key, &value, jsonPath(attrsPath, key));
  for (const auto &[key, value] : source.userAttrs)
    if (StringRef(key).starts_with("__") && !findAttr(key))
      addAttr(key, &value, jsonPath(attrsPath, key));
}

Value NodeContext::input(unsigned i, Type expected) {
  if (i >= source.inputs.size()) {
    error(jsonPath(source.path, "inputs"),
          "expected at least " + llvm::Twine(i + 1) + " inputs, got " +
              llvm::Twine(source.inputs.size()));
    return nullptr;
  }
  Value v = imp.resolve(source.inputs[i], expected,
                        jsonPath(jsonPath(source.path, "inputs"), i), source);
  if (!v)
    failed = true;
  return v;
}

RankedTensorType NodeContext::inputType(unsigned i, Type expected) {
  Value v = input(i, expected);
  if (!v)
    return nullptr;
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    error(jsonPath(jsonPath(source.path, "inputs"), i),
          "expected an input of known rank");
  return type;
}

Value NodeContext::ignoreInput(unsigned i) {
  if (i < source.inputs.size())
    imp.ignoreVariable(source.inputs[i]);
  return nullptr;
}

Type NodeContext::knownInputType(unsigned i) {
  if (i >= source.inputs.size())
    return nullptr;
  return imp.peekType(source.inputs[i]);
}

//===----------------------------------------------------------------------===//
// Import helpers
//===----------------------------------------------------------------------===//

void nnvm::setResult(NodeContext &ctx, Value v) {
  if (v)
    ctx.results.push_back(v);
  else
    ctx.failed = true;
}

RankedTensorType nnvm::dynamicType(NodeContext &ctx, int64_t rank,
                                   Type element) {
  return RankedTensorType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                               element ? element : ctx.b.getF32Type());
}

RankedTensorType nnvm::vectorType(int64_t size, Type element) {
  return RankedTensorType::get({size}, element);
}

int64_t nnvm::dimOf(RankedTensorType type, int64_t axis) {
  if (!type || axis < 0 || axis >= type.getRank())
    return ShapedType::kDynamic;
  return type.getDimSize(axis);
}

std::optional<int> nnvm::getMXDTypeCode(Type element) {
  std::optional<ParamDType> dtype =
      parseDTypeName(nngraph::getDTypeName(element));
  return dtype ? std::optional<int>(getMXNetTypeFlag(*dtype)) : std::nullopt;
}

SmallVector<int64_t> nnvm::symmetricPads(ArrayRef<int64_t> pad) {
  SmallVector<int64_t> pads(pad);
  pads.append(pad.begin(), pad.end());
  return pads;
}

//===----------------------------------------------------------------------===//
// Export helpers and string forms
//===----------------------------------------------------------------------===//

std::string nnvm::getMXNetOutputName(StringRef op, StringRef name,
                                     int64_t index, bool several) {
  // Operators that register FListOutputNames (their visible outputs).
  static const llvm::StringMap<SmallVector<StringRef, 3>> kNamed = {
      {"LayerNorm", {"output", "mean", "std"}},
      {"BatchNorm", {"output", "mean", "var"}}};
  auto it = kNamed.find(op);
  if (it != kNamed.end() && several && index >= 0 &&
      index < static_cast<int64_t>(it->second.size()))
    return (name + "_" + it->second[index]).str();
  if (several)
    return (name + "_output" + llvm::Twine(index)).str();
  return (name + "_output").str();
}

std::string nnvm::formatTuple(ArrayRef<int64_t> values) {
  std::string s = "(";
  for (auto [i, v] : llvm::enumerate(values))
    s += (i ? ", " : "") + std::to_string(v);
  return s + (values.size() == 1 ? ",)" : ")");
}

std::string nnvm::formatBool(bool value) { return value ? "True" : "False"; }

std::string nnvm::formatFloat(double value, bool isF32) {
  // The shortest form that parses back to the same float ("0.2", not
  // "0.200000003").
  for (int digits = 6; digits <= 17; ++digits) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << llvm::format("%.*g", digits, value);
    double parsed = std::strtod(s.c_str(), nullptr);
    if (isF32 ? static_cast<float>(parsed) == static_cast<float>(value)
              : parsed == value)
      return s;
  }
  return std::to_string(value);
}

DenseI64ArrayAttr nnvm::getI64s(Operation *op, StringRef name) {
  return op->getAttrOfType<DenseI64ArrayAttr>(name);
}

int64_t nnvm::getI64(Operation *op, StringRef name, int64_t dflt) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return dflt;
}

double nnvm::getF32(Operation *op, StringRef name, double dflt) {
  if (auto attr = op->getAttrOfType<FloatAttr>(name))
    return attr.getValueAsDouble();
  return dflt;
}

bool nnvm::getFlag(Operation *op, StringRef name, bool dflt) {
  if (auto attr = op->getAttrOfType<BoolAttr>(name))
    return attr.getValue();
  return dflt;
}

RankedTensorType nnvm::rankedType(Value v) {
  return dyn_cast<RankedTensorType>(v.getType());
}

bool nnvm::sameInputs(ExportContext &ctx) {
  ctx.inputs.assign(ctx.op->operand_begin(), ctx.op->operand_end());
  return true;
}

std::optional<double> nnvm::getScalarConstant(Value v, Operation *user) {
  auto cst = v.getDefiningOp<ConstantOp>();
  if (!cst || !v.hasOneUse() || *v.getUsers().begin() != user)
    return std::nullopt;
  auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  if (!dense || !dense.isSplat() || dense.getType().getRank() != 0)
    return std::nullopt;
  Type element = dense.getElementType();
  if (isa<FloatType>(element))
    return dense.getSplatValue<APFloat>().convertToDouble();
  if (element.isInteger(1))
    return std::nullopt;
  if (isa<IntegerType>(element))
    return static_cast<double>(dense.getSplatValue<APInt>().getSExtValue());
  return std::nullopt;
}

std::string nnvm::formatScalar(double value, Type element) {
  if (isa<IntegerType>(element))
    return std::to_string(static_cast<int64_t>(value));
  return formatFloat(value, !element.isF64());
}
