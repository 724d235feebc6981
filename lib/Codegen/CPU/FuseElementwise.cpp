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
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, singleUse);
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
