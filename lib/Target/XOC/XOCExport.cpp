//===- XOCExport.cpp - export XOC JSON computation graphs -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the XOC exporter after the seed's export rules:
// `attributes` holds only ONNX-schema attributes (the typed operation's
// attributes, through the operator table of XOCOps.cpp), everything else goes
// to `metadata` with dotted keys expanded into nested objects, optional
// fields appear only when present, no default is invented, and the root `id`
// and `name` are always written. Ops go under `operators`, pads have 4
// values, kernel_shape is explicit, tensor roles are in `name`, and tensors
// are listed in a stable order: function arguments, then per operation its
// constant inputs and results.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/XOC/XOCExport.h"
#include "XOCOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/JSONSupport.h"
#include "nngraph/Target/XOC/XOCImport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include <cstring>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::xoc;
using llvm::json::Array;
using llvm::json::Object;

namespace {

struct TensorOut {
  std::string id;
  std::string role;
  SmallVector<int64_t> shape;
  std::string dtype;
  std::optional<Object> metadata;
};

struct NodeOut {
  std::string id;
  std::string name;
  SmallVector<int64_t> inputs;
  SmallVector<int64_t> outputs;
  std::vector<std::pair<std::string, llvm::json::Value>> attributes;
  std::optional<Object> metadata;
};

class Exporter {
public:
  Exporter(ModuleOp module, func::FuncOp func, const ExportOptions &options)
      : module(module), func(func), options(options) {}
  LogicalResult run();
  void write(llvm::raw_ostream &os);

private:
  void fail(Operation *op, const llvm::Twine &reason);
  void checkReserved(const std::optional<Object> &meta, StringRef key,
                     Location loc, const llvm::Twine &what);
  std::string uniqueId(StringRef base);
  std::optional<Object> toMetadata(DictionaryAttr dict);
  std::optional<int64_t> addTensor(Value value, StringRef id, StringRef role,
                                   Operation *op);
  void exportConstant(ConstantOp op);
  void exportCustom(CustomOp op, NodeOut &node);
  void exportTyped(Operation *op, const OpSpec &spec, NodeOut &node);
  void addStaticInputs(Operation *op, const OpSpec &spec, NodeOut &node);
  void exportOp(Operation *op);
  void exportMetadata(Operation *op, NodeOut &node);
  void exportResults(Operation *op, NodeOut &node);
  bool isDefault(Operation *op, StringRef name, Attribute attr);

  ModuleOp module;
  func::FuncOp func;
  const ExportOptions &options;
  std::vector<TensorOut> tensors;
  std::vector<NodeOut> nodes;
  SmallVector<int64_t> inputs, outputs;
  /// The output names, written when one differs from its tensor's id (a
  /// value returned twice, an input or a constant returned).
  std::vector<std::string> outputNames;
  bool renamedOutputs = false;
  llvm::DenseMap<Value, int64_t> tensorOf;
  /// Values that could not be written (reported once, where they are made:
  /// their readers are not reported again).
  llvm::DenseSet<Value> unwritten;
  llvm::StringMap<unsigned> usedIds;
  /// Per operation name, the attributes a new operation starts with (the
  /// ODS defaults, which the printer leaves out and nobody wrote).
  llvm::DenseMap<OperationName, DictionaryAttr> defaults;
  llvm::DenseMap<Value, unsigned> returned;
  bool failed = false;
};

} // namespace

void Exporter::fail(Operation *op, const llvm::Twine &reason) {
  failed = true;
  std::string node = getLocName(op->getLoc());
  op->emitError() << "xoc: cannot export '" << op->getName() << "' (node '"
                  << node << "'): " << reason;
}

/// The metadata keys of the nngraph extension are the exporter's to write.
void Exporter::checkReserved(const std::optional<Object> &meta, StringRef key,
                             Location loc, const llvm::Twine &what) {
  if (!meta || !meta->get(key))
    return;
  failed = true;
  emitError(loc) << "xoc: cannot export " << what << ": metadata key '" << key
                 << "' is reserved for the nngraph name extension";
}

std::string Exporter::uniqueId(StringRef base) {
  std::string id = base.str();
  for (unsigned n = 1; usedIds.count(id); ++n)
    id = (base + "_" + llvm::Twine(n)).str();
  usedIds.try_emplace(id, 1);
  return id;
}

std::optional<Object> Exporter::toMetadata(DictionaryAttr dict) {
  if (!dict)
    return std::nullopt;
  Object out;
  for (NamedAttribute attr : dict) {
    std::optional<llvm::json::Value> v = attributeToJSON(attr.getValue());
    if (!v)
      return std::nullopt;
    putExpanded(out, attr.getName(), std::move(*v));
  }
  return out;
}

std::optional<int64_t> Exporter::addTensor(Value value, StringRef id,
                                           StringRef role, Operation *op) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  std::string dtype = type ? getDTypeName(type.getElementType()) : "";
  if (!type || dtype.empty()) {
    unwritten.insert(value);
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "tensor '" << id << "' of type " << value.getType()
       << " has no XOC shape and dtype";
    if (op) {
      fail(op, text);
    } else {
      failed = true;
      emitError(value.getLoc())
          << "xoc: cannot export graph input '" << id << "': " << text;
    }
    return std::nullopt;
  }
  TensorOut t;
  t.id = id.str();
  t.role = role.str();
  for (int64_t d : type.getShape())
    t.shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
  t.dtype = dtype;
  tensors.push_back(std::move(t));
  tensorOf[value] = tensors.size() - 1;
  return tensors.size() - 1;
}

/// The elements of `value` as JSON numbers (one for a splat), or nullopt
/// when they cannot be read.
static std::optional<Array> getValues(ElementsAttr value) {
  Type element = value.getElementType();
  if (!element.isIntOrFloat())
    return std::nullopt;
  std::optional<std::vector<char>> raw;
  auto dense = dyn_cast<DenseElementsAttr>(value);
  int64_t count = value.getNumElements();
  if (dense && dense.isSplat()) {
    count = 1;
    raw = getRawData(DenseElementsAttr::get(RankedTensorType::get({1}, element),
                                            dense.getSplatValue<Attribute>()));
  } else {
    raw = getRawData(value);
  }
  unsigned bits = element.getIntOrFloatBitWidth();
  unsigned width = element.isInteger(1) ? 1 : bits / 8;
  if (!raw || static_cast<int64_t>(raw->size()) != count * width)
    return std::nullopt;
  Array out;
  for (int64_t i = 0; i < count; ++i) {
    const char *p = raw->data() + i * width;
    uint64_t word = 0;
    std::memcpy(&word, p, width);
    if (auto floatType = dyn_cast<FloatType>(element)) {
      APFloat f(floatType.getFloatSemantics(), APInt(bits, word));
      if (element.isF64()) {
        out.push_back(f.convertToDouble());
        continue;
      }
      bool lost;
      f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      out.push_back(shortestFloat(f.convertToFloat()));
    } else if (element.isInteger(1)) {
      out.push_back(int64_t(word != 0));
    } else if (element.isUnsignedInteger()) {
      out.push_back(int64_t(word));
    } else {
      out.push_back(APInt(bits, word).getSExtValue());
    }
  }
  return out;
}

void Exporter::exportConstant(ConstantOp op) {
  std::string name = getLocName(op.getLoc());
  std::optional<int64_t> t = addTensor(
      op.getResult(), uniqueId(name.empty() ? "const" : name), "weight", op);
  if (!t)
    return;
  std::optional<Object> meta = toMetadata(
      getGraphABI(op->getContext()).getMetadataAttrHelper().getAttr(op));
  checkReserved(meta, kNameKey, op.getLoc(),
                "constant '" + tensors[*t].id + "'");
  // Several constants (and operations) of one node share its name; the tensor
  // id is unique, so the name is kept beside it.
  if (!name.empty() && name != tensors[*t].id) {
    if (!meta)
      meta = Object();
    (*meta)[kNameKey] = name;
  }
  ElementsAttr value = op.getValue();
  if (value.getNumElements() <= options.maxValueElements) {
    if (std::optional<Array> values = getValues(value)) {
      if (!meta)
        meta = Object();
      (*meta)[kValueKey] = std::move(*values);
    }
  }
  if (!meta || !meta->get(kValueKey))
    op->emitWarning() << "xoc: the values of constant '" << tensors[*t].id
                      << "' are not written; it comes back as a weight "
                         "argument";
  tensors[*t].metadata = std::move(meta);
}

void Exporter::exportCustom(CustomOp op, NodeOut &node) {
  std::optional<StringRef> domain = op.getDomain();
  if (domain && *domain != "xoc") {
    fail(op, "a custom operator of domain '" + *domain +
                 "' has no XOC counterpart");
    return;
  }
  node.name = op.getOpType().str();
  if (std::optional<DictionaryAttr> attrs = op.getSourceAttrs()) {
    for (NamedAttribute attr : *attrs) {
      std::optional<llvm::json::Value> v = attributeToJSON(attr.getValue());
      if (!v) {
        fail(op,
             "attribute '" + attr.getName().strref() + "' has no JSON value");
        continue;
      }
      node.attributes.emplace_back(attr.getName().str(), std::move(*v));
    }
  }
}

bool Exporter::isDefault(Operation *op, StringRef name, Attribute attr) {
  auto [it, inserted] = defaults.try_emplace(op->getName(), nullptr);
  if (inserted) {
    Operation *fresh = Operation::create(
        UnknownLoc::get(op->getContext()), op->getName(), TypeRange(),
        ValueRange(), NamedAttrList(), nullptr, BlockRange(), 0);
    it->second = fresh->getAttrDictionary();
    fresh->destroy();
  }
  return it->second.get(name) == attr;
}

/// Whether nngraph attribute `name` of `spec` is written as an input tensor.
static bool isInputAttr(const OpSpec &spec, StringRef name) {
  return llvm::any_of(spec.staticInputs, [&](const StaticInput &si) {
    return si.asInput && si.mlir &&
           (name == si.mlir ||
            (si.kind == AttrKind::OnOff && name == "on_value"));
  });
}

void Exporter::exportTyped(Operation *op, const OpSpec &spec, NodeOut &node) {
  node.name = spec.onnx;
  for (NamedAttribute attr : op->getAttrs()) {
    StringRef name = attr.getName();
    if (name.contains('.') || isInputAttr(spec, name))
      continue;
    if (!llvm::any_of(spec.attrs, [&](const AttrSpec &a) {
          return a.mlir && name == a.mlir;
        }))
      fail(op, "attribute '" + name + "' has no XOC counterpart");
  }
  for (const AttrSpec &as : spec.attrs) {
    if (as.kind == AttrKind::Checked) {
      // Written explicitly: the kernel from the weight, Cast's target type.
      if (StringRef(as.onnx) == "to") {
        Type element = getElementTypeOrSelf(op->getResult(0).getType());
        node.attributes.emplace_back("to", getONNXDataType(element));
        continue;
      }
      auto weight = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
      if (!weight || weight.getRank() < 3 || !weight.hasStaticShape())
        continue;
      Array kernel;
      for (int64_t d : weight.getShape().drop_front(2))
        kernel.push_back(d);
      node.attributes.emplace_back(as.onnx, std::move(kernel));
      continue;
    }
    Attribute attr = op->getAttr(as.mlir);
    if (!attr || isInputAttr(spec, as.mlir) || isDefault(op, as.mlir, attr))
      continue;
    std::optional<llvm::json::Value> v = attrToJSON(as.kind, attr);
    if (!v) {
      fail(op, "attribute '" + StringRef(as.mlir) + "' is not " +
                   describeAttrKind(as.kind));
      continue;
    }
    node.attributes.emplace_back(as.onnx, std::move(*v));
  }
}

void Exporter::addStaticInputs(Operation *op, const OpSpec &spec,
                               NodeOut &node) {
  int last = -1;
  for (auto [i, si] : llvm::enumerate(spec.staticInputs))
    if (si.asInput && si.mlir && op->getAttr(si.mlir))
      last = i;
  for (int i = 0; i <= last; ++i) {
    const StaticInput &si = spec.staticInputs[i];
    Attribute attr = si.asInput && si.mlir ? op->getAttr(si.mlir) : nullptr;
    Array values;
    SmallVector<int64_t> shape;
    bool isInt = si.kind == AttrKind::Int || si.kind == AttrKind::Ints;
    if (si.kind == AttrKind::OnOff) {
      auto off = op->getAttrOfType<FloatAttr>("off_value");
      auto on = op->getAttrOfType<FloatAttr>("on_value");
      values.push_back(shortestFloat(off ? off.getValueAsDouble() : 0.0));
      values.push_back(shortestFloat(on ? on.getValueAsDouble() : 1.0));
      shape.push_back(2);
    } else if (attr) {
      std::optional<llvm::json::Value> v = attrToJSON(si.kind, attr);
      if (!v) {
        fail(op, "attribute '" + StringRef(si.mlir) + "' is not " +
                     describeAttrKind(si.kind));
        continue;
      }
      if (Array *items = v->getAsArray()) {
        shape.push_back(items->size());
        values = std::move(*items);
      } else {
        if (si.kind == AttrKind::Int)
          shape.push_back(1);
        values.push_back(std::move(*v));
      }
    } else {
      shape.push_back(0); // An input left out before a later one.
    }
    TensorOut t;
    t.id = uniqueId(node.id + "." + (si.mlir ? si.mlir : "roi"));
    t.role = "weight";
    t.shape = shape;
    t.dtype = isInt ? "int64" : "float32";
    t.metadata = Object{{kValueKey, std::move(values)}};
    tensors.push_back(std::move(t));
    node.inputs.push_back(tensors.size() - 1);
  }
}

/// Node metadata: the op's `nngraph.metadata` and every discardable
/// attribute outside the graph ABI (another format's, say).
void Exporter::exportMetadata(Operation *op, NodeOut &node) {
  // Everything that is not an ONNX attribute is metadata.
  std::optional<Object> meta = toMetadata(
      getGraphABI(op->getContext()).getMetadataAttrHelper().getAttr(op));
  for (NamedAttribute attr : op->getDiscardableAttrs()) {
    if (isGraphABIAttrName(attr.getName()))
      continue;
    if (std::optional<llvm::json::Value> v = attributeToJSON(attr.getValue())) {
      if (!meta)
        meta = Object();
      putExpanded(*meta, attr.getName(), std::move(*v));
    }
  }
  node.metadata = std::move(meta);
}

/// One tensor per result: named by the op's result names, else the graph
/// output name, else the node id; with the result metadata.
void Exporter::exportResults(Operation *op, NodeOut &node) {
  auto names =
      getGraphABI(op->getContext()).getResultNamesAttrHelper().getAttr(op);
  auto metas =
      getGraphABI(op->getContext()).getResultMetadataAttrHelper().getAttr(op);
  for (OpResult result : op->getResults()) {
    unsigned i = result.getResultNumber();
    std::string id;
    if (names && names.size() == op->getNumResults() &&
        isa<StringAttr>(names[i])) {
      id = cast<StringAttr>(names[i]).str();
      usedIds.try_emplace(id, 1);
    } else if (auto it = returned.find(result); it != returned.end()) {
      id = uniqueId(getOutputName(func, it->second));
    } else {
      id = uniqueId(op->getNumResults() == 1
                        ? node.id
                        : node.id + ":" + std::to_string(i));
    }
    std::optional<int64_t> t = addTensor(
        result, id, returned.count(result) ? "output" : "activation", op);
    if (!t)
      continue;
    node.outputs.push_back(*t);
    if (metas && metas.size() == op->getNumResults())
      if (auto dict = dyn_cast<DictionaryAttr>(metas[i]); dict && !dict.empty())
        tensors[*t].metadata = toMetadata(dict);
  }
}

void Exporter::exportOp(Operation *op) {
  if (auto constant = dyn_cast<ConstantOp>(op))
    return exportConstant(constant);
  NodeOut node;
  node.id = getLocName(op->getLoc());
  if (node.id.empty())
    node.id =
        op->getName().stripDialect().str() + "_" + std::to_string(nodes.size());
  bool complete = true;
  for (Value operand : op->getOperands()) {
    auto it = tensorOf.find(operand);
    if (it == tensorOf.end()) {
      // A value that could not be written was reported where it was made.
      if (!unwritten.contains(operand))
        fail(op, "an operand is not a tensor of the graph");
      complete = false;
      continue;
    }
    node.inputs.push_back(it->second);
  }
  if (!complete) {
    for (Value result : op->getResults())
      unwritten.insert(result);
    // Still check the operation itself, so that every problem is reported.
    if (auto custom = dyn_cast<CustomOp>(op)) {
      exportCustom(custom, node);
    } else if (const OpSpec *spec = lookupSpecFor(op)) {
      exportTyped(op, *spec, node);
    } else {
      fail(op, "the operation has no XOC counterpart");
    }
    return;
  }
  if (auto custom = dyn_cast<CustomOp>(op)) {
    exportCustom(custom, node);
  } else if (const OpSpec *spec = lookupSpecFor(op)) {
    exportTyped(op, *spec, node);
    addStaticInputs(op, *spec, node);
  } else {
    fail(op, "the operation has no XOC counterpart");
    for (Value result : op->getResults())
      unwritten.insert(result);
    return;
  }
  exportMetadata(op, node);
  exportResults(op, node);
  nodes.push_back(std::move(node));
}

LogicalResult Exporter::run() {
  if (!func.getBody().hasOneBlock()) {
    fail(func, "a graph function has exactly one block");
    return failure();
  }
  checkReserved(toMetadata(getGraphABI(module.getContext())
                               .getMetadataAttrHelper()
                               .getAttr(module)),
                kOutputNamesKey, module.getLoc(), "the graph");
  Block &body = func.getBody().front();
  Operation *ret = body.getTerminator();
  for (auto [i, v] : llvm::enumerate(ret->getOperands()))
    returned.try_emplace(v, i);
  for (BlockArgument arg : body.getArguments()) {
    unsigned i = arg.getArgNumber();
    std::string name = getInputName(func, i);
    bool weight = isWeight(func, i);
    std::optional<int64_t> t =
        addTensor(arg, uniqueId(name), weight ? "weight" : "input", nullptr);
    if (!t)
      continue;
    std::optional<Object> meta = toMetadata(getInputMetadata(func, i));
    checkReserved(meta, kNameKey, arg.getLoc(),
                  "graph input '" + tensors[*t].id + "'");
    if (name != tensors[*t].id) {
      if (!meta)
        meta = Object();
      (*meta)[kNameKey] = name;
    }
    tensors[*t].metadata = std::move(meta);
    if (!weight)
      inputs.push_back(*t);
  }
  for (Operation &op : body.without_terminator())
    exportOp(&op);
  for (auto [i, v] : llvm::enumerate(ret->getOperands())) {
    auto it = tensorOf.find(v);
    if (it == tensorOf.end())
      continue;
    outputs.push_back(it->second);
    std::string name = getOutputName(func, i);
    outputNames.push_back(name);
    renamedOutputs |= name != tensors[it->second].id;
  }
  return failure(failed);
}

void Exporter::write(llvm::raw_ostream &os) {
  auto str = [&](StringRef attr) -> std::string {
    if (auto s = module->getAttrOfType<StringAttr>(attr))
      return s.str();
    return "";
  };
  std::string id = str(NNGraphDialect::GraphIdAttrHelper::getNameStr()),
              name = str(NNGraphDialect::GraphNameAttrHelper::getNameStr());
  std::string fallback = module.getSymName() ? module.getSymName()->str()
                                             : func.getSymName().str();
  if (id.empty())
    id = name.empty() ? fallback : name;
  if (name.empty())
    name = id;
  std::optional<Object> meta = toMetadata(
      getGraphABI(module.getContext()).getMetadataAttrHelper().getAttr(module));
  if (renamedOutputs) {
    if (!meta)
      meta = Object();
    Array names;
    for (const std::string &n : outputNames)
      names.push_back(n);
    (*meta)[kOutputNamesKey] = std::move(names);
  }
  llvm::json::OStream j(os, 2);
  auto ints = [&](StringRef key, ArrayRef<int64_t> values) {
    j.attributeArray(key, [&] {
      for (int64_t v : values)
        j.value(v);
    });
  };
  j.object([&] {
    j.attribute("id", id);
    j.attribute("name", name);
    j.attributeArray("tensors", [&] {
      for (TensorOut &t : tensors)
        j.object([&] {
          j.attribute("id", t.id);
          j.attribute("name", t.role);
          ints("shape", t.shape);
          j.attribute("dtype", t.dtype);
          if (t.metadata)
            j.attribute("metadata", llvm::json::Value(std::move(*t.metadata)));
        });
    });
    j.attributeArray("operators", [&] {
      for (NodeOut &n : nodes)
        j.object([&] {
          j.attribute("id", n.id);
          j.attribute("name", n.name);
          ints("inputs", n.inputs);
          ints("outputs", n.outputs);
          j.attributeObject("attributes", [&] {
            for (auto &[key, value] : n.attributes)
              j.attribute(key, value);
          });
          if (n.metadata)
            j.attribute("metadata", llvm::json::Value(std::move(*n.metadata)));
        });
    });
    ints("inputs", inputs);
    ints("outputs", outputs);
    j.attribute("metadata",
                llvm::json::Value(meta ? std::move(*meta) : Object()));
  });
  os << "\n";
}

LogicalResult xoc::exportXOCGraph(ModuleOp module, llvm::raw_ostream &os,
                                  const ExportOptions &options) {
  func::FuncOp func = getGraphFunction(module, "xoc");
  if (!func)
    return failure();
  Exporter exporter(module, func, options);
  if (failed(exporter.run()))
    return failure();
  exporter.write(os);
  return success();
}
