//===- NNVMExport.cpp - export NNVM / MXNet / TVM graph JSON ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the exporter of the NNVM graph JSON family. The
// operations of the function are written in order, one node each, by the
// operator table that the importer reads too (NNVMOps.h); graph inputs and
// weights are written first, as variable nodes, so that the importer
// rebuilds the same function. Weights go to a .params file
// of the flavour. Node names come from the operations' NameLoc locations.
// Every operation the flavour cannot express is reported before anything is
// written.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/NNVM/NNVMExport.h"
#include "NNVMExportInternal.h"
#include "NNVMOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/NNVM/Params.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

std::optional<Flavor> nnvm::parseFlavor(StringRef name) {
  return llvm::StringSwitch<std::optional<Flavor>>(name)
      .Case("mxnet", Flavor::MXNet)
      .Case("nnvm", Flavor::NNVM)
      .Case("tvm", Flavor::TVM)
      .Case("tvm-graph", Flavor::TVM)
      .Default(std::nullopt);
}

static StringRef getFormatName(Flavor flavor) {
  switch (flavor) {
  case Flavor::MXNet:
    return "mxnet";
  case Flavor::NNVM:
    return "nnvm";
  case Flavor::TVM:
    return "tvm-graph";
  }
  return "nnvm";
}

static bool isAuxiliary(Value v);

namespace {
/// A source operator that produces a constant (`_full`, `_arange`).
struct ConstantOperator {
  std::string op;
  std::vector<std::pair<std::string, std::string>> attrs;
};
} // namespace

static std::optional<ConstantOperator> getConstantOperator(ConstantOp op,
                                                           Flavor flavor);

namespace {

/// A node of the graph being written.
struct OutNode {
  std::string op;
  std::string name;
  std::vector<std::pair<std::string, std::string>> attrs;
  std::vector<Entry> inputs;
  /// Per output: type, storage id and device index (TVM), -1 when unknown.
  SmallVector<Type> outputTypes;
  SmallVector<int64_t> storageIds;
  SmallVector<int64_t> deviceIndex;
  /// The node's `subgraphs` array as JSON text, or empty.
  std::string subgraphsJSON;
};

class Exporter {
public:
  Exporter(func::FuncOp func, Flavor flavor, const ExportOptions &options)
      : func(func), flavor(flavor), options(options),
        format(getFormatName(flavor)) {}

  LogicalResult run(llvm::raw_ostream &os);

private:
  void error(Operation *op, const llvm::Twine &message);
  std::string nodeName(Operation *op);
  /// The entry that holds `v`, writing its variable node first if needed.
  std::optional<Entry> getEntry(Value v, bool aux);
  Entry addVariable(StringRef name, Type type, int64_t storageId,
                    int64_t deviceIndex);
  std::string uniqueVariableName(StringRef name);
  std::optional<Entry> addConstant(ConstantOp op, bool aux);
  /// True if the only reader of `op` folds it into its own attributes.
  bool isFoldedIntoUser(ConstantOp op);
  /// Adds weight `name` to the params file; `payload` holds only the data
  /// (and its owner).
  void addParam(StringRef name, RankedTensorType type, ParamTensor payload,
                bool aux, Operation *op);
  void exportOp(Operation *op);
  void exportCustom(CustomOp op);
  void exportKernelCall(KernelCallOp op);
  /// Appends `node` for `op`, reading `inputs` (`preset` gives the entries
  /// of positions that have no value).
  void addNode(Operation *op, OutNode node, ArrayRef<Value> inputs,
               ArrayRef<unsigned> auxInputs,
               const llvm::SmallDenseMap<unsigned, Entry> *preset = nullptr);
  LogicalResult checkTVMEntries();
  void write(llvm::raw_ostream &os);
  void writeGraphAttrs(llvm::json::OStream &j);
  /// Keeps the graph's output names when they differ from MXNet's.
  void recordOutputNames();
  LogicalResult writeParamsFile();

  func::FuncOp func;
  Flavor flavor;
  const ExportOptions &options;
  std::string format;
  std::vector<OutNode> nodes;
  std::vector<int64_t> argNodes;
  std::vector<Entry> heads;
  llvm::DenseMap<Value, Entry> entries;
  llvm::StringSet<> variableNames;
  ParamsFile params;
  unsigned numWeights = 0;
  unsigned numErrors = 0;
  unsigned unnamed = 0;
  std::optional<int64_t> mxnetVersion;
  bool hasDeviceIndex = false;
  std::vector<std::string> customOutputNames;
};

} // namespace

void Exporter::error(Operation *op, const llvm::Twine &message) {
  ++numErrors;
  op->emitError() << format << ": " << message.str();
}

std::string Exporter::nodeName(Operation *op) {
  std::string name = getLocName(op->getLoc());
  if (name.empty())
    name = op->getName().stripDialect().str() + std::to_string(unnamed++);
  return name;
}

std::string Exporter::uniqueVariableName(StringRef name) {
  std::string candidate = name.str();
  for (unsigned i = 1; !variableNames.insert(candidate).second; ++i)
    candidate = (name + "_" + llvm::Twine(i)).str();
  return candidate;
}

Entry Exporter::addVariable(StringRef name, Type type, int64_t storageId,
                            int64_t deviceIndex) {
  OutNode node;
  node.op = "null";
  node.name = name.str();
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (ranked && flavor != Flavor::TVM) {
    // MXNet's shape hints: 0 stands for an unknown size.
    SmallVector<int64_t> dims;
    for (int64_t d : ranked.getShape())
      dims.push_back(ShapedType::isDynamic(d) ? 0 : d);
    node.attrs.emplace_back("__shape__", formatTuple(dims));
    std::optional<int> code = getMXDTypeCode(ranked.getElementType());
    if (code && *code != 0)
      node.attrs.emplace_back("__dtype__", std::to_string(*code));
  }
  node.outputTypes.push_back(type);
  node.storageIds.push_back(storageId);
  node.deviceIndex.push_back(deviceIndex);
  argNodes.push_back(nodes.size());
  nodes.push_back(std::move(node));
  return Entry{static_cast<int64_t>(nodes.size() - 1), 0, 0};
}

static int64_t getIntAttr(DictionaryAttr attrs, StringRef name) {
  if (attrs)
    if (auto v = attrs.getAs<IntegerAttr>(name))
      return v.getInt();
  return -1;
}

std::optional<Entry> Exporter::getEntry(Value v, bool aux) {
  auto it = entries.find(v);
  if (it != entries.end())
    return it->second;
  std::optional<Entry> entry;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    DictionaryAttr attrs = func.getArgAttrDict(arg.getArgNumber());
    std::string name = getInputName(func, arg.getArgNumber());
    entry = addVariable(
        uniqueVariableName(name), v.getType(),
        getIntAttr(attrs, NNGraphDialect::StorageIdAttrHelper::getNameStr()),
        getIntAttr(attrs, NNGraphDialect::DeviceIndexAttrHelper::getNameStr()));
  } else if (auto cst = v.getDefiningOp<ConstantOp>()) {
    entry = addConstant(cst, aux);
  } else {
    error(v.getDefiningOp() ? v.getDefiningOp() : func.getOperation(),
          "value is used before it is defined");
  }
  if (entry)
    entries[v] = *entry;
  return entry;
}

void Exporter::addParam(StringRef name, RankedTensorType type,
                        ParamTensor payload, bool aux, Operation *op) {
  ++numWeights;
  if (options.paramsPath.empty())
    return;
  std::optional<ParamDType> dtype =
      parseDTypeName(getDTypeName(type.getElementType()));
  if (!dtype || !type.hasStaticShape()) {
    error(op, "weight '" + name + "' has no .params form (type " +
                  llvm::Twine(getDTypeName(type.getElementType())) + ")");
    return;
  }
  // A blob of the wrong size (MLIR text is user input too) would write a
  // file that no reader accepts.
  uint64_t expected = type.getNumElements() * getDTypeSize(*dtype);
  if (payload.data.size() != expected) {
    error(op, "weight '" + name + "' has " + llvm::Twine(payload.data.size()) +
                  " bytes of data, expected " + llvm::Twine(expected) +
                  " for its type");
    return;
  }
  ParamTensor &tensor = params.tensors.emplace_back(std::move(payload));
  tensor.name = flavor == Flavor::TVM ? name.str()
                                      : ((aux ? "aux:" : "arg:") + name).str();
  tensor.dtype = *dtype;
  tensor.shape.assign(type.getShape().begin(), type.getShape().end());
}

/// BatchNorm statistics are MXNet auxiliary states (`aux:` in .params).
static bool isAuxiliary(Value v) {
  for (OpOperand &use : v.getUses())
    if (isa<BatchNormOp>(use.getOwner()) && use.getOperandNumber() >= 3)
      return true;
  return false;
}

/// The MXNet operator that produces constant `op`, if any: `_full` for a
/// splat, `_arange` for a 1-D arithmetic progression (each value possibly
/// repeated) that `_arange` reproduces exactly.
static std::optional<ConstantOperator> getConstantOperator(ConstantOp op,
                                                           Flavor flavor) {
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  RankedTensorType type = op.getType();
  Type element = type.getElementType();
  std::string dtype = getDTypeName(element);
  if (!dense || flavor == Flavor::TVM || element.isInteger(1) ||
      dtype.empty() || dtype == "bfloat16")
    return std::nullopt;
  bool isFloat = isa<FloatType>(element);
  auto format = [&](double v) {
    return isFloat ? formatFloat(v, !element.isF64())
                   : std::to_string(static_cast<int64_t>(v));
  };
  if (dense.isSplat()) {
    double value =
        isFloat
            ? dense.getSplatValue<APFloat>().convertToDouble()
            : static_cast<double>(dense.getSplatValue<APInt>().getSExtValue());
    return ConstantOperator{"_full",
                            {{"shape", formatTuple(type.getShape())},
                             {"value", format(value)},
                             {"dtype", dtype}}};
  }
  if (type.getRank() != 1 || type.getNumElements() < 2)
    return std::nullopt;
  SmallVector<double> values;
  if (isFloat)
    for (APFloat v : dense.getValues<APFloat>())
      values.push_back(v.convertToDouble());
  else
    for (APInt v : dense.getValues<APInt>())
      values.push_back(static_cast<double>(v.getSExtValue()));
  int64_t repeat = 1;
  while (repeat < static_cast<int64_t>(values.size()) &&
         values[repeat] == values[0])
    ++repeat;
  if (values.size() % repeat || values.size() / repeat < 2)
    return std::nullopt;
  int64_t count = values.size() / repeat;
  double start = values[0], step = values[repeat] - values[0];
  // Exact: the importer computes start + i * step in double, then converts.
  for (int64_t i = 0; i < count; ++i)
    for (int64_t r = 0; r < repeat; ++r) {
      double v = start + i * step;
      double stored = values[i * repeat + r];
      bool same =
          isFloat ? (element.isF64()
                         ? v == stored
                         : static_cast<float>(v) == static_cast<float>(stored))
                  : static_cast<int64_t>(v) == static_cast<int64_t>(stored);
      if (!same)
        return std::nullopt;
    }
  // stop half a step before the next value: ceil((stop - start) / step) is
  // `count` whatever the rounding.
  double stop = start + (count - 0.5) * step;
  return ConstantOperator{"_arange",
                          {{"start", format(start)},
                           {"stop", formatFloat(stop, /*isF32=*/false)},
                           {"step", format(step)},
                           {"repeat", std::to_string(repeat)},
                           {"dtype", dtype}}};
}

bool Exporter::isFoldedIntoUser(ConstantOp op) {
  Value v = op.getResult();
  if (!v.hasOneUse())
    return false;
  Operation *user = *v.getUsers().begin();
  const OpRow *row = lookupNNGraphOp(user->getName().getStringRef());
  ExportContext ctx{user, flavor};
  if (!row || !exportOperator(ctx, *row))
    return false;
  return !llvm::is_contained(ctx.inputs, v);
}

std::optional<Entry> Exporter::addConstant(ConstantOp op, bool aux) {
  auto type = cast<RankedTensorType>(op.getType());
  if (std::optional<ConstantOperator> produced =
          getConstantOperator(op, flavor)) {
    OutNode node;
    node.op = produced->op;
    node.name = nodeName(op);
    node.attrs = std::move(produced->attrs);
    node.outputTypes.push_back(type);
    node.storageIds.push_back(-1);
    node.deviceIndex.push_back(-1);
    nodes.push_back(std::move(node));
    return Entry{static_cast<int64_t>(nodes.size() - 1), 0, 0};
  }
  // Anything else is a weight: a variable, its data in the params file. A
  // resource blob is written from where it lies (a mapped file, say): the
  // module outlives the writing, so the tensor needs no owner.
  ParamTensor payload;
  AsmResourceBlob *blob = nullptr;
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(op.getValue()))
    blob = resource.getRawHandle().getBlob();
  if (blob) {
    payload.data = blob->getData();
  } else if (std::optional<std::vector<char>> data =
                 getRawData(op.getValue())) {
    payload.setData(std::move(*data));
  } else {
    error(op, "constant has no readable data");
    return std::nullopt;
  }
  std::string name = getLocName(op.getLoc());
  if (name.empty())
    name = "const" + std::to_string(unnamed++);
  name = uniqueVariableName(name);
  addParam(name, type, std::move(payload), aux, op);
  DictionaryAttr attrs = op->getDiscardableAttrDictionary();
  return addVariable(
      name, type,
      getIntAttr(attrs, NNGraphDialect::StorageIdAttrHelper::getNameStr()),
      getIntAttr(attrs, NNGraphDialect::DeviceIndexAttrHelper::getNameStr()));
}

void Exporter::addNode(Operation *op, OutNode node, ArrayRef<Value> inputs,
                       ArrayRef<unsigned> auxInputs,
                       const llvm::SmallDenseMap<unsigned, Entry> *preset) {
  bool ok = true;
  for (auto [i, v] : llvm::enumerate(inputs)) {
    if (auto it = preset ? preset->find(i) : decltype(preset->end())();
        preset && it != preset->end()) {
      node.inputs.push_back(it->second);
      continue;
    }
    std::optional<Entry> e =
        getEntry(v, llvm::is_contained(auxInputs, static_cast<unsigned>(i)));
    if (!e) {
      ok = false;
      continue;
    }
    node.inputs.push_back(*e);
  }
  if (!ok)
    return;
  if (node.outputTypes.empty())
    node.outputTypes.assign(op->result_type_begin(), op->result_type_end());
  node.storageIds.resize(node.outputTypes.size(), -1);
  node.deviceIndex.resize(node.outputTypes.size(), -1);
  int64_t id = nodes.size();
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    entries[result] = Entry{id, static_cast<int64_t>(i), 0};
  nodes.push_back(std::move(node));
}

void Exporter::exportCustom(CustomOp op) {
  StringRef domain = op.getDomain() ? *op.getDomain() : "";
  if (!domain.empty() && domain != "mxnet" && domain != "nnvm") {
    error(op, "cannot export custom operator '" + op.getOpType() +
                  "' of format '" + domain + "' (node '" + nodeName(op) +
                  "'): it is not an MXNet/NNVM operator");
    return;
  }
  if (flavor == Flavor::TVM) {
    error(op, "cannot export custom operator '" + op.getOpType() + "' (node '" +
                  nodeName(op) +
                  "'): TVM graph-executor JSON only calls kernels (tvm_op)");
    return;
  }
  OutNode node;
  node.op = op.getOpType().str();
  node.name = nodeName(op);
  if (DictionaryAttr attrs = op.getSourceAttrsAttr())
    for (NamedAttribute attr : attrs) {
      std::string text;
      auto s = dyn_cast<StringAttr>(attr.getValue());
      if (s && attr.getName() == kSubgraphsAttr) {
        node.subgraphsJSON = s.str();
        continue;
      }
      if (s) {
        text = s.str();
      } else {
        llvm::raw_string_ostream os(text);
        attr.getValue().print(os);
      }
      node.attrs.emplace_back(attr.getName().str(), text);
    }
  SmallVector<Value> inputs(op.getInputs());
  addNode(op, std::move(node), inputs, {}, nullptr);
}

void Exporter::exportKernelCall(KernelCallOp op) {
  if (flavor != Flavor::TVM) {
    error(op, "cannot export kernel call '" + op.getFuncName() + "' (node '" +
                  nodeName(op) + "') as " + format +
                  ": only TVM graph-executor JSON calls kernels");
    return;
  }
  OutNode node;
  node.op = "tvm_op";
  node.name = nodeName(op);
  node.attrs = {{"func_name", op.getFuncName().str()},
                {"num_inputs", std::to_string(op.getNumInputs())},
                {"num_outputs", std::to_string(op.getNumOutputs())},
                {"flatten_data", op.getFlattenData() ? "1" : "0"}};
  if (DictionaryAttr extra = op.getExtraAttrsAttr())
    for (NamedAttribute attr : extra)
      if (auto s = dyn_cast<StringAttr>(attr.getValue()))
        node.attrs.emplace_back(attr.getName().str(), s.str());
  node.outputTypes.assign(op->result_type_begin(), op->result_type_end());
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    node.storageIds.push_back(op.getStorageIds() ? (*op.getStorageIds())[i]
                                                 : -1);
    node.deviceIndex.push_back(op.getDeviceIndex() ? (*op.getDeviceIndex())[i]
                                                   : -1);
  }
  SmallVector<Value> inputs(op.getInputs());
  addNode(op, std::move(node), inputs, {}, nullptr);
}

void Exporter::exportOp(Operation *op) {
  if (auto custom = dyn_cast<CustomOp>(op))
    return exportCustom(custom);
  if (auto call = dyn_cast<KernelCallOp>(op))
    return exportKernelCall(call);
  const OpRow *row = lookupNNGraphOp(op->getName().getStringRef());
  if (!row) {
    error(op, "cannot export '" + op->getName().getStringRef() + "' (node '" +
                  nodeName(op) + "'): no " + format + " operator");
    return;
  }
  if (flavor == Flavor::TVM) {
    error(op, "cannot export '" + op->getName().getStringRef() + "' (node '" +
                  nodeName(op) +
                  "'): TVM graph-executor JSON only calls compiled kernels "
                  "(tvm_op); compile the model with TVM first");
    return;
  }
  ExportContext ctx{op, flavor};
  if (!exportOperator(ctx, *row)) {
    error(op, "cannot export '" + op->getName().getStringRef() + "' (node '" +
                  nodeName(op) + "'): " + ctx.failure);
    return;
  }
  OutNode node;
  node.op = ctx.opName;
  node.name = nodeName(op);
  node.attrs = std::move(ctx.attrs);
  // Synthesized variables (BatchNorm's fixed gamma) are written first.
  llvm::SmallDenseMap<unsigned, Entry> preset;
  for (const ExportContext::ExtraVariable &extra : ctx.extraVariables) {
    auto type =
        dyn_cast<RankedTensorType>(op->getOperand(extra.position).getType());
    std::string name = uniqueVariableName(node.name + "_gamma");
    if (type && type.hasStaticShape() && type.getElementType().isF32() &&
        !options.paramsPath.empty()) {
      std::vector<char> data;
      float value = extra.fill;
      for (int64_t i = 0; i < type.getNumElements(); ++i)
        data.insert(data.end(), reinterpret_cast<const char *>(&value),
                    reinterpret_cast<const char *>(&value) + sizeof(float));
      ParamTensor payload;
      payload.setData(std::move(data));
      addParam(name, type, std::move(payload), /*aux=*/false, op);
    }
    preset[extra.position] =
        addVariable(name, op->getOperand(extra.position).getType(), -1, -1);
  }
  addNode(op, std::move(node), ctx.inputs, ctx.auxInputs, &preset);
}

void Exporter::write(llvm::raw_ostream &os) {
  llvm::json::OStream j(os, /*IndentSize=*/2);
  auto writeAttrs = [&](const OutNode &node) {
    if (node.attrs.empty())
      return;
    j.attributeObject("attrs", [&] {
      for (const auto &[key, value] : node.attrs)
        j.attribute(key, value);
    });
  };
  auto writeEntry = [&](const Entry &e) {
    j.array([&] {
      j.value(e.node);
      j.value(e.index);
      j.value(e.version);
    });
  };
  j.object([&] {
    j.attributeArray("nodes", [&] {
      for (const OutNode &node : nodes)
        j.object([&] {
          j.attribute("op", node.op);
          j.attribute("name", node.name);
          writeAttrs(node);
          j.attributeArray("inputs", [&] {
            for (const Entry &e : node.inputs)
              writeEntry(e);
          });
          // Kept as the importer read it (checked there).
          if (node.subgraphsJSON.empty())
            return;
          if (llvm::Expected<llvm::json::Value> subgraphs =
                  llvm::json::parse(node.subgraphsJSON))
            j.attribute("subgraphs", *subgraphs);
          else
            llvm::consumeError(subgraphs.takeError());
        });
    });
    j.attributeArray("arg_nodes", [&] {
      for (int64_t id : argNodes)
        j.value(id);
    });
    j.attributeArray("node_row_ptr", [&] {
      int64_t row = 0;
      j.value(row);
      for (const OutNode &node : nodes)
        j.value(row += node.outputTypes.size());
    });
    j.attributeArray("heads", [&] {
      for (const Entry &e : heads)
        writeEntry(e);
    });
    j.attributeObject("attrs", [&] { writeGraphAttrs(j); });
  });
  os << "\n";
}

void Exporter::recordOutputNames() {
  SmallVector<std::string> names;
  bool conventional = true;
  for (auto [i, head] : llvm::enumerate(heads)) {
    const OutNode &node = nodes[head.node];
    std::string expected =
        getMXNetOutputName(node.op, node.name, head.index,
                           node.op != "null" && node.outputTypes.size() > 1);
    names.push_back(getOutputName(func, i));
    conventional &= names.back() == expected;
  }
  if (!conventional)
    customOutputNames.assign(names.begin(), names.end());
}

void Exporter::writeGraphAttrs(llvm::json::OStream &j) {
  // Output names other than MXNet's "<node>_output[<i>]" (from another
  // format) ride along in an extension attribute that MXNet ignores.
  if (!customOutputNames.empty())
    j.attributeArray(kOutputNamesKey, [&] {
      j.value("list_str");
      j.array([&] {
        for (const std::string &name : customOutputNames)
          j.value(name);
      });
    });
  if (flavor == Flavor::MXNet) {
    if (mxnetVersion)
      j.attributeArray("mxnet_version", [&] {
        j.value("int");
        j.value(*mxnetVersion);
      });
    return;
  }
  if (flavor != Flavor::TVM)
    return;
  // TVM: one item per entry, in node order.
  auto tagged = [&](StringRef key, StringRef tag, auto &&items) {
    j.attributeArray(key, [&] {
      j.value(tag);
      j.array(items);
    });
  };
  tagged("dltype", "list_str", [&] {
    for (const OutNode &node : nodes)
      for (Type t : node.outputTypes)
        j.value(getDTypeName(getElementTypeOrSelf(t)));
  });
  tagged("shape", "list_shape", [&] {
    for (const OutNode &node : nodes)
      for (Type t : node.outputTypes)
        j.array([&] {
          for (int64_t d : cast<RankedTensorType>(t).getShape())
            j.value(d);
        });
  });
  tagged("storage_id", "list_int", [&] {
    for (const OutNode &node : nodes)
      for (int64_t id : node.storageIds)
        j.value(id);
  });
  if (hasDeviceIndex)
    tagged("device_index", "list_int", [&] {
      for (const OutNode &node : nodes)
        for (int64_t d : node.deviceIndex)
          j.value(d);
    });
}

/// TVM needs a static shape, a dtype and a storage id for every entry; a
/// missing storage id gets a fresh one.
LogicalResult Exporter::checkTVMEntries() {
  int64_t next = 0;
  for (const OutNode &node : nodes)
    for (int64_t id : node.storageIds)
      next = std::max(next, id + 1);
  for (OutNode &node : nodes) {
    for (auto [i, t] : llvm::enumerate(node.outputTypes)) {
      auto ranked = dyn_cast_or_null<RankedTensorType>(t);
      if (!ranked || !ranked.hasStaticShape() ||
          getDTypeName(ranked.getElementType()).empty()) {
        ++numErrors;
        emitError(func.getLoc())
            << format << ": output " << i << " of node '" << node.name
            << "' needs a static shape and a TVM dtype, got " << t;
      }
      if (node.storageIds[i] < 0)
        node.storageIds[i] = next++;
      hasDeviceIndex |= node.deviceIndex[i] >= 0;
    }
  }
  return success(numErrors == 0);
}

LogicalResult Exporter::writeParamsFile() {
  if (options.paramsPath.empty()) {
    if (numWeights)
      emitWarning(func.getLoc())
          << format << ": " << numWeights
          << " weight(s) not written; give --export-params FILE to write them";
    return success();
  }
  params.flavor =
      flavor == Flavor::TVM ? ParamsFlavor::TVM : ParamsFlavor::MXNet;
  std::error_code ec;
  llvm::raw_fd_ostream os(options.paramsPath, ec, llvm::sys::fs::OF_None);
  if (ec) {
    emitError(func.getLoc()) << format << ": cannot write params file '"
                             << options.paramsPath << "': " << ec.message();
    return failure();
  }
  writeParams(params, os);
  return success();
}

LogicalResult Exporter::run(llvm::raw_ostream &os) {
  if (!func.getBody().hasOneBlock()) {
    emitError(func.getLoc()) << format << ": expected a function of one block";
    return failure();
  }
  if (auto module = func->getParentOfType<ModuleOp>())
    if (std::optional<int64_t> version = getMXNetVersion(module))
      mxnetVersion = *version;
  // Other formats' metadata on operations has no place in NNVM JSON; the
  // TVM storage plan of weights is written.
  warnUnwrittenAttributes(
      func, format,
      {NNGraphDialect::StorageIdAttrHelper::getNameStr(),
       NNGraphDialect::DeviceIndexAttrHelper::getNameStr()});
  // Graph inputs, then weights, come first and in order: the importer orders
  // function arguments and weights by their place in the file.
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments())
    (void)getEntry(arg, /*aux=*/false);
  for (ConstantOp cst : body.getOps<ConstantOp>())
    if (!getConstantOperator(cst, flavor) && !cst->use_empty())
      (void)getEntry(cst.getResult(), isAuxiliary(cst.getResult()));
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        if (std::optional<Entry> e = getEntry(v, false))
          heads.push_back(*e);
      recordOutputNames();
      continue;
    }
    if (auto cst = dyn_cast<ConstantOp>(op)) {
      // `_full` and `_arange` stand where the constant stands (as the
      // importer put it); weights were written first; a scalar folded into
      // its reader's attributes is not written.
      if (getConstantOperator(cst, flavor) && !isFoldedIntoUser(cst))
        (void)getEntry(cst.getResult(), /*aux=*/false);
      continue;
    }
    if (op.getDialect() && op.getDialect()->getNamespace() != "nngraph") {
      // Structured control flow (and the scalar it branches on) has no
      // counterpart in a dataflow graph of operators.
      StringRef why = op.getNumRegions() || isa<tensor::ExtractOp>(op)
                          ? "NNVM graphs have no control flow"
                          : "not an nngraph operation";
      error(&op, "cannot export '" + op.getName().getStringRef() + "' (node '" +
                     nodeName(&op) + "'): " + why);
      continue;
    }
    exportOp(&op);
  }
  if (flavor == Flavor::TVM)
    (void)checkTVMEntries();
  if (numErrors)
    return failure();
  if (failed(writeParamsFile()))
    return failure();
  write(os);
  return success();
}

LogicalResult nnvm::exportNNVMGraph(ModuleOp module, llvm::raw_ostream &os,
                                    const ExportOptions &options) {
  std::optional<Flavor> flavor = options.flavor;
  if (!flavor)
    if (StringRef source = getSourceFormat(module); !source.empty())
      flavor = parseFlavor(source);
  if (!flavor)
    flavor = Flavor::MXNet;
  func::FuncOp func = getGraphFunction(module, getFormatName(*flavor));
  if (!func)
    return failure();
  Exporter exporter(func, *flavor, options);
  return exporter.run(os);
}
