//===- BuildInDestinations.cpp - empty-tensor elimination, structurally ---===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-build-in-destinations: a tensor that is built
// from a `tensor.empty` and then inserted into a slice of another tensor is
// built in that slice instead. It does the work of upstream's
// eliminate-empty-tensors without its One-Shot alias analysis (whose cost
// grows with the alias sets: a DenseNet block's layers all write into one
// buffer), following only the tied operands of the ops on the way. First,
// every use of a `tensor.empty` gets an empty tensor of its own, so that
// values that CSE had made share one (the packed weights of layers of the
// same shape) bufferize to buffers of their own, each live only as long as
// its value, which the buffer plan can then overlap.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHBUILDINDESTINATIONSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// The operand whose tied result `result` is: the init of a
/// destination-style op, the shared output of an `scf.forall`, the initial
/// iteration argument of an `scf.for`; null for any other op.
OpOperand *tiedOperand(OpResult result) {
  Operation *op = result.getOwner();
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    return dps.getTiedOpOperand(result);
  if (auto forall = dyn_cast<scf::ForallOp>(op))
    return forall.getTiedOpOperand(result);
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return &loop.getInitArgsMutable()[result.getResultNumber()];
  return nullptr;
}

/// Follows `value` back through tied operands to the use of a `tensor.empty`
/// that the chain starts from; null if the chain starts elsewhere.
OpOperand *findEmptyUse(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    OpOperand *tied = tiedOperand(result);
    if (!tied)
      return nullptr;
    if (tied->get().getDefiningOp<tensor::EmptyOp>())
      return tied;
    value = tied->get();
  }
  return nullptr;
}

/// Gives every use of a `tensor.empty` but the first a copy of it, made
/// right after it (its sizes dominate every use). One-Shot Bufferize
/// allocates one buffer per `tensor.empty` and writes every value built
/// from it there when they do not conflict, so a shared one would keep
/// that buffer live from the first value's definition to the last value's
/// last use, across everything between.
void splitSharedEmptyTensors(func::FuncOp func) {
  SmallVector<tensor::EmptyOp> shared;
  func.walk([&](tensor::EmptyOp empty) {
    if (!empty->hasOneUse() && !empty->use_empty())
      shared.push_back(empty);
  });
  IRRewriter rewriter(func.getContext());
  for (tensor::EmptyOp empty : shared) {
    rewriter.setInsertionPointAfter(empty);
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        empty->getUses(), [](OpOperand &use) { return &use; });
    for (OpOperand *use : llvm::drop_begin(uses))
      use->set(rewriter.clone(*empty)->getResult(0));
  }
}

struct BuildInDestinationsPass
    : public nngraph::impl::NNGraphBuildInDestinationsPassBase<
          BuildInDestinationsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    splitSharedEmptyTensors(func);
    SmallVector<SubsetInsertionOpInterface> insertions;
    func.walk([&](SubsetInsertionOpInterface op) { insertions.push_back(op); });
    if (insertions.empty())
      return;
    DominanceInfo dominance(func);
    IRRewriter rewriter(func.getContext());
    for (SubsetInsertionOpInterface insertion : insertions) {
      OpOperand *emptyUse = findEmptyUse(insertion.getSourceOperand().get());
      if (!emptyUse)
        continue;
      // The subset is built right before the chain's first op; what it needs
      // (the destination, dynamic offsets) is moved up to there when it is
      // defined later, as a concat's earlier insertions usually are.
      Operation *user = emptyUse->getOwner();
      SmallVector<Value> needed =
          insertion.getValuesNeededToBuildSubsetExtraction();
      if (!llvm::all_of(
              needed,
              [&](Value v) { return dominance.properlyDominates(v, user); }) &&
          failed(moveValueDefinitions(rewriter, needed, user, dominance)))
        continue;
      rewriter.setInsertionPoint(user);
      Value slice =
          insertion.buildSubsetExtraction(rewriter, insertion.getLoc());
      if (!slice || slice.getType() != emptyUse->get().getType()) {
        if (slice && slice.use_empty())
          rewriter.eraseOp(slice.getDefiningOp());
        continue;
      }
      emptyUse->set(slice);
    }
  }
};

} // namespace
