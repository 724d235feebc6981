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

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <limits>

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
  // Half a vector (a ymm register on AVX-512) before widths that are no
  // power of two: LLVM scalarises loop-carried vectors of those (a 24-wide
  // accumulator became 24 scalars and spills: 8% of the peak).
  if (simd > 8 && size % 8 == 0)
    return 8;
  if (size < simd)
    return size;
  return largestDivisor(size, 2 * simd);
}

int64_t nngraph::cpu::innerTile(int64_t size, int64_t simd) {
  if (size % simd == 0)
    return simd * largestDivisor(size / simd, 4);
  return channelTile(size, simd);
}

int64_t nngraph::cpu::convChannelTile(int64_t size, int64_t width,
                                      int64_t simd) {
  int64_t tile = channelTile(size, simd);
  if (simd != 8 || tile != simd || size % simd != 0)
    return tile;
  // With 16 registers (AVX2), where two vectors do not divide: three
  // vectors (MobileNet-v2's 24-channel projections took 8 pixels x 1
  // vector, which reads a weight vector and a broadcast per FMA); on a row
  // of one pixel (a classifier as a 1x1 convolution, 1000 channels) up to
  // 7 vectors (7 accumulators, 7 weight vectors and the broadcast), so that
  // the dependent FMAs of one accumulator do not leave the units idle.
  int64_t vectors = width == 1 ? largestDivisor(size / simd, 7)
                               : (size % (3 * simd) == 0 ? 3 : 1);
  return vectors * simd;
}

/// The accumulator slots of a row of `width` pixels in tiles of `pixels`
/// x `vectors` (at least 8 a tile: the FMA latency).
static int64_t tileSlots(int64_t width, int64_t pixels, int64_t vectors) {
  int64_t full = width / pixels, rest = width % pixels;
  return full * std::max<int64_t>(pixels * vectors, 8) +
         (rest ? std::max<int64_t>(rest * vectors, 8) : 0);
}

/// The pixels of an AVX2 register tile (16 ymm registers) along a row of
/// `width` output pixels, with `vectors` vectors of output channels per
/// pixel. A tile of p pixels holds p x vectors accumulators, the weight
/// vectors and a broadcast: at most 13 accumulators with one vector, 12
/// (6 pixels) with two (7 pixels, 17 registers, spilled an accumulator in
/// the inner loop). Each accumulator is a chain of dependent FMAs (4
/// cycles of latency, 2 per cycle), so a tile with fewer than 8 costs as
/// much as one with 8. The row is tiled by the p that makes the cheapest
/// row, its last partial tile peeled: sum over the tiles of
/// max(accumulators, 8), then fewer tiles. Two vectors of channels read
/// 2 weight vectors and p broadcasts per p x 2 FMAs where one vector reads
/// 1 and p per p: on a Zen 3 host a 3x3 64->64 convolution at 56x56 with
/// bias and ReLU took 2.8 ms with 2 x 4 against 3.8 ms with 1 x 8, and a
/// row of 14 (5 + 5 + 4 against two tiles of 7 x 1 vector) 0.74x the time
/// (docs/CPUCodegen.md).
int64_t nngraph::cpu::rowTile(int64_t width, int64_t vectors) {
  // One or two vectors: the accumulators, the weight vectors and a
  // broadcast. Three or more are split into one convolution per vector
  // (splitChannelTile), which read the same input elements: LLVM loads each
  // broadcast once and keeps the p of them live across the split
  // convolutions, so p x vectors accumulators, p broadcasts and a weight
  // vector: 3 pixels with three vectors. (4 x 3 spilled an accumulator and
  // a broadcast to the stack: MobileNet-v2's 144->24 projection at 56x56
  // ran at 41 GFLOP/s.)
  int64_t maxPixels = vectors == 1 ? 13 : vectors == 2 ? 6 : 15 / (vectors + 1);
  int64_t best = 1, bestCost = std::numeric_limits<int64_t>::max();
  for (int64_t p = 1; p <= std::min(maxPixels, width); ++p) {
    int64_t full = width / p, rest = width % p;
    int64_t slots = tileSlots(width, p, vectors);
    // A tile's fixed work (storing its accumulators, the epilogue, the
    // loop) breaks ties: 1/8 of a tile of 8 accumulators.
    int64_t cost = 8 * slots + full + (rest ? 1 : 0);
    if (cost < bestCost) {
      best = p;
      bestCost = cost;
    }
  }
  return best;
}

int64_t nngraph::cpu::rowSlots(int64_t width, int64_t vectors) {
  return tileSlots(width, rowTile(width, vectors), vectors);
}

std::pair<int64_t, int64_t> nngraph::cpu::matmulRegisterTile(int64_t m,
                                                             int64_t simd) {
  if (m < 6)
    return {1, 4 * simd};
  // AVX2: the rows of the tile as the pixels of a convolution's (rowTile:
  // 6, else fewer where the last partial tile would leave the FMA units
  // idle: 5 for 49 rows, 9 x 5 + 4, where 8 x 6 + 1 ran the last row
  // with 2 accumulators).
  if (simd < 16)
    return {rowTile(m, 2), 2 * simd};
  return {8, 2 * simd};
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

/// The loop of `root` that iterates over dimension `dim` of `result`, which
/// `root` produces or reads through `use` (a permutation).
static int64_t rootLoopOf(OpOperand *use, int64_t dim) {
  if (!use)
    return dim;
  auto rootOp = cast<linalg::LinalgOp>(use->getOwner());
  AffineMap map = rootOp.getMatchingIndexingMap(use);
  return cast<AffineDimExpr>(map.getResult(dim)).getPosition();
}

/// The operand through which `root` reads `result`; null when `root`
/// produces it.
static OpOperand *getRootUse(Operation *root, Value result) {
  if (root == result.getDefiningOp())
    return nullptr;
  for (OpOperand &operand : root->getOpOperands())
    if (operand.get() == result)
      return &operand;
  return nullptr;
}

SmallVector<int64_t> nngraph::cpu::rootLoopOrder(Operation *root, Value result,
                                                 ArrayRef<int64_t> order) {
  OpOperand *use = getRootUse(root, result);
  int64_t numLoops = cast<linalg::LinalgOp>(root).getNumLoops();
  SmallVector<int64_t> interchange;
  llvm::SmallBitVector seen(numLoops);
  for (int64_t dim : order) {
    int64_t loop = rootLoopOf(use, dim);
    interchange.push_back(loop);
    seen.set(loop);
  }
  for (int64_t loop = 0; loop < numLoops; ++loop)
    if (!seen.test(loop))
      interchange.push_back(loop);
  return interchange;
}

SmallVector<OpFoldResult> nngraph::cpu::rootTileSizes(MLIRContext *ctx,
                                                      Operation *root,
                                                      Value result,
                                                      ArrayRef<int64_t> sizes) {
  auto rootOp = cast<linalg::LinalgOp>(root);
  OpOperand *use = getRootUse(root, result);
  if (!use && root != result.getDefiningOp())
    return {};
  SmallVector<int64_t> rootSizes(rootOp.getNumLoops(), 0);
  for (auto [j, size] : llvm::enumerate(sizes))
    rootSizes[rootLoopOf(use, j)] = size;
  return getAsIndexOpFoldResult(ctx, rootSizes);
}

/// Whether `offset` is a static multiple of `tile`, or the induction
/// variable of an scf.forall dimension or scf.for loop that starts at a
/// multiple of `tile` and steps by a multiple of it.
static bool isMultipleOf(OpFoldResult offset, int64_t tile) {
  if (std::optional<int64_t> value = getConstantIntValue(offset))
    return *value % tile == 0;
  auto iv = dyn_cast<BlockArgument>(cast<Value>(offset));
  if (!iv)
    return false;
  std::optional<int64_t> lower, step;
  if (auto loop = dyn_cast<scf::ForOp>(iv.getOwner()->getParentOp())) {
    if (iv != loop.getInductionVar())
      return false;
    lower = getConstantIntValue(loop.getLowerBound());
    step = getConstantIntValue(loop.getStep());
  } else if (auto loop =
                 dyn_cast<scf::ForallOp>(iv.getOwner()->getParentOp())) {
    if (iv.getArgNumber() >= loop.getRank())
      return false;
    unsigned dim = iv.getArgNumber();
    lower = getConstantIntValue(loop.getMixedLowerBound()[dim]);
    step = getConstantIntValue(loop.getMixedStep()[dim]);
  }
  return lower && step && *lower % tile == 0 && *step % tile == 0;
}

void nngraph::cpu::readPackedTiles(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  for (OpOperand *operand : op.getDpsInputOperands()) {
    auto slice = operand->get().getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice || !slice.hasUnitStride())
      continue;
    // A slice of a slice (a register tile of a block) reads the first's
    // source at the sum of the offsets; each dimension's offsets are kept
    // apart until the slice is known to match.
    SmallVector<SmallVector<OpFoldResult, 2>> offsets;
    for (OpFoldResult offset : slice.getMixedOffsets())
      offsets.push_back({offset});
    Value source = slice.getSource();
    while (auto outer = source.getDefiningOp<tensor::ExtractSliceOp>()) {
      if (!outer.hasUnitStride() ||
          outer.getSourceType().getRank() != outer.getType().getRank())
        break;
      // (Outermost first.)
      for (auto [parts, offset] :
           llvm::zip_equal(offsets, outer.getMixedOffsets()))
        parts.insert(parts.begin(), offset);
      source = outer.getSource();
    }
    auto unpack = source.getDefiningOp<linalg::UnPackOp>();
    if (!unpack || !unpack.getSourceType().hasStaticShape() ||
        !unpack.getDestType().hasStaticShape())
      continue;
    ArrayRef<int64_t> fullShape = unpack.getDestType().getShape();
    int64_t rank = fullShape.size();
    SmallVector<int64_t> outerPerm(unpack.getOuterDimsPerm());
    if (outerPerm.empty())
      outerPerm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    ArrayRef<int64_t> innerPos = unpack.getInnerDimsPos();
    SmallVector<int64_t> tiles(unpack.getStaticInnerTiles());
    // The tile of each unpacked dimension (0: not tiled).
    SmallVector<int64_t> tileOf(rank, 0);
    for (auto [dim, tile] : llvm::zip_equal(innerPos, tiles))
      tileOf[dim] = tile;
    SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
    bool matches = slice.getSourceType().getRank() == rank;
    for (int64_t d = 0; matches && d < rank; ++d) {
      std::optional<int64_t> size = getConstantIntValue(sizes[d]);
      if (tileOf[d])
        matches = size == tileOf[d] && fullShape[d] % tileOf[d] == 0 &&
                  llvm::all_of(offsets[d], [&](OpFoldResult offset) {
                    return isMultipleOf(offset, tileOf[d]);
                  });
      else
        matches = size.has_value();
    }
    // The rank-reduced slice of the source lists the untiled dimensions in
    // outer order, then the inner tiles: they must be the slice's order.
    SmallVector<int64_t> order;
    for (int64_t d : outerPerm)
      if (!tileOf[d])
        order.push_back(d);
    llvm::append_range(order, innerPos);
    if (!matches || order != llvm::to_vector(llvm::seq<int64_t>(0, rank)))
      continue;
    rewriter.setInsertionPoint(slice);
    Location loc = slice.getLoc();
    SmallVector<OpFoldResult> packedOffsets, packedSizes;
    // A dimension's offset in the source: o_0 + o_1 + ..., divided by its
    // tile where it is tiled (the packed tensor's outer index).
    auto sourceOffset = [&](int64_t d) {
      AffineExpr sum = rewriter.getAffineConstantExpr(0);
      for (unsigned i = 0; i < offsets[d].size(); ++i)
        sum = sum + rewriter.getAffineDimExpr(i);
      if (tileOf[d])
        sum = sum.floorDiv(tileOf[d]);
      return affine::makeComposedFoldedAffineApply(rewriter, loc, sum,
                                                   offsets[d]);
    };
    for (int64_t d : outerPerm) {
      packedOffsets.push_back(sourceOffset(d));
      packedSizes.push_back(tileOf[d] ? rewriter.getIndexAttr(1) : sizes[d]);
    }
    for (int64_t tile : tiles) {
      packedOffsets.push_back(rewriter.getIndexAttr(0));
      packedSizes.push_back(rewriter.getIndexAttr(tile));
    }
    SmallVector<OpFoldResult> strides(packedOffsets.size(),
                                      rewriter.getIndexAttr(1));
    Value tile = tensor::ExtractSliceOp::create(
        rewriter, loc, slice.getType(), unpack.getSource(), packedOffsets,
        packedSizes, strides);
    rewriter.modifyOpInPlace(op, [&] { operand->set(tile); });
  }
}

bool nngraph::cpu::isKernel(Operation *op, unsigned minOps) {
  if (op->getNumRegions() == 0 || op->getNumResults() != 0 ||
      op->hasTrait<OpTrait::IsTerminator>() || isa<SymbolOpInterface>(op))
    return false;
  unsigned count = 0;
  op->walk([&](Operation *) { ++count; });
  return count >= minOps;
}

llvm::SetVector<Operation *> nngraph::cpu::getWeightOnlyOps(func::FuncOp func) {
  llvm::SetVector<Operation *> ops;
  if (func.isExternal())
    return ops;
  Block &body = func.getBody().front();
  DenseSet<Value> weightOnly;
  for (BlockArgument arg : body.getArguments())
    if (isWeight(func, arg.getArgNumber()))
      weightOnly.insert(arg);
  for (Operation &op : body.without_terminator()) {
    if (!isMemoryEffectFree(&op))
      continue;
    bool invariant = llvm::all_of(
        op.getOperands(), [&](Value v) { return weightOnly.contains(v); });
    visitUsedValuesDefinedAbove(op.getRegions(), [&](OpOperand *use) {
      invariant &= weightOnly.contains(use->get());
    });
    if (!invariant)
      continue;
    ops.insert(&op);
    weightOnly.insert(op.result_begin(), op.result_end());
  }
  return ops;
}

bool nngraph::cpu::isWeightOnly(
    func::FuncOp func, const llvm::SetVector<Operation *> &weightOnlyOps,
    Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->isEntryBlock() &&
           arg.getOwner()->getParentOp() == func.getOperation() &&
           isWeight(func, arg.getArgNumber());
  return weightOnlyOps.contains(value.getDefiningOp());
}

bool nngraph::cpu::takesAnyLayout(Value value, Operation *within) {
  for (Operation *user : value.getUsers()) {
    if (within && !within->isAncestor(user))
      continue;
    if (auto view = dyn_cast<memref::SubViewOp>(user)) {
      if (view.getSource() != value || !takesAnyLayout(view.getResult()))
        return false;
      continue;
    }
    if (!isa<memref::LoadOp, memref::StoreOp, memref::CopyOp,
             vector::TransferReadOp, vector::TransferWriteOp, vector::LoadOp,
             vector::StoreOp, vector::MaskedLoadOp, vector::MaskedStoreOp,
             linalg::LinalgOp>(user))
      return false;
  }
  return true;
}

void nngraph::cpu::replaceWithView(RewriterBase &rewriter, Value value,
                                   Value replacement) {
  for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
    Operation *user = use.getOwner();
    if (auto view = dyn_cast<memref::SubViewOp>(user)) {
      rewriter.setInsertionPoint(view);
      auto type = memref::SubViewOp::inferRankReducedResultType(
          view.getType().getShape(), cast<MemRefType>(replacement.getType()),
          view.getMixedOffsets(), view.getMixedSizes(), view.getMixedStrides());
      auto newView = memref::SubViewOp::create(
          rewriter, view.getLoc(), cast<MemRefType>(type), replacement,
          view.getMixedOffsets(), view.getMixedSizes(), view.getMixedStrides());
      replaceWithView(rewriter, view.getResult(), newView.getResult());
      rewriter.eraseOp(view);
      continue;
    }
    rewriter.modifyOpInPlace(user, [&] { use.set(replacement); });
  }
}

void nngraph::cpu::peelPartialTiles(RewriterBase &rewriter, Operation *scope) {
  llvm::DenseSet<Operation *> done;
  bool peeled = false;
  while (true) {
    SmallVector<scf::ForOp> todo;
    scope->walk([&](scf::ForOp loop) {
      if (done.contains(loop))
        return;
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (!lb || !ub || !step || (*ub - *lb) % *step == 0) {
        done.insert(loop);
        return;
      }
      todo.push_back(loop);
    });
    if (todo.empty())
      break;
    for (scf::ForOp loop : todo) {
      scf::ForOp remainder;
      rewriter.setInsertionPoint(loop);
      if (succeeded(
              scf::peelForLoopAndSimplifyBounds(rewriter, loop, remainder))) {
        done.insert(remainder);
        peeled = true;
      }
      done.insert(loop);
    }
  }
  // Fold the single-iteration loops and the constant sizes of the
  // remainders: their tiles get static shapes. (Tiles that divide their
  // loops are static already: no pattern set to build.)
  if (!peeled)
    return;
  RewritePatternSet patterns(rewriter.getContext());
  MLIRContext *ctx = rewriter.getContext();
  for (Dialect *dialect : ctx->getLoadedDialects())
    if (isa<affine::AffineDialect, arith::ArithDialect, linalg::LinalgDialect,
            scf::SCFDialect, tensor::TensorDialect>(dialect))
      dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    if (isa<affine::AffineDialect, arith::ArithDialect, linalg::LinalgDialect,
            scf::SCFDialect, tensor::TensorDialect>(op.getDialect()))
      op.getCanonicalizationPatterns(patterns, ctx);
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (Region &region : scope->getRegions())
    (void)applyPatternsGreedily(region, frozen, structuredRewriteConfig());
}

GreedyRewriteConfig nngraph::cpu::structuredRewriteConfig() {
  return GreedyRewriteConfig().setRegionSimplificationLevel(
      GreedySimplifyRegionLevel::Disabled);
}
