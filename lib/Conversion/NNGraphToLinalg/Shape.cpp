//===- Shape.cpp - nngraph shape and data movement to linalg ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of the shape and data-movement
// operations: reshape, flatten, squeeze and unsqueeze (tensor.collapse_shape
// or expand_shape when a reassociation exists, else tensor.reshape with a
// constant shape), transpose (linalg.transpose), concat (tensor.insert_slice
// into an empty tensor), split and slice (tensor.extract_slice; negative
// steps read mirrored indices in a linalg.generic), pad (tensor.pad for the
// constant mode, a gathering linalg.generic for edge and reflect), tile and
// expand (linalg.generic with modulo / broadcast indexing maps), shape (a
// constant when static), and lrn, nearest resize with integer scales,
// one_hot, gather and gather_nd. All follow ONNX semantics.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

/// tensor.extract_slice, or an empty tensor where a size is 0: ONNX allows
/// an empty slice to start at the end of an axis (or past it, clamped),
/// which extract_slice's verifier rejects as out of bounds.
Value extractSliceOrEmpty(OpBuilder &b, Location loc, Value x,
                          ArrayRef<OpFoldResult> offsets,
                          ArrayRef<OpFoldResult> sizes,
                          ArrayRef<OpFoldResult> strides) {
  if (llvm::any_of(
          sizes, [](OpFoldResult size) { return isConstantIntValue(size, 0); }))
    return tensor::EmptyOp::create(
        b, loc, sizes, cast<RankedTensorType>(x.getType()).getElementType());
  return tensor::ExtractSliceOp::create(b, loc, x, offsets, sizes, strides);
}

/// `v`, with a tensor.cast when its type is not `type`.
Value castTo(OpBuilder &b, Location loc, Value v, Type type) {
  if (v.getType() == type)
    return v;
  return tensor::CastOp::create(b, loc, type, v);
}

/// `a + b` on index values, folded when both are constants.
OpFoldResult addIndex(OpBuilder &b, Location loc, OpFoldResult x,
                      OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx + *cy);
  return arith::AddIOp::create(b, loc,
                               getValueOrCreateConstantIndexOp(b, loc, x),
                               getValueOrCreateConstantIndexOp(b, loc, y))
      .getResult();
}

/// Reshapes `src` to `dst`: collapse_shape or expand_shape when a
/// reassociation exists, else tensor.reshape with a constant shape.
FailureOr<Value> reshapeTo(OpBuilder &b, Location loc, Value src,
                           RankedTensorType dst) {
  auto srcType = cast<RankedTensorType>(src.getType());
  if (srcType == dst)
    return src;
  if (srcType.getRank() != dst.getRank()) {
    if (std::optional<SmallVector<ReassociationIndices>> reassoc =
            getReassociationIndicesForReshape(srcType, dst)) {
      if (srcType.getRank() > dst.getRank())
        return Value(tensor::CollapseShapeOp::create(b, loc, dst, src, *reassoc)
                         .getResult());
      // Expand: each group has at most one dynamic size, the source size
      // divided by the group's static sizes.
      SmallVector<OpFoldResult> outputShape;
      for (auto [srcDim, group] : llvm::enumerate(*reassoc)) {
        int64_t product = 1, dynamic = 0;
        for (int64_t d : group) {
          if (dst.isDynamicDim(d))
            ++dynamic;
          else
            product *= dst.getDimSize(d);
        }
        if (dynamic > 1)
          return failure();
        for (int64_t d : group) {
          if (!dst.isDynamicDim(d)) {
            outputShape.push_back(b.getIndexAttr(dst.getDimSize(d)));
            continue;
          }
          Value size = tensor::DimOp::create(b, loc, src, srcDim);
          if (product != 1)
            size = arith::DivUIOp::create(
                b, loc, size, arith::ConstantIndexOp::create(b, loc, product));
          outputShape.push_back(size);
        }
      }
      return Value(
          tensor::ExpandShapeOp::create(b, loc, dst, src, *reassoc, outputShape)
              .getResult());
    }
  }
  if (!srcType.hasStaticShape() || !dst.hasStaticShape())
    return failure();
  auto shapeType = RankedTensorType::get({dst.getRank()}, b.getI64Type());
  Value shape = arith::ConstantOp::create(
      b, loc, DenseIntElementsAttr::get(shapeType, dst.getShape()));
  return Value(tensor::ReshapeOp::create(b, loc, dst, src, shape).getResult());
}

/// reshape, flatten, squeeze, unsqueeze: the result type says it all.
template <typename OpTy>
struct ReshapeLikeLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    FailureOr<Value> v =
        reshapeTo(rewriter, op.getLoc(), adaptor.getInput(), resultType);
    if (failed(v))
      return rewriter.notifyMatchFailure(
          op, "dynamic sizes without a reassociation");
    rewriter.replaceOp(op, *v);
    return success();
  }
};

struct TransposeLowering : public OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    SmallVector<int64_t> perm;
    if (std::optional<ArrayRef<int64_t>> p = op.getPerm())
      perm.assign(p->begin(), p->end());
    else
      perm = llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, rank)));
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t p : perm)
      sources.push_back({x, p});
    Value init = emptyFrom(rewriter, op.getLoc(), resultType, sources);
    rewriter.replaceOp(
        op, linalg::TransposeOp::create(rewriter, op.getLoc(), x, init, perm)
                .getResult()[0]);
    return success();
  }
};

struct ConcatLowering : public OpConversionPattern<ConcatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    ValueRange inputs = adaptor.getInputs();
    // The sizes of the result: the first input's, the sum along the axis.
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, inputs[0]);
    for (Value input : inputs.drop_front())
      sizes[axis] = addIndex(rewriter, loc, sizes[axis],
                             tensor::getMixedSize(rewriter, loc, input, axis));
    SmallVector<Value> dynamicSizes;
    for (int64_t i = 0; i < rank; ++i)
      if (resultType.isDynamicDim(i))
        dynamicSizes.push_back(
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes[i]));
    Value result =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                resultType.getElementType(), dynamicSizes);
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
        strides(rank, rewriter.getIndexAttr(1));
    for (Value input : inputs) {
      SmallVector<OpFoldResult> inputSizes =
          tensor::getMixedSizes(rewriter, loc, input);
      result = tensor::InsertSliceOp::create(rewriter, loc, input, result,
                                             offsets, inputSizes, strides);
      offsets[axis] = addIndex(rewriter, loc, offsets[axis], inputSizes[axis]);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SplitLowering : public OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    ArrayRef<int64_t> split = op.getSplit();
    if (split.size() != op.getNumResults())
      return rewriter.notifyMatchFailure(op, "one split size per result");
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
        strides(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, x);
    SmallVector<Value> results;
    int64_t offset = 0;
    for (auto [size, result] : llvm::zip(split, op.getResults())) {
      offsets[axis] = rewriter.getIndexAttr(offset);
      sizes[axis] = rewriter.getIndexAttr(size);
      Value piece =
          extractSliceOrEmpty(rewriter, loc, x, offsets, sizes, strides);
      results.push_back(castTo(rewriter, loc, piece, result.getType()));
      offset += size;
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// The per-axis start, step and size of an ONNX Slice of `type`.
struct SliceGeometry {
  SmallVector<int64_t> start, step, size;
  /// The axes the slice names.
  SmallVector<bool> seen;
};

/// Normalises the attributes of `op` on `type` by the ONNX rules (negative
/// starts and ends count from the end, then clamp); the reason when they do
/// not describe a static slice.
FailureOr<SliceGeometry> getSliceGeometry(SliceOp op, RankedTensorType type,
                                          std::string &why) {
  int64_t rank = type.getRank();
  ArrayRef<int64_t> starts = op.getStarts(), ends = op.getEnds();
  SmallVector<int64_t> axes, steps;
  if (std::optional<ArrayRef<int64_t>> a = op.getAxes())
    axes.assign(a->begin(), a->end());
  else
    axes = llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  if (std::optional<ArrayRef<int64_t>> s = op.getSteps())
    steps.assign(s->begin(), s->end());
  else
    steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size())
    return why = "mismatched slice attributes", failure();
  SliceGeometry g{SmallVector<int64_t>(rank, 0), SmallVector<int64_t>(rank, 1),
                  SmallVector<int64_t>(type.getShape()),
                  SmallVector<bool>(rank, false)};
  for (auto [i, a] : llvm::enumerate(axes)) {
    int64_t axis = a < 0 ? a + rank : a;
    if (axis < 0 || axis >= rank || g.seen[axis])
      return why = "bad or repeated axis", failure();
    g.seen[axis] = true;
    if (type.isDynamicDim(axis))
      return why = "dynamic sliced axis", failure();
    int64_t dim = type.getDimSize(axis), s = steps[i];
    int64_t b = starts[i], e = ends[i];
    if (s == 0)
      return why = "zero step", failure();
    if (b < 0)
      b += dim;
    if (e < 0)
      e += dim;
    if (dim == 0) {
      b = 0;
      g.size[axis] = 0;
    } else if (s > 0) {
      b = std::clamp<int64_t>(b, 0, dim);
      e = std::clamp<int64_t>(e, 0, dim);
      g.size[axis] = e > b ? (e - b + s - 1) / s : 0;
    } else {
      b = std::clamp<int64_t>(b, 0, dim - 1);
      e = std::clamp<int64_t>(e, -1, dim - 1);
      g.size[axis] = b > e ? (b - e - s - 1) / -s : 0;
    }
    g.start[axis] = b;
    g.step[axis] = s;
  }
  return g;
}

struct SliceLowering : public OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank();
    std::string why;
    FailureOr<SliceGeometry> g = getSliceGeometry(op, type, why);
    if (failed(g))
      return rewriter.notifyMatchFailure(op, why);
    auto resultType = cast<RankedTensorType>(op.getType());
    auto sliceType = RankedTensorType::get(g->size, type.getElementType());
    if (!tensor::CastOp::areCastCompatible(sliceType, resultType))
      return rewriter.notifyMatchFailure(
          op, "result type disagrees with the ONNX slice sizes");
    Value result;
    if (llvm::all_of(g->step, [](int64_t s) { return s > 0; })) {
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, x);
      for (int64_t i = 0; i < rank; ++i)
        if (g->seen[i])
          sizes[i] = rewriter.getIndexAttr(g->size[i]);
      result = extractSliceOrEmpty(
          rewriter, loc, x, getAsIndexOpFoldResult(getContext(), g->start),
          sizes, getAsIndexOpFoldResult(getContext(), g->step));
    } else {
      // Negative steps: read start + step * i, which walks backwards.
      MLIRContext *ctx = getContext();
      SmallVector<AffineExpr> exprs;
      for (int64_t i = 0; i < rank; ++i)
        exprs.push_back(g->start[i] + g->step[i] * getAffineDimExpr(i, ctx));
      SmallVector<std::pair<Value, int64_t>> sources;
      for (int64_t i = 0; i < rank; ++i)
        sources.push_back({x, i});
      Value init = emptyFrom(rewriter, loc, sliceType, sources);
      result = parallelGeneric(
          rewriter, loc, sliceType, init, ValueRange{x},
          {AffineMap::get(rank, 0, exprs, ctx)},
          [](OpBuilder &, Location, ValueRange args) { return args[0]; });
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, resultType));
    return success();
  }
};

struct PadLowering : public OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(x.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = type.getRank();
    ArrayRef<int64_t> pads = op.getPads();
    if (static_cast<int64_t>(pads.size()) != 2 * rank ||
        llvm::any_of(pads, [](int64_t p) { return p < 0; }))
      return rewriter.notifyMatchFailure(op, "expected 2*rank pads, >= 0");
    ArrayRef<int64_t> low = pads.take_front(rank), high = pads.drop_front(rank);
    Type element = type.getElementType();
    if (op.getMode() == PadMode::Constant) {
      Value value = scalarConstant(rewriter, loc, element,
                                   op.getValue().convertToDouble());
      SmallVector<int64_t> shape(type.getShape());
      for (int64_t i = 0; i < rank; ++i)
        if (!type.isDynamicDim(i))
          shape[i] += low[i] + high[i];
      Value padded = tensor::PadOp::create(
          rewriter, loc, RankedTensorType::get(shape, element), x,
          getAsIndexOpFoldResult(getContext(), low),
          getAsIndexOpFoldResult(getContext(), high), value);
      rewriter.replaceOp(op, castTo(rewriter, loc, padded, resultType));
      return success();
    }
    // Edge, reflect and wrap: each result element reads one input element.
    if (!type.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic edge/reflect/wrap pad");
    bool reflect = op.getMode() == PadMode::Reflect;
    bool wrap = op.getMode() == PadMode::Wrap;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t dim = type.getDimSize(i);
      if (dim == 0 || (reflect && (low[i] >= dim || high[i] >= dim)))
        return rewriter.notifyMatchFailure(op, "pad larger than the input");
    }
    Value init =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(), element);
    Value result = parallelGeneric(
        rewriter, loc, resultType, init, ValueRange{}, {},
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> indices;
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          for (auto [i, idx] : llvm::enumerate(loopIndices(b, l, rank))) {
            int64_t dim = type.getDimSize(i);
            Value last = arith::ConstantIndexOp::create(b, l, dim - 1);
            Value j = arith::SubIOp::create(
                b, l, idx, arith::ConstantIndexOp::create(b, l, low[i]));
            if (wrap) {
              // (j mod dim) in [0, dim), j of either sign.
              Value size = arith::ConstantIndexOp::create(b, l, dim);
              Value r = arith::RemSIOp::create(b, l, j, size);
              Value negative = arith::CmpIOp::create(
                  b, l, arith::CmpIPredicate::slt, r, zero);
              j = arith::SelectOp::create(
                  b, l, negative, arith::AddIOp::create(b, l, r, size), r);
            } else if (reflect) {
              // j < 0: -j; j > dim-1: 2*(dim-1) - j.
              Value neg = arith::SubIOp::create(b, l, zero, j);
              j = arith::MaxSIOp::create(b, l, j, neg);
              Value mirror = arith::SubIOp::create(
                  b, l, arith::ConstantIndexOp::create(b, l, 2 * (dim - 1)), j);
              j = arith::MinSIOp::create(b, l, j, mirror);
            } else {
              j = arith::MaxSIOp::create(b, l, j, zero);
              j = arith::MinSIOp::create(b, l, j, last);
            }
            indices.push_back(j);
          }
          return tensor::ExtractOp::create(b, l, x, indices);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct TileLowering : public OpConversionPattern<TileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(x.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = type.getRank();
    ArrayRef<int64_t> repeats = op.getRepeats();
    if (static_cast<int64_t>(repeats.size()) != rank)
      return rewriter.notifyMatchFailure(op, "one repeat per axis");
    MLIRContext *ctx = getContext();
    SmallVector<AffineExpr> exprs;
    SmallVector<Value> dynamicSizes;
    for (int64_t i = 0; i < rank; ++i) {
      AffineExpr d = getAffineDimExpr(i, ctx);
      if (repeats[i] == 1) {
        exprs.push_back(d);
        if (resultType.isDynamicDim(i))
          dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, x, i));
        continue;
      }
      if (type.isDynamicDim(i) || resultType.isDynamicDim(i))
        return rewriter.notifyMatchFailure(op, "dynamic repeated axis");
      int64_t dim = type.getDimSize(i);
      exprs.push_back(dim == 1   ? getAffineConstantExpr(0, ctx)
                      : dim == 0 ? d // The result is empty too.
                                 : d % dim);
    }
    Value init =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                resultType.getElementType(), dynamicSizes);
    rewriter.replaceOp(
        op, parallelGeneric(rewriter, loc, resultType, init, ValueRange{x},
                            {AffineMap::get(rank, 0, exprs, ctx)},
                            [](OpBuilder &, Location, ValueRange args) {
                              return args[0];
                            }));
    return success();
  }
};

struct ExpandLowering : public OpConversionPattern<ExpandOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExpandOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(x.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t offset = resultType.getRank() - type.getRank();
    if (offset < 0)
      return rewriter.notifyMatchFailure(op, "result rank below the input's");
    for (int64_t j = 0; j < type.getRank(); ++j)
      if (type.isDynamicDim(j) && !resultType.isDynamicDim(j + offset))
        return rewriter.notifyMatchFailure(op, "dynamic broadcast axis");
    for (int64_t i = 0; i < offset; ++i)
      if (resultType.isDynamicDim(i))
        return rewriter.notifyMatchFailure(op, "dynamic new axis");
    Value init = createEmpty(rewriter, loc, resultType, {x});
    rewriter.replaceOp(
        op, parallelGeneric(rewriter, loc, resultType, init, ValueRange{x},
                            {broadcastMap(type, resultType, getContext())},
                            [](OpBuilder &, Location, ValueRange args) {
                              return args[0];
                            }));
    return success();
  }
};

struct ShapeLowering : public OpConversionPattern<ShapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(x.getType());
    auto resultType =
        RankedTensorType::get({type.getRank()}, rewriter.getI64Type());
    Value result;
    if (type.hasStaticShape()) {
      result = arith::ConstantOp::create(
          rewriter, loc,
          DenseIntElementsAttr::get(resultType, type.getShape()));
    } else {
      SmallVector<Value> dims;
      for (int64_t i = 0; i < type.getRank(); ++i) {
        Value d = tensor::DimOp::create(rewriter, loc, x, i);
        dims.push_back(arith::IndexCastOp::create(rewriter, loc,
                                                  rewriter.getI64Type(), d));
      }
      result = tensor::FromElementsOp::create(rewriter, loc, resultType, dims);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

struct LRNLowering : public OpConversionPattern<LRNOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LRNOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank(), size = op.getSize();
    if (rank < 2 || !type.hasStaticShape() || size < 1)
      return rewriter.notifyMatchFailure(op, "static N x C x ... input");
    Type element = type.getElementType();
    MLIRContext *ctx = getContext();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    // x^2, zero-padded along the channels by the window's halves.
    Value squared = parallelGeneric(
        rewriter, loc, type, createEmpty(rewriter, loc, type, {x}),
        ValueRange{x}, {identity},
        [](OpBuilder &b, Location l, ValueRange args) {
          return arith::MulFOp::create(b, l, args[0], args[0]);
        });
    int64_t before = (size - 1) / 2, after = size - 1 - before;
    SmallVector<int64_t> low(rank, 0), high(rank, 0),
        paddedShape(type.getShape());
    low[1] = before;
    high[1] = after;
    paddedShape[1] += size - 1;
    Value padded = tensor::PadOp::create(
        rewriter, loc, RankedTensorType::get(paddedShape, element), squared,
        getAsIndexOpFoldResult(ctx, low), getAsIndexOpFoldResult(ctx, high),
        scalarConstant(rewriter, loc, element, 0.0));
    // The window sum: loops (d0..d{rank-1}, k) read padded[d0, d1 + k, ...].
    SmallVector<AffineExpr> paddedExprs;
    for (int64_t i = 0; i < rank; ++i)
      paddedExprs.push_back(getAffineDimExpr(i, ctx));
    paddedExprs[1] = paddedExprs[1] + getAffineDimExpr(rank, ctx);
    Value window = tensor::EmptyOp::create(rewriter, loc, {size}, element);
    SmallVector<AffineMap> maps{
        AffineMap::get(rank + 1, 0, paddedExprs, ctx),
        AffineMap::get(rank + 1, 0, getAffineDimExpr(rank, ctx)),
        AffineMap::getMultiDimIdentityMap(rank + 1, ctx).getMajorSubMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank + 1,
                                               utils::IteratorType::parallel);
    iterators[rank] = utils::IteratorType::reduction;
    Value sum =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{type}, ValueRange{padded, window},
            ValueRange{createZeroFilled(rewriter, loc, type, {x})}, maps,
            iterators,
            [&](OpBuilder &b, Location l, ValueRange args) {
              linalg::YieldOp::create(
                  b, l,
                  ValueRange{arith::AddFOp::create(b, l, args[0], args[2])});
            })
            .getResult(0);
    // x / (bias + alpha / size * sum)^beta.
    double alpha = op.getAlpha().convertToDouble() / size;
    double beta = op.getBeta().convertToDouble();
    double bias = op.getBias().convertToDouble();
    Value result = parallelGeneric(
        rewriter, loc, type, createEmpty(rewriter, loc, type, {x}),
        ValueRange{x, sum}, {identity, identity},
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value scaled = arith::MulFOp::create(
              b, l, args[1], scalarConstant(b, l, element, alpha));
          Value base = arith::AddFOp::create(
              b, l, scaled, scalarConstant(b, l, element, bias));
          Value denominator = math::PowFOp::create(
              b, l, base, scalarConstant(b, l, element, beta));
          return arith::DivFOp::create(b, l, args[0], denominator);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ResizeLowering : public OpConversionPattern<ResizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ResizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    auto type = cast<RankedTensorType>(x.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = type.getRank();
    if (op.getMode() != ResizeMode::Nearest)
      return rewriter.notifyMatchFailure(op, "only nearest resize");
    if (!type.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic resize");
    // With an integer scale s, output i reads input i floordiv s for
    // (asymmetric, floor) and for half_pixel with rounding to nearest.
    CoordinateTransform transform = op.getCoordinateTransform();
    NearestMode nearest = op.getNearestMode();
    bool floorDiv = (transform == CoordinateTransform::Asymmetric &&
                     nearest == NearestMode::Floor) ||
                    ((transform == CoordinateTransform::HalfPixel ||
                      transform == CoordinateTransform::PytorchHalfPixel) &&
                     (nearest == NearestMode::RoundPreferFloor ||
                      nearest == NearestMode::RoundPreferCeil));
    std::optional<ArrayRef<float>> scales = op.getScales();
    MLIRContext *ctx = getContext();
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t in = type.getDimSize(i), out = resultType.getDimSize(i);
      if (in == 0 || out % in != 0)
        return rewriter.notifyMatchFailure(op, "non-integer scale");
      int64_t s = out / in;
      if (scales && static_cast<double>((*scales)[i]) != static_cast<double>(s))
        return rewriter.notifyMatchFailure(op, "non-integer scale");
      AffineExpr d = getAffineDimExpr(i, ctx);
      if (s == 1) {
        exprs.push_back(d);
        continue;
      }
      if (!floorDiv)
        return rewriter.notifyMatchFailure(
            op, "unsupported coordinate transform / nearest mode");
      exprs.push_back(d.floorDiv(s));
    }
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType());
    rewriter.replaceOp(
        op, parallelGeneric(rewriter, loc, resultType, init, ValueRange{x},
                            {AffineMap::get(rank, 0, exprs, ctx)},
                            [](OpBuilder &, Location, ValueRange args) {
                              return args[0];
                            }));
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populateShapePatterns(RewritePatternSet &patterns,
                                                  ConversionTarget &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ReshapeLikeLowering<ReshapeOp>, ReshapeLikeLowering<FlattenOp>,
               ReshapeLikeLowering<SqueezeOp>, ReshapeLikeLowering<UnsqueezeOp>,
               TransposeLowering, ConcatLowering, SplitLowering, SliceLowering,
               PadLowering, TileLowering, ExpandLowering, ShapeLowering,
               LRNLowering, ResizeLowering>(ctx);
  target.addIllegalOp<ReshapeOp, FlattenOp, SqueezeOp, UnsqueezeOp, TransposeOp,
                      ConcatOp, SplitOp, SliceOp, PadOp, TileOp, ExpandOp,
                      ShapeOp, LRNOp, ResizeOp>();
}
