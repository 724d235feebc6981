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
// that the vectoriser handles. On AVX2 (16 registers) the tile is up to
// 13 x 8 (13 accumulators), on AVX-512 up to 13 x 32.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
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

} // namespace

FailureOr<Operation *>
nngraph::cpu::tileWindowedOp(RewriterBase &rewriter, linalg::LinalgOp conv,
                             ArrayRef<int64_t> parallelSizes,
                             ArrayRef<int64_t> reductionSizes,
                             ArrayRef<int64_t> loopOrder) {
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

  // The tiled convolution: tile its reductions.
  linalg::LinalgOp tiledConv;
  for (Operation *op : tiled->tiledAndFusedOps)
    if (op->getName() == conv->getName())
      tiledConv = cast<linalg::LinalgOp>(op);
  if (!tiledConv)
    return failure();
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
                     : convChannelTile(bounds[3], simd);
  // Output pixels: as many as leave registers for the accumulators (one
  // per pixel and vector of channels), the weight vectors and a broadcast:
  // up to 13 accumulators with 16 registers (AVX2: one vector of channels,
  // see convChannelTile, so a prime row of 13 fits whole; ResNet-18 47.6
  // -> 39.3 ms on a Zen 3 host, its 7x7x512 stage 5.5 -> 3.6 ms a layer),
  // 26 with 32 (so that a row of 13,
  // SqueezeNet's last stage, fits whole with two vectors of channels:
  // 8.6 ms against 10.4 ms with 24, ResNet-18 and MobileNet-v2 unchanged;
  // 28 made those two 3-7% slower); a depthwise tile also holds its input
  // window, so at most 7 or 8 pixels.
  int64_t vectors = llvm::divideCeil(tile.f, simd);
  int64_t pixels = (simd == 16 ? 26 : 13) / vectors;
  if (depthwise)
    pixels = simd == 16 ? 8 : 7;
  tile.ow = largestDivisor(bounds[2], pixels);
  SmallVector<int64_t> parallel{1, 1, tile.ow, tile.f};
  SmallVector<int64_t> reduction;
  SmallVector<int64_t> order;
  if (depthwise) {
    // The 1-D depthwise vectoriser takes the whole KW window.
    reduction = {1, 0};
  } else {
    tile.c = largestDivisor(bounds[6], 8);
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
      tileWindowedOp(rewriter, conv, parallel, reduction, order);
  if (failed(loop))
    return failure();
  loops.push_back(*loop);
  return success();
}
