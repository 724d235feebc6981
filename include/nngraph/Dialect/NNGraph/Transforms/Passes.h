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
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace nngraph {

#define GEN_PASS_DECL
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"

/// Graph input shapes by input name (`nngraph.name`); ShapedType::kDynamic
/// leaves a size open.
using InputShapeMap = llvm::StringMap<SmallVector<int64_t>>;

/// Gives the named arguments of graph function `func` the shapes of
/// `shapes` (names it does not have are ignored) and refines every result
/// type from them, as nngraph-infer-shapes does. Fails, with a diagnostic
/// naming the input, where a shape does not fit its declared type.
LogicalResult specializeInputShapes(func::FuncOp func,
                                    const InputShapeMap &shapes);

/// Refines the result types of `func`'s nngraph operations from their
/// operands, in order, and the function's result types from what it
/// returns; returns how many result types changed.
int64_t refineResultTypes(func::FuncOp func);

#define GEN_PASS_REGISTRATION
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_H
