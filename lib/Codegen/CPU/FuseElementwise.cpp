//===- FuseElementwise.cpp - elementwise fusion with recompute --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-fuse-elementwise: upstream's elementwise
// fusion of linalg on tensors with a cost model that also fuses a cheap
// producer that has several consumers into each of them (recomputing it),
// when every consumer can take it. That removes the channels-last
// permutations between convolutions even where an activation feeds both a
// convolution and a residual add.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHFUSEELEMENTWISEPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// True when `op` is an all-parallel generic whose body has at most
/// `maxOps` operations besides the yield.
bool isCheapElementwise(Operation *op, unsigned maxOps) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumLoops() != generic.getNumParallelLoops())
    return false;
  return generic.getBody()->getOperations().size() <= maxOps + 1;
}

/// True when every use of `producer`'s results is an input of an
/// all-parallel generic, so fusing into each use leaves it dead.
bool allUsesFusable(Operation *producer) {
  for (OpOperand &use : producer->getUses()) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!consumer || !consumer.isDpsInput(&use) ||
        consumer.getNumLoops() != consumer.getNumParallelLoops())
      return false;
  }
  return true;
}

/// generic(concat(a, b, ...)) -> concat(generic(a), generic(b), ...) for an
/// all-parallel generic with one input, read through a permutation, and an
/// identity output: the elementwise op (typically the permutation to NHWC
/// in front of a convolution or pool) moves into the pieces, where it fuses
/// with their producers (SqueezeNet's fire modules concatenate two
/// convolutions along channels: without this the NHWC results were
/// permuted to NCHW, copied into the NCHW concat, and permuted back).
struct MoveElementwiseIntoConcat : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        op.getNumLoops() != op.getNumParallelLoops() ||
        !op.hasPureTensorSemantics() || op.hasIndexSemantics())
      return failure();
    OpOperand *input = op.getDpsInputOperand(0);
    AffineMap inputMap = op.getMatchingIndexingMap(input);
    if (!inputMap.isPermutation() ||
        !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
      return failure();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !resultType.hasStaticShape())
      return failure();
    // The pieces, last first: insert_slices with static offsets, sizes and
    // unit strides, each (but the last) used only by the next, down to a
    // tensor.empty.
    SmallVector<tensor::InsertSliceOp> pieces;
    Value value = input->get();
    while (auto insert = value.getDefiningOp<tensor::InsertSliceOp>()) {
      if ((!pieces.empty() && !insert->hasOneUse()) ||
          insert.getSourceType().getRank() != insert.getType().getRank() ||
          !insert.hasUnitStride() ||
          ShapedType::isDynamicShape(insert.getStaticOffsets()) ||
          !insert.getSourceType().hasStaticShape())
        return failure();
      pieces.push_back(insert);
      value = insert.getDest();
    }
    if (pieces.size() < 2 || !value.getDefiningOp<tensor::EmptyOp>())
      return failure();

    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    Value result = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                           resultType.getElementType());
    for (tensor::InsertSliceOp piece : llvm::reverse(pieces)) {
      // Input dimension k is loop (= output) dimension inputMap(k).
      SmallVector<int64_t> offsets(rank), sizes(rank);
      for (int64_t k = 0; k < rank; ++k) {
        unsigned dim = inputMap.getDimPosition(k);
        offsets[dim] = piece.getStaticOffsets()[k];
        sizes[dim] = piece.getSourceType().getDimSize(k);
      }
      Value init = tensor::EmptyOp::create(rewriter, loc, sizes,
                                           resultType.getElementType());
      auto moved = linalg::GenericOp::create(
          rewriter, loc, TypeRange{init.getType()},
          ValueRange{piece.getSource()}, ValueRange{init},
          op.getIndexingMapsArray(), op.getIteratorTypesArray());
      rewriter.cloneRegionBefore(op.getRegion(), moved.getRegion(),
                                 moved.getRegion().begin());
      SmallVector<int64_t> strides(rank, 1);
      result = tensor::InsertSliceOp::create(
          rewriter, loc, moved->getResult(0), result, ValueRange{},
          ValueRange{}, ValueRange{}, offsets, sizes, strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct FuseElementwisePass
    : public nngraph::impl::NNGraphFuseElementwisePassBase<
          FuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *op = getOperation();
    MLIRContext *context = &getContext();
    unsigned maxOps = maxRecomputeOps;
    linalg::ControlFusionFn singleUse = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    linalg::ControlFusionFn recompute = [maxOps](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      if (!producer)
        return false;
      if (producer->hasOneUse())
        return true;
      return maxOps > 0 && isCheapElementwise(producer, maxOps) &&
             allUsesFusable(producer);
    };
    // The pattern set of upstream's linalg-fuse-elementwise-ops, with the
    // recomputing control for elementwise producers.
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, recompute);
    patterns.add<MoveElementwiseIntoConcat>(context);
    // Reshapes move through elementwise ops only: folded into a contraction
    // (VGG's flatten before its first fully connected layer) they turn the
    // matmul into a generic with three reduction loops that no schedule
    // takes (805 ms of VGG-16's 1.1 s, scalar).
    linalg::ControlFusionFn reshapeControl = [singleUse](OpOperand *fused) {
      auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
      return singleUse(fused) && consumer &&
             consumer.getNumLoops() == consumer.getNumParallelLoops();
    };
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, reshapeControl);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    if (failed(applyPatternsGreedily(
            op, std::move(patterns),
            GreedyRewriteConfig().setUseTopDownTraversal())))
      return signalPassFailure();
  }
};

} // namespace
