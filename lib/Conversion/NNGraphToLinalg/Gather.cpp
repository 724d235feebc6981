//===- Gather.cpp - nngraph index-driven data movement to linalg ----------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of the operations that move data by
// run-time indices (Gather, GatherND, OneHot) to linalg.generic ops whose
// bodies compute the source position from the index tensors, and of the
// scatters to a sequential loop nest over the updates that inserts into a
// copy of the data (updates to one position apply in order).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

/// An index value of integer type `v` as an index, negative values counting
/// from `dim`.
Value normalizedIndex(OpBuilder &b, Location loc, Value v, Value dim) {
  Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, zero);
  return arith::SelectOp::create(b, loc, negative,
                                 arith::AddIOp::create(b, loc, i, dim), i);
}

struct GatherLowering : public OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    auto dataType = cast<RankedTensorType>(data.getType());
    int64_t r = dataType.getRank();
    int64_t q = cast<RankedTensorType>(indices.getType()).getRank();
    int64_t axis = normalizeAxis(op.getAxis(), r);
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    if (rank != r - 1 + q)
      return rewriter.notifyMatchFailure(op, "unexpected result rank");
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t i = 0; i < rank; ++i) {
      if (i < axis)
        sources.push_back({data, i});
      else if (i < axis + q)
        sources.push_back({indices, i - axis});
      else
        sources.push_back({data, i - q + 1});
    }
    Value init = emptyFrom(rewriter, loc, resultType, sources);
    Value dim = tensor::DimOp::create(rewriter, loc, data, axis);
    MLIRContext *ctx = getContext();
    SmallVector<AffineExpr> indexExprs;
    for (int64_t i = 0; i < q; ++i)
      indexExprs.push_back(getAffineDimExpr(axis + i, ctx));
    Value result = parallelGeneric(
        rewriter, loc, resultType, init, ValueRange{indices},
        {AffineMap::get(rank, 0, indexExprs, ctx)},
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> loops = loopIndices(b, l, rank);
          SmallVector<Value> at(loops.begin(), loops.begin() + axis);
          at.push_back(normalizedIndex(b, l, args[0], dim));
          at.append(loops.begin() + axis + q, loops.end());
          return tensor::ExtractOp::create(b, l, data, at);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// ONNX GatherElements: a parallel generic over the result (the indices'
/// shape); each position reads data at its own position with the index
/// along the axis.
struct GatherElementsLowering : public OpConversionPattern<GatherElementsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t i = 0; i < rank; ++i)
      sources.push_back({indices, i});
    Value init = emptyFrom(rewriter, loc, resultType, sources);
    Value dim = tensor::DimOp::create(rewriter, loc, data, axis);
    Value result =
        parallelGeneric(rewriter, loc, resultType, init, ValueRange{indices},
                        {rewriter.getMultiDimIdentityMap(rank)},
                        [&](OpBuilder &b, Location l, ValueRange args) {
                          SmallVector<Value> at = loopIndices(b, l, rank);
                          at[axis] = normalizedIndex(b, l, args[0], dim);
                          return tensor::ExtractOp::create(b, l, data, at);
                        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// ONNX GatherND: a parallel generic over the result; each position reads
/// its index tuple from `indices` (the last axis, static size k, or the
/// first with `tuples_first`) and extracts data[batch..., tuple...,
/// trailing...].
struct GatherNDLowering : public OpConversionPattern<GatherNDOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherNDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    auto dataType = cast<RankedTensorType>(data.getType());
    auto indicesType = cast<RankedTensorType>(indices.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t r = dataType.getRank(), q = indicesType.getRank();
    int64_t batchDims = op.getBatchDims();
    bool first = op.getTuplesFirst();
    int64_t tupleAxis = first ? 0 : q - 1;
    if (q < 1 || indicesType.isDynamicDim(tupleAxis))
      return rewriter.notifyMatchFailure(op, "dynamic index tuple size");
    int64_t k = indicesType.getDimSize(tupleAxis);
    int64_t rank = resultType.getRank();
    if (batchDims < 0 || batchDims + k > r || rank != q - 1 + r - batchDims - k)
      return rewriter.notifyMatchFailure(op, "unexpected result rank");
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t i = 0; i < rank; ++i) {
      if (i < q - 1)
        sources.push_back({indices, first ? i + 1 : i});
      else
        sources.push_back({data, i - (q - 1) + batchDims + k});
    }
    Value init = emptyFrom(rewriter, loc, resultType, sources);
    SmallVector<Value> dims;
    for (int64_t t = 0; t < k; ++t)
      dims.push_back(tensor::DimOp::create(rewriter, loc, data, batchDims + t));
    Value result = parallelGeneric(
        rewriter, loc, resultType, init, ValueRange{}, {},
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> loops = loopIndices(b, l, rank);
          SmallVector<Value> at(loops.begin(), loops.begin() + batchDims);
          SmallVector<Value> tuple(loops.begin(), loops.begin() + q - 1);
          tuple.insert(first ? tuple.begin() : tuple.end(), Value());
          for (int64_t t = 0; t < k; ++t) {
            tuple[tupleAxis] = arith::ConstantIndexOp::create(b, l, t);
            Value v = tensor::ExtractOp::create(b, l, indices, tuple);
            at.push_back(normalizedIndex(b, l, v, dims[t]));
          }
          at.append(loops.begin() + q - 1, loops.end());
          return tensor::ExtractOp::create(b, l, data, at);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `update` combined with `old`, the value where it lands.
Value combineScatter(OpBuilder &b, Location loc, ScatterReduction reduction,
                     Value old, Value update) {
  bool f = isa<FloatType>(update.getType());
  switch (reduction) {
  case ScatterReduction::None:
    return update;
  case ScatterReduction::Add:
    return f ? Value(arith::AddFOp::create(b, loc, old, update))
             : Value(arith::AddIOp::create(b, loc, old, update));
  case ScatterReduction::Mul:
    return f ? Value(arith::MulFOp::create(b, loc, old, update))
             : Value(arith::MulIOp::create(b, loc, old, update));
  case ScatterReduction::Max:
    return f ? Value(arith::MaximumFOp::create(b, loc, old, update))
             : Value(arith::MaxSIOp::create(b, loc, old, update));
  case ScatterReduction::Min:
    return f ? Value(arith::MinimumFOp::create(b, loc, old, update))
             : Value(arith::MinSIOp::create(b, loc, old, update));
  }
  llvm_unreachable("unknown scatter reduction");
}

/// ScatterElements and ScatterND: an scf.for nest over the updates' shape
/// carrying the result tensor, which starts as the data; each step inserts
/// one update (combined with the value there) at the position that
/// `target` computes from the loop indices.
template <typename OpTy>
struct ScatterLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using Adaptor = typename OpTy::Adaptor;

  /// The position in the data that the update at `ivs` goes to.
  virtual SmallVector<Value> target(OpBuilder &b, Location loc, OpTy op,
                                    Value data, Value indices,
                                    ValueRange ivs) const = 0;

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    Value updates = adaptor.getUpdates();
    SmallVector<Value> lbs, ubs, steps;
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (OpFoldResult size : tensor::getMixedSizes(rewriter, loc, updates)) {
      lbs.push_back(zero);
      ubs.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, size));
      steps.push_back(one);
    }
    ScatterReduction reduction = op.getReduction();
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{data},
        [&](OpBuilder &b, Location l, ValueRange ivs,
            ValueRange iters) -> scf::ValueVector {
          SmallVector<Value> at = target(b, l, op, data, indices, ivs);
          Value update = tensor::ExtractOp::create(b, l, updates, ivs);
          if (reduction != ScatterReduction::None)
            update = combineScatter(
                b, l, reduction, tensor::ExtractOp::create(b, l, iters[0], at),
                update);
          return {tensor::InsertOp::create(b, l, update, iters[0], at)};
        });
    Value result = nest.results.empty() ? data : nest.results.front();
    if (result.getType() != op.getType())
      result = tensor::CastOp::create(rewriter, loc, op.getType(), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The update at (i, j, ...) goes to the same position with the index at
/// (i, j, ...) along the axis.
struct ScatterElementsLowering : public ScatterLowering<ScatterElementsOp> {
  using ScatterLowering::ScatterLowering;
  SmallVector<Value> target(OpBuilder &b, Location loc, ScatterElementsOp op,
                            Value data, Value indices,
                            ValueRange ivs) const override {
    int64_t rank = cast<RankedTensorType>(data.getType()).getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    SmallVector<Value> at(ivs);
    Value dim = tensor::DimOp::create(b, loc, data, axis);
    at[axis] = normalizedIndex(
        b, loc, tensor::ExtractOp::create(b, loc, indices, ivs), dim);
    return at;
  }
};

/// The update at (outer..., inner...) goes to (indices[outer..., 0..k),
/// inner...).
struct ScatterNDLowering : public ScatterLowering<ScatterNDOp> {
  using ScatterLowering::ScatterLowering;
  SmallVector<Value> target(OpBuilder &b, Location loc, ScatterNDOp, Value data,
                            Value indices, ValueRange ivs) const override {
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t q = indicesType.getRank();
    int64_t k = indicesType.getShape().back();
    SmallVector<Value> tuple(ivs.take_front(q - 1));
    tuple.push_back(Value());
    SmallVector<Value> at;
    for (int64_t j = 0; j < k; ++j) {
      tuple.back() = arith::ConstantIndexOp::create(b, loc, j);
      Value dim = tensor::DimOp::create(b, loc, data, j);
      at.push_back(normalizedIndex(
          b, loc, tensor::ExtractOp::create(b, loc, indices, tuple), dim));
    }
    llvm::append_range(at, ivs.drop_front(q - 1));
    return at;
  }
};

/// ONNX GridSample: a parallel generic over the result; each element reads
/// its point from the grid, maps it to pixel coordinates (handling points
/// outside by the padding mode), and sums the input over the interpolation
/// taps (1, 2 or 4 per axis), each tap read as the padding mode says. The
/// arithmetic is in f32, as ONNX's reference.
struct GridSampleLowering : public OpConversionPattern<GridSampleOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GridSampleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput(), grid = adaptor.getGrid();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!inputType.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    int64_t k = inputType.getRank() - 2;
    int64_t rank = resultType.getRank();
    GridSampleMode mode = op.getMode();
    GridPadding padding = op.getPaddingMode();
    bool corners = op.getAlignCorners();
    Location loc = op.getLoc();
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType());
    Value result = parallelGeneric(
        rewriter, loc, resultType, init, ValueRange{}, {},
        [&](OpBuilder &b, Location l, ValueRange) -> Value {
          Type f32 = b.getF32Type();
          auto f = [&](double v) -> Value {
            return arith::ConstantOp::create(b, l, b.getF32FloatAttr(v));
          };
          auto idx = [&](int64_t v) -> Value {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          auto toF32 = [&](Value v) { return convertElement(b, l, v, f32); };
          SmallVector<Value> loops = loopIndices(b, l, rank);
          // reflect(v) into [lo, hi], as the reference: by the near border,
          // as many times as it takes.
          auto reflect = [&](Value v, double lo, double hi) -> Value {
            Value range = f(hi - lo);
            Value below = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT,
                                                v, f(lo));
            Value above = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                                v, f(hi));
            Value dxLow = arith::SubFOp::create(b, l, f(lo), v);
            Value dxHigh = arith::SubFOp::create(b, l, v, f(hi));
            // Below: lo + r (even) or hi - r; above: hi - r or lo + r.
            auto pick = [&](Value dx, bool fromLow) -> Value {
              Value n = math::FloorOp::create(
                  b, l, arith::DivFOp::create(b, l, dx, range));
              Value r = arith::SubFOp::create(
                  b, l, dx, arith::MulFOp::create(b, l, n, range));
              Value half = math::FloorOp::create(
                  b, l, arith::MulFOp::create(b, l, n, f(0.5)));
              Value even = arith::CmpFOp::create(
                  b, l, arith::CmpFPredicate::OEQ,
                  arith::MulFOp::create(b, l, half, f(2)), n);
              Value plus = arith::AddFOp::create(b, l, f(lo), r);
              Value minus = arith::SubFOp::create(b, l, f(hi), r);
              return fromLow ? arith::SelectOp::create(b, l, even, plus, minus)
                             : arith::SelectOp::create(b, l, even, minus, plus);
            };
            Value low = pick(dxLow, true);
            Value high = pick(dxHigh, false);
            return arith::SelectOp::create(
                b, l, below, low,
                arith::SelectOp::create(b, l, above, high, v));
          };
          // Pixel coordinates of the point, per input axis (the grid lists
          // x first: axis d reads grid component k - 1 - d).
          SmallVector<Value> coords;
          SmallVector<double> lows, highs;
          for (int64_t d = 0; d < k; ++d) {
            int64_t size = inputType.getDimSize(d + 2);
            SmallVector<Value> at{loops[0]};
            at.append(loops.begin() + 2, loops.end());
            at.push_back(idx(k - 1 - d));
            Value g = toF32(tensor::ExtractOp::create(b, l, grid, at));
            Value g1 = arith::AddFOp::create(b, l, g, f(1));
            Value x;
            if (corners) {
              Value half = arith::DivFOp::create(b, l, g1, f(2));
              x = arith::MulFOp::create(b, l, half, f(double(size - 1)));
            } else {
              Value scaled = arith::MulFOp::create(b, l, g1, f(double(size)));
              Value shifted = arith::SubFOp::create(b, l, scaled, f(1));
              x = arith::DivFOp::create(b, l, shifted, f(2));
            }
            if (mode == GridSampleMode::Nearest)
              x = math::RoundEvenOp::create(b, l, x);
            double lo = corners ? 0.0 : -0.5;
            double hi = corners ? double(size - 1) : double(size) - 0.5;
            lows.push_back(lo);
            highs.push_back(hi);
            if (padding == GridPadding::Border) {
              Value outside = arith::OrIOp::create(
                  b, l,
                  arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x,
                                        f(lo)),
                  arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, x,
                                        f(hi)));
              Value clamped = arith::MinimumFOp::create(
                  b, l, arith::MaximumFOp::create(b, l, x, f(0)),
                  f(double(size - 1)));
              x = arith::SelectOp::create(b, l, outside, clamped, x);
            } else if (padding == GridPadding::Reflection) {
              x = reflect(x, lo, hi);
            }
            coords.push_back(x);
          }
          // Taps per axis: offsets from the base and their weights.
          SmallVector<Value> bases;
          SmallVector<SmallVector<std::pair<int64_t, Value>>> taps(k);
          for (int64_t d = 0; d < k; ++d) {
            Value x = coords[d];
            if (mode == GridSampleMode::Nearest) {
              bases.push_back(x);
              taps[d].push_back({0, f(1)});
              continue;
            }
            Value base = math::FloorOp::create(b, l, x);
            Value t = arith::SubFOp::create(b, l, x, base);
            bases.push_back(base);
            auto poly = [&](ArrayRef<double> c, Value v) -> Value {
              // Horner: ((c0 * v + c1) * v + c2) * v + c3.
              Value acc = f(c[0]);
              for (double ci : c.drop_front())
                acc = arith::AddFOp::create(
                    b, l, arith::MulFOp::create(b, l, acc, v), f(ci));
              return acc;
            };
            if (mode == GridSampleMode::Linear) {
              taps[d].push_back({0, arith::SubFOp::create(b, l, f(1), t)});
              taps[d].push_back({1, t});
              continue;
            }
            // Keys' cubic convolution, a = -0.75, at distances t + 1, t,
            // 1 - t and 2 - t.
            const double a = -0.75;
            Value t1 = arith::AddFOp::create(b, l, t, f(1));
            Value u = arith::SubFOp::create(b, l, f(1), t);
            Value u1 = arith::SubFOp::create(b, l, f(2), t);
            const double outer[] = {a, -5 * a, 8 * a, -4 * a};
            const double inner[] = {a + 2, -(a + 3), 0, 1};
            taps[d].push_back({-1, poly(outer, t1)});
            taps[d].push_back({0, poly(inner, t)});
            taps[d].push_back({1, poly(inner, u)});
            taps[d].push_back({2, poly(outer, u1)});
          }
          // Sum over every combination of taps.
          Value acc = f(0);
          SmallVector<size_t> pick(k, 0);
          while (true) {
            Value weight = f(1);
            Value valid;
            SmallVector<Value> at{loops[0], loops[1]};
            for (int64_t d = 0; d < k; ++d) {
              auto [offset, w] = taps[d][pick[d]];
              weight = arith::MulFOp::create(b, l, weight, w);
              int64_t size = inputType.getDimSize(d + 2);
              Value i =
                  arith::AddFOp::create(b, l, bases[d], f(double(offset)));
              if (padding == GridPadding::Reflection)
                i = reflect(i, lows[d], highs[d]);
              // Truncation as the reference's int(); in range, a clamp
              // changes nothing, and out of range it keeps reads inside.
              Value n = arith::FPToSIOp::create(b, l, b.getI64Type(), i);
              Value in = arith::AndIOp::create(
                  b, l,
                  arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGE, i,
                                        f(0)),
                  arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, i,
                                        f(double(size))));
              valid = valid ? arith::AndIOp::create(b, l, valid, in) : in;
              Value zero = arith::ConstantIntOp::create(b, l, 0, 64);
              Value last = arith::ConstantIntOp::create(b, l, size - 1, 64);
              n = arith::MinSIOp::create(
                  b, l, arith::MaxSIOp::create(b, l, n, zero), last);
              at.push_back(
                  arith::IndexCastOp::create(b, l, b.getIndexType(), n));
            }
            Value v = toF32(tensor::ExtractOp::create(b, l, input, at));
            if (padding == GridPadding::Zeros)
              v = arith::SelectOp::create(b, l, valid, v, f(0));
            acc = arith::AddFOp::create(b, l, acc,
                                        arith::MulFOp::create(b, l, weight, v));
            int64_t d = k - 1;
            while (d >= 0 && ++pick[d] == taps[d].size())
              pick[d--] = 0;
            if (d < 0)
              break;
          }
          return convertElement(b, l, acc, resultType.getElementType());
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct OneHotLowering : public OpConversionPattern<OneHotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OneHotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value indices = adaptor.getIndices();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    if (!indicesType.getElementType().isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "integer or float indices only");
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    int64_t axis = normalizeAxis(op.getAxis(), rank);
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t i = 0; i < rank; ++i)
      sources.push_back({indices, i < axis ? i : i - 1});
    Value init = emptyFrom(rewriter, loc, resultType, sources);
    MLIRContext *ctx = getContext();
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < rank; ++i)
      if (i != axis)
        exprs.push_back(getAffineDimExpr(i, ctx));
    Type element = resultType.getElementType();
    int64_t depth = op.getDepth();
    double on = op.getOnValue().convertToDouble(),
           off = op.getOffValue().convertToDouble();
    Value result = parallelGeneric(
        rewriter, loc, resultType, init, ValueRange{indices},
        {AffineMap::get(rank, 0, exprs, ctx)},
        [&](OpBuilder &b, Location l, ValueRange args) {
          // ONNX takes float indices too (truncated towards zero).
          Value index = args[0];
          if (isa<FloatType>(index.getType()))
            index = arith::FPToSIOp::create(b, l, b.getI64Type(), index);
          Value i = normalizedIndex(
              b, l, index, arith::ConstantIndexOp::create(b, l, depth));
          Value here = linalg::IndexOp::create(b, l, axis);
          Value hit =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, i, here);
          return arith::SelectOp::create(b, l, hit,
                                         scalarConstant(b, l, element, on),
                                         scalarConstant(b, l, element, off));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populateGatherPatterns(RewritePatternSet &patterns,
                                                   ConversionTarget &target) {
  patterns.add<GatherLowering, GatherElementsLowering, GatherNDLowering,
               OneHotLowering, ScatterElementsLowering, ScatterNDLowering,
               GridSampleLowering>(patterns.getContext());
  target.addIllegalOp<GatherOp, GatherElementsOp, GatherNDOp, OneHotOp,
                      ScatterElementsOp, ScatterNDOp, GridSampleOp>();
}
