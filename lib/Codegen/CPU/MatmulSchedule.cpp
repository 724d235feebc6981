//===- MatmulSchedule.cpp - matmul and batch_matmul schedule ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the schedule of linalg.matmul and linalg.batch_matmul
// with static shapes. The elementwise consumer of the product (its epilogue:
// Gemm's alpha/beta/bias, a fused activation) is the root of the tile; the
// product and its accumulator (a fill) are fused into it.
//
// - An scf.forall over blocks of the output (each matrix of a batch, up to
//   8 x 8 blocks of whole register tiles along M and N that divide them)
//   holds the schedule: threads share its iterations.
// - Inside it, scf.for loops tile the output by a register tile of M0 x N0:
//   up to 6 x 16 with AVX2 (12 accumulators; fewer rows where the last
//   partial tile would be latency-bound: rowTile), 8 x 32 with AVX-512
//   (16); when M is below 6 (batch-1 fully connected layers, bandwidth
//   bound) 1 x 4*simd, so that each weight row segment is read once with
//   vector loads. The column tiles are the outer loop when the block's
//   right operand outweighs its left one (each panel read once).
// - The reduction is tiled by K0 = 8 inside that, innermost, so the tile is
//   an M0 x N0 x K0 vector.contract whose accumulator the driver hoists out
//   of the K loop into registers.
// - Sizes that the tiles do not divide are peeled: every loop with a
//   partial last tile is split into a full-tile loop and one remainder
//   iteration, which has static (smaller) shapes too once folded. So every
//   tile vectorises without masks and the results are exact for all sizes.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::nngraph::cpu;

namespace {

/// Tiles `root`'s loops by `sizes` (product output dimensions), fusing the
/// product (an op named `productName`) and its accumulator. Returns the
/// tiling result and the tiled product, or failure.
FailureOr<std::pair<scf::SCFTileAndFuseResult, linalg::LinalgOp>>
tileAndFuse(RewriterBase &rewriter, Operation *root, Value product,
            ArrayRef<int64_t> sizes, scf::SCFTilingOptions::LoopType type,
            ArrayRef<int64_t> order = {}) {
  Operation *productOp = product.getDefiningOp();
  OperationName productName = productOp->getName();
  SmallVector<OpFoldResult> tileSizes =
      rootTileSizes(rewriter.getContext(), root, product, sizes);
  if (tileSizes.empty())
    return failure();
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions.setTileSizes(tileSizes);
  options.tilingOptions.setLoopType(type);
  if (!order.empty())
    options.tilingOptions.setInterchange(rootLoopOrder(root, product, order));
  // Fuse the product and what builds its accumulator (a fill, which is
  // not the root's destination when the root is an epilogue); not the
  // operands, which every tile reads in part.
  options.setFusionControlFn(
      [productOp](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        Operation *op = producer.getOwner();
        if (op == productOp || isa<linalg::FillOp>(op) ||
            (isDestination && isa<linalg::GenericOp>(op)))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root), options);
  if (failed(tiled))
    return failure();
  for (OpResult result : root->getResults())
    rewriter.replaceAllUsesWith(result, tiled->replacements.lookup(result));
  linalg::LinalgOp tiledProduct;
  for (Operation *op : tiled->tiledAndFusedOps)
    if (op->getName() == productName)
      tiledProduct = cast<linalg::LinalgOp>(op);
  if (!tiledProduct)
    return failure();
  return std::make_pair(*tiled, tiledProduct);
}

/// The tiled root inside `tiled`: the op that replaced `root`'s result.
Operation *tiledRoot(const scf::SCFTileAndFuseResult &tiled, Operation *root) {
  // The tiled consumer comes first, then the fused producers.
  if (tiled.tiledAndFusedOps.empty())
    return nullptr;
  Operation *op = tiled.tiledAndFusedOps.front();
  return op->getName() == root->getName() ? op : nullptr;
}

} // namespace

LogicalResult
nngraph::cpu::scheduleMatmul(RewriterBase &rewriter, linalg::LinalgOp product,
                             int64_t simd,
                             SmallVectorImpl<Operation *> &loops) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(product) ||
      !product.hasPureTensorSemantics() || product.hasDynamicShape() ||
      !isa<FloatType>(getElementTypeOrSelf(product->getResult(0).getType())))
    return failure();
  // The default (not transposed, not broadcast) operand maps only.
  if (auto matmul = dyn_cast<linalg::MatmulOp>(product.getOperation()))
    if (matmul.hasUserDefinedMaps())
      return failure();
  if (auto matmul = dyn_cast<linalg::BatchMatmulOp>(product.getOperation()))
    if (matmul.hasUserDefinedMaps())
      return failure();
  bool batched = isa<linalg::BatchMatmulOp>(product);
  // Loops: [B,] M, N, K.
  SmallVector<int64_t> bounds = product.getStaticLoopRanges();
  int64_t m = bounds[batched ? 1 : 0], n = bounds[batched ? 2 : 1];
  if (llvm::any_of(bounds, [](int64_t b) { return b <= 0; }))
    return failure();

  // The register tile: a tile size equal to the whole axis is no tile.
  auto [m0, n0] = matmulRegisterTile(m, simd);
  int64_t k0 = 8;
  auto tileOf = [](int64_t size, int64_t tile) {
    return size <= tile ? 0 : tile;
  };
  // The parallel blocks (the forall's iterations, which threads share, and
  // a cache blocking with one): each matrix of a batch, and up to 8 blocks
  // along M and along N that are whole register tiles and divide the axis
  // (so every block is static); an axis without such a split is one block.
  auto blockOf = [](int64_t size, int64_t tile) {
    for (int64_t blocks = 8; blocks > 1; --blocks)
      if (size % blocks == 0 && (size / blocks) % tile == 0)
        return size / blocks;
    return size;
  };
  int64_t mb = blockOf(m, m0), nb = blockOf(n, n0);
  SmallVector<int64_t> outer, inner;
  if (batched) {
    outer.push_back(1);
    inner.push_back(0);
  }
  outer.append({mb, nb});
  inner.append({tileOf(mb, m0), tileOf(nb, n0)});

  Value product0 = product->getResult(0);
  Operation *root = product;
  if (linalg::GenericOp epilogue = getEpilogue(product))
    root = epilogue;

  // The blocks: an scf.forall.
  auto outerTiled = tileAndFuse(rewriter, root, product0, outer,
                                scf::SCFTilingOptions::LoopType::ForallOp);
  if (failed(outerTiled))
    return failure();
  Operation *forall = outerTiled->first.loops.front();
  linalg::LinalgOp product1 = outerTiled->second;
  Operation *root1 = root == product.getOperation()
                         ? product1.getOperation()
                         : tiledRoot(outerTiled->first, root);
  if (!root1)
    return failure();
  rewriter.eraseOp(root);
  if (root != product.getOperation() && product->use_empty())
    rewriter.eraseOp(product);

  // The register tiles, then the reduction.
  linalg::LinalgOp product2 = product1;
  if (llvm::any_of(inner, [](int64_t s) { return s != 0; })) {
    // Loop order: the register tiles along N outermost when the block's
    // right operand (K x nb) outweighs its left one (mb x K), so that each
    // K x N0 panel is read from memory once and then from L1 or L2 by
    // every row tile, where rows outermost read the whole block of the
    // right operand again per row tile.
    SmallVector<int64_t> order;
    int64_t mDim = batched ? 1 : 0, nDim = batched ? 2 : 1;
    if (inner[mDim] != 0 && inner[nDim] != 0 && nb > mb) {
      if (batched)
        order.push_back(0);
      order.append({nDim, mDim});
    }
    auto innerTiled =
        tileAndFuse(rewriter, root1, product1->getResult(0), inner,
                    scf::SCFTilingOptions::LoopType::ForOp, order);
    if (failed(innerTiled))
      return failure();
    product2 = innerTiled->second;
    rewriter.eraseOp(root1);
    if (product1 != root1 && product1->use_empty())
      rewriter.eraseOp(product1);
  }
  // A packed right operand (nngraph-cpu-pack-weights): the tile reads
  // its contiguous K x N0 panel.
  readPackedTiles(rewriter, product2);
  int64_t k = bounds.back();
  if (k > k0) {
    SmallVector<int64_t> sizes(product2.getNumLoops(), 0);
    sizes.back() = k0;
    scf::SCFTilingOptions options;
    options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
    rewriter.setInsertionPoint(product2);
    FailureOr<scf::SCFTilingResult> reduced = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(product2.getOperation()), options);
    if (failed(reduced))
      return failure();
    rewriter.replaceOp(product2, reduced->replacements);
  }

  peelPartialTiles(rewriter, forall);
  loops.push_back(forall);
  return success();
}
