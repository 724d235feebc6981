//===- ConvSchedule.cpp - channels-last convolution schedule ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the schedule of channels-last convolutions
// (conv_2d_nhwc_hwcf, depthwise_conv_2d_nhwc_hwc): the elementwise consumer
// of the convolution (its epilogue: bias, activation, residual add, the
// permutation back to NCHW) is tiled over the output by a register tile of
// OW pixels x F channels, the convolution and its accumulator (the bias
// broadcast or a fill) are fused into that tile, and the reductions are
// tiled by (1, 1, C) so that the 2-D convolution decomposes into a 1-D one
// that the vectoriser handles. On AVX2 (16 registers) the tile is 4-6
// pixels x 16 channels (rowTile; a row the tile does not divide is tiled
// by an scf.for whose last partial tile is peeled), or 3 x 24 where 16
// does not divide F (convChannelTile; split into one convolution per
// vector), on AVX-512 up to 13 x 32 (a divisor of the row).
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::nngraph::cpu;

namespace {

/// The register tile of a channels-last convolution: output pixels along
/// OW, output channels, and the reduction step over input channels.
struct ConvTile {
  int64_t ow = 1, f = 1, c = 1;
};

/// Splits each convolution inside `loop` whose output-channel tile is
/// several SIMD vectors (3, 5 or 7: convChannelTile) into one convolution
/// per vector, so that each accumulator is a vector of its own. A loop-carried
/// accumulator of three vectors (24 channels on AVX2) is a type that LLVM
/// scalarises (24 scalars, inserts and spills: 8% of the peak), three of
/// one vector are registers.
void splitChannelTile(RewriterBase &rewriter, Operation *loop,
                      OperationName convName, int64_t simd) {
  SmallVector<linalg::LinalgOp> convs;
  loop->walk([&](linalg::LinalgOp op) {
    if (op->getName() == convName)
      convs.push_back(op);
  });
  for (linalg::LinalgOp conv : convs) {
    SmallVector<int64_t> bounds = conv.getStaticLoopRanges();
    if (bounds.size() < 4 || bounds[3] <= simd || bounds[3] % simd != 0)
      continue;
    SmallVector<int64_t> sizes(bounds.size(), 0);
    sizes[3] = simd;
    scf::SCFTilingOptions options;
    options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
    rewriter.setInsertionPoint(conv);
    FailureOr<scf::SCFTilingResult> split = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(conv.getOperation()), options);
    if (failed(split) || split->loops.empty())
      continue;
    rewriter.replaceOp(conv, split->replacements);
    (void)loopUnrollFull(cast<scf::ForOp>(split->loops.front()));
  }
}

} // namespace

FailureOr<Operation *> nngraph::cpu::tileWindowedOp(
    RewriterBase &rewriter, linalg::LinalgOp conv,
    ArrayRef<int64_t> parallelSizes, ArrayRef<int64_t> reductionSizes,
    ArrayRef<int64_t> loopOrder, ArrayRef<int64_t> registerSizes) {
  Operation *root = conv;
  if (linalg::GenericOp epilogue = getEpilogue(conv))
    root = epilogue;
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions.setTileSizes(rootTileSizes(
      rewriter.getContext(), root, conv->getResult(0), parallelSizes));
  if (!loopOrder.empty())
    options.tilingOptions.setInterchange(
        rootLoopOrder(root, conv->getResult(0), loopOrder));
  options.tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  // Fuse the convolution and what builds its accumulator; not the padded
  // input or the weights, which every tile reads in full.
  Operation *convOp = conv;
  // (A clone of the accumulator's producer is fused; the original stays
  // for its other users, if any.)
  Operation *accumulator = conv.getDpsInits()[0].getDefiningOp();
  if (!isa_and_nonnull<linalg::FillOp, linalg::GenericOp>(accumulator))
    accumulator = nullptr;
  options.setFusionControlFn(
      [convOp, accumulator](tensor::ExtractSliceOp, OpResult producer, bool)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        Operation *op = producer.getOwner();
        if (op == convOp || (accumulator && op == accumulator))
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
  Operation *loop = tiled->loops.front();

  // The tiled convolution (and the tiled root, first of the list).
  auto findConv = [&](ArrayRef<Operation *> ops) -> linalg::LinalgOp {
    for (Operation *op : ops)
      if (op->getName() == conv->getName())
        return cast<linalg::LinalgOp>(op);
    return nullptr;
  };
  linalg::LinalgOp tiledConv = findConv(tiled->tiledAndFusedOps.getArrayRef());
  if (!tiledConv || tiled->tiledAndFusedOps.empty())
    return failure();

  // The register tiles: an scf.for level inside the forall, its partial
  // last tile peeled below.
  if (llvm::any_of(registerSizes, [](int64_t s) { return s != 0; })) {
    Operation *root1 = tiled->tiledAndFusedOps.front();
    if (root1->getName() != root->getName())
      return failure();
    llvm::SmallPtrSet<Operation *, 4> fusible(tiled->tiledAndFusedOps.begin(),
                                              tiled->tiledAndFusedOps.end());
    fusible.erase(root1);
    scf::SCFTileAndFuseOptions inner;
    inner.tilingOptions.setTileSizes(rootTileSizes(
        rewriter.getContext(), root1, tiledConv->getResult(0), registerSizes));
    inner.tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
    inner.setFusionControlFn(
        [&fusible](tensor::ExtractSliceOp, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (fusible.contains(producer.getOwner()))
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          return std::nullopt;
        });
    rewriter.setInsertionPoint(root1);
    FailureOr<scf::SCFTileAndFuseResult> innerTiled =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(root1), inner);
    if (failed(innerTiled))
      return failure();
    for (OpResult result : root1->getResults())
      rewriter.replaceAllUsesWith(result,
                                  innerTiled->replacements.lookup(result));
    rewriter.eraseOp(root1);
    if (tiledConv != root1 && tiledConv->use_empty())
      rewriter.eraseOp(tiledConv);
    tiledConv = findConv(innerTiled->tiledAndFusedOps.getArrayRef());
    if (!tiledConv)
      return failure();
  }

  // Tile the reductions of the tiled convolution.
  readPackedTiles(rewriter, tiledConv);
  SmallVector<int64_t> sizes(tiledConv.getNumLoops(), 0);
  llvm::copy(reductionSizes, sizes.begin() + parallelSizes.size());
  scf::SCFTilingOptions reductionOptions;
  reductionOptions.setTileSizes(
      getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  rewriter.setInsertionPoint(tiledConv);
  FailureOr<scf::SCFTilingResult> reduced = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(tiledConv.getOperation()),
      reductionOptions);
  if (failed(reduced))
    return failure();
  rewriter.replaceOp(tiledConv, reduced->replacements);
  if (!registerSizes.empty())
    peelPartialTiles(rewriter, loop);
  return loop;
}

LogicalResult nngraph::cpu::scheduleConv(RewriterBase &rewriter,
                                         linalg::LinalgOp conv, int64_t simd,
                                         SmallVectorImpl<Operation *> &loops) {
  if (!conv.hasPureTensorSemantics() ||
      llvm::any_of(conv->getOperandTypes(), [](Type t) {
        return !cast<ShapedType>(t).hasStaticShape();
      }))
    return failure();
  // Parallel loops (N, OH, OW, F) then reductions (KH, KW[, C]).
  SmallVector<int64_t> bounds = conv.getStaticLoopRanges();
  ConvTile tile;
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(conv);
  tile.f = depthwise ? channelTile(bounds[3], simd)
                     : convChannelTile(bounds[3], bounds[2], simd);
  int64_t vectors = llvm::divideCeil(tile.f, simd);
  SmallVector<int64_t> parallel, registerSizes;
  if (depthwise) {
    // A depthwise tile holds, per vector of channels, its accumulators,
    // the input columns of its window and the KW weight vectors. With 16
    // registers one vector of channels x 8 pixels (a divisor of the row,
    // else 8 with the rest peeled) where two vectors x 7 spilled: on a
    // Zen 3 host MobileNet-v2's 3x3 depthwise layers took 0.70-0.85x the
    // time (144 channels at 56x56: 0.39 against 0.57 ms, with the graph's
    // permutations); 32 registers keep two vectors x 8.
    if (simd == 8 && bounds[3] % simd == 0)
      tile.f = simd;
    tile.ow = largestDivisor(bounds[2], 8);
    if (tile.ow < 4 && bounds[2] > 8) {
      tile.ow = 8;
      parallel = {1, 1, bounds[2], tile.f};
      registerSizes = {0, 0, tile.ow, 0};
    } else {
      parallel = {1, 1, tile.ow, tile.f};
    }
  } else if (simd == 16) {
    // 32 registers: up to 26 accumulators, the largest divisor of the row
    // (26 so that a row of 13, SqueezeNet's last stage, fits whole with
    // two vectors of channels: 8.6 ms against 10.4 ms with 24; 28 made
    // ResNet-18 and MobileNet-v2 3-7% slower).
    tile.ow = largestDivisor(bounds[2], 26 / vectors);
    parallel = {1, 1, tile.ow, tile.f};
  } else {
    // 16 registers (AVX2): rowTile, the row peeled where the tile does
    // not divide it.
    tile.ow = rowTile(bounds[2], vectors);
    if (bounds[2] % tile.ow == 0) {
      parallel = {1, 1, tile.ow, tile.f};
    } else {
      parallel = {1, 1, bounds[2], tile.f};
      registerSizes = {0, 0, tile.ow, 0};
    }
  }
  SmallVector<int64_t> reduction;
  SmallVector<int64_t> order;
  if (depthwise) {
    // The 1-D depthwise vectoriser takes the whole KW window.
    reduction = {1, 0};
  } else {
    // The reduction step over input channels: the largest power of two up
    // to 8 that divides C. Each step reads a pixels x channels block of the
    // input and broadcasts its elements; with a power of two LLVM folds
    // each into a broadcast from memory, where 3 channels (an RGB stem)
    // were loaded as 2 + 1, shuffled, and spilled accumulators: ResNet's
    // 7x7 stem took 3.8 ms with 3 channels a step, 2.7 with 1.
    tile.c = 8;
    while (bounds[6] % tile.c != 0)
      tile.c /= 2;
    reduction = {1, 1, tile.c};
    // Loop order: each output-channel tile reads a KH x KW x C x F' slice
    // of the weights, each output row KH rows of one image. With the
    // channel tiles innermost the whole weight tensor is read once per
    // output row; with them outermost (per image) the image is read once
    // per channel tile. Keep the larger of the two read once: the deep
    // layers (ResNet's 7x7x512 stage: 9.4 MB of weights for a 100 KB
    // image) go channel tiles first, the early ones pixels first.
    int64_t weightElems = bounds[4] * bounds[5] * bounds[6] * bounds[3];
    auto inputType = cast<ShapedType>(conv.getDpsInputs()[0].getType());
    int64_t imageElems = inputType.getNumElements() / inputType.getDimSize(0);
    if (weightElems > imageElems)
      order = {0, 3, 1, 2};
  }
  FailureOr<Operation *> loop =
      tileWindowedOp(rewriter, conv, parallel, reduction, order, registerSizes);
  if (failed(loop))
    return failure();
  if (vectors > 2)
    splitChannelTile(rewriter, *loop, conv->getName(), simd);
  loops.push_back(*loop);
  return success();
}
