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

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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
  if (!llvm::all_of(low, [](OpFoldResult r) {
        return getConstantIntValue(r).has_value();
      }))
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
  int64_t rank = type.getRank();
  SmallVector<int64_t> lowPad =
      llvm::map_to_vector(low, [](OpFoldResult r) {
        return *getConstantIntValue(r);
      });
  SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
  // Only the border is filled: the source (or its producer) writes the
  // interior. The border is cut into at most two slabs per axis, below and
  // above the interior along it, each spanning the interior along the
  // axes before it and the whole tensor along those after it, so that the
  // slabs are disjoint and every element is written once (a fill of the
  // whole tensor wrote MobileNet-v2's padded depthwise inputs twice). A
  // padding of one on both sides (3x3 windows) is one slab, strided over
  // the interior, so that it costs one loop (one kernel) instead of two.
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = sourceType.getDimSize(d);
    int64_t highPad = type.getDimSize(d) - size - lowPad[d];
    bool paired = lowPad[d] == 1 && highPad == 1;
    for (bool high : {false, true}) {
      int64_t width = high ? highPad : lowPad[d];
      if (width <= 0 || (paired && high))
        continue;
      SmallVector<int64_t> offsets(rank, 0), shape(type.getShape()),
          steps(rank, 1);
      for (int64_t e = 0; e < d; ++e) {
        offsets[e] = lowPad[e];
        shape[e] = sourceType.getDimSize(e);
      }
      offsets[d] = high ? lowPad[d] + size : 0;
      shape[d] = paired ? 2 : width;
      steps[d] = paired ? size + 1 : 1;
      MLIRContext *ctx = rewriter.getContext();
      SmallVector<OpFoldResult> slabOffsets =
          getAsIndexOpFoldResult(ctx, offsets);
      SmallVector<OpFoldResult> slabSizes = getAsIndexOpFoldResult(ctx, shape);
      SmallVector<OpFoldResult> slabStrides = getAsIndexOpFoldResult(ctx, steps);
      auto slabType = RankedTensorType::get(shape, type.getElementType());
      Value slab = tensor::ExtractSliceOp::create(rewriter, loc, slabType,
                                                  filled, slabOffsets,
                                                  slabSizes, slabStrides);
      auto fill = linalg::FillOp::create(rewriter, loc, ValueRange{value},
                                         ValueRange{slab});
      Value border = scheduled(rewriter, fill, simd, loops);
      rewriter.setInsertionPointAfterValue(border);
      filled = tensor::InsertSliceOp::create(rewriter, loc, border, filled,
                                             slabOffsets, slabSizes,
                                             slabStrides);
    }
  }
  rewriter.setInsertionPointAfterValue(filled);

  SmallVector<OpFoldResult> sizes =
      getAsIndexOpFoldResult(rewriter.getContext(), sourceType.getShape());
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
