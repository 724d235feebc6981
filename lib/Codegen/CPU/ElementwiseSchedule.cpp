//===- ElementwiseSchedule.cpp - standalone elementwise ops ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the schedule of the all-parallel linalg ops that no
// other schedule fused: elementwise generics (an activation or add that is
// not a convolution's epilogue, an unfolded batch normalisation), the
// permutations at the graph's inputs and outputs and of the weights, and
// fills. The op is tiled in an scf.forall (for later threading) so that
// the innermost tile is a vector along the contiguous axis of the output;
// when an input is read transposed (its contiguous axis is another loop),
// that loop is tiled too, so that each tile reads short contiguous rows
// and the vector.transpose between them lowers to shuffles.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::nngraph::cpu;

namespace {

/// The loop whose index is the contiguous axis of some input read through
/// a permutation (not `inner`), or -1.
int64_t transposedLoop(linalg::LinalgOp op, int64_t inner) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (map.getNumResults() == 0)
      continue;
    auto d = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (d && static_cast<int64_t>(d.getPosition()) != inner)
      return d.getPosition();
  }
  return -1;
}

} // namespace

LogicalResult
nngraph::cpu::scheduleElementwise(RewriterBase &rewriter, linalg::LinalgOp op,
                                  int64_t simd,
                                  SmallVectorImpl<Operation *> &loops) {
  int64_t rank = op.getNumLoops();
  if (!op.hasPureTensorSemantics() || op.hasDynamicShape() || rank == 0 ||
      op.getNumParallelLoops() != rank || op.getNumDpsInits() != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      failed(linalg::vectorizeOpPrecondition(op)))
    return failure();
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  int64_t elements = 1;
  for (int64_t b : bounds)
    elements *= b;
  if (elements < simd) // Nothing to gain.
    return failure();
  SmallVector<int64_t> sizes(rank, 1);
  int64_t inner = rank - 1;
  sizes[inner] = innerTile(bounds[inner], simd);
  int64_t transposed = transposedLoop(op, inner);
  if (transposed >= 0) {
    // A block of rows: up to one vector along the input's contiguous axis.
    sizes[transposed] = largestDivisor(bounds[transposed], simd);
    sizes[inner] = largestDivisor(bounds[inner], simd);
  } else if (sizes[inner] == bounds[inner] && rank > 1 &&
             bounds[inner] < simd) {
    // A narrow contiguous axis: take several rows of it per tile.
    sizes[rank - 2] = largestDivisor(
        bounds[rank - 2], std::max<int64_t>(1, 2 * simd / bounds[inner]));
  }
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled) || tiled->loops.empty())
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  loops.push_back(tiled->loops.front());
  return success();
}

void nngraph::cpu::scheduleStandaloneOps(RewriterBase &rewriter,
                                         func::FuncOp func, int64_t simd,
                                         SmallVectorImpl<Operation *> &loops) {
  // What the other schedules tiled and fused is dead now: erase it first,
  // or its producers would be scheduled for nothing (and their loops erased
  // later, under the driver's feet).
  if (func.isExternal())
    return;
  Block &body = func.getBody().front();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isOpTriviallyDead(&op))
      rewriter.eraseOp(&op);
  // Ops at the function's top level only: what the other schedules left.
  SmallVector<linalg::LinalgOp> ops;
  SmallVector<tensor::PadOp> pads;
  for (Operation &op : func.getBody().getOps()) {
    if (op.use_empty())
      continue;
    if (auto pad = dyn_cast<tensor::PadOp>(op))
      pads.push_back(pad);
    else if (isa<linalg::GenericOp, linalg::FillOp, linalg::CopyOp>(op))
      ops.push_back(cast<linalg::LinalgOp>(op));
  }
  for (linalg::LinalgOp op : ops)
    (void)scheduleElementwise(rewriter, op, simd, loops);
  // After the producers: a pad may place its source's tile loop in place.
  for (tensor::PadOp pad : pads)
    (void)schedulePad(rewriter, pad, simd, loops);
}
