//===- NNGraphOps.h - nngraph operations ------------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the operations of the nngraph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHOPS_H
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphInterfaces.h"

#define GET_OP_CLASSES
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h.inc"

namespace mlir {
namespace nngraph {

/// Runs the InferTypeOpInterface of an existing operation on its current
/// operands, attributes and properties. Used wherever result types are
/// recomputed after the fact (shape inference, importers). Safe on any
/// attribute combination: an nngraph operator's attribute invariants
/// (`NNGraphOpInterface::verifyAttributeInvariants`) are checked first, and a
/// violation is reported at the operator and fails.
LogicalResult inferResultTypes(InferTypeOpInterface op,
                               SmallVectorImpl<Type> &types);

/// An Einsum equation resolved against its operands' ranks: each operand
/// axis and each result axis named by a label (0 .. numLabels); the axes of
/// the ellipsis are labels 0 .. numEllipsis, right-aligned in each operand.
struct EinsumEquation {
  SmallVector<SmallVector<unsigned>> inputs;
  SmallVector<unsigned> output;
  unsigned numLabels = 0;
};

/// Parses `equation` (spaces allowed) for operands of `ranks`; on failure
/// `error` says why.
FailureOr<EinsumEquation> parseEinsumEquation(StringRef equation,
                                              ArrayRef<int64_t> ranks,
                                              std::string &error);

/// Patterns that turn auto_pad (SAME_UPPER, SAME_LOWER, VALID) of conv,
/// max_pool and avg_pool into explicit pads where the spatial sizes are
/// static (also among the dialect's canonicalizations).
void populateResolveAutoPadPatterns(RewritePatternSet &patterns);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHOPS_H
