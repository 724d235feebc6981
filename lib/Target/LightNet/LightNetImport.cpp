//===- LightNetImport.cpp - LightNet JSON IR to nngraph ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the LightNet JSON IR importer: tensors are wired by
// name, `create` becomes a constant, a graph input or a weight argument
// (docs/Formats/LightNet.md, Tensors), every optype of the opdefs maps
// through the table of LightNetOps.cpp to a typed nngraph op or to
// `nngraph.custom` (domain "lightnet") with its tensors and params kept
// verbatim, and tensors produced but never consumed become the graph outputs.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/LightNetImport.h"
#include "LightNetInternal.h"
#include "LightNetOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/JSONSupport.h"
#include "nngraph/Target/LightNet/LightNetModel.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::lightnet;
using LOp = mlir::nngraph::lightnet::Op;

Type lightnet::parseDType(MLIRContext *context, StringRef name) {
  const DTypeInfo *d = lookupDTypeByLightNet(name);
  return d ? d->getType(context) : Type();
}

std::string lightnet::getDTypeSpelling(Type type) {
  // LightNet's only unsigned type is TL_UINT8.
  const DTypeInfo *d = lookupDType(type);
  bool wide = type.isUnsignedInteger() && !type.isUnsignedInteger(8);
  return d && !wide ? d->lightnet.str() : "";
}

namespace {
class Importer {
public:
  Importer(GraphBuilder &gb, const Graph &graph, const ImportOptions &options)
      : gb(gb), graph(graph), options(options) {}
  OwningOpRef<ModuleOp> run();

  GraphBuilder &gb;
  const Graph &graph;
  const ImportOptions &options;
  /// Every definition in order, for the outputs. The tensors themselves
  /// live in the GraphBuilder's value table, by name; a null value marks a
  /// tensor whose producer failed (its uses are not reported again).
  SmallVector<std::pair<std::string, Value>> definitions;
  /// Per op and output: the later ops that read it, with their arg names.
  std::vector<std::vector<SmallVector<std::pair<size_t, std::string>>>>
      consumers;
  /// Whether output `out` of op `index` feeds a weight-like argument,
  /// directly or through reshapes (exported rank-5 conv weights).
  bool feedsWeight(size_t index, size_t out, unsigned depth = 0);

private:
  void collectConsumers();
  void importOp(size_t index, const LOp &op);
  void importCreate(OpContext &ctx, size_t index);
  /// --lightnet-undefined-as-inputs: a graph input for tensor `t`.
  Value addUndefinedInput(OpContext &ctx, const TensorRef &t);
  void importCustom(OpContext &ctx);
  bool matches(const LOp &op, const OpSpec &typed);
};
} // namespace

/// Optypes of the opdefs without a typed mapping: custom, never an error.
static bool isKnownCustom(StringRef optype) {
  return llvm::is_contained(
      {"arange", "bn2scale_wts", "bn2scale_wts_cpu", "conv1x1_dpu",
       "conv3x3_dpu", "deconv2d", "detect_yolov3", "dot_product", "ldmr",
       "maxreduce_arg", "pick1d", "rearange", "sort1d", "sort1d_by_key",
       "submean", "svmr", "tensorrt", "transform_bboxSQD"},
      optype);
}

/// `create_cuda` -> `create`: arch-specific optypes map to their base op.
static StringRef stripArch(StringRef optype) {
  for (StringRef suffix : {"_cpu", "_cuda", "_cudnn", "_dpu"})
    if (optype.ends_with(suffix)) {
      StringRef base = optype.drop_back(suffix.size());
      if (base == "create" || lookupOptype(base))
        return base;
    }
  return optype;
}

//===----------------------------------------------------------------------===//
// Importer
//===----------------------------------------------------------------------===//

bool Importer::matches(const LOp &op, const OpSpec &typed) {
  auto sameArgs = [](const std::vector<TensorRef> &refs,
                     ArrayRef<StringRef> names) {
    if (refs.size() != names.size())
      return false;
    for (const TensorRef &t : refs)
      if (!llvm::is_contained(names, t.argName) ||
          llvm::count_if(refs, [&](const TensorRef &o) {
            return o.argName == t.argName;
          }) != 1)
        return false;
    return true;
  };
  if (!sameArgs(op.inputs, typed.inputs) ||
      !sameArgs(op.outputs, typed.outputs))
    return false;
  return llvm::all_of(op.params, [&](const Param &p) {
    return llvm::any_of(typed.params, [&](const ParamSpec &spec) {
      return p.argName == spec.lightnet;
    });
  });
}

void Importer::collectConsumers() {
  llvm::StringMap<std::pair<size_t, size_t>> producer;
  consumers.resize(graph.ops.size());
  for (auto [i, op] : llvm::enumerate(graph.ops)) {
    for (const TensorRef &t : op.inputs) {
      auto it = producer.find(t.name);
      if (it != producer.end())
        consumers[it->second.first][it->second.second].push_back(
            {i, t.argName});
    }
    consumers[i].resize(op.outputs.size());
    for (auto [j, t] : llvm::enumerate(op.outputs))
      producer[t.name] = {i, j};
  }
}

bool Importer::feedsWeight(size_t index, size_t out, unsigned depth) {
  if (depth > 8)
    return false;
  return llvm::any_of(consumers[index][out], [&](const auto &consumer) {
    const auto &[user, arg] = consumer;
    if (llvm::is_contained({"weight", "bias", "scale", "offset", "mean", "var"},
                           arg))
      return true;
    return graph.ops[user].optype == "reshape" &&
           graph.ops[user].outputs.size() == 1 &&
           feedsWeight(user, 0, depth + 1);
  });
}

/// The JSON form of a param list: [{arg_name, value}, ...], in order.
static Attribute paramsToAttribute(MLIRContext *context, const LOp &op) {
  llvm::json::Array params;
  for (const Param &p : op.params)
    params.push_back(
        llvm::json::Object{{"arg_name", p.argName}, {"value", p.value}});
  return jsonToAttribute(context, llvm::json::Value(std::move(params)));
}

/// Inline data of a create as a dense constant of `type`, or null.
static DenseElementsAttr getCreateData(OpContext &ctx, RankedTensorType type,
                                       const Param &data) {
  const llvm::json::Array *values = data.value.getAsArray();
  Type element = type.getElementType();
  if (values->size() == 1 && (*values)[0].getAsNumber() == 0.0)
    return DenseElementsAttr::get(type, ctx.b.getZeroAttr(element));
  if (static_cast<int64_t>(values->size()) != type.getNumElements()) {
    ctx.error(data.path, "expected " + Twine(type.getNumElements()) +
                             " data values (or [0]), got " +
                             Twine(values->size()));
    return nullptr;
  }
  SmallVector<Attribute> attrs;
  bool bad = false;
  for (auto [i, v] : llvm::enumerate(*values)) {
    std::optional<double> d = v.getAsNumber();
    if (!d) {
      // Every bad value is reported, not only the first.
      ctx.error(jsonPath(data.path, i),
                "expected number, got " + describeKind(v));
      bad = true;
      continue;
    }
    if (isa<FloatType>(element))
      attrs.push_back(ctx.b.getFloatAttr(element, *d));
    else
      attrs.push_back(ctx.b.getIntegerAttr(
          element,
          v.getAsInteger() ? *v.getAsInteger() : static_cast<int64_t>(*d)));
  }
  if (bad)
    return nullptr;
  return DenseElementsAttr::get(type, attrs);
}

Value Importer::addUndefinedInput(OpContext &ctx, const TensorRef &t) {
  // The "" placeholder gets a name that says where it was used.
  std::string name = t.name.empty() ? ctx.op.name + "." + t.argName : t.name;
  emitWarning(ctx.loc) << "lightnet: tensor '" << name
                       << "' is used but never defined at " << t.path
                       << " (node '" << ctx.op.name
                       << "'); it becomes a graph input of unknown shape";
  Builder b(gb.getContext());
  SmallVector<NamedAttribute> attrs{
      getInputRoleAttr(b.getContext(), kRoleUndefined)};
  return gb.addInput(name, UnrankedTensorType::get(b.getF32Type()), attrs,
                     /*order=*/-1);
}

void Importer::importCreate(OpContext &ctx, size_t index) {
  const LOp &op = ctx.op;
  RankedTensorType type = getCreateType(ctx);
  const Param *fromFile = op.findParam("from_file");
  const Param *ran = op.findParam("ran");
  const Param *data = op.findParam("data");
  if (fromFile && !fromFile->value.getAsBoolean())
    ctx.error(fromFile->path,
              "expected boolean, got " + describeKind(fromFile->value));
  if (ran && (!ran->value.getAsArray() || ran->value.getAsArray()->size() != 2))
    ctx.error(ran->path, "expected two numbers");
  if (data && !data->value.getAsArray())
    ctx.error(data->path,
              "expected array of numbers, got " + describeKind(data->value));
  if (op.outputs.size() != 1 || op.outputs[0].argName != "dst" ||
      !op.inputs.empty())
    ctx.error(op.path, "expected no tensors_in and one tensors_out 'dst'");
  if (ctx.failed || !type)
    return ctx.define("dst", nullptr);
  bool isFile = fromFile && *fromFile->value.getAsBoolean();
  bool isRandom = ran && llvm::any_of(*ran->value.getAsArray(),
                                      [](const llvm::json::Value &v) {
                                        return v.getAsNumber() != 0.0;
                                      });
  if (!isFile && !isRandom && data && !data->value.getAsArray()->empty()) {
    DenseElementsAttr value = getCreateData(ctx, type, *data);
    if (!value)
      return ctx.define("dst", nullptr);
    return ctx.define("dst", ConstantOp::create(ctx.b, ctx.loc, type, value));
  }
  // No data: a graph input, or a weight when it feeds weight-like arguments.
  bool isWeight = feedsWeight(index, 0);
  const std::string &tensor = op.outputs[0].name;
  SmallVector<NamedAttribute> attrs{
      getInputRoleAttr(ctx.b.getContext(), isWeight ? kRoleWeight : kRoleInput),
      NamedAttribute(getGraphABI(ctx.b.getContext())
                         .getLightnetParamsAttrHelper()
                         .getName(),
                     paramsToAttribute(ctx.b.getContext(), op))};
  if (op.name != tensor)
    attrs.push_back(NamedAttribute(
        getGraphABI(ctx.b.getContext()).getLightnetOpAttrHelper().getName(),
        ctx.b.getStringAttr(op.name)));
  ctx.define("dst", gb.addInput(tensor, type, attrs, index));
}

void Importer::importCustom(OpContext &ctx) {
  SmallVector<Value> operands;
  SmallVector<Attribute> inNames, outNames;
  operands = ctx.inputList;
  for (const TensorRef &t : ctx.op.inputs) {
    inNames.push_back(ctx.b.getStringAttr(t.argName));
  }
  for (const TensorRef &t : ctx.op.outputs)
    outNames.push_back(ctx.b.getStringAttr(t.argName));
  SmallVector<Type> resultTypes(ctx.op.outputs.size(),
                                UnrankedTensorType::get(ctx.b.getF32Type()));
  SmallVector<NamedAttribute> attrs{
      ctx.b.getNamedAttr("params",
                         paramsToAttribute(ctx.b.getContext(), ctx.op)),
      ctx.b.getNamedAttr("tensors_in", ctx.b.getArrayAttr(inNames)),
      ctx.b.getNamedAttr("tensors_out", ctx.b.getArrayAttr(outNames))};
  auto custom = CustomOp::create(ctx.b, ctx.loc, resultTypes, ctx.op.optype,
                                 operands, ctx.b.getDictionaryAttr(attrs),
                                 ctx.b.getStringAttr("lightnet"));
  for (auto [t, v] : llvm::zip_equal(ctx.op.outputs, custom.getResults())) {
    if (t.name.empty()) { // A placeholder: see OpContext::define.
      definitions.push_back({ctx.op.name + "." + t.argName, v});
      continue;
    }
    gb.setValue(t.name, v);
    definitions.push_back({t.name, v});
  }
}

void Importer::importOp(size_t index, const LOp &op) {
  OpContext ctx(gb, op, definitions);
  // Resolve every input first: each unknown tensor is one diagnostic.
  bool poisoned = false;
  for (const TensorRef &t : op.inputs) {
    if (!gb.hasValue(t.name) && options.undefinedAsInputs)
      gb.setValue(t.name, addUndefinedInput(ctx, t));
    if (!gb.hasValue(t.name)) {
      ctx.error(t.path, "unknown tensor '" + t.name + "'");
      continue;
    }
    Value value = gb.lookupValue(t.name);
    if (!value)
      poisoned = true;
    ctx.inputs[t.argName] = value;
    ctx.inputList.push_back(value);
  }
  StringRef optype = stripArch(op.optype);
  if (ctx.failed || poisoned) {
    for (const TensorRef &t : op.outputs)
      gb.setValue(t.name, Value());
    return;
  }
  if (optype == "create")
    return importCreate(ctx, index);
  const OpSpec *spec = lookupOptype(optype);
  // Typed ops need ranked operands: a custom op's unranked result keeps
  // its readers custom too.
  bool ranked =
      (spec && spec->unranked) || llvm::all_of(ctx.inputList, [](Value v) {
        return isa<RankedTensorType>(v.getType());
      });
  if (spec && ranked && matches(op, *spec)) {
    importTyped(ctx, *spec);
    if (ctx.failed)
      for (const TensorRef &t : op.outputs)
        gb.setValue(t.name, Value());
    return;
  }
  if (options.strict && !spec && !isKnownCustom(optype)) {
    ctx.error(jsonPath(op.path, "optype"),
              "unsupported optype '" + op.optype + "'");
    for (const TensorRef &t : op.outputs)
      gb.setValue(t.name, Value());
    return;
  }
  importCustom(ctx);
}

OwningOpRef<ModuleOp> Importer::run() {
  collectConsumers();
  for (auto [i, op] : llvm::enumerate(graph.ops))
    importOp(i, op);
  // Outputs: tensors produced and never consumed, in definition order. A
  // name defined again (the file reuses `y` for several results nobody
  // reads) names one output each: the later ones become y_1, y_2, ..., as
  // the exporter would name them, so that the names stay unique and a round
  // trip keeps them.
  SmallVector<Value> results;
  SmallVector<std::string> names;
  llvm::StringSet<> used;
  for (auto &[name, value] : definitions)
    if (isa_and_nonnull<BlockArgument>(value))
      used.insert(name);
  for (auto &[name, value] : definitions)
    if (value.use_empty() && !llvm::is_contained(results, value)) {
      std::string unique = name;
      for (unsigned k = 1; used.contains(unique); ++k)
        unique = name + "_" + std::to_string(k);
      if (unique != name)
        gb.emitFileWarning("tensor '" + name +
                           "' names several graph outputs; this one is '" +
                           unique + "'");
      used.insert(unique);
      results.push_back(value);
      names.push_back(unique);
    }
  OwningOpRef<ModuleOp> module = gb.finish(results, names);
  if (module)
    setSourceFormat(*module, "lightnet");
  return module;
}

OwningOpRef<ModuleOp> lightnet::importLightNet(const llvm::SourceMgr &sourceMgr,
                                               MLIRContext *context,
                                               const ImportOptions &options) {
  std::optional<llvm::json::Value> root;
  if (options.lenient) {
    llvm::SourceMgr stripped;
    const llvm::MemoryBuffer *buffer =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
    stripped.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                    stripLenientJSON(buffer->getBuffer()),
                                    buffer->getBufferIdentifier()),
                                llvm::SMLoc());
    root = parseJSONBuffer("lightnet", stripped, context);
  } else {
    root = parseJSONBuffer("lightnet", sourceMgr, context);
  }
  if (!root)
    return nullptr;
  Location fileLoc = getBufferLoc(sourceMgr, context);
  Graph graph;
  JSONErrors errors;
  if (!decodeGraph(*root, graph, errors)) {
    errors.emit("lightnet", fileLoc);
    return nullptr;
  }
  GraphBuilder gb(context, fileLoc, "lightnet");
  Importer importer(gb, graph, options);
  return importer.run();
}
