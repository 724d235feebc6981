//===- XOCImport.h - import XOC JSON computation graphs ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the importer of XOC (xovis) JSON computation graphs into
// the nngraph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_XOC_XOCIMPORT_H
#define NNGRAPH_TARGET_XOC_XOCIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
namespace nngraph {
namespace xoc {

/// The key of tensor metadata that holds a weight's values (flat, row-major;
/// one value for a splat).
inline constexpr llvm::StringLiteral kValueKey = "value";
/// nngraph extension: the key of tensor metadata that holds the nngraph name
/// (NameLoc) of a constant or graph input when it differs from the tensor id
/// (tensor ids are unique, nngraph names need not be). The importer uses it
/// for the location and does not keep it in the metadata.
inline constexpr llvm::StringLiteral kNameKey = "nngraph_name";
/// nngraph extension: the key of graph metadata that holds the output names
/// (a string per entry of `outputs`) when one differs from its tensor id.
inline constexpr llvm::StringLiteral kOutputNamesKey = "nngraph_output_names";

struct ImportOptions {
  /// Unknown operators (and ONNX operators whose attributes have no typed
  /// form) are errors instead of `nngraph.custom`.
  bool strict = false;
};

/// Imports the main buffer of `sourceMgr`. Emits every problem of the file as
/// a diagnostic and returns null if there was any.
OwningOpRef<ModuleOp> importXOCGraph(const llvm::SourceMgr &sourceMgr,
                                     MLIRContext *context,
                                     const ImportOptions &options);

} // namespace xoc
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_XOC_XOCIMPORT_H
