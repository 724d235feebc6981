//===- InferShapes.cpp - propagate static shapes ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nngraph-infer-shapes pass: result types are refined
// in program order from the operations' InferTypeOpInterface, and the function
// signature follows what the function returns.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHINFERSHAPESPASS
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

/// Returns the most static type that agrees with both `current` and
/// `inferred`, or null when they conflict or are not ranked tensors.
static RankedTensorType joinTypes(Type current, Type inferred) {
  auto a = dyn_cast<RankedTensorType>(current);
  auto b = dyn_cast<RankedTensorType>(inferred);
  if (!a || !b || a.getElementType() != b.getElementType() ||
      a.getRank() != b.getRank())
    return nullptr;
  SmallVector<int64_t> shape;
  for (auto [x, y] : llvm::zip_equal(a.getShape(), b.getShape())) {
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return nullptr;
    shape.push_back(ShapedType::isDynamic(x) ? y : x);
  }
  return RankedTensorType::get(shape, a.getElementType(), a.getEncoding());
}

namespace {
struct NNGraphInferShapesPass
    : public nngraph::impl::NNGraphInferShapesPassBase<NNGraphInferShapesPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    func.walk([&](InferTypeOpInterface op) {
      if (!isa<NNGraphDialect>(op->getDialect()))
        return;
      SmallVector<Type> inferred;
      if (failed(inferResultTypes(op, inferred)))
        return;
      for (auto [result, type] : llvm::zip_equal(op->getResults(), inferred)) {
        RankedTensorType joined = joinTypes(result.getType(), type);
        if (joined && joined != result.getType()) {
          result.setType(joined);
          ++numRefined;
        }
      }
    });
    // The function returns what its terminators return.
    if (func.isExternal())
      return;
    auto ret = dyn_cast<func::ReturnOp>(func.getBody().back().getTerminator());
    if (!ret)
      return;
    func.setFunctionType(FunctionType::get(
        func.getContext(), func.getArgumentTypes(), ret.getOperandTypes()));
  }
};
} // namespace
