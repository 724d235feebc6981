//===- RelayVizImport.h - import RelayViz JSON ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the importer of RelayViz JSON into the nngraph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_RELAYVIZ_RELAYVIZIMPORT_H
#define NNGRAPH_TARGET_RELAYVIZ_RELAYVIZIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
namespace nngraph {
namespace relayviz {

struct ImportOptions {
  /// Unknown operators are errors instead of `nngraph.custom`.
  bool strict = false;
};

/// Imports the main buffer of `sourceMgr`. Emits every problem of the file as
/// a diagnostic and returns null if there was any.
OwningOpRef<ModuleOp> importRelayViz(const llvm::SourceMgr &sourceMgr,
                                     MLIRContext *context,
                                     const ImportOptions &options);

} // namespace relayviz
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_RELAYVIZ_RELAYVIZIMPORT_H
