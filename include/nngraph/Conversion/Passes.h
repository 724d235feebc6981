//===- Passes.h - nngraph conversion passes ---------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the conversion passes out of the nngraph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_CONVERSION_PASSES_H
#define NNGRAPH_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace nngraph {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "nngraph/Conversion/Passes.h.inc"

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_CONVERSION_PASSES_H
