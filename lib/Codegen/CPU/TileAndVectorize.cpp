//===- TileAndVectorize.cpp - CPU schedules per op class --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-tile-and-vectorize: it runs the schedule
// of each op class (Schedules.h) on linalg on tensors, then the steps they
// share: decomposition of the tiled 2-D convolutions to 1-D ones,
// vectorisation of every static linalg op inside the tile loops, folding of
// the slices into the vector transfers, and hoisting of the accumulators
// out of the reduction loops so that they live in registers.
// docs/CPUCodegen.md explains the choices and ../shared/CPU-CODEGEN.md the
// measurements behind them.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHCPUTILEANDVECTORIZEPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `op` reads or writes a tensor of i1. Such an op stays scalar:
/// a vector of i1 is bit-packed in memory (LLVM's layout of <8 x i1>) where
/// a buffer of i1 holds a byte per element, so a vector load or store of
/// one would read or write the wrong bytes.
bool readsOrWritesBools(linalg::LinalgOp op) {
  return llvm::any_of(op->getOperandTypes(), [](Type t) {
    auto shaped = dyn_cast<ShapedType>(t);
    return shaped && shaped.getElementType().isInteger(1);
  });
}

/// insert_slice(transfer_write(%v, %slice[0, ...]), %dest[offsets]) ->
/// transfer_write(%v, %dest[offsets]) when the write covers the slice, whose
/// leading dimensions beyond the vector's rank are units (a tile of a
/// convolution split into one convolution per vector of channels writes
/// vector<4x8xf32> into tensor<1x1x4x8xf32>; upstream's folder wants the
/// shapes equal). The accumulators then are transfers on the loop's
/// iteration argument, which hoistLoopInvariantSubsets moves out.
struct FoldInsertOfCoveringWrite : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    auto write = insert.getSource().getDefiningOp<vector::TransferWriteOp>();
    if (!write || write.getMask() || !write.hasPureTensorSemantics() ||
        !write.getPermutationMap().isMinorIdentity() ||
        insert.getSourceType().getRank() != insert.getDestType().getRank() ||
        !insert.hasUnitStride() ||
        llvm::any_of(write.getIndices(),
                     [](Value i) { return !isZeroInteger(i); }) ||
        llvm::any_of(write.getInBoundsValues(), [](bool b) { return !b; }))
      return failure();
    RankedTensorType sliceType = insert.getSourceType();
    ArrayRef<int64_t> vectorShape = write.getVectorType().getShape();
    int64_t lead = sliceType.getRank() - write.getVectorType().getRank();
    if (!sliceType.hasStaticShape() || lead < 0 ||
        sliceType.getShape().drop_front(lead) != vectorShape ||
        llvm::any_of(
            sliceType.getShape().take_front(lead),
            [](int64_t d) { return d != 1; }))
      return failure();
    SmallVector<Value> indices = getValueOrCreateConstantIndexOp(
        rewriter, insert.getLoc(), insert.getMixedOffsets());
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(
        insert, write.getVector(), insert.getDest(), indices,
        write.getInBoundsValues());
    return success();
  }
};

struct TileAndVectorizePass
    : public nngraph::impl::NNGraphCPUTileAndVectorizePassBase<
          TileAndVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *ctx = &getContext();
    int64_t simd =
        vectorWidth > 0 ? vectorWidth : nngraph::cpu::getHostVectorWidth();
    IRRewriter rewriter(ctx);

    // 1. Tile and fuse each convolution, pool and matmul.
    SmallVector<linalg::LinalgOp> convs, pools, matmuls;
    func.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(op))
        convs.push_back(op);
      else if (isa<linalg::PoolingNhwcMaxOp, linalg::PoolingNhwcSumOp>(op))
        pools.push_back(op);
      else if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
        matmuls.push_back(op);
    });
    SmallVector<Operation *> loops;
    for (linalg::LinalgOp conv : convs)
      (void)nngraph::cpu::scheduleConv(rewriter, conv, simd, loops);
    for (linalg::LinalgOp pool : pools)
      (void)nngraph::cpu::schedulePooling(rewriter, pool, simd, loops);
    for (linalg::LinalgOp matmul : matmuls)
      (void)nngraph::cpu::scheduleMatmul(rewriter, matmul, simd, loops);
    // Packs and unpacks the schedules did not read through (a filter
    // packed for a convolution left untiled, the packing in the prepare
    // function) become transpositions and reshapes.
    SmallVector<Operation *> relayouts;
    func.walk([&](Operation *op) {
      if (isa<linalg::PackOp, linalg::UnPackOp>(op))
        relayouts.push_back(op);
    });
    for (Operation *op : llvm::reverse(relayouts)) {
      // (The ops the schedules replaced go first: they still read them.)
      for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
        if (isOpTriviallyDead(user) && !llvm::is_contained(loops, user))
          rewriter.eraseOp(user);
      rewriter.setInsertionPoint(op);
      if (op->use_empty()) {
        rewriter.eraseOp(op);
      } else if (auto pack = dyn_cast<linalg::PackOp>(op)) {
        FailureOr<linalg::LowerPackResult> lowered =
            linalg::lowerPack(rewriter, pack);
        if (failed(lowered))
          return signalPassFailure();
        // A pack that the tiles divide pads by nothing: no copy for it.
        tensor::PadOp pad = lowered->padOp;
        if (pad && pad.getSourceType() == pad.getResultType() &&
            llvm::all_of(pad.getMixedLowPad(), isZeroInteger) &&
            llvm::all_of(pad.getMixedHighPad(), isZeroInteger))
          rewriter.replaceOp(pad, pad.getSource());
      } else if (failed(linalg::lowerUnPack(rewriter,
                                            cast<linalg::UnPackOp>(op)))) {
        return signalPassFailure();
      }
    }
    // What they left: elementwise ops, permutations, fills and pads.
    nngraph::cpu::scheduleStandaloneOps(rewriter, func, simd, loops);
    if (loops.empty())
      return;
    // Schedules and the clean-ups below may replace or erase loops that an
    // earlier schedule made (a pad makes its producer write in place; dead
    // tiles go away): mark the loops and find them again afterwards rather
    // than holding pointers.
    StringAttr mark = StringAttr::get(ctx, "__nngraph_cpu_tile_loop");
    for (Operation *loop : loops)
      loop->setAttr(mark, UnitAttr::get(ctx));
    // The tiled 2-D convolutions and pools (KH = OH = 1 now) to 1-D ones.
    {
      RewritePatternSet patterns(ctx);
      linalg::populateDecomposeConvolutionPatterns(patterns);
      if (failed(
              applyPatternsGreedily(func, std::move(patterns),
                                    nngraph::cpu::structuredRewriteConfig())))
        return signalPassFailure();
    }

    // 2. Vectorise every linalg op inside the tiles (static shapes now).
    SmallVector<Operation *> toVectorize;
    func.walk([&](Operation *loop) {
      if (!loop->hasAttr(mark))
        return;
      loop->removeAttr(mark);
      loop->walk([&](linalg::LinalgOp op) {
        if (op.hasPureTensorSemantics() && !op.hasDynamicShape() &&
            !readsOrWritesBools(op))
          toVectorize.push_back(op);
      });
    });
    for (Operation *op : toVectorize) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op);
      if (succeeded(result))
        rewriter.replaceOp(op, result->replacements);
    }

    // 3. Fold the slices into the transfers, then hoist the accumulators out
    // of the reduction loops (innermost first).
    {
      RewritePatternSet patterns(ctx);
      tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
      patterns.add<FoldInsertOfCoveringWrite>(ctx);
      vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
      vector::populateVectorReductionToContractPatterns(patterns);
      scf::ForOp::getCanonicalizationPatterns(patterns, ctx);
      tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, ctx);
      vector::TransferReadOp::getCanonicalizationPatterns(patterns, ctx);
      vector::TransferWriteOp::getCanonicalizationPatterns(patterns, ctx);
      if (failed(
              applyPatternsGreedily(func, std::move(patterns),
                                    nngraph::cpu::structuredRewriteConfig())))
        return signalPassFailure();
    }
    SmallVector<scf::ForOp> forOps;
    func.walk([&](scf::ForOp op) { forOps.push_back(op); });
    for (scf::ForOp op : forOps)
      (void)hoistLoopInvariantSubsets(rewriter, cast<LoopLikeOpInterface>(*op));
    {
      RewritePatternSet patterns(ctx);
      vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
      vector::populateVectorReductionToContractPatterns(patterns);
      if (failed(
              applyPatternsGreedily(func, std::move(patterns),
                                    nngraph::cpu::structuredRewriteConfig())))
        return signalPassFailure();
    }
  }
};

} // namespace
