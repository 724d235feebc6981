//===- DOTExport.h - Graphviz export of nngraph graphs ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares --export-dot: a Graphviz digraph of a graph function,
// for viewers.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_DOT_DOTEXPORT_H
#define NNGRAPH_TARGET_DOT_DOTEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace nngraph {
namespace dot {

/// Writes the graph function of `module` as a Graphviz digraph: one node per
/// graph input, operation and output, labelled with the node name and the
/// operator (custom operators and kernel calls by their source name); one
/// edge per value use, labelled with the tensor type; operations with
/// regions (scf.if) as clusters.
LogicalResult exportDOT(ModuleOp module, llvm::raw_ostream &os);

/// Registers --export-dot.
void registerDOTTranslations();

} // namespace dot
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_DOT_DOTEXPORT_H
