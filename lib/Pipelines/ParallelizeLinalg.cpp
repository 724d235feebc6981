//===- ParallelizeLinalg.cpp - linalg ops on buffers to parallel tiles ----===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-parallelize-linalg, the threads fallback of
// nngraph-cpu-pipeline: after bufferization, each large linalg op left at
// the top level of a function (one that no codegen schedule tiled into
// loops) is split along one parallel loop into `threads` tiles of an
// scf.parallel, which the OpenMP stage runs on threads. The loop it splits
// is the outermost parallel one that indexes every output directly (so the
// tiles write disjoint slices) and has at least `threads` iterations.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Pipelines/Pipelines.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

/// The loop of `op` to split into `threads` tiles, if it has static loop
/// ranges, at least `minIterations` iterations in all and such a loop.
std::optional<unsigned> getParallelLoop(linalg::LinalgOp op, unsigned threads,
                                        int64_t minIterations) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t iterations = 1;
  for (int64_t range : ranges) {
    if (ShapedType::isDynamic(range))
      return std::nullopt;
    iterations *= range;
  }
  if (iterations < minIterations)
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned dim = 0; dim < ranges.size(); ++dim) {
    if (iterators[dim] != utils::IteratorType::parallel ||
        ranges[dim] < int64_t(threads))
      continue;
    AffineExpr expr = getAffineDimExpr(dim, op.getContext());
    bool indexesOutputs = llvm::all_of(op.getDpsInitsMutable(), [&](auto &o) {
      return llvm::is_contained(op.getMatchingIndexingMap(&o).getResults(),
                                expr);
    });
    if (indexesOutputs)
      return dim;
  }
  return std::nullopt;
}

struct ParallelizeLinalgPass
    : public PassWrapper<ParallelizeLinalgPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ParallelizeLinalgPass)

  ParallelizeLinalgPass() = default;
  ParallelizeLinalgPass(const ParallelizeLinalgPass &other)
      : PassWrapper(other) {}
  ParallelizeLinalgPass(unsigned threads, int64_t minIterations) {
    this->threads = threads;
    this->minIterations = minIterations;
  }

  StringRef getArgument() const final { return "nngraph-parallelize-linalg"; }
  StringRef getDescription() const final {
    return "Split large linalg ops on buffers at the top level of a function "
           "along a parallel loop into an scf.parallel of `threads` tiles";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, memref::MemRefDialect,
                    scf::SCFDialect>();
  }

  Option<unsigned> threads{*this, "threads",
                           llvm::cl::desc("Tiles (threads) per op"),
                           llvm::cl::init(2)};
  Option<int64_t> minIterations{
      *this, "min-iterations",
      llvm::cl::desc("Leave ops with fewer loop iterations in all alone"),
      llvm::cl::init(1 << 15)};

  void runOnOperation() override {
    if (threads < 2)
      return;
    SmallVector<linalg::LinalgOp> ops;
    for (Block &block : getOperation().getBody())
      for (auto op : block.getOps<linalg::LinalgOp>())
        if (op.hasPureBufferSemantics())
          ops.push_back(op);
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      std::optional<unsigned> dim = getParallelLoop(op, threads, minIterations);
      if (!dim)
        continue;
      int64_t range = op.getStaticLoopRanges()[*dim];
      SmallVector<int64_t> sizes(op.getNumLoops(), 0);
      sizes[*dim] = llvm::divideCeil(range, threads);
      linalg::LinalgTilingOptions options;
      options.setTileSizes(sizes).setLoopType(
          linalg::LinalgTilingLoopType::ParallelLoops);
      rewriter.setInsertionPoint(op);
      if (succeeded(linalg::tileLinalgOp(rewriter, op, options)))
        rewriter.eraseOp(op);
    }
  }
};

} // namespace

std::unique_ptr<Pass>
nngraph::createParallelizeLinalgPass(unsigned threads, int64_t minIterations) {
  return std::make_unique<ParallelizeLinalgPass>(threads, minIterations);
}
