//===- TestOpProperties.cpp - expose op properties to tests -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the test-nngraph-op-properties pass, which writes the
// answers of NNGraphOpInterface onto each operation so that lit tests can
// check the property system the graph passes rely on.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_TESTNNGRAPHOPPROPERTIESPASS
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

namespace {
struct TestNNGraphOpPropertiesPass
    : public nngraph::impl::TestNNGraphOpPropertiesPassBase<
          TestNNGraphOpPropertiesPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    auto *abi = getContext().getLoadedDialect<NNGraphDialect>();
    getOperation()->walk([&](NNGraphOpInterface op) {
      abi->getElementwiseAttrHelper().setAttr(
          op, b.getBoolAttr(op.isElementwise()));
      abi->getShapeOnlyAttrHelper().setAttr(op,
                                            b.getBoolAttr(op.isShapeOnly()));
      abi->getLayoutSensitiveAttrHelper().setAttr(
          op, b.getBoolAttr(op.isLayoutSensitive()));
      SmallVector<int64_t> pairs;
      for (auto [operand, result] : op.getInplacePairs()) {
        pairs.push_back(operand);
        pairs.push_back(result);
      }
      abi->getInplaceAttrHelper().setAttr(op, b.getDenseI64ArrayAttr(pairs));
    });
  }
};
} // namespace
