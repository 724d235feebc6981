//===- ExpandMath.cpp - math functions of GPU kernels as arithmetic -------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-gpu-expand-math (see Passes.td): upstream's
// math expansions and polynomial approximations, then MathToLLVM for the
// functions NVPTX has instructions for, so that no libdevice call is left.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHGPUEXPANDMATHPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// The NVVM intrinsic of a rounding or root function on `type` (f32 or
/// f64), or "" when there is none.
std::string getNVVMIntrinsic(Operation *op, Type type) {
  StringRef base = llvm::TypeSwitch<Operation *, StringRef>(op)
                       .Case<math::FloorOp>([](auto) { return "floor"; })
                       .Case<math::CeilOp>([](auto) { return "ceil"; })
                       .Case<math::TruncOp>([](auto) { return "trunc"; })
                       .Case<math::SqrtOp>([](auto) { return "sqrt.rn"; })
                       .Default([](auto) { return ""; });
  if (base.empty() || !(type.isF32() || type.isF64()))
    return "";
  return ("llvm.nvvm." + base + (type.isF32() ? ".f" : ".d")).str();
}

/// Whether a math op left after the expansions has an NVPTX instruction
/// (scalar f32/f64 operands).
bool isNVPTXSelectable(Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  Type type = op->getResult(0).getType();
  if (!getNVVMIntrinsic(op, type).empty())
    return true;
  return isa<math::AbsFOp, math::FmaOp, math::CopySignOp>(op) &&
         (type.isF32() || type.isF64());
}

void lowerToNVPTX(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type type = op->getResult(0).getType();
  Value result;
  if (std::string name = getNVVMIntrinsic(op, type); !name.empty())
    result = LLVM::CallIntrinsicOp::create(b, loc, type, b.getStringAttr(name),
                                           op->getOperands())
                 .getResult(0);
  else if (isa<math::AbsFOp>(op))
    result = LLVM::FAbsOp::create(b, loc, op->getOperand(0));
  else if (isa<math::FmaOp>(op))
    result = LLVM::FMAOp::create(b, loc, op->getOperand(0), op->getOperand(1),
                                 op->getOperand(2));
  else
    result =
        LLVM::CopySignOp::create(b, loc, op->getOperand(0), op->getOperand(1));
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct ExpandMath : nngraph::impl::NNGraphGPUExpandMathPassBase<ExpandMath> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    {
      RewritePatternSet patterns(context);
      auto all = [](StringRef) { return true; };
      math::populateExpansionPatterns(patterns);
      populateMathF32ExpansionPatterns(patterns, all);
      populateMathPolynomialApproximationPatterns(patterns, all);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    // What is left maps to NVPTX instructions: NVVM intrinsics for the
    // functions whose LLVM intrinsics convert-gpu-to-nvvm sends to
    // libdevice (floor, ceil, trunc, sqrt), LLVM's for the others.
    bool ok = true;
    getOperation()->walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()))
        return;
      if (!isNVPTXSelectable(op)) {
        op->emitOpError("has no expansion for GPU kernels");
        ok = false;
      }
    });
    if (!ok)
      return signalPassFailure();
    getOperation()->walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()))
        lowerToNVPTX(op);
    });
  }
};

} // namespace
