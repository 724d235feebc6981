//===- PointwiseConvToMatmul.cpp - 1x1 convolutions as matmuls --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-pointwise-conv-to-matmul: a static,
// channels-last 1x1 convolution with stride 1 (conv_2d_nhwc_hwcf) is a
// matmul of its pixels (N * OH * OW, C) by its filter (C, F). As a
// convolution, its register tiles run along one output row; as a matmul,
// along the pixels of all rows, so a row width that no tile divides (7:
// tiles of 4 + 3 pixels, the second with 6 accumulators, latency-bound)
// costs nothing. The convolution's accumulator (a fill or an elementwise
// generic: the bias) and its epilogue (the elementwise consumer that the
// schedules fuse: bias, activation, residual add) are collapsed the same
// way, so the matmul schedule tiles and fuses them as it did the
// convolution's; the result is expanded back to (N, OH, OW, F).
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <algorithm>

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHCPUPOINTWISECONVTOMATMULPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// The reassociation of (N, OH, OW, F) into (N * OH * OW, F).
SmallVector<ReassociationIndices> pixelsAndChannels() {
  return {{0, 1, 2}, {3}};
}

/// The loops of `op` that iterate over the first three dimensions of its
/// operand `operand` (N, OH, OW of a convolution's output), when they are
/// consecutive and every indexing map of `op` keeps them so: the sequence
/// that collapses with the convolution's pixels; empty otherwise.
ReassociationIndices pixelLoops(linalg::GenericOp op, OpOperand &operand) {
  // (collapseOpIterationDims takes projected permutations only: not a map
  // with constant results, such as a PReLU slope of shape (C, 1, 1) read
  // at (c, 0, 0).)
  if (op.getNumLoops() != op.getNumParallelLoops() || op.getNumLoops() != 4 ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isProjectedPermutation(); }))
    return {};
  AffineMap map = op.getMatchingIndexingMap(&operand);
  if (map.getNumResults() != 4 || !map.isPermutation())
    return {};
  ReassociationIndices loops;
  for (unsigned i = 0; i < 3; ++i) {
    int64_t loop = cast<AffineDimExpr>(map.getResult(i)).getPosition();
    if (i > 0 && loop != loops.back() + 1)
      return {};
    loops.push_back(loop);
  }
  if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), {loops}))
    return {};
  return loops;
}

/// Collapses `op`'s loops `loops` into one and replaces its results by the
/// collapsed ones expanded back.
LogicalResult collapse(RewriterBase &rewriter, linalg::GenericOp op,
                       const ReassociationIndices &loops) {
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::CollapseResult> collapsed = linalg::collapseOpIterationDims(
      cast<linalg::LinalgOp>(op.getOperation()), {loops}, rewriter);
  if (failed(collapsed))
    return failure();
  rewriter.replaceOp(op, collapsed->results);
  return success();
}

/// The 2-D (pixels, channels) form of `value`, a 4-D NHWC tensor: the
/// source of an expand_shape that made it from one, else a collapse_shape.
Value collapsePixels(RewriterBase &rewriter, Location loc, Value value) {
  if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>())
    if (expand.getSrcType().getRank() == 2 &&
        expand.getReassociationIndices() == pixelsAndChannels())
      return expand.getSrc();
  return tensor::CollapseShapeOp::create(rewriter, loc, value,
                                         pixelsAndChannels());
}

struct PointwiseConvToMatmulPass
    : public nngraph::impl::NNGraphCPUPointwiseConvToMatmulPassBase<
          PointwiseConvToMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    int64_t simd =
        vectorWidth > 0 ? vectorWidth : nngraph::cpu::getHostVectorWidth();
    SmallVector<linalg::Conv2DNhwcHwcfOp> convs;
    getOperation().walk([&](linalg::Conv2DNhwcHwcfOp conv) {
      if (isCandidate(conv, simd))
        convs.push_back(conv);
    });
    IRRewriter rewriter(&getContext());
    // (Each is checked again: rewriting one collapses ops that another
    // reads, such as an epilogue that adds two convolutions.)
    for (linalg::Conv2DNhwcHwcfOp conv : convs)
      if (isCandidate(conv, simd))
        rewrite(rewriter, conv);
    if (convs.empty())
      return;
    // The reshapes between the collapsed ops fold away (a collapse of an
    // expand, a fill or an empty tensor reshaped), so that the matmul's
    // accumulator and epilogue are its direct producer and consumer again.
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::populateFoldTensorEmptyPatterns(patterns);
    linalg::FillOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }

  /// A static f32 1x1 convolution with stride 1 whose rows the
  /// convolution schedule's register tiles cover with waste that the
  /// matmul's tiles over all its pixels do not have (AVX2: rowTile on
  /// rows of 7 against 49 pixels), whose output channels the matmul's
  /// column tile divides, and whose epilogue, if any, collapses with it
  /// (not the permutation back to NCHW).
  static bool isCandidate(linalg::Conv2DNhwcHwcfOp conv, int64_t simd) {
    if (simd != 8 || !conv.hasPureTensorSemantics() ||
        llvm::any_of(conv->getOperandTypes(),
                     [](Type t) {
                       auto shaped = cast<ShapedType>(t);
                       return !shaped.hasStaticShape() ||
                              !shaped.getElementType().isF32();
                     }) ||
        !llvm::all_of(conv.getStrides(), [](const APInt &s) { return s == 1; }))
      return false;
    auto filterType = cast<ShapedType>(conv.getDpsInputs()[1].getType());
    auto outType = cast<ShapedType>(conv.getDpsInits()[0].getType());
    if (filterType.getDimSize(0) != 1 || filterType.getDimSize(1) != 1)
      return false;
    int64_t rows = outType.getDimSize(0) * outType.getDimSize(1);
    int64_t width = outType.getDimSize(2);
    auto [m0, n0] = nngraph::cpu::matmulRegisterTile(rows * width, simd);
    if (outType.getDimSize(3) % n0 != 0)
      return false;
    int64_t vectors = n0 / simd;
    if (rows * nngraph::cpu::rowSlots(width, vectors) <=
        nngraph::cpu::rowSlots(rows * width, vectors))
      return false;
    // A result built in a slice of a larger tensor (a concat's piece)
    // stays in the form that nngraph-build-in-destinations follows.
    Value result = conv->getResult(0);
    if (linalg::GenericOp epilogue = nngraph::cpu::getEpilogue(conv)) {
      if (pixelLoops(epilogue, *result.getUses().begin()).empty())
        return false;
      result = epilogue->getResult(0);
    }
    return llvm::none_of(result.getUsers(), [](Operation *user) {
      return isa<tensor::InsertSliceOp, tensor::ParallelInsertSliceOp>(user);
    });
  }

  static void rewrite(RewriterBase &rewriter, linalg::Conv2DNhwcHwcfOp conv) {
    Location loc = conv.getLoc();
    // The accumulator: a generic used only here collapses with the
    // convolution (a fill canonicalises through the reshape).
    Value init = conv.getDpsInits()[0];
    if (auto producer = init.getDefiningOp<linalg::GenericOp>();
        producer && producer->hasOneUse() && producer.getNumDpsInits() == 1 &&
        producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
            .isIdentity()) {
      ReassociationIndices loops =
          pixelLoops(producer, *producer.getDpsInitOperand(0));
      if (!loops.empty())
        (void)collapse(rewriter, producer, loops);
    }
    linalg::GenericOp epilogue = nngraph::cpu::getEpilogue(conv);
    ReassociationIndices epilogueLoops;
    if (epilogue)
      epilogueLoops =
          pixelLoops(epilogue, *conv->getResult(0).getUses().begin());
    rewriter.setInsertionPoint(conv);
    Value lhs = collapsePixels(rewriter, loc, conv.getDpsInputs()[0]);
    Value rhs = tensor::CollapseShapeOp::create(
        rewriter, loc, conv.getDpsInputs()[1],
        SmallVector<ReassociationIndices>{{0, 1, 2}, {3}});
    Value acc = collapsePixels(rewriter, loc, conv.getDpsInits()[0]);
    Value product =
        linalg::MatmulOp::create(rewriter, loc, acc.getType(),
                                 ValueRange{lhs, rhs}, ValueRange{acc})
            .getResult(0);
    auto outType = cast<RankedTensorType>(conv->getResult(0).getType());
    Value expanded = tensor::ExpandShapeOp::create(
        rewriter, loc, outType, product, pixelsAndChannels());
    rewriter.replaceOp(conv, expanded);
    if (epilogue && !epilogueLoops.empty())
      (void)collapse(rewriter, epilogue, epilogueLoops);
  }
};

} // namespace
