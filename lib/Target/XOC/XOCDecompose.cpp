//===- XOCDecompose.cpp - ONNX operators as several nngraph ops -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the XOC importer's decompositions (XOCDecompose.h):
// ONNX operators without an nngraph operation of their own that are exact
// compositions of typed operations (ReduceL2, Mean, HardSwish, IsInf, ...),
// operators whose result is a constant when the shapes are static (Size,
// ConstantOfShape, Range, EyeLike), and forms of table operators that need
// more than one operation (Max of three inputs, Dropout's mask, the mean
// and inverse deviation of LayerNormalization, Split into equal parts).
//
//===----------------------------------------------------------------------===//

#include "XOCDecompose.h"
#include "XOCOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::xoc;

std::optional<SmallVector<int64_t>> DecomposeContext::constInts(unsigned i) {
  if (i >= inputValues.size() || !inputValues[i])
    return std::nullopt;
  SmallVector<int64_t> out;
  for (const llvm::json::Value &v : *inputValues[i]) {
    if (std::optional<int64_t> n = v.getAsInteger())
      out.push_back(*n);
    else if (std::optional<bool> flag = v.getAsBoolean())
      out.push_back(*flag);
    else
      return std::nullopt;
  }
  return out;
}

std::optional<SmallVector<double>> DecomposeContext::constFloats(unsigned i) {
  if (i >= inputValues.size() || !inputValues[i])
    return std::nullopt;
  SmallVector<double> out;
  for (const llvm::json::Value &v : *inputValues[i]) {
    if (std::optional<double> d = v.getAsNumber())
      out.push_back(*d);
    else if (std::optional<bool> flag = v.getAsBoolean())
      out.push_back(*flag);
    else
      return std::nullopt;
  }
  return out;
}

Value DecomposeContext::constant(RankedTensorType type,
                                 ArrayRef<double> values) {
  Type element = type.getElementType();
  SmallVector<Attribute> items;
  for (double v : values) {
    if (isa<FloatType>(element))
      items.push_back(b.getFloatAttr(element, v));
    else if (element.isInteger(1))
      items.push_back(b.getBoolAttr(v != 0));
    else
      items.push_back(b.getIntegerAttr(element, static_cast<int64_t>(v)));
  }
  DenseElementsAttr value = items.size() == 1
                                ? DenseElementsAttr::get(type, items[0])
                                : DenseElementsAttr::get(type, items);
  return ConstantOp::create(b, loc, cast<ElementsAttr>(value));
}

namespace {

template <typename OpTy>
StringRef name() {
  return OpTy::getOperationName();
}

bool isFloatTensor(Type t) {
  return isa<FloatType>(cast<RankedTensorType>(t).getElementType());
}

Value splatLike(DecomposeContext &ctx, Value like, double v) {
  return ctx.splat(v, cast<RankedTensorType>(like.getType()).getElementType());
}

/// The output types must all be static for a constant.
bool staticOutputs(DecomposeContext &ctx) {
  for (unsigned i = 0; i < ctx.numOutputs(); ++i)
    if (!ctx.outputType(i) || !ctx.outputType(i).hasStaticShape()) {
      ctx.decline("its output needs a static shape");
      return false;
    }
  return true;
}

//===----------------------------------------------------------------------===//
// Type and shape operators
//===----------------------------------------------------------------------===//

void castLike(DecomposeContext &ctx) {
  if (ctx.numInputs() != 2 || ctx.numOutputs() != 1)
    return ctx.decline("expected 2 inputs and 1 output");
  ctx.results.push_back(
      ctx.create1(name<CastOp>(), ctx.input(0), {}, ctx.outputType(0)));
}

void constantOfShape(DecomposeContext &ctx) {
  if (ctx.numOutputs() != 1 || !ctx.outputType(0))
    return ctx.decline("expected 1 output");
  RankedTensorType out = ctx.outputType(0);
  // The shape input's values (given or folded) make the output static.
  if (std::optional<SmallVector<int64_t>> shape = ctx.constInts(0))
    if (static_cast<int64_t>(shape->size()) == out.getRank() &&
        llvm::all_of(*shape, [](int64_t d) { return d >= 0; }))
      out = out.clone(*shape);
  if (!out.hasStaticShape())
    return ctx.decline("its output needs a static shape");
  SmallVector<double> value = ctx.getFloats("value", {0.0});
  if (value.size() != 1)
    return ctx.badAttr("value", "one value");
  ctx.results.push_back(ctx.constant(out, value));
}

void size(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !in.hasStaticShape())
    return ctx.decline("Size of a tensor without a static shape");
  ctx.results.push_back(
      ctx.constant(RankedTensorType::get({}, ctx.b.getI64Type()),
                   {static_cast<double>(in.getNumElements())}));
}

/// Shape with start/end: the static dims in that range.
void shape(DecomposeContext &ctx) {
  if (!ctx.has("start") && !ctx.has("end"))
    return ctx.decline("the operator table maps it");
  RankedTensorType in = ctx.inputType(0);
  if (!in || !in.hasStaticShape())
    return ctx.decline("Shape with start/end of a tensor without a static "
                       "shape");
  int64_t rank = in.getRank();
  auto clampAxis = [&](int64_t a) {
    if (a < 0)
      a += rank;
    return std::clamp<int64_t>(a, 0, rank);
  };
  int64_t start = clampAxis(ctx.getInt("start", 0));
  int64_t end = clampAxis(ctx.getInt("end", rank));
  SmallVector<double> dims;
  for (int64_t i = start; i < end; ++i)
    dims.push_back(in.getDimSize(i));
  ctx.results.push_back(
      ctx.constant(RankedTensorType::get({static_cast<int64_t>(dims.size())},
                                         ctx.b.getI64Type()),
                   dims));
}

void eyeLike(DecomposeContext &ctx) {
  if (!staticOutputs(ctx))
    return;
  RankedTensorType out = ctx.outputType(0);
  if (out.getRank() != 2)
    return ctx.decline("EyeLike of rank other than 2");
  int64_t k = ctx.getInt("k", 0);
  SmallVector<double> values;
  for (int64_t i = 0; i < out.getDimSize(0); ++i)
    for (int64_t j = 0; j < out.getDimSize(1); ++j)
      values.push_back(j - i == k ? 1.0 : 0.0);
  ctx.results.push_back(ctx.constant(out, values));
}

void range(DecomposeContext &ctx) {
  std::optional<SmallVector<double>> start = ctx.constFloats(0),
                                     limit = ctx.constFloats(1),
                                     delta = ctx.constFloats(2);
  if (!start || !limit || !delta || start->size() != 1 || limit->size() != 1 ||
      delta->size() != 1 || (*delta)[0] == 0)
    return ctx.decline("Range needs constant scalar start, limit and delta");
  double s = (*start)[0], l = (*limit)[0], d = (*delta)[0];
  int64_t n =
      std::max<int64_t>(static_cast<int64_t>(std::ceil((l - s) / d)), 0);
  SmallVector<double> values;
  for (int64_t i = 0; i < n; ++i)
    values.push_back(s + static_cast<double>(i) * d);
  Type element =
      ctx.inputType(0) ? ctx.inputType(0).getElementType() : ctx.b.getF32Type();
  auto type = RankedTensorType::get({n}, element);
  if (n == 0) {
    ctx.results.push_back(
        ConstantOp::create(ctx.b, ctx.loc,
                           cast<ElementsAttr>(DenseElementsAttr::get(
                               type, ArrayRef<Attribute>{}))));
    return;
  }
  ctx.results.push_back(ctx.constant(type, values));
}

/// Trilu: the input where a constant mask of the last two dims is set.
void trilu(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || in.getRank() < 2 ||
      ShapedType::isDynamic(in.getDimSize(in.getRank() - 1)) ||
      ShapedType::isDynamic(in.getDimSize(in.getRank() - 2)))
    return ctx.decline("Trilu needs static sizes of the last two dims");
  int64_t k = 0;
  if (ctx.numInputs() > 1) {
    std::optional<SmallVector<int64_t>> kv = ctx.constInts(1);
    if (!kv || kv->size() != 1)
      return ctx.decline("Trilu's k must be a constant");
    k = (*kv)[0];
  }
  bool upper = ctx.getBool("upper", true);
  int64_t n = in.getDimSize(in.getRank() - 2),
          m = in.getDimSize(in.getRank() - 1);
  SmallVector<double> mask;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      mask.push_back(upper ? j - i >= k : j - i <= k);
  Value x = ctx.input(0);
  Value keep =
      ctx.constant(RankedTensorType::get({n, m}, ctx.b.getI1Type()), mask);
  if (!x)
    return;
  ctx.results.push_back(
      ctx.create1(name<WhereOp>(), {keep, x, splatLike(ctx, x, 0)}));
}

/// Split without sizes (opset 13: equal parts by the output count; opset
/// 18: num_outputs): the sizes are the outputs' along the axis.
void split(DecomposeContext &ctx) {
  if (ctx.numInputs() > 1 || ctx.has("split"))
    return ctx.decline("the operator table maps it");
  RankedTensorType in = ctx.inputType(0);
  if (!in)
    return;
  int64_t axis = ctx.getInt("axis", 0);
  if (axis < 0)
    axis += in.getRank();
  if (axis < 0 || axis >= in.getRank())
    return ctx.badAttr("axis", "an axis of the input");
  SmallVector<int64_t> sizes;
  for (unsigned i = 0; i < ctx.numOutputs(); ++i) {
    RankedTensorType out = ctx.outputType(i);
    if (!out || out.getRank() != in.getRank() ||
        ShapedType::isDynamic(out.getDimSize(axis)))
      return ctx.decline("Split without sizes needs outputs with static "
                         "sizes along the axis");
    sizes.push_back(out.getDimSize(axis));
  }
  Operation *op = ctx.create(name<SplitOp>(), ctx.input(0),
                             {ctx.i64("axis", axis), ctx.i64s("split", sizes)},
                             ctx.numOutputs());
  if (op)
    ctx.results.append(op->result_begin(), op->result_end());
}

//===----------------------------------------------------------------------===//
// Elementwise compositions
//===----------------------------------------------------------------------===//

/// Sum, Mean, Max and Min of any number of inputs (Max/Min of two: the
/// table's operations).
void variadic(DecomposeContext &ctx, StringRef opName, bool mean) {
  if (ctx.numInputs() == 0)
    return ctx.decline("no inputs");
  Value acc = ctx.input(0);
  for (unsigned i = 1; i < ctx.numInputs() && acc; ++i)
    acc = ctx.binary(opName, acc, ctx.input(i));
  if (!acc)
    return;
  if (ctx.numInputs() == 1)
    acc = ctx.unary(name<IdentityOp>(), acc);
  else if (mean)
    acc = ctx.binary(name<DivOp>(), acc, splatLike(ctx, acc, ctx.numInputs()));
  ctx.results.push_back(acc);
}

void sum(DecomposeContext &ctx) { variadic(ctx, name<AddOp>(), false); }
void mean(DecomposeContext &ctx) { variadic(ctx, name<AddOp>(), true); }
void max(DecomposeContext &ctx) {
  if (ctx.numInputs() == 2)
    return ctx.decline("the operator table maps it");
  variadic(ctx, name<MaxOp>(), false);
}
void min(DecomposeContext &ctx) {
  if (ctx.numInputs() == 2)
    return ctx.decline("the operator table maps it");
  variadic(ctx, name<MinOp>(), false);
}

/// Pow with an exponent of another element type: the exponent is cast to
/// the base's type (ONNX Pow's result has the base's type).
void pow(DecomposeContext &ctx) {
  RankedTensorType base = ctx.inputType(0), exp = ctx.inputType(1);
  if (!base || !exp || base.getElementType() == exp.getElementType())
    return ctx.decline("the operator table maps it");
  Value e = ctx.create1(name<CastOp>(), ctx.input(1), {},
                        exp.clone(base.getElementType()));
  ctx.results.push_back(ctx.binary(name<PowOp>(), ctx.input(0), e));
}

void isNaN(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  if (x && !isFloatTensor(x.getType()))
    return ctx.decline("IsNaN of integers");
  ctx.results.push_back(ctx.binary(name<NotEqualOp>(), x, x));
}

void isInf(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  if (!x)
    return;
  if (!isFloatTensor(x.getType()))
    return ctx.decline("IsInf of integers");
  bool neg = ctx.getBool("detect_negative", true);
  bool pos = ctx.getBool("detect_positive", true);
  double inf = std::numeric_limits<double>::infinity();
  if (!neg && !pos) {
    ctx.results.push_back(ctx.fill(ctx.outputType(0), 0));
    return;
  }
  Value v = neg && pos ? ctx.unary(name<AbsOp>(), x) : x;
  ctx.results.push_back(ctx.binary(
      name<EqualOp>(), v, splatLike(ctx, x, neg && !pos ? -inf : inf)));
}

void celu(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  if (!x)
    return;
  double alpha = ctx.getFloat("alpha", 1.0);
  Value a = splatLike(ctx, x, alpha);
  Value e = ctx.unary(name<EluOp>(), ctx.binary(name<DivOp>(), x, a),
                      {ctx.f32("alpha", 1.0)});
  ctx.results.push_back(ctx.binary(name<MulOp>(), e, a));
}

void thresholdedRelu(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  if (!x)
    return;
  Value gt = ctx.binary(name<GreaterOp>(), x,
                        splatLike(ctx, x, ctx.getFloat("alpha", 1.0)));
  ctx.results.push_back(
      ctx.create1(name<WhereOp>(), {gt, x, splatLike(ctx, x, 0)}));
}

void shrink(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  if (!x)
    return;
  double bias = ctx.getFloat("bias", 0.0), lambd = ctx.getFloat("lambd", 0.5);
  Value below = ctx.binary(name<LessOp>(), x, splatLike(ctx, x, -lambd));
  Value above = ctx.binary(name<GreaterOp>(), x, splatLike(ctx, x, lambd));
  Value b = splatLike(ctx, x, bias);
  Value hi =
      ctx.create1(name<WhereOp>(), {above, ctx.binary(name<SubOp>(), x, b),
                                    splatLike(ctx, x, 0)});
  ctx.results.push_back(ctx.create1(
      name<WhereOp>(), {below, ctx.binary(name<AddOp>(), x, b), hi}));
}

void hardSwish(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  Value s = ctx.unary(name<HardSigmoidOp>(), x,
                      {ctx.f32("alpha", 1.0 / 6.0), ctx.f32("beta", 0.5)});
  ctx.results.push_back(ctx.binary(name<MulOp>(), x, s));
}

void mish(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  Value t = ctx.unary(name<TanhOp>(), ctx.unary(name<SoftplusOp>(), x));
  ctx.results.push_back(ctx.binary(name<MulOp>(), x, t));
}

//===----------------------------------------------------------------------===//
// Reductions and normalizations
//===----------------------------------------------------------------------===//

/// The axes of a Reduce* node (attribute before opset 18, input 1 after),
/// sorted and non-negative; empty for every axis. False (declined) when
/// they cannot be known or the node asks for no reduction.
bool reduceAxes(DecomposeContext &ctx, RankedTensorType in,
                SmallVector<int64_t> &axes) {
  if (ctx.numInputs() > 1) {
    std::optional<SmallVector<int64_t>> v = ctx.constInts(1);
    if (!v) {
      ctx.decline("its axes input has no value");
      return false;
    }
    axes = *v;
  } else {
    axes = ctx.getInts("axes", {});
  }
  if (axes.empty() && ctx.getBool("noop_with_empty_axes", false)) {
    ctx.decline("noop_with_empty_axes with no axes");
    return false;
  }
  for (int64_t &a : axes) {
    if (a < 0)
      a += in.getRank();
    if (a < 0 || a >= in.getRank()) {
      ctx.badAttr("axes", "axes of the input");
      return false;
    }
  }
  llvm::sort(axes);
  return true;
}

enum class Pre { None, Abs, Square, Exp };
enum class Post { None, Sqrt, Log };

void reduceWith(DecomposeContext &ctx, Pre pre, Post post) {
  RankedTensorType in = ctx.inputType(0);
  if (!in)
    return;
  if ((post != Post::None || pre == Pre::Exp) &&
      !isa<FloatType>(in.getElementType()))
    return ctx.decline("of integers");
  SmallVector<int64_t> axes;
  if (!reduceAxes(ctx, in, axes))
    return;
  Value x = ctx.input(0);
  if (!x)
    return;
  switch (pre) {
  case Pre::None:
    break;
  case Pre::Abs:
    x = ctx.unary(name<AbsOp>(), x);
    break;
  case Pre::Square:
    x = ctx.binary(name<MulOp>(), x, x);
    break;
  case Pre::Exp:
    x = ctx.unary(name<ExpOp>(), x);
    break;
  }
  SmallVector<NamedAttribute> attrs{
      ctx.flag("keepdims", ctx.getBool("keepdims", true))};
  if (!axes.empty())
    attrs.push_back(ctx.i64s("axes", axes));
  Value r = ctx.create1(name<ReduceSumOp>(), x, attrs);
  if (post == Post::Sqrt)
    r = ctx.unary(name<SqrtOp>(), r);
  else if (post == Post::Log)
    r = ctx.unary(name<LogOp>(), r);
  ctx.results.push_back(r);
}

/// Reduce* with noop_with_empty_axes = 1 and no axes: the input itself;
/// every other form goes to the operator table.
void reduceNoop(DecomposeContext &ctx) {
  if (ctx.getInt("noop_with_empty_axes", 0) == 0)
    return ctx.decline("the operator table maps it");
  bool noAxes = ctx.numInputs() < 2;
  if (!noAxes) {
    std::optional<SmallVector<int64_t>> axes = ctx.constInts(1);
    noAxes = axes && axes->empty();
  }
  if (!noAxes)
    return ctx.decline("the operator table maps it");
  ctx.results.push_back(ctx.unary(name<IdentityOp>(), ctx.input(0)));
}

void reduceL1(DecomposeContext &ctx) { reduceWith(ctx, Pre::Abs, Post::None); }
void reduceL2(DecomposeContext &ctx) {
  reduceWith(ctx, Pre::Square, Post::Sqrt);
}
void reduceSumSquare(DecomposeContext &ctx) {
  reduceWith(ctx, Pre::Square, Post::None);
}
void reduceLogSum(DecomposeContext &ctx) {
  reduceWith(ctx, Pre::None, Post::Log);
}
void reduceLogSumExp(DecomposeContext &ctx) {
  reduceWith(ctx, Pre::Exp, Post::Log);
}

void lpNormalization(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !isa<FloatType>(in.getElementType()))
    return ctx.decline("LpNormalization of integers");
  int64_t p = ctx.getInt("p", 2);
  if (p != 1 && p != 2)
    return ctx.badAttr("p", "1 or 2");
  int64_t axis = ctx.getInt("axis", -1);
  if (axis < 0)
    axis += in.getRank();
  if (axis < 0 || axis >= in.getRank())
    return ctx.badAttr("axis", "an axis of the input");
  Value x = ctx.input(0);
  Value t =
      p == 1 ? ctx.unary(name<AbsOp>(), x) : ctx.binary(name<MulOp>(), x, x);
  Value n = ctx.create1(name<ReduceSumOp>(), t,
                        {ctx.i64s("axes", {axis}), ctx.flag("keepdims", true)});
  if (p == 2)
    n = ctx.unary(name<SqrtOp>(), n);
  // A zero norm gives zeros (ONNX's reference), not 0 / 0.
  Value zero = splatLike(ctx, x, 0);
  Value isZero = ctx.binary(name<EqualOp>(), n, zero);
  ctx.results.push_back(ctx.create1(
      name<WhereOp>(), {isZero, zero, ctx.binary(name<DivOp>(), x, n)}));
}

/// Dropout with its mask output, at inference: the input and a mask of
/// ones.
void dropout(DecomposeContext &ctx) {
  if (ctx.numInputs() > 2) {
    std::optional<SmallVector<int64_t>> training = ctx.constInts(2);
    // At training, a ratio of 0 drops nothing: deterministic as well.
    std::optional<SmallVector<double>> ratio = ctx.constFloats(1);
    bool keepsAll = ratio && ratio->size() == 1 && (*ratio)[0] == 0;
    if (!keepsAll &&
        (!training || training->size() != 1 || (*training)[0] != 0))
      return ctx.refuse("training_mode = 1 (random) or without a value");
  }
  if (ctx.numOutputs() < 2)
    return ctx.decline("the operator table maps it");
  if (!ctx.outputType(1) || !ctx.outputType(1).hasStaticShape())
    return ctx.decline("its mask needs a static shape");
  ctx.results.push_back(ctx.unary(name<IdentityOp>(), ctx.input(0)));
  ctx.results.push_back(ctx.fill(ctx.outputType(1), 1));
}

/// LayerNormalization with its Mean and InvStdDev outputs: the typed
/// operation for Y, and the statistics over the normalised axes.
void layerNormalization(DecomposeContext &ctx) {
  if (ctx.numOutputs() < 2)
    return ctx.decline("the operator table maps it");
  RankedTensorType in = ctx.inputType(0);
  if (!in)
    return;
  int64_t axis = ctx.getInt("axis", -1);
  double eps = ctx.getFloat("epsilon", 1e-5);
  if (ctx.getInt("stash_type", 1) != 1)
    return ctx.decline("stash_type other than float");
  int64_t rank = in.getRank();
  int64_t first = axis < 0 ? axis + rank : axis;
  if (first < 0 || first >= rank)
    return ctx.badAttr("axis", "an axis of the input");
  SmallVector<Value> operands{ctx.input(0), ctx.input(1)};
  if (ctx.numInputs() > 2)
    operands.push_back(ctx.input(2));
  ctx.results.push_back(
      ctx.create1(name<LayerNormOp>(), operands,
                  {ctx.i64("axis", axis), ctx.f32("epsilon", eps)}));
  SmallVector<int64_t> axes;
  for (int64_t i = first; i < rank; ++i)
    axes.push_back(i);
  Value x = ctx.input(0);
  auto reduceMean = [&](Value v) {
    return ctx.create1(name<ReduceMeanOp>(), v,
                       {ctx.i64s("axes", axes), ctx.flag("keepdims", true)});
  };
  Value mean = reduceMean(x);
  ctx.results.push_back(mean);
  if (ctx.numOutputs() > 2) {
    Value d = ctx.binary(name<SubOp>(), x, mean);
    Value var = reduceMean(ctx.binary(name<MulOp>(), d, d));
    ctx.results.push_back(
        ctx.unary(name<RsqrtOp>(),
                  ctx.binary(name<AddOp>(), var, splatLike(ctx, x, eps))));
  }
}

/// RMSNormalization: x / sqrt(mean(x^2 over the axes from `axis`) + eps)
/// * scale.
void rmsNormalization(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !isa<FloatType>(in.getElementType()))
    return ctx.decline("RMSNormalization of integers");
  if (ctx.getInt("stash_type", 1) != 1)
    return ctx.decline("stash_type other than float");
  int64_t rank = in.getRank(), axis = ctx.getInt("axis", -1);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return ctx.badAttr("axis", "an axis of the input");
  SmallVector<int64_t> axes;
  for (int64_t i = axis; i < rank; ++i)
    axes.push_back(i);
  Value x = ctx.input(0);
  Value ms = ctx.create1(name<ReduceMeanOp>(), ctx.binary(name<MulOp>(), x, x),
                         {ctx.i64s("axes", axes), ctx.flag("keepdims", true)});
  Value eps = splatLike(ctx, x, ctx.getFloat("epsilon", 1e-5));
  Value inv = ctx.unary(name<RsqrtOp>(), ctx.binary(name<AddOp>(), ms, eps));
  ctx.results.push_back(ctx.binary(
      name<MulOp>(), ctx.binary(name<MulOp>(), x, inv), ctx.input(1)));
}

void swish(DecomposeContext &ctx) {
  Value x = ctx.input(0);
  if (!x)
    return;
  Value ax =
      ctx.binary(name<MulOp>(), x, splatLike(ctx, x, ctx.getFloat("alpha", 1)));
  ctx.results.push_back(
      ctx.binary(name<MulOp>(), x, ctx.unary(name<SigmoidOp>(), ax)));
}

/// MeanVarianceNormalization: (x - mean) / sqrt(var + 1e-9) over `axes`.
void meanVarianceNormalization(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !isa<FloatType>(in.getElementType()))
    return ctx.decline("MeanVarianceNormalization of integers");
  SmallVector<int64_t> axes = ctx.getInts("axes", {0, 2, 3});
  for (int64_t &a : axes) {
    if (a < 0)
      a += in.getRank();
    if (a < 0 || a >= in.getRank())
      return ctx.badAttr("axes", "axes of the input");
  }
  llvm::sort(axes);
  Value x = ctx.input(0);
  auto mean = [&](Value v) {
    return ctx.create1(name<ReduceMeanOp>(), v,
                       {ctx.i64s("axes", axes), ctx.flag("keepdims", true)});
  };
  Value d = ctx.binary(name<SubOp>(), x, mean(x));
  Value var = mean(ctx.binary(name<MulOp>(), d, d));
  Value sd = ctx.unary(name<SqrtOp>(),
                       ctx.binary(name<AddOp>(), var, splatLike(ctx, x, 1e-9)));
  ctx.results.push_back(ctx.binary(name<DivOp>(), d, sd));
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

/// `v` with element type `element` (a cast where it differs); null stays
/// null.
Value castTo(DecomposeContext &ctx, Value v, Type element) {
  if (!v)
    return {};
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getElementType() == element)
    return v;
  return ctx.create1(name<CastOp>(), v, {}, type.clone(element));
}

Value reshape(DecomposeContext &ctx, Value x, ArrayRef<int64_t> shape) {
  return ctx.create1(name<ReshapeOp>(), x, {ctx.i64s("shape", shape)});
}

Value transpose(DecomposeContext &ctx, Value x, ArrayRef<int64_t> perm) {
  return ctx.create1(name<TransposeOp>(), x, {ctx.i64s("perm", perm)});
}

/// DepthToSpace (DCR or CRD) and SpaceToDepth: reshape, transpose,
/// reshape, on static NCHW shapes.
void depthToSpace(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || in.getRank() != 4 || !in.hasStaticShape())
    return ctx.decline("DepthToSpace needs a static 4-D input");
  std::optional<int64_t> bs = ctx.requireInt("blocksize");
  if (!bs)
    return;
  int64_t b = *bs, n = in.getDimSize(0), c = in.getDimSize(1),
          h = in.getDimSize(2), w = in.getDimSize(3);
  if (b < 1 || c % (b * b))
    return ctx.badAttr("blocksize", "a block whose square divides the "
                                    "channels");
  std::string mode = ctx.getString("mode", "DCR");
  if (!ctx.checkEnum("mode", mode, {"DCR", "CRD"}))
    return;
  Value x = ctx.input(0);
  Value t = mode == "DCR"
                ? transpose(ctx, reshape(ctx, x, {n, b, b, c / (b * b), h, w}),
                            {0, 3, 4, 1, 5, 2})
                : transpose(ctx, reshape(ctx, x, {n, c / (b * b), b, b, h, w}),
                            {0, 1, 4, 2, 5, 3});
  ctx.results.push_back(reshape(ctx, t, {n, c / (b * b), h * b, w * b}));
}

void spaceToDepth(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || in.getRank() != 4 || !in.hasStaticShape())
    return ctx.decline("SpaceToDepth needs a static 4-D input");
  std::optional<int64_t> bs = ctx.requireInt("blocksize");
  if (!bs)
    return;
  int64_t b = *bs, n = in.getDimSize(0), c = in.getDimSize(1),
          h = in.getDimSize(2), w = in.getDimSize(3);
  if (b < 1 || h % b || w % b)
    return ctx.badAttr("blocksize", "a block that divides the height and "
                                    "width");
  std::string mode = ctx.getString("mode", "DCR");
  if (!ctx.checkEnum("mode", mode, {"DCR", "CRD"}))
    return;
  Value t =
      transpose(ctx, reshape(ctx, ctx.input(0), {n, c, h / b, b, w / b, b}),
                mode == "DCR" ? ArrayRef<int64_t>{0, 3, 5, 1, 2, 4}
                              : ArrayRef<int64_t>{0, 1, 3, 5, 2, 4});
  ctx.results.push_back(reshape(ctx, t, {n, c * b * b, h / b, w / b}));
}

/// Hardmax: 1 at the first maximum along the axis, else 0. Before opset
/// 13 the input is seen as 2-D, [prod(dims < axis), prod(dims >= axis)].
void hardmax(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !in.hasStaticShape() || in.getRank() == 0)
    return ctx.decline("Hardmax needs a static input");
  bool coerce = ctx.opset && ctx.opset < 13;
  int64_t rank = in.getRank(), axis = ctx.getInt("axis", coerce ? 1 : -1);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return ctx.badAttr("axis", "an axis of the input");
  Value x = ctx.input(0);
  RankedTensorType t = in;
  if (coerce) {
    int64_t rows = 1, cols = 1;
    for (int64_t i = 0; i < rank; ++i)
      (i < axis ? rows : cols) *= in.getDimSize(i);
    x = reshape(ctx, x, {rows, cols});
    t = RankedTensorType::get({rows, cols}, in.getElementType());
    axis = 1;
  }
  Value arg = ctx.create1(name<ArgMaxOp>(), x,
                          {ctx.i64("axis", axis), ctx.flag("keepdims", true)});
  SmallVector<int64_t> iotaShape(t.getRank(), 1);
  int64_t len = t.getDimSize(axis);
  iotaShape[axis] = len;
  SmallVector<double> iota;
  for (int64_t i = 0; i < len; ++i)
    iota.push_back(i);
  Value positions =
      ctx.constant(RankedTensorType::get(iotaShape, ctx.b.getI64Type()), iota);
  Value hit = ctx.binary(name<EqualOp>(), positions, arg);
  Value y = ctx.create1(name<CastOp>(), hit, {}, t);
  if (coerce)
    y = reshape(ctx, y, in.getShape());
  ctx.results.push_back(y);
}

/// LpPool: (sum over the window of |x|^p)^(1/p), as an average pool with
/// the padding counted, times the window size.
void lpPool(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !isa<FloatType>(in.getElementType()))
    return ctx.decline("LpPool of integers");
  std::optional<SmallVector<int64_t>> kernel = ctx.requireInts("kernel_shape");
  if (!kernel)
    return;
  int64_t p = ctx.getInt("p", 2);
  if (p < 1)
    return ctx.badAttr("p", "an integer >= 1");
  SmallVector<NamedAttribute> attrs{ctx.i64s("kernel_shape", *kernel),
                                    ctx.flag("count_include_pad", true)};
  for (StringRef key : {"strides", "pads", "dilations"})
    if (ctx.has(key))
      attrs.push_back(ctx.i64s(key, ctx.getInts(key, {})));
  if (ctx.getBool("ceil_mode", false))
    attrs.push_back(ctx.flag("ceil_mode", true));
  // auto_pad spelled as the operator table reads it.
  if (const NodeBinder::Attr *a = ctx.findAttr("auto_pad"); a && a->json) {
    Attribute pad = convertAttr(ctx.b, AttrKind::AutoPad, *a->json);
    if (!pad)
      return ctx.badAttr("auto_pad", describeAttrKind(AttrKind::AutoPad));
    attrs.push_back(ctx.named("auto_pad", pad));
  }
  int64_t size = 1;
  for (int64_t k : *kernel)
    size *= k;
  Value x = ctx.input(0);
  Value a = ctx.unary(name<AbsOp>(), x);
  Value pw = p == 1   ? a
             : p == 2 ? ctx.binary(name<MulOp>(), a, a)
                      : ctx.binary(name<PowOp>(), a, splatLike(ctx, x, p));
  Value avg = ctx.create1(name<AvgPoolOp>(), pw, attrs);
  Value sum = ctx.binary(name<MulOp>(), avg, splatLike(ctx, x, size));
  ctx.results.push_back(
      p == 1   ? sum
      : p == 2 ? ctx.unary(name<SqrtOp>(), sum)
               : ctx.binary(name<PowOp>(), sum, splatLike(ctx, x, 1.0 / p)));
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

/// NegativeLogLikelihoodLoss of log-probabilities `logp` [N, C, d...] and
/// targets (input `targetIndex`, [N, d...]) with optional class weights
/// (input `targetIndex + 1`), `reduction` and `ignore_index`, as ONNX's
/// reference computes it (a mean without weights and with ignore_index -1
/// counts the ignored positions).
Value nllLoss(DecomposeContext &ctx, Value logp, unsigned targetIndex) {
  std::string reduction = ctx.getString("reduction", "mean");
  if (!ctx.checkEnum("reduction", reduction, {"none", "sum", "mean"}))
    return nullptr;
  RankedTensorType lt = cast<RankedTensorType>(logp.getType());
  RankedTensorType tt = ctx.inputType(targetIndex);
  if (!tt || lt.getRank() < 2 || tt.getRank() != lt.getRank() - 1) {
    ctx.error(ctx.node.path,
              "expected targets of rank " + llvm::Twine(lt.getRank() - 1));
    return nullptr;
  }
  Value target = ctx.input(targetIndex);
  std::optional<int64_t> ignore;
  if (ctx.has("ignore_index"))
    ignore = ctx.getInt("ignore_index", 0);
  Value valid;
  if (ignore) {
    valid =
        ctx.binary(name<NotEqualOp>(), target, splatLike(ctx, target, *ignore));
    target = ctx.create1(name<WhereOp>(),
                         {valid, target, splatLike(ctx, target, 0)});
  }
  Value idx = ctx.create1(name<UnsqueezeOp>(), target, {ctx.i64s("axes", 1)});
  Value picked =
      ctx.create1(name<GatherElementsOp>(), {logp, idx}, {ctx.i64("axis", 1)});
  picked = ctx.create1(name<SqueezeOp>(), picked, {ctx.i64s("axes", 1)});
  Value loss = ctx.unary(name<NegOp>(), picked);
  Type element = lt.getElementType();
  auto maskType = [&](Value v) {
    return cast<RankedTensorType>(v.getType()).clone(element);
  };
  Value weight;
  if (ctx.numInputs() > targetIndex + 1) {
    weight = ctx.create1(name<GatherOp>(), {ctx.input(targetIndex + 1), target},
                         {ctx.i64("axis", 0)});
    if (valid)
      weight = ctx.create1(name<WhereOp>(),
                           {valid, weight, splatLike(ctx, loss, 0)});
  }
  Value mask =
      valid ? ctx.create1(name<CastOp>(), valid, {}, maskType(valid)) : Value();
  if (weight)
    loss = ctx.binary(name<MulOp>(), loss, weight);
  else if (mask)
    loss = ctx.binary(name<MulOp>(), loss, mask);
  if (!loss || reduction == "none")
    return loss;
  auto sumAll = [&](Value v) {
    return ctx.create1(name<ReduceSumOp>(), v, {ctx.flag("keepdims", false)});
  };
  if (reduction == "sum")
    return sumAll(loss);
  if (weight)
    return ctx.binary(name<DivOp>(), sumAll(loss), sumAll(weight));
  if (mask && *ignore != -1)
    return ctx.binary(name<DivOp>(), sumAll(loss), sumAll(mask));
  return ctx.create1(name<ReduceMeanOp>(), loss, {ctx.flag("keepdims", false)});
}

void negativeLogLikelihoodLoss(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !isa<FloatType>(in.getElementType()))
    return ctx.decline("NegativeLogLikelihoodLoss of integers");
  Value loss = nllLoss(ctx, ctx.input(0), 1);
  if (loss)
    ctx.results.push_back(loss);
}

/// SoftmaxCrossEntropyLoss: the NLL loss of log_softmax over axis 1; the
/// optional second output is the log-probabilities.
void softmaxCrossEntropyLoss(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !isa<FloatType>(in.getElementType()))
    return ctx.decline("SoftmaxCrossEntropyLoss of integers");
  Value logp =
      ctx.create1(name<LogSoftmaxOp>(), ctx.input(0), {ctx.i64("axis", 1)});
  if (!logp)
    return;
  Value loss = nllLoss(ctx, logp, 1);
  if (!loss)
    return;
  ctx.results.push_back(loss);
  if (ctx.numOutputs() > 1)
    ctx.results.push_back(logp);
}

//===----------------------------------------------------------------------===//
// Attention
//===----------------------------------------------------------------------===//

/// ONNX Attention (opset 23) on static shapes: Q, K, V of rank 3 (heads
/// from q_num_heads / kv_num_heads) or 4; an optional boolean or additive
/// mask of the full key length; the past key and value concatenated before
/// K and V (the present outputs); is_causal aligned at the bottom right
/// (a key j is seen by query i iff j <= i + past length); grouped heads
/// (each KV head repeated for its queries); scale, softcap and the four
/// qk_matmul_output modes. Rows whose keys are all masked give 0, as the
/// reference does; sliding windows (left/right_window_size) as a constant
/// bias like the causal one. nonpad_kv_seqlen is declined.
void attention(DecomposeContext &ctx) {
  for (unsigned i = 0; i < 3; ++i)
    if (i >= ctx.numInputs() || !ctx.inputType(i) ||
        !ctx.inputType(i).hasStaticShape())
      return ctx.decline("Attention needs Q, K and V of static shapes");
  if (ctx.numInputs() > 6)
    return ctx.decline("nonpad_kv_seqlen");
  RankedTensorType qt = ctx.inputType(0), kt = ctx.inputType(1),
                   vt = ctx.inputType(2);
  Type element = qt.getElementType();
  if (!isa<FloatType>(element))
    return ctx.decline("Attention of integers");
  int64_t rank = qt.getRank();
  if ((rank != 3 && rank != 4) || kt.getRank() != rank || vt.getRank() != rank)
    return ctx.decline("Q, K and V of ranks other than 3 or 4");
  bool hasPast = ctx.numInputs() > 4 && ctx.inputType(4);
  if (hasPast != (ctx.numInputs() > 5 && ctx.inputType(5)))
    return ctx.decline("past_key without past_value or the reverse");
  Value q = ctx.input(0), k = ctx.input(1), v = ctx.input(2);
  int64_t batch = qt.getDimSize(0);
  // To [batch, heads, sequence, head size].
  auto toHeads = [&](Value x, RankedTensorType t, int64_t heads) -> Value {
    if (rank == 4)
      return x;
    int64_t hidden = t.getDimSize(2);
    if (heads <= 0 || hidden % heads)
      return nullptr;
    return transpose(
        ctx, reshape(ctx, x, {batch, t.getDimSize(1), heads, hidden / heads}),
        {0, 2, 1, 3});
  };
  int64_t qHeads = ctx.getInt("q_num_heads", 0),
          kvHeads = ctx.getInt("kv_num_heads", 0);
  if (rank == 3 && (qHeads <= 0 || kvHeads <= 0))
    return ctx.decline("3-D inputs without q_num_heads and kv_num_heads");
  q = toHeads(q, qt, qHeads);
  k = toHeads(k, kt, kvHeads);
  v = toHeads(v, vt, kvHeads);
  if (!q || !k || !v)
    return ctx.badAttr("q_num_heads", "head counts that divide the hidden "
                                      "sizes");
  auto shapeOf = [](Value x) {
    return cast<RankedTensorType>(x.getType()).getShape();
  };
  qHeads = shapeOf(q)[1];
  kvHeads = shapeOf(k)[1];
  int64_t qLen = shapeOf(q)[2], headSize = shapeOf(q)[3];
  int64_t past = 0;
  if (hasPast) {
    past =
        ctx.inputType(4).getRank() == 4 ? ctx.inputType(4).getDimSize(2) : -1;
    if (past < 0)
      return ctx.decline("a past key of rank other than 4");
    k = ctx.create1(name<ConcatOp>(), {ctx.input(4), k}, {ctx.i64("axis", 2)});
    v = ctx.create1(name<ConcatOp>(), {ctx.input(5), v}, {ctx.i64("axis", 2)});
    if (!k || !v)
      return;
  }
  Value presentK = k, presentV = v;
  int64_t kvLen = shapeOf(k)[2];
  // Grouped heads: each KV head repeated for the queries it serves.
  if (qHeads != kvHeads) {
    if (kvHeads <= 0 || qHeads % kvHeads)
      return ctx.badAttr("q_num_heads", "a multiple of kv_num_heads");
    int64_t r = qHeads / kvHeads;
    auto repeat = [&](Value x) {
      ArrayRef<int64_t> sh = shapeOf(x);
      Value t = ctx.create1(name<TileOp>(),
                            reshape(ctx, x, {sh[0], sh[1], 1, sh[2], sh[3]}),
                            {ctx.i64s("repeats", {1, 1, r, 1, 1})});
      return reshape(ctx, t, {sh[0], sh[1] * r, sh[2], sh[3]});
    };
    k = repeat(k);
    v = repeat(v);
  }
  // Half-precision inputs are computed in f32 and rounded once at the end
  // (summed in f16, scores and probabilities lost up to 2 ulps).
  Type compute =
      element.isF16() || element.isBF16() ? Type(ctx.b.getF32Type()) : element;
  q = castTo(ctx, q, compute);
  k = castTo(ctx, k, compute);
  v = castTo(ctx, v, compute);
  double scale = ctx.getFloat("scale", 1.0 / std::sqrt(double(headSize)));
  Value s = splatLike(ctx, q, std::sqrt(scale));
  Value kT = transpose(ctx, ctx.binary(name<MulOp>(), k, s), {0, 1, 3, 2});
  Value scores =
      ctx.binary(name<MatMulOp>(), ctx.binary(name<MulOp>(), q, s), kT);
  double softcap = ctx.getFloat("softcap", 0.0);
  if (softcap > 0) {
    Value c = splatLike(ctx, q, softcap);
    scores = ctx.binary(
        name<MulOp>(),
        ctx.unary(name<TanhOp>(), ctx.binary(name<DivOp>(), scores, c)), c);
  }
  // The additive bias: the mask (a boolean one as 0 / -inf), then the
  // causal frontier.
  double inf = std::numeric_limits<double>::infinity();
  Value bias;
  if (ctx.numInputs() > 3 && ctx.inputType(3)) {
    RankedTensorType mt = ctx.inputType(3);
    if (mt.getRank() == 0 || mt.getShape().back() != kvLen)
      return ctx.decline("a mask shorter than the keys");
    Value m = ctx.input(3);
    bias = mt.getElementType().isInteger(1)
               ? ctx.create1(name<WhereOp>(),
                             {m, splatLike(ctx, q, 0), splatLike(ctx, q, -inf)})
               : castTo(ctx, m, compute);
  }
  if (ctx.getBool("is_causal", false)) {
    SmallVector<double> causal;
    for (int64_t i = 0; i < qLen; ++i)
      for (int64_t j = 0; j < kvLen; ++j)
        causal.push_back(j <= i + past ? 0.0 : -inf);
    Value c =
        ctx.constant(RankedTensorType::get({qLen, kvLen}, compute), causal);
    bias = bias ? ctx.binary(name<AddOp>(), bias, c) : c;
  }
  // Sliding windows: query i (at p = i + past) sees p - left <= j <= p +
  // right, for each bound given (>= 0).
  int64_t left = ctx.getInt("left_window_size", -1),
          right = ctx.getInt("right_window_size", -1);
  if (left >= 0 || right >= 0) {
    SmallVector<double> window;
    for (int64_t i = 0; i < qLen; ++i)
      for (int64_t j = 0; j < kvLen; ++j) {
        int64_t p = i + past;
        bool seen =
            (left < 0 || j >= p - left) && (right < 0 || j <= p + right);
        window.push_back(seen ? 0.0 : -inf);
      }
    Value w =
        ctx.constant(RankedTensorType::get({qLen, kvLen}, compute), window);
    bias = bias ? ctx.binary(name<AddOp>(), bias, w) : w;
  }
  Value withBias = bias ? ctx.binary(name<AddOp>(), scores, bias) : scores;
  Value probs = ctx.create1(name<SoftmaxOp>(), withBias, {ctx.i64("axis", -1)});
  if (bias) {
    // Rows with every key masked: 0, not 0 / 0.
    Value rowMax =
        ctx.create1(name<ReduceMaxOp>(), bias,
                    {ctx.i64s("axes", {-1}), ctx.flag("keepdims", true)});
    Value masked = ctx.binary(name<EqualOp>(), rowMax, splatLike(ctx, q, -inf));
    probs = ctx.create1(name<WhereOp>(), {masked, splatLike(ctx, q, 0), probs});
  }
  Value y = castTo(ctx, ctx.binary(name<MatMulOp>(), probs, v), element);
  if (!y)
    return;
  if (rank == 3) {
    ArrayRef<int64_t> sh = shapeOf(y);
    y = reshape(ctx, transpose(ctx, y, {0, 2, 1, 3}),
                {sh[0], sh[2], sh[1] * sh[3]});
  }
  ctx.results.push_back(y);
  if (ctx.numOutputs() > 1)
    ctx.results.push_back(ctx.unary(name<IdentityOp>(), presentK));
  if (ctx.numOutputs() > 2)
    ctx.results.push_back(ctx.unary(name<IdentityOp>(), presentV));
  if (ctx.numOutputs() > 3) {
    int64_t mode = ctx.getInt("qk_matmul_output_mode", 0);
    Value qk = mode == 2 ? withBias : mode == 3 ? probs : scores;
    ctx.results.push_back(castTo(ctx, qk, element));
  }
}

//===----------------------------------------------------------------------===//
// Windows and group normalization
//===----------------------------------------------------------------------===//

/// HannWindow, HammingWindow, BlackmanWindow of a constant size: a
/// constant sum of cosines a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N),
/// N the size (periodic) or the size - 1.
void cosineWindow(DecomposeContext &ctx, double a0, double a1, double a2) {
  std::optional<SmallVector<int64_t>> size = ctx.constInts(0);
  if (!size || size->size() != 1 || (*size)[0] < 0)
    return ctx.decline("a window needs a constant size");
  if (!staticOutputs(ctx))
    return;
  int64_t n = (*size)[0];
  double denom = ctx.getBool("periodic", true) ? n : n - 1;
  SmallVector<double> values;
  for (int64_t i = 0; i < n; ++i) {
    double x = denom > 0 ? 2 * M_PI * i / denom : 0;
    values.push_back(a0 - a1 * std::cos(x) + a2 * std::cos(2 * x));
  }
  if (n == 0)
    return ctx.decline("an empty window");
  ctx.results.push_back(ctx.constant(ctx.outputType(0), values));
}

void hannWindow(DecomposeContext &ctx) { cosineWindow(ctx, 0.5, 0.5, 0); }
void hammingWindow(DecomposeContext &ctx) {
  cosineWindow(ctx, 25.0 / 46, 1 - 25.0 / 46, 0);
}
void blackmanWindow(DecomposeContext &ctx) {
  cosineWindow(ctx, 0.42, 0.5, 0.08);
}

/// GroupNormalization (opset 21: scale and bias per channel): statistics
/// over each group of channels and the spatial dims.
void groupNormalization(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !in.hasStaticShape() || in.getRank() < 3 ||
      !isa<FloatType>(in.getElementType()))
    return ctx.decline("GroupNormalization needs a static float input");
  std::optional<int64_t> groups = ctx.requireInt("num_groups");
  if (!groups)
    return;
  int64_t n = in.getDimSize(0), c = in.getDimSize(1), g = *groups;
  if (g < 1 || c % g)
    return ctx.badAttr("num_groups", "a divisor of the channels");
  for (unsigned i = 1; i < 3; ++i)
    if (!ctx.inputType(i) || ctx.inputType(i).getNumElements() != c)
      return ctx.decline("scale and bias per group (opset 18)");
  int64_t rest = in.getNumElements() / (n * g);
  Value x = reshape(ctx, ctx.input(0), {n, g, rest});
  auto mean = [&](Value v) {
    return ctx.create1(name<ReduceMeanOp>(), v,
                       {ctx.i64s("axes", {2}), ctx.flag("keepdims", true)});
  };
  Value d = ctx.binary(name<SubOp>(), x, mean(x));
  Value var = mean(ctx.binary(name<MulOp>(), d, d));
  Value eps = splatLike(ctx, d, ctx.getFloat("epsilon", 1e-5));
  Value norm = ctx.binary(
      name<MulOp>(), d,
      ctx.unary(name<RsqrtOp>(), ctx.binary(name<AddOp>(), var, eps)));
  norm = reshape(ctx, norm, in.getShape());
  SmallVector<int64_t> perChannel(in.getRank() - 1, 1);
  perChannel[0] = c;
  Value scale = reshape(ctx, ctx.input(1), perChannel);
  Value bias = reshape(ctx, ctx.input(2), perChannel);
  ctx.results.push_back(
      ctx.binary(name<AddOp>(), ctx.binary(name<MulOp>(), norm, scale), bias));
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

/// The range of a quantized integer type of 8 or 16 bits (wider ones are
/// not exact in the f32 arithmetic of the decompositions).
std::optional<std::pair<double, double>> getQuantRange(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || (integer.getWidth() != 8 && integer.getWidth() != 16))
    return std::nullopt;
  double span = std::ldexp(1.0, integer.getWidth());
  if (integer.isUnsigned())
    return std::make_pair(0.0, span - 1);
  return std::make_pair(-span / 2, span / 2 - 1);
}

/// A scale or zero point made to broadcast against `x` as ONNX's reference
/// does: one value as a scalar; a 1-D per-axis vector along `axis`; a
/// blocked one repeated `block` times along `axis` and cut to x's size.
Value quantParam(DecomposeContext &ctx, Value v, RankedTensorType x,
                 int64_t axis, int64_t block) {
  if (!v)
    return {};
  auto t = cast<RankedTensorType>(v.getType());
  if (t.getRank() == 0)
    return v;
  if (t.hasStaticShape() && t.getNumElements() == 1)
    return reshape(ctx, v, {});
  // The axis matters (and must be one of x's) for per-axis and blocked
  // parameters only.
  int64_t rank = x.getRank();
  if (axis < 0 || axis >= rank) {
    ctx.badAttr("axis", "an axis of the input");
    return {};
  }
  if (block <= 0) {
    if (t.getRank() != 1) {
      ctx.decline("a per-axis scale or zero point that is not 1-D");
      return {};
    }
    SmallVector<int64_t> dims(rank, 1);
    dims[axis] = t.getDimSize(0);
    return reshape(ctx, v, dims);
  }
  if (!t.hasStaticShape() || !x.hasStaticShape() || t.getRank() != rank) {
    ctx.decline("a blocked scale or zero point of another rank, or open "
                "sizes");
    return {};
  }
  SmallVector<int64_t> up(t.getShape());
  up.insert(up.begin() + axis + 1, 1);
  Value u = reshape(ctx, v, up);
  up[axis + 1] = block;
  Value repeated = ctx.create1(name<ExpandOp>(), u, {ctx.i64s("shape", up)});
  SmallVector<int64_t> flat(t.getShape());
  flat[axis] *= block;
  Value r = reshape(ctx, repeated, flat);
  if (flat[axis] != x.getDimSize(axis))
    r = ctx.create1(name<SliceOp>(), r,
                    {ctx.i64s("starts", {0}),
                     ctx.i64s("ends", {x.getDimSize(axis)}),
                     ctx.i64s("axes", {axis})});
  return r;
}

/// `v` (float, already rounded) plus the zero point, clipped to the range of
/// `out`'s element type and cast to it; in f32, exact for these integers.
Value saturate(DecomposeContext &ctx, Value v, Value zeroPoint,
               std::pair<double, double> range, Type out) {
  Type f32 = ctx.b.getF32Type();
  v = castTo(ctx, v, f32);
  if (zeroPoint)
    v = ctx.binary(name<AddOp>(), v, castTo(ctx, zeroPoint, f32));
  v = ctx.unary(name<ClipOp>(), v,
                {ctx.f32("min", range.first), ctx.f32("max", range.second)});
  return castTo(ctx, v, out);
}

/// The wider of two float types (numpy's promotion of the two).
Type widerFloat(Type a, Type b) {
  return a.getIntOrFloatBitWidth() >= b.getIntOrFloatBitWidth() ? a : b;
}

/// QuantizeLinear: saturate(rint(x / scale) + zero_point), per tensor, per
/// axis or blocked, to the zero point's type (uint8 without one).
void quantizeLinear(DecomposeContext &ctx) {
  RankedTensorType x = ctx.inputType(0), out = ctx.outputType(0);
  if (!x || !out || ctx.numInputs() < 2)
    return ctx.decline("expected x, y_scale and a typed output");
  std::optional<std::pair<double, double>> range =
      getQuantRange(out.getElementType());
  if (!range)
    return ctx.decline("an output type other than 8- or 16-bit integers");
  if (ctx.getInt("precision", 0) != 0)
    return ctx.decline("precision");
  int64_t rank = x.getRank();
  int64_t axis = ctx.getInt("axis", 1);
  axis = axis < 0 ? axis + rank : axis;
  int64_t block = ctx.getInt("block_size", 0);
  Value scale = quantParam(ctx, ctx.input(1), x, axis, block);
  Value zeroPoint;
  if (ctx.numInputs() > 2 &&
      !(zeroPoint = quantParam(ctx, ctx.input(2), x, axis, block)))
    return;
  if (!scale)
    return;
  Type compute =
      widerFloat(x.getElementType(), ctx.inputType(1).getElementType());
  Value xc = castTo(ctx, ctx.input(0), compute);
  Value scaleC = castTo(ctx, scale, compute);
  Value q = ctx.unary(name<RoundOp>(), ctx.binary(name<DivOp>(), xc, scaleC));
  ctx.results.push_back(
      saturate(ctx, q, zeroPoint, *range, out.getElementType()));
}

/// DequantizeLinear: (x - zero_point) * scale in f32, then the scale's type.
void dequantizeLinear(DecomposeContext &ctx) {
  RankedTensorType x = ctx.inputType(0), out = ctx.outputType(0);
  if (!x || !out || ctx.numInputs() < 2)
    return ctx.decline("expected x, x_scale and a typed output");
  if (!isa<IntegerType>(x.getElementType()) ||
      !isa<FloatType>(out.getElementType()))
    return ctx.decline("an input other than integers");
  int64_t rank = x.getRank();
  int64_t axis = ctx.getInt("axis", 1);
  axis = axis < 0 ? axis + rank : axis;
  int64_t block = ctx.getInt("block_size", 0);
  Value scale = quantParam(ctx, ctx.input(1), x, axis, block);
  if (!scale)
    return;
  Type f32 = ctx.b.getF32Type();
  Value dx = castTo(ctx, ctx.input(0), f32);
  if (ctx.numInputs() > 2) {
    Value zeroPoint = quantParam(ctx, ctx.input(2), x, axis, block);
    if (!zeroPoint)
      return;
    dx = ctx.binary(name<SubOp>(), dx, castTo(ctx, zeroPoint, f32));
  }
  Value y = ctx.binary(name<MulOp>(), dx, castTo(ctx, scale, f32));
  ctx.results.push_back(castTo(ctx, y, out.getElementType()));
}

/// DynamicQuantizeLinear: uint8 with the scale and zero point that map
/// [min(0, min x), max(0, max x)] onto [0, 255], as ONNX's reference.
void dynamicQuantizeLinear(DecomposeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x || ctx.numOutputs() != 3 || !isa<FloatType>(x.getElementType()))
    return ctx.decline("expected a float input and three outputs");
  for (unsigned i = 0; i < 3; ++i)
    if (!ctx.outputType(i))
      return ctx.decline("untyped outputs");
  Type f32 = ctx.b.getF32Type();
  Type u8 = ctx.outputType(0).getElementType();
  if (!getQuantRange(u8))
    return ctx.decline("an output other than uint8");
  Value xf = castTo(ctx, ctx.input(0), f32);
  SmallVector<int64_t> all =
      llvm::to_vector(llvm::seq<int64_t>(0, x.getRank()));
  auto reduce = [&](StringRef op) {
    return ctx.create1(op, xf,
                       {ctx.i64s("axes", all), ctx.flag("keepdims", false)});
  };
  Value zero = ctx.splat(0, f32);
  Value hi = ctx.binary(name<MaxOp>(), reduce(name<ReduceMaxOp>()), zero);
  Value lo = ctx.binary(name<MinOp>(), reduce(name<ReduceMinOp>()), zero);
  Value span = ctx.binary(name<SubOp>(), hi, lo);
  // A zero span (all zeros) takes the scale 1 / 255.
  span = ctx.create1(name<WhereOp>(), {ctx.binary(name<EqualOp>(), span, zero),
                                       ctx.splat(1, f32), span});
  Value scale = ctx.binary(name<DivOp>(), span, ctx.splat(255, f32));
  Value initial =
      ctx.binary(name<SubOp>(), zero, ctx.binary(name<DivOp>(), lo, scale));
  Value zeroPoint = ctx.unary(
      name<RoundOp>(), ctx.unary(name<ClipOp>(), initial,
                                 {ctx.f32("min", 0), ctx.f32("max", 255)}));
  Value q = ctx.unary(name<RoundOp>(), ctx.binary(name<DivOp>(), xf, scale));
  ctx.results.push_back(saturate(ctx, q, zeroPoint, {0, 255}, u8));
  ctx.results.push_back(castTo(ctx, scale, ctx.outputType(1).getElementType()));
  ctx.results.push_back(castTo(ctx, zeroPoint, u8));
}

/// `ctx.input(i)` minus input `zero` (when given) in int32.
Value shifted(DecomposeContext &ctx, unsigned i, unsigned zero) {
  Type i32 = ctx.b.getI32Type();
  Value v = castTo(ctx, ctx.input(i), i32);
  if (zero < ctx.numInputs() && ctx.inputType(zero))
    v = ctx.binary(name<SubOp>(), v, castTo(ctx, ctx.input(zero), i32));
  return v;
}

/// (a - a_zero_point) @ (b - b_zero_point) in int32 (MatMulInteger; the
/// zero points broadcast as numpy does).
Value integerMatMul(DecomposeContext &ctx, unsigned a, unsigned aZero,
                    unsigned b, unsigned bZero) {
  Value lhs = shifted(ctx, a, aZero);
  Value rhs = shifted(ctx, b, bZero);
  return ctx.binary(name<MatMulOp>(), lhs, rhs);
}

/// Input `i`, a one-element scale or zero point, as a scalar.
Value scalarInput(DecomposeContext &ctx, unsigned i) {
  Value v = ctx.input(i);
  return ctx.inputType(i).getRank() ? reshape(ctx, v, {}) : v;
}

/// The QLinear* output: the exact integer result `acc` (f64) times
/// scale(a) * scale(b) / scale(y) (in the scales' type), plus y's zero
/// point, rounded half to even, saturated to the output type: in f64, as
/// ONNX's reference computes it.
void requantize(DecomposeContext &ctx, Value acc, unsigned aScale,
                unsigned bScale, unsigned yScale, unsigned yZero,
                std::pair<double, double> range) {
  Type f64 = ctx.b.getF64Type();
  Value aS = scalarInput(ctx, aScale);
  Value bS = scalarInput(ctx, bScale);
  Value yS = scalarInput(ctx, yScale);
  Value factor =
      ctx.binary(name<DivOp>(), ctx.binary(name<MulOp>(), aS, bS), yS);
  Value d = ctx.binary(name<MulOp>(), acc, castTo(ctx, factor, f64));
  Value zeroPoint = castTo(ctx, scalarInput(ctx, yZero), f64);
  d = ctx.unary(name<RoundOp>(), ctx.binary(name<AddOp>(), d, zeroPoint));
  ctx.results.push_back(
      saturate(ctx, d, Value(), range, ctx.outputType(0).getElementType()));
}

void matMulInteger(DecomposeContext &ctx) {
  if (ctx.numInputs() < 2 || !ctx.inputType(0) || !ctx.inputType(1))
    return ctx.decline("expected A and B");
  ctx.results.push_back(integerMatMul(ctx, 0, 2, 1, 3));
}

/// Convolution of zero-point-shifted integers: in f64, exact for products
/// of 8- and 16-bit values summed up to 2^53; `x` and `w` already shifted.
Value integerConv(DecomposeContext &ctx, Value x, Value w) {
  Type f64 = ctx.b.getF64Type();
  SmallVector<NamedAttribute> attrs;
  for (StringRef key : {"strides", "dilations", "pads"})
    if (ctx.has(key))
      attrs.push_back(ctx.i64s(key, ctx.getInts(key, {})));
  attrs.push_back(ctx.i64("group", ctx.getInt("group", 1)));
  std::string autoPad = ctx.getString("auto_pad", "NOTSET");
  std::optional<AutoPad> pad = symbolizeAutoPad(StringRef(autoPad).lower());
  if (!pad) {
    ctx.badAttr("auto_pad", "NOTSET, SAME_UPPER, SAME_LOWER or VALID");
    return {};
  }
  attrs.push_back(
      ctx.named("auto_pad", AutoPadAttr::get(ctx.b.getContext(), *pad)));
  Value xf = castTo(ctx, x, f64);
  Value wf = castTo(ctx, w, f64);
  return ctx.create1(name<ConvOp>(), {xf, wf}, attrs);
}

/// ConvInteger: (x - x_zero_point) conv (w - w_zero_point) in int32.
void convInteger(DecomposeContext &ctx) {
  if (ctx.numInputs() < 2 || !ctx.inputType(0) || !ctx.inputType(1))
    return ctx.decline("expected x and w");
  Value x = shifted(ctx, 0, 2);
  Value w = castTo(ctx, ctx.input(1), ctx.b.getI32Type());
  RankedTensorType wzp = ctx.numInputs() > 3 ? ctx.inputType(3) : nullptr;
  if (wzp) {
    // A per-output-channel zero point (M values) lies along axis 0 of w.
    RankedTensorType wType = ctx.inputType(1);
    if (wType.getRank() < 1)
      return ctx.decline("a weight with an output-channel axis");
    Value zp = castTo(ctx, ctx.input(3), ctx.b.getI32Type());
    if (wzp.getRank() == 1 && wzp.getDimSize(0) != 1) {
      if (wzp.getDimSize(0) != wType.getDimSize(0))
        return ctx.decline("a weight zero point of neither 1 nor M values");
      SmallVector<int64_t> perChannel(wType.getRank(), 1);
      perChannel[0] = wzp.getDimSize(0);
      zp = reshape(ctx, zp, perChannel);
    }
    w = ctx.binary(name<SubOp>(), w, zp);
  }
  if (Value y = integerConv(ctx, x, w))
    ctx.results.push_back(castTo(ctx, y, ctx.b.getI32Type()));
}

/// QLinearConv: the int32 convolution (plus the int32 bias) times
/// x_scale * w_scale / y_scale plus y_zero_point, rounded, saturated.
void qLinearConv(DecomposeContext &ctx) {
  if (ctx.numInputs() < 8 || !ctx.outputType(0))
    return ctx.decline("expected 8 or 9 inputs");
  std::optional<std::pair<double, double>> range =
      getQuantRange(ctx.outputType(0).getElementType());
  if (!range)
    return ctx.decline("an output other than 8- or 16-bit integers");
  for (unsigned i : {1u, 4u, 5u, 6u})
    if (!ctx.inputType(i) || !ctx.inputType(i).hasStaticShape() ||
        ctx.inputType(i).getNumElements() != 1)
      return ctx.decline("per-channel scales or zero points");
  Value x = shifted(ctx, 0, 2);
  Value w = shifted(ctx, 3, 5);
  Value y = integerConv(ctx, x, w);
  if (!y)
    return;
  Type f64 = ctx.b.getF64Type();
  if (ctx.numInputs() > 8) {
    int64_t channels = ctx.inputType(3).getDimSize(0);
    SmallVector<int64_t> perChannel(
        cast<RankedTensorType>(y.getType()).getRank(), 1);
    perChannel[1] = channels;
    Value bias = reshape(ctx, castTo(ctx, ctx.input(8), f64), perChannel);
    y = ctx.binary(name<AddOp>(), y, bias);
  }
  requantize(ctx, y, 1, 4, 6, 7, *range);
}

/// QLinearMatMul: the int32 product times a_scale * b_scale / y_scale (in
/// the scales' type), in f64 as ONNX's reference computes it, rounded, plus
/// y_zero_point, saturated to its type.
void qLinearMatMul(DecomposeContext &ctx) {
  if (ctx.numInputs() != 8 || !ctx.outputType(0))
    return ctx.decline("expected 8 inputs");
  std::optional<std::pair<double, double>> range =
      getQuantRange(ctx.outputType(0).getElementType());
  if (!range)
    return ctx.decline("an output other than 8- or 16-bit integers");
  for (unsigned i : {1u, 4u, 6u})
    if (!ctx.inputType(i) || !ctx.inputType(i).hasStaticShape() ||
        ctx.inputType(i).getNumElements() != 1)
      return ctx.decline("per-axis scales");
  Value product = integerMatMul(ctx, 0, 2, 3, 5);
  requantize(ctx, castTo(ctx, product, ctx.b.getF64Type()), 1, 4, 6, 7, *range);
}

//===----------------------------------------------------------------------===//
// Crops, grids and gates
//===----------------------------------------------------------------------===//

/// CenterCropPad: per axis, a centred slice where the target is smaller and
/// a centred zero padding where it is larger (the odd element at the end).
void centerCropPad(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  std::optional<SmallVector<int64_t>> target = ctx.constInts(1);
  if (!in || !in.hasStaticShape() || !target)
    return ctx.decline("static input sizes and a constant shape");
  int64_t rank = in.getRank();
  SmallVector<int64_t> axes =
      ctx.getInts("axes", llvm::to_vector(llvm::seq<int64_t>(0, rank)));
  if (axes.size() != target->size())
    return ctx.badAttr("axes", "one axis per target size");
  SmallVector<int64_t> starts, ends, cropAxes, pads(2 * rank, 0);
  bool pad = false;
  for (auto [axis, size] : llvm::zip_equal(axes, *target)) {
    if (axis < 0)
      axis += rank;
    if (axis < 0 || axis >= rank || size < 0)
      return ctx.badAttr("axes", "axes of the input");
    int64_t dim = in.getDimSize(axis);
    if (size < dim) {
      int64_t before = (dim - size) / 2;
      starts.push_back(before);
      ends.push_back(before + size);
      cropAxes.push_back(axis);
    } else if (size > dim) {
      pads[axis] = (size - dim) / 2;
      pads[rank + axis] = size - dim - pads[axis];
      pad = true;
    }
  }
  Value x = ctx.input(0);
  if (!cropAxes.empty())
    x = ctx.create1(name<SliceOp>(), x,
                    {ctx.i64s("starts", starts), ctx.i64s("ends", ends),
                     ctx.i64s("axes", cropAxes)});
  if (pad)
    x = ctx.create1(name<PadOp>(), x, {ctx.i64s("pads", pads)});
  if (x == ctx.input(0))
    x = ctx.unary(name<IdentityOp>(), x);
  ctx.results.push_back(x);
}

/// SwiGLU: a * sigmoid(alpha * a) * b.
void swiGLU(DecomposeContext &ctx) {
  if (ctx.numInputs() != 2 || !ctx.inputType(0))
    return ctx.decline("expected two inputs");
  Value a = ctx.input(0);
  double alpha = ctx.getFloat("alpha", 1.0);
  Value scaled = a;
  if (alpha != 1.0)
    scaled = ctx.binary(name<MulOp>(), a, splatLike(ctx, a, alpha));
  Value gate =
      ctx.binary(name<MulOp>(), a, ctx.unary(name<SigmoidOp>(), scaled));
  ctx.results.push_back(ctx.binary(name<MulOp>(), gate, ctx.input(1)));
}

/// Upsample (opset 7-9): Resize by its scales with asymmetric coordinates
/// (nearest: floor).
void upsample(DecomposeContext &ctx) {
  std::optional<SmallVector<double>> scales = ctx.constFloats(1);
  if (!scales) {
    SmallVector<double> attr = ctx.getFloats("scales", {});
    if (!attr.empty())
      scales = attr;
  }
  if (!scales)
    return ctx.decline("scales without a value");
  std::string mode = ctx.getString("mode", "nearest");
  if (!ctx.checkEnum("mode", mode, {"nearest", "linear"}))
    return;
  MLIRContext *c = ctx.b.getContext();
  SmallVector<float> s(scales->begin(), scales->end());
  ctx.results.push_back(ctx.create1(
      name<ResizeOp>(), ctx.input(0),
      {ctx.named("scales", ctx.b.getDenseF32ArrayAttr(s)),
       ctx.named("mode", ResizeModeAttr::get(c, mode == "nearest"
                                                    ? ResizeMode::Nearest
                                                    : ResizeMode::Linear)),
       ctx.named(
           "coordinate_transform",
           CoordinateTransformAttr::get(c, CoordinateTransform::Asymmetric)),
       ctx.named("nearest_mode",
                 NearestModeAttr::get(c, NearestMode::Floor))}));
}

/// AffineGrid: the normalised coordinates of every output position (x
/// first; cell centres, or corners with align_corners) as a constant
/// (H*W) x 3 (or (D*H*W) x 4) matrix with a column of ones, times each
/// theta transposed.
void affineGrid(DecomposeContext &ctx) {
  RankedTensorType theta = ctx.inputType(0);
  std::optional<SmallVector<int64_t>> size = ctx.constInts(1);
  if (!theta || !theta.hasStaticShape() || theta.getRank() != 3 || !size ||
      (size->size() != 4 && size->size() != 5))
    return ctx.decline("a static theta and a constant size of 4 or 5 values");
  bool corners = ctx.getInt("align_corners", 0) != 0;
  SmallVector<int64_t> spatial(size->begin() + 2, size->end());
  int64_t dims = spatial.size();
  if (theta.getDimSize(1) != dims || theta.getDimSize(2) != dims + 1)
    return ctx.decline("a theta that does not fit the size");
  auto coordinate = [&](int64_t i, int64_t n) {
    if (corners)
      return n == 1 ? -1.0 : -1.0 + 2.0 * double(i) / double(n - 1);
    return -1.0 + (2.0 * double(i) + 1.0) / double(n);
  };
  int64_t points = 1;
  for (int64_t n : spatial)
    points *= n;
  SmallVector<double> base;
  base.reserve(points * (dims + 1));
  for (int64_t p = 0; p < points; ++p) {
    // p in row-major order over (D,) H, W; coordinates listed x, y(, z).
    SmallVector<int64_t> index(dims);
    int64_t rest = p;
    for (int64_t d = dims - 1; d >= 0; --d) {
      index[d] = rest % spatial[d];
      rest /= spatial[d];
    }
    for (int64_t d = dims - 1; d >= 0; --d)
      base.push_back(coordinate(index[d], spatial[d]));
    base.push_back(1.0);
  }
  Type element = theta.getElementType();
  Value grid =
      ctx.constant(RankedTensorType::get({points, dims + 1}, element), base);
  Value thetaT = transpose(ctx, ctx.input(0), {0, 2, 1});
  Value out = ctx.binary(name<MatMulOp>(), grid, thetaT);
  SmallVector<int64_t> shape{theta.getDimSize(0)};
  llvm::append_range(shape, spatial);
  shape.push_back(dims);
  ctx.results.push_back(reshape(ctx, out, shape));
}

/// The most elements iotaAlong materialises (a constant of the importer):
/// far above a real sequence length, far below what a hostile size would
/// allocate.
constexpr int64_t kMaxIotaElements = int64_t(1) << 22;

/// A 0, 1, ..., n - 1 vector of `element` shaped to lie along `axis` of a
/// tensor of `rank` (size 1 on the other axes); null, the operator
/// declined, when n exceeds kMaxIotaElements.
Value iotaAlong(DecomposeContext &ctx, int64_t n, int64_t axis, int64_t rank,
                Type element) {
  if (n > kMaxIotaElements) {
    ctx.decline("an axis of at most 4194304 entries");
    return {};
  }
  SmallVector<double> values;
  for (int64_t i = 0; i < n; ++i)
    values.push_back(double(i));
  SmallVector<int64_t> shape(rank, 1);
  shape[axis] = n;
  return ctx.constant(RankedTensorType::get(shape, element), values);
}

/// ReverseSequence: out[b, t] = data[b, len[b] - 1 - t] for t < len[b],
/// else data[b, t]: a gather_elements along the time axis with those
/// indices.
void reverseSequence(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !in.hasStaticShape() || in.getRank() < 2 || !ctx.inputType(1))
    return ctx.decline("static input sizes");
  int64_t rank = in.getRank();
  int64_t batchAxis = ctx.getInt("batch_axis", 1);
  int64_t timeAxis = ctx.getInt("time_axis", 0);
  bool axesValid =
      (batchAxis == 0 && timeAxis == 1) || (batchAxis == 1 && timeAxis == 0);
  if (!axesValid)
    return ctx.badAttr("batch_axis", "0 or 1, and time_axis the other");
  Type i64 = ctx.b.getI64Type();
  Value t = iotaAlong(ctx, in.getDimSize(timeAxis), timeAxis, rank, i64);
  if (!t)
    return;
  SmallVector<int64_t> lenShape(rank, 1);
  lenShape[batchAxis] = in.getDimSize(batchAxis);
  Value lens = reshape(ctx, castTo(ctx, ctx.input(1), i64), lenShape);
  Value inside = ctx.binary(name<LessOp>(), t, lens);
  Value last = ctx.binary(name<SubOp>(), lens, ctx.splat(1, i64));
  Value reversed = ctx.binary(name<SubOp>(), last, t);
  Value index = ctx.create1(name<WhereOp>(), {inside, reversed, t});
  Value full =
      ctx.create1(name<ExpandOp>(), index, {ctx.i64s("shape", in.getShape())});
  ctx.results.push_back(ctx.create1(name<GatherElementsOp>(),
                                    {ctx.input(0), full},
                                    {ctx.i64("axis", timeAxis)}));
}

/// TensorScatter: `update` written into a copy of the cache along `axis`
/// from write_indices[batch] on (wrapping in circular mode): a
/// scatter_elements with those positions.
void tensorScatter(DecomposeContext &ctx) {
  RankedTensorType cache = ctx.inputType(0), update = ctx.inputType(1);
  if (!cache || !update || !cache.hasStaticShape() || !update.hasStaticShape())
    return ctx.decline("static sizes");
  int64_t rank = cache.getRank();
  int64_t axis = ctx.getInt("axis", -2);
  axis = axis < 0 ? axis + rank : axis;
  if (axis < 1 || axis >= rank)
    return ctx.badAttr("axis", "an axis after the batch axis");
  std::string mode = ctx.getString("mode", "linear");
  if (!ctx.checkEnum("mode", mode, {"linear", "circular"}))
    return;
  Type i64 = ctx.b.getI64Type();
  Value index = iotaAlong(ctx, update.getDimSize(axis), axis, rank, i64);
  if (!index)
    return;
  if (ctx.numInputs() > 2) {
    SmallVector<int64_t> batch(rank, 1);
    batch[0] = cache.getDimSize(0);
    Value start = reshape(ctx, castTo(ctx, ctx.input(2), i64), batch);
    index = ctx.binary(name<AddOp>(), index, start);
  }
  if (mode == "circular")
    index = ctx.binary(name<ModOp>(), index,
                       ctx.splat(double(cache.getDimSize(axis)), i64));
  Value full = ctx.create1(name<ExpandOp>(), index,
                           {ctx.i64s("shape", update.getShape())});
  ctx.results.push_back(ctx.create1(name<ScatterElementsOp>(),
                                    {ctx.input(0), full, ctx.input(1)},
                                    {ctx.i64("axis", axis)}));
}

/// Pad with an `axes` input (opset 18): the pads spread over every axis.
void padAxes(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (ctx.numInputs() < 4 || !in)
    return ctx.decline("the operator table maps it");
  std::optional<SmallVector<int64_t>> pads = ctx.constInts(1);
  std::optional<SmallVector<int64_t>> axes = ctx.constInts(3);
  if (!pads || !axes || pads->size() != 2 * axes->size())
    return ctx.decline("pads and axes without values, or not two pads per "
                       "axis");
  int64_t rank = in.getRank();
  SmallVector<int64_t> full(2 * rank, 0);
  int64_t n = axes->size();
  for (auto [i, axis] : llvm::enumerate(*axes)) {
    if (axis < 0)
      axis += rank;
    if (axis < 0 || axis >= rank)
      return ctx.decline("an axis outside the input");
    full[axis] = (*pads)[i];
    full[rank + axis] = (*pads)[n + i];
  }
  double value = 0;
  if (ctx.inputType(2)) {
    std::optional<SmallVector<double>> v = ctx.constFloats(2);
    if (!v || v->size() != 1)
      return ctx.decline("a padding value without a value");
    value = (*v)[0];
  }
  std::string mode = ctx.getString("mode", "constant");
  std::optional<PadMode> padMode = symbolizePadMode(mode);
  if (!padMode)
    return ctx.decline("a padding mode nngraph.pad does not have");
  ctx.results.push_back(ctx.create1(
      name<PadOp>(), ctx.input(0),
      {ctx.i64s("pads", full),
       ctx.named("mode", PadModeAttr::get(ctx.b.getContext(), *padMode)),
       ctx.f32("value", value)}));
}

/// MaxUnpool: the values written at their flat indices into zeros of the
/// shape that the kernel, strides and pads give, then padded at the end to
/// output_shape when given.
void maxUnpool(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0), out = ctx.outputType(0);
  if (!in || !in.hasStaticShape() || !out || !out.hasStaticShape() ||
      !ctx.inputType(1))
    return ctx.decline("static sizes");
  SmallVector<int64_t> kernel = ctx.getInts("kernel_shape", {});
  int64_t k = in.getRank() - 2;
  if (int64_t(kernel.size()) != k)
    return ctx.badAttr("kernel_shape", "one size per spatial axis");
  SmallVector<int64_t> strides =
      ctx.getInts("strides", SmallVector<int64_t>(k, 1));
  SmallVector<int64_t> pads =
      ctx.getInts("pads", SmallVector<int64_t>(2 * k, 0));
  // Counts only (as before): both reported when both are wrong.
  constexpr int64_t any = std::numeric_limits<int64_t>::min();
  bool valid =
      ctx.checkInts("strides", strides, k, any, "one stride per spatial axis");
  valid &= ctx.checkInts("pads", pads, 2 * k, any, "two pads per spatial axis");
  if (!valid)
    return;
  SmallVector<int64_t> inferred{in.getDimSize(0), in.getDimSize(1)};
  int64_t total = inferred[0] * inferred[1];
  for (int64_t d = 0; d < k; ++d) {
    inferred.push_back((in.getDimSize(d + 2) - 1) * strides[d] -
                       (pads[d] + pads[k + d]) + kernel[d]);
    total *= inferred.back();
  }
  Type element = in.getElementType();
  Value zeros = ctx.fill(RankedTensorType::get({total}, element), 0);
  Value index = reshape(ctx, ctx.input(1), {in.getNumElements()});
  Value values = reshape(ctx, ctx.input(0), {in.getNumElements()});
  Value flat = ctx.create1(name<ScatterElementsOp>(), {zeros, index, values},
                           {ctx.i64("axis", 0)});
  Value y = reshape(ctx, flat, inferred);
  if (out.getShape() != ArrayRef<int64_t>(inferred)) {
    SmallVector<int64_t> extra(2 * in.getRank(), 0);
    for (int64_t d = 0; d < in.getRank(); ++d) {
      if (out.getDimSize(d) < inferred[d])
        return ctx.decline("an output_shape smaller than the unpooled one");
      extra[in.getRank() + d] = out.getDimSize(d) - inferred[d];
    }
    y = ctx.create1(name<PadOp>(), y, {ctx.i64s("pads", extra)});
  }
  ctx.results.push_back(y);
}

/// Col2Im: every column element added into the (padded) image at the
/// position its block and kernel offset give, a scatter_elements with
/// reduction add over the flattened image; the padding is cut off after.
void col2Im(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  std::optional<SmallVector<int64_t>> image = ctx.constInts(1);
  std::optional<SmallVector<int64_t>> block = ctx.constInts(2);
  if (!in || !in.hasStaticShape() || in.getRank() != 3 || !image || !block ||
      image->size() != block->size() || image->empty())
    return ctx.decline("a static 3-D input and constant image and block "
                       "shapes");
  int64_t k = image->size();
  SmallVector<int64_t> dilations =
      ctx.getInts("dilations", SmallVector<int64_t>(k, 1));
  SmallVector<int64_t> strides =
      ctx.getInts("strides", SmallVector<int64_t>(k, 1));
  SmallVector<int64_t> pads =
      ctx.getInts("pads", SmallVector<int64_t>(2 * k, 0));
  // Sizes below 1 would divide by zero below (found by the XOC fuzzer).
  if (llvm::any_of(*block, [](int64_t v) { return v < 1; }) ||
      llvm::any_of(*image, [](int64_t v) { return v < 1; }))
    return ctx.decline("image and block shapes of positive sizes");
  // Every malformed attribute is reported, not only the first.
  bool valid = ctx.checkInts("dilations", dilations, k, 1,
                             "one positive dilation per image axis");
  valid &= ctx.checkInts("strides", strides, k, 1,
                         "one positive stride per image axis");
  valid &= ctx.checkInts("pads", pads, 2 * k, 0,
                         "two non-negative pads per image axis");
  if (!valid)
    return;
  int64_t kernelSize = 1, blocks = 1, padded = 1;
  SmallVector<int64_t> paddedShape, blockCounts;
  for (int64_t d = 0; d < k; ++d) {
    kernelSize *= (*block)[d];
    paddedShape.push_back((*image)[d] + pads[d] + pads[k + d]);
    padded *= paddedShape.back();
    int64_t span = dilations[d] * ((*block)[d] - 1) + 1;
    if (paddedShape.back() < span)
      return ctx.decline("blocks that fit in the padded image");
    blockCounts.push_back((paddedShape.back() - span) / strides[d] + 1);
    blocks *= blockCounts.back();
  }
  int64_t n = in.getDimSize(0), rows = in.getDimSize(1);
  if (rows % kernelSize || in.getDimSize(2) != blocks)
    return ctx.decline("an input whose sizes do not fit the blocks");
  int64_t channels = rows / kernelSize;
  // The padded-image position of every column element, row-major over
  // (channel, kernel offset, block).
  SmallVector<double> positions;
  positions.reserve(rows * blocks);
  for (int64_t row = 0; row < rows; ++row) {
    int64_t c = row / kernelSize, rest = row % kernelSize;
    SmallVector<int64_t> offset(k);
    for (int64_t d = k - 1; d >= 0; --d) {
      offset[d] = rest % (*block)[d];
      rest /= (*block)[d];
    }
    for (int64_t l = 0; l < blocks; ++l) {
      int64_t b = l, flat = 0, scale = 1;
      SmallVector<int64_t> at(k);
      for (int64_t d = k - 1; d >= 0; --d) {
        at[d] = (b % blockCounts[d]) * strides[d] + offset[d] * dilations[d];
        b /= blockCounts[d];
      }
      for (int64_t d = k - 1; d >= 0; --d) {
        flat += at[d] * scale;
        scale *= paddedShape[d];
      }
      positions.push_back(double(c * padded + flat));
    }
  }
  Type i64 = ctx.b.getI64Type();
  Value index =
      ctx.constant(RankedTensorType::get({1, rows * blocks}, i64), positions);
  index = ctx.create1(name<ExpandOp>(), index,
                      {ctx.i64s("shape", {n, rows * blocks})});
  Value updates = reshape(ctx, ctx.input(0), {n, rows * blocks});
  Value zeros = ctx.fill(
      RankedTensorType::get({n, channels * padded}, in.getElementType()), 0);
  Value sum = ctx.create1(
      name<ScatterElementsOp>(), {zeros, index, updates},
      {ctx.i64("axis", 1),
       ctx.named("reduction", ScatterReductionAttr::get(
                                  ctx.b.getContext(), ScatterReduction::Add))});
  SmallVector<int64_t> full{n, channels};
  llvm::append_range(full, paddedShape);
  Value y = reshape(ctx, sum, full);
  if (llvm::any_of(pads, [](int64_t p) { return p != 0; })) {
    SmallVector<int64_t> starts, ends, axes;
    for (int64_t d = 0; d < k; ++d) {
      starts.push_back(pads[d]);
      ends.push_back(pads[d] + (*image)[d]);
      axes.push_back(d + 2);
    }
    y = ctx.create1(name<SliceOp>(), y,
                    {ctx.i64s("starts", starts), ctx.i64s("ends", ends),
                     ctx.i64s("axes", axes)});
  }
  ctx.results.push_back(y);
}

/// Det of matrices up to 4 x 4: the Leibniz sum over permutations of
/// signed products of elements, each element a slice of the last two axes.
void det(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !in.hasStaticShape() || in.getRank() < 2 ||
      !isa<FloatType>(in.getElementType()))
    return ctx.decline("a static float input");
  int64_t rank = in.getRank(), m = in.getDimSize(rank - 1);
  if (m != in.getDimSize(rank - 2) || m < 1 || m > 4)
    return ctx.decline("matrices larger than 4 x 4 or not square");
  SmallVector<int64_t> batch(in.getShape().drop_back(2));
  SmallVector<SmallVector<Value>> at(m, SmallVector<Value>(m));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < m; ++j) {
      Value e = ctx.create1(name<SliceOp>(), ctx.input(0),
                            {ctx.i64s("starts", {i, j}),
                             ctx.i64s("ends", {i + 1, j + 1}),
                             ctx.i64s("axes", {rank - 2, rank - 1})});
      at[i][j] = reshape(ctx, e, batch);
    }
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, m));
  Value sum;
  do {
    // The sign: the parity of the permutation's inversions.
    int64_t inversions = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = i + 1; j < m; ++j)
        inversions += perm[i] > perm[j];
    Value term = at[0][perm[0]];
    for (int64_t i = 1; i < m; ++i)
      term = ctx.binary(name<MulOp>(), term, at[i][perm[i]]);
    if (!sum)
      sum = inversions % 2 ? ctx.unary(name<NegOp>(), term) : term;
    else
      sum =
          ctx.binary(inversions % 2 ? name<SubOp>() : name<AddOp>(), sum, term);
  } while (std::next_permutation(perm.begin(), perm.end()));
  if (m == 1)
    sum = ctx.unary(name<IdentityOp>(), sum);
  ctx.results.push_back(sum);
}

//===----------------------------------------------------------------------===//
// Rotary embedding
//===----------------------------------------------------------------------===//

Value sliceLast(DecomposeContext &ctx, Value x, int64_t axis, int64_t start,
                int64_t end, int64_t step = 1) {
  return ctx.create1(name<SliceOp>(), x,
                     {ctx.i64s("starts", {start}), ctx.i64s("ends", {end}),
                      ctx.i64s("axes", {axis}), ctx.i64s("steps", {step})});
}

Value concat(DecomposeContext &ctx, ValueRange pieces, int64_t axis) {
  return ctx.create1(name<ConcatOp>(), pieces, {ctx.i64("axis", axis)});
}

/// RotaryEmbedding as ONNX's reference: the first rotary_embedding_dim
/// features of every head are rotated by the cos/sin cache (read at
/// position_ids when given), as halves or interleaved pairs.
void rotaryEmbedding(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0);
  if (!in || !in.hasStaticShape() || (in.getRank() != 3 && in.getRank() != 4))
    return ctx.decline("an input of rank 3 or 4 with static sizes");
  for (unsigned i = 1; i < ctx.numInputs(); ++i)
    if (!ctx.inputType(i) || !ctx.inputType(i).hasStaticShape())
      return ctx.decline("caches of open sizes");
  bool interleaved = ctx.getInt("interleaved", 0) != 0;
  int64_t rotaryDim = ctx.getInt("rotary_embedding_dim", 0);
  int64_t numHeads = ctx.getInt("num_heads", 0);
  Value x = ctx.input(0);
  ArrayRef<int64_t> shape = in.getShape();
  int64_t batch = shape[0], seq, heads, head;
  if (in.getRank() == 4) {
    // B x heads x S x head -> B x S x heads x head.
    x = transpose(ctx, x, {0, 2, 1, 3});
    seq = shape[2];
    heads = shape[1];
    head = shape[3];
  } else {
    if (numHeads <= 0 || shape[2] % numHeads)
      return ctx.badAttr("num_heads", "a divisor of the hidden size");
    seq = shape[1];
    heads = numHeads;
    head = shape[2] / numHeads;
    x = reshape(ctx, x, {batch, seq, heads, head});
  }
  if (rotaryDim == 0)
    rotaryDim = head;
  if (rotaryDim < 0 || rotaryDim > head || rotaryDim % 2)
    return ctx.badAttr("rotary_embedding_dim",
                       "an even size of at most the head size");
  int64_t half = rotaryDim / 2;
  Value cosCache = ctx.input(1), sinCache = ctx.input(2);
  if (ctx.numInputs() > 3) {
    cosCache = ctx.create1(name<GatherOp>(), {cosCache, ctx.input(3)},
                           {ctx.i64("axis", 0)});
    sinCache = ctx.create1(name<GatherOp>(), {sinCache, ctx.input(3)},
                           {ctx.i64("axis", 0)});
  }
  if (!cosCache || !sinCache)
    return;
  if (cast<RankedTensorType>(cosCache.getType()).getShape().back() != half)
    return ctx.decline("a cache whose last size is not rotary_embedding_dim "
                       "/ 2");
  auto perHead = [&](Value cache) {
    return ctx.create1(name<UnsqueezeOp>(), cache, {ctx.i64s("axes", {2})});
  };
  Value cosv = perHead(cosCache), sinv = perHead(sinCache);
  Value rotate = rotaryDim == head ? x : sliceLast(ctx, x, 3, 0, rotaryDim);
  Value x1 = interleaved ? sliceLast(ctx, rotate, 3, 0, rotaryDim, 2)
                         : sliceLast(ctx, rotate, 3, 0, half);
  Value x2 = interleaved ? sliceLast(ctx, rotate, 3, 1, rotaryDim, 2)
                         : sliceLast(ctx, rotate, 3, half, rotaryDim);
  auto mul = [&](Value a, Value b) { return ctx.binary(name<MulOp>(), a, b); };
  // One operation per statement: the order of creation is the IR's.
  Value cosX1 = mul(cosv, x1);
  Value sinX2 = mul(sinv, x2);
  Value real = ctx.binary(name<SubOp>(), cosX1, sinX2);
  Value sinX1 = mul(sinv, x1);
  Value cosX2 = mul(cosv, x2);
  Value imag = ctx.binary(name<AddOp>(), sinX1, cosX2);
  Value rotated;
  if (interleaved) {
    auto pair = [&](Value v) {
      return ctx.create1(name<UnsqueezeOp>(), v, {ctx.i64s("axes", {4})});
    };
    Value realPair = pair(real);
    Value imagPair = pair(imag);
    rotated = reshape(ctx, concat(ctx, {realPair, imagPair}, 4),
                      {batch, seq, heads, rotaryDim});
  } else {
    rotated = concat(ctx, {real, imag}, 3);
  }
  Value out = rotated;
  if (rotaryDim != head) {
    Value rest = sliceLast(ctx, x, 3, rotaryDim, head);
    out = concat(ctx, {rotated, rest}, 3);
  }
  ctx.results.push_back(in.getRank() == 4 ? transpose(ctx, out, {0, 2, 1, 3})
                                          : reshape(ctx, out, shape));
}

/// CausalConvWithState: the past state (zeros without one) concatenated
/// before the input along the length, a depthwise convolution without
/// padding (bias), SiLU in f32 when asked; the new state is the last k - 1
/// positions of the concatenation.
void causalConvWithState(DecomposeContext &ctx) {
  RankedTensorType in = ctx.inputType(0), w = ctx.inputType(1);
  if (!in || !w || !in.hasStaticShape() || !w.hasStaticShape() ||
      in.getRank() != 3 || w.getRank() != 3 ||
      !isa<FloatType>(in.getElementType()))
    return ctx.decline("static 3-D float input and weight");
  std::string activation = ctx.getString("activation", "none");
  if (!ctx.checkEnum("activation", activation, {"none", "silu", "swish"}))
    return;
  int64_t batch = in.getDimSize(0), channels = in.getDimSize(1);
  int64_t length = in.getDimSize(2), k = w.getDimSize(2);
  Value x = ctx.input(0);
  Value padded = x;
  if (k > 1) {
    Value past;
    if (ctx.numInputs() > 3 && ctx.inputType(3))
      past = ctx.input(3);
    else
      past = ctx.fill(in.clone({batch, channels, k - 1}), 0);
    padded = concat(ctx, {past, x}, 2);
  }
  // (A float16 convolution is computed in f32 and rounded once by its
  // lowering, as the reference's.)
  SmallVector<Value> operands{padded, ctx.input(1)};
  if (ctx.numInputs() > 2 && ctx.inputType(2))
    operands.push_back(ctx.input(2));
  Value y = ctx.create1(name<ConvOp>(), operands, {ctx.i64("group", channels)});
  if (activation != "none" && y) {
    Type f32 = ctx.b.getF32Type();
    Value wide = castTo(ctx, y, f32);
    Value gate = ctx.unary(name<SigmoidOp>(), wide);
    y = castTo(ctx, ctx.binary(name<MulOp>(), wide, gate), in.getElementType());
  }
  ctx.results.push_back(y);
  if (ctx.numOutputs() > 1)
    ctx.results.push_back(sliceLast(ctx, padded, 2, length, length + k - 1));
}

const llvm::StringMap<DecomposeFn> &getTable() {
  static const llvm::StringMap<DecomposeFn> table = {
      {"CastLike", castLike},
      {"ConstantOfShape", constantOfShape},
      {"Size", size},
      {"Shape", shape},
      {"EyeLike", eyeLike},
      {"Range", range},
      {"Trilu", trilu},
      {"Split", split},
      {"Sum", sum},
      {"Mean", mean},
      {"Max", max},
      {"Min", min},
      {"Pow", pow},
      {"IsNaN", isNaN},
      {"IsInf", isInf},
      {"Celu", celu},
      {"ThresholdedRelu", thresholdedRelu},
      {"Shrink", shrink},
      {"HardSwish", hardSwish},
      {"Mish", mish},
      {"ReduceL1", reduceL1},
      {"ReduceL2", reduceL2},
      {"ReduceSumSquare", reduceSumSquare},
      {"ReduceSum", reduceNoop},
      {"ReduceMean", reduceNoop},
      {"ReduceMax", reduceNoop},
      {"ReduceMin", reduceNoop},
      {"ReduceProd", reduceNoop},
      {"ReduceLogSum", reduceLogSum},
      {"ReduceLogSumExp", reduceLogSumExp},
      {"LpNormalization", lpNormalization},
      {"Dropout", dropout},
      {"LayerNormalization", layerNormalization},
      {"RMSNormalization", rmsNormalization},
      {"Swish", swish},
      {"DepthToSpace", depthToSpace},
      {"SpaceToDepth", spaceToDepth},
      {"Hardmax", hardmax},
      {"LpPool", lpPool},
      {"NegativeLogLikelihoodLoss", negativeLogLikelihoodLoss},
      {"SoftmaxCrossEntropyLoss", softmaxCrossEntropyLoss},
      {"Attention", attention},
      {"HannWindow", hannWindow},
      {"HammingWindow", hammingWindow},
      {"BlackmanWindow", blackmanWindow},
      {"GroupNormalization", groupNormalization},
      {"MeanVarianceNormalization", meanVarianceNormalization},
      {"RotaryEmbedding", rotaryEmbedding},
      {"CenterCropPad", centerCropPad},
      {"SwiGLU", swiGLU},
      {"Upsample", upsample},
      {"AffineGrid", affineGrid},
      {"ReverseSequence", reverseSequence},
      {"Pad", padAxes},
      {"MaxUnpool", maxUnpool},
      {"Col2Im", col2Im},
      {"Det", det},
      {"CausalConvWithState", causalConvWithState},
      {"TensorScatter", tensorScatter},
      {"QuantizeLinear", quantizeLinear},
      {"DequantizeLinear", dequantizeLinear},
      {"DynamicQuantizeLinear", dynamicQuantizeLinear},
      {"MatMulInteger", matMulInteger},
      {"QLinearMatMul", qLinearMatMul},
      {"ConvInteger", convInteger},
      {"QLinearConv", qLinearConv},
  };
  return table;
}

} // namespace

DecomposeFn xoc::lookupDecomposition(StringRef onnx) {
  return getTable().lookup(onnx);
}
