//===- PoolingSchedule.cpp - channels-last pooling schedule -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the schedule of channels-last 2-D pooling
// (pooling_nhwc_max, pooling_nhwc_sum): like the convolutions, the pool and
// its elementwise epilogue (average pooling's division, the permutation
// back to NCHW) are tiled over the output by OW pixels x C channels, and the
// window rows by one, so that the tiled 2-D pool decomposes into a 1-D one
// (pooling_nwc_*) that the vectoriser turns into one max or add per window
// column on vectors of channels.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

using namespace mlir;
using namespace mlir::nngraph::cpu;

LogicalResult
nngraph::cpu::schedulePooling(RewriterBase &rewriter, linalg::LinalgOp pool,
                              int64_t simd,
                              SmallVectorImpl<Operation *> &loops) {
  if (!pool.hasPureTensorSemantics() ||
      llvm::any_of(pool->getOperandTypes(), [](Type t) {
        return !cast<ShapedType>(t).hasStaticShape();
      }))
    return failure();
  // Parallel loops (N, OH, OW, C) then reductions (KH, KW).
  SmallVector<int64_t> bounds = pool.getStaticLoopRanges();
  if (bounds.size() != 6)
    return failure();
  // A max or add per element: no accumulator pressure beyond the tile
  // itself; 7 (8 with AVX-512) output pixels by up to two vectors of
  // channels.
  int64_t ow = largestDivisor(bounds[2], simd == 16 ? 8 : 7);
  int64_t c = channelTile(bounds[3], simd);
  FailureOr<Operation *> loop =
      tileWindowedOp(rewriter, pool, {1, 1, ow, c}, {1, 0});
  if (failed(loop))
    return failure();
  loops.push_back(*loop);
  return success();
}
