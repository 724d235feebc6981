//===- Reduction.cpp - reductions and normalizations to linalg --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of the reduce_* operations (axes,
// keepdims), softmax and log_softmax (max-shifted, one axis), and inference
// batch normalization. Reductions are linalg.generic ops with reduction
// iterators into the reduced shape; keepdims re-expands the result. Layer
// and instance normalization compute mean and variance with the same
// reductions; argmax/argmin carry (value, index) through one reduction, and
// topk ranks the elements along the axis and picks ranks 0..k-1.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
  // Booleans compare unsigned (true = 1 > false = 0): max is "or", min
  // "and"; as signed i1 true would be -1.
  case Combine::Max:
    if (f)
      return arith::MaximumFOp::create(b, loc, x, acc);
    return x.getType().isInteger(1)
               ? Value(arith::MaxUIOp::create(b, loc, x, acc))
               : Value(arith::MaxSIOp::create(b, loc, x, acc));
  case Combine::Min:
    if (f)
      return arith::MinimumFOp::create(b, loc, x, acc);
    return x.getType().isInteger(1)
               ? Value(arith::MinUIOp::create(b, loc, x, acc))
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
  if (width == 1)
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(!negative));
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

/// keepdims: expands `r` (reduced over `axes`) to `resultType`, where the
/// reduced axes come back as size 1. Each kept axis groups with the reduced
/// (size-1) axes around it; a rank-0 reduction expands with no groups.
Value expandKeepdims(OpBuilder &b, Location loc, Value r,
                     RankedTensorType resultType, ArrayRef<int64_t> axes) {
  SmallVector<ReassociationIndices> reassoc;
  if (cast<RankedTensorType>(r.getType()).getRank() > 0) {
    bool groupHasKept = false;
    for (int64_t i = 0; i < resultType.getRank(); ++i) {
      bool kept = !llvm::is_contained(axes, i);
      if (reassoc.empty() || (kept && groupHasKept)) {
        reassoc.emplace_back();
        groupHasKept = false;
      }
      reassoc.back().push_back(i);
      groupHasKept |= kept;
    }
  }
  return tensor::ExpandShapeOp::create(b, loc, resultType, r, reassoc);
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
    if (resultType.getRank() != cast<RankedTensorType>(r.getType()).getRank())
      r = expandKeepdims(rewriter, loc, r, resultType, axes);
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

/// y = (x - mean) * (scale / sqrt(var + eps)) + bias, per channel (axis 1):
/// the factor in a generic over the channels, the rest in one over the
/// elements. The factor depends only on the statistics, so that it is
/// computed once per channel (in the prepare function when they are
/// weights), never per element: nngraph-fuse-elementwise does not fuse a
/// producer that does work into a consumer that broadcasts it.
struct BatchNormLowering : public OpConversionPattern<BatchNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    auto statType = dyn_cast<RankedTensorType>(adaptor.getVar().getType());
    if (!type || type.getRank() < 2 || type != op.getType() || !statType ||
        statType.getRank() != 1 ||
        statType.getElementType() != type.getElementType())
      return rewriter.notifyMatchFailure(op, "expected (N, C, ...) input");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type element = type.getElementType();
    double eps = op.getEpsilon().convertToDouble();
    AffineMap identity1 = rewriter.getMultiDimIdentityMap(1);
    auto factor = linalg::GenericOp::create(
        rewriter, loc, TypeRange{statType},
        ValueRange{adaptor.getScale(), adaptor.getVar()},
        ValueRange{createEmpty(rewriter, loc, statType, {adaptor.getVar()})},
        SmallVector<AffineMap>(3, identity1),
        SmallVector<utils::IteratorType>{utils::IteratorType::parallel},
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value denom = math::SqrtOp::create(
              b, l,
              arith::AddFOp::create(b, l, args[1],
                                    scalarConstant(b, l, element, eps)));
          linalg::YieldOp::create(
              b, l, ValueRange{arith::DivFOp::create(b, l, args[0], denom)});
        });
    int64_t rank = type.getRank();
    AffineMap channel =
        AffineMap::get(rank, 0, {getAffineDimExpr(1, ctx)}, ctx);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank), channel,
                                channel, channel,
                                rewriter.getMultiDimIdentityMap(rank)};
    Value init = createEmpty(rewriter, loc, type, {x});
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type},
        ValueRange{x, factor.getResult(0), adaptor.getBias(),
                   adaptor.getMean()},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value centered = arith::SubFOp::create(b, l, args[0], args[3]);
          Value scaled = arith::MulFOp::create(b, l, centered, args[1]);
          linalg::YieldOp::create(
              b, l, ValueRange{arith::AddFOp::create(b, l, scaled, args[2])});
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// (x - mean) / sqrt(var + eps) * scale + bias with the statistics taken
/// over `axes`; `scaleMap` / `biasMap` read scale and bias per element.
FailureOr<Value> normalize(OpBuilder &b, Location loc, Value x,
                           ArrayRef<int64_t> axes, Value scale,
                           AffineMap scaleMap, Value bias, AffineMap biasMap,
                           double eps) {
  auto type = cast<RankedTensorType>(x.getType());
  Type element = type.getElementType();
  int64_t count = 1;
  for (int64_t a : axes) {
    if (type.isDynamicDim(a))
      return failure();
    count *= type.getDimSize(a);
  }
  auto divideByCount = [&](OpBuilder &nb, Location l, Value v, Value) -> Value {
    return arith::DivFOp::create(nb, l, v,
                                 scalarConstant(nb, l, element, count));
  };
  Value sum = reduce(b, loc, x, axes, Combine::Sum);
  Value mean = mapWithReduced(b, loc, sum, sum, {}, divideByCount);
  Value centered =
      mapWithReduced(b, loc, x, mean, axes,
                     [](OpBuilder &nb, Location l, Value v, Value m) -> Value {
                       return arith::SubFOp::create(nb, l, v, m);
                     });
  Value squares =
      mapWithReduced(b, loc, centered, centered, {},
                     [](OpBuilder &nb, Location l, Value v, Value) -> Value {
                       return arith::MulFOp::create(nb, l, v, v);
                     });
  Value sumSquares = reduce(b, loc, squares, axes, Combine::Sum);
  Value var = mapWithReduced(b, loc, sumSquares, sumSquares, {}, divideByCount);
  MLIRContext *ctx = b.getContext();
  int64_t rank = type.getRank();
  SmallVector<AffineExpr> reducedExprs;
  for (int64_t i = 0; i < rank; ++i)
    if (!llvm::is_contained(axes, i))
      reducedExprs.push_back(getAffineDimExpr(i, ctx));
  SmallVector<Value> inputs{centered, var, scale};
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank),
                              AffineMap::get(rank, 0, reducedExprs, ctx),
                              scaleMap};
  if (bias) {
    inputs.push_back(bias);
    maps.push_back(biasMap);
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  Value init = createEmpty(b, loc, type, {x});
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, inputs, ValueRange{init}, maps, iterators,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               Value denom = math::SqrtOp::create(
                   nb, l,
                   arith::AddFOp::create(nb, l, args[1],
                                         scalarConstant(nb, l, element, eps)));
               Value y = arith::MulFOp::create(
                   nb, l, arith::DivFOp::create(nb, l, args[0], denom),
                   args[2]);
               if (bias)
                 y = arith::AddFOp::create(nb, l, y, args[3]);
               linalg::YieldOp::create(nb, l, ValueRange{y});
             })
      .getResult(0);
}

/// ONNX LayerNormalization: statistics over the axes from `axis` to the
/// last; scale and bias broadcast to the normalized shape.
struct LayerNormLowering : public OpConversionPattern<LayerNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LayerNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    if (!type || type != op.getType())
      return rewriter.notifyMatchFailure(op, "expected matching types");
    int64_t rank = type.getRank();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += rank;
    if (axis < 0 || axis >= rank)
      return rewriter.notifyMatchFailure(op, "axis out of range");
    MLIRContext *ctx = rewriter.getContext();
    Value scale = adaptor.getScale(), bias = adaptor.getBias();
    AffineMap scaleMap =
        broadcastMap(cast<RankedTensorType>(scale.getType()), type, ctx);
    AffineMap biasMap;
    if (bias)
      biasMap = broadcastMap(cast<RankedTensorType>(bias.getType()), type, ctx);
    FailureOr<Value> y =
        normalize(rewriter, op.getLoc(), x,
                  llvm::to_vector(llvm::seq<int64_t>(axis, rank)), scale,
                  scaleMap, bias, biasMap, op.getEpsilon().convertToDouble());
    if (failed(y))
      return rewriter.notifyMatchFailure(op, "dynamic normalized axis");
    rewriter.replaceOp(op, *y);
    return success();
  }
};

/// ONNX InstanceNormalization: statistics per sample and channel over the
/// spatial axes; scale and bias per channel (axis 1).
struct InstanceNormLowering : public OpConversionPattern<InstanceNormOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(InstanceNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    if (!type || type.getRank() < 3 || type != op.getType())
      return rewriter.notifyMatchFailure(op, "expected (N, C, D...) input");
    int64_t rank = type.getRank();
    MLIRContext *ctx = rewriter.getContext();
    AffineMap channel =
        AffineMap::get(rank, 0, {getAffineDimExpr(1, ctx)}, ctx);
    FailureOr<Value> y = normalize(
        rewriter, op.getLoc(), x, llvm::to_vector(llvm::seq<int64_t>(2, rank)),
        adaptor.getScale(), channel, adaptor.getBias(), channel,
        op.getEpsilon().convertToDouble());
    if (failed(y))
      return rewriter.notifyMatchFailure(op, "dynamic spatial axis");
    rewriter.replaceOp(op, *y);
    return success();
  }
};

/// `x` better than `acc` (strictly, or also when equal with `orEqual`):
/// greater for a maximum, smaller for a minimum.
Value isBetter(OpBuilder &b, Location loc, Value x, Value acc, bool max,
               bool orEqual) {
  if (isa<FloatType>(x.getType())) {
    arith::CmpFPredicate p =
        max ? (orEqual ? arith::CmpFPredicate::OGE : arith::CmpFPredicate::OGT)
            : (orEqual ? arith::CmpFPredicate::OLE : arith::CmpFPredicate::OLT);
    return arith::CmpFOp::create(b, loc, p, x, acc);
  }
  arith::CmpIPredicate p =
      max ? (orEqual ? arith::CmpIPredicate::sge : arith::CmpIPredicate::sgt)
          : (orEqual ? arith::CmpIPredicate::sle : arith::CmpIPredicate::slt);
  return arith::CmpIOp::create(b, loc, p, x, acc);
}

/// ONNX ArgMax / ArgMin: one reduction generic carrying (value, index);
/// the first extreme wins, or the last with select_last_index.
template <typename OpTy, bool isMax>
struct ArgReduceLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !resultType || type.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "expected ranked tensors");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    int64_t rank = type.getRank();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += rank;
    SmallVector<int64_t> shape;
    SmallVector<AffineExpr> outExprs;
    SmallVector<Value> dynamicSizes;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t i = 0; i < rank; ++i) {
      if (i == axis) {
        iterators.push_back(utils::IteratorType::reduction);
        continue;
      }
      iterators.push_back(utils::IteratorType::parallel);
      shape.push_back(type.getDimSize(i));
      outExprs.push_back(getAffineDimExpr(i, ctx));
      if (type.isDynamicDim(i))
        dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, x, i));
    }
    Type element = type.getElementType();
    Type i64 = rewriter.getI64Type();
    auto valueType = RankedTensorType::get(shape, element);
    auto indexType = RankedTensorType::get(shape, i64);
    auto filled = [&](Type t, Value v) {
      Value empty =
          tensor::EmptyOp::create(rewriter, loc, shape, t, dynamicSizes);
      return linalg::FillOp::create(rewriter, loc, ValueRange{v},
                                    ValueRange{empty})
          .getResult(0);
    };
    Value valueInit =
        filled(element, neutral(rewriter, loc,
                                isMax ? Combine::Max : Combine::Min, element));
    Value indexInit = filled(i64, scalarConstant(rewriter, loc, i64, 0));
    AffineMap outMap = AffineMap::get(rank, 0, outExprs, ctx);
    bool last = op.getSelectLastIndex();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valueType, indexType}, ValueRange{x},
        ValueRange{valueInit, indexInit},
        SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(rank), outMap,
                               outMap},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value index = arith::IndexCastOp::create(
              b, l, b.getI64Type(), linalg::IndexOp::create(b, l, axis));
          Value better = isBetter(b, l, args[0], args[1], isMax, last);
          linalg::YieldOp::create(
              b, l,
              ValueRange{
                  arith::SelectOp::create(b, l, better, args[0], args[1]),
                  arith::SelectOp::create(b, l, better, index, args[2])});
        });
    Value r = generic.getResult(1);
    if (resultType.getRank() != indexType.getRank())
      r = expandKeepdims(rewriter, loc, r, resultType, {axis});
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// Merges the sorted runs [lo, mid) and [mid, hi) of the indices held in
/// `buf` at offset `src` into the same positions at offset `dst`, and
/// returns the updated `buf`. One scf.for over the output positions carries
/// both cursors: it takes the right run's index only while the right run
/// has some left and the left one is done or `rightBetter(left, right)`
/// (the right element strictly better), so equal elements keep the order of
/// their indices.
Value mergeRuns(OpBuilder &b, Location loc, Value buf, Value src, Value dst,
                Value lo, Value mid, Value hi,
                function_ref<Value(Value, Value)> rightBetter) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = arith::SubIOp::create(b, loc, hi, one);
  auto read = [&](Value cur, Value cursor) -> Value {
    // In bounds even when the run is done; the flags decide.
    Value at = arith::AddIOp::create(
        b, loc, src, arith::MinUIOp::create(b, loc, cursor, last));
    return tensor::ExtractOp::create(b, loc, cur, ValueRange{at});
  };
  auto merge = scf::ForOp::create(
      b, loc, lo, hi, one, ValueRange{lo, mid, buf},
      [&](OpBuilder &, Location, Value pos, ValueRange m) {
        Value i = m[0], j = m[1], cur = m[2];
        Value left = read(cur, i), right = read(cur, j);
        Value leftDone =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, i, mid);
        Value rightLeft =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, j, hi);
        Value takeRight = arith::AndIOp::create(
            b, loc, rightLeft,
            arith::OrIOp::create(b, loc, leftDone, rightBetter(left, right)));
        Value chosen = arith::SelectOp::create(b, loc, takeRight, right, left);
        Value next = tensor::InsertOp::create(
            b, loc, chosen, cur,
            ValueRange{arith::AddIOp::create(b, loc, dst, pos)});
        scf::YieldOp::create(
            b, loc,
            ValueRange{
                arith::SelectOp::create(b, loc, takeRight, i,
                                        arith::AddIOp::create(b, loc, i, one)),
                arith::SelectOp::create(b, loc, takeRight,
                                        arith::AddIOp::create(b, loc, j, one),
                                        j),
                next});
      });
  return merge.getResult(2);
}

/// ONNX TopK (and MXNet's argsort and sort) by a stable merge sort of the
/// indices along the axis, one row (the other positions fixed) at a time.
/// A scratch tensor of 2n indices holds two halves: the row's indices
/// 0..n-1 start in the first, and each of the ceil(log2 n) passes merges
/// runs of `width` from one half into the other. A merge takes the left
/// run's element unless the right one's is strictly better, so equal values
/// keep the index order, as ONNX asks. The first k sorted indices give both
/// outputs. O(n log n) per row (the ranking generic this replaces was
/// quadratic: seconds for the 80000 boxes of a detector's proposals);
/// sequential scf loops over tensors, updated in place once bufferized.
struct TopKLowering : public OpConversionPattern<TopKOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    auto valuesType = dyn_cast<RankedTensorType>(op.getValues().getType());
    auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
    if (!type || !valuesType || !indicesType || type.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "expected ranked tensors");
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    bool largest = op.getLargest();
    Type i64 = rewriter.getI64Type();
    OpBuilder &b = rewriter;
    auto idx = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto add = [&](Value l, Value r) -> Value {
      return arith::AddIOp::create(b, loc, l, r);
    };
    auto toIndex = [&](Value v) -> Value {
      return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    };

    Value n = tensor::DimOp::create(b, loc, x, axis);
    // ceil(log2 n) passes: 64 - ctlz(n - 1) for n > 1, else none.
    Value passes;
    if (!type.isDynamicDim(axis)) {
      int64_t size = type.getDimSize(axis);
      passes = idx(size > 1 ? llvm::Log2_64_Ceil(size) : 0);
    } else {
      Value n64 = arith::IndexCastOp::create(b, loc, i64, n);
      Value one = arith::ConstantIntOp::create(b, loc, i64, 1);
      Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
      Value m = arith::MaxSIOp::create(
          b, loc, arith::SubIOp::create(b, loc, n64, one), zero);
      Value lz = math::CountLeadingZerosOp::create(b, loc, m);
      passes = toIndex(arith::SubIOp::create(
          b, loc, arith::ConstantIntOp::create(b, loc, i64, 64), lz));
    }
    auto scratchType = RankedTensorType::get({type.isDynamicDim(axis)
                                                  ? ShapedType::kDynamic
                                                  : 2 * type.getDimSize(axis)},
                                             i64);
    Value scratch = tensor::EmptyOp::create(
        b, loc, scratchType,
        type.isDynamicDim(axis)
            ? ValueRange{arith::MulIOp::create(b, loc, n, idx(2)).getResult()}
            : ValueRange{});
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t i = 0; i < rank; ++i)
      sources.push_back({x, i});
    Value valuesInit = emptyFrom(b, loc, valuesType, sources);
    Value indicesInit = emptyFrom(b, loc, indicesType, sources);

    // One row per position of the other axes.
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t i = 0; i < rank; ++i) {
      if (i == axis)
        continue;
      lbs.push_back(idx(0));
      ubs.push_back(tensor::DimOp::create(b, loc, x, i));
      steps.push_back(idx(1));
    }
    scf::LoopNest rows = scf::buildLoopNest(
        b, loc, lbs, ubs, steps, ValueRange{valuesInit, indicesInit, scratch},
        [&](OpBuilder &, Location, ValueRange ivs,
            ValueRange iter) -> scf::ValueVector {
          // The position of element `pos` of the row.
          auto at = [&](Value pos) {
            SmallVector<Value> v(ivs.begin(), ivs.end());
            v.insert(v.begin() + axis, pos);
            return v;
          };
          auto element = [&](Value index64) -> Value {
            return tensor::ExtractOp::create(b, loc, x, at(toIndex(index64)));
          };
          Value buf =
              scf::ForOp::create(
                  b, loc, idx(0), n, idx(1), ValueRange{iter[2]},
                  [&](OpBuilder &, Location, Value i, ValueRange acc) {
                    Value v = arith::IndexCastOp::create(b, loc, i64, i);
                    scf::YieldOp::create(
                        b, loc,
                        ValueRange{tensor::InsertOp::create(b, loc, v, acc[0],
                                                            ValueRange{i})});
                  })
                  .getResult(0);
          buf =
              scf::ForOp::create(
                  b, loc, idx(0), passes, idx(1), ValueRange{buf},
                  [&](OpBuilder &, Location, Value p, ValueRange passAcc) {
                    Value width = arith::ShLIOp::create(b, loc, idx(1), p);
                    Value src = arith::MulIOp::create(
                        b, loc, arith::AndIOp::create(b, loc, p, idx(1)), n);
                    Value dst = arith::SubIOp::create(b, loc, n, src);
                    Value twice = arith::MulIOp::create(b, loc, width, idx(2));
                    Value merged =
                        scf::ForOp::create(
                            b, loc, idx(0), n, twice, passAcc,
                            [&](OpBuilder &, Location, Value lo,
                                ValueRange runAcc) {
                              Value mid = arith::MinUIOp::create(
                                  b, loc, add(lo, width), n);
                              Value hi = arith::MinUIOp::create(
                                  b, loc, add(lo, twice), n);
                              scf::YieldOp::create(
                                  b, loc,
                                  ValueRange{mergeRuns(
                                      b, loc, runAcc[0], src, dst, lo, mid, hi,
                                      [&](Value left, Value right) {
                                        return isBetter(b, loc, element(right),
                                                        element(left), largest,
                                                        false);
                                      })});
                            })
                            .getResult(0);
                    scf::YieldOp::create(b, loc, ValueRange{merged});
                  })
                  .getResult(0);
          Value sorted = arith::MulIOp::create(
              b, loc, arith::AndIOp::create(b, loc, passes, idx(1)), n);
          auto outputs = scf::ForOp::create(
              b, loc, idx(0), idx(op.getK()), idx(1),
              ValueRange{iter[0], iter[1]},
              [&](OpBuilder &, Location, Value j, ValueRange out) {
                Value id = tensor::ExtractOp::create(
                    b, loc, buf, ValueRange{add(sorted, j)});
                Value v = element(id);
                scf::YieldOp::create(
                    b, loc,
                    ValueRange{
                        tensor::InsertOp::create(b, loc, v, out[0], at(j)),
                        tensor::InsertOp::create(b, loc, id, out[1], at(j))});
              });
          return {outputs.getResult(0), outputs.getResult(1), buf};
        });
    rewriter.replaceOp(op, {rows.results[0], rows.results[1]});
    return success();
  }
};

/// ONNX CumSum: out[..., i, ...] = sum over k of x[..., k, ...] where k
/// <= i (k < i exclusive; k >= i or k > i reversed): a generic with the
/// summed position k as an extra reduction dim. Quadratic in the axis
/// length, like the definition; no scan in linalg.
/// CumProd likewise with products (the positions not taken count 1).
template <typename OpTy, bool product>
struct CumulativeLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(op.getType());
    int64_t rank = type.getRank();
    if (rank == 0)
      return rewriter.notifyMatchFailure(op, "expected rank >= 1");
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    MLIRContext *ctx = this->getContext();
    SmallVector<AffineExpr> in, out;
    for (int64_t i = 0; i < rank; ++i) {
      in.push_back(getAffineDimExpr(i == axis ? rank : i, ctx));
      out.push_back(getAffineDimExpr(i, ctx));
    }
    SmallVector<AffineMap> maps{AffineMap::get(rank + 1, 0, in, ctx),
                                AffineMap::get(rank + 1, 0, out, ctx)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    Value init = createFilled(rewriter, loc, type, x, product ? 1.0 : 0.0);
    bool exclusive = op.getExclusive(), reverse = op.getReverse();
    using P = arith::CmpIPredicate;
    P pred =
        reverse ? (exclusive ? P::sgt : P::sge) : (exclusive ? P::slt : P::sle);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{x}, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value i = linalg::IndexOp::create(b, l, axis);
          Value k = linalg::IndexOp::create(b, l, rank);
          Value take = arith::CmpIOp::create(b, l, pred, k, i);
          Value neutral =
              scalarConstant(b, l, args[0].getType(), product ? 1.0 : 0.0);
          Value v = arith::SelectOp::create(b, l, take, args[0], neutral);
          bool f = isa<FloatType>(v.getType());
          Value acc =
              product ? (f ? Value(arith::MulFOp::create(b, l, args[1], v))
                           : Value(arith::MulIOp::create(b, l, args[1], v)))
                      : (f ? Value(arith::AddFOp::create(b, l, args[1], v))
                           : Value(arith::AddIOp::create(b, l, args[1], v)));
          linalg::YieldOp::create(b, l, acc);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populateReductionPatterns(
    RewritePatternSet &patterns, ConversionTarget &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<
      ReduceLowering<ReduceSumOp, Combine::Sum>,
      ReduceLowering<ReduceMeanOp, Combine::Sum, /*mean=*/true>,
      ReduceLowering<ReduceMaxOp, Combine::Max>,
      ReduceLowering<ReduceMinOp, Combine::Min>,
      ReduceLowering<ReduceProdOp, Combine::Prod>,
      SoftmaxLowering<SoftmaxOp, false>, SoftmaxLowering<LogSoftmaxOp, true>,
      BatchNormLowering, LayerNormLowering, InstanceNormLowering,
      ArgReduceLowering<ArgMaxOp, true>, ArgReduceLowering<ArgMinOp, false>,
      TopKLowering, CumulativeLowering<CumSumOp, false>,
      CumulativeLowering<CumProdOp, true>>(ctx);
  target.addIllegalOp<ReduceSumOp, ReduceMeanOp, ReduceMaxOp, ReduceMinOp,
                      ReduceProdOp, SoftmaxOp, LogSoftmaxOp, BatchNormOp,
                      LayerNormOp, InstanceNormOp, ArgMaxOp, ArgMinOp, TopKOp,
                      CumSumOp, CumProdOp>();
}
