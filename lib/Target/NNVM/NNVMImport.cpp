//===- NNVMImport.cpp - import NNVM / MXNet / TVM graph JSON ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the importer of the NNVM graph JSON family. Nodes are
// visited in file order (definitions precede uses); each operator name maps
// to its rows of the operator table (NNVMOps.h), which the exporter reads
// too. Variables become values lazily, at their first use, when the
// consumer knows what shape it expects (a Convolution knows its weight is
// num_filter x C/group x kernel). Unknown operators become `nngraph.custom`.
// Every problem is reported with the JSON path and the node name, and the
// import goes on so that one run reports them all.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/NNVM/NNVMImport.h"
#include "NNVMImportInternal.h"
#include "NNVMOps.h"
#include "nngraph/Dialect/NNGraph/Utils/CustomRetype.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/NNVM/Params.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <thread>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

//===----------------------------------------------------------------------===//
// Importer
//===----------------------------------------------------------------------===//

void Importer::ignoreVariable(const Entry &entry) {
  const Node &producer = graph.nodes[entry.node];
  if (!producer.isVariable())
    return;
  auto it = paramIndex.find(producer.name);
  if (it != paramIndex.end())
    usedParams.insert(it->second);
}

Importer::Importer(GraphBuilder &gb, Graph &graph, const ImportOptions &options)
    : gb(gb), graph(graph), options(options), flavor(graph.getFlavor()),
      ownNextValueKeyBase(graph.nodes.size()) {}

StringRef Importer::getFormatName(Flavor flavor) {
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

Type nnvm::getNNVMElementType(MLIRContext *ctx, StringRef name) {
  // nngraph's arithmetic takes signless integers: MXNet's and TVM's uint8
  // data are signless bytes in the graph.
  Type t = getDTypeElementType(ctx, name);
  return t && t.isUnsignedInteger(8) ? IntegerType::get(ctx, 8) : t;
}

/// Element type of an MXNet `__dtype__` code (mshadow::TypeFlag).
static Type getElementTypeForMXDTypeCode(MLIRContext *ctx, int64_t code) {
  std::optional<ParamDType> dtype = getDTypeForMXNetTypeFlag(code);
  return dtype ? getNNVMElementType(ctx, getDTypeName(*dtype)) : nullptr;
}

/// The command-line spelling of an input shape ("data=1x3x?x8xf16"), as its
/// messages quote it.
static std::string getShapeSpec(StringRef name, const InputShape &shape) {
  std::string spec = name.str() + "=";
  for (auto [i, d] : llvm::enumerate(shape.dims))
    spec += (i ? "x" : "") +
            (ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d));
  if (!shape.dtype.empty())
    spec += "x" + shape.dtype;
  return spec;
}

LogicalResult Importer::parseInputShapes() {
  for (const auto &[name, shape] : options.inputShapes) {
    Type element = gb.getBuilder().getF32Type();
    if (!shape.dtype.empty()) {
      StringRef d = shape.dtype;
      element = getNNVMElementType(gb.getContext(), d == "f32"   ? "float32"
                                                    : d == "f16" ? "float16"
                                                    : d == "i64" ? "int64"
                                                    : d == "i32" ? "int32"
                                                                 : d);
    }
    bool validDims =
        !shape.dims.empty() && llvm::all_of(shape.dims, [](int64_t d) {
          return d >= 0 || ShapedType::isDynamic(d);
        });
    if (!element || !validDims) {
      gb.emitFileError("invalid --input-shape '" + getShapeSpec(name, shape) +
                       "' (expected name=1x3x224x224, optionally with a "
                       "trailing element type such as xf16)");
      continue;
    }
    if (std::optional<std::string> tooMany = checkElementCount(shape.dims)) {
      gb.emitFileError("invalid --input-shape '" + getShapeSpec(name, shape) +
                       "': " + *tooMany);
      continue;
    }
    inputShapes[name] = RankedTensorType::get(shape.dims, element);
  }
  return success(gb.getNumErrors() == 0);
}

LogicalResult Importer::loadParams() {
  if (options.paramsPath.empty())
    return success();
  // Mapped, not read (no null terminator, not volatile): the weight
  // constants are views of the mapping, which their blobs keep alive, so no
  // weight is held in memory twice.
  auto buffer = llvm::MemoryBuffer::getFile(
      options.paramsPath, /*IsText=*/false, /*RequiresNullTerminator=*/false,
      /*IsVolatile=*/false);
  if (!buffer) {
    gb.emitFileError("cannot read params file '" + options.paramsPath +
                     "': " + buffer.getError().message());
    return failure();
  }
  llvm::Expected<ParamsFile> file =
      readParams(std::shared_ptr<const llvm::MemoryBuffer>(std::move(*buffer)));
  if (!file) {
    gb.emitFileError("in '" + options.paramsPath +
                     "': " + llvm::toString(file.takeError()));
    return failure();
  }
  params = std::move(*file);
  for (auto [i, tensor] : llvm::enumerate(params->tensors))
    paramIndex[getParamVariableName(tensor.name)] = i;
  return success();
}

Type Importer::peekType(const Entry &entry) {
  if (Value v = lookupValue(entry.node, entry.index))
    return v.getType();
  if (const RankedTensorType hint = getVariableHint(entry.node))
    return hint;
  return nullptr;
}

RankedTensorType Importer::getVariableHint(int64_t id) {
  const Node &node = graph.nodes[id];
  if (!node.isVariable())
    return nullptr;
  auto it = inputShapes.find(node.name);
  if (it != inputShapes.end())
    return it->second;
  // TVM graphs give every entry's shape and dtype.
  if (Type type = getEntryTypeHint(id, 0))
    return cast<RankedTensorType>(type);
  // MXNet variables may carry __shape__ / __dtype__; 0 means unknown.
  if (const std::string *shape = node.getAttr("__shape__")) {
    auto dims = parseMXTuple(*shape);
    if (succeeded(dims)) {
      SmallVector<int64_t> result;
      for (std::optional<int64_t> d : *dims)
        result.push_back(!d || *d <= 0 ? ShapedType::kDynamic : *d);
      Type element = gb.getBuilder().getF32Type();
      if (const std::string *dtype = node.getAttr("__dtype__"))
        if (FailureOr<int64_t> code = parseMXInt(*dtype); succeeded(code))
          if (Type t = getElementTypeForMXDTypeCode(gb.getContext(), *code))
            element = t;
      return RankedTensorType::get(result, element);
    }
  }
  // No shape anywhere: the rank its consumers require, sizes unknown.
  if (int64_t rank = rankDemands.lookup(id))
    return RankedTensorType::get(
        SmallVector<int64_t>(rank, ShapedType::kDynamic),
        gb.getBuilder().getF32Type());
  return nullptr;
}

static std::string typeToString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

/// Joins a hint with what the consumer expects: sizes the hint leaves open
/// come from the expectation.
static Type joinHint(RankedTensorType hint, Type expected) {
  auto exp = dyn_cast_or_null<RankedTensorType>(expected);
  if (!hint)
    return exp;
  if (!exp || exp.getRank() != hint.getRank())
    return hint;
  SmallVector<int64_t> shape(hint.getShape());
  for (auto [i, d] : llvm::enumerate(shape))
    if (ShapedType::isDynamic(d))
      d = exp.getDimSize(i);
  return RankedTensorType::get(shape, hint.getElementType());
}

/// The rank that `node` requires of its input `i` when the rank of its
/// output is `outRank` (0: unknown); 0 when it does not tell. Only rules
/// that hold for every valid graph: the kernel of a convolution or pooling
/// gives its data's rank; operators that keep the shape of their data
/// (elementwise on one tensor or on same-shape tensors, normalisations,
/// slices) pass on their output's rank; transpose and pad give theirs.
/// Broadcasting operators do not: their operands may have lower ranks.
static int64_t getDemandedInputRank(const Node &node, size_t i,
                                    int64_t outRank) {
  auto tupleSize = [&](StringRef key) -> int64_t {
    const std::string *text = node.getAttr(key);
    if (!text)
      return 0;
    auto items = parseMXTuple(*text);
    return succeeded(items) ? static_cast<int64_t>(items->size()) : 0;
  };
  StringRef op = node.op;
  static const llvm::StringSet<> kernelOps = {
      "Convolution", "Convolution_v1", "Deconvolution",   "Pooling",
      "Pooling_v1",  "conv2d",         "conv2d_transpose"};
  if (kernelOps.contains(op)) {
    if (i != 0)
      return 0;
    for (StringRef key : {"kernel", "kernel_size", "pool_size"})
      if (int64_t n = tupleSize(key))
        return n + 2;
    return 0;
  }
  static const llvm::StringSet<> twoDOps = {
      "max_pool2d",        "avg_pool2d", "global_max_pool2d",
      "global_avg_pool2d", "upsampling", "UpSampling"};
  if (twoDOps.contains(op))
    return i == 0 ? 4 : 0;
  if (op == "transpose" && i == 0)
    return tupleSize("axes");
  if ((op == "Pad" || op == "pad") && i == 0)
    if (int64_t n = tupleSize("pad_width"))
      return n / 2;
  // Same-shape operands: every input has the output's rank.
  static const llvm::StringSet<> sameShapeOps = {
      "elemwise_add", "elemwise_sub",   "elemwise_mul", "elemwise_div",
      "_plus",        "_minus",         "_mul",         "_div",
      "_Plus",        "_Minus",         "_Mul",         "_Div",
      "add_n",        "ElementWiseSum", "_grad_add"};
  if (sameShapeOps.contains(op))
    return outRank;
  // The data input keeps its rank.
  static const llvm::StringSet<> dataShapeOps = {"Activation",
                                                 "LeakyReLU",
                                                 "relu",
                                                 "sigmoid",
                                                 "tanh",
                                                 "softrelu",
                                                 "softsign",
                                                 "exp",
                                                 "log",
                                                 "sqrt",
                                                 "rsqrt",
                                                 "abs",
                                                 "negative",
                                                 "square",
                                                 "erf",
                                                 "floor",
                                                 "ceil",
                                                 "round",
                                                 "reciprocal",
                                                 "BatchNorm",
                                                 "BatchNorm_v1",
                                                 "batch_norm",
                                                 "InstanceNorm",
                                                 "instance_norm",
                                                 "LRN",
                                                 "lrn",
                                                 "L2Normalization",
                                                 "LayerNorm",
                                                 "SequenceMask",
                                                 "_contrib_div_sqrt_dim",
                                                 "broadcast_axis",
                                                 "broadcast_axes",
                                                 "Dropout",
                                                 "dropout",
                                                 "Cast",
                                                 "cast",
                                                 "clip",
                                                 "_copy",
                                                 "identity",
                                                 "copy",
                                                 "BlockGrad",
                                                 "stop_gradient",
                                                 "softmax",
                                                 "log_softmax",
                                                 "SoftmaxActivation",
                                                 "SoftmaxOutput",
                                                 "_plus_scalar",
                                                 "_minus_scalar",
                                                 "_rminus_scalar",
                                                 "_mul_scalar",
                                                 "_div_scalar",
                                                 "_rdiv_scalar",
                                                 "_power_scalar",
                                                 "_rpower_scalar",
                                                 "_maximum_scalar",
                                                 "_minimum_scalar",
                                                 "__add_scalar__",
                                                 "__sub_scalar__",
                                                 "__rsub_scalar__",
                                                 "__mul_scalar__",
                                                 "__div_scalar__",
                                                 "__rdiv_scalar__",
                                                 "__pow_scalar__",
                                                 "__rpow_scalar__",
                                                 "slice",
                                                 "slice_axis",
                                                 "SliceChannel",
                                                 "split",
                                                 "strided_slice"};
  if (dataShapeOps.contains(op) && i == 0)
    return outRank;
  // Embedding appends the embedding axis; SequenceMask's lengths are 1-D.
  if (op == "Embedding" && i == 0 && outRank > 1)
    return outRank - 1;
  if (op == "SequenceMask" && i == 1)
    return 1;
  if (op == "_contrib_ROIAlign")
    return i == 0 ? 4 : 2;
  return 0;
}

/// Fills `demand` (node id -> rank of its output 0) with what the consumers
/// of each node require, walking the graph from its heads back (nodes are
/// in topological order). The first demand wins; a subgraph node passes on
/// what its subgraph requires of its arguments.
static void computeRankDemands(const Graph &graph,
                               llvm::DenseMap<int64_t, int64_t> &demand) {
  for (int64_t id = graph.nodes.size(); id-- > 0;) {
    const Node &node = graph.nodes[id];
    if (node.isVariable())
      continue;
    if (!node.subgraphs.empty()) {
      const Graph &sub = *node.subgraphs.front();
      llvm::DenseMap<int64_t, int64_t> inner;
      computeRankDemands(sub, inner);
      for (auto [k, input] : llvm::enumerate(node.inputs))
        if (k < sub.argNodes.size() && input.index == 0)
          if (int64_t rank = inner.lookup(sub.argNodes[k]))
            demand.try_emplace(input.node, rank);
      continue;
    }
    int64_t outRank = demand.lookup(id);
    for (auto [k, input] : llvm::enumerate(node.inputs))
      if (input.index == 0)
        if (int64_t rank = getDemandedInputRank(node, k, outRank))
          demand.try_emplace(input.node, rank);
  }
}

/// The input slots of MXNet and NNVM operators that hold parameters: weight,
/// bias, gamma/beta, moving mean/var (positions as MXNet's FListInputNames
/// and NNVM's list them).
static ArrayRef<unsigned> getParameterSlots(StringRef op) {
  static const llvm::StringMap<SmallVector<unsigned, 4>> kSlots = [] {
    llvm::StringMap<SmallVector<unsigned, 4>> t;
    for (const char *name :
         {"Convolution", "ChannelwiseConvolution", "Deconvolution",
          "FullyConnected", "InstanceNorm", "LayerNorm", "GroupNorm", "conv2d",
          "conv2d_transpose", "dense", "instance_norm", "layer_norm"})
      t[name] = {1, 2};
    t["BatchNorm"] = t["batch_norm"] = {1, 2, 3, 4};
    // LeakyReLU's second input is the PReLU slope (`gamma`).
    t["LeakyReLU"] = t["prelu"] = t["Embedding"] = {1};
    return t;
  }();
  auto it = kSlots.find(op);
  return it == kSlots.end() ? ArrayRef<unsigned>() : ArrayRef(it->second);
}

/// Whether node `id` feeds a parameter slot of `consumer` (node `consumerId`
/// of `graph`), directly or through a reshape (the exporter writes PReLU's
/// slope as Reshape -> LeakyReLU). MXNet graphs do not mark their
/// parameters; their argument names follow a convention (`conv0_weight`)
/// that users may break, but the slot an operator reads a variable through
/// does not change.
static bool feedsParameterSlot(const Graph &graph, int64_t consumerId,
                               int64_t id, bool lookThrough = true) {
  if (consumerId < 0 || consumerId >= int64_t(graph.nodes.size()))
    return false;
  const Node &consumer = graph.nodes[consumerId];
  for (unsigned slot : getParameterSlots(consumer.op))
    if (slot < consumer.inputs.size() && consumer.inputs[slot].node == id)
      return true;
  // A subgraph node (`_sg_mkldnn_conv`) that the importer inlines (see
  // importSubgraphNode) feeds its inputs to the subgraph's arg_nodes in
  // order; a quantized one has its data's range after them.
  if (consumer.subgraphs.size() == 1 &&
      consumer.subgraphs.front()->argNodes.size() <= consumer.inputs.size()) {
    const Graph &sub = *consumer.subgraphs.front();
    for (auto [k, input] : llvm::enumerate(consumer.inputs))
      if (input.node == id && k < sub.argNodes.size())
        for (auto [reader, node] : llvm::enumerate(sub.nodes))
          if (feedsParameterSlot(sub, reader, sub.argNodes[k]))
            return true;
  }
  if (!lookThrough || (consumer.op != "Reshape" && consumer.op != "reshape"))
    return false;
  for (auto [reader, node] : llvm::enumerate(graph.nodes))
    for (const Entry &input : node.inputs)
      if (input.node == consumerId &&
          feedsParameterSlot(graph, reader, consumerId, /*lookThrough=*/false))
        return true;
  return false;
}

Value Importer::materializeVariable(int64_t id, Type expected, StringRef path,
                                    const Node &consumer) {
  const Node &node = graph.nodes[id];
  Type type = joinHint(getVariableHint(id), expected);
  // Nothing constrains an input of a custom operator: it may stay unranked.
  if (!type && isa_and_nonnull<UnrankedTensorType>(expected))
    type = expected;
  SmallVector<NamedAttribute> attrs = getVariablePlanAttrs(id);
  // A parameter without a value in the params file becomes a graph input
  // marked as a weight (one with a value becomes a weight constant). A
  // variable given --input-shape is data, whatever it feeds.
  if (!paramIndex.contains(node.name) && !inputShapes.contains(node.name) &&
      feedsParameterSlot(graph, &consumer - graph.nodes.data(), id))
    attrs.push_back(getInputRoleAttr(gb.getContext(), kRoleWeight));
  return bindVariable(node.name, type, path, consumer, getInputOrder(id),
                      attrs);
}

Value Importer::namedInput(StringRef name, RankedTensorType type,
                           const Node &consumer) {
  Value &v = namedInputs[name];
  // Named inputs are the running statistics of legacy BatchNorm nodes:
  // parameters, like the variables of parameter slots.
  SmallVector<NamedAttribute> attrs;
  if (!paramIndex.contains(name) && !inputShapes.contains(name))
    attrs.push_back(getInputRoleAttr(gb.getContext(), kRoleWeight));
  if (!v)
    v = bindVariable(name, type, jsonPath(consumer.path, "inputs"), consumer,
                     getInputOrder(&consumer - graph.nodes.data()), attrs);
  return v;
}

Value Importer::bindVariable(StringRef name, Type type, StringRef path,
                             const Node &consumer, int64_t order,
                             ArrayRef<NamedAttribute> planAttrs) {
  auto pit = paramIndex.find(name);
  if (pit != paramIndex.end()) {
    ParamTensor &tensor = params->tensors[pit->second];
    usedParams.insert(pit->second);
    Type element =
        getNNVMElementType(gb.getContext(), getDTypeName(tensor.dtype));
    auto fileType = RankedTensorType::get(tensor.shape, element);
    if (type && (getElementTypeOrSelf(type) != element ||
                 failed(verifyCompatibleShape(type, fileType)))) {
      gb.emitNodeError(consumer.name, path,
                       "weight '" + name + "' in the params file has type " +
                           typeToString(fileType) +
                           ", but the operator expects " + typeToString(type));
      return nullptr;
    }
    Value weight =
        gb.addWeight(name, fileType, tensor.data, tensor.owner, order);
    for (NamedAttribute attr : planAttrs)
      weight.getDefiningOp()->setAttr(attr.getName(), attr.getValue());
    return weight;
  }
  if (!type) {
    gb.emitNodeError(consumer.name, path,
                     "cannot determine the shape of input '" + name +
                         "': give --input-shape " + name + "=<dims>");
    return nullptr;
  }
  if (params)
    missingParams.push_back(name.str());
  return gb.addInput(name, type, planAttrs, order);
}

Value Importer::resolve(const Entry &entry, Type expected, StringRef path,
                        const Node &consumer) {
  if (hasValue(entry.node, entry.index))
    return lookupValue(entry.node, entry.index);
  const Node &producer = graph.nodes[entry.node];
  if (producer.isVariable()) {
    if (entry.index != 0) {
      gb.emitNodeError(consumer.name, path,
                       "variable '" + producer.name +
                           "' has one output, got "
                           "output index " +
                           llvm::Twine(entry.index));
      setValue(entry.node, entry.index, nullptr);
      return nullptr;
    }
    Value v = materializeVariable(entry.node, expected, path, consumer);
    setValue(entry.node, 0, v);
    return v;
  }
  if (failedNodes.contains(entry.node))
    return nullptr; // Already reported at the producer.
  gb.emitNodeError(consumer.name, path,
                   "node '" + producer.name + "' has no output " +
                       llvm::Twine(entry.index));
  return nullptr;
}

/// Number of outputs of node `id` that the graph can see.
int64_t Importer::getNumVisibleOutputs(int64_t id) {
  int64_t count = referencedOutputs.lookup(id);
  if (graph.nodeRowPtr)
    count =
        std::max(count, (*graph.nodeRowPtr)[id + 1] - (*graph.nodeRowPtr)[id]);
  return std::max<int64_t>(count, 1);
}

Type Importer::getEntryTypeHint(int64_t id, int64_t index) {
  std::optional<int64_t> slot = graph.getEntrySlot(id, index);
  if (!slot || *slot >= static_cast<int64_t>(graph.shapes.size()))
    return nullptr;
  Type element = gb.getBuilder().getF32Type();
  if (*slot < static_cast<int64_t>(graph.dltypes.size()))
    if (Type t = getNNVMElementType(gb.getContext(), graph.dltypes[*slot]))
      element = t;
  // -1: a size TVM leaves open (checked: no other negative size).
  SmallVector<int64_t> shape(graph.shapes[*slot].begin(),
                             graph.shapes[*slot].end());
  for (int64_t &d : shape)
    if (d < 0)
      d = ShapedType::kDynamic;
  return RankedTensorType::get(shape, element);
}

/// Loss layers read only their data input at inference; the label input
/// and the branch that feeds it are dead.
static bool isInferenceInput(const Node &node, size_t index) {
  static const char *const lossLayers[] = {
      "SoftmaxOutput", "LinearRegressionOutput", "LogisticRegressionOutput",
      "MAERegressionOutput", "SVMOutput"};
  for (const char *op : lossLayers)
    if (node.op == op)
      return index == 0;
  return true;
}

void Importer::importCustom(NodeContext &ctx, CustomReason reason) {
  StringRef domain = getFormatName(flavor);
  const Node &node = ctx.source;
  SmallVector<Value> operands;
  Type element = ctx.b.getF32Type();
  for (unsigned i = 0; i < node.inputs.size(); ++i) {
    if (!isInferenceInput(node, i))
      continue; // A loss layer's label.
    // An input of unknown shape stays unranked: nothing constrains it.
    Type expected = ctx.knownInputType(i);
    if (!expected)
      expected = UnrankedTensorType::get(ctx.b.getF32Type());
    Value v = ctx.input(i, expected);
    if (!v)
      return;
    operands.push_back(v);
    if (i == 0)
      element = cast<TensorType>(v.getType()).getElementType();
  }
  // Result types: TVM's exact shapes, else unranked (the operator's shape
  // rule is unknown; consumers of an unranked value stay custom too).
  SmallVector<Type> resultTypes;
  int64_t numResults = getNumVisibleOutputs(ctx.id);
  for (int64_t r = 0; r < numResults; ++r) {
    if (Type t = getEntryTypeHint(ctx.id, r))
      resultTypes.push_back(t);
    else
      resultTypes.push_back(UnrankedTensorType::get(element));
  }
  SmallVector<NamedAttribute> attrs;
  for (const auto &[key, value] : node.attrs)
    attrs.push_back(ctx.b.getNamedAttr(key, ctx.b.getStringAttr(value)));
  // A subgraph node (a quantized `_sg_mkldnn_conv` of open rank) keeps its
  // subgraphs as their JSON, for retypeMXNetCustom and the exporter.
  if (!node.subgraphsJSON.empty() && !node.getAttr(kSubgraphsAttr))
    attrs.push_back(ctx.b.getNamedAttr(
        kSubgraphsAttr, ctx.b.getStringAttr(node.subgraphsJSON)));
  auto op = CustomOp::create(ctx.b, ctx.loc, resultTypes, node.op, operands,
                             ctx.b.getDictionaryAttr(attrs),
                             ctx.b.getStringAttr(domain));
  (*customReasons)[op] = reason;
  ctx.results.assign(op->result_begin(), op->result_end());
}

/// The items of a TVM per-entry list (`storage_id`, `device_index`) for the
/// first `numResults` outputs of node `id`; empty when the graph has none.
static SmallVector<int64_t> getEntryItems(const Graph &graph,
                                          ArrayRef<int64_t> list, int64_t id,
                                          int64_t numResults) {
  SmallVector<int64_t> items;
  for (int64_t r = 0; r < numResults; ++r) {
    std::optional<int64_t> slot = graph.getEntrySlot(id, r);
    if (!slot || *slot >= static_cast<int64_t>(list.size()))
      return {};
    items.push_back(list[*slot]);
  }
  return items;
}

void Importer::importKernelCall(NodeContext &ctx) {
  const Node &node = ctx.source;
  SmallVector<Value> operands;
  for (unsigned i = 0; i < node.inputs.size(); ++i) {
    Type expected = ctx.knownInputType(i);
    Value v = ctx.input(
        i, expected ? expected : UnrankedTensorType::get(ctx.b.getF32Type()));
    if (!v)
      return;
    operands.push_back(v);
  }
  int64_t numResults = getNumVisibleOutputs(ctx.id);
  SmallVector<Type> resultTypes;
  for (int64_t r = 0; r < numResults; ++r) {
    Type t = getEntryTypeHint(ctx.id, r);
    resultTypes.push_back(t ? t : UnrankedTensorType::get(ctx.b.getF32Type()));
  }
  if (!ctx.has("func_name"))
    ctx.error(jsonPath(node.path, "attrs"),
              "expected attribute 'func_name' on a 'tvm_op' node");
  std::string funcName = ctx.getString("func_name", "");
  int64_t numInputs = ctx.getInt("num_inputs", operands.size());
  int64_t numOutputs = ctx.getInt("num_outputs", numResults);
  int64_t flatten = ctx.getInt("flatten_data", 0);
  if (ctx.failed)
    return;
  SmallVector<NamedAttribute> extra;
  for (const auto &[key, value] : node.attrs)
    if (!llvm::is_contained(
            {"func_name", "num_inputs", "num_outputs", "flatten_data"}, key))
      extra.push_back(ctx.b.getNamedAttr(key, ctx.b.getStringAttr(value)));
  SmallVector<int64_t> storage =
      getEntryItems(graph, graph.storageIds, ctx.id, numResults);
  SmallVector<int64_t> device =
      getEntryItems(graph, graph.deviceIndex, ctx.id, numResults);
  auto op = KernelCallOp::create(
      ctx.b, ctx.loc, resultTypes, funcName, operands, "tvm", numInputs,
      numOutputs, flatten != 0,
      storage.empty() ? nullptr : ctx.b.getDenseI64ArrayAttr(storage),
      device.empty() ? nullptr : ctx.b.getDenseI64ArrayAttr(device),
      extra.empty() ? nullptr : ctx.b.getDictionaryAttr(extra));
  ctx.results.assign(op->result_begin(), op->result_end());
}

SmallVector<NamedAttribute> Importer::getVariablePlanAttrs(int64_t id) {
  Builder b(gb.getContext());
  NNGraphDialect &abi = getGraphABI(gb.getContext());
  SmallVector<NamedAttribute> attrs;
  SmallVector<int64_t> storage =
      getEntryItems(graph, graph.storageIds, id, /*numResults=*/1);
  if (!storage.empty())
    attrs.push_back(NamedAttribute(abi.getStorageIdAttrHelper().getName(),
                                   b.getI64IntegerAttr(storage.front())));
  SmallVector<int64_t> device =
      getEntryItems(graph, graph.deviceIndex, id, /*numResults=*/1);
  if (!device.empty())
    attrs.push_back(NamedAttribute(abi.getDeviceIndexAttrHelper().getName(),
                                   b.getI64IntegerAttr(device.front())));
  return attrs;
}

/// Typed operations need ranked operands; an operator that consumes an
/// unranked value (the output of a custom operator with no shape hint) is
/// kept as a custom operator too.
bool Importer::hasUnrankedInput(const Node &node) {
  return llvm::any_of(node.inputs, [&](const Entry &e) {
    Value v = lookupValue(e.node, e.index);
    return v && isa<UnrankedTensorType>(v.getType());
  });
}

/// A data input (not a weight, not a loss layer's label) that nothing
/// gives a rank (no --input-shape, no __shape__, no consumer that requires
/// one: `_Plus` takes any rank) is bound unranked before its first consumer
/// is imported; that consumer and what it feeds stay nngraph.custom until
/// shapes are given (nngraph-run takes them from its input arrays).
void Importer::bindRankFreeInputs(NodeContext &ctx) {
  const Node &node = ctx.source;
  // Handlers that give their data input the rank of its common form
  // (FullyConnected 2-D, BatchNorm and pooling 4-D, softmax 2-D).
  static const llvm::StringSet<> givesDataRank = {
      "FullyConnected",   "dense",         "BatchNorm",         "BatchNorm_v1",
      "batch_norm",       "Pooling",       "Pooling_v1",        "softmax",
      "log_softmax",      "SoftmaxOutput", "SoftmaxActivation", "Softmax",
      "_contrib_ROIAlign"};
  if (givesDataRank.contains(node.op))
    return;
  for (auto [i, entry] : llvm::enumerate(node.inputs)) {
    const Node &producer = graph.nodes[entry.node];
    if (!producer.isVariable() || hasValue(entry.node, entry.index) ||
        !isInferenceInput(node, i) || paramIndex.contains(producer.name) ||
        getVariableHint(entry.node) ||
        feedsParameterSlot(graph, ctx.id, entry.node))
      continue;
    Value v = materializeVariable(
        entry.node, UnrankedTensorType::get(ctx.b.getF32Type()),
        jsonPath(jsonPath(node.path, "inputs"), i), node);
    if (!v)
      continue;
    setValue(entry.node, entry.index, v);
  }
}

void Importer::importNode(int64_t id) {
  const Node &node = graph.nodes[id];
  if (node.isVariable())
    return;
  NodeContext ctx(*this, node, id, gb.getNameLoc(node.name));
  if (!node.subgraphs.empty()) {
    importSubgraphNode(ctx);
  } else if (flavor == Flavor::TVM && node.op == "tvm_op") {
    importKernelCall(ctx);
  } else if (ArrayRef<const OpRow *> rows = lookupSourceOp(node.op);
             !rows.empty()) {
    bindRankFreeInputs(ctx);
    if (hasUnrankedInput(node))
      importCustom(ctx, CustomReason::UnrankedInput);
    else
      importOperator(ctx, rows);
  } else if (options.strict) {
    ctx.error(jsonPath(node.path, "op"),
              "unsupported operator '" + node.op + "'");
  } else {
    importCustom(ctx, CustomReason::NoMapping);
  }
  if (ctx.failed) {
    failedNodes.insert(id);
    return;
  }
  for (auto [i, v] : llvm::enumerate(ctx.results))
    setValue(id, i, v);
  numResults[id] = ctx.results.size();
}

void Importer::importSubgraphNode(NodeContext &ctx) {
  // A subgraph node (MXNet `_sg_mkldnn_conv`) inlines its graph: the outer
  // inputs feed the subgraph's arg_nodes in order; its heads are the results.
  // Quantized instances compute on integers (importQuantizedConv).
  const Node &node = ctx.source;
  Graph &sub = *node.subgraphs.front();
  if (node.subgraphs.size() == 1 && node.op == "_sg_mkldnn_conv" &&
      ctx.getBool("quantized", false))
    return importQuantizedConv(ctx);
  if (node.subgraphs.size() != 1 || ctx.getBool("quantized", false) ||
      sub.argNodes.size() != node.inputs.size()) {
    importCustom(ctx);
    return;
  }
  Importer inner(gb, sub, options);
  inner.customReasons = customReasons;
  // The subgraph's node ids key the shared value table after every id
  // given out so far.
  inner.valueKeyBase = *nextValueKeyBase;
  *nextValueKeyBase += sub.nodes.size();
  inner.nextValueKeyBase = nextValueKeyBase;
  // The subgraph's own variables come where the subgraph node is.
  inner.fixedInputOrder = getInputOrder(ctx.id);
  for (auto [k, arg] : llvm::enumerate(sub.argNodes)) {
    Value v = ctx.input(k, Type());
    if (!v)
      return;
    inner.setValue(arg, 0, v);
  }
  inner.importLiveNodes();
  for (const Entry &head : sub.heads) {
    Value v = inner.lookupValue(head.node, head.index);
    if (!v) {
      ctx.failed = true;
      return;
    }
    ctx.results.push_back(v);
  }
}

void Importer::computeLiveNodes() {
  live.assign(graph.nodes.size(), false);
  SmallVector<int64_t> worklist;
  for (const Entry &head : graph.heads)
    worklist.push_back(head.node);
  while (!worklist.empty()) {
    int64_t id = worklist.pop_back_val();
    if (live[id])
      continue;
    live[id] = true;
    const Node &node = graph.nodes[id];
    for (auto [i, input] : llvm::enumerate(node.inputs))
      if (isInferenceInput(node, i))
        worklist.push_back(input.node);
  }
}

/// Operators with one visible output whose hidden second output makes
/// MXNet number the visible one (`<name>_output0`): topk returning values
/// and sort (the indices they sorted by).
static bool numbersHiddenOutputs(const Node &node) {
  if (node.op == "sort")
    return true;
  if (node.op != "topk")
    return false;
  for (const auto &[key, value] : node.attrs)
    if (key == "ret_typ")
      return value == "value";
  return false;
}

void Importer::importLiveNodes() {
  countReferences();
  computeLiveNodes();
  for (int64_t i = 0, e = graph.nodes.size(); i < e; ++i)
    if (live[i])
      importNode(i);
}

void Importer::countReferences() {
  auto note = [&](const Entry &e) {
    int64_t &count = referencedOutputs[e.node];
    count = std::max(count, e.index + 1);
  };
  for (const Node &node : graph.nodes)
    for (const Entry &e : node.inputs)
      note(e);
  for (const Entry &e : graph.heads)
    note(e);
}

OwningOpRef<ModuleOp> Importer::run() {
  if (failed(parseInputShapes()) || failed(loadParams()))
    return nullptr;
  computeRankDemands(graph, rankDemands);
  importLiveNodes();
  SmallVector<Value> results;
  std::vector<std::string> names;
  for (auto [i, head] : llvm::enumerate(graph.heads)) {
    Value v =
        resolve(head, Type(), jsonPath("$.heads", i), graph.nodes[head.node]);
    results.push_back(v);
    const Node &producer = graph.nodes[head.node];
    // MXNet names the outputs of a node with several visible outputs
    // <name>_output<i>; hidden ones count only where the operator does not
    // name its outputs (BatchNorm's statistics do not; topk's hidden indices
    // and sort's do).
    bool several = producer.isVariable() ? false
                   : numResults.count(head.node)
                       ? numResults.lookup(head.node) > 1
                       : getNumVisibleOutputs(head.node) > 1;
    several |= numbersHiddenOutputs(producer);
    if (graph.outputNames.size() == graph.heads.size()) {
      names.push_back(graph.outputNames[i]);
      continue;
    }
    names.push_back(
        getMXNetOutputName(producer.op, producer.name, head.index, several));
  }
  if (params) {
    for (auto [i, tensor] : llvm::enumerate(params->tensors))
      if (!usedParams.contains(i))
        gb.emitFileWarning("params file entry '" + tensor.name +
                           "' is not used by the graph");
    for (const std::string &name : missingParams)
      if (!StringRef(name).ends_with("_label") && name != "data")
        gb.emitFileWarning("no weight for variable '" + name +
                           "' in the params file; it becomes an input");
  }
  ModuleOp module = gb.getModule();
  setSourceFormat(module, getFormatName(flavor));
  if (graph.mxnetVersion)
    setMXNetVersion(module, *graph.mxnetVersion);
  return gb.finish(results, names);
}

//===----------------------------------------------------------------------===//
// --op-stats and --check
//===----------------------------------------------------------------------===//

using CustomReasons = llvm::DenseMap<Operation *, CustomReason>;

/// Node names of each operator that stayed `nngraph.custom`, by operator
/// and reason.
static llvm::MapVector<std::pair<StringRef, CustomReason>,
                       SmallVector<std::string>>
collectCustomOps(ModuleOp module, const CustomReasons &reasons) {
  llvm::MapVector<std::pair<StringRef, CustomReason>, SmallVector<std::string>>
      custom;
  module.walk([&](CustomOp op) {
    std::string name;
    if (auto loc = dyn_cast<NameLoc>(op.getLoc()))
      name = loc.getName().str();
    CustomReason reason = reasons.lookup(op);
    custom[{op.getOpType(), reason}].push_back(name);
  });
  return custom;
}

static void printOpStats(const Graph &graph, ModuleOp module,
                         const CustomReasons &reasons, StringRef format,
                         llvm::raw_ostream &os) {
  llvm::MapVector<StringRef, int64_t> counts;
  int64_t variables = 0, total = 0;
  for (const Node &node : graph.nodes) {
    if (node.isVariable()) {
      ++variables;
      continue;
    }
    ++counts[node.op];
    ++total;
  }
  llvm::StringMap<int64_t> custom;
  for (auto &[key, names] : collectCustomOps(module, reasons))
    custom[key.first] += names.size();
  SmallVector<std::pair<StringRef, int64_t>> sorted(counts.begin(),
                                                    counts.end());
  llvm::stable_sort(
      sorted, [](const auto &a, const auto &b) { return a.second > b.second; });
  int64_t numCustom = 0;
  os << "op-stats (" << format << "): " << total << " operator nodes, "
     << variables << " variables\n";
  for (auto [op, count] : sorted) {
    int64_t c = custom.lookup(op);
    numCustom += c;
    StringRef status = op == "tvm_op" ? "kernel call"
                       : c == 0       ? "typed"
                       : c >= count   ? "custom"
                                      : "partly custom";
    os << llvm::format("%8lld  %-32s %s", static_cast<long long>(count),
                       op.str().c_str(), status.str().c_str());
    if (c && c < count)
      os << " (" << c << " custom)";
    os << "\n";
  }
  os << "custom operations: " << numCustom << "\n";
}

/// --check: one error per operator without a typed mapping.
static LogicalResult checkTyped(ModuleOp module, const CustomReasons &reasons,
                                StringRef format) {
  auto custom = collectCustomOps(module, reasons);
  for (auto &[key, names] : custom) {
    auto [op, reason] = key;
    std::string list;
    for (auto [i, name] : llvm::enumerate(names)) {
      if (i == 8) {
        list += ", ... (" + std::to_string(names.size() - 8) + " more)";
        break;
      }
      list += (i ? ", '" : "'") + name + "'";
    }
    StringRef why =
        reason == CustomReason::NoMapping ? "has no typed nngraph mapping"
        : reason == CustomReason::UnrankedInput
            ? "stays custom: it reads the output of an untyped operator, "
              "whose shape is unknown"
            : "stays custom: its attributes or unknown sizes have no typed "
              "form";
    emitError(module.getLoc())
        << format << ": operator '" << op << "' " << why << " (" << names.size()
        << (names.size() == 1 ? " node: " : " nodes: ") << list << ")";
  }
  return success(custom.empty());
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Typing custom operations once their operands' shapes are known
//===----------------------------------------------------------------------===//

/// The typed form of an MXNet `nngraph.custom` whose operands are ranked:
/// the operator imported again, as a one-node graph whose variables carry
/// the operands' shapes and dtypes as `__shape__`/`__dtype__` hints (0 for
/// a size still open), with the importer's own rules. Failure (nothing
/// built) where the importer keeps it custom, reports a problem, needs a
/// variable of its own (legacy BatchNorm statistics) or gives results of
/// other types.
static FailureOr<SmallVector<Value>> retypeMXNetCustom(Operation *operation,
                                                       OpBuilder &b) {
  auto custom = cast<CustomOp>(operation);
  MLIRContext *ctx = operation->getContext();
  Graph graph;
  for (auto [i, v] : llvm::enumerate(custom.getInputs())) {
    Node var;
    var.op = "null";
    var.name = "__retype_input" + std::to_string(i);
    var.path = jsonPath("$.nodes", i);
    graph.argNodes.push_back(i);
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type) {
      // A graph input of unknown shape (a weight only this op reads): the
      // importer gives it the shape the operator's attributes imply.
      graph.nodes.push_back(std::move(var));
      continue;
    }
    std::optional<int> code = nnvm::getMXDTypeCode(type.getElementType());
    if (!code)
      return failure();
    std::string shape = "(";
    for (auto [k, d] : llvm::enumerate(type.getShape()))
      shape +=
          (k ? ", " : "") + std::to_string(ShapedType::isDynamic(d) ? 0 : d);
    shape += type.getRank() == 1 ? ",)" : ")";
    var.attrs = {{"__shape__", shape}, {"__dtype__", std::to_string(*code)}};
    graph.nodes.push_back(std::move(var));
  }
  Node node;
  node.op = custom.getOpType().str();
  node.name = getLocName(operation->getLoc());
  if (node.name.empty())
    node.name = "node";
  node.attrsKey = "attrs";
  node.path = jsonPath("$.nodes", graph.nodes.size());
  if (DictionaryAttr attrs = custom.getSourceAttrsAttr())
    for (NamedAttribute attr : attrs) {
      auto text = dyn_cast<StringAttr>(attr.getValue());
      if (!text)
        return failure();
      if (attr.getName() != kSubgraphsAttr) {
        node.attrs.emplace_back(attr.getName().str(), text.str());
        continue;
      }
      // The subgraphs the importer kept (importCustom).
      llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
      if (!json) {
        llvm::consumeError(json.takeError());
        return failure();
      }
      const llvm::json::Array *items = json->getAsArray();
      if (!items)
        return failure();
      JSONErrors errors;
      for (auto [i, item] : llvm::enumerate(*items)) {
        node.subgraphs.push_back(std::make_unique<Graph>());
        decodeGraph(item, *node.subgraphs.back(), errors,
                    jsonPath(jsonPath(node.path, "subgraphs"), i));
      }
      if (!errors.empty())
        return failure();
      node.subgraphsJSON = text.str();
    }
  for (size_t i = 0; i < custom.getInputs().size(); ++i)
    node.inputs.push_back(Entry{static_cast<int64_t>(i), 0, 0});
  int64_t id = graph.nodes.size();
  graph.nodes.push_back(std::move(node));
  // Only the results something reads are asked for (BatchNorm's statistics
  // outputs usually are not, and their typed form has none).
  SmallVector<unsigned> used;
  for (OpResult result : operation->getResults())
    if (!result.use_empty()) {
      used.push_back(result.getResultNumber());
      graph.heads.push_back(Entry{id, result.getResultNumber(), 0});
    }
  if (graph.getFlavor() != Flavor::MXNet)
    return failure();

  // The importer's diagnostics stay here: a failure keeps the op custom.
  // Only this thread's: passes on other functions may report meanwhile.
  OwningOpRef<ModuleOp> module;
  {
    std::thread::id self = std::this_thread::get_id();
    ScopedDiagnosticHandler quiet(ctx, [self](Diagnostic &) {
      return success(std::this_thread::get_id() == self);
    });
    GraphBuilder gb(ctx, operation->getLoc(), "mxnet");
    ImportOptions options;
    Importer importer(gb, graph, options);
    module = importer.run();
  }
  if (!module)
    return failure();
  auto funcs = module->getOps<func::FuncOp>();
  if (!llvm::hasSingleElement(funcs))
    return failure();
  func::FuncOp func = *funcs.begin();
  if (func.getNumResults() != used.size())
    return failure();
  for (auto [k, type] : llvm::zip_equal(used, func.getResultTypes())) {
    auto declared =
        dyn_cast<RankedTensorType>(operation->getResult(k).getType());
    if (declared && (declared.getElementType() != getElementTypeOrSelf(type) ||
                     failed(verifyCompatibleShape(declared, type))))
      return failure();
  }
  bool typed = true;
  func.walk([&](Operation *op) { typed &= !isa<CustomOp, KernelCallOp>(op); });
  if (!typed)
    return failure();
  IRMapping mapping;
  SmallVector<std::pair<BlockArgument, Type>> refinedInputs;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    std::string argName = getInputName(func, i);
    StringRef name = argName;
    unsigned index;
    if (!name.consume_front("__retype_input") || name.getAsInteger(10, index) ||
        index >= custom.getInputs().size())
      return failure();
    Value operand = custom.getInputs()[index];
    Type type = func.getArgument(i).getType();
    if (!isa<RankedTensorType>(operand.getType())) {
      if (!isa<RankedTensorType>(type))
        return failure();
      refinedInputs.emplace_back(cast<BlockArgument>(operand), type);
    }
    mapping.map(func.getArgument(i), operand);
  }
  // The graph inputs of unknown shape take the importer's types (the
  // caller updates the function's signature).
  for (auto [arg, type] : refinedInputs)
    arg.setType(type);
  for (Operation &op : func.getBody().front().without_terminator()) {
    Operation *clone = b.clone(op, mapping);
    clone->setLoc(operation->getLoc());
  }
  // Results nobody reads stay themselves (their uses, none, are replaced).
  SmallVector<Value> results(operation->getResults());
  for (auto [k, v] : llvm::zip_equal(
           used, func.getBody().front().getTerminator()->getOperands()))
    results[k] = mapping.lookupOrDefault(v);
  return results;
}

void nnvm::registerNNVMCustomRetype() {
  registerCustomRetype("mxnet", retypeMXNetCustom);
}

OwningOpRef<ModuleOp> nnvm::importNNVMGraph(const llvm::SourceMgr &sourceMgr,
                                            MLIRContext *context,
                                            const ImportOptions &options) {
  Location fileLoc = getBufferLoc(sourceMgr, context);
  std::optional<llvm::json::Value> json =
      parseJSONBuffer("nnvm", sourceMgr, context);
  if (!json)
    return nullptr;
  Graph graph;
  JSONErrors errors;
  decodeGraph(*json, graph, errors);
  StringRef format = Importer::getFormatName(graph.getFlavor());
  if (!errors.empty()) {
    errors.emit(format, fileLoc);
    return nullptr;
  }
  GraphBuilder gb(context, fileLoc, format);
  Importer importer(gb, graph, options);
  OwningOpRef<ModuleOp> module = importer.run();
  if (!module)
    return nullptr;
  if (options.opStats)
    printOpStats(graph, *module, *importer.customReasons, format,
                 options.statsStream ? *options.statsStream : llvm::outs());
  if (options.check &&
      failed(checkTyped(*module, *importer.customReasons, format)))
    return nullptr;
  return module;
}
