//===- NNVMOpsQuantized.cpp - MXNet's int8 operators ------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements MXNet's int8 inference operators as exact
// decompositions into typed operations: `_contrib_quantize_v2`,
// `_contrib_requantize`, `_contrib_dequantize` (rows of the NNVM table) and
// the quantized `_sg_mkldnn_conv` subgraph node (Importer::
// importQuantizedConv), as MXNet 1.9.1 computes them with MKLDNN
// (src/operator/quantization/quantization_utils.h, mkldnn_quantize_v2-inl.h,
// mkldnn_requantize-inl.h, mkldnn_dequantize-inl.h,
// subgraph/mkldnn/mkldnn_conv.cc): the same scales in float32, in the same
// order, rounded half to even and saturated as MKLDNN's reorders do. Integer
// values travel as int8 (signed) or ui8 (MXNet's uint8 here: the quantized
// values are read, so their sign matters), accumulators as i32, ranges as
// MXNet's one-element float32 tensors. docs/Formats/NNVM.md ("Quantized
// graphs") lists the forms and what stays custom.
//
//===----------------------------------------------------------------------===//

#include "NNVMOps.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

namespace {

void markFailed(NodeContext &ctx) { ctx.failed = true; }

/// MXNet's quantized ranges (quantization_utils.h): kInt8Range and
/// kUint8Range scale data into int8/uint8; the int32 range is
/// MinAbs(INT32_MIN, INT32_MAX) as a float.
constexpr double kInt8Range = 127.5;
constexpr double kUint8Range = 255.5;
constexpr double kInt32Range = 2147483648.0;
/// GetQuantizeScale's scale for a zero range (MaxValue<int32_t>()).
constexpr double kZeroRangeScale = 2147483647.0;

/// Arithmetic on the node's values: every helper returns null once
/// something failed (the node is marked failed), and takes null operands.
/// Operations are built in statement order: two arguments that both build
/// operations would be built in the compiler's order of evaluation (GCC
/// and Clang differ), and the imported IR with them.
struct QuantBuilder {
  NodeContext &ctx;

  Type f32() { return ctx.b.getF32Type(); }
  Value cst(double v) { return ctx.splat(v, f32()); }

  template <typename OpTy>
  Value binary(Value a, Value b) {
    return a && b ? ctx.create1<OpTy>({a, b}) : Value();
  }
  template <typename OpTy>
  Value unary(Value a, ArrayRef<NamedAttribute> attrs = {}) {
    return a ? ctx.create1<OpTy>({a}, attrs) : Value();
  }
  Value add(Value a, Value b) { return binary<AddOp>(a, b); }
  Value sub(Value a, Value b) { return binary<SubOp>(a, b); }
  Value mul(Value a, Value b) { return binary<MulOp>(a, b); }
  Value div(Value a, Value b) { return binary<DivOp>(a, b); }
  Value max(Value a, Value b) { return binary<MaxOp>(a, b); }
  Value min(Value a, Value b) { return binary<MinOp>(a, b); }
  Value where(Value c, Value a, Value b) {
    return c && a && b ? ctx.create1<WhereOp>({c, a, b}) : Value();
  }

  Value castTo(Value v, Type element) {
    if (!v)
      return v;
    auto type = cast<RankedTensorType>(v.getType());
    if (type.getElementType() == element)
      return v;
    return ctx.create1(CastOp::getOperationName(), v, {}, type.clone(element));
  }
  Value reshape(Value v, ArrayRef<int64_t> shape) {
    return unary<ReshapeOp>(v, {ctx.i64s("shape", shape)});
  }
  /// MXNet's (1,) range tensor as a rank-0 float32 value.
  Value scalar(Value v) {
    v = castTo(v, f32());
    if (!v || cast<RankedTensorType>(v.getType()).getRank() == 0)
      return v;
    return reshape(v, {});
  }
  /// A rank-0 value as MXNet's (1,) range output.
  Value rangeOutput(Value v) { return reshape(v, {1}); }

  /// The minimum or maximum over `axes` (every axis when empty).
  Value reduce(Value v, bool isMax, ArrayRef<int64_t> axes = {}) {
    if (!v)
      return v;
    SmallVector<int64_t> all(axes);
    if (all.empty())
      all = llvm::to_vector(
          llvm::seq<int64_t>(0, cast<RankedTensorType>(v.getType()).getRank()));
    SmallVector<NamedAttribute> attrs = {ctx.i64s("axes", all),
                                         ctx.flag("keepdims", false)};
    return isMax ? unary<ReduceMaxOp>(v, attrs) : unary<ReduceMinOp>(v, attrs);
  }
  /// MaxAbs(a, b).
  Value maxAbs(Value a, Value b) {
    Value absA = unary<AbsOp>(a);
    Value absB = unary<AbsOp>(b);
    return max(absA, absB);
  }
  /// GetQuantizeScale: quantizedRange / realRange, MaxValue<int32_t>() for
  /// a zero range.
  Value quantizeScale(Value realRange, double quantizedRange) {
    Value zero = cst(0);
    Value isZero =
        realRange ? ctx.create1<EqualOp>({realRange, zero}) : Value();
    Value zeroRangeScale = cst(kZeroRangeScale);
    Value scale = div(cst(quantizedRange), realRange);
    return where(isZero, zeroRangeScale, scale);
  }
  /// MKLDNN's reorder to an integer type: round half to even, saturate.
  Value roundSaturate(Value v, Type element) {
    double lo, hi;
    if (element.isUnsignedInteger(8)) {
      lo = 0, hi = 255;
    } else if (element.isInteger(8)) {
      lo = -128, hi = 127;
    } else {
      // The largest float32 below 2^31.
      lo = -2147483648.0, hi = 2147483520.0;
    }
    v = unary<RoundOp>(v);
    v = unary<ClipOp>(v, {ctx.f32("min", lo), ctx.f32("max", hi)});
    return castTo(v, element);
  }
};

Type getInt8(NodeContext &ctx) { return ctx.b.getIntegerType(8); }
Type getUInt8(NodeContext &ctx) {
  return ctx.b.getIntegerType(8, /*isSigned=*/false);
}

/// The calibrated range (min_calib_range, max_calib_range), when both are
/// given.
std::optional<std::pair<double, double>> getCalibRange(NodeContext &ctx) {
  if (!ctx.has("min_calib_range") || !ctx.has("max_calib_range"))
    return std::nullopt;
  return std::make_pair(ctx.getFloat("min_calib_range", 0),
                        ctx.getFloat("max_calib_range", 0));
}

/// GetQuantizeOutputType: uint8 or int8 (false).
std::optional<bool>
isUInt8Output(NodeContext &ctx,
              std::optional<std::pair<double, double>> calib) {
  std::string outType = ctx.getString("out_type", "int8");
  if (!ctx.checkEnum("out_type", outType, {"auto", "int8", "uint8"}))
    return std::nullopt;
  if (outType == "auto")
    return calib && calib->first >= 0;
  return outType == "uint8";
}

/// A (1,) or scalar float range input.
Value rangeInput(NodeContext &ctx, QuantBuilder &q, unsigned i) {
  return q.scalar(ctx.input(i, RankedTensorType::get({1}, q.f32())));
}

/// _contrib_quantize_v2: float data to int8 (scale kInt8Range / MaxAbs of
/// the range; outputs -range, range) or uint8 (scale kUint8Range /
/// MaxAbs; outputs the range itself). The range is the calibrated one, else
/// the data's own minimum and maximum. Quantized data passes through with
/// MXNet's nominal range.
void importQuantizeV2(NodeContext &ctx, const OpRow &) {
  QuantBuilder q{ctx};
  std::optional<std::pair<double, double>> calib = getCalibRange(ctx);
  std::optional<bool> uint8 = isUInt8Output(ctx, calib);
  RankedTensorType x = ctx.inputType(0);
  if (!x || !uint8)
    return;
  Type element = x.getElementType();
  if (element.isInteger(8)) {
    bool isUnsigned = element.isUnsignedInteger(8);
    ctx.results.push_back(ctx.input(0));
    double lo = calib ? calib->first : isUnsigned ? 0 : -kInt8Range;
    double hi = calib ? calib->second : isUnsigned ? kUint8Range : kInt8Range;
    ctx.results.push_back(q.rangeOutput(q.cst(lo)));
    ctx.results.push_back(q.rangeOutput(q.cst(hi)));
    return;
  }
  if (!isa<FloatType>(element))
    return ctx.error(jsonPath(jsonPath(ctx.source.path, "inputs"), 0),
                     "expected float, int8 or uint8 data");
  Value data = q.castTo(ctx.input(0), q.f32());
  Value lo = calib ? q.cst(calib->first) : q.reduce(data, /*isMax=*/false);
  Value hi = calib ? q.cst(calib->second) : q.reduce(data, /*isMax=*/true);
  Value range = q.maxAbs(lo, hi);
  // MXNet divides by a zero range; a zero scale keeps the zeros zero.
  Value scale = q.quantizeScale(range, *uint8 ? kUint8Range : kInt8Range);
  Value out = q.roundSaturate(q.mul(data, scale),
                              *uint8 ? getUInt8(ctx) : getInt8(ctx));
  Value outLo = *uint8 ? lo : q.sub(q.cst(0), range);
  Value outHi = *uint8 ? hi : range;
  for (Value v : {out, q.rangeOutput(outLo), q.rangeOutput(outHi)})
    setResult(ctx, v);
}

/// _contrib_requantize: int32 data with its float range to int8 (or
/// uint8): the real range is the calibrated one, else MaxAbs of the data
/// times MaxAbs(min, max) / kInt32Range; each value is scaled by
/// (MaxAbs(min, max) / kInt32Range) * (127 / real range), rounded and
/// saturated; the outputs' range is -real, real (0, real for uint8).
void importRequantize(NodeContext &ctx, const OpRow &) {
  QuantBuilder q{ctx};
  std::optional<std::pair<double, double>> calib = getCalibRange(ctx);
  std::optional<bool> uint8 = isUInt8Output(ctx, calib);
  RankedTensorType x = ctx.inputType(0);
  if (!x || !uint8)
    return;
  if (!x.getElementType().isInteger(32))
    return ctx.error(jsonPath(jsonPath(ctx.source.path, "inputs"), 0),
                     "expected int32 data");
  Value data = q.castTo(ctx.input(0), q.f32());
  Value inLo = rangeInput(ctx, q, 1);
  Value inHi = rangeInput(ctx, q, 2);
  Value inRange = q.maxAbs(inLo, inHi);
  Value real;
  if (calib) {
    Value lo = q.cst(calib->first);
    Value hi = q.cst(calib->second);
    real = q.maxAbs(lo, hi);
  } else {
    Value dataRange = q.reduce(q.unary<AbsOp>(data), /*isMax=*/true);
    Value product = q.mul(dataRange, inRange);
    real = q.div(product, q.cst(kInt32Range));
  }
  Value first = q.div(inRange, q.cst(kInt32Range));
  Value second = q.div(q.cst(*uint8 ? 255 : 127), real);
  // All zeros (a zero real range): MXNet scales by infinity; zeros stay.
  Value isZero = real ? ctx.create1<EqualOp>({real, q.cst(0)}) : Value();
  Value zero = q.cst(0);
  Value scale = q.where(isZero, zero, q.mul(first, second));
  Value out = q.roundSaturate(q.mul(data, scale),
                              *uint8 ? getUInt8(ctx) : getInt8(ctx));
  Value outLo = *uint8 ? q.cst(0) : q.sub(q.cst(0), real);
  for (Value v : {out, q.rangeOutput(outLo), q.rangeOutput(real)})
    setResult(ctx, v);
}

/// _contrib_dequantize: value * MaxAbs(min, max) / kInt8Range (int8),
/// kUint8Range (uint8) or kInt32Range (int32).
void importDequantize(NodeContext &ctx, const OpRow &) {
  QuantBuilder q{ctx};
  std::string outType = ctx.getString("out_type", "float32");
  if (!ctx.checkEnum("out_type", outType, {"float32"}))
    return;
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  Type element = x.getElementType();
  double quantized = element.isUnsignedInteger(8) ? kUint8Range
                     : element.isInteger(8)       ? kInt8Range
                     : element.isInteger(32)      ? kInt32Range
                                                  : 0;
  if (!quantized)
    return ctx.error(jsonPath(jsonPath(ctx.source.path, "inputs"), 0),
                     "expected int8, uint8 or int32 data");
  Value lo = rangeInput(ctx, q, 1);
  Value hi = rangeInput(ctx, q, 2);
  Value range = q.maxAbs(lo, hi);
  Value scale = q.div(range, q.cst(quantized));
  setResult(ctx, q.mul(q.castTo(ctx.input(0), q.f32()), scale));
}

} // namespace

//===----------------------------------------------------------------------===//
// The quantized convolution subgraph
//===----------------------------------------------------------------------===//

void Importer::importQuantizedConv(NodeContext &ctx) {
  const Node &node = ctx.source;
  Graph &sub = *node.subgraphs.front();
  QuantBuilder q{ctx};
  // The subgraph: Convolution, then BatchNorm and Activation (relu) when
  // with_bn / with_act say so. Sums and float outputs stay custom.
  bool withBN = ctx.getBool("with_bn", false);
  bool withAct = ctx.getBool("with_act", false);
  if (ctx.getBool("with_sum", false) ||
      ctx.getBool("with_postsum_act", false) ||
      ctx.getBool("enable_float_output", false))
    return importCustom(ctx, CustomReason::NoTypedForm);
  std::optional<std::pair<double, double>> calib = getCalibRange(ctx);
  if (ctx.failed)
    return;
  std::optional<int64_t> convId, bnId, actId;
  for (auto [id, n] : llvm::enumerate(sub.nodes)) {
    if (n.isVariable())
      continue;
    std::optional<int64_t> *slot = n.op == "Convolution"  ? &convId
                                   : n.op == "BatchNorm"  ? &bnId
                                   : n.op == "Activation" ? &actId
                                                          : nullptr;
    // Another operator, or one twice: not a form MKLDNN fuses.
    if (!slot || slot->has_value())
      return importCustom(ctx, CustomReason::NoTypedForm);
    *slot = id;
  }
  if (!convId || withBN != bnId.has_value() || withAct != actId.has_value())
    return ctx.error(jsonPath(node.path, "subgraphs"),
                     "expected a Convolution subgraph with a BatchNorm "
                     "when with_bn and an Activation when with_act");

  Importer inner(gb, sub, options);
  inner.customReasons = customReasons;
  inner.valueKeyBase = *nextValueKeyBase;
  *nextValueKeyBase += sub.nodes.size();
  inner.nextValueKeyBase = nextValueKeyBase;
  inner.fixedInputOrder = getInputOrder(ctx.id);
  const Node &convNode = sub.nodes[*convId];
  NodeContext conv(inner, convNode, *convId, ctx.loc);
  if (actId) {
    NodeContext act(inner, sub.nodes[*actId], *actId, ctx.loc);
    std::string actType = act.getString("act_type", "relu");
    if (act.failed)
      return markFailed(ctx);
    if (actType != "relu")
      return importCustom(ctx, CustomReason::NoTypedForm);
  }
  bool noBias = conv.getBool("no_bias", false);
  int64_t filters = conv.getInt("num_filter", 0);
  int64_t groups = conv.getInt("num_group", 1);
  SmallVector<int64_t> kernel = conv.getInts("kernel", {});
  std::string layout = conv.getString("layout", "NCHW");
  if (conv.failed)
    return markFailed(ctx);
  if (layout != "NCHW" || kernel.size() != 2 || filters < 1 || groups < 1)
    return importCustom(ctx, CustomReason::NoTypedForm);

  // Inputs: data, weight, [bias], [gamma, beta, mean, var], min, max.
  unsigned numInputs = 4 + (noBias ? 0 : 1) + (withBN ? 4 : 0);
  if (node.inputs.size() != numInputs)
    return ctx.error(jsonPath(node.path, "inputs"),
                     "expected " + llvm::Twine(numInputs) +
                         " inputs (data, weight, " + (noBias ? "" : "bias, ") +
                         (withBN ? "gamma, beta, mean, var, " : "") +
                         "min_data, max_data), got " +
                         llvm::Twine(node.inputs.size()));
  // Data of open rank (imported without shapes): custom until specialised.
  if (hasUnrankedInput(node))
    return importCustom(ctx, CustomReason::UnrankedInput);
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  Type element = x.getElementType();
  if (!element.isInteger(8) || x.getRank() != 4)
    return ctx.error(jsonPath(jsonPath(node.path, "inputs"), 0),
                     "expected 4-D int8 or uint8 data");
  bool uint8Data = element.isUnsignedInteger(8);
  int64_t channels = x.getDimSize(1);
  int64_t perGroup = ShapedType::isDynamic(channels) || channels % groups
                         ? ShapedType::kDynamic
                         : channels / groups;
  auto weightType =
      RankedTensorType::get({filters, perGroup, kernel[0], kernel[1]}, q.f32());
  auto vecType = RankedTensorType::get({filters}, q.f32());
  unsigned next = 1;
  Value weight = ctx.input(next++, weightType);
  Value bias = noBias ? Value() : ctx.input(next++, vecType);
  if (withBN) {
    NodeContext bn(inner, sub.nodes[*bnId], *bnId, ctx.loc);
    double eps = bn.getFloat("eps", 1e-3);
    bool fixGamma = bn.getBool("fix_gamma", true);
    if (bn.failed)
      return markFailed(ctx);
    // UpdateConvWeightBias: alpha = gamma / sqrt(var + eps) per filter;
    // bias' = beta + alpha * (bias - mean), or beta - alpha * mean.
    Value gamma = fixGamma ? ctx.ignoreInput(next) : ctx.input(next, vecType);
    Value beta = ctx.input(next + 1, vecType);
    Value mean = ctx.input(next + 2, vecType);
    Value var = ctx.input(next + 3, vecType);
    next += 4;
    Value denom = q.unary<SqrtOp>(q.add(var, q.cst(eps)));
    Value alpha = q.div(fixGamma ? q.cst(1) : gamma, denom);
    bias = bias ? q.add(beta, q.mul(alpha, q.sub(bias, mean)))
                : q.sub(beta, q.mul(alpha, mean));
    weight = q.mul(weight, q.reshape(alpha, {filters, 1, 1, 1}));
  }
  Value dataLo = rangeInput(ctx, q, next);
  Value dataHi = rangeInput(ctx, q, next + 1);
  if (ctx.failed)
    return;

  // The scales: data per tensor; weights per tensor, or per filter when
  // calibrated (then bounded so that the int32 bias does not overflow).
  Value dataScale = q.quantizeScale(q.maxAbs(dataLo, dataHi),
                                    uint8Data ? kUint8Range : kInt8Range);
  Value weightLo = q.reduce(weight, /*isMax=*/false);
  Value weightHi = q.reduce(weight, /*isMax=*/true);
  Value weightScale, weightScaleB;
  if (calib) {
    Value lo = q.reduce(weight, /*isMax=*/false, {1, 2, 3});
    Value hi = q.reduce(weight, /*isMax=*/true, {1, 2, 3});
    weightScale = q.quantizeScale(q.maxAbs(lo, hi), kInt8Range);
    if (bias) {
      // INT32_MAX / 2 (or INT32_MIN / 2) / bias / data scale, as floats.
      Value positive = ctx.create1<GreaterOp>({bias, q.cst(0)});
      Value up = q.cst(1073741824.0);
      Value down = q.cst(-1073741824.0);
      Value half = q.where(positive, up, down);
      Value bound = q.div(q.div(half, bias), dataScale);
      Value nonZero = ctx.create1<NotEqualOp>({bias, q.cst(0)});
      weightScale = q.where(nonZero, q.min(weightScale, bound), weightScale);
    }
    weightScaleB = q.reshape(weightScale, {filters, 1, 1, 1});
  } else {
    weightScale = weightScaleB =
        q.quantizeScale(q.maxAbs(weightLo, weightHi), kInt8Range);
  }
  Value qWeight = q.roundSaturate(q.mul(weight, weightScaleB), getInt8(ctx));
  Value qBias =
      bias ? q.roundSaturate(q.mul(bias, q.mul(weightScale, dataScale)),
                             ctx.b.getI32Type())
           : Value();

  // The integer convolution in float64: exact for any int8 sum (up to
  // 2^53), and no transform that rounds (Winograd's, on float32) applies.
  Type compute = ctx.b.getF64Type();
  if (!qWeight)
    return markFailed(ctx);
  // The subgraph's Convolution reads the integers (its bias, added below
  // in the epilogue, as zeros); its own rules read the attributes.
  if (convNode.inputs.size() != (noBias ? 2u : 3u) ||
      llvm::any_of(convNode.inputs, [&](const Entry &e) {
        return !sub.nodes[e.node].isVariable();
      }))
    return ctx.error(jsonPath(convNode.path, "inputs"),
                     noBias ? "expected the subgraph's data and weight"
                            : "expected the subgraph's data, weight and bias");
  inner.setValue(convNode.inputs[0].node, convNode.inputs[0].index,
                 q.castTo(ctx.input(0), compute));
  inner.setValue(convNode.inputs[1].node, convNode.inputs[1].index,
                 q.castTo(qWeight, compute));
  if (!noBias)
    inner.setValue(convNode.inputs[2].node, convNode.inputs[2].index,
                   ctx.fill(RankedTensorType::get({filters}, compute), 0));
  if (ArrayRef<const OpRow *> rows = lookupSourceOp("Convolution");
      !rows.empty())
    importOperator(conv, rows);
  if (conv.failed || conv.results.size() != 1)
    return markFailed(ctx);

  // MKLDNN's epilogue in float32: acc + bias, the relu, then (calibrated)
  // the requantize scale per filter, rounded and saturated.
  Value acc = q.castTo(conv.results.front(), q.f32());
  if (qBias)
    acc = q.add(acc, q.reshape(q.castTo(qBias, q.f32()), {1, filters, 1, 1}));
  if (withAct)
    acc = q.max(acc, q.cst(0));
  if (calib) {
    bool uint8Out = withAct;
    Value lo = q.cst(calib->first);
    Value hi = q.cst(calib->second);
    Value outScale =
        q.quantizeScale(q.maxAbs(lo, hi), uint8Out ? kUint8Range : kInt8Range);
    Value requantize = q.div(q.div(outScale, dataScale), weightScale);
    acc = q.mul(acc, q.reshape(requantize, {1, filters, 1, 1}));
    setResult(ctx,
              q.roundSaturate(acc, uint8Out ? getUInt8(ctx) : getInt8(ctx)));
    setResult(ctx, q.rangeOutput(q.cst(calib->first)));
    setResult(ctx, q.rangeOutput(q.cst(calib->second)));
    return;
  }
  // int32 out; its range as QuantizationRangeForMultiplication gives it:
  // (MaxAbs(weights) / 127) * (MaxAbs(data) / 127 or 255) * kInt32Range.
  setResult(ctx, q.roundSaturate(acc, ctx.b.getI32Type()));
  Value weightAbs = q.maxAbs(weightLo, weightHi);
  Value weightLevel = q.div(weightAbs, q.cst(127));
  Value dataAbs = q.maxAbs(dataLo, dataHi);
  Value dataLevel = q.div(dataAbs, q.cst(uint8Data ? 255 : 127));
  Value levels = q.mul(weightLevel, dataLevel);
  Value outHi = q.mul(levels, q.cst(kInt32Range));
  setResult(ctx, q.rangeOutput(q.sub(q.cst(0), outHi)));
  setResult(ctx, q.rangeOutput(outHi));
}

ArrayRef<OpRow> nnvm::getQuantizedRows() {
  static const OpRow rows[] = {
      NNVM_EXPANSION_ROW("_contrib_quantize_v2", importQuantizeV2),
      NNVM_EXPANSION_ROW("_contrib_requantize", importRequantize),
      NNVM_EXPANSION_ROW("_contrib_dequantize", importDequantize),
  };
  return rows;
}
