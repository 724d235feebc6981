//===- RelayVizOpTable.cpp - Relay operator mappings ------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file maps Relay operators (FORMATS.md section 6.3) to nngraph
// operations, one handler per operator family, registered by name in one
// table. Attributes are native JSON values with Relay's defaults; a 4-value
// `padding` is [top, left, bottom, right], ONNX's order. Handlers return
// false for attribute values without a typed form (a layout other than NCHW,
// say), and the call then stays `nngraph.custom`.
//
//===----------------------------------------------------------------------===//

#include "RelayVizImportInternal.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::relayviz;
using JValue = llvm::json::Value;

//===----------------------------------------------------------------------===//
// CallContext
//===----------------------------------------------------------------------===//

void CallContext::error(StringRef path, const llvm::Twine &message) {
  failed = true;
  gb.emitNodeError(nodeName, path, message);
}

std::string CallContext::attrPath(StringRef key) const {
  return jsonPath(attrsPath.empty() ? jsonPath(call.path, "attrs") : attrsPath,
                  key);
}

const JValue *CallContext::findAttr(StringRef key) const {
  return attrs.get(key);
}

bool CallContext::isNull(StringRef key) const {
  const JValue *v = findAttr(key);
  return !v || v->kind() == JValue::Null;
}

int64_t CallContext::getInt(StringRef key, int64_t dflt) {
  const JValue *v = findAttr(key);
  if (!v || v->kind() == JValue::Null)
    return dflt;
  if (std::optional<int64_t> i = v->getAsInteger())
    return *i;
  error(attrPath(key), "expected integer, got " + describeKind(*v));
  return dflt;
}

double CallContext::getFloat(StringRef key, double dflt) {
  const JValue *v = findAttr(key);
  if (!v || v->kind() == JValue::Null)
    return dflt;
  if (std::optional<double> d = v->getAsNumber())
    return *d;
  error(attrPath(key), "expected number, got " + describeKind(*v));
  return dflt;
}

bool CallContext::getBool(StringRef key, bool dflt) {
  const JValue *v = findAttr(key);
  if (!v || v->kind() == JValue::Null)
    return dflt;
  if (std::optional<bool> flag = v->getAsBoolean())
    return *flag;
  if (std::optional<int64_t> i = v->getAsInteger(); i && (*i == 0 || *i == 1))
    return *i;
  error(attrPath(key), "expected boolean, got " + describeKind(*v));
  return dflt;
}

std::string CallContext::getString(StringRef key, StringRef dflt) {
  const JValue *v = findAttr(key);
  if (!v || v->kind() == JValue::Null)
    return dflt.str();
  if (std::optional<StringRef> s = v->getAsString())
    return s->str();
  error(attrPath(key), "expected string, got " + describeKind(*v));
  return dflt.str();
}

SmallVector<int64_t> CallContext::getInts(StringRef key,
                                          ArrayRef<int64_t> dflt) {
  const JValue *v = findAttr(key);
  if (!v || v->kind() == JValue::Null)
    return SmallVector<int64_t>(dflt);
  if (std::optional<int64_t> i = v->getAsInteger())
    return {*i};
  SmallVector<int64_t> result;
  const llvm::json::Array *a = v->getAsArray();
  if (!a) {
    error(attrPath(key), "expected integer list, got " + describeKind(*v));
    return SmallVector<int64_t>(dflt);
  }
  for (auto [i, item] : llvm::enumerate(*a)) {
    std::optional<int64_t> n = item.getAsInteger();
    if (!n) {
      error(jsonPath(attrPath(key), i),
            "expected integer, got " + describeKind(item));
      return SmallVector<int64_t>(dflt);
    }
    result.push_back(*n);
  }
  return result;
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
  if (args[i]->isTuple) {
    error(jsonPath(jsonPath(call.path, "args"), i),
          "expected a tensor, got a tuple");
    return nullptr;
  }
  return args[i]->values[0];
}

RankedTensorType CallContext::inputType(unsigned i) {
  Value v = input(i);
  return v ? dyn_cast<RankedTensorType>(v.getType()) : nullptr;
}

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Creates `name` with result types from its InferTypeOpInterface; null
/// (and an error at the node) when they cannot be inferred.
Operation *makeOp(CallContext &ctx, StringRef name, ValueRange operands,
                  ArrayRef<NamedAttribute> attrs, unsigned numResults = 1) {
  if (ctx.failed || llvm::is_contained(operands, Value())) {
    ctx.failed = true;
    return nullptr;
  }
  OperationState state(ctx.loc, name);
  state.addOperands(operands);
  state.addAttributes(attrs);
  state.addTypes(SmallVector<Type>(numResults, ctx.b.getNoneType()));
  Operation *op = ctx.b.create(state);
  SmallVector<Type> types;
  if (failed(inferResultTypes(cast<InferTypeOpInterface>(op), types)) ||
      types.size() != numResults) {
    op->erase();
    ctx.error(ctx.call.path, "cannot build '" + name + "' for operator '" +
                                 ctx.opName + "' (see the error above)");
    return nullptr;
  }
  for (auto [result, type] : llvm::zip_equal(op->getResults(), types))
    result.setType(type);
  return op;
}

template <typename OpTy>
bool emit(CallContext &ctx, ValueRange operands,
          ArrayRef<NamedAttribute> attrs = {}) {
  Operation *op = makeOp(ctx, OpTy::getOperationName(), operands, attrs);
  if (op)
    ctx.result.values.push_back(op->getResult(0));
  return true;
}

NamedAttribute i64s(CallContext &ctx, StringRef name, ArrayRef<int64_t> v) {
  return ctx.b.getNamedAttr(name, ctx.b.getDenseI64ArrayAttr(v));
}
NamedAttribute i64(CallContext &ctx, StringRef name, int64_t v) {
  return ctx.b.getNamedAttr(name, ctx.b.getI64IntegerAttr(v));
}
NamedAttribute f32(CallContext &ctx, StringRef name, double v) {
  return ctx.b.getNamedAttr(name, ctx.b.getF32FloatAttr(v));
}
NamedAttribute flag(CallContext &ctx, StringRef name, bool v) {
  return ctx.b.getNamedAttr(name, ctx.b.getBoolAttr(v));
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
SmallVector<int64_t> getPadding(CallContext &ctx) {
  SmallVector<int64_t> p = ctx.getInts("padding", {0, 0});
  if (p.size() == 1)
    return {p[0], p[0], p[0], p[0]};
  if (p.size() == 2)
    return {p[0], p[1], p[0], p[1]};
  if (p.size() != 4)
    ctx.error(ctx.attrPath("padding"),
              "expected 1, 2 or 4 values, got " + llvm::Twine(p.size()));
  return p;
}

bool isLayout(CallContext &ctx, StringRef key, StringRef expected) {
  std::string layout = ctx.getString(key, expected);
  return layout.empty() || layout == expected;
}

//===----------------------------------------------------------------------===//
// Handlers
//===----------------------------------------------------------------------===//

template <typename OpTy>
bool unary(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  return emit<OpTy>(ctx, {ctx.input(0)});
}

template <typename OpTy>
bool binary(CallContext &ctx) {
  if (!ctx.expectArgs(2))
    return true;
  return emit<OpTy>(ctx, {ctx.input(0), ctx.input(1)});
}

bool leakyRelu(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  return emit<LeakyReluOp>(ctx, {ctx.input(0)},
                           {f32(ctx, "alpha", ctx.getFloat("alpha", 0.01))});
}

bool clip(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  SmallVector<NamedAttribute> attrs;
  if (!ctx.isNull("a_min"))
    attrs.push_back(f32(ctx, "min", ctx.getFloat("a_min", 0)));
  if (!ctx.isNull("a_max"))
    attrs.push_back(f32(ctx, "max", ctx.getFloat("a_max", 0)));
  return emit<ClipOp>(ctx, {ctx.input(0)}, attrs);
}

bool conv2d(CallContext &ctx) {
  if (!isLayout(ctx, "data_layout", "NCHW") ||
      !isLayout(ctx, "kernel_layout", "OIHW") ||
      !isLayout(ctx, "out_layout", "") ||
      !ctx.getString("out_dtype", "").empty())
    return false;
  // Extension: a third argument is the bias (written by the exporter).
  if (ctx.args.size() != 3 && !ctx.expectArgs(2))
    return true;
  SmallVector<Value> operands{ctx.input(0), ctx.input(1)};
  if (ctx.args.size() == 3)
    operands.push_back(ctx.input(2));
  return emit<ConvOp>(ctx, operands,
                      {i64s(ctx, "strides", get2D(ctx, "strides", {1, 1})),
                       i64s(ctx, "dilations", get2D(ctx, "dilation", {1, 1})),
                       i64s(ctx, "pads", getPadding(ctx)),
                       i64(ctx, "group", ctx.getInt("groups", 1))});
}

/// nn.bias_add: the bias broadcasts along `axis` (reshaped to C x 1 x ...).
bool biasAdd(CallContext &ctx) {
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
    Operation *r = makeOp(ctx, ReshapeOp::getOperationName(), {bias},
                          {i64s(ctx, "shape", shape)});
    if (!r)
      return true;
    bias = r->getResult(0);
  }
  return emit<AddOp>(ctx, {ctx.input(0), bias});
}

bool dense(CallContext &ctx) {
  if (!ctx.getString("out_dtype", "").empty())
    return false;
  // Extension: a third argument is the gemm's C (written by the exporter).
  if (ctx.args.size() != 3 && !ctx.expectArgs(2))
    return true;
  SmallVector<Value> operands{ctx.input(0), ctx.input(1)};
  if (ctx.args.size() == 3)
    operands.push_back(ctx.input(2));
  return emit<GemmOp>(ctx, operands, {flag(ctx, "trans_b", true)});
}

/// A tuple whose first field is the typed result; the others (batch
/// statistics, dropout mask) are not modelled.
void asTuple(CallContext &ctx, unsigned size) {
  if (ctx.result.values.empty())
    return;
  ctx.result.isTuple = true;
  ctx.result.values.resize(size);
}

bool batchNorm(CallContext &ctx) {
  if (ctx.getInt("axis", 1) != 1 || !ctx.getBool("center", true) ||
      !ctx.getBool("scale", true))
    return false;
  if (!ctx.expectArgs(5))
    return true;
  emit<BatchNormOp>(
      ctx,
      {ctx.input(0), ctx.input(1), ctx.input(2), ctx.input(3), ctx.input(4)},
      {f32(ctx, "epsilon", ctx.getFloat("epsilon", 1e-5))});
  asTuple(ctx, 3);
  return true;
}

bool dropout(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  emit<DropoutOp>(ctx, {ctx.input(0)},
                  {f32(ctx, "ratio", ctx.getFloat("rate", 0.5))});
  asTuple(ctx, 2);
  return true;
}

template <typename OpTy, bool isAvg>
bool pool2d(CallContext &ctx) {
  if (!isLayout(ctx, "layout", "NCHW") || !isLayout(ctx, "out_layout", ""))
    return false;
  if (!ctx.expectArgs(1))
    return true;
  if (!ctx.findAttr("pool_size")) {
    ctx.error(ctx.attrPath("pool_size"), "missing value");
    return true;
  }
  SmallVector<NamedAttribute> attrs{
      i64s(ctx, "kernel_shape", get2D(ctx, "pool_size", {})),
      i64s(ctx, "strides", get2D(ctx, "strides", {1, 1})),
      i64s(ctx, "pads", getPadding(ctx)),
      i64s(ctx, "dilations", get2D(ctx, "dilation", {1, 1})),
      flag(ctx, "ceil_mode", ctx.getBool("ceil_mode", false))};
  if (isAvg)
    attrs.push_back(flag(ctx, "count_include_pad",
                         ctx.getBool("count_include_pad", false)));
  return emit<OpTy>(ctx, {ctx.input(0)}, attrs);
}

template <typename OpTy>
bool globalPool(CallContext &ctx) {
  if (!isLayout(ctx, "layout", "NCHW"))
    return false;
  return unary<OpTy>(ctx);
}

template <typename OpTy>
bool softmax(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  return emit<OpTy>(ctx, {ctx.input(0)},
                    {i64(ctx, "axis", ctx.getInt("axis", -1))});
}

bool reshape(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  if (!ctx.findAttr("newshape")) {
    ctx.error(ctx.attrPath("newshape"), "missing value");
    return true;
  }
  SmallVector<int64_t> shape = ctx.getInts("newshape", {});
  // Relay's -2/-3/-4 have no ONNX Reshape counterpart.
  if (llvm::any_of(shape, [](int64_t d) { return d < -1; }))
    return false;
  return emit<ReshapeOp>(ctx, {ctx.input(0)}, {i64s(ctx, "shape", shape)});
}

bool transpose(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  SmallVector<NamedAttribute> attrs;
  if (!ctx.isNull("axes"))
    attrs.push_back(i64s(ctx, "perm", ctx.getInts("axes", {})));
  return emit<TransposeOp>(ctx, {ctx.input(0)}, attrs);
}

/// concatenate takes one Tuple argument (or, leniently, the tensors).
bool concatenate(CallContext &ctx) {
  SmallVector<Value> inputs;
  for (const NodeValue *arg : ctx.args)
    llvm::append_range(inputs, arg->values);
  if (inputs.empty()) {
    ctx.error(jsonPath(ctx.call.path, "args"), "expected a tuple argument");
    return true;
  }
  return emit<ConcatOp>(ctx, inputs, {i64(ctx, "axis", ctx.getInt("axis", 0))});
}

bool batchFlatten(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  return emit<FlattenOp>(ctx, {ctx.input(0)}, {i64(ctx, "axis", 1)});
}

bool expandDims(CallContext &ctx) {
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
  return emit<UnsqueezeOp>(ctx, {ctx.input(0)}, {i64s(ctx, "axes", axes)});
}

bool squeeze(CallContext &ctx) {
  if (!ctx.expectArgs(1))
    return true;
  SmallVector<NamedAttribute> attrs;
  if (!ctx.isNull("axis"))
    attrs.push_back(i64s(ctx, "axes", ctx.getInts("axis", {})));
  return emit<SqueezeOp>(ctx, {ctx.input(0)}, attrs);
}

bool pad(CallContext &ctx) {
  if (ctx.args.size() != 1)
    return false; // pad_value as a second argument: keep custom.
  const JValue *width = ctx.findAttr("pad_width");
  const llvm::json::Array *rows = width ? width->getAsArray() : nullptr;
  if (!rows) {
    ctx.error(ctx.attrPath("pad_width"), "expected [[before, after], ...]");
    return true;
  }
  SmallVector<int64_t> begins, ends;
  for (auto [i, row] : llvm::enumerate(*rows)) {
    const llvm::json::Array *pair = row.getAsArray();
    std::optional<int64_t> b0 =
        pair && pair->size() == 2 ? (*pair)[0].getAsInteger() : std::nullopt;
    std::optional<int64_t> e0 =
        pair && pair->size() == 2 ? (*pair)[1].getAsInteger() : std::nullopt;
    if (!b0 || !e0) {
      ctx.error(jsonPath(ctx.attrPath("pad_width"), i),
                "expected [before, after]");
      return true;
    }
    begins.push_back(*b0);
    ends.push_back(*e0);
  }
  llvm::append_range(begins, ends);
  std::string mode = ctx.getString("pad_mode", "constant");
  std::optional<PadMode> padMode =
      llvm::StringSwitch<std::optional<PadMode>>(mode)
          .Case("constant", PadMode::Constant)
          .Case("edge", PadMode::Edge)
          .Case("reflect", PadMode::Reflect)
          .Default(std::nullopt);
  if (!padMode)
    return false;
  return emit<PadOp>(
      ctx, {ctx.input(0)},
      {i64s(ctx, "pads", begins),
       ctx.b.getNamedAttr("mode",
                          PadModeAttr::get(ctx.b.getContext(), *padMode)),
       f32(ctx, "value", ctx.getFloat("pad_value", 0.0))});
}

bool castOp(CallContext &ctx) {
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
  ctx.result.values.push_back(
      CastOp::create(ctx.b, ctx.loc, type.clone(element), ctx.input(0)));
  return true;
}

const llvm::StringMap<OpHandler> &getOpTable() {
  static const llvm::StringMap<OpHandler> table = {
      {"add", binary<AddOp>},
      {"subtract", binary<SubOp>},
      {"multiply", binary<MulOp>},
      {"divide", binary<DivOp>},
      {"power", binary<PowOp>},
      {"maximum", binary<MaxOp>},
      {"minimum", binary<MinOp>},
      {"equal", binary<EqualOp>},
      {"not_equal", binary<NotEqualOp>},
      {"less", binary<LessOp>},
      {"less_equal", binary<LessEqualOp>},
      {"greater", binary<GreaterOp>},
      {"greater_equal", binary<GreaterEqualOp>},
      {"nn.relu", unary<ReluOp>},
      {"sigmoid", unary<SigmoidOp>},
      {"tanh", unary<TanhOp>},
      {"exp", unary<ExpOp>},
      {"log", unary<LogOp>},
      {"sqrt", unary<SqrtOp>},
      {"rsqrt", unary<RsqrtOp>},
      {"erf", unary<ErfOp>},
      {"floor", unary<FloorOp>},
      {"ceil", unary<CeilOp>},
      {"round", unary<RoundOp>},
      {"negative", unary<NegOp>},
      {"abs", unary<AbsOp>},
      {"copy", unary<IdentityOp>},
      {"nn.leaky_relu", leakyRelu},
      {"clip", clip},
      {"nn.conv2d", conv2d},
      {"nn.bias_add", biasAdd},
      {"nn.dense", dense},
      {"nn.batch_norm", batchNorm},
      {"nn.dropout", dropout},
      {"nn.max_pool2d", pool2d<MaxPoolOp, false>},
      {"nn.avg_pool2d", pool2d<AvgPoolOp, true>},
      {"nn.global_avg_pool2d", globalPool<GlobalAvgPoolOp>},
      {"nn.global_max_pool2d", globalPool<GlobalMaxPoolOp>},
      {"nn.softmax", softmax<SoftmaxOp>},
      {"nn.log_softmax", softmax<LogSoftmaxOp>},
      {"reshape", reshape},
      {"transpose", transpose},
      {"concatenate", concatenate},
      {"nn.batch_flatten", batchFlatten},
      {"expand_dims", expandDims},
      {"squeeze", squeeze},
      {"nn.pad", pad},
      {"cast", castOp},
  };
  return table;
}

} // namespace

const OpHandler *relayviz::lookupOpHandler(StringRef op) {
  const llvm::StringMap<OpHandler> &table = getOpTable();
  auto it = table.find(op);
  return it == table.end() ? nullptr : &it->second;
}
