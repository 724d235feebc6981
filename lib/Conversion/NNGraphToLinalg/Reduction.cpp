//===- Reduction.cpp - reductions, softmax, batch norm to linalg -*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of the reduce_* operations (axes,
// keepdims), softmax and log_softmax (max-shifted, one axis), and inference
// batch normalization. Reductions are linalg.generic ops with reduction
// iterators into the reduced shape; keepdims re-expands the result.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

enum class Combine { Sum, Max, Min, Prod };

Value combine(OpBuilder &b, Location loc, Combine kind, Value x, Value acc) {
  bool f = isa<FloatType>(x.getType());
  switch (kind) {
  case Combine::Sum:
    return f ? Value(arith::AddFOp::create(b, loc, x, acc))
             : Value(arith::AddIOp::create(b, loc, x, acc));
  case Combine::Prod:
    return f ? Value(arith::MulFOp::create(b, loc, x, acc))
             : Value(arith::MulIOp::create(b, loc, x, acc));
  case Combine::Max:
    return f ? Value(arith::MaximumFOp::create(b, loc, x, acc))
             : Value(arith::MaxSIOp::create(b, loc, x, acc));
  case Combine::Min:
    return f ? Value(arith::MinimumFOp::create(b, loc, x, acc))
             : Value(arith::MinSIOp::create(b, loc, x, acc));
  }
  return acc;
}

/// The neutral element of `kind` for `type`.
Value neutral(OpBuilder &b, Location loc, Combine kind, Type type) {
  if (kind == Combine::Sum)
    return scalarConstant(b, loc, type, 0.0);
  if (kind == Combine::Prod)
    return scalarConstant(b, loc, type, 1.0);
  bool negative = kind == Combine::Max;
  if (auto f = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(type, APFloat::getInf(f.getFloatSemantics(), negative)));
  unsigned width = type.getIntOrFloatBitWidth();
  APInt v = negative ? APInt::getSignedMinValue(width)
                     : APInt::getSignedMaxValue(width);
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
}

/// Reduces `x` over `axes` (sorted, non-negative) with `kind`: the result
/// drops those axes.
Value reduce(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> axes,
             Combine kind) {
  auto type = cast<RankedTensorType>(x.getType());
  MLIRContext *ctx = b.getContext();
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape;
  SmallVector<AffineExpr> outExprs;
  SmallVector<Value> dynamicSizes;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t i = 0; i < rank; ++i) {
    if (llvm::is_contained(axes, i)) {
      iterators.push_back(utils::IteratorType::reduction);
      continue;
    }
    iterators.push_back(utils::IteratorType::parallel);
    shape.push_back(type.getDimSize(i));
    outExprs.push_back(getAffineDimExpr(i, ctx));
    if (type.isDynamicDim(i))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, x, i));
  }
  auto outType = RankedTensorType::get(shape, type.getElementType());
  Value empty = tensor::EmptyOp::create(b, loc, shape, type.getElementType(),
                                        dynamicSizes);
  Value init =
      linalg::FillOp::create(
          b, loc, ValueRange{neutral(b, loc, kind, type.getElementType())},
          ValueRange{empty})
          .getResult(0);
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank),
                              AffineMap::get(rank, 0, outExprs, ctx)};
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{x}, ValueRange{init}, maps,
             iterators,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(
                   nb, l, ValueRange{combine(nb, l, kind, args[0], args[1])});
             })
      .getResult(0);
}

/// `fn` applied to (x, r) where r is `reduced` broadcast back over `axes`.
Value mapWithReduced(
    OpBuilder &b, Location loc, Value x, Value reduced, ArrayRef<int64_t> axes,
    function_ref<Value(OpBuilder &, Location, Value, Value)> fn) {
  auto type = cast<RankedTensorType>(x.getType());
  MLIRContext *ctx = b.getContext();
  int64_t rank = type.getRank();
  SmallVector<AffineExpr> reducedExprs;
  for (int64_t i = 0; i < rank; ++i)
    if (!llvm::is_contained(axes, i))
      reducedExprs.push_back(getAffineDimExpr(i, ctx));
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank),
                              AffineMap::get(rank, 0, reducedExprs, ctx),
                              b.getMultiDimIdentityMap(rank)};
  Value init = createEmpty(b, loc, type, {x});
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, ValueRange{x, reduced}, ValueRange{init},
             maps, iterators,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l,
                                       ValueRange{fn(nb, l, args[0], args[1])});
             })
      .getResult(0);
}

/// The axes attribute of a reduction, normalized and sorted; all axes when
/// absent.
SmallVector<int64_t> reductionAxes(Operation *op, int64_t rank) {
  SmallVector<int64_t> axes;
  if (auto attr = op->getAttrOfType<DenseI64ArrayAttr>("axes")) {
    for (int64_t a : attr.asArrayRef())
      axes.push_back(a < 0 ? a + rank : a);
  } else {
    axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  }
  llvm::sort(axes);
  axes.erase(llvm::unique(axes), axes.end());
  return axes;
}

template <typename OpTy, Combine kind, bool mean = false>
struct ReduceLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !resultType)
      return rewriter.notifyMatchFailure(op, "expected ranked tensors");
    Location loc = op.getLoc();
    SmallVector<int64_t> axes = reductionAxes(op, type.getRank());
    Value r = reduce(rewriter, loc, x, axes, kind);
    if (mean) {
      int64_t count = 1;
      for (int64_t a : axes) {
        if (type.isDynamicDim(a))
          return rewriter.notifyMatchFailure(op, "dynamic reduced axis");
        count *= type.getDimSize(a);
      }
      Type element = type.getElementType();
      Value n = scalarConstant(rewriter, loc, element, count);
      auto rType = cast<RankedTensorType>(r.getType());
      Value init = createEmpty(rewriter, loc, rType, {r});
      int64_t rr = rType.getRank();
      r = linalg::GenericOp::create(
              rewriter, loc, TypeRange{rType}, ValueRange{r}, ValueRange{init},
              SmallVector<AffineMap>(2, rewriter.getMultiDimIdentityMap(rr)),
              SmallVector<utils::IteratorType>(rr,
                                               utils::IteratorType::parallel),
              [&](OpBuilder &b, Location l, ValueRange args) {
                Value v = isa<FloatType>(element)
                              ? Value(arith::DivFOp::create(b, l, args[0], n))
                              : Value(arith::DivSIOp::create(b, l, args[0], n));
                linalg::YieldOp::create(b, l, ValueRange{v});
              })
              .getResult(0);
    }
    if (resultType.getRank() != cast<RankedTensorType>(r.getType()).getRank()) {
      // keepdims: the reduced axes come back as size 1.
      // Each kept axis groups with the reduced (size-1) axes around it;
      // a rank-0 reduction expands with no groups at all.
      SmallVector<ReassociationIndices> reassoc;
      if (cast<RankedTensorType>(r.getType()).getRank() > 0) {
        bool groupHasKept = false;
        for (int64_t i = 0; i < type.getRank(); ++i) {
          bool kept = !llvm::is_contained(axes, i);
          if (reassoc.empty() || (kept && groupHasKept)) {
            reassoc.emplace_back();
            groupHasKept = false;
          }
          reassoc.back().push_back(i);
          groupHasKept |= kept;
        }
      }
      r = tensor::ExpandShapeOp::create(rewriter, loc, resultType, r, reassoc);
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

template <typename OpTy, bool isLog>
struct SoftmaxLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    if (!type || type != op.getType())
      return rewriter.notifyMatchFailure(op, "expected matching types");
    Location loc = op.getLoc();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += type.getRank();
    SmallVector<int64_t> axes{axis};
    Value max = reduce(rewriter, loc, x, axes, Combine::Max);
    Value shifted =
        mapWithReduced(rewriter, loc, x, max, axes,
                       [](OpBuilder &b, Location l, Value v, Value m) -> Value {
                         return arith::SubFOp::create(b, l, v, m);
                       });
    Value e =
        mapWithReduced(rewriter, loc, shifted, shifted, {},
                       [](OpBuilder &b, Location l, Value v, Value) -> Value {
                         return math::ExpOp::create(b, l, v);
                       });
    Value sum = reduce(rewriter, loc, e, axes, Combine::Sum);
    Value y;
    if (isLog)
      y = mapWithReduced(
          rewriter, loc, shifted, sum, axes,
          [](OpBuilder &b, Location l, Value v, Value s) -> Value {
            return arith::SubFOp::create(b, l, v, math::LogOp::create(b, l, s));
          });
    else
      y = mapWithReduced(
          rewriter, loc, e, sum, axes,
          [](OpBuilder &b, Location l, Value v, Value s) -> Value {
            return arith::DivFOp::create(b, l, v, s);
          });
    rewriter.replaceOp(op, y);
    return success();
  }
};

/// y = (x - mean) * scale / sqrt(var + eps) + bias, per channel (axis 1).
struct BatchNormLowering : public OpConversionPattern<BatchNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    if (!type || type.getRank() < 2 || type != op.getType())
      return rewriter.notifyMatchFailure(op, "expected (N, C, ...) input");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    int64_t rank = type.getRank();
    AffineMap channel =
        AffineMap::get(rank, 0, {getAffineDimExpr(1, ctx)}, ctx);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank),
                                channel,
                                channel,
                                channel,
                                channel,
                                rewriter.getMultiDimIdentityMap(rank)};
    Value init = createEmpty(rewriter, loc, type, {x});
    Type element = type.getElementType();
    double eps = op.getEpsilon().convertToDouble();
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type},
        ValueRange{x, adaptor.getScale(), adaptor.getBias(), adaptor.getMean(),
                   adaptor.getVar()},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value centered = arith::SubFOp::create(b, l, args[0], args[3]);
          Value denom = math::SqrtOp::create(
              b, l,
              arith::AddFOp::create(b, l, args[4],
                                    scalarConstant(b, l, element, eps)));
          Value scaled = arith::MulFOp::create(
              b, l, centered, arith::DivFOp::create(b, l, args[1], denom));
          linalg::YieldOp::create(
              b, l, ValueRange{arith::AddFOp::create(b, l, scaled, args[2])});
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populateReductionPatterns(
    RewritePatternSet &patterns, ConversionTarget &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ReduceLowering<ReduceSumOp, Combine::Sum>,
               ReduceLowering<ReduceMeanOp, Combine::Sum, /*mean=*/true>,
               ReduceLowering<ReduceMaxOp, Combine::Max>,
               ReduceLowering<ReduceMinOp, Combine::Min>,
               ReduceLowering<ReduceProdOp, Combine::Prod>,
               SoftmaxLowering<SoftmaxOp, false>,
               SoftmaxLowering<LogSoftmaxOp, true>, BatchNormLowering>(ctx);
  target.addIllegalOp<ReduceSumOp, ReduceMeanOp, ReduceMaxOp, ReduceMinOp,
                      ReduceProdOp, SoftmaxOp, LogSoftmaxOp, BatchNormOp>();
}
