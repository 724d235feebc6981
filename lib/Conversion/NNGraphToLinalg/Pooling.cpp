//===- Pooling.cpp - nngraph pooling to linalg ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of nngraph.max_pool, avg_pool and the
// global pools (2-D). Windowed pools run channels last, like the
// convolutions (Conv.cpp): the NCHW input is permuted to NHWC, padded (with
// -inf for max, zero for average) on the explicit pads plus whatever
// ceil_mode's last window needs, pooled by linalg.pooling_nhwc_max /
// pooling_nhwc_sum, and the result permuted back to NCHW; the permutations
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
    if (!inType || !resultType || inType.getRank() != 4 || kernel.size() != 2 ||
        op.getAutoPad() != AutoPad::NotSet)
      return rewriter.notifyMatchFailure(op, "expected a 2-D pool, NCHW");
    for (int i = 2; i < 4; ++i)
      if (inType.isDynamicDim(i) || resultType.isDynamicDim(i))
        return rewriter.notifyMatchFailure(op, "dynamic spatial sizes");
    Location loc = op.getLoc();
    SmallVector<int64_t> ones{1, 1}, zeros{0, 0, 0, 0};
    ArrayRef<int64_t> strides = op.getStrides().value_or(ones);
    ArrayRef<int64_t> dilations = op.getDilations().value_or(ones);
    ArrayRef<int64_t> pads = op.getPads().value_or(zeros);
    SmallVector<int64_t> low{pads[0], pads[1]}, high{pads[2], pads[3]};
    // ceil_mode's last window may reach past the explicit end pad.
    SmallVector<int64_t> extra{0, 0};
    for (int i = 0; i < 2; ++i) {
      int64_t need = (resultType.getDimSize(2 + i) - 1) * strides[i] +
                     (kernel[i] - 1) * dilations[i] + 1;
      int64_t have = inType.getDimSize(2 + i) + low[i] + high[i];
      extra[i] = std::max<int64_t>(0, need - have);
    }
    SmallVector<int64_t> fullHigh{high[0] + extra[0], high[1] + extra[1]};
    Type element = resultType.getElementType();
    auto floatType = cast<FloatType>(element);
    Value fill =
        isMax ? arith::ConstantOp::create(
                    rewriter, loc,
                    rewriter.getFloatAttr(
                        element, APFloat::getInf(floatType.getFloatSemantics(),
                                                 /*Negative=*/true)))
              : scalarConstant(rewriter, loc, element, 0.0);
    Value nhwc = permute(rewriter, loc, x, {0, 2, 3, 1});
    Value padded =
        padSpatial(rewriter, loc, nhwc, low, fullHigh, fill, /*firstAxis=*/1);
    Value window = tensor::EmptyOp::create(rewriter, loc, kernel, element);
    auto nhwcType = RankedTensorType::get(
        {resultType.getDimSize(0), resultType.getDimSize(2),
         resultType.getDimSize(3), resultType.getDimSize(1)},
        element);
    // The accumulator starts at the padding value: -inf or 0.
    Value init = linalg::FillOp::create(
                     rewriter, loc, ValueRange{fill},
                     ValueRange{createEmpty(rewriter, loc, nhwcType, {nhwc})})
                     .getResult(0);
    auto stridesAttr = i64Vector(rewriter, strides);
    auto dilationsAttr = i64Vector(rewriter, dilations);
    Value pooled;
    if (isMax) {
      pooled =
          linalg::PoolingNhwcMaxOp::create(
              rewriter, loc, TypeRange{nhwcType}, ValueRange{padded, window},
              ValueRange{init}, stridesAttr, dilationsAttr)
              .getResult(0);
    } else {
      pooled =
          linalg::PoolingNhwcSumOp::create(
              rewriter, loc, TypeRange{nhwcType}, ValueRange{padded, window},
              ValueRange{init}, stridesAttr, dilationsAttr)
              .getResult(0);
      pooled = divideByCount(rewriter, loc, op, pooled, inType, nhwcType, low,
                             high, extra, window, stridesAttr, dilationsAttr);
    }
    rewriter.replaceOp(op, permute(rewriter, loc, pooled, {0, 3, 1, 2}));
    return success();
  }

  /// pooled / (elements each window covers), on the NHWC result.
  Value divideByCount(OpBuilder &b, Location loc, OpTy op, Value pooled,
                      RankedTensorType inType, RankedTensorType nhwcType,
                      ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                      ArrayRef<int64_t> extra, Value window,
                      DenseIntElementsAttr strides,
                      DenseIntElementsAttr dilations) const {
    MLIRContext *ctx = b.getContext();
    Type element = nhwcType.getElementType();
    bool includePad = false;
    if constexpr (!isMax)
      includePad = op.getCountIncludePad();
    bool anyPad = llvm::any_of(low, [](int64_t p) { return p != 0; }) ||
                  llvm::any_of(high, [](int64_t p) { return p != 0; });
    bool anyExtra = extra[0] != 0 || extra[1] != 0;
    ArrayRef<int64_t> kernel = op.getKernelShape();
    int64_t rank = 4;
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value divisor;
    AffineMap divisorMap;
    if (!anyExtra && (!anyPad || includePad)) {
      divisor = scalarConstant(b, loc, element, kernel[0] * kernel[1]);
    } else {
      // Counts over a 0/1 mask of shape (1, H, W, 1).
      auto maskType = RankedTensorType::get(
          {1, inType.getDimSize(2), inType.getDimSize(3), 1}, element);
      Value mask = createFilled(b, loc, maskType, {}, 1.0);
      Value one = scalarConstant(b, loc, element, 1.0);
      Value zero = scalarConstant(b, loc, element, 0.0);
      if (includePad)
        mask = padSpatial(b, loc, mask, low, high, one, /*firstAxis=*/1);
      SmallVector<int64_t> rest{includePad ? extra[0] : high[0] + extra[0],
                                includePad ? extra[1] : high[1] + extra[1]};
      SmallVector<int64_t> start{includePad ? 0 : low[0],
                                 includePad ? 0 : low[1]};
      mask = padSpatial(b, loc, mask, start, rest, zero, /*firstAxis=*/1);
      auto countType = RankedTensorType::get(
          {1, nhwcType.getDimSize(1), nhwcType.getDimSize(2), 1}, element);
      Value countInit = createFilled(b, loc, countType, {}, 0.0);
      divisor = linalg::PoolingNhwcSumOp::create(
                    b, loc, TypeRange{countType}, ValueRange{mask, window},
                    ValueRange{countInit}, strides, dilations)
                    .getResult(0);
      divisorMap = AffineMap::get(
          rank, 0,
          {getAffineConstantExpr(0, ctx), getAffineDimExpr(1, ctx),
           getAffineDimExpr(2, ctx), getAffineConstantExpr(0, ctx)},
          ctx);
    }
    SmallVector<Value> inputs{pooled};
    SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank)};
    if (divisorMap) {
      inputs.push_back(divisor);
      maps.push_back(divisorMap);
    }
    maps.push_back(b.getMultiDimIdentityMap(rank));
    Value init = createEmpty(b, loc, nhwcType, {pooled});
    return linalg::GenericOp::create(
               b, loc, TypeRange{nhwcType}, inputs, ValueRange{init}, maps,
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
