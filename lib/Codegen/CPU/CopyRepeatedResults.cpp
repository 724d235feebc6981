//===- CopyRepeatedResults.cpp - one tensor per function result -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-copy-repeated-results: a value returned more
// than once is returned as a copy at every further position, so that each
// result bufferizes to a buffer of its own.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHCOPYREPEATEDRESULTSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

struct CopyRepeatedResultsPass
    : public nngraph::impl::NNGraphCopyRepeatedResultsPassBase<
          CopyRepeatedResultsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    func.walk([](func::ReturnOp ret) {
      llvm::DenseSet<Value> seen;
      OpBuilder b(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        Value v = operand.get();
        auto type = dyn_cast<RankedTensorType>(v.getType());
        if (!type || seen.insert(v).second)
          continue;
        operand.set(bufferization::AllocTensorOp::create(b, ret.getLoc(), type,
                                                         ValueRange{}, v));
      }
    });
  }
};

} // namespace
