//===- ScheduleUtils.cpp - tile-size helpers of the schedules --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the helpers that the CPU schedules share
// (Schedules.h): the host's SIMD width, divisor-based tile choices, and the
// epilogue that roots a tile with its tile sizes.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

int64_t nngraph::cpu::getHostVectorWidth() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512f") ? 16 : 8;
}

int64_t nngraph::cpu::largestDivisor(int64_t size, int64_t limit) {
  for (int64_t d = std::min(size, limit); d > 1; --d)
    if (size % d == 0)
      return d;
  return 1;
}

int64_t nngraph::cpu::channelTile(int64_t size, int64_t simd) {
  if (size % (2 * simd) == 0)
    return 2 * simd;
  if (size % simd == 0)
    return simd;
  if (size < simd)
    return size;
  return largestDivisor(size, 2 * simd);
}

linalg::GenericOp nngraph::cpu::getEpilogue(linalg::LinalgOp op) {
  Value result = op->getResult(0);
  if (!result.hasOneUse())
    return nullptr;
  auto consumer = dyn_cast<linalg::GenericOp>(*result.getUsers().begin());
  if (!consumer || consumer.getNumDpsInits() != 1 ||
      consumer.getNumLoops() != consumer.getNumParallelLoops() ||
      !consumer.hasPureTensorSemantics())
    return nullptr;
  OpOperand &use = *result.getUses().begin();
  if (consumer.isDpsInit(&use))
    return nullptr;
  AffineMap map = consumer.getMatchingIndexingMap(&use);
  auto type = cast<ShapedType>(result.getType());
  if (!map.isPermutation() || map.getNumDims() != type.getRank() ||
      !consumer.getMatchingIndexingMap(consumer.getDpsInitOperand(0))
           .isIdentity())
    return nullptr;
  return consumer;
}

SmallVector<OpFoldResult> nngraph::cpu::rootTileSizes(MLIRContext *ctx,
                                                      Operation *root,
                                                      Value result,
                                                      ArrayRef<int64_t> sizes) {
  auto rootOp = cast<linalg::LinalgOp>(root);
  SmallVector<int64_t> rootSizes(rootOp.getNumLoops(), 0);
  if (root == result.getDefiningOp()) {
    llvm::copy(sizes, rootSizes.begin());
  } else {
    OpOperand *use = nullptr;
    for (OpOperand &operand : root->getOpOperands())
      if (operand.get() == result)
        use = &operand;
    if (!use)
      return {};
    AffineMap map = rootOp.getMatchingIndexingMap(use);
    for (auto [j, size] : llvm::enumerate(sizes))
      rootSizes[cast<AffineDimExpr>(map.getResult(j)).getPosition()] = size;
  }
  return getAsIndexOpFoldResult(ctx, rootSizes);
}
