//===- Conv.cpp - nngraph convolutions to linalg ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of nngraph.conv (ONNX Conv, channels
// first) to linalg's named convolutions: the input is zero-padded with
// tensor.pad, the accumulator starts as the broadcast bias (or zero), and
// the convolution is conv_2d_nhwc_hwcf (one group) or
// depthwise_conv_2d_nhwc_hwc (depthwise) between permutations to and from
// channels last, conv_{1,3}d_nc..._fc... for one group in 1-D and 3-D, and
// a linalg.generic whose input map picks the group's channels otherwise.
// nngraph.conv_transpose (ONNX ConvTranspose) of one group on floats is a
// linalg.matmul of the channels-last input pixels and the weight, whose
// products a generic places (a permutation when the kernel tiles the
// output, else a col2im sum); other ConvTransposes are one linalg.generic
// that iterates the output and gathers the input positions that reach it.
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

/// The accumulator of a convolution: the bias broadcast along the channel
/// axis `channelAxis` of `type`, or zeros.
Value createAccumulator(OpBuilder &b, Location loc, RankedTensorType type,
                        Value input, Value bias, int64_t channelAxis = 1) {
  if (!bias)
    return createZeroFilled(b, loc, type, {input});
  MLIRContext *ctx = b.getContext();
  int64_t rank = type.getRank();
  // Dynamic batch size from the input; spatial sizes are static here.
  Value init = createEmpty(b, loc, type, {input});
  SmallVector<AffineMap> maps{
      AffineMap::get(rank, 0, {getAffineDimExpr(channelAxis, ctx)}, ctx),
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

/// The geometry of a 2-D convolution.
struct Conv2DGeometry {
  ArrayRef<int64_t> strides, dilations, pads;
};

/// A 2-D convolution of one group, or a depthwise one, computed channels
/// last, the layout CPUs vectorise well (channels in the vector lanes):
/// the input is permuted to NHWC and padded, the weight to HWCF (HWC for
/// depthwise), the accumulator is the bias broadcast along the last axis,
/// and the NHWC result is permuted back to NCHW. The permutations are
/// parallel generics, so elementwise fusion folds them into their
/// neighbours, and the two that meet between consecutive convolutions
/// cancel.
Value channelsLastConv2D(OpBuilder &b, Location loc, Value input, Value weight,
                         Value bias, RankedTensorType resultType,
                         const Conv2DGeometry &g, bool depthwise) {
  Type element = resultType.getElementType();
  Value zero = scalarConstant(b, loc, element, 0.0);
  Value nhwc = permute(b, loc, input, {0, 2, 3, 1});
  nhwc = padSpatial(b, loc, nhwc, g.pads.take_front(2), g.pads.drop_front(2),
                    zero, /*firstAxis=*/1);
  auto nhwcType = RankedTensorType::get(
      {resultType.getDimSize(0), resultType.getDimSize(2),
       resultType.getDimSize(3), resultType.getDimSize(1)},
      element);
  Value init =
      createAccumulator(b, loc, nhwcType, input, bias, /*channelAxis=*/3);
  auto stridesAttr = i64Vector(b, g.strides);
  auto dilationsAttr = i64Vector(b, g.dilations);
  Value result;
  if (depthwise) {
    // (C, 1, KH, KW) -> (KH, KW, C).
    auto wType = cast<RankedTensorType>(weight.getType());
    auto flatType = RankedTensorType::get(
        {wType.getDimSize(0), wType.getDimSize(2), wType.getDimSize(3)},
        wType.getElementType());
    Value flat = tensor::CollapseShapeOp::create(
        b, loc, flatType, weight,
        SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}});
    Value hwc = permute(b, loc, flat, {1, 2, 0});
    result = linalg::DepthwiseConv2DNhwcHwcOp::create(
                 b, loc, TypeRange{nhwcType}, ValueRange{nhwc, hwc},
                 ValueRange{init}, stridesAttr, dilationsAttr)
                 .getResult(0);
  } else {
    // (F, C, KH, KW) -> (KH, KW, C, F).
    Value hwcf = permute(b, loc, weight, {2, 3, 1, 0});
    result = linalg::Conv2DNhwcHwcfOp::create(
                 b, loc, TypeRange{nhwcType}, ValueRange{nhwc, hwcf},
                 ValueRange{init}, stridesAttr, dilationsAttr)
                 .getResult(0);
  }
  return permute(b, loc, result, {0, 3, 1, 2});
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
  /// A narrow-float convolution becomes an f32 one, lowered in turn (once).
  void initialize() { setHasBoundedRewriteRecursion(); }
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
    // Narrower floats (f16, bf16) convolve in f32 and round once: summed in
    // their own type, a long window loses several ulps (and CPUs compute
    // them in f32 anyway). The f32 convolution is lowered in turn.
    Type narrow = resultType.getElementType();
    if (narrow.getIntOrFloatBitWidth() < 32) {
      Type f32 = rewriter.getF32Type();
      auto widen = [&](Value v) -> Value {
        auto t = cast<RankedTensorType>(v.getType());
        return CastOp::create(rewriter, loc, t.clone(f32), v);
      };
      SmallVector<Value> operands;
      for (Value v : adaptor.getOperands())
        operands.push_back(widen(v));
      auto wide =
          ConvOp::create(rewriter, loc, TypeRange{resultType.clone(f32)},
                         operands, op->getAttrs());
      rewriter.replaceOpWithNewOp<CastOp>(op, resultType, wide.getResult());
      return success();
    }
    int64_t n = wType.getRank() - 2, group = op.getGroup();
    SmallVector<int64_t> ones(n, 1), zeros(2 * n, 0);
    ArrayRef<int64_t> strides = op.getStrides().value_or(ones);
    ArrayRef<int64_t> dilations = op.getDilations().value_or(ones);
    ArrayRef<int64_t> pads = op.getPads().value_or(zeros);
    auto inType = cast<RankedTensorType>(adaptor.getInput().getType());
    bool depthwise = n == 2 && group > 1 && wType.getDimSize(1) == 1 &&
                     wType.getDimSize(0) == group &&
                     inType.getDimSize(1) == group;
    Value result;
    if (n == 2 && (group == 1 || depthwise)) {
      result = channelsLastConv2D(
          rewriter, loc, adaptor.getInput(), adaptor.getWeight(),
          adaptor.getBias(), resultType, {strides, dilations, pads}, depthwise);
      rewriter.replaceOp(op, result);
      return success();
    }
    Type element = resultType.getElementType();
    Value zero = scalarConstant(rewriter, loc, element, 0.0);
    Value input = padSpatial(rewriter, loc, adaptor.getInput(),
                             pads.take_front(n), pads.drop_front(n), zero);
    Value init = createAccumulator(rewriter, loc, resultType,
                                   adaptor.getInput(), adaptor.getBias());
    Value weight = adaptor.getWeight();
    auto stridesAttr = i64Vector(rewriter, strides);
    auto dilationsAttr = i64Vector(rewriter, dilations);
    if (group == 1 && n == 1) {
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
    } else {
      result = groupedConv(rewriter, loc, input, weight, init, resultType,
                           strides, dilations, group);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The begin padding of each spatial axis of a ConvTranspose: from `pads`,
/// or (ONNX) from the total padding that `output_shape` (or SAME auto_pad:
/// input size times stride) implies: SAME_UPPER puts the smaller half
/// first, otherwise the larger. A negative total (an output larger than the
/// full one) is split with floor division, as ONNX's reference does.
SmallVector<int64_t>
getConvTransposePadBegin(ConvTransposeOp op, RankedTensorType inType,
                         RankedTensorType wType, ArrayRef<int64_t> strides,
                         ArrayRef<int64_t> dilations, ArrayRef<int64_t> pads,
                         ArrayRef<int64_t> outputPadding) {
  int64_t n = wType.getRank() - 2;
  AutoPad autoPad = op.getAutoPad();
  if (autoPad == AutoPad::Valid)
    return SmallVector<int64_t>(n, 0);
  bool same = autoPad == AutoPad::SameUpper || autoPad == AutoPad::SameLower;
  SmallVector<int64_t> padBegin(pads.take_front(n));
  std::optional<ArrayRef<int64_t>> outputShape = op.getOutputShape();
  if (!outputShape && !same)
    return padBegin;
  for (int64_t i = 0; i < n; ++i) {
    int64_t in = inType.getDimSize(2 + i);
    int64_t target = outputShape ? (*outputShape)[outputShape->size() - n + i]
                                 : in * strides[i];
    int64_t total = strides[i] * (in - 1) + outputPadding[i] +
                    (wType.getDimSize(2 + i) - 1) * dilations[i] + 1 - target;
    int64_t half = llvm::divideFloorSigned(total, 2);
    padBegin[i] = autoPad == AutoPad::SameUpper ? half : total - half;
  }
  return padBegin;
}

/// The geometry of a ConvTranspose gather: for output position o and kernel
/// position k of each spatial axis, the input position is
/// i = (o + padBegin - k * dilation) / stride when that divides evenly and
/// lies inside the input.
struct TransposedWindow {
  int64_t rank;
  int64_t channelsPerGroup;
  SmallVector<int64_t> padBegin, strides, dilations, inSizes;
};

/// The input positions that output position `o` reaches through kernel
/// position `k` (one index per spatial axis, linalg loop indices): appends
/// i = (o + padBegin - k * dilation) / stride per axis to `at` (0 where
/// there is none) and returns whether every one divides evenly and lies
/// inside the input.
Value transposedSource(OpBuilder &b, Location l, const TransposedWindow &w,
                       ArrayRef<Value> o, ArrayRef<Value> k,
                       SmallVectorImpl<Value> &at) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, l, v);
  };
  Value zero = index(0);
  Value valid = arith::ConstantIntOp::create(b, l, 1, 1);
  SmallVector<Value> positions;
  for (int64_t i = 0; i < w.rank; ++i) {
    Value t = arith::SubIOp::create(
        b, l, arith::AddIOp::create(b, l, o[i], index(w.padBegin[i])),
        arith::MulIOp::create(b, l, k[i], index(w.dilations[i])));
    Value stride = index(w.strides[i]);
    Value q = arith::DivSIOp::create(b, l, t, stride);
    Value ok = arith::AndIOp::create(
        b, l, arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, t, zero),
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                              arith::RemSIOp::create(b, l, t, stride), zero));
    ok = arith::AndIOp::create(b, l, ok,
                               arith::CmpIOp::create(b, l,
                                                     arith::CmpIPredicate::slt,
                                                     q, index(w.inSizes[i])));
    valid = arith::AndIOp::create(b, l, valid, ok);
    positions.push_back(q);
  }
  for (Value q : positions)
    at.push_back(arith::SelectOp::create(b, l, valid, q, zero));
  return valid;
}

/// The body of the ConvTranspose generic over loops (n, g, f, o..., c,
/// k...): reads the input element the window selects (or adds nothing when
/// there is none) and accumulates it times the weight element `args[0]`
/// into `args[1]`.
void buildConvTransposeBody(OpBuilder &b, Location l, ValueRange args,
                            Value input, const TransposedWindow &w) {
  int64_t n = w.rank;
  SmallVector<Value> loops = loopIndices(b, l, 4 + 2 * n);
  Value channel = arith::AddIOp::create(
      b, l,
      arith::MulIOp::create(
          b, l, loops[1],
          arith::ConstantIndexOp::create(b, l, w.channelsPerGroup)),
      loops[3 + n]);
  SmallVector<Value> at{loops[0], channel};
  Value valid = transposedSource(b, l, w, ArrayRef(loops).slice(3, n),
                                 ArrayRef(loops).slice(4 + n, n), at);
  Value x = tensor::ExtractOp::create(b, l, input, at);
  Value sum = multiplyAdd(b, l, x, args[0], args[1]);
  linalg::YieldOp::create(
      b, l, ValueRange{arith::SelectOp::create(b, l, valid, sum, args[1])});
}

/// ONNX ConvTranspose as one generic over (n, m, o..., c, k...): output
/// position o gathers input position i = (o + pad_begin - k * dilation) /
/// stride when that is an integer inside the input (a gather, no scatter).
/// The groups are made explicit by reshapes: the weight is read as
/// (G, C/G, M/G, k...) and the output written as (N, G, M/G, o...), loops
/// (n, g, f, o..., c, k...); the input channel is g * C/G + c.
struct ConvTransposeLowering : public OpConversionPattern<ConvTransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvTransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    Value input = adaptor.getInput(), weight = adaptor.getWeight();
    auto inType = dyn_cast<RankedTensorType>(input.getType());
    auto wType = dyn_cast<RankedTensorType>(weight.getType());
    if (!resultType || !inType || !wType || !wType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static weight");
    int64_t n = wType.getRank() - 2, group = op.getGroup();
    for (int64_t i = 2; i < resultType.getRank(); ++i)
      if (resultType.isDynamicDim(i) || inType.isDynamicDim(i))
        return rewriter.notifyMatchFailure(op, "dynamic spatial sizes");
    if (group < 1 || inType.isDynamicDim(1) ||
        inType.getDimSize(1) != wType.getDimSize(0))
      return rewriter.notifyMatchFailure(op, "channel mismatch");
    SmallVector<int64_t> ones(n, 1), zeros(2 * n, 0), noPadding(n, 0);
    TransposedWindow window;
    window.rank = n;
    window.channelsPerGroup = wType.getDimSize(0) / group;
    window.strides.assign(op.getStrides().value_or(ones));
    window.dilations.assign(op.getDilations().value_or(ones));
    window.padBegin =
        getConvTransposePadBegin(op, inType, wType, window.strides,
                                 window.dilations, op.getPads().value_or(zeros),
                                 op.getOutputPadding().value_or(noPadding));
    window.inSizes.assign(inType.getShape().drop_front(2));
    Value result = buildAsMatmul(rewriter, op.getLoc(), input, weight,
                                 adaptor.getBias(), resultType, group, window);
    if (!result)
      result = buildGrouped(rewriter, op.getLoc(), input, weight,
                            adaptor.getBias(), resultType, group, window);
    rewriter.replaceOp(op, result);
    return success();
  }

  /// A ConvTranspose of one group on floats as a matmul: every input
  /// pixel's C channels times the (C, M * k...) weight give the M x k...
  /// products it contributes to the output (the input permuted channels
  /// last and flattened to (N * S..., C)). The matmul takes the matmul
  /// schedule (packed, vectorised); only the placement of its products is
  /// left:
  /// - a kernel that tiles the output (stride = kernel size, no padding or
  ///   dilation; Mask R-CNN's 2x2 stride-2 upsampling): each product lands
  ///   on its own output element, so a permuting generic writes the blocks
  ///   in place as (N, M, S1, K1, ...), collapsed to (N, M, S1 * K1, ...);
  /// - otherwise (overlapping or strided kernels, padding, dilation, output
  ///   padding or shape): a col2im generic over (n, m, o..., k...) sums the
  ///   products that reach output o, those of input position
  ///   i = (o + pad_begin - k * dilation) / stride when that is exact and
  ///   inside the input, as the gather form does, but reading one product
  ///   instead of multiplying C channels.
  /// Both start from the bias. The gather generic that multiplies in place
  /// (buildGrouped) remains for groups, integers and dynamic sizes. Null
  /// for those.
  static Value buildAsMatmul(OpBuilder &b, Location loc, Value input,
                             Value weight, Value bias,
                             RankedTensorType resultType, int64_t group,
                             const TransposedWindow &window) {
    auto inType = cast<RankedTensorType>(input.getType());
    auto wType = cast<RankedTensorType>(weight.getType());
    int64_t n = window.rank;
    Type element = resultType.getElementType();
    if (group != 1 || !isa<FloatType>(element) ||
        wType.getElementType() != element ||
        inType.getElementType() != element || !inType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return nullptr;
    bool tiles = true;
    for (int64_t i = 0; i < n; ++i) {
      int64_t k = wType.getDimSize(2 + i);
      tiles &= window.strides[i] == k && window.dilations[i] == 1 &&
               window.padBegin[i] == 0 &&
               resultType.getDimSize(2 + i) == inType.getDimSize(2 + i) * k;
    }
    int64_t batch = inType.getDimSize(0), channels = inType.getDimSize(1);
    int64_t filters = wType.getDimSize(1);
    int64_t pixels = batch, block = filters;
    for (int64_t i = 0; i < n; ++i) {
      pixels *= inType.getDimSize(2 + i);
      block *= wType.getDimSize(2 + i);
    }
    // (N, C, S...) -> (N, S..., C) -> (N * S..., C).
    SmallVector<int64_t> toLast{0};
    for (int64_t i = 0; i < n; ++i)
      toLast.push_back(2 + i);
    toLast.push_back(1);
    Value x = permute(b, loc, input, toLast);
    SmallVector<ReassociationIndices> xReassoc{
        llvm::to_vector(llvm::seq<int64_t>(0, n + 1)), {n + 1}};
    x = tensor::CollapseShapeOp::create(
        b, loc, RankedTensorType::get({pixels, channels}, element), x,
        xReassoc);
    // (C, M, K...) -> (C, M * K...).
    SmallVector<ReassociationIndices> wReassoc{
        {0}, llvm::to_vector(llvm::seq<int64_t>(1, n + 2))};
    Value w = tensor::CollapseShapeOp::create(
        b, loc, RankedTensorType::get({channels, block}, element), weight,
        wReassoc);
    auto productType = RankedTensorType::get({pixels, block}, element);
    Value product = linalg::MatmulOp::create(
                        b, loc, TypeRange{productType}, ValueRange{x, w},
                        ValueRange{createZeroFilled(b, loc, productType, {})})
                        .getResult(0);
    // (N * S..., M * K...) -> (N, S..., M, K...).
    SmallVector<int64_t> blocksShape{batch};
    for (int64_t i = 0; i < n; ++i)
      blocksShape.push_back(inType.getDimSize(2 + i));
    blocksShape.push_back(filters);
    for (int64_t i = 0; i < n; ++i)
      blocksShape.push_back(wType.getDimSize(2 + i));
    SmallVector<ReassociationIndices> blocksReassoc{
        llvm::to_vector(llvm::seq<int64_t>(0, n + 1)),
        llvm::to_vector(llvm::seq<int64_t>(n + 1, 2 * n + 2))};
    Value blocks = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(blocksShape, element), product,
        blocksReassoc);
    if (!tiles)
      return buildCol2Im(b, loc, blocks, bias, resultType, window);
    // The output as (N, M, S1, K1, ..., Sn, Kn): loops (n, m, s1, k1, ...),
    // reading blocks[n, s..., m, k...] (and bias[m]).
    MLIRContext *ctx = b.getContext();
    int64_t rank = 2 + 2 * n;
    SmallVector<int64_t> outShape{batch, filters};
    SmallVector<AffineExpr> readExprs{getAffineDimExpr(0, ctx)};
    for (int64_t i = 0; i < n; ++i) {
      outShape.push_back(inType.getDimSize(2 + i));
      outShape.push_back(wType.getDimSize(2 + i));
      readExprs.push_back(getAffineDimExpr(2 + 2 * i, ctx));
    }
    readExprs.push_back(getAffineDimExpr(1, ctx));
    for (int64_t i = 0; i < n; ++i)
      readExprs.push_back(getAffineDimExpr(3 + 2 * i, ctx));
    SmallVector<Value> inputs{blocks};
    SmallVector<AffineMap> maps{AffineMap::get(rank, 0, readExprs, ctx)};
    if (bias) {
      inputs.push_back(bias);
      maps.push_back(AffineMap::get(rank, 0, {getAffineDimExpr(1, ctx)}, ctx));
    }
    auto outType = RankedTensorType::get(outShape, element);
    Value out = parallelGeneric(
        b, loc, outType, createEmpty(b, loc, outType, {}), inputs, maps,
        [&](OpBuilder &nb, Location l, ValueRange args) -> Value {
          return bias ? Value(arith::AddFOp::create(nb, l, args[0], args[1]))
                      : args[0];
        });
    SmallVector<ReassociationIndices> outReassoc{{0}, {1}};
    for (int64_t i = 0; i < n; ++i)
      outReassoc.push_back({2 + 2 * i, 3 + 2 * i});
    return tensor::CollapseShapeOp::create(b, loc, resultType, out, outReassoc);
  }

  /// The output of shape `resultType` (N, M, o...) summing, from the bias,
  /// the products `blocks` (N, S..., M, K...) that reach each position:
  /// loops (n, m, o..., k...), the k... reductions.
  static Value buildCol2Im(OpBuilder &b, Location loc, Value blocks, Value bias,
                           RankedTensorType resultType,
                           const TransposedWindow &w) {
    MLIRContext *ctx = b.getContext();
    int64_t n = w.rank, rank = 2 + 2 * n;
    Value init = createAccumulator(b, loc, resultType, blocks, bias);
    // The kernel's extent as an operand that is never read (as the window
    // operand of linalg's pooling ops): it bounds the k... loops.
    auto blocksType = cast<RankedTensorType>(blocks.getType());
    Value window =
        tensor::EmptyOp::create(b, loc, blocksType.getShape().take_back(n),
                                resultType.getElementType());
    AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<AffineMap> maps{identity.getMinorSubMap(n),
                                identity.getMajorSubMap(2 + n)};
    SmallVector<utils::IteratorType> iterators(2 + n,
                                               utils::IteratorType::parallel);
    iterators.append(n, utils::IteratorType::reduction);
    return linalg::GenericOp::create(
               b, loc, TypeRange{resultType}, ValueRange{window},
               ValueRange{init}, maps, iterators,
               [&](OpBuilder &nb, Location l, ValueRange args) {
                 SmallVector<Value> loops = loopIndices(nb, l, rank);
                 ArrayRef<Value> kernel = ArrayRef(loops).slice(2 + n, n);
                 SmallVector<Value> at{loops[0]};
                 Value valid = transposedSource(
                     nb, l, w, ArrayRef(loops).slice(2, n), kernel, at);
                 at.push_back(loops[1]);
                 llvm::append_range(at, kernel);
                 Value v = tensor::ExtractOp::create(nb, l, blocks, at);
                 Value sum = arith::AddFOp::create(nb, l, args[1], v);
                 linalg::YieldOp::create(nb, l,
                                         ValueRange{arith::SelectOp::create(
                                             nb, l, valid, sum, args[1])});
               })
        .getResult(0);
  }

  /// The generic over the grouped weight (G, C/G, M/G, k...) and output
  /// (N, G, M/G, o...), reshaped back to `resultType`.
  static Value buildGrouped(OpBuilder &rewriter, Location loc, Value input,
                            Value weight, Value bias,
                            RankedTensorType resultType, int64_t group,
                            const TransposedWindow &window) {
    auto wType = cast<RankedTensorType>(weight.getType());
    MLIRContext *ctx = rewriter.getContext();
    int64_t n = window.rank;
    int64_t filtersPerGroup = wType.getDimSize(1);
    SmallVector<int64_t> wShape{group, window.channelsPerGroup,
                                filtersPerGroup};
    SmallVector<ReassociationIndices> wReassoc{{0, 1}, {2}};
    SmallVector<int64_t> outShape{resultType.getDimSize(0), group,
                                  filtersPerGroup};
    SmallVector<ReassociationIndices> outReassoc{{0}, {1, 2}};
    for (int64_t i = 0; i < n; ++i) {
      wShape.push_back(wType.getDimSize(2 + i));
      wReassoc.push_back({3 + i});
      outShape.push_back(resultType.getDimSize(2 + i));
      outReassoc.push_back({3 + i});
    }
    auto groupedWType = RankedTensorType::get(wShape, wType.getElementType());
    auto groupedOutType =
        RankedTensorType::get(outShape, resultType.getElementType());
    Value groupedWeight = tensor::ExpandShapeOp::create(
        rewriter, loc, groupedWType, weight, wReassoc);
    Value init = createAccumulator(rewriter, loc, resultType, input, bias);
    init = tensor::ExpandShapeOp::create(rewriter, loc, groupedOutType, init,
                                         outReassoc);
    int64_t numLoops = 3 + n + 1 + n;
    auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
    SmallVector<AffineExpr> wExprs{d(1), d(3 + n), d(2)};
    SmallVector<AffineExpr> outExprs{d(0), d(1), d(2)};
    for (int64_t i = 0; i < n; ++i) {
      wExprs.push_back(d(4 + n + i));
      outExprs.push_back(d(3 + i));
    }
    SmallVector<AffineMap> maps{AffineMap::get(numLoops, 0, wExprs, ctx),
                                AffineMap::get(numLoops, 0, outExprs, ctx)};
    SmallVector<utils::IteratorType> iterators(3 + n,
                                               utils::IteratorType::parallel);
    iterators.append(1 + n, utils::IteratorType::reduction);
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{groupedOutType}, ValueRange{groupedWeight},
            ValueRange{init}, maps, iterators,
            [&](OpBuilder &b, Location l, ValueRange args) {
              buildConvTransposeBody(b, l, args, input, window);
            })
            .getResult(0);
    return tensor::CollapseShapeOp::create(rewriter, loc, resultType, result,
                                           outReassoc);
  }
};

} // namespace

void mlir::nngraph::detail::populateConvPatterns(RewritePatternSet &patterns,
                                                 ConversionTarget &target) {
  patterns.add<ConvLowering, ConvTransposeLowering>(patterns.getContext());
  target.addIllegalOp<ConvOp, ConvTransposeOp>();
}
