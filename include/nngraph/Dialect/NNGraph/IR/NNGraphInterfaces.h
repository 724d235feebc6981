//===- NNGraphInterfaces.h - nngraph op properties --------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the marker traits and the operator-property interface of
// the nngraph dialect (see NNGraphInterfaces.td).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHINTERFACES_H
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHINTERFACES_H

#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

namespace mlir {
namespace OpTrait {
namespace nngraph {

/// Marks an operation whose result elements depend only on the operand
/// elements at the same (broadcast) index.
template <typename ConcreteType>
class Elementwise : public TraitBase<ConcreteType, Elementwise> {};

/// Marks an operation that only reinterprets the shape of operand 0.
template <typename ConcreteType>
class ShapeOnly : public TraitBase<ConcreteType, ShapeOnly> {};

/// Marks an operation that gives dimensions a positional (NCHW) meaning.
template <typename ConcreteType>
class LayoutSensitive : public TraitBase<ConcreteType, LayoutSensitive> {};

} // namespace nngraph
} // namespace OpTrait

namespace nngraph {
namespace detail {
/// The default in-place (operand, result) pairs of `op`: every result of an
/// elementwise operation may reuse the first operand of its exact type, and a
/// shape-only operation's result aliases operand 0.
llvm::SmallVector<std::pair<unsigned, unsigned>>
getDefaultInplacePairs(Operation *op);

/// Returns true if `actual` has as many types as `inferred`, each a ranked
/// tensor of the same element type whose shape is compatible with, possibly
/// more static than, the inferred one.
bool areRefinedTypes(TypeRange inferred, TypeRange actual);
} // namespace detail
} // namespace nngraph
} // namespace mlir

#include "nngraph/Dialect/NNGraph/IR/NNGraphInterfaces.h.inc"

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHINTERFACES_H
