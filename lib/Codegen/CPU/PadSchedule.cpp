//===- PadSchedule.cpp - padded copies written in place ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the schedule of static tensor.pad ops with a
// constant value (the padded inputs of convolutions and pools). Left alone,
// a pad bufferizes into a scalar fill and a strided memref.copy, a runtime
// call that copies element by element. Here it becomes fills of the padded
// tensor's border (tiled and vectorised like any elementwise op) and an
// insert_slice of the source into its interior. When the source is the
// result of a tile loop (scf.forall) that writes a tensor.empty, such as a
// convolution with its epilogue, the loop writes into the interior of the
// filled tensor instead (an extract_slice of it), so that bufferization
// places the producer's result straight into the padded buffer and the
// copy disappears. Otherwise the source is copied by a linalg.copy, tiled
// and vectorised.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::nngraph::cpu;

namespace {

/// The shared_outs operand of the scf.forall that yields `source`, when
/// it is a tensor.empty (whose other users, such as the accumulator of a
/// convolution that CSE gave the same tensor.empty, keep it); else null.
OpOperand *emptyDestinationOf(Value source) {
  auto result = dyn_cast<OpResult>(source);
  auto forall = result ? dyn_cast<scf::ForallOp>(result.getOwner()) : nullptr;
  if (!forall)
    return nullptr;
  OpOperand &init = forall.getOutputsMutable()[result.getResultNumber()];
  auto empty = init.get().getDefiningOp<tensor::EmptyOp>();
  if (!empty)
    return nullptr;
  return &init;
}

/// Schedules `op` as an elementwise op; returns what replaces its result.
Value scheduled(RewriterBase &rewriter, linalg::LinalgOp op, int64_t simd,
                SmallVectorImpl<Operation *> &loops) {
  Value result = op->getResult(0);
  if (failed(scheduleElementwise(rewriter, op, simd, loops)))
    return result;
  return loops.back()->getResult(0);
}

/// Fills the border of the padded tensor `dest` with `value`: every
/// element outside the box of `interior`'s shape at `lowPad`. The border is
/// cut into at most two slabs per axis, below and above the interior along
/// it, each spanning the interior along the axes before it and the whole
/// tensor along those after it, so that the slabs are disjoint and every
/// element is written once (a fill of the whole tensor wrote MobileNet-v2's
/// padded depthwise inputs twice); a padding of one on both sides (3x3
/// windows) is one slab, strided over the interior. One scf.forall walks
/// the rows (innermost axis) of all the slabs and each iteration writes one
/// vector of a row: one loop per pad, as the whole fill was (a loop per
/// slab added a kernel each and, on DenseNet-201, a second of compile time).
/// Returns `dest` when nothing is padded, and std::nullopt when the
/// innermost axis is padded (slabs of different row lengths).
std::optional<Value> fillBorder(RewriterBase &rewriter, Location loc,
                                Value dest, Value value,
                                ArrayRef<int64_t> lowPad,
                                RankedTensorType interior, int64_t simd) {
  auto type = cast<RankedTensorType>(dest.getType());
  int64_t rank = type.getRank();
  int64_t inner = rank - 1;
  if (lowPad[inner] != 0 ||
      interior.getDimSize(inner) != type.getDimSize(inner))
    return std::nullopt;
  struct Slab {
    SmallVector<int64_t> offsets, shape, steps; // Of the outer axes.
    int64_t rows;
  };
  SmallVector<Slab> slabs;
  for (int64_t d = 0; d < inner; ++d) {
    int64_t size = interior.getDimSize(d);
    int64_t highPad = type.getDimSize(d) - size - lowPad[d];
    bool paired = lowPad[d] == 1 && highPad == 1;
    for (bool high : {false, true}) {
      int64_t width = high ? highPad : lowPad[d];
      if (width <= 0 || (paired && high))
        continue;
      Slab slab{SmallVector<int64_t>(inner, 0),
                llvm::to_vector(type.getShape().drop_back()),
                SmallVector<int64_t>(inner, 1), 1};
      for (int64_t e = 0; e < d; ++e) {
        slab.offsets[e] = lowPad[e];
        slab.shape[e] = interior.getDimSize(e);
      }
      slab.offsets[d] = high ? lowPad[d] + size : 0;
      slab.shape[d] = paired ? 2 : width;
      slab.steps[d] = paired ? size + 1 : 1;
      for (int64_t n : slab.shape)
        slab.rows *= n;
      slabs.push_back(std::move(slab));
    }
  }
  if (slabs.empty())
    return dest;

  int64_t rows = 0;
  for (const Slab &slab : slabs)
    rows += slab.rows;
  int64_t row = type.getDimSize(inner);
  int64_t tile = innerTile(row, simd);
  auto vectorType = VectorType::get({tile}, type.getElementType());
  Value filler = vector::BroadcastOp::create(rewriter, loc, vectorType, value);
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<OpFoldResult> lbs(2, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ubs = getAsIndexOpFoldResult(ctx, {rows, row});
  SmallVector<OpFoldResult> steps = getAsIndexOpFoldResult(ctx, {1, tile});
  auto forall = scf::ForallOp::create(rewriter, loc, lbs, ubs, steps,
                                      ValueRange{dest}, std::nullopt);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(forall.getBody());
  Value k = forall.getInductionVar(0);
  Value out = forall.getRegionIterArgs()[0];
  // The outer coordinates of row `k`: those of the last slab that starts
  // at or before it.
  SmallVector<Value> coords;
  int64_t start = 0;
  for (const Slab &slab : slabs) {
    Value local = k;
    if (start != 0)
      local = arith::SubIOp::create(
          rewriter, loc, k,
          arith::ConstantIndexOp::create(rewriter, loc, start));
    auto split = affine::AffineDelinearizeIndexOp::create(
        rewriter, loc, local, ArrayRef<int64_t>(slab.shape),
        /*hasOuterBound=*/true);
    Value inSlab;
    if (start != 0)
      inSlab = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sge, k,
          arith::ConstantIndexOp::create(rewriter, loc, start));
    AffineExpr i = rewriter.getAffineDimExpr(0);
    for (int64_t e = 0; e < inner; ++e) {
      Value coord = affine::makeComposedAffineApply(
                        rewriter, loc, i * slab.steps[e] + slab.offsets[e],
                        {OpFoldResult(split.getResult(e))})
                        .getResult();
      if (!inSlab)
        coords.push_back(coord);
      else
        coords[e] =
            arith::SelectOp::create(rewriter, loc, inSlab, coord, coords[e]);
    }
    start += slab.rows;
  }
  SmallVector<OpFoldResult> offsets(coords.begin(), coords.end());
  offsets.push_back(forall.getInductionVar(1));
  SmallVector<int64_t> shape(rank, 1);
  shape[inner] = tile;
  SmallVector<OpFoldResult> sizes = getAsIndexOpFoldResult(ctx, shape);
  SmallVector<OpFoldResult> unit(rank, rewriter.getIndexAttr(1));
  auto sliceType = RankedTensorType::get(shape, type.getElementType());
  Value slice = tensor::ExtractSliceOp::create(rewriter, loc, sliceType, out,
                                               offsets, sizes, unit);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value written = vector::TransferWriteOp::create(
                      rewriter, loc, filler, slice,
                      SmallVector<Value>(rank, zero), ArrayRef<bool>{true})
                      .getResult();
  rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(rewriter, loc, written, out, offsets,
                                        sizes, unit);
  return forall.getResult(0);
}

} // namespace

LogicalResult nngraph::cpu::schedulePad(RewriterBase &rewriter,
                                        tensor::PadOp pad, int64_t simd,
                                        SmallVectorImpl<Operation *> &loops) {
  RankedTensorType sourceType = pad.getSourceType();
  RankedTensorType type = pad.getResultType();
  Value value = pad.getConstantPaddingValue();
  if (!value || !sourceType.hasStaticShape() || !type.hasStaticShape() ||
      pad.getNofold())
    return failure();
  SmallVector<OpFoldResult> low = pad.getMixedLowPad();
  std::optional<SmallVector<int64_t>> lowPad = getConstantIntValues(low);
  if (!lowPad)
    return failure();
  Location loc = pad.getLoc();
  OpOperand *destination = emptyDestinationOf(pad.getSource());
  // The fill goes before the producer that may write into it.
  Operation *producer =
      destination ? destination->getOwner() : pad.getOperation();
  rewriter.setInsertionPoint(producer);
  if (auto *def = value.getDefiningOp();
      def && !def->isBeforeInBlock(producer) &&
      def->getBlock() == producer->getBlock()) {
    // A constant defined after the producer (a pad made by a later rewrite)
    // is made again before it; anything else cannot move.
    if (!def->hasTrait<OpTrait::ConstantLike>())
      return failure();
    value = rewriter.clone(*def)->getResult(0);
  }
  // An alloc_tensor, not a tensor.empty: CSE would merge the equal fills
  // of two pads into one tensor that both producers write, and
  // bufferization would then copy it.
  Value filled =
      bufferization::AllocTensorOp::create(rewriter, loc, type, ValueRange{});
  if (std::optional<Value> border =
          fillBorder(rewriter, loc, filled, value, *lowPad, sourceType, simd)) {
    if (*border != filled)
      loops.push_back(border->getDefiningOp());
    filled = *border;
  } else {
    // The innermost axis is padded: the whole tensor is filled.
    auto fill = linalg::FillOp::create(rewriter, loc, ValueRange{value},
                                       ValueRange{filled});
    filled = scheduled(rewriter, fill, simd, loops);
  }
  rewriter.setInsertionPointAfterValue(filled);

  SmallVector<OpFoldResult> sizes =
      getAsIndexOpFoldResult(rewriter.getContext(), sourceType.getShape());
  SmallVector<OpFoldResult> strides(sourceType.getRank(),
                                    rewriter.getIndexAttr(1));
  Value interior = tensor::ExtractSliceOp::create(rewriter, loc, sourceType,
                                                  filled, low, sizes, strides);
  Value source = pad.getSource();
  if (destination) {
    // The producer writes the interior of the padded tensor.
    rewriter.modifyOpInPlace(destination->getOwner(),
                             [&] { destination->set(interior); });
  } else {
    rewriter.setInsertionPoint(pad);
    auto copy = linalg::CopyOp::create(rewriter, loc, source, interior);
    source = scheduled(rewriter, copy, simd, loops);
  }
  rewriter.setInsertionPoint(pad);
  rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(pad, source, filled, low,
                                                     sizes, strides);
  return success();
}
