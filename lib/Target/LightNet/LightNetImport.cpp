//===- LightNetImport.cpp - LightNet JSON IR to nngraph ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the LightNet JSON IR importer: tensors are wired by
// name, `create` becomes a constant, a graph input or a weight argument
// (FORMATS 4.4), every optype of the opdefs maps through an op table to a
// typed nngraph op or to `nngraph.custom` (domain "lightnet") with its
// tensors and params kept verbatim, and tensors produced but never consumed
// become the graph outputs.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/LightNetImport.h"
#include "LightNetInternal.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/JSONSupport.h"
#include "nngraph/Target/LightNet/LightNetModel.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SourceMgr.h"
#include <functional>

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
class Importer;

/// What a handler sees of one op.
struct OpContext {
  Importer &imp;
  const LOp &op;
  OpBuilder &b;
  Location loc;
  llvm::StringMap<Value> inputs;
  /// The inputs in file order (arg names may repeat in custom ops).
  SmallVector<Value> inputList;
  bool failed = false;

  void error(StringRef path, const Twine &message);
  Value in(StringRef arg) { return inputs.lookup(arg); }
  void define(StringRef arg, Value v);

  const Param *param(StringRef name, bool required);
  std::optional<int64_t> getInt(StringRef name, std::optional<int64_t> dflt);
  std::optional<double> getFloat(StringRef name, std::optional<double> dflt);
  std::optional<std::string> getString(StringRef name,
                                       std::optional<std::string> dflt);
  std::optional<SmallVector<int64_t>>
  getInts(StringRef name, std::optional<SmallVector<int64_t>> dflt);
  std::optional<SmallVector<double>> getFloats(StringRef name);

  Value make(StringRef opName, ValueRange operands,
             ArrayRef<NamedAttribute> attrs = {});
  NamedAttribute i64s(StringRef name, ArrayRef<int64_t> v) {
    return b.getNamedAttr(name, b.getDenseI64ArrayAttr(v));
  }
};

/// A typed mapping: the exact tensors and the params it understands.
struct TypedOp {
  SmallVector<StringRef> inputs;
  SmallVector<StringRef> outputs;
  SmallVector<StringRef> params;
  std::function<void(OpContext &)> build;
};

class Importer {
public:
  Importer(GraphBuilder &gb, const Graph &graph, const ImportOptions &options)
      : gb(gb), graph(graph), options(options) {}
  OwningOpRef<ModuleOp> run();

  GraphBuilder &gb;
  const Graph &graph;
  const ImportOptions &options;
  /// Tensor name -> value; a null value marks a tensor whose producer
  /// failed (its uses are not reported again).
  llvm::StringMap<Value> tensors;
  /// Every definition in order, for the outputs.
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
  bool matches(const LOp &op, const TypedOp &typed);
};
} // namespace

void OpContext::error(StringRef path, const Twine &message) {
  failed = true;
  imp.gb.emitNodeError(op.name, path, message);
}

void OpContext::define(StringRef arg, Value v) {
  for (const TensorRef &t : op.outputs)
    if (t.argName == arg) {
      // The "" placeholder names no tensor that others could read; the
      // value is named after where it is made.
      if (t.name.empty()) {
        if (v)
          imp.definitions.push_back({op.name + "." + t.argName, v});
        continue;
      }
      imp.tensors[t.name] = v;
      if (v)
        imp.definitions.push_back({t.name, v});
    }
  if (!v)
    failed = true;
}

const Param *OpContext::param(StringRef name, bool required) {
  const Param *p = op.findParam(name);
  if (!p && required)
    error(op.path + ".params", "missing param '" + name + "'");
  return p;
}

std::optional<int64_t> OpContext::getInt(StringRef name,
                                         std::optional<int64_t> dflt) {
  const Param *p = param(name, !dflt);
  if (!p)
    return dflt;
  if (std::optional<int64_t> v = p->value.getAsInteger())
    return v;
  error(p->path, "expected integer, got " + describeKind(p->value));
  return std::nullopt;
}

std::optional<double> OpContext::getFloat(StringRef name,
                                          std::optional<double> dflt) {
  const Param *p = param(name, !dflt);
  if (!p)
    return dflt;
  if (std::optional<double> v = p->value.getAsNumber())
    return v;
  error(p->path, "expected number, got " + describeKind(p->value));
  return std::nullopt;
}

std::optional<std::string>
OpContext::getString(StringRef name, std::optional<std::string> dflt) {
  const Param *p = param(name, !dflt);
  if (!p)
    return dflt;
  if (std::optional<StringRef> v = p->value.getAsString())
    return v->str();
  error(p->path, "expected string, got " + describeKind(p->value));
  return std::nullopt;
}

std::optional<SmallVector<int64_t>>
OpContext::getInts(StringRef name, std::optional<SmallVector<int64_t>> dflt) {
  const Param *p = param(name, !dflt);
  if (!p)
    return dflt;
  SmallVector<int64_t> result;
  if (const llvm::json::Array *a = p->value.getAsArray()) {
    for (auto [i, item] : llvm::enumerate(*a)) {
      std::optional<int64_t> v = item.getAsInteger();
      if (!v) {
        error(jsonPath(p->path, i),
              "expected integer, got " + describeKind(item));
        return std::nullopt;
      }
      result.push_back(*v);
    }
    return result;
  }
  error(p->path, "expected array of integers, got " + describeKind(p->value));
  return std::nullopt;
}

std::optional<SmallVector<double>> OpContext::getFloats(StringRef name) {
  const Param *p = param(name, true);
  if (!p)
    return std::nullopt;
  SmallVector<double> result;
  if (const llvm::json::Array *a = p->value.getAsArray()) {
    for (auto [i, item] : llvm::enumerate(*a)) {
      std::optional<double> v = item.getAsNumber();
      if (!v) {
        error(jsonPath(p->path, i),
              "expected number, got " + describeKind(item));
        return std::nullopt;
      }
      result.push_back(*v);
    }
    return result;
  }
  error(p->path, "expected array of numbers, got " + describeKind(p->value));
  return std::nullopt;
}

Value OpContext::make(StringRef opName, ValueRange operands,
                      ArrayRef<NamedAttribute> attrs) {
  if (failed || llvm::is_contained(operands, Value()))
    return nullptr;
  OperationState state(loc, opName);
  state.addOperands(operands);
  state.addAttributes(attrs);
  state.addTypes(b.getNoneType());
  Operation *created = b.create(state);
  SmallVector<Type> types;
  if (mlir::failed(
          inferResultTypes(cast<InferTypeOpInterface>(created), types)) ||
      types.size() != 1) {
    created->erase();
    error(op.path, "cannot build '" + opName + "' for optype '" + op.optype +
                       "' (see the error above)");
    return nullptr;
  }
  created->getResult(0).setType(types[0]);
  return created->getResult(0);
}

//===----------------------------------------------------------------------===//
// The op table
//===----------------------------------------------------------------------===//

template <typename OpTy>
static TypedOp unary(SmallVector<StringRef> params = {}) {
  return {{"src"}, {"dst"}, params, [](OpContext &ctx) {
            ctx.define("dst",
                       ctx.make(OpTy::getOperationName(), {ctx.in("src")}));
          }};
}

/// `padding` is [top, left, bottom, right] (ONNX pads); old files give two
/// values [rows, cols].
static std::optional<SmallVector<int64_t>> getPads(OpContext &ctx) {
  auto pads = ctx.getInts("padding", SmallVector<int64_t>{0, 0, 0, 0});
  if (pads && pads->size() == 2)
    pads = SmallVector<int64_t>{(*pads)[0], (*pads)[1], (*pads)[0], (*pads)[1]};
  if (pads && pads->size() != 4) {
    ctx.error(ctx.param("padding", false)->path,
              "expected 2 or 4 padding values");
    return std::nullopt;
  }
  return pads;
}

/// `autopad` as an nngraph auto_pad attribute; nothing for NOTSET.
static bool addAutoPad(OpContext &ctx, SmallVector<NamedAttribute> &attrs) {
  std::optional<std::string> autopad = ctx.getString("autopad", "NOTSET");
  if (!autopad)
    return false;
  std::optional<AutoPad> mode =
      llvm::StringSwitch<std::optional<AutoPad>>(*autopad)
          .Case("NOTSET", AutoPad::NotSet)
          .Case("VALID", AutoPad::Valid)
          .Case("SAME_UPPER", AutoPad::SameUpper)
          .Case("SAME_LOWER", AutoPad::SameLower)
          .Default(std::nullopt);
  if (!mode) {
    ctx.error(ctx.param("autopad", false)->path,
              "unknown autopad '" + *autopad + "'");
    return false;
  }
  if (*mode != AutoPad::NotSet)
    attrs.push_back(ctx.b.getNamedAttr(
        "auto_pad", AutoPadAttr::get(ctx.b.getContext(), *mode)));
  return true;
}

/// Rank-5 conv weights [group, out_c, in_c, kh, kw] with group 1 lose the
/// leading dimension through a reshape.
static Value getConvWeight(OpContext &ctx) {
  Value w = ctx.in("weight");
  auto type = dyn_cast_or_null<RankedTensorType>(w ? w.getType() : Type());
  if (!type || type.getRank() != 5)
    return w;
  const TensorRef *ref = ctx.op.findInput("weight");
  if (type.getDimSize(0) != 1) {
    ctx.error(ref->path, "rank-5 conv weight '" + ref->name +
                             "' needs a leading group dimension of 1");
    return nullptr;
  }
  return ctx.make(ReshapeOp::getOperationName(), {w},
                  {ctx.i64s("shape", type.getShape().drop_front())});
}

static void buildConv(OpContext &ctx) {
  auto group = ctx.getInt("group", 1);
  auto strides = ctx.getInts("stride", SmallVector<int64_t>{1, 1});
  auto dilations = ctx.getInts("dilation", SmallVector<int64_t>{1, 1});
  auto pads = getPads(ctx);
  // `size` is implied by the weight; it is only checked by LightNet.
  ctx.getInts("size", SmallVector<int64_t>{});
  SmallVector<NamedAttribute> attrs;
  if (!group || !strides || !dilations || !pads || !addAutoPad(ctx, attrs))
    return ctx.define("dst", nullptr);
  attrs.push_back(ctx.i64s("strides", *strides));
  attrs.push_back(ctx.i64s("dilations", *dilations));
  attrs.push_back(ctx.i64s("pads", *pads));
  attrs.push_back(ctx.b.getNamedAttr("group", ctx.b.getI64IntegerAttr(*group)));
  Value weight = getConvWeight(ctx);
  ctx.define("dst", ctx.make(ConvOp::getOperationName(),
                             {ctx.in("src"), weight, ctx.in("bias")}, attrs));
}

template <typename OpTy>
static void buildPool(OpContext &ctx) {
  auto size = ctx.getInts("size", std::nullopt);
  auto strides = ctx.getInts("stride", SmallVector<int64_t>{1, 1});
  auto pads = getPads(ctx);
  SmallVector<NamedAttribute> attrs;
  if (!size || !strides || !pads || !addAutoPad(ctx, attrs))
    return ctx.define("dst", nullptr);
  attrs.push_back(ctx.i64s("kernel_shape", *size));
  attrs.push_back(ctx.i64s("strides", *strides));
  attrs.push_back(ctx.i64s("pads", *pads));
  ctx.define("dst", ctx.make(OpTy::getOperationName(), {ctx.in("src")}, attrs));
}

static void buildElew(OpContext &ctx) {
  std::optional<std::string> kind = ctx.getString("elew_op", std::nullopt);
  if (!kind)
    return ctx.define("dst", nullptr);
  StringRef name = llvm::StringSwitch<StringRef>(*kind)
                       .Case("TL_SUM", AddOp::getOperationName())
                       .Case("TL_SUB", SubOp::getOperationName())
                       .Case("TL_MUL", MulOp::getOperationName())
                       .Case("TL_DIV", DivOp::getOperationName())
                       .Case("TL_MAX", MaxOp::getOperationName())
                       .Case("TL_MIN", MinOp::getOperationName())
                       .Case("TL_POW", PowOp::getOperationName())
                       .Default("");
  if (name.empty()) {
    ctx.error(ctx.param("elew_op", false)->path,
              "unknown elew_op '" + *kind + "'");
    return ctx.define("dst", nullptr);
  }
  ctx.define("dst", ctx.make(name, {ctx.in("src1"), ctx.in("src2")}));
}

/// Nearest-neighbour `mode` (TL_NEAREST, or old files' "nearest").
static bool checkNearest(OpContext &ctx) {
  std::optional<std::string> mode = ctx.getString("mode", std::nullopt);
  if (!mode)
    return false;
  if (*mode == "TL_NEAREST" || *mode == "nearest")
    return true;
  ctx.error(ctx.param("mode", false)->path,
            "unsupported resize mode '" + *mode + "' (only TL_NEAREST)");
  return false;
}

static void addNearestAttrs(OpContext &ctx,
                            SmallVector<NamedAttribute> &attrs) {
  MLIRContext *c = ctx.b.getContext();
  attrs.push_back(ctx.b.getNamedAttr(
      "coordinate_transform",
      CoordinateTransformAttr::get(c, CoordinateTransform::Asymmetric)));
  attrs.push_back(ctx.b.getNamedAttr(
      "nearest_mode", NearestModeAttr::get(c, NearestMode::Floor)));
}

static void buildUpsample(OpContext &ctx) {
  bool nearest = checkNearest(ctx);
  auto scales = ctx.getFloats("scales");
  if (!nearest || !scales)
    return ctx.define("dst", nullptr);
  SmallVector<float> f(scales->begin(), scales->end());
  SmallVector<NamedAttribute> attrs{
      ctx.b.getNamedAttr("scales", ctx.b.getDenseF32ArrayAttr(f))};
  addNearestAttrs(ctx, attrs);
  ctx.define("dst",
             ctx.make(ResizeOp::getOperationName(), {ctx.in("src")}, attrs));
}

static void buildResize(OpContext &ctx) {
  bool nearest = checkNearest(ctx);
  auto dims = ctx.getInts("dims", std::nullopt);
  if (!nearest || !dims)
    return ctx.define("dst", nullptr);
  SmallVector<NamedAttribute> attrs{ctx.i64s("sizes", *dims)};
  addNearestAttrs(ctx, attrs);
  ctx.define("dst",
             ctx.make(ResizeOp::getOperationName(), {ctx.in("src")}, attrs));
}

/// A tensor type from the `dtype` and `dims` params.
static RankedTensorType getCreateType(OpContext &ctx) {
  std::optional<std::string> dtype = ctx.getString("dtype", std::nullopt);
  auto dims = ctx.getInts("dims", std::nullopt);
  if (!dtype || !dims)
    return nullptr;
  Type element = parseDType(ctx.b.getContext(), *dtype);
  if (!element) {
    ctx.error(ctx.param("dtype", false)->path,
              "unknown dtype '" + *dtype + "'");
    return nullptr;
  }
  if (llvm::any_of(*dims, [](int64_t d) { return d <= 0; })) {
    ctx.error(ctx.param("dims", false)->path, "expected positive dimensions");
    return nullptr;
  }
  if (std::optional<std::string> tooMany = checkElementCount(*dims)) {
    ctx.error(ctx.param("dims", false)->path, *tooMany);
    return nullptr;
  }
  return RankedTensorType::get(*dims, element);
}

static void buildZeros(OpContext &ctx) {
  RankedTensorType type = getCreateType(ctx);
  if (!type)
    return ctx.define("dst", nullptr);
  Attribute zero = ctx.b.getZeroAttr(type.getElementType());
  auto value = DenseElementsAttr::get(type, zero);
  ctx.define("dst", ConstantOp::create(ctx.b, ctx.loc, type, value));
}

static void buildPrint(OpContext &ctx, bool toFile) {
  auto message = ctx.getString("msg", std::string());
  std::optional<std::string> file;
  if (toFile)
    file = ctx.getString("file", std::nullopt);
  Value src = ctx.in("src");
  if (!message || (toFile && !file) || !src || ctx.failed) {
    ctx.failed = true;
    return;
  }
  PrintOp::create(ctx.b, ctx.loc, src, ctx.b.getStringAttr(*message),
                  ctx.b.getStringAttr("lightnet"),
                  file ? ctx.b.getStringAttr(*file) : StringAttr());
}

static const llvm::StringMap<TypedOp> &getOpTable() {
  static const llvm::StringMap<TypedOp> table = [] {
    llvm::StringMap<TypedOp> t;
    t["relu"] = unary<ReluOp>();
    t["sigmoid"] = unary<SigmoidOp>();
    t["forward"] = unary<IdentityOp>();
    t["lrelu"] = {
        {"src"}, {"dst"}, {"negslope"}, [](OpContext &ctx) {
          auto slope = ctx.getFloat("negslope", std::nullopt);
          if (!slope)
            return ctx.define("dst", nullptr);
          ctx.define("dst",
                     ctx.make(LeakyReluOp::getOperationName(), {ctx.in("src")},
                              {ctx.b.getNamedAttr(
                                  "alpha", ctx.b.getF32FloatAttr(*slope))}));
        }};
    t["softmax"] = {
        {"src"}, {"dst"}, {"axis"}, [](OpContext &ctx) {
          auto axis = ctx.getInt("axis", std::nullopt);
          if (!axis)
            return ctx.define("dst", nullptr);
          ctx.define("dst",
                     ctx.make(SoftmaxOp::getOperationName(), {ctx.in("src")},
                              {ctx.b.getNamedAttr(
                                  "axis", ctx.b.getI64IntegerAttr(*axis))}));
        }};
    t["concat"] = {
        {"src1", "src2"}, {"dst"}, {"axis"}, [](OpContext &ctx) {
          auto axis = ctx.getInt("axis", std::nullopt);
          if (!axis)
            return ctx.define("dst", nullptr);
          ctx.define("dst",
                     ctx.make(ConcatOp::getOperationName(),
                              {ctx.in("src1"), ctx.in("src2")},
                              {ctx.b.getNamedAttr(
                                  "axis", ctx.b.getI64IntegerAttr(*axis))}));
        }};
    t["slice"] = {
        {"src"}, {"dst"}, {"axis", "start", "len"}, [](OpContext &ctx) {
          auto axis = ctx.getInt("axis", std::nullopt);
          auto start = ctx.getInt("start", std::nullopt);
          auto len = ctx.getInt("len", std::nullopt);
          if (!axis || !start || !len)
            return ctx.define("dst", nullptr);
          ctx.define("dst",
                     ctx.make(SliceOp::getOperationName(), {ctx.in("src")},
                              {ctx.i64s("starts", {*start}),
                               ctx.i64s("ends", {*start + *len}),
                               ctx.i64s("axes", {*axis})}));
        }};
    t["reshape"] = {{"src"}, {"dst"}, {"dims"}, [](OpContext &ctx) {
                      auto dims = ctx.getInts("dims", std::nullopt);
                      if (!dims)
                        return ctx.define("dst", nullptr);
                      ctx.define("dst", ctx.make(ReshapeOp::getOperationName(),
                                                 {ctx.in("src")},
                                                 {ctx.i64s("shape", *dims)}));
                    }};
    t["transpose"] = {{"src"}, {"dst"}, {"axes"}, [](OpContext &ctx) {
                        auto axes = ctx.getInts("axes", std::nullopt);
                        if (!axes)
                          return ctx.define("dst", nullptr);
                        ctx.define("dst",
                                   ctx.make(TransposeOp::getOperationName(),
                                            {ctx.in("src")},
                                            {ctx.i64s("perm", *axes)}));
                      }};
    t["maxreduce"] = {{"src"}, {"dst"}, {"axis"}, [](OpContext &ctx) {
                        auto axis = ctx.getInt("axis", std::nullopt);
                        if (!axis)
                          return ctx.define("dst", nullptr);
                        ctx.define("dst",
                                   ctx.make(ReduceMaxOp::getOperationName(),
                                            {ctx.in("src")},
                                            {ctx.i64s("axes", {*axis})}));
                      }};
    t["elew"] = {{"src1", "src2"}, {"dst"}, {"elew_op"}, buildElew};
    t["batchnorm"] = {
        {"src", "scale", "offset", "mean", "var"},
        {"dst"},
        {"epsilon"},
        [](OpContext &ctx) {
          auto eps = ctx.getFloat("epsilon", std::nullopt);
          if (!eps)
            return ctx.define("dst", nullptr);
          ctx.define("dst",
                     ctx.make(BatchNormOp::getOperationName(),
                              {ctx.in("src"), ctx.in("scale"), ctx.in("offset"),
                               ctx.in("mean"), ctx.in("var")},
                              {ctx.b.getNamedAttr(
                                  "epsilon", ctx.b.getF32FloatAttr(*eps))}));
        }};
    t["conv2d"] = {
        {"src", "weight", "bias"},
        {"dst"},
        {"group", "size", "stride", "dilation", "padding", "autopad"},
        buildConv};
    t["maxpool2d"] = {{"src"},
                      {"dst"},
                      {"size", "stride", "padding", "autopad"},
                      buildPool<MaxPoolOp>};
    t["avgpool2d"] = {{"src"},
                      {"dst"},
                      {"size", "stride", "padding", "autopad"},
                      buildPool<AvgPoolOp>};
    t["upsample"] = {{"src"}, {"dst"}, {"mode", "scales"}, buildUpsample};
    t["resize"] = {{"src"}, {"dst"}, {"mode", "dims"}, buildResize};
    t["zeros"] = {{}, {"dst"}, {"dtype", "dims"}, buildZeros};
    t["print"] = {
        {"src"}, {}, {"msg"}, [](OpContext &ctx) { buildPrint(ctx, false); }};
    t["fprint"] = {{"src"}, {}, {"msg", "file"}, [](OpContext &ctx) {
                     buildPrint(ctx, true);
                   }};
    return t;
  }();
  return table;
}

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
      if (base == "create" || getOpTable().count(base))
        return base;
    }
  return optype;
}

//===----------------------------------------------------------------------===//
// Importer
//===----------------------------------------------------------------------===//

bool Importer::matches(const LOp &op, const TypedOp &typed) {
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
    return llvm::is_contained(typed.params, p.argName);
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
  for (const auto &[user, arg] : consumers[index][out]) {
    if (llvm::is_contained({"weight", "bias", "scale", "offset", "mean", "var"},
                           arg))
      return true;
    if (graph.ops[user].optype == "reshape" &&
        graph.ops[user].outputs.size() == 1 && feedsWeight(user, 0, depth + 1))
      return true;
  }
  return false;
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
    tensors[t.name] = v;
    definitions.push_back({t.name, v});
  }
}

void Importer::importOp(size_t index, const LOp &op) {
  OpContext ctx{*this, op, gb.getBuilder(), gb.getNameLoc(op.name), {}, {}};
  // Resolve every input first: each unknown tensor is one diagnostic.
  bool poisoned = false;
  for (const TensorRef &t : op.inputs) {
    auto it = tensors.find(t.name);
    if (it == tensors.end() && options.undefinedAsInputs)
      it = tensors.insert({t.name, addUndefinedInput(ctx, t)}).first;
    if (it == tensors.end()) {
      ctx.error(t.path, "unknown tensor '" + t.name + "'");
      continue;
    }
    if (!it->second)
      poisoned = true;
    ctx.inputs[t.argName] = it->second;
    ctx.inputList.push_back(it->second);
  }
  StringRef optype = stripArch(op.optype);
  if (ctx.failed || poisoned) {
    for (const TensorRef &t : op.outputs)
      tensors[t.name] = nullptr;
    return;
  }
  if (optype == "create")
    return importCreate(ctx, index);
  const llvm::StringMap<TypedOp> &table = getOpTable();
  auto it = table.find(optype);
  // Typed ops need ranked operands: a custom op's unranked result keeps
  // its readers custom too.
  bool ranked = optype == "print" || optype == "fprint" ||
                llvm::all_of(ctx.inputList, [](Value v) {
                  return isa<RankedTensorType>(v.getType());
                });
  if (it != table.end() && ranked && matches(op, it->second)) {
    it->second.build(ctx);
    if (ctx.failed)
      for (const TensorRef &t : op.outputs)
        tensors[t.name] = nullptr;
    return;
  }
  if (options.strict && it == table.end() && !isKnownCustom(optype)) {
    ctx.error(jsonPath(op.path, "optype"),
              "unsupported optype '" + op.optype + "'");
    for (const TensorRef &t : op.outputs)
      tensors[t.name] = nullptr;
    return;
  }
  importCustom(ctx);
}

OwningOpRef<ModuleOp> Importer::run() {
  collectConsumers();
  for (auto [i, op] : llvm::enumerate(graph.ops))
    importOp(i, op);
  // Outputs: tensors produced and never consumed, in definition order.
  SmallVector<Value> results;
  SmallVector<std::string> names;
  for (auto &[name, value] : definitions)
    if (value.use_empty() && !llvm::is_contained(results, value)) {
      results.push_back(value);
      names.push_back(name);
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
