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

#include "TestRegistration.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {
/// Attaches the answers of NNGraphOpInterface to every nngraph operation as
/// discardable attributes (`nngraph.elementwise`, `nngraph.shape_only`,
/// `nngraph.layout_sensitive` and `nngraph.inplace` as (operand, result)
/// pairs) so that lit tests can check them.
struct TestNNGraphOpPropertiesPass
    : public PassWrapper<TestNNGraphOpPropertiesPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestNNGraphOpPropertiesPass)

  StringRef getArgument() const final { return "test-nngraph-op-properties"; }
  StringRef getDescription() const final {
    return "Annotate nngraph operations with their interface properties";
  }
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

void mlir::nngraph::test::registerTestOpPropertiesPass() {
  PassRegistration<TestNNGraphOpPropertiesPass>();
}
