//===- XOCImport.cpp - import XOC JSON computation graphs -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the XOC importer: tensors become values (graph inputs
// and weights function arguments named by the tensor id, weights with values
// in their metadata constants), every node an nngraph operation through the
// operator table of XOCOps.cpp, or `nngraph.custom` (domain "xoc") with every
// attribute. The data quirks of docs/Formats/XOC.md ("Data quirks") are
// resolved here: 2-value `pads`, `kernel_shape` from the weight, and Reshape /
// ReduceMean inputs without values recovered from the shapes.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/XOC/XOCImport.h"
#include "XOCDecompose.h"
#include "XOCOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/JSONSupport.h"
#include "nngraph/Target/XOC/XOCModel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::xoc;
using llvm::json::Array;
using llvm::json::Object;

namespace {

/// Weights with more elements than this become `dense_resource` blobs.
constexpr int64_t kMaxDenseElements = 4096;
/// Order keys of arguments: graph inputs first, then other tensors by index.
constexpr int64_t kTensorOrder = 1 << 30;

/// What became of a node's typed mapping.
enum class Outcome { Done, Fallback, Failed };

class Importer {
public:
  Importer(GraphBuilder &gb, Graph &graph, const ImportOptions &options)
      : gb(gb), b(gb.getBuilder()), abi(getGraphABI(gb.getContext())),
        graph(graph), options(options) {}
  OwningOpRef<ModuleOp> run();

private:
  void computeTypes();
  Value getTensor(int64_t t, const Node &node, StringRef path);
  Value makeConstant(int64_t t, const Array &items);
  Outcome importTyped(const Node &node, const OpSpec &spec,
                      std::string &reason);
  Attribute recoverStaticInput(const Node &node, const StaticInput &si);
  /// The values of tensor `t` when the file gives them or when the nodes
  /// that compute it fold to a constant (shape arithmetic on static
  /// shapes), as JSON numbers; nullopt otherwise.
  std::optional<Array> knownValues(int64_t t);
  bool resolveQuirks(const Node &node, const OpSpec &spec, NamedAttrList &attrs,
                     std::optional<SmallVector<int64_t>> &kernelShape,
                     std::optional<int64_t> castTo, std::string &reason);
  Outcome build(const Node &node, const OpSpec &spec, NamedAttrList &attrs);
  Outcome importDecomposed(const Node &node, DecomposeFn fn,
                           std::string &reason, bool &refused);
  void importNode(const Node &node);
  void importCustom(const Node &node);
  void finishOp(Operation *op, const Node &node);
  void error(const Node &node, StringRef path, const llvm::Twine &message) {
    gb.emitNodeError(node.id, path, message);
  }
  std::string attrPath(const Node &node, StringRef key) {
    return jsonPath(jsonPath(node.path, "attributes"), key);
  }

  GraphBuilder &gb;
  OpBuilder &b;
  /// The graph ABI attribute helpers.
  NNGraphDialect &abi;
  Graph &graph;
  const ImportOptions &options;
  /// The type of each tensor (null if its dtype is unsupported).
  std::vector<RankedTensorType> types;
  /// What tensor `t` became: the GraphBuilder's value table at (t, 0).
  Value valueOf(int64_t t) const { return gb.lookupValue(t, 0); }
  Value define(int64_t t, Value v) {
    gb.setValue(t, 0, v);
    return v;
  }
};

/// Tensor metadata without the nngraph name of a constant or input (if
/// `dropName`) and without the `value` key (if `dropValue`), as a dictionary;
/// null if dropping keys leaves it empty.
DictionaryAttr metadataAttr(MLIRContext *ctx, const Object &metadata,
                            bool dropValue, bool dropName = true) {
  Object copy = expandDottedKeys(metadata);
  bool dropped = dropName && copy.erase(kNameKey);
  if (dropValue)
    dropped |= copy.erase(kValueKey);
  if (dropped && copy.empty())
    return nullptr;
  return cast<DictionaryAttr>(
      jsonToAttribute(ctx, llvm::json::Value(std::move(copy))));
}

/// The nngraph name of a constant or graph input: the tensor id, unless the
/// metadata keeps another one (`nngraph_name`, written by the exporter when
/// names are shared).
StringRef getTensorName(const Tensor &tensor) {
  if (tensor.metadata)
    if (std::optional<StringRef> name = tensor.metadata->getString(kNameKey))
      return *name;
  return tensor.id;
}

std::string printJSON(const llvm::json::Value &v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << v;
  return s;
}

} // namespace

void Importer::computeTypes() {
  types.resize(graph.tensors.size());
  for (auto [i, tensor] : llvm::enumerate(graph.tensors)) {
    Type element = getDTypeElementType(b.getContext(), tensor.dtype);
    if (!element) {
      if (!tensor.dtype.empty())
        gb.emitFileError("unsupported dtype '" + tensor.dtype + "' at " +
                         jsonPath(tensor.path, "dtype"));
      continue;
    }
    SmallVector<int64_t> shape;
    bool bad = false;
    for (int64_t d : tensor.shape) {
      if (d < -1)
        bad = true;
      shape.push_back(d == -1 ? ShapedType::kDynamic : d);
    }
    if (bad) {
      gb.emitFileError("expected sizes >= -1 at " +
                       jsonPath(tensor.path, "shape"));
      continue;
    }
    if (std::optional<std::string> tooMany = checkElementCount(tensor.shape)) {
      gb.emitFileError(*tooMany + " at " + jsonPath(tensor.path, "shape"));
      continue;
    }
    types[i] = RankedTensorType::get(shape, element);
  }
}

Value Importer::makeConstant(int64_t t, const Array &items) {
  const Tensor &tensor = graph.tensors[t];
  RankedTensorType type = types[t];
  std::string path = jsonPath(jsonPath(tensor.path, "metadata"), kValueKey);
  if (!type.hasStaticShape()) {
    gb.emitFileError("a tensor with values needs a static shape at " + path);
    return nullptr;
  }
  int64_t count = type.getNumElements();
  if (static_cast<int64_t>(items.size()) != count && items.size() != 1) {
    gb.emitFileError("expected " + llvm::Twine(count) +
                     " values (or one for a splat) at " + path + ", got " +
                     llvm::Twine(items.size()));
    return nullptr;
  }
  Type element = type.getElementType();
  auto valueType =
      RankedTensorType::get({static_cast<int64_t>(items.size())}, element);
  DenseElementsAttr dense;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    SmallVector<APFloat> v;
    for (const llvm::json::Value &item : items) {
      std::optional<double> d = item.getAsNumber();
      if (!d) {
        gb.emitFileError("expected numbers at " + path);
        return nullptr;
      }
      APFloat f(*d);
      bool lost;
      f.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                &lost);
      v.push_back(f);
    }
    dense = DenseElementsAttr::get(valueType, v);
  } else {
    SmallVector<APInt> v;
    unsigned width = element.getIntOrFloatBitWidth();
    for (const llvm::json::Value &item : items) {
      std::optional<int64_t> i = item.getAsInteger();
      if (std::optional<bool> flag = item.getAsBoolean())
        i = *flag ? 1 : 0;
      if (!i) {
        gb.emitFileError("expected integers at " + path);
        return nullptr;
      }
      v.push_back(APInt(width, *i, /*isSigned=*/!element.isUnsignedInteger(),
                        /*implicitTrunc=*/true));
    }
    dense = DenseElementsAttr::get(valueType, v);
  }
  dense = items.size() == 1
              ? DenseElementsAttr::get(type, dense.getSplatValue<Attribute>())
              : dense.reshape(type);
  ElementsAttr value = dense;
  if (count > kMaxDenseElements && !dense.isSplat()) {
    ArrayRef<char> raw = dense.getRawData();
    AsmResourceBlob blob =
        HeapAsmResourceBlob::allocateAndCopyWithAlign(raw, alignof(uint64_t));
    value = DenseResourceElementsAttr::get(type, tensor.id, std::move(blob));
  }
  auto op =
      ConstantOp::create(b, gb.getNameLoc(getTensorName(tensor)), type, value);
  if (DictionaryAttr meta =
          metadataAttr(b.getContext(), *tensor.metadata, /*dropValue=*/true))
    getGraphABI(b.getContext()).getMetadataAttrHelper().setAttr(op, meta);
  return op;
}

Value Importer::getTensor(int64_t t, const Node &node, StringRef path) {
  if (valueOf(t) || !types[t])
    return valueOf(t);
  if (graph.producers[t] >= 0)
    return nullptr; // Its producer failed; that was reported.
  const Tensor &tensor = graph.tensors[t];
  if (tensor.metadata)
    if (const llvm::json::Value *v = tensor.metadata->get(kValueKey)) {
      if (const Array *items = v->getAsArray())
        return define(t, makeConstant(t, *items));
      gb.emitFileError("expected array at " +
                       jsonPath(jsonPath(tensor.path, "metadata"), kValueKey));
      return nullptr;
    }
  if (tensor.role != "weight" && tensor.role != "input") {
    error(node, path,
          "tensor " + llvm::Twine(t) + " ('" + tensor.id +
              "') is read but no node produces it and it is not a graph "
              "input or weight");
    return nullptr;
  }
  SmallVector<NamedAttribute> attrs;
  if (tensor.role == "weight")
    attrs.push_back(getInputRoleAttr(b.getContext(), kRoleWeight));
  if (tensor.metadata)
    if (DictionaryAttr meta =
            metadataAttr(b.getContext(), *tensor.metadata, false))
      attrs.push_back(NamedAttribute(
          getGraphABI(b.getContext()).getMetadataAttrHelper().getName(), meta));
  return define(
      t, gb.addInput(getTensorName(tensor), types[t], attrs, kTensorOrder + t));
}

void Importer::finishOp(Operation *op, const Node &node) {
  if (node.metadata)
    op->setAttr(
        abi.getMetadataAttrHelper().getName(),
        jsonToAttribute(b.getContext(),
                        llvm::json::Value(expandDottedKeys(*node.metadata))));
  SmallVector<Attribute> names, metas;
  bool anyMeta = false;
  for (int64_t t : node.outputs) {
    const Tensor &tensor = graph.tensors[t];
    names.push_back(b.getStringAttr(tensor.id));
    if (tensor.metadata) {
      anyMeta = true;
      // `nngraph_name` means nothing on a result (its name is the node's).
      metas.push_back(metadataAttr(b.getContext(), *tensor.metadata,
                                   /*dropValue=*/false, /*dropName=*/false));
    } else {
      metas.push_back(b.getDictionaryAttr({}));
    }
  }
  abi.getResultNamesAttrHelper().setAttr(op, b.getArrayAttr(names));
  if (anyMeta)
    abi.getResultMetadataAttrHelper().setAttr(op, b.getArrayAttr(metas));
  for (auto [t, result] : llvm::zip(node.outputs, op->getResults()))
    define(t, result);
}

void Importer::importCustom(const Node &node) {
  SmallVector<Value> operands;
  SmallVector<Type> resultTypes;
  for (auto [i, t] : llvm::enumerate(node.inputs)) {
    Value v = getTensor(t, node, jsonPath(jsonPath(node.path, "inputs"), i));
    if (!v)
      return;
    operands.push_back(v);
  }
  for (int64_t t : node.outputs) {
    if (!types[t])
      return;
    resultTypes.push_back(types[t]);
  }
  auto attrs = cast<DictionaryAttr>(jsonToAttribute(
      b.getContext(), llvm::json::Value(Object(node.attributes))));
  auto op = CustomOp::create(b, gb.getNameLoc(node.id), resultTypes,
                             b.getStringAttr(node.opType), operands, attrs,
                             b.getStringAttr("xoc"));
  finishOp(op, node);
}

namespace {
/// The spec of ONNX attribute `key` of `spec`, or null.
const AttrSpec *findAttr(const OpSpec &spec, StringRef key) {
  for (const AttrSpec &a : spec.attrs)
    if (key == a.onnx)
      return &a;
  return nullptr;
}

const FixedAttr *findFixed(const OpSpec &spec, StringRef key) {
  for (const FixedAttr &a : spec.fixed)
    if (key == a.onnx)
      return &a;
  return nullptr;
}

SmallVector<StringRef> sortedKeys(const Object &o) {
  SmallVector<StringRef> keys;
  for (const auto &kv : o)
    keys.push_back(kv.first);
  llvm::sort(keys);
  return keys;
}

/// Why `node` has no typed form under `spec` (attributes nngraph does not
/// hold, input or output counts), or empty.
std::string checkShape(const Node &node, const OpSpec &spec) {
  for (StringRef key : sortedKeys(node.attributes)) {
    if (findAttr(spec, key))
      continue;
    const llvm::json::Value &v = *node.attributes.get(key);
    if (const FixedAttr *fixed = findFixed(spec, key)) {
      std::optional<double> d = v.getAsNumber();
      if (fixed->any || (d && *d == fixed->value))
        continue;
      return ("attribute '" + key + "' = " + printJSON(v) +
              " has no typed form")
          .str();
    }
    return ("attribute '" + key + "' has no nngraph counterpart").str();
  }
  size_t n = node.inputs.size();
  unsigned firstStatic =
      spec.staticInputs.empty() ? ~0u : spec.staticInputs.front().index;
  size_t numOperands = std::min<size_t>(n, firstStatic);
  if (numOperands < spec.minOperands ||
      (spec.maxOperands >= 0 &&
       numOperands > static_cast<size_t>(spec.maxOperands)) ||
      (!spec.staticInputs.empty() &&
       n > firstStatic + spec.staticInputs.size()))
    return std::to_string(n) + " inputs";
  if (spec.numResults >= 0 &&
      node.outputs.size() != static_cast<size_t>(spec.numResults))
    return std::to_string(node.outputs.size()) + " outputs";
  return "";
}
} // namespace

Outcome Importer::importTyped(const Node &node, const OpSpec &spec,
                              std::string &reason) {
  reason = checkShape(node, spec);
  if (!reason.empty())
    return Outcome::Fallback;
  bool bad = false;
  NamedAttrList attrs;
  std::optional<SmallVector<int64_t>> kernelShape;
  std::optional<int64_t> castTo;
  for (StringRef key : sortedKeys(node.attributes)) {
    const AttrSpec *as = findAttr(spec, key);
    if (!as)
      continue;
    const llvm::json::Value &v = *node.attributes.get(key);
    AttrKind kind = as->kind == AttrKind::Checked
                        ? (key == "to" ? AttrKind::Int : AttrKind::Ints)
                        : as->kind;
    Attribute a = convertAttr(b, kind, v);
    if (!a) {
      error(node, attrPath(node, key),
            "expected " + describeAttrKind(kind) + ", got " + printJSON(v));
      bad = true;
    } else if (as->kind != AttrKind::Checked) {
      attrs.set(as->mlir, a);
    } else if (key == "to") {
      castTo = cast<IntegerAttr>(a).getInt();
    } else {
      kernelShape = llvm::to_vector(cast<DenseI64ArrayAttr>(a).asArrayRef());
    }
  }
  // ONNX inputs that nngraph holds as attributes: from the tensor's values,
  // else recovered from the shapes (docs/Formats/XOC.md, "Data quirks").
  for (const StaticInput &si : spec.staticInputs) {
    if (si.index >= node.inputs.size() || !si.mlir)
      continue;
    const Tensor &tensor = graph.tensors[node.inputs[si.index]];
    const llvm::json::Value *value =
        tensor.metadata ? tensor.metadata->get(kValueKey) : nullptr;
    std::optional<llvm::json::Value> computed;
    if (!value && graph.producers[node.inputs[si.index]] >= 0)
      if (std::optional<Array> items = knownValues(node.inputs[si.index]))
        value = &computed.emplace(std::move(*items));
    Attribute a;
    if (value) {
      const Array *items = value->getAsArray();
      if (items && items->empty() && si.optional)
        continue;
      bool scalar = si.kind == AttrKind::Int || si.kind == AttrKind::Float;
      if (items && (!scalar || items->size() == 1))
        a = convertAttr(b, si.kind, scalar ? (*items)[0] : *value);
      if (!a) {
        gb.emitFileError(
            "expected " + describeAttrKind(si.kind) + " for input " +
            llvm::Twine(si.index) + " of '" + node.opType + "' at " +
            jsonPath(jsonPath(tensor.path, "metadata"), kValueKey));
        bad = true;
        continue;
      }
    } else {
      a = recoverStaticInput(node, si);
      if (!a) {
        reason = ("input " + llvm::Twine(si.index) + " ('" + tensor.id +
                  "') has no value")
                     .str();
        return Outcome::Fallback;
      }
    }
    attrs.set(si.mlir, a);
  }
  if (bad)
    return Outcome::Failed;
  if (!resolveQuirks(node, spec, attrs, kernelShape, castTo, reason))
    return reason.empty() ? Outcome::Failed : Outcome::Fallback;
  return build(node, spec, attrs);
}

namespace {
/// `got` with the static sizes of `declared` where `got` has none: the
/// declared tensor types refine the inferred ones (static sizes where
/// inference gives `?`), never the reverse (a declared `?` keeps an
/// inferred size).
Type refineType(Type got, Type declared) {
  auto g = dyn_cast<RankedTensorType>(got);
  auto d = dyn_cast<RankedTensorType>(declared);
  if (!g || !d || g.getRank() != d.getRank())
    return declared;
  SmallVector<int64_t> dims;
  for (auto [a, b] : llvm::zip(g.getShape(), d.getShape()))
    dims.push_back(ShapedType::isDynamic(a) ? b : a);
  return g.clone(dims);
}

/// What `v` folds to, folding its producers first (at most `depth` deep;
/// each value once); the IR is not changed. Only small static tensors are
/// tried (no folder makes a constant of a large activation), which keeps
/// the walk to the shape arithmetic.
Attribute evaluate(Value v, DenseMap<Value, Attribute> &memo, int depth = 32) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  Operation *op = v.getDefiningOp();
  if (!op || depth == 0 || !type || !type.hasStaticShape() ||
      type.getNumElements() > 4096)
    return nullptr;
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  memo[v] = nullptr; // Cycles cannot occur, but revisits are cheap.
  SmallVector<Attribute> operands;
  for (Value operand : op->getOperands())
    operands.push_back(evaluate(operand, memo, depth - 1));
  SmallVector<OpFoldResult> results;
  Attribute result;
  if (succeeded(op->fold(operands, results)) &&
      results.size() == op->getNumResults()) {
    OpFoldResult r = results[cast<OpResult>(v).getResultNumber()];
    result = isa<Attribute>(r) ? cast<Attribute>(r)
                               : evaluate(cast<Value>(r), memo, depth - 1);
  }
  return memo[v] = result;
}
} // namespace

std::optional<Array> Importer::knownValues(int64_t t) {
  if (const Tensor &tensor = graph.tensors[t]; tensor.metadata)
    if (const llvm::json::Value *v = tensor.metadata->get(kValueKey))
      if (const Array *items = v->getAsArray())
        return *items;
  Value v = valueOf(t);
  if (!v)
    return std::nullopt;
  DenseMap<Value, Attribute> memo;
  auto dense = dyn_cast_if_present<DenseElementsAttr>(evaluate(v, memo));
  if (!dense)
    return std::nullopt;
  Array items;
  Type element = dense.getType().getElementType();
  if (isa<FloatType>(element)) {
    for (const APFloat &f : dense.getValues<APFloat>())
      items.push_back(f.convertToDouble());
  } else if (element.isInteger(1)) {
    for (bool b : dense.getValues<bool>())
      items.push_back(b);
  } else if (isa<IntegerType>(element)) {
    for (const APInt &i : dense.getValues<APInt>())
      items.push_back(element.isUnsignedInteger()
                          ? static_cast<int64_t>(i.getZExtValue())
                          : i.getSExtValue());
  } else {
    return std::nullopt;
  }
  return items;
}

Attribute Importer::recoverStaticInput(const Node &node,
                                       const StaticInput &si) {
  if (node.outputs.size() != 1 || node.inputs.empty())
    return nullptr;
  RankedTensorType in = types[node.inputs[0]], out = types[node.outputs[0]];
  if (!in || !out || !out.hasStaticShape())
    return nullptr;
  StringRef name = si.mlir;
  // Reshape / Expand: the target is the output shape.
  if (name == "shape")
    return b.getDenseI64ArrayAttr(out.getShape());
  // ReduceMean & co. with keepdims: the axes are the dims that shrink to 1.
  if (name == "axes" && StringRef(node.opType).starts_with("Reduce") &&
      in.getRank() == out.getRank() && in.hasStaticShape()) {
    const auto *keep = node.attributes.get("keepdims");
    if (keep && keep->getAsInteger() != std::optional<int64_t>(1))
      return nullptr;
    SmallVector<int64_t> axes;
    for (int64_t i = 0; i < in.getRank(); ++i)
      if (in.getDimSize(i) != out.getDimSize(i)) {
        if (out.getDimSize(i) != 1)
          return nullptr;
        axes.push_back(i);
      }
    if (axes.empty())
      return nullptr;
    return b.getDenseI64ArrayAttr(axes);
  }
  return nullptr;
}

bool Importer::resolveQuirks(const Node &node, const OpSpec &spec,
                             NamedAttrList &attrs,
                             std::optional<SmallVector<int64_t>> &kernelShape,
                             std::optional<int64_t> castTo,
                             std::string &reason) {
  StringRef op = spec.onnx;
  // Reshape with allowzero = 1 reads a 0 as a size, nngraph as "copy".
  if (op == "Reshape") {
    const auto *allowZero = node.attributes.get("allowzero");
    auto shape = dyn_cast_or_null<DenseI64ArrayAttr>(attrs.get("shape"));
    if (allowZero && allowZero->getAsInteger() != std::optional<int64_t>(0) &&
        shape && llvm::is_contained(shape.asArrayRef(), 0)) {
      reason = "allowzero = 1 with a 0 in the shape";
      return false;
    }
  }
  if (op == "OneHot") {
    if (auto values =
            dyn_cast_or_null<DenseF32ArrayAttr>(attrs.get("off_value"))) {
      attrs.set("off_value", b.getF32FloatAttr(values[0]));
      attrs.set("on_value", b.getF32FloatAttr(values[1]));
    }
  }
  if ((op == "Cast" || op == "BitCast") && castTo && node.outputs.size() == 1 &&
      types[node.outputs[0]] &&
      getONNXDataType(types[node.outputs[0]].getElementType()) != *castTo) {
    error(node, attrPath(node, "to"),
          "'to' = " + llvm::Twine(*castTo) +
              " does not match the output dtype '" +
              graph.tensors[node.outputs[0]].dtype + "'");
    return false;
  }
  bool conv = op == "Conv" || op == "ConvTranspose";
  if (!conv && op != "MaxPool" && op != "AveragePool")
    return true;
  // The spatial rank: from the weight (convolutions) or the kernel.
  int64_t spatial = -1;
  RankedTensorType weight =
      conv && node.inputs.size() > 1 ? types[node.inputs[1]] : nullptr;
  if (weight && weight.getRank() < 3) {
    // ONNX convolution weights are M x C/group x k1 x ... x kn.
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "expected a weight of rank 3 or more for '" << op << "', got "
       << weight;
    error(node, jsonPath(jsonPath(node.path, "inputs"), 1), text);
    return false;
  }
  if (weight)
    spatial = weight.getRank() - 2;
  else if (auto k =
               dyn_cast_or_null<DenseI64ArrayAttr>(attrs.get("kernel_shape")))
    spatial = k.size();
  if (conv && kernelShape && weight) {
    ArrayRef<int64_t> dims = weight.getShape().drop_front(2);
    bool match = dims.size() == kernelShape->size();
    for (auto [d, k] : llvm::zip(dims, *kernelShape))
      match &= ShapedType::isDynamic(d) || d == k;
    if (!match) {
      error(node, attrPath(node, "kernel_shape"),
            "kernel_shape does not match the weight shape");
      return false;
    }
  }
  auto pads = dyn_cast_or_null<DenseI64ArrayAttr>(attrs.get("pads"));
  if (pads && spatial > 0 && static_cast<int64_t>(pads.size()) == spatial) {
    SmallVector<int64_t> full(pads.asArrayRef());
    full.append(pads.asArrayRef().begin(), pads.asArrayRef().end());
    attrs.set("pads", b.getDenseI64ArrayAttr(full));
    std::string from = printJSON(*node.attributes.get("pads"));
    emitWarning(gb.getNameLoc(node.id))
        << "xoc: " << spatial << "-value pads " << from
        << " read as symmetric padding at " << attrPath(node, "pads")
        << " (node '" << node.id << "')";
  }
  return true;
}

Outcome Importer::build(const Node &node, const OpSpec &spec,
                        NamedAttrList &attrs) {
  unsigned firstStatic =
      spec.staticInputs.empty() ? ~0u : spec.staticInputs.front().index;
  size_t numOperands = std::min<size_t>(node.inputs.size(), firstStatic);
  SmallVector<Value> operands;
  for (size_t i = 0; i < numOperands; ++i) {
    Value v = getTensor(node.inputs[i], node,
                        jsonPath(jsonPath(node.path, "inputs"), i));
    if (!v)
      return Outcome::Failed;
    operands.push_back(v);
  }
  SmallVector<Type> resultTypes;
  for (int64_t t : node.outputs) {
    if (!types[t])
      return Outcome::Failed;
    resultTypes.push_back(types[t]);
  }
  Operation *op = gb.createOp(
      {node.id, node.path, node.opType}, gb.getNameLoc(node.id), spec.mlir,
      operands, attrs.getAttrs(), resultTypes.size(), resultTypes);
  if (!op)
    return Outcome::Failed;
  // The declared tensor types may refine the inferred ones (static sizes
  // where inference gives `?`), never contradict them.
  for (auto [i, result, declared] :
       llvm::enumerate(op->getResults(), resultTypes)) {
    Type got = result.getType();
    if (getElementTypeOrSelf(declared) == getElementTypeOrSelf(got) &&
        succeeded(verifyCompatibleShape(declared, got))) {
      result.setType(refineType(got, declared));
      continue;
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "output tensor '" << graph.tensors[node.outputs[i]].id
       << "' is declared " << declared << " but '" << node.opType << "' gives "
       << got;
    op->erase();
    error(node, jsonPath(jsonPath(node.path, "outputs"), i), text);
    return Outcome::Failed;
  }
  finishOp(op, node);
  return Outcome::Done;
}

Outcome Importer::importDecomposed(const Node &node, DecomposeFn fn,
                                   std::string &reason, bool &refused) {
  SmallVector<RankedTensorType> inputTypes, outputTypes;
  SmallVector<const Array *> inputValues;
  // Values computed by folding live here while the decomposition runs.
  std::vector<Array> computed;
  computed.reserve(node.inputs.size());
  for (int64_t t : node.inputs) {
    inputTypes.push_back(types[t]);
    const Array *items = nullptr;
    if (std::optional<Array> values = knownValues(t)) {
      computed.push_back(std::move(*values));
      items = &computed.back();
    }
    inputValues.push_back(items);
  }
  for (int64_t t : node.outputs)
    outputTypes.push_back(types[t]);
  // Decompositions read their inputs' types: a node with an input the
  // importer could not type (reported where the tensor is declared, or of
  // unknown rank) goes to the table or nngraph.custom.
  if (llvm::is_contained(inputTypes, RankedTensorType())) {
    reason = "an input without a ranked type";
    return Outcome::Fallback;
  }
  auto getInput = [&](unsigned i) {
    return getTensor(node.inputs[i], node,
                     jsonPath(jsonPath(node.path, "inputs"), i));
  };
  DecomposeContext ctx(gb, {node.id, node.path, node.opType},
                       gb.getNameLoc(node.id), inputTypes, inputValues,
                       outputTypes, getInput);
  if (graph.metadata)
    if (std::optional<int64_t> opset =
            expandDottedKeys(*graph.metadata).getInteger("opset"))
      ctx.opset = *opset;
  std::string attrsPath = jsonPath(node.path, "attributes");
  ctx.setAttrsPath(attrsPath);
  ctx.addAttrs(node.attributes, attrsPath);
  fn(ctx);
  if (ctx.declined) {
    reason = *ctx.declined;
    refused = ctx.refused;
    return Outcome::Fallback;
  }
  if (ctx.failed || llvm::is_contained(ctx.results, Value()))
    return Outcome::Failed;
  if (ctx.results.size() != node.outputs.size()) {
    error(node, jsonPath(node.path, "outputs"),
          "expected " + llvm::Twine(ctx.results.size()) + " outputs for '" +
              node.opType + "', got " + llvm::Twine(node.outputs.size()));
    return Outcome::Failed;
  }
  for (auto [i, t, v] : llvm::enumerate(node.outputs, ctx.results)) {
    Type declared = types[t];
    if (!declared)
      return Outcome::Failed;
    if (getElementTypeOrSelf(declared) != getElementTypeOrSelf(v) ||
        failed(verifyCompatibleShape(declared, v.getType()))) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "output tensor '" << graph.tensors[t].id << "' is declared "
         << declared << " but '" << node.opType << "' gives " << v.getType();
      error(node, jsonPath(jsonPath(node.path, "outputs"), i), text);
      return Outcome::Failed;
    }
    v.setType(refineType(v.getType(), declared));
  }
  // The operations that give the outputs carry the tensor names.
  Operation *single = ctx.results.front().getDefiningOp();
  if (single && single->getNumResults() == ctx.results.size() &&
      llvm::equal(single->getResults(), ctx.results)) {
    finishOp(single, node);
    return Outcome::Done;
  }
  for (auto [t, v] : llvm::zip(node.outputs, ctx.results)) {
    if (Operation *op = v.getDefiningOp(); op && op->getNumResults() == 1)
      abi.getResultNamesAttrHelper().setAttr(
          op, b.getArrayAttr({b.getStringAttr(graph.tensors[t].id)}));
    define(t, v);
  }
  return Outcome::Done;
}

void Importer::importNode(const Node &node) {
  std::string reason;
  bool refused = false;
  DecomposeFn decompose = lookupDecomposition(node.opType);
  if (decompose &&
      importDecomposed(node, decompose, reason, refused) != Outcome::Fallback)
    return;
  const OpSpec *spec = lookupONNX(node.opType);
  if (spec && !refused) {
    reason.clear();
    Outcome outcome = importTyped(node, *spec, reason);
    if (outcome != Outcome::Fallback)
      return;
  }
  if (options.strict) {
    if (spec || decompose)
      error(node, node.path,
            "operator '" + node.opType + "' has no typed form: " + reason);
    else
      error(node, jsonPath(node.path, "name"),
            "unsupported operator '" + node.opType + "'");
    return;
  }
  importCustom(node);
}

OwningOpRef<ModuleOp> Importer::run() {
  computeTypes();
  for (auto [i, t] : llvm::enumerate(graph.inputs)) {
    if (valueOf(t) || !types[t])
      continue;
    const Tensor &tensor = graph.tensors[t];
    SmallVector<NamedAttribute> attrs;
    if (tensor.metadata)
      if (DictionaryAttr meta =
              metadataAttr(b.getContext(), *tensor.metadata, false))
        attrs.push_back(NamedAttribute(
            getGraphABI(b.getContext()).getMetadataAttrHelper().getName(),
            meta));
    define(t, gb.addInput(getTensorName(tensor), types[t], attrs, i));
  }
  for (const Node &node : graph.nodes)
    importNode(node);
  SmallVector<Value> results;
  std::vector<std::string> names;
  Node graphNode;
  graphNode.id = graph.name;
  // The output names, if the exporter kept them beside the tensor ids.
  std::optional<Object> graphMeta;
  const Array *outputNames = nullptr;
  if (graph.metadata) {
    graphMeta = expandDottedKeys(*graph.metadata);
    if (const llvm::json::Value *v = graphMeta->get(kOutputNamesKey)) {
      outputNames = v->getAsArray();
      bool good = outputNames && outputNames->size() == graph.outputs.size();
      for (size_t i = 0; good && i < outputNames->size(); ++i)
        good = (*outputNames)[i].getAsString().has_value();
      if (!good) {
        gb.emitFileError("expected " + llvm::Twine(graph.outputs.size()) +
                         " strings (one per output) at " +
                         jsonPath("$.metadata", kOutputNamesKey));
        outputNames = nullptr;
      }
    }
  }
  for (auto [i, t] : llvm::enumerate(graph.outputs)) {
    Value v = getTensor(t, graphNode, jsonPath("$.outputs", i));
    if (!v)
      continue;
    results.push_back(v);
    names.push_back(outputNames ? (*outputNames)[i].getAsString()->str()
                                : graph.tensors[t].id);
  }
  if (graphMeta)
    graphMeta->erase(kOutputNamesKey);
  ModuleOp module = gb.getModule();
  setSourceFormat(module, "xoc");
  abi.getGraphIdAttrHelper().setAttr(module, b.getStringAttr(graph.id));
  abi.getGraphNameAttrHelper().setAttr(module, b.getStringAttr(graph.name));
  if (graphMeta && !graphMeta->empty())
    module->setAttr(abi.getMetadataAttrHelper().getName(),
                    jsonToAttribute(b.getContext(),
                                    llvm::json::Value(std::move(*graphMeta))));
  if (results.size() != graph.outputs.size())
    return nullptr;
  return gb.finish(results, names);
}

OwningOpRef<ModuleOp> xoc::importXOCGraph(const llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context,
                                          const ImportOptions &options) {
  std::optional<llvm::json::Value> json =
      parseJSONBuffer("xoc", sourceMgr, context);
  if (!json)
    return nullptr;
  Location fileLoc = getBufferLoc(sourceMgr, context);
  Graph graph;
  JSONErrors errors;
  decodeGraph(*json, graph, errors);
  if (!errors.empty()) {
    errors.emit("xoc", fileLoc);
    return nullptr;
  }
  GraphBuilder gb(context, fileLoc, "xoc");
  Importer importer(gb, graph, options);
  return importer.run();
}
