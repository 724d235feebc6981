//===- LightNetExport.h - nngraph to LightNet JSON IR -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the LightNet JSON IR exporter.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_LIGHTNET_LIGHTNETEXPORT_H
#define NNGRAPH_TARGET_LIGHTNET_LIGHTNETEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace nngraph {
namespace lightnet {

/// Writes the graph function of `module` as LightNet JSON IR (the `ops`
/// form). Reports everything LightNet cannot express, all in one run, and
/// then writes nothing.
LogicalResult exportLightNet(ModuleOp module, llvm::raw_ostream &os);

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_LIGHTNET_LIGHTNETEXPORT_H
