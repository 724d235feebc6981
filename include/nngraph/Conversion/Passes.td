//===- Passes.td - nngraph conversion passes ---------------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the conversions out of the nngraph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_CONVERSION_PASSES_TD
#define NNGRAPH_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertNNGraphToLinalgPass
    : Pass<"convert-nngraph-to-linalg", "func::FuncOp"> {
  let summary = "Lower nngraph operations to linalg on tensors";
  let description = [{
    Lowers every typed nngraph operation to linalg on tensors (named ops
    where upstream has them, `linalg.generic` otherwise) plus tensor, arith
    and math operations. Elementwise operations follow ONNX's
    multidirectional broadcasting.

    Before anything is lowered, the pass checks that every operation can be:
    operations that cannot (`nngraph.custom`, `nngraph.kernel_call`, and any
    operation whose family is not lowered yet) are reported once, every one
    listed with its node name, and the pass fails without changing the IR.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // NNGRAPH_CONVERSION_PASSES_TD
