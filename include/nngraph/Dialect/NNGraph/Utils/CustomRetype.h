//===- CustomRetype.h - typing custom operators later -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the registry through which a format types its
// `nngraph.custom` operations once their operands' shapes are known. An
// importer keeps an operator custom when its typed form needs sizes the file
// does not give (MXNet's SliceChannel of an axis of unknown size, Crop,
// Reshape's -2/-3/-4 codes); when shapes are specialised later
// (nngraph-infer-shapes, compiling with input shapes), the format that wrote
// the operator builds its typed form from the same attributes, as its
// importer would have.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_UTILS_CUSTOMRETYPE_H
#define NNGRAPH_DIALECT_NNGRAPH_UTILS_CUSTOMRETYPE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>

namespace mlir {
namespace nngraph {

/// Builds, at `b`'s insertion point (before `op`), typed operations that
/// compute the results of `op`, an `nngraph.custom` of the format's domain
/// whose operands are ranked or graph inputs, and returns them (one value
/// per result, each of a type compatible with the result's); a graph input
/// of unknown rank takes the type the typed form gives it. Failure leaves
/// `op` custom and builds nothing.
using CustomRetypeFn =
    std::function<FailureOr<SmallVector<Value>>(Operation *op, OpBuilder &b)>;

/// Registers the retyping of the custom operations of `domain` ("mxnet");
/// a later registration of the same domain replaces it. Thread-safe.
void registerCustomRetype(llvm::StringRef domain, CustomRetypeFn fn);

/// The retyping of `domain`, if one is registered.
std::optional<CustomRetypeFn> lookupCustomRetype(llvm::StringRef domain);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_UTILS_CUSTOMRETYPE_H
