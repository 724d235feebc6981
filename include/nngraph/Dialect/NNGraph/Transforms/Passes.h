//===- Passes.h - nngraph graph passes --------------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the graph passes of the nngraph dialect and their
// registration.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_H
#define NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"

namespace mlir {
namespace nngraph {

#define GEN_PASS_DECL
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_H
