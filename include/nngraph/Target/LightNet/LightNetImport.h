//===- LightNetImport.h - LightNet JSON IR to nngraph -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the LightNet JSON IR importer.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_LIGHTNET_LIGHTNETIMPORT_H
#define NNGRAPH_TARGET_LIGHTNET_LIGHTNETIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
namespace nngraph {
namespace lightnet {

struct ImportOptions {
  /// Unknown optypes are errors instead of nngraph.custom.
  bool strict = false;
  /// Accept `//` comments and trailing commas.
  bool lenient = false;
  /// A tensor used but never defined (or the `""` placeholder) becomes a
  /// graph input of unknown shape, with a warning, instead of an error.
  /// Some real files rely on tensors their producer never wrote out.
  bool undefinedAsInputs = false;
};

/// Imports the LightNet JSON IR in the main buffer of `sourceMgr`; returns
/// null after reporting every problem.
OwningOpRef<ModuleOp> importLightNet(const llvm::SourceMgr &sourceMgr,
                                     MLIRContext *context,
                                     const ImportOptions &options);

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_LIGHTNET_LIGHTNETIMPORT_H
