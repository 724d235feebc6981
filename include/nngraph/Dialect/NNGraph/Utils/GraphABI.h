//===- GraphABI.h - the graph ABI of the nngraph dialect --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the graph ABI: how an imported graph is laid out in a
// module and what its `nngraph.*` discardable attributes mean. The
// attributes are declared once, in the dialect's ODS (`discardableAttrs`),
// which generates `NNGraphDialect::<Name>AttrHelper`; the functions here
// read and write them on the graph function, its arguments (graph inputs)
// and the module, so that importers, exporters, passes and the runtime never
// spell an attribute name. docs/NNGraph.md ("Graph ABI") lists every
// attribute with its writers and readers.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_UTILS_GRAPHABI_H
#define NNGRAPH_DIALECT_NNGRAPH_UTILS_GRAPHABI_H

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace mlir {
namespace nngraph {

/// The nngraph dialect of `context` (loaded if it is not), whose
/// `get<Name>AttrHelper()` read and write the ABI attributes on operations.
NNGraphDialect &getGraphABI(MLIRContext *context);

/// Whether `name` is an attribute of the graph ABI namespace (`nngraph.`).
bool isGraphABIAttrName(llvm::StringRef name);

//===----------------------------------------------------------------------===//
// The graph function
//===----------------------------------------------------------------------===//

/// The function an exporter writes: `@main`, or the module's only function.
/// Emits "<format>: expected a function named 'main' or exactly one
/// function" and returns null otherwise.
func::FuncOp getGraphFunction(ModuleOp module, llvm::StringRef format);

/// The node name a location carries (a NameLoc, possibly inside a fused or
/// call-site location), or empty.
std::string getLocName(Location loc);

//===----------------------------------------------------------------------===//
// Graph inputs: function argument attributes
//===----------------------------------------------------------------------===//

/// Values of the `nngraph.role` argument attribute.
inline constexpr llvm::StringLiteral kRoleInput = "input";
inline constexpr llvm::StringLiteral kRoleWeight = "weight";
/// A tensor the source file uses without defining it (LightNet).
inline constexpr llvm::StringLiteral kRoleUndefined = "undefined";

/// The name of graph input `index` of `func`: its `nngraph.name` argument
/// attribute, else its location's name, else "arg<index>".
std::string getInputName(func::FuncOp func, unsigned index);
/// Sets the `nngraph.name` of graph input `index`.
void setInputName(func::FuncOp func, unsigned index, llvm::StringRef name);

/// The `nngraph.role` of graph input `index` ("input", "weight",
/// "undefined"), or empty when it has none.
llvm::StringRef getInputRole(func::FuncOp func, unsigned index);
/// Sets the `nngraph.role` of graph input `index`.
void setInputRole(func::FuncOp func, unsigned index, llvm::StringRef role);
/// Whether graph input `index` is a weight (role "weight").
bool isWeight(func::FuncOp func, unsigned index);
/// The argument attribute that gives a graph input `role`, for the attribute
/// lists that importers pass to GraphBuilder::addInput.
NamedAttribute getInputRoleAttr(MLIRContext *context, llvm::StringRef role);

/// The TVM storage id / device index of graph input `index`, if it has one.
std::optional<int64_t> getInputStorageId(func::FuncOp func, unsigned index);
std::optional<int64_t> getInputDeviceIndex(func::FuncOp func, unsigned index);

/// The `nngraph.metadata` of graph input `index` (XOC), or null.
DictionaryAttr getInputMetadata(func::FuncOp func, unsigned index);

/// LightNet's `create` op of graph input `index`: its name where it differs
/// from the tensor name (`nngraph.lightnet_op`) and its params verbatim
/// (`nngraph.lightnet_params`); null when absent.
StringAttr getInputLightNetOp(func::FuncOp func, unsigned index);
ArrayAttr getInputLightNetParams(func::FuncOp func, unsigned index);

//===----------------------------------------------------------------------===//
// Graph outputs: function attributes
//===----------------------------------------------------------------------===//

/// The name of graph output `index`: from `nngraph.output_names`, else the
/// name of the operation that produces it, else "output<index>".
std::string getOutputName(func::FuncOp func, unsigned index);
/// The `nngraph.output_names` of `func` as written, or null.
ArrayAttr getOutputNamesAttr(func::FuncOp func);
/// Sets `nngraph.output_names` (one string per result).
void setOutputNames(func::FuncOp func, ArrayAttr names);

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

/// The `nngraph.source_format` of `module` ("mxnet", "xoc", ...), or empty.
llvm::StringRef getSourceFormat(ModuleOp module);
/// Records the format `module` was imported from.
void setSourceFormat(ModuleOp module, llvm::StringRef format);

/// The `nngraph.mxnet_version` of `module` (MXNet's integer version), if any.
std::optional<int64_t> getMXNetVersion(ModuleOp module);
void setMXNetVersion(ModuleOp module, int64_t version);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_UTILS_GRAPHABI_H
