//===- RelayVizOps.cpp - RelayViz operator table ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the table of Relay operators with a typed nngraph
// operation (docs/Formats/RelayViz.md, Operator table), read by the importer
// and by the exporter, with its declarative attribute mapping (Relay's
// defaults), the checks and handlers of the quirks, and the CallContext that
// import rows read a Call through.
//
//===----------------------------------------------------------------------===//

#include "RelayVizOps.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include <cstdlib>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::relayviz;
using JValue = llvm::json::Value;
using llvm::json::Array;
using llvm::json::Object;

//===----------------------------------------------------------------------===//
// CallContext
//===----------------------------------------------------------------------===//

CallContext::CallContext(GraphBuilder &gb, const Node &call, StringRef opName,
                         StringRef nodeName)
    : NodeBinder(gb, {nodeName, call.path, opName}, gb.getNameLoc(nodeName)),
      call(call), opName(opName) {
  setScalarAsList(true);
}

void CallContext::bindAttrs(const Object *opAttrs, const Object *callAttrs,
                            StringRef path) {
  for (const Object *object : {opAttrs, callAttrs}) {
    if (!object)
      continue;
    for (const auto &kv : *object)
      attrs[kv.first] = kv.second;
    hasAttrs = true;
  }
  if (!hasAttrs)
    return;
  setAttrsPath(path.str());
  for (const auto &[key, value] : attrs)
    addAttr(key.str(), &value, jsonPath(path, key.str()));
}

bool CallContext::expectArgs(unsigned n) {
  if (args.size() == n)
    return true;
  error(jsonPath(call.path, "args"), "expected " + llvm::Twine(n) +
                                         " arguments for '" + opName +
                                         "', got " + llvm::Twine(args.size()));
  return false;
}

Value CallContext::input(unsigned i) {
  if (i >= args.size()) {
    error(jsonPath(call.path, "args"),
          "expected at least " + llvm::Twine(i + 1) + " arguments, got " +
              llvm::Twine(args.size()));
    return nullptr;
  }
  if (args[i].isTuple) {
    error(jsonPath(jsonPath(call.path, "args"), i),
          "expected a tensor, got a tuple");
    return nullptr;
  }
  return args[i].values[0];
}

RankedTensorType CallContext::inputType(unsigned i) {
  Value v = input(i);
  return v ? dyn_cast<RankedTensorType>(v.getType()) : nullptr;
}

namespace {

//===----------------------------------------------------------------------===//
// Import helpers
//===----------------------------------------------------------------------===//

/// Appends the operation `name` as the call's value. After an error at the
/// call nothing is created (one error at a time).
bool emit(CallContext &ctx, StringRef name, ValueRange operands,
          ArrayRef<NamedAttribute> attrs = {}) {
  if (ctx.failed)
    return true;
  if (Value v = ctx.create1(name, operands, attrs))
    ctx.result.values.push_back(v);
  return true;
}

/// A 2-D window attribute: one value means both axes.
SmallVector<int64_t> get2D(CallContext &ctx, StringRef key,
                           ArrayRef<int64_t> dflt) {
  SmallVector<int64_t> v = ctx.getInts(key, dflt);
  if (v.size() == 1)
    v.push_back(v[0]);
  if (v.size() != 2)
    ctx.error(ctx.attrPath(key),
              "expected 1 or 2 values, got " + llvm::Twine(v.size()));
  return v;
}

/// Relay padding: 1, 2 (symmetric) or 4 ([top, left, bottom, right]) values.
SmallVector<int64_t> getPadding(CallContext &ctx, StringRef key) {
  SmallVector<int64_t> p = ctx.getInts(key, {0, 0});
  if (p.size() == 1)
    return {p[0], p[0], p[0], p[0]};
  if (p.size() == 2)
    return {p[0], p[1], p[0], p[1]};
  if (p.size() != 4)
    ctx.error(ctx.attrPath(key),
              "expected 1, 2 or 4 values, got " + llvm::Twine(p.size()));
  return p;
}

bool isLayout(CallContext &ctx, StringRef key, StringRef expected) {
  std::string layout = ctx.getString(key, expected);
  return layout.empty() || layout == expected;
}

/// Appends the nngraph attribute of `spec` read from the call, if any.
void importAttr(CallContext &ctx, const AttrSpec &spec,
                SmallVector<NamedAttribute> &attrs) {
  switch (spec.kind) {
  case AttrKind::Int:
    attrs.push_back(ctx.i64(spec.mlir, ctx.getInt(spec.relay, spec.dflt)));
    return;
  case AttrKind::Float:
    attrs.push_back(ctx.f32(spec.mlir, ctx.getFloat(spec.relay, spec.dflt)));
    return;
  case AttrKind::OptFloat:
    if (!!ctx.has(spec.relay))
      attrs.push_back(ctx.f32(spec.mlir, ctx.getFloat(spec.relay, 0)));
    return;
  case AttrKind::Bool:
    attrs.push_back(
        ctx.flag(spec.mlir, ctx.getBool(spec.relay, spec.dflt != 0)));
    return;
  case AttrKind::OptInts:
    if (!!ctx.has(spec.relay))
      attrs.push_back(ctx.i64s(spec.mlir, ctx.getInts(spec.relay, {})));
    return;
  case AttrKind::Window:
    attrs.push_back(ctx.i64s(spec.mlir, get2D(ctx, spec.relay, spec.dflts)));
    return;
  case AttrKind::Padding:
    attrs.push_back(ctx.i64s(spec.mlir, getPadding(ctx, spec.relay)));
    return;
  case AttrKind::FixedInt:
    attrs.push_back(ctx.i64(spec.mlir, spec.dflt));
    return;
  case AttrKind::FixedBool:
    attrs.push_back(ctx.flag(spec.mlir, spec.dflt != 0));
    return;
  case AttrKind::RelayInt:
    return;
  }
}

/// A tuple whose first field is the typed result; the others (batch
/// statistics, dropout mask) are not modelled.
void asTuple(CallContext &ctx, unsigned size) {
  if (ctx.result.values.empty())
    return;
  ctx.result.isTuple = true;
  ctx.result.values.resize(size);
}

//===----------------------------------------------------------------------===//
// Import quirks
//===----------------------------------------------------------------------===//

bool convTyped(CallContext &ctx) {
  return isLayout(ctx, "data_layout", "NCHW") &&
         isLayout(ctx, "kernel_layout", "OIHW") &&
         isLayout(ctx, "out_layout", "") &&
         ctx.getString("out_dtype", "").empty();
}

bool denseTyped(CallContext &ctx) {
  return ctx.getString("out_dtype", "").empty();
}

bool batchNormTyped(CallContext &ctx) {
  return ctx.getInt("axis", 1) == 1 && ctx.getBool("center", true) &&
         ctx.getBool("scale", true);
}

bool pool2dTyped(CallContext &ctx) {
  return isLayout(ctx, "layout", "NCHW") && isLayout(ctx, "out_layout", "");
}

bool globalPoolTyped(CallContext &ctx) {
  return isLayout(ctx, "layout", "NCHW");
}

/// pad_value as a second argument: keep custom.
bool padTyped(CallContext &ctx) { return ctx.args.size() == 1; }

/// nn.bias_add: the bias broadcasts along `axis` (reshaped to C x 1 x ...).
bool importBiasAdd(CallContext &ctx) {
  if (!ctx.expectArgs(2))
    return true;
  RankedTensorType type = ctx.inputType(0);
  Value bias = ctx.input(1);
  if (!type || !bias)
    return false;
  int64_t axis = ctx.getInt("axis", 1);
  if (axis < 0)
    axis += type.getRank();
  if (axis < 0 || axis >= type.getRank()) {
    ctx.error(ctx.attrPath("axis"), "axis out of range");
    return true;
  }
  if (axis != type.getRank() - 1) {
    SmallVector<int64_t> shape(type.getRank() - axis, 1);
    shape[0] = -1;
    if (ctx.failed)
      return true;
    bias = ctx.create1<ReshapeOp>({bias}, {ctx.i64s("shape", shape)});
    if (!bias)
      return true;
  }
  return emit(ctx, AddOp::getOperationName(), {ctx.input(0), bias});
}

bool importReshape(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  if (!ctx.findAttr("newshape")) { // Present as null: an empty shape.
    ctx.error(ctx.attrPath("newshape"), "missing value");
    return true;
  }
  SmallVector<int64_t> shape = ctx.getInts("newshape", {});
  // Relay's -2/-3/-4 have no ONNX Reshape counterpart.
  if (llvm::any_of(shape, [](int64_t d) { return d < -1; }))
    return false;
  return emit(ctx, ReshapeOp::getOperationName(), {ctx.input(0)},
              {ctx.i64s("shape", shape)});
}

/// concatenate takes one Tuple argument (or, leniently, the tensors).
bool importConcatenate(CallContext &ctx) {
  SmallVector<Value> inputs;
  for (const NodeValue &arg : ctx.args)
    llvm::append_range(inputs, arg.values);
  if (inputs.empty()) {
    ctx.error(jsonPath(ctx.call.path, "args"), "expected a tuple argument");
    return true;
  }
  return emit(ctx, ConcatOp::getOperationName(), inputs,
              {ctx.i64("axis", ctx.getInt("axis", 0))});
}

bool importExpandDims(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  RankedTensorType type = ctx.inputType(0);
  if (!type)
    return false;
  if (!ctx.findAttr("axis")) {
    ctx.error(ctx.attrPath("axis"), "missing value");
    return true;
  }
  int64_t axis = ctx.getInt("axis", 0);
  int64_t count = ctx.getInt("num_newaxis", 1);
  if (count < 1)
    return false;
  if (axis < 0)
    axis += type.getRank() + 1;
  SmallVector<int64_t> axes;
  for (int64_t i = 0; i < count; ++i)
    axes.push_back(axis + i);
  return emit(ctx, UnsqueezeOp::getOperationName(), {ctx.input(0)},
              {ctx.i64s("axes", axes)});
}

/// `pad_width` [[before, after], ...] as ONNX pads (all befores, then all
/// afters); false after an error.
bool getPadWidth(CallContext &ctx, SmallVector<int64_t> &pads) {
  const NodeBinder::Attr *width = ctx.findAttr("pad_width");
  const llvm::json::Array *rows = width ? width->json->getAsArray() : nullptr;
  if (!rows) {
    ctx.error(ctx.attrPath("pad_width"), "expected [[before, after], ...]");
    return false;
  }
  SmallVector<int64_t> ends;
  for (auto [i, row] : llvm::enumerate(*rows)) {
    const llvm::json::Array *pair = row.getAsArray();
    std::optional<int64_t> b0 =
        pair && pair->size() == 2 ? (*pair)[0].getAsInteger() : std::nullopt;
    std::optional<int64_t> e0 =
        pair && pair->size() == 2 ? (*pair)[1].getAsInteger() : std::nullopt;
    if (!b0 || !e0) {
      ctx.error(jsonPath(ctx.attrPath("pad_width"), i),
                "expected [before, after]");
      return false;
    }
    pads.push_back(*b0);
    ends.push_back(*e0);
  }
  llvm::append_range(pads, ends);
  return true;
}

bool importPad(CallContext &ctx) {
  SmallVector<int64_t> pads;
  if (!getPadWidth(ctx, pads))
    return true;
  std::string mode = ctx.getString("pad_mode", "constant");
  std::optional<PadMode> padMode =
      llvm::StringSwitch<std::optional<PadMode>>(mode)
          .Case("constant", PadMode::Constant)
          .Case("edge", PadMode::Edge)
          .Case("reflect", PadMode::Reflect)
          .Default(std::nullopt);
  if (!padMode)
    return false;
  return emit(ctx, PadOp::getOperationName(), {ctx.input(0)},
              {ctx.i64s("pads", pads),
               ctx.b.getNamedAttr(
                   "mode", PadModeAttr::get(ctx.b.getContext(), *padMode)),
               ctx.f32("value", ctx.getFloat("pad_value", 0.0))});
}

bool importCast(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  RankedTensorType type = ctx.inputType(0);
  if (!type)
    return false;
  std::string dtype = ctx.getString("dtype", "");
  Type element = getDTypeElementType(ctx.b.getContext(), dtype);
  if (!element) {
    ctx.error(ctx.attrPath("dtype"), "unsupported dtype '" + dtype + "'");
    return true;
  }
  // The result type is chosen, not inferred.
  if (Value v = ctx.create1(CastOp::getOperationName(), {ctx.input(0)}, {},
                            type.clone(element)))
    ctx.result.values.push_back(v);
  return true;
}

//===----------------------------------------------------------------------===//
// Export helpers and quirks
//===----------------------------------------------------------------------===//

JValue f32Value(Attribute attr) {
  return rawFloat(cast<FloatAttr>(attr).getValueAsDouble(), true);
}

bool isAutoPadSet(Operation *op) {
  auto a = op->getAttrOfType<AutoPadAttr>("auto_pad");
  return a && a.getValue() != AutoPad::NotSet;
}

/// Writes the Relay attribute of `spec` from the operation, if any.
void exportAttr(ExportContext &ctx, const AttrSpec &spec) {
  Attribute attr = spec.mlir ? ctx.op->getAttr(spec.mlir) : Attribute();
  switch (spec.kind) {
  case AttrKind::Int:
    if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
      ctx.attrs[spec.relay] = i.getInt();
    else
      ctx.attrs[spec.relay] = static_cast<int64_t>(spec.dflt);
    return;
  case AttrKind::Float:
    ctx.attrs[spec.relay] = isa_and_nonnull<FloatAttr>(attr)
                                ? f32Value(attr)
                                : rawFloat(spec.dflt, true);
    return;
  case AttrKind::OptFloat:
    if (isa_and_nonnull<FloatAttr>(attr))
      ctx.attrs[spec.relay] = f32Value(attr);
    return;
  case AttrKind::Bool:
    if (auto b = dyn_cast_or_null<BoolAttr>(attr))
      ctx.attrs[spec.relay] = b.getValue();
    else
      ctx.attrs[spec.relay] = spec.dflt != 0;
    return;
  case AttrKind::OptInts:
  case AttrKind::Window:
  case AttrKind::Padding:
    if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
      ctx.attrs[spec.relay] = ints(a.asArrayRef());
    else if (spec.kind == AttrKind::Window)
      ctx.attrs[spec.relay] = ints(spec.dflts);
    else if (spec.kind == AttrKind::Padding)
      ctx.attrs[spec.relay] = ints({0, 0, 0, 0});
    return;
  case AttrKind::RelayInt:
    ctx.attrs[spec.relay] = static_cast<int64_t>(spec.dflt);
    return;
  case AttrKind::FixedInt:
  case AttrKind::FixedBool:
    return;
  }
}

const char *checkConv(Operation *op) {
  auto weightType = cast<ShapedType>(cast<ConvOp>(op).getWeight().getType());
  if (!weightType.hasRank() || weightType.getRank() != 4 || isAutoPadSet(op))
    return "only 2-D convolution with explicit padding has a Relay operator";
  return nullptr;
}

const char *checkGemm(Operation *op) {
  auto gemm = cast<GemmOp>(op);
  if (gemm.getAlpha().convertToDouble() != 1.0 ||
      gemm.getBeta().convertToDouble() != 1.0 || gemm.getTransA() ||
      !gemm.getTransB())
    return "only gemm with trans_b (and alpha = beta = 1) is nn.dense";
  return nullptr;
}

const char *checkPool2d(Operation *op) {
  auto kernel = op->getAttrOfType<DenseI64ArrayAttr>("kernel_shape");
  if (kernel.size() != 2 || isAutoPadSet(op))
    return "only 2-D pooling with explicit padding has a Relay operator";
  return nullptr;
}

const char *checkGlobalPool(Operation *op) {
  auto inputType = cast<ShapedType>(op->getOperand(0).getType());
  if (!inputType.hasRank() || inputType.getRank() != 4)
    return "only 2-D global pooling has a Relay operator";
  return nullptr;
}

const char *checkBatchFlatten(Operation *op) {
  if (cast<FlattenOp>(op).getAxis() != 1)
    return "only flatten with axis 1 is nn.batch_flatten";
  return nullptr;
}

/// concatenate reads one Tuple of its inputs.
LogicalResult exportConcatenate(ExportContext &ctx) {
  int64_t tuple =
      ctx.addNode(Object{{"node_kind", "Tuple"}, {"fields", ints(ctx.args)}});
  ctx.args = {tuple};
  // Signed: the ODS getter is unsigned, which wrote -1 as 2^64 - 1.
  ctx.attrs["axis"] = static_cast<int64_t>(cast<ConcatOp>(ctx.op).getAxis());
  return success();
}

LogicalResult exportExpandDims(ExportContext &ctx) {
  auto unsqueeze = cast<UnsqueezeOp>(ctx.op);
  int64_t rank = cast<ShapedType>(unsqueeze.getType()).getRank();
  SmallVector<int64_t> axes;
  for (int64_t a : unsqueeze.getAxes())
    axes.push_back(a < 0 ? a + rank : a);
  llvm::sort(axes);
  for (size_t i = 1; i < axes.size(); ++i)
    if (axes[i] != axes[0] + static_cast<int64_t>(i))
      return ctx.fail("expand_dims inserts consecutive axes only");
  ctx.attrs["axis"] = axes.empty() ? 0 : axes[0];
  ctx.attrs["num_newaxis"] = int64_t(axes.size());
  return success();
}

LogicalResult exportPad(ExportContext &ctx) {
  auto pad = cast<PadOp>(ctx.op);
  ArrayRef<int64_t> pads = pad.getPads();
  size_t rank = pads.size() / 2;
  Array width;
  for (size_t i = 0; i < rank; ++i)
    width.push_back(Array{pads[i], pads[i + rank]});
  ctx.attrs["pad_width"] = std::move(width);
  ctx.attrs["pad_mode"] = stringifyPadMode(pad.getMode());
  ctx.attrs["pad_value"] = f32Value(pad.getValueAttr());
  return success();
}

LogicalResult exportCast(ExportContext &ctx) {
  auto castOp = cast<CastOp>(ctx.op);
  std::string dtype =
      getDTypeName(cast<ShapedType>(castOp.getType()).getElementType());
  if (dtype.empty())
    return ctx.fail("the result element type has no dtype name");
  ctx.attrs["dtype"] = dtype;
  return success();
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

using K = AttrKind;
const int64_t kOnes[] = {1, 1};
const AttrSpec kLeakyRelu[] = {{"alpha", "alpha", K::Float, 0.01}};
const AttrSpec kClip[] = {{"a_min", "min", K::OptFloat},
                          {"a_max", "max", K::OptFloat}};
const AttrSpec kConv2d[] = {{"strides", "strides", K::Window, 0, kOnes},
                            {"dilation", "dilations", K::Window, 0, kOnes},
                            {"padding", "pads", K::Padding},
                            {"groups", "group", K::Int, 1}};
const AttrSpec kDense[] = {{nullptr, "trans_b", K::FixedBool, 1}};
const AttrSpec kBatchNorm[] = {{"axis", nullptr, K::RelayInt, 1},
                               {"epsilon", "epsilon", K::Float, 1e-5}};
const AttrSpec kDropout[] = {{"rate", "ratio", K::Float, 0.5}};
/// Pooling; max pooling takes all but the last.
const AttrSpec kPool2d[] = {
    {"pool_size", "kernel_shape", K::Window, 0, {}, /*required=*/true},
    {"strides", "strides", K::Window, 0, kOnes},
    {"padding", "pads", K::Padding},
    {"dilation", "dilations", K::Window, 0, kOnes},
    {"ceil_mode", "ceil_mode", K::Bool, 0},
    {"count_include_pad", "count_include_pad", K::Bool, 0}};
const AttrSpec kSoftmax[] = {{"axis", "axis", K::Int, -1}};
const AttrSpec kReshape[] = {{"newshape", "shape", K::OptInts}};
const AttrSpec kTranspose[] = {{"axes", "perm", K::OptInts}};
const AttrSpec kSqueeze[] = {{"axis", "axes", K::OptInts}};
const AttrSpec kBatchFlatten[] = {{nullptr, "axis", K::FixedInt, 1}};

const ArrayRef<AttrSpec> kNoAttrs;

template <typename OpTy>
OpSpec unary(StringRef relay) {
  return {relay, OpTy::getOperationName(), 1, 1, kNoAttrs};
}
template <typename OpTy>
OpSpec binary(StringRef relay) {
  return {relay, OpTy::getOperationName(), 2, 2, kNoAttrs};
}

const OpSpec kOpSpecs[] = {
    binary<AddOp>("add"),
    binary<SubOp>("subtract"),
    binary<MulOp>("multiply"),
    binary<DivOp>("divide"),
    binary<PowOp>("power"),
    binary<MaxOp>("maximum"),
    binary<MinOp>("minimum"),
    binary<EqualOp>("equal"),
    binary<NotEqualOp>("not_equal"),
    binary<LessOp>("less"),
    binary<LessEqualOp>("less_equal"),
    binary<GreaterOp>("greater"),
    binary<GreaterEqualOp>("greater_equal"),
    unary<ReluOp>("nn.relu"),
    unary<SigmoidOp>("sigmoid"),
    unary<TanhOp>("tanh"),
    unary<ExpOp>("exp"),
    unary<LogOp>("log"),
    unary<SqrtOp>("sqrt"),
    unary<RsqrtOp>("rsqrt"),
    unary<ErfOp>("erf"),
    unary<FloorOp>("floor"),
    unary<CeilOp>("ceil"),
    unary<RoundOp>("round"),
    unary<NegOp>("negative"),
    unary<AbsOp>("abs"),
    unary<SignOp>("sign"),
    unary<IdentityOp>("copy"),
    {"nn.leaky_relu", LeakyReluOp::getOperationName(), 1, 1, kLeakyRelu},
    {"clip", ClipOp::getOperationName(), 1, 1, kClip},
    // Extension: a third argument is the bias (the exporter writes it so
    // that the conv comes back as one op; RelayViz.md, Export).
    {"nn.conv2d", ConvOp::getOperationName(), 2, 3, kConv2d, 0, convTyped,
     checkConv},
    {"nn.bias_add", AddOp::getOperationName(), 2, 2, kNoAttrs, 0, nullptr,
     nullptr, importBiasAdd, nullptr,
     /*exported=*/false},
    // Extension: a third argument is the gemm's C.
    {"nn.dense", GemmOp::getOperationName(), 2, 3, kDense, 0, denseTyped,
     checkGemm},
    {"nn.batch_norm", BatchNormOp::getOperationName(), 5, 5, kBatchNorm, 3,
     batchNormTyped},
    {"nn.dropout", DropoutOp::getOperationName(), 1, 1, kDropout, 2},
    {"nn.max_pool2d", MaxPoolOp::getOperationName(), 1, 1,
     ArrayRef(kPool2d).drop_back(), 0, pool2dTyped, checkPool2d},
    {"nn.avg_pool2d", AvgPoolOp::getOperationName(), 1, 1, kPool2d, 0,
     pool2dTyped, checkPool2d},
    {"nn.global_avg_pool2d", GlobalAvgPoolOp::getOperationName(), 1, 1,
     kNoAttrs, 0, globalPoolTyped, checkGlobalPool},
    {"nn.global_max_pool2d", GlobalMaxPoolOp::getOperationName(), 1, 1,
     kNoAttrs, 0, globalPoolTyped, checkGlobalPool},
    {"nn.softmax", SoftmaxOp::getOperationName(), 1, 1, kSoftmax},
    {"nn.log_softmax", LogSoftmaxOp::getOperationName(), 1, 1, kSoftmax},
    {"reshape", ReshapeOp::getOperationName(), 1, 1, kReshape, 0, nullptr,
     nullptr, importReshape},
    {"transpose", TransposeOp::getOperationName(), 1, 1, kTranspose},
    {"concatenate", ConcatOp::getOperationName(), 1, 1, kNoAttrs, 0, nullptr,
     nullptr, importConcatenate, exportConcatenate},
    {"nn.batch_flatten", FlattenOp::getOperationName(), 1, 1, kBatchFlatten, 0,
     nullptr, checkBatchFlatten},
    {"expand_dims", UnsqueezeOp::getOperationName(), 1, 1, kNoAttrs, 0, nullptr,
     nullptr, importExpandDims, exportExpandDims},
    {"squeeze", SqueezeOp::getOperationName(), 1, 1, kSqueeze},
    {"nn.pad", PadOp::getOperationName(), 1, 1, kNoAttrs, 0, padTyped, nullptr,
     importPad, exportPad},
    {"cast", CastOp::getOperationName(), 1, 1, kNoAttrs, 0, nullptr, nullptr,
     importCast, exportCast},
};

} // namespace

//===----------------------------------------------------------------------===//
// Reading the table
//===----------------------------------------------------------------------===//

ArrayRef<OpSpec> relayviz::getOpSpecs() { return kOpSpecs; }

const OpSpec *relayviz::lookupRelay(StringRef relay) {
  static const llvm::StringMap<const OpSpec *> table = [] {
    llvm::StringMap<const OpSpec *> t;
    for (const OpSpec &spec : kOpSpecs)
      t[spec.relay] = &spec;
    return t;
  }();
  return table.lookup(relay);
}

const OpSpec *relayviz::lookupMLIR(StringRef mlir) {
  static const llvm::StringMap<const OpSpec *> table = [] {
    llvm::StringMap<const OpSpec *> t;
    for (const OpSpec &spec : kOpSpecs)
      if (spec.exported)
        t.try_emplace(spec.mlir, &spec);
    return t;
  }();
  return table.lookup(mlir);
}

bool relayviz::importCall(CallContext &ctx, const OpSpec &spec) {
  if (spec.importCheck && !spec.importCheck(ctx))
    return false;
  if (spec.importFn)
    return spec.importFn(ctx);
  if ((ctx.args.size() < spec.minArgs || ctx.args.size() > spec.maxArgs) &&
      !ctx.expectArgs(spec.minArgs))
    return true;
  SmallVector<Value> operands;
  for (unsigned i = 0; i < ctx.args.size(); ++i)
    operands.push_back(ctx.input(i));
  for (const AttrSpec &attr : spec.attrs)
    if (attr.required && !ctx.findAttr(attr.relay)) {
      ctx.error(ctx.attrPath(attr.relay), "missing value");
      return true;
    }
  SmallVector<NamedAttribute> attrs;
  for (const AttrSpec &attr : spec.attrs)
    importAttr(ctx, attr, attrs);
  emit(ctx, spec.mlir, operands, attrs);
  if (spec.tupleSize)
    asTuple(ctx, spec.tupleSize);
  return true;
}

LogicalResult relayviz::exportAttrs(ExportContext &ctx, const OpSpec &spec) {
  if (spec.exportCheck)
    if (const char *reason = spec.exportCheck(ctx.op))
      return ctx.fail(reason);
  ctx.hasAttrs =
      spec.exportFn || llvm::any_of(spec.attrs, [](const AttrSpec &attr) {
        return attr.relay != nullptr;
      });
  if (spec.exportFn)
    return spec.exportFn(ctx);
  for (const AttrSpec &attr : spec.attrs)
    exportAttr(ctx, attr);
  return success();
}

JValue relayviz::rawFloat(double value, bool isF32) {
  std::string text;
  for (int digits = 1; digits <= 17; ++digits) {
    text.clear();
    llvm::raw_string_ostream os(text);
    os << llvm::format("%.*g", digits, value);
    double parsed = std::strtod(text.c_str(), nullptr);
    if (isF32 ? static_cast<float>(parsed) == static_cast<float>(value)
              : parsed == value)
      break;
  }
  if (text.find_first_of(".eni") == std::string::npos)
    text += ".0";
  return Object{{"$raw", text}};
}

Array relayviz::ints(ArrayRef<int64_t> values) {
  Array a;
  for (int64_t v : values)
    a.push_back(v);
  return a;
}
