//===- RelayVizExport.h - export RelayViz JSON ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the exporter of an nngraph module to RelayViz JSON.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_RELAYVIZ_RELAYVIZEXPORT_H
#define NNGRAPH_TARGET_RELAYVIZ_RELAYVIZEXPORT_H

#include "mlir/IR/BuiltinOps.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace nngraph {
namespace relayviz {

/// Writes the graph function of `module` as RelayViz JSON to `os`. Emits one
/// error per operation it cannot express (naming the operation, its node and
/// the reason) and then writes nothing.
LogicalResult exportRelayViz(ModuleOp module, llvm::raw_ostream &os);

} // namespace relayviz
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_RELAYVIZ_RELAYVIZEXPORT_H
