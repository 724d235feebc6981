//===- ExportSupport.h - helpers shared by the exporters --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what exporters share beyond the graph ABI
// (nngraph/Dialect/NNGraph/Utils/GraphABI.h): the raw bytes of constants,
// the warning about attributes a format cannot write, the dialects a graph
// may contain and the graph summary translation.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_COMMON_EXPORTSUPPORT_H
#define NNGRAPH_TARGET_COMMON_EXPORTSUPPORT_H

// Every exporter reads the graph through the graph ABI and the dtype table.
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {

/// The raw little-endian bytes of a constant's elements (booleans one byte
/// each), or nullopt when they cannot be read.
std::optional<std::vector<char>> getRawData(ElementsAttr value);

/// Warns, once per attribute name (with a count and the first node), about
/// the discardable attributes of `func`'s operations that an exporter does
/// not write (another format's metadata, say), except those in `written`.
void warnUnwrittenAttributes(func::FuncOp func, llvm::StringRef format,
                             llvm::ArrayRef<llvm::StringRef> written);

/// Inserts every dialect an imported graph may contain (nngraph, func, and
/// scf/tensor/arith for structured control flow): the registry of every
/// translation that reads a graph, so that any importer's output can be
/// exported to any format.
void insertGraphDialects(DialectRegistry &registry);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_COMMON_EXPORTSUPPORT_H
