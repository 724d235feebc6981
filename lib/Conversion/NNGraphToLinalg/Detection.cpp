//===- Detection.cpp - nngraph detection post-processing to scf ----------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of the detection ops to scf.for loops
// over tensors: MXNet's box_nms, whose steps depend on what the earlier
// steps decided (a box suppressed by a kept one suppresses nothing), so
// there is no parallel linalg form; and RoiAlign, whose sample count per
// bin depends on the region. Bufferization turns the tensor inserts into
// stores in place.
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
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

/// Scalar helpers for the loop bodies of one box_nms lowering.
struct BoxNMSBuilder {
  OpBuilder &b;
  Location loc;
  mutable BoxNMSOp op;
  /// The boxes as batches x N x W.
  Value data;
  Type element;

  Value index(int64_t v) const {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  Value real(double v) const { return scalarConstant(b, loc, element, v); }
  /// data[batch, box, value + offset].
  Value at(Value batch, Value box, int64_t value) const {
    return tensor::ExtractOp::create(b, loc, data,
                                     ValueRange{batch, box, index(value)});
  }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) const {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) const {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value sub(Value x, Value y) const {
    return arith::SubFOp::create(b, loc, x, y);
  }
  Value add(Value x, Value y) const {
    return arith::AddFOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) const {
    return arith::MulFOp::create(b, loc, x, y);
  }
  Value half(Value x) const {
    return arith::DivFOp::create(b, loc, x, real(2.0));
  }

  /// The four coordinates of a box.
  SmallVector<Value, 4> box(Value batch, Value box) const {
    int64_t start = op.getCoordStart();
    return {at(batch, box, start), at(batch, box, start + 1),
            at(batch, box, start + 2), at(batch, box, start + 3)};
  }

  /// The overlap of two boxes along one axis: (lo, hi) are (x1, x2) in
  /// corner form, (centre, extent) in centre form; 0 when they do not
  /// overlap. MXNet's Intersect, with its comparisons in its order (NaNs
  /// fall through the same way).
  Value overlap(Value aLo, Value aHi, Value bLo, Value bHi) const {
    auto pick = [&](arith::CmpFPredicate p, Value x, Value y) {
      return select(cmp(p, x, y), x, y);
    };
    Value left, right;
    if (op.getInFormat() == BoxFormat::Center) {
      Value aHalf = half(aHi), bHalf = half(bHi);
      Value aLeft = sub(aLo, aHalf), aRight = add(aLo, aHalf);
      Value bLeft = sub(bLo, bHalf), bRight = add(bLo, bHalf);
      left = pick(arith::CmpFPredicate::OGT, bLeft, aLeft);
      right = pick(arith::CmpFPredicate::OLT, bRight, aRight);
    } else {
      left = pick(arith::CmpFPredicate::OGT, aLo, bLo);
      right = pick(arith::CmpFPredicate::OLT, aHi, bHi);
    }
    Value w = sub(right, left);
    return pick(arith::CmpFPredicate::OGT, w, real(0));
  }

  /// A box's area; 0 when its width or height is negative.
  Value area(ArrayRef<Value> c) const {
    Value w = c[2], h = c[3];
    if (op.getInFormat() == BoxFormat::Corner) {
      w = sub(c[2], c[0]);
      h = sub(c[3], c[1]);
    }
    Value negative =
        arith::OrIOp::create(b, loc, cmp(arith::CmpFPredicate::OLT, w, real(0)),
                             cmp(arith::CmpFPredicate::OLT, h, real(0)));
    return select(negative, real(0), mul(w, h));
  }

  /// Whether box `q` is suppressed by box `r` (coordinates given).
  Value suppresses(Value batch, Value r, ArrayRef<Value> rc, Value rArea,
                   Value q) const {
    SmallVector<Value, 4> qc = box(batch, q);
    Value inter = mul(overlap(rc[0], rc[2], qc[0], qc[2]),
                      overlap(rc[1], rc[3], qc[1], qc[3]));
    Value iou =
        arith::DivFOp::create(b, loc, inter, sub(add(rArea, area(qc)), inter));
    Value over = cmp(arith::CmpFPredicate::OGT, iou,
                     real(op.getOverlapThresh().convertToDouble()));
    int64_t id = op.getIdIndex();
    if (op.getForceSuppress() || id < 0)
      return over;
    // Classes compare as MXNet's static_cast<int>.
    Type i32 = b.getI32Type();
    Value rId = arith::FPToSIOp::create(b, loc, i32, at(batch, r, id));
    Value qId = arith::FPToSIOp::create(b, loc, i32, at(batch, q, id));
    Value same =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rId, qId);
    return arith::AndIOp::create(b, loc, same, over);
  }

  /// Whether box `i` takes part: its score above valid_thresh and its
  /// class not the background.
  Value isValid(Value batch, Value i, Value score) const {
    Value valid = cmp(arith::CmpFPredicate::OGT, score,
                      real(op.getValidThresh().convertToDouble()));
    int64_t id = op.getIdIndex(), background = op.getBackgroundId();
    if (id < 0 || background < 0)
      return valid;
    Value notBackground = cmp(arith::CmpFPredicate::UNE, at(batch, i, id),
                              real(static_cast<double>(background)));
    return arith::AndIOp::create(b, loc, valid, notBackground);
  }
};

/// The candidates of one batch: the indices of the first `k`
/// valid boxes by descending score (equal scores in box order), and how
/// many there are. One pass over the boxes keeps the list sorted by
/// insertion; a box enters when the list is not full or it beats the last.
std::pair<Value, Value> selectCandidates(const BoxNMSBuilder &h, Value batch,
                                         int64_t n, int64_t k) {
  OpBuilder &b = h.b;
  Location loc = h.loc;
  Value zero = h.index(0), one = h.index(1), last = h.index(k - 1);
  Value kIndex = h.index(k);
  Value indices0 = tensor::EmptyOp::create(b, loc, {k}, b.getIndexType());
  // Scores start defined: the last one is read before the list is full.
  Value scores0 =
      createFilled(b, loc, RankedTensorType::get({k}, h.element), {}, 0.0);
  int64_t scoreIndex = h.op.getScoreIndex();
  auto loop = scf::ForOp::create(
      b, loc, zero, h.index(n), one, ValueRange{indices0, scores0, zero},
      [&](OpBuilder &, Location, Value i, ValueRange iters) {
        Value indices = iters[0], scores = iters[1], count = iters[2];
        Value score = h.at(batch, i, scoreIndex);
        Value lowest = tensor::ExtractOp::create(b, loc, scores, last);
        Value beats = h.cmp(arith::CmpFPredicate::OGT, score, lowest);
        Value notFull = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                              count, kIndex);
        Value room = arith::OrIOp::create(b, loc, notFull, beats);
        Value take =
            arith::AndIOp::create(b, loc, h.isValid(batch, i, score), room);
        auto insert = scf::IfOp::create(
            b, loc, take,
            [&](OpBuilder &, Location) {
              // The insertion point: the candidates scoring at least as
              // much come first.
              auto position = scf::ForOp::create(
                  b, loc, zero, count, one, ValueRange{zero},
                  [&](OpBuilder &, Location, Value j, ValueRange p) {
                    Value s = tensor::ExtractOp::create(b, loc, scores, j);
                    Value ahead = h.cmp(arith::CmpFPredicate::OGE, s, score);
                    Value next = arith::AddIOp::create(b, loc, p[0], one);
                    scf::YieldOp::create(
                        b, loc, ValueRange{h.select(ahead, next, p[0])});
                  });
              Value at = position.getResult(0);
              // Shift [at, end) down by one; the last falls off when full.
              Value end = arith::MinUIOp::create(b, loc, count, last);
              Value moves = arith::SubIOp::create(b, loc, end, at);
              auto shift = scf::ForOp::create(
                  b, loc, zero, moves, one, ValueRange{indices, scores},
                  [&](OpBuilder &, Location, Value t, ValueRange lists) {
                    Value to = arith::SubIOp::create(b, loc, end, t);
                    Value from = arith::SubIOp::create(b, loc, to, one);
                    SmallVector<Value> moved;
                    for (Value list : lists)
                      moved.push_back(tensor::InsertOp::create(
                          b, loc, tensor::ExtractOp::create(b, loc, list, from),
                          list, to));
                    scf::YieldOp::create(b, loc, moved);
                  });
              Value newIndices =
                  tensor::InsertOp::create(b, loc, i, shift.getResult(0), at);
              Value newScores = tensor::InsertOp::create(
                  b, loc, score, shift.getResult(1), at);
              Value newCount = arith::MinUIOp::create(
                  b, loc, arith::AddIOp::create(b, loc, count, one), kIndex);
              scf::YieldOp::create(b, loc,
                                   ValueRange{newIndices, newScores, newCount});
            },
            [&](OpBuilder &, Location) {
              scf::YieldOp::create(b, loc, ValueRange{indices, scores, count});
            });
        scf::YieldOp::create(b, loc, insert.getResults());
      });
  // The scores only ordered the list.
  return {loop.getResult(0), loop.getResult(2)};
}

/// Greedy suppression over the sorted candidates: `keep[j]` is false once
/// a kept candidate before j overlaps it.
Value suppress(const BoxNMSBuilder &h, Value batch, Value indices, Value count,
               int64_t k) {
  OpBuilder &b = h.b;
  Location loc = h.loc;
  Value zero = h.index(0), one = h.index(1);
  auto keepType = RankedTensorType::get({k}, b.getI1Type());
  Value keep0 =
      linalg::FillOp::create(
          b, loc, ValueRange{arith::ConstantIntOp::create(b, loc, 1, 1)},
          ValueRange{tensor::EmptyOp::create(b, loc, keepType.getShape(),
                                             b.getI1Type())})
          .getResult(0);
  auto outer = scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{keep0},
      [&](OpBuilder &, Location, Value r, ValueRange keepR) {
        Value kept = tensor::ExtractOp::create(b, loc, keepR[0], r);
        auto apply = scf::IfOp::create(
            b, loc, kept,
            [&](OpBuilder &, Location) {
              Value ref = tensor::ExtractOp::create(b, loc, indices, r);
              SmallVector<Value, 4> rc = h.box(batch, ref);
              Value rArea = h.area(rc);
              Value next = arith::AddIOp::create(b, loc, r, one);
              auto inner = scf::ForOp::create(
                  b, loc, next, count, one, ValueRange{keepR[0]},
                  [&](OpBuilder &, Location, Value q, ValueRange keepQ) {
                    Value alive =
                        tensor::ExtractOp::create(b, loc, keepQ[0], q);
                    Value other = tensor::ExtractOp::create(b, loc, indices, q);
                    Value gone = h.suppresses(batch, ref, rc, rArea, other);
                    Value stays = arith::AndIOp::create(
                        b, loc, alive,
                        arith::XOrIOp::create(
                            b, loc, gone,
                            arith::ConstantIntOp::create(b, loc, 1, 1)));
                    scf::YieldOp::create(b, loc,
                                         ValueRange{tensor::InsertOp::create(
                                             b, loc, stays, keepQ[0], q)});
                  });
              scf::YieldOp::create(b, loc, inner.getResults());
            },
            [&](OpBuilder &, Location) {
              scf::YieldOp::create(b, loc, keepR);
            });
        scf::YieldOp::create(b, loc, apply.getResults());
      });
  return outer.getResult(0);
}

/// The rows of the kept candidates written one after another into `out`'s
/// batch, coordinates converted to out_format.
Value assign(const BoxNMSBuilder &h, Value batch, Value out, Value indices,
             Value keep, Value count, int64_t width) {
  OpBuilder &b = h.b;
  Location loc = h.loc;
  Value zero = h.index(0), one = h.index(1);
  BoxNMSOp op = h.op;
  bool convert = op.getInFormat() != op.getOutFormat();
  auto loop = scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{out, zero},
      [&](OpBuilder &, Location, Value j, ValueRange iters) {
        Value kept = tensor::ExtractOp::create(b, loc, keep, j);
        auto write = scf::IfOp::create(
            b, loc, kept,
            [&](OpBuilder &, Location) {
              Value src = tensor::ExtractOp::create(b, loc, indices, j);
              Value row = iters[1];
              auto copy = scf::ForOp::create(
                  b, loc, zero, h.index(width), one, ValueRange{iters[0]},
                  [&](OpBuilder &, Location, Value v, ValueRange o) {
                    Value x = tensor::ExtractOp::create(
                        b, loc, h.data, ValueRange{batch, src, v});
                    scf::YieldOp::create(
                        b, loc,
                        ValueRange{tensor::InsertOp::create(
                            b, loc, x, o[0], ValueRange{batch, row, v})});
                  });
              Value result = copy.getResult(0);
              if (convert) {
                SmallVector<Value, 4> c = h.box(batch, src);
                SmallVector<Value, 4> to;
                if (op.getOutFormat() == BoxFormat::Center)
                  to = {h.half(h.add(c[0], c[2])), h.half(h.add(c[1], c[3])),
                        h.sub(c[2], c[0]), h.sub(c[3], c[1])};
                else
                  to = {h.sub(c[0], h.half(c[2])), h.sub(c[1], h.half(c[3])),
                        h.add(c[0], h.half(c[2])), h.add(c[1], h.half(c[3]))};
                // MXNet leaves a row whose first coordinate is negative.
                Value skip = h.cmp(arith::CmpFPredicate::OLT, c[0], h.real(0));
                for (int64_t i = 0; i < 4; ++i)
                  result = tensor::InsertOp::create(
                      b, loc, h.select(skip, c[i], to[i]), result,
                      ValueRange{batch, row, h.index(op.getCoordStart() + i)});
              }
              scf::YieldOp::create(
                  b, loc,
                  ValueRange{result, arith::AddIOp::create(b, loc, row, one)});
            },
            [&](OpBuilder &, Location) {
              scf::YieldOp::create(b, loc, iters);
            });
        scf::YieldOp::create(b, loc, write.getResults());
      });
  return loop.getResult(0);
}

/// MXNet box_nms, per batch: select the top-k valid candidates, suppress
/// greedily, write the survivors in order over a result of -1.
struct BoxNMSLowering : public OpConversionPattern<BoxNMSOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BoxNMSOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value data = adaptor.getData();
    auto type = cast<RankedTensorType>(data.getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static shape");
    Location loc = op.getLoc();
    ArrayRef<int64_t> shape = type.getShape();
    int64_t rank = type.getRank();
    int64_t n = shape[rank - 2], width = shape[rank - 1];
    int64_t topk = op.getTopk();
    int64_t k = topk < 0 ? n : std::min(n, topk);
    // No candidates at all: MXNet returns the data unchanged.
    if (k < 1) {
      rewriter.replaceOp(op, data);
      return success();
    }
    int64_t batches = 1;
    for (int64_t d : shape.drop_back(2))
      batches *= d;
    Type element = type.getElementType();
    auto boxesType = RankedTensorType::get({batches, n, width}, element);
    SmallVector<ReassociationIndices> groups;
    if (rank == 2) {
      groups = {{0, 1}, {2}};
      data =
          tensor::ExpandShapeOp::create(rewriter, loc, boxesType, data, groups);
    } else if (rank > 3) {
      groups.push_back(llvm::to_vector(llvm::seq<int64_t>(0, rank - 2)));
      groups.push_back({rank - 2});
      groups.push_back({rank - 1});
      data = tensor::CollapseShapeOp::create(rewriter, loc, boxesType, data,
                                             groups);
    }
    Value out = createFilled(rewriter, loc, boxesType, {}, -1.0);
    BoxNMSBuilder h{rewriter, loc, op, data, element};
    auto perBatch = scf::ForOp::create(
        rewriter, loc, h.index(0), h.index(batches), h.index(1),
        ValueRange{out},
        [&](OpBuilder &, Location, Value batch, ValueRange result) {
          auto [indices, count] = selectCandidates(h, batch, n, k);
          Value keep = suppress(h, batch, indices, count, k);
          scf::YieldOp::create(rewriter, loc,
                               ValueRange{assign(h, batch, result[0], indices,
                                                 keep, count, width)});
        });
    Value result = perBatch.getResult(0);
    if (rank == 2)
      result =
          tensor::CollapseShapeOp::create(rewriter, loc, type, result, groups);
    else if (rank > 3)
      result =
          tensor::ExpandShapeOp::create(rewriter, loc, type, result, groups);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// ONNX RoiAlign: a loop nest over (region, channel, bin row, bin
/// column) carrying the result; per bin, loops over its samples (their
/// count depends on the region with sampling_ratio 0) that read the input
/// bilinearly, as ONNX's reference (Detectron's clamping at the borders).
struct RoiAlignLowering : public OpConversionPattern<RoiAlignOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RoiAlignOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getInput(), rois = adaptor.getRois();
    Value batchIndices = adaptor.getBatchIndices();
    auto inputType = cast<RankedTensorType>(x.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!inputType.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Location loc = op.getLoc();
    Type element = inputType.getElementType();
    int64_t batches = inputType.getDimSize(0);
    int64_t height = inputType.getDimSize(2), width = inputType.getDimSize(3);
    auto outH = static_cast<int64_t>(op.getOutputHeight());
    auto outW = static_cast<int64_t>(op.getOutputWidth());
    auto ratio = static_cast<int64_t>(op.getSamplingRatio());
    bool isMax = op.getMode() == RoiPoolMode::Max;
    bool halfPixel = op.getHalfPixel();
    double scale = op.getSpatialScale().convertToDouble();
    OpBuilder &b = rewriter;
    auto idx = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto real = [&](double v) { return scalarConstant(b, loc, element, v); };
    auto cmp = [&](arith::CmpFPredicate p, Value l, Value r) -> Value {
      return arith::CmpFOp::create(b, loc, p, l, r);
    };
    auto sel = [&](Value c, Value t, Value f) -> Value {
      return arith::SelectOp::create(b, loc, c, t, f);
    };
    auto add = [&](Value l, Value r) -> Value {
      return arith::AddFOp::create(b, loc, l, r);
    };
    auto sub = [&](Value l, Value r) -> Value {
      return arith::SubFOp::create(b, loc, l, r);
    };
    auto mul = [&](Value l, Value r) -> Value {
      return arith::MulFOp::create(b, loc, l, r);
    };
    auto div = [&](Value l, Value r) -> Value {
      return arith::DivFOp::create(b, loc, l, r);
    };
    auto toReal = [&](Value i) -> Value {
      Value i64v = arith::IndexCastOp::create(b, loc, b.getI64Type(), i);
      return arith::SIToFPOp::create(b, loc, element, i64v);
    };
    auto toIndex = [&](Value f) -> Value {
      Value i64v = arith::FPToSIOp::create(b, loc, b.getI64Type(), f);
      return arith::IndexCastOp::create(b, loc, b.getIndexType(), i64v);
    };
    // Clamps a sample coordinate as the reference: (low, high, fraction).
    auto corner = [&](Value v,
                      int64_t size) -> std::tuple<Value, Value, Value> {
      v = sel(cmp(arith::CmpFPredicate::OLT, v, real(0)), real(0), v);
      Value low = toIndex(v);
      Value last = idx(size - 1);
      Value atEnd =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, low, last);
      low = sel(atEnd, last, low);
      Value high = sel(atEnd, last, arith::AddIOp::create(b, loc, low, idx(1)));
      v = sel(atEnd, toReal(last), v);
      return {low, high, sub(v, toReal(low))};
    };

    Value init = createFilled(b, loc, resultType, {}, 0.0);
    Value offset = real(halfPixel ? 0.5 : 0.0);
    auto perRegion = scf::ForOp::create(
        b, loc, idx(0), idx(resultType.getDimSize(0)), idx(1), ValueRange{init},
        [&](OpBuilder &, Location, Value r, ValueRange out0) {
          // MXNet's layout: the batch index in column 0, then the box.
          int64_t first = batchIndices ? 0 : 1;
          auto coord = [&](int64_t i) {
            Value v = tensor::ExtractOp::create(b, loc, rois,
                                                ValueRange{r, idx(first + i)});
            return sub(mul(v, real(scale)), offset);
          };
          Value x1 = coord(0), y1 = coord(1), x2 = coord(2), y2 = coord(3);
          Value roiW = sub(x2, x1), roiH = sub(y2, y1);
          if (!halfPixel) {
            roiW = arith::MaximumFOp::create(b, loc, roiW, real(1));
            roiH = arith::MaximumFOp::create(b, loc, roiH, real(1));
          }
          Value binH = div(roiH, real(double(outH)));
          Value binW = div(roiW, real(double(outW)));
          auto gridOf = [&](Value bin) -> Value {
            if (ratio > 0)
              return idx(ratio);
            Value n = toIndex(math::CeilOp::create(b, loc, bin));
            return arith::MaxSIOp::create(b, loc, n, idx(0));
          };
          Value gridH = gridOf(binH), gridW = gridOf(binW);
          Value samples = arith::MulIOp::create(b, loc, gridH, gridW);
          Value count = arith::MaxSIOp::create(b, loc, samples, idx(1));
          Value stepH =
              div(binH, toReal(arith::MaxSIOp::create(b, loc, gridH, idx(1))));
          Value stepW =
              div(binW, toReal(arith::MaxSIOp::create(b, loc, gridW, idx(1))));
          Value image =
              batchIndices ? Value(arith::IndexCastOp::create(
                                 b, loc, b.getIndexType(),
                                 tensor::ExtractOp::create(b, loc, batchIndices,
                                                           ValueRange{r})))
                           : toIndex(tensor::ExtractOp::create(
                                 b, loc, rois, ValueRange{r, idx(0)}));
          Value inside = arith::AndIOp::create(
              b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, image,
                                    idx(0)),
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, image,
                                    idx(batches)));
          image = sel(inside, image, idx(0));
          SmallVector<Value> lbs(3, idx(0)), steps(3, idx(1));
          SmallVector<Value> ubs{idx(inputType.getDimSize(1)), idx(outH),
                                 idx(outW)};
          scf::LoopNest bins = scf::buildLoopNest(
              b, loc, lbs, ubs, steps, ValueRange{out0[0]},
              [&](OpBuilder &, Location, ValueRange ivs,
                  ValueRange out) -> scf::ValueVector {
                Value c = ivs[0];
                Value top = add(y1, mul(toReal(ivs[1]), binH));
                Value left = add(x1, mul(toReal(ivs[2]), binW));
                Value start = real(isMax ? -INFINITY : 0.0);
                auto rows = scf::ForOp::create(
                    b, loc, idx(0), gridH, idx(1), ValueRange{start},
                    [&](OpBuilder &, Location, Value iy, ValueRange accY) {
                      Value yy =
                          add(top, mul(add(toReal(iy), real(0.5)), stepH));
                      auto cols = scf::ForOp::create(
                          b, loc, idx(0), gridW, idx(1), accY,
                          [&](OpBuilder &, Location, Value ix, ValueRange acc) {
                            Value xx = add(
                                left, mul(add(toReal(ix), real(0.5)), stepW));
                            Value outside = arith::OrIOp::create(
                                b, loc,
                                arith::OrIOp::create(
                                    b, loc,
                                    cmp(arith::CmpFPredicate::OLT, yy,
                                        real(-1)),
                                    cmp(arith::CmpFPredicate::OGT, yy,
                                        real(double(height)))),
                                arith::OrIOp::create(
                                    b, loc,
                                    cmp(arith::CmpFPredicate::OLT, xx,
                                        real(-1)),
                                    cmp(arith::CmpFPredicate::OGT, xx,
                                        real(double(width)))));
                            auto [yLow, yHigh, ly] = corner(yy, height);
                            auto [xLow, xHigh, lx] = corner(xx, width);
                            Value hy = sub(real(1), ly), hx = sub(real(1), lx);
                            auto at = [&](Value yi, Value xi, Value w) {
                              return mul(w, tensor::ExtractOp::create(
                                                b, loc, x,
                                                ValueRange{image, c, yi, xi}));
                            };
                            Value t1 = at(yLow, xLow, mul(hy, hx));
                            Value t2 = at(yLow, xHigh, mul(hy, lx));
                            Value t3 = at(yHigh, xLow, mul(ly, hx));
                            Value t4 = at(yHigh, xHigh, mul(ly, lx));
                            Value v;
                            if (isMax) {
                              v = arith::MaximumFOp::create(
                                  b, loc,
                                  arith::MaximumFOp::create(b, loc, t1, t2),
                                  arith::MaximumFOp::create(b, loc, t3, t4));
                              v = sel(outside, real(0), v);
                              v = arith::MaximumFOp::create(b, loc, acc[0], v);
                            } else {
                              v = add(add(t1, t2), add(t3, t4));
                              v = add(acc[0], sel(outside, real(0), v));
                            }
                            scf::YieldOp::create(b, loc, ValueRange{v});
                          });
                      scf::YieldOp::create(b, loc, cols.getResults());
                    });
                Value value = rows.getResult(0);
                if (isMax) {
                  Value none = arith::CmpIOp::create(
                      b, loc, arith::CmpIPredicate::eq, samples, idx(0));
                  value = sel(none, real(0), value);
                } else {
                  value = div(value, toReal(count));
                }
                value = sel(inside, value, real(0));
                return {tensor::InsertOp::create(
                    b, loc, value, out[0], ValueRange{r, c, ivs[1], ivs[2]})};
              });
          scf::YieldOp::create(b, loc, bins.results);
        });
    rewriter.replaceOp(op, perRegion.getResult(0));
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populateDetectionPatterns(
    RewritePatternSet &patterns, ConversionTarget &target) {
  patterns.add<BoxNMSLowering, RoiAlignLowering>(patterns.getContext());
  target.addIllegalOp<BoxNMSOp, RoiAlignOp>();
}
