//===- Pooling.cpp - nngraph pooling to linalg ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of nngraph.max_pool, avg_pool (1-D,
// 2-D and 3-D) and the global pools. Windowed pools run channels last, like
// the convolutions (Conv.cpp): the NCHW (NCW, NCDHW) input is permuted to
// NHWC (NWC, NDHWC), padded (with -inf for max, zero for average) on the
// explicit pads plus whatever ceil_mode's last window needs, pooled by
// linalg.pooling_nhwc_max / pooling_nhwc_sum (_nwc_, _ndhwc_), and the
// result permuted back; the permutations
// are parallel generics that elementwise fusion cancels against those of
// the neighbouring convolutions, so the CPU schedules see NHWC pools with
// the channels in the vector lanes. Average pooling divides by the number
// of elements each window covers: the window size when every window is
// full, else a count computed by the same sum pooling over a 0/1 mask (1
// on the input, and on the explicit pads when count_include_pad). Global
// pools are reductions over the spatial axes.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

#include <limits>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

/// A channels-last linalg pooling op of type MaxOp or SumOp.
template <typename MaxOp, typename SumOp>
Value createPoolOp(OpBuilder &b, Location loc, bool isMax, Type type,
                   Value input, Value window, Value init,
                   DenseIntElementsAttr strides,
                   DenseIntElementsAttr dilations) {
  if (isMax)
    return MaxOp::create(b, loc, TypeRange{type}, ValueRange{input, window},
                         ValueRange{init}, strides, dilations)
        .getResult(0);
  return SumOp::create(b, loc, TypeRange{type}, ValueRange{input, window},
                       ValueRange{init}, strides, dilations)
      .getResult(0);
}

/// linalg's channels-last pooling of `k` spatial dimensions (1-3): max or
/// sum of `input` windows of the shape of `window` into `init`.
Value createPool(OpBuilder &b, Location loc, bool isMax, int64_t k,
                 RankedTensorType type, Value input, Value window, Value init,
                 DenseIntElementsAttr strides, DenseIntElementsAttr dilations) {
  if (k == 1)
    return createPoolOp<linalg::PoolingNwcMaxOp, linalg::PoolingNwcSumOp>(
        b, loc, isMax, type, input, window, init, strides, dilations);
  if (k == 2)
    return createPoolOp<linalg::PoolingNhwcMaxOp, linalg::PoolingNhwcSumOp>(
        b, loc, isMax, type, input, window, init, strides, dilations);
  return createPoolOp<linalg::PoolingNdhwcMaxOp, linalg::PoolingNdhwcSumOp>(
      b, loc, isMax, type, input, window, init, strides, dilations);
}

template <typename OpTy>
struct PoolLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  static constexpr bool isMax = std::is_same_v<OpTy, MaxPoolOp>;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto inType = dyn_cast<RankedTensorType>(x.getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> kernel = op.getKernelShape();
    // k spatial dimensions after N and C.
    int64_t k = kernel.size();
    if (!inType || !resultType || k < 1 || k > 3 || inType.getRank() != k + 2 ||
        op.getAutoPad() != AutoPad::NotSet)
      return rewriter.notifyMatchFailure(
          op, "expected a 1-D, 2-D or 3-D pool, channels second");
    for (int64_t i = 2; i < k + 2; ++i)
      if (inType.isDynamicDim(i) || resultType.isDynamicDim(i))
        return rewriter.notifyMatchFailure(op, "dynamic spatial sizes");
    Location loc = op.getLoc();
    SmallVector<int64_t> ones(k, 1), zeros(2 * k, 0);
    ArrayRef<int64_t> strides = op.getStrides().value_or(ones);
    ArrayRef<int64_t> dilations = op.getDilations().value_or(ones);
    ArrayRef<int64_t> pads = op.getPads().value_or(zeros);
    SmallVector<int64_t> low(pads.take_front(k)), high(pads.drop_front(k));
    // ceil_mode's last window may reach past the explicit end pad.
    SmallVector<int64_t> extra(k, 0), fullHigh(k, 0);
    for (int64_t i = 0; i < k; ++i) {
      int64_t need = (resultType.getDimSize(2 + i) - 1) * strides[i] +
                     (kernel[i] - 1) * dilations[i] + 1;
      int64_t have = inType.getDimSize(2 + i) + low[i] + high[i];
      extra[i] = std::max<int64_t>(0, need - have);
      fullHigh[i] = high[i] + extra[i];
    }
    Type element = resultType.getElementType();
    auto floatType = cast<FloatType>(element);
    Value fill =
        isMax ? arith::ConstantOp::create(
                    rewriter, loc,
                    rewriter.getFloatAttr(
                        element, APFloat::getInf(floatType.getFloatSemantics(),
                                                 /*Negative=*/true)))
              : scalarConstant(rewriter, loc, element, 0.0);
    // Channels last: (N, C, S...) -> (N, S..., C) and back.
    SmallVector<int64_t> toLast{0}, toSecond{0, k + 1};
    SmallVector<int64_t> lastShape{resultType.getDimSize(0)};
    for (int64_t i = 0; i < k; ++i) {
      toLast.push_back(2 + i);
      toSecond.push_back(1 + i);
      lastShape.push_back(resultType.getDimSize(2 + i));
    }
    toLast.push_back(1);
    lastShape.push_back(resultType.getDimSize(1));
    Value last = permute(rewriter, loc, x, toLast);
    Value padded =
        padSpatial(rewriter, loc, last, low, fullHigh, fill, /*firstAxis=*/1);
    Value window = tensor::EmptyOp::create(rewriter, loc, kernel, element);
    auto lastType = RankedTensorType::get(lastShape, element);
    // The accumulator starts at the padding value: -inf or 0.
    Value init = linalg::FillOp::create(
                     rewriter, loc, ValueRange{fill},
                     ValueRange{createEmpty(rewriter, loc, lastType, {last})})
                     .getResult(0);
    auto stridesAttr = i64Vector(rewriter, strides);
    auto dilationsAttr = i64Vector(rewriter, dilations);
    Value pooled = createPool(rewriter, loc, isMax, k, lastType, padded, window,
                              init, stridesAttr, dilationsAttr);
    if (!isMax)
      pooled = divideByCount(rewriter, loc, op, pooled, inType, lastType, low,
                             high, extra, window, stridesAttr, dilationsAttr);
    rewriter.replaceOp(op, permute(rewriter, loc, pooled, toSecond));
    return success();
  }

  /// pooled / (elements each window covers), on the channels-last result
  /// of type `lastType` (N, S..., C).
  Value divideByCount(OpBuilder &b, Location loc, OpTy op, Value pooled,
                      RankedTensorType inType, RankedTensorType lastType,
                      ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                      ArrayRef<int64_t> extra, Value window,
                      DenseIntElementsAttr strides,
                      DenseIntElementsAttr dilations) const {
    MLIRContext *ctx = b.getContext();
    Type element = lastType.getElementType();
    bool includePad = false;
    if constexpr (!isMax)
      includePad = op.getCountIncludePad();
    auto nonZero = [](int64_t p) { return p != 0; };
    bool anyPad = llvm::any_of(low, nonZero) || llvm::any_of(high, nonZero);
    bool anyExtra = llvm::any_of(extra, nonZero);
    ArrayRef<int64_t> kernel = op.getKernelShape();
    int64_t k = kernel.size(), rank = k + 2;
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value divisor;
    AffineMap divisorMap;
    if (!anyExtra && (!anyPad || includePad)) {
      int64_t size = 1;
      for (int64_t s : kernel)
        size *= s;
      divisor = scalarConstant(b, loc, element, size);
    } else {
      // Counts over a 0/1 mask of shape (1, S..., 1).
      SmallVector<int64_t> maskShape{1}, countShape{1};
      SmallVector<int64_t> rest, start;
      SmallVector<AffineExpr> exprs{getAffineConstantExpr(0, ctx)};
      for (int64_t i = 0; i < k; ++i) {
        maskShape.push_back(inType.getDimSize(2 + i));
        countShape.push_back(lastType.getDimSize(1 + i));
        rest.push_back(includePad ? extra[i] : high[i] + extra[i]);
        start.push_back(includePad ? 0 : low[i]);
        exprs.push_back(getAffineDimExpr(1 + i, ctx));
      }
      maskShape.push_back(1);
      countShape.push_back(1);
      exprs.push_back(getAffineConstantExpr(0, ctx));
      Value mask = createFilled(
          b, loc, RankedTensorType::get(maskShape, element), {}, 1.0);
      Value one = scalarConstant(b, loc, element, 1.0);
      Value zero = scalarConstant(b, loc, element, 0.0);
      if (includePad)
        mask = padSpatial(b, loc, mask, low, high, one, /*firstAxis=*/1);
      mask = padSpatial(b, loc, mask, start, rest, zero, /*firstAxis=*/1);
      auto countType = RankedTensorType::get(countShape, element);
      Value countInit = createFilled(b, loc, countType, {}, 0.0);
      divisor = createPool(b, loc, /*isMax=*/false, k, countType, mask, window,
                           countInit, strides, dilations);
      divisorMap = AffineMap::get(rank, 0, exprs, ctx);
    }
    SmallVector<Value> inputs{pooled};
    SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank)};
    if (divisorMap) {
      inputs.push_back(divisor);
      maps.push_back(divisorMap);
    }
    maps.push_back(b.getMultiDimIdentityMap(rank));
    Value init = createEmpty(b, loc, lastType, {pooled});
    return linalg::GenericOp::create(
               b, loc, TypeRange{lastType}, inputs, ValueRange{init}, maps,
               iterators,
               [&](OpBuilder &nb, Location l, ValueRange args) {
                 Value d = divisorMap ? args[1] : divisor;
                 linalg::YieldOp::create(
                     nb, l,
                     ValueRange{arith::DivFOp::create(nb, l, args[0], d)});
               })
        .getResult(0);
  }
};

/// Global pools: max or mean over H, W into (N, C, 1, 1).
template <typename OpTy>
struct GlobalPoolLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  static constexpr bool isMax = std::is_same_v<OpTy, GlobalMaxPoolOp>;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto inType = dyn_cast<RankedTensorType>(x.getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!inType || !resultType || inType.getRank() < 3)
      return rewriter.notifyMatchFailure(op, "expected a ranked input");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    int64_t rank = inType.getRank();
    Type element = resultType.getElementType();
    auto floatType = cast<FloatType>(element);
    double start = 0.0;
    Value init = createEmpty(rewriter, loc, resultType, {x});
    Value startValue =
        isMax ? Value(arith::ConstantOp::create(
                    rewriter, loc,
                    rewriter.getFloatAttr(
                        element,
                        APFloat::getInf(floatType.getFloatSemantics(), true))))
              : scalarConstant(rewriter, loc, element, start);
    init = linalg::FillOp::create(rewriter, loc, ValueRange{startValue},
                                  ValueRange{init})
               .getResult(0);
    // Loops: (n, c, spatial...); the output reads (n, c, 0, ...).
    SmallVector<AffineExpr> outExprs{getAffineDimExpr(0, ctx),
                                     getAffineDimExpr(1, ctx)};
    // The result keeps size-1 spatial axes: collapse them away for the
    // reduction, expand back afterwards.
    auto reducedType = RankedTensorType::get(
        {resultType.getDimSize(0), resultType.getDimSize(1)}, element);
    SmallVector<ReassociationIndices> reassoc{{0}, {1}};
    for (int64_t i = 2; i < rank; ++i)
      reassoc.back().push_back(i);
    Value reducedInit = tensor::CollapseShapeOp::create(
        rewriter, loc, reducedType, init, reassoc);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank),
                                AffineMap::get(rank, 0, outExprs, ctx)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::reduction);
    iterators[0] = iterators[1] = utils::IteratorType::parallel;
    Value reduced =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{reducedType}, ValueRange{x},
            ValueRange{reducedInit}, maps, iterators,
            [&](OpBuilder &b, Location l, ValueRange args) {
              Value v =
                  isMax
                      ? Value(arith::MaximumFOp::create(b, l, args[0], args[1]))
                      : Value(arith::AddFOp::create(b, l, args[0], args[1]));
              linalg::YieldOp::create(b, l, v);
            })
            .getResult(0);
    if (!isMax) {
      int64_t count = 1;
      for (int64_t i = 2; i < rank; ++i) {
        if (inType.isDynamicDim(i))
          return rewriter.notifyMatchFailure(op, "dynamic spatial sizes");
        count *= inType.getDimSize(i);
      }
      Value divisor = scalarConstant(rewriter, loc, element, count);
      Value divInit = createEmpty(rewriter, loc, reducedType, {reduced});
      reduced =
          linalg::GenericOp::create(
              rewriter, loc, TypeRange{reducedType}, ValueRange{reduced},
              ValueRange{divInit},
              SmallVector<AffineMap>(2, rewriter.getMultiDimIdentityMap(2)),
              SmallVector<utils::IteratorType>(2,
                                               utils::IteratorType::parallel),
              [&](OpBuilder &b, Location l, ValueRange args) {
                linalg::YieldOp::create(
                    b, l,
                    ValueRange{arith::DivFOp::create(b, l, args[0], divisor)});
              })
              .getResult(0);
    }
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, resultType, reduced,
                                                       reassoc);
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populatePoolingPatterns(RewritePatternSet &patterns,
                                                    ConversionTarget &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<PoolLowering<MaxPoolOp>, PoolLowering<AvgPoolOp>,
               GlobalPoolLowering<GlobalMaxPoolOp>,
               GlobalPoolLowering<GlobalAvgPoolOp>>(ctx);
  target.addIllegalOp<MaxPoolOp, AvgPoolOp, GlobalMaxPoolOp, GlobalAvgPoolOp>();
}
