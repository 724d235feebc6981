//===- FoldIntoConv.cpp - fold scale and shift into conv/gemm ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nngraph-fold-into-conv pass: an inference
// batch_norm, or a mul / add / sub by a per-output-channel (or scalar)
// parameter, that directly follows a conv, a one-group conv_transpose or a
// gemm whose result it is the only user of, becomes part of that op's
// weight and bias:
//
//   y = (conv(x, W) + b) * s + t   ==>   y = conv(x, W * s) + (b * s + t)
//
// with s = gamma / sqrt(var + epsilon) and t = beta - mean * s for a batch
// norm. The new weight and bias are built as nngraph ops on the original
// values, because weights are usually graph inputs (role "weight") rather
// than constants; constant weights are not folded either (that is left to a
// later weight-preparation stage). The pass also applies the dialect's
// canonicalization patterns, so that identities between a conv and its
// batch norm do not block the fold and transposes that cancel disappear
// before lowering.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHFOLDINTOCONVPASS
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

namespace {

/// A conv, transposed conv or gemm seen as y = op(x, W) + b, whose output
/// channels are axis 1 of y and axis `weightAxis` of W.
struct LinearOp {
  Operation *op = nullptr;
  Value weight;
  int64_t weightAxis = 0;
  int64_t channels = 0;
  RankedTensorType resultType;
};

/// What to fold into a linear op: y' = y * scale + shift. Either may be
/// null; each is a 1-D tensor of `channels` or of one element.
struct ScaleShift {
  Value scale;
  Value shift;
};

/// Counters of the pass, shared by its patterns.
struct FoldCounters {
  Pass::Statistic *batchNorms = nullptr;
  Pass::Statistic *scaleShifts = nullptr;
};

} // namespace

/// The conv, transposed conv (one group) or gemm that defines `value` when
/// `value` is its only use, has a float type with a known channel count and
/// the weight's output-channel axis agrees.
static std::optional<LinearOp> matchLinear(Value value) {
  Operation *def = value.getDefiningOp();
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!def || !value.hasOneUse() || !type || type.getRank() < 2 ||
      type.isDynamicDim(1) || !isa<FloatType>(type.getElementType()))
    return std::nullopt;
  LinearOp linear;
  linear.op = def;
  linear.resultType = type;
  linear.channels = type.getDimSize(1);
  if (auto conv = dyn_cast<ConvOp>(def)) {
    linear.weight = conv.getWeight();
    linear.weightAxis = 0;
  } else if (auto deconv = dyn_cast<ConvTransposeOp>(def)) {
    // The weight is C x M/group x k...: one group keeps the output channels
    // on axis 1 alone.
    if (deconv.getGroup() != 1)
      return std::nullopt;
    linear.weight = deconv.getWeight();
    linear.weightAxis = 1;
  } else if (auto gemm = dyn_cast<GemmOp>(def)) {
    if (type.getRank() != 2)
      return std::nullopt;
    linear.weight = gemm.getB();
    linear.weightAxis = gemm.getTransB() ? 0 : 1;
  } else {
    return std::nullopt;
  }
  auto weightType = dyn_cast<RankedTensorType>(linear.weight.getType());
  if (!weightType || weightType.getElementType() != type.getElementType() ||
      weightType.getDimSize(linear.weightAxis) != linear.channels)
    return std::nullopt;
  return linear;
}

/// A splat constant of `value` with `shape` and element type `element`.
static Value splat(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   Type element, double value) {
  auto type = RankedTensorType::get(shape, element);
  return ConstantOp::create(
      b, loc,
      cast<ElementsAttr>(DenseElementsAttr::get(
          type, cast<Attribute>(b.getFloatAttr(element, value)))));
}

/// `vector` (1-D, `n` elements) reshaped to rank `rank` with its elements
/// on `axis` and every other dimension 1.
static Value alongAxis(OpBuilder &b, Location loc, Value vector, int64_t rank,
                       int64_t axis) {
  auto type = cast<RankedTensorType>(vector.getType());
  SmallVector<int64_t> shape(rank, 1);
  shape[axis] = type.getNumElements();
  if (type.getShape() == ArrayRef<int64_t>(shape))
    return vector;
  return ReshapeOp::create(b, loc, vector, b.getDenseI64ArrayAttr(shape));
}

/// The bias the op adds to every output: a (transposed) conv's bias, or
/// gemm's `beta * C` (null when absent or when beta is 0, which the lowering
/// ignores too).
static Value getEffectiveBias(OpBuilder &b, Location loc,
                              const LinearOp &linear) {
  if (auto conv = dyn_cast<ConvOp>(linear.op))
    return conv.getBias();
  if (auto deconv = dyn_cast<ConvTransposeOp>(linear.op))
    return deconv.getBias();
  auto gemm = cast<GemmOp>(linear.op);
  Value c = gemm.getC();
  double beta = gemm.getBeta().convertToDouble();
  if (!c || beta == 0.0)
    return nullptr;
  if (beta == 1.0)
    return c;
  return MulOp::create(
      b, loc, c, splat(b, loc, {1}, linear.resultType.getElementType(), beta));
}

/// Rebuilds `linear` with `weight` and `bias` (null: none) at the rewriter's
/// insertion point, keeping every attribute; gemm's beta becomes 1 because
/// `bias` already includes it.
static Value rebuild(OpBuilder &b, Location loc, const LinearOp &linear,
                     Value weight, Value bias) {
  SmallVector<NamedAttribute> discardable =
      llvm::to_vector(linear.op->getDiscardableAttrs());
  if (auto conv = dyn_cast<ConvOp>(linear.op)) {
    SmallVector<Value> operands{conv.getInput(), weight};
    if (bias)
      operands.push_back(bias);
    return ConvOp::create(b, loc, TypeRange{linear.resultType}, operands,
                          conv.getProperties(), discardable);
  }
  if (auto deconv = dyn_cast<ConvTransposeOp>(linear.op)) {
    SmallVector<Value> operands{deconv.getInput(), weight};
    if (bias)
      operands.push_back(bias);
    return ConvTransposeOp::create(b, loc, TypeRange{linear.resultType},
                                   operands, deconv.getProperties(),
                                   discardable);
  }
  auto gemm = cast<GemmOp>(linear.op);
  GemmOp::Properties properties = gemm.getProperties();
  properties.setBeta(b.getF32FloatAttr(1.0f));
  SmallVector<Value> operands{gemm.getA(), weight};
  if (bias)
    operands.push_back(bias);
  return GemmOp::create(b, loc, TypeRange{linear.resultType}, operands,
                        properties, discardable);
}

/// Replaces `consumer` (the only user of `linear`) by `linear` with
/// `folded` folded into its weight and bias. New ops go right before
/// `consumer`, where every value they read is defined; they carry the
/// consumer's location, and the new op a fused location that names the
/// original op first and then the consumer.
static void foldInto(PatternRewriter &rewriter, Operation *consumer,
                     const LinearOp &linear, ScaleShift folded) {
  rewriter.setInsertionPoint(consumer);
  Location loc = consumer->getLoc();
  Value weight = linear.weight;
  Value bias = getEffectiveBias(rewriter, loc, linear);
  if (folded.scale) {
    int64_t rank = cast<RankedTensorType>(weight.getType()).getRank();
    weight = MulOp::create(
        rewriter, loc, weight,
        alongAxis(rewriter, loc, folded.scale, rank, linear.weightAxis));
    if (bias)
      bias = MulOp::create(rewriter, loc, bias, folded.scale);
  }
  if (folded.shift)
    bias = bias ? Value(AddOp::create(rewriter, loc, bias, folded.shift))
                : folded.shift;
  // A conv bias has one element per output channel.
  if (bias && isa<ConvOp, ConvTransposeOp>(linear.op) &&
      cast<RankedTensorType>(bias.getType()).getShape() !=
          ArrayRef<int64_t>{linear.channels})
    bias = ExpandOp::create(rewriter, loc, bias,
                            rewriter.getDenseI64ArrayAttr({linear.channels}));
  Location fused = rewriter.getFusedLoc({linear.op->getLoc(), loc});
  Value result = rebuild(rewriter, fused, linear, weight, bias);
  rewriter.replaceOp(consumer, result);
  rewriter.eraseOp(linear.op);
}

//===----------------------------------------------------------------------===//
// Batch normalisation
//===----------------------------------------------------------------------===//

namespace {
/// batch_norm(linear(x)) -> linear'(x), s = gamma / sqrt(var + epsilon),
/// t = beta - mean * s.
struct FoldBatchNorm : public OpRewritePattern<BatchNormOp> {
  FoldBatchNorm(MLIRContext *context, FoldCounters counters)
      : OpRewritePattern(context), counters(counters) {}

  LogicalResult matchAndRewrite(BatchNormOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<LinearOp> linear = matchLinear(op.getInput());
    if (!linear || op.getType() != linear->resultType)
      return rewriter.notifyMatchFailure(op, "not the only user of a conv");
    auto vectorType = RankedTensorType::get(
        {linear->channels}, linear->resultType.getElementType());
    for (Value v : {op.getScale(), op.getBias(), op.getMean(), op.getVar()})
      if (v.getType() != vectorType)
        return rewriter.notifyMatchFailure(op, "parameters of another shape");

    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    Value eps = splat(rewriter, loc, {1}, vectorType.getElementType(),
                      op.getEpsilon().convertToDouble());
    Value denom = SqrtOp::create(
        rewriter, loc, AddOp::create(rewriter, loc, op.getVar(), eps));
    Value scale = DivOp::create(rewriter, loc, op.getScale(), denom);
    Value shift =
        SubOp::create(rewriter, loc, op.getBias(),
                      MulOp::create(rewriter, loc, op.getMean(), scale));
    foldInto(rewriter, op, *linear, {scale, shift});
    if (counters.batchNorms)
      ++*counters.batchNorms;
    return success();
  }

  FoldCounters counters;
};
} // namespace

//===----------------------------------------------------------------------===//
// Mul / add / sub by a per-channel parameter
//===----------------------------------------------------------------------===//

/// Whether `value` is a parameter: a constant, a graph input of role
/// "weight", or a side-effect free nngraph op of parameters (a reshape of a
/// weight, say).
static bool isParameter(Value value, unsigned depth = 0) {
  if (matchPattern(value, m_Constant()))
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    return func && arg.getOwner()->isEntryBlock() &&
           isWeight(func, arg.getArgNumber());
  }
  Operation *def = value.getDefiningOp();
  if (depth >= 8 || !def || !isa<NNGraphDialect>(def->getDialect()) ||
      !isMemoryEffectFree(def) || def->getNumOperands() == 0)
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isParameter(operand, depth + 1);
  });
}

/// `value` as a 1-D tensor when it is a parameter that broadcasts against
/// `linear`'s result along the channel axis only (one element or one per
/// channel); null otherwise.
static Value getChannelVector(OpBuilder &b, Location loc, Value value,
                              const LinearOp &linear) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  int64_t rank = linear.resultType.getRank();
  if (!type || !type.hasStaticShape() || type.getRank() > rank ||
      !isParameter(value))
    return nullptr;
  for (auto [i, size] : llvm::enumerate(type.getShape())) {
    int64_t axis = rank - type.getRank() + static_cast<int64_t>(i);
    if (size != 1 && (axis != 1 || size != linear.channels))
      return nullptr;
  }
  int64_t n = type.getNumElements();
  if (type.getRank() == 1)
    return value;
  return ReshapeOp::create(b, loc, value, b.getDenseI64ArrayAttr({n}));
}

namespace {
/// mul / add / sub(linear(x), c) -> linear'(x) for a per-channel or scalar
/// parameter c (mul and add: on either side).
template <typename OpTy>
struct FoldScaleShift : public OpRewritePattern<OpTy> {
  FoldScaleShift(MLIRContext *context, FoldCounters counters)
      : OpRewritePattern<OpTy>(context), counters(counters) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    constexpr bool commutative = !std::is_same_v<OpTy, SubOp>;
    std::optional<LinearOp> linear = matchLinear(op.getLhs());
    Value other = op.getRhs();
    if (!linear && commutative) {
      linear = matchLinear(op.getRhs());
      other = op.getLhs();
    }
    if (!linear || op.getType() != linear->resultType)
      return rewriter.notifyMatchFailure(op, "not the only user of a conv");
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    Value vector = getChannelVector(rewriter, loc, other, *linear);
    if (!vector)
      return rewriter.notifyMatchFailure(op, "not a per-channel parameter");
    ScaleShift folded;
    if constexpr (std::is_same_v<OpTy, MulOp>)
      folded.scale = vector;
    else if constexpr (std::is_same_v<OpTy, AddOp>)
      folded.shift = vector;
    else
      folded.shift = NegOp::create(rewriter, loc, vector);
    foldInto(rewriter, op, *linear, folded);
    if (counters.scaleShifts)
      ++*counters.scaleShifts;
    return success();
  }

  FoldCounters counters;
};
} // namespace

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct NNGraphFoldIntoConvPass
    : public nngraph::impl::NNGraphFoldIntoConvPassBase<
          NNGraphFoldIntoConvPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    FoldCounters counters{&numBatchNorms, &numScaleShifts};
    patterns.add<FoldBatchNorm, FoldScaleShift<MulOp>, FoldScaleShift<AddOp>,
                 FoldScaleShift<SubOp>>(context, counters);
    // The dialect's canonicalization patterns (shape-only chains and
    // identities collapse, transposes compose), so that these do not block
    // a fold between a conv and its consumer.
    auto *dialect = context->getLoadedDialect<NNGraphDialect>();
    dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      if (&name.getDialect() == dialect)
        name.getCanonicalizationPatterns(patterns, context);
    // No generic folding: constant operands of the graph (and of the
    // integration tests) keep running through their lowering, and large
    // weights are never materialised. Not converging only means that some
    // fold was left undone.
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);
  }
};
} // namespace
