//===- LowerVectors.cpp - vector to FMAs, loads and stores ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-lower-vectors: the vector ops that the
// CPU schedules produce (contractions, outer products, transfers with
// permutations or masks, shape casts) lowered, on buffers, to what
// convert-vector-to-llvm turns into FMAs, broadcasts, loads and stores.
// The pattern groups run one after the other, each to a fixed point; the
// last one runs without canonicalization, which would undo its rewrites
// (../shared/CPU-CODEGEN.md, pitfall 1).
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorTransforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHCPULOWERVECTORSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// The canonicalization patterns of the ops the groups produce.
void addCanonicalization(RewritePatternSet &patterns, MLIRContext *ctx) {
  for (Dialect *dialect : ctx->getLoadedDialects())
    if (isa<vector::VectorDialect, arith::ArithDialect, memref::MemRefDialect,
            scf::SCFDialect>(dialect))
      dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    if (isa<vector::VectorDialect, arith::ArithDialect, memref::MemRefDialect,
            scf::SCFDialect>(op.getDialect()))
      op.getCanonicalizationPatterns(patterns, ctx);
}

struct LowerVectorsPass
    : public nngraph::impl::NNGraphCPULowerVectorsPassBase<LowerVectorsPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto apply = [&](function_ref<void(RewritePatternSet &)> populate,
                     bool canonicalize) {
      RewritePatternSet patterns(ctx);
      populate(patterns);
      if (canonicalize)
        addCanonicalization(patterns, ctx);
      return applyPatternsGreedily(getOperation(), std::move(patterns));
    };
    // 1. Masked transfers.
    if (failed(apply(
            [](RewritePatternSet &p) {
              vector::populateVectorMaskLoweringPatternsForSideEffectingOps(p);
            },
            true)))
      return signalPassFailure();
    // 2. Contractions -> outer products -> FMAs.
    if (failed(apply(
            [](RewritePatternSet &p) {
              vector::populateVectorContractLoweringPatterns(
                  p, vector::VectorContractLowering::OuterProduct);
              vector::populateVectorOuterProductLoweringPatterns(p);
            },
            true)))
      return signalPassFailure();
    // 3. Transfers to rank-1 loads and stores.
    if (failed(apply(
            [](RewritePatternSet &p) {
              vector::populateVectorTransferPermutationMapLoweringPatterns(p);
              vector::populateVectorMultiReductionLoweringPatterns(
                  p, vector::VectorMultiReductionLowering::InnerParallel);
              VectorTransferToSCFOptions toSCF;
              toSCF.setTargetRank(1).enableFullUnroll();
              populateVectorToSCFConversionPatterns(p, toSCF);
              vector::populateVectorTransferLoweringPatterns(p, 1);
            },
            true)))
      return signalPassFailure();
    // 4. Shape casts, transposes, broadcasts: no canonicalization here.
    if (failed(apply(
            [](RewritePatternSet &p) {
              vector::populateVectorShapeCastLoweringPatterns(p);
              vector::populateVectorTransposeLoweringPatterns(
                  p, vector::VectorTransposeLowering::Shuffle1D);
              vector::populateVectorBroadcastLoweringPatterns(p);
            },
            false)))
      return signalPassFailure();
  }
};

} // namespace
