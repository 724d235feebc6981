//===- Conv.cpp - nngraph convolutions to linalg ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of nngraph.conv (ONNX Conv, channels
// first) to linalg's named convolutions: the input is zero-padded with
// tensor.pad, the accumulator starts as the broadcast bias (or zero), and
// the convolution is conv_{1,2,3}d_nc..._fc... for one group,
// depthwise_conv_2d_nchw_chw for a depthwise 2-D convolution, and a
// linalg.generic whose input map picks the group's channels otherwise.
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

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

/// `v` padded on its trailing spatial axes by ONNX `pads` (begins, then
/// ends) with `value`; `v` itself when every pad is 0.
Value padSpatial(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> pads,
                 Value value) {
  auto type = cast<RankedTensorType>(v.getType());
  int64_t n = pads.size() / 2, rank = type.getRank();
  if (llvm::all_of(pads, [](int64_t p) { return p == 0; }))
    return v;
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t i = 0; i < n; ++i) {
    int64_t axis = rank - n + i;
    low[axis] = pads[i];
    high[axis] = pads[n + i];
    if (!ShapedType::isDynamic(shape[axis]))
      shape[axis] += pads[i] + pads[n + i];
  }
  auto padded = RankedTensorType::get(shape, type.getElementType());
  MLIRContext *ctx = b.getContext();
  return tensor::PadOp::create(b, loc, padded, v,
                               getAsIndexOpFoldResult(ctx, low),
                               getAsIndexOpFoldResult(ctx, high), value);
}

/// The accumulator of a convolution: the bias broadcast along axis 1, or
/// zeros.
Value createAccumulator(OpBuilder &b, Location loc, RankedTensorType type,
                        Value input, Value bias) {
  if (!bias)
    return createZeroFilled(b, loc, type, {input});
  MLIRContext *ctx = b.getContext();
  int64_t rank = type.getRank();
  // Dynamic batch size from the input; spatial sizes are static here.
  Value init = createEmpty(b, loc, type, {input});
  SmallVector<AffineMap> maps{
      AffineMap::get(rank, 0, {getAffineDimExpr(1, ctx)}, ctx),
      b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, ValueRange{bias}, ValueRange{init}, maps,
             iterators,
             [](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l, args[0]);
             })
      .getResult(0);
}

DenseIntElementsAttr i64Vector(OpBuilder &b, ArrayRef<int64_t> values) {
  return DenseIntElementsAttr::get(
      VectorType::get({static_cast<int64_t>(values.size())}, b.getI64Type()),
      values);
}

/// A grouped convolution of any spatial rank as one generic: loops
/// (n, f, o..., c, k...), the input channel is (f floordiv F/G) * C/G + c.
Value groupedConv(OpBuilder &b, Location loc, Value input, Value weight,
                  Value init, RankedTensorType resultType,
                  ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations,
                  int64_t group) {
  MLIRContext *ctx = b.getContext();
  auto wType = cast<RankedTensorType>(weight.getType());
  int64_t n = wType.getRank() - 2;
  int64_t filtersPerGroup = wType.getDimSize(0) / group;
  int64_t channelsPerGroup = wType.getDimSize(1);
  int64_t numLoops = 2 + n + 1 + n;
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  AffineExpr batch = d(0), filter = d(1), channel = d(2 + n);
  SmallVector<AffineExpr> inExprs{
      batch, filter.floorDiv(filtersPerGroup) * channelsPerGroup + channel};
  SmallVector<AffineExpr> wExprs{filter, channel};
  SmallVector<AffineExpr> outExprs{batch, filter};
  for (int64_t i = 0; i < n; ++i) {
    AffineExpr o = d(2 + i), k = d(3 + n + i);
    inExprs.push_back(o * strides[i] + k * dilations[i]);
    wExprs.push_back(k);
    outExprs.push_back(o);
  }
  SmallVector<AffineMap> maps{AffineMap::get(numLoops, 0, inExprs, ctx),
                              AffineMap::get(numLoops, 0, wExprs, ctx),
                              AffineMap::get(numLoops, 0, outExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(2 + n,
                                             utils::IteratorType::parallel);
  iterators.append(1 + n, utils::IteratorType::reduction);
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{input, weight},
             ValueRange{init}, maps, iterators,
             [](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(
                   nb, l, multiplyAdd(nb, l, args[0], args[1], args[2]));
             })
      .getResult(0);
}

struct ConvLowering : public OpConversionPattern<ConvOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    auto wType = dyn_cast<RankedTensorType>(adaptor.getWeight().getType());
    if (!resultType || !wType || !wType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static weight");
    if (op.getAutoPad() != AutoPad::NotSet)
      return rewriter.notifyMatchFailure(op, "auto_pad: infer shapes first");
    for (int64_t i = 2; i < resultType.getRank(); ++i)
      if (resultType.isDynamicDim(i))
        return rewriter.notifyMatchFailure(op, "dynamic spatial sizes");
    Location loc = op.getLoc();
    int64_t n = wType.getRank() - 2, group = op.getGroup();
    SmallVector<int64_t> ones(n, 1), zeros(2 * n, 0);
    ArrayRef<int64_t> strides = op.getStrides().value_or(ones);
    ArrayRef<int64_t> dilations = op.getDilations().value_or(ones);
    ArrayRef<int64_t> pads = op.getPads().value_or(zeros);
    Type element = resultType.getElementType();
    Value zero = scalarConstant(rewriter, loc, element, 0.0);
    Value input = padSpatial(rewriter, loc, adaptor.getInput(), pads, zero);
    Value init = createAccumulator(rewriter, loc, resultType,
                                   adaptor.getInput(), adaptor.getBias());
    Value weight = adaptor.getWeight();
    auto stridesAttr = i64Vector(rewriter, strides);
    auto dilationsAttr = i64Vector(rewriter, dilations);
    Value result;
    auto inType = cast<RankedTensorType>(input.getType());
    bool depthwise = n == 2 && group > 1 && wType.getDimSize(1) == 1 &&
                     wType.getDimSize(0) == group &&
                     inType.getDimSize(1) == group;
    if (group == 1 && n == 2) {
      result =
          linalg::Conv2DNchwFchwOp::create(
              rewriter, loc, TypeRange{resultType}, ValueRange{input, weight},
              ValueRange{init}, stridesAttr, dilationsAttr)
              .getResult(0);
    } else if (group == 1 && n == 1) {
      result =
          linalg::Conv1DNcwFcwOp::create(
              rewriter, loc, TypeRange{resultType}, ValueRange{input, weight},
              ValueRange{init}, stridesAttr, dilationsAttr)
              .getResult(0);
    } else if (group == 1 && n == 3) {
      result =
          linalg::Conv3DNcdhwFcdhwOp::create(
              rewriter, loc, TypeRange{resultType}, ValueRange{input, weight},
              ValueRange{init}, stridesAttr, dilationsAttr)
              .getResult(0);
    } else if (depthwise) {
      // (C, 1, KH, KW) -> (C, KH, KW).
      auto flatType = RankedTensorType::get(
          {wType.getDimSize(0), wType.getDimSize(2), wType.getDimSize(3)},
          wType.getElementType());
      Value flat = tensor::CollapseShapeOp::create(
          rewriter, loc, flatType, weight,
          SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}});
      result =
          linalg::DepthwiseConv2DNchwChwOp::create(
              rewriter, loc, TypeRange{resultType}, ValueRange{input, flat},
              ValueRange{init}, stridesAttr, dilationsAttr)
              .getResult(0);
    } else {
      result = groupedConv(rewriter, loc, input, weight, init, resultType,
                           strides, dilations, group);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populateConvPatterns(RewritePatternSet &patterns,
                                                 ConversionTarget &target) {
  patterns.add<ConvLowering>(patterns.getContext());
  target.addIllegalOp<ConvOp>();
}
