//===- ExportSupport.h - helpers shared by the exporters --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what every exporter needs to read an imported graph
// back: the graph function, node names from locations, graph input and
// output names, dtype names and the raw bytes of constants.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_COMMON_EXPORTSUPPORT_H
#define NNGRAPH_TARGET_COMMON_EXPORTSUPPORT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {

/// The function an exporter writes: `@main`, or the module's only function.
/// Emits "<format>: expected a function named 'main' or exactly one
/// function" and returns null otherwise.
func::FuncOp getGraphFunction(ModuleOp module, llvm::StringRef format);

/// The node name a location carries (a NameLoc, possibly inside a fused or
/// call-site location), or empty.
std::string getLocName(Location loc);

/// The name of graph input `index` of `func`: its `nngraph.name` argument
/// attribute, else its location's name, else "arg<index>".
std::string getInputName(func::FuncOp func, unsigned index);

/// The name of graph output `index`: from `nngraph.output_names`, else the
/// name of the operation that produces it, else "output<index>".
std::string getOutputName(func::FuncOp func, unsigned index);

/// The common dtype spelling of an element type ("float32", "int64",
/// "bool", ...), or empty when there is none.
std::string getDTypeName(Type type);

/// The element type a dtype name stands for (the inverse of getDTypeName:
/// "uint8" is ui8), or null for an unknown name.
Type getDTypeElementType(MLIRContext *context, llvm::StringRef name);

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

/// Registers --test-graph-summary: sources, operations, edges, shapes and
/// names of a graph, one per line, for comparing format conversions.
void registerGraphSummaryTranslation();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_COMMON_EXPORTSUPPORT_H
