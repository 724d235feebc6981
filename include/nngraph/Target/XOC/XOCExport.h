//===- XOCExport.h - export XOC JSON computation graphs ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the exporter of the nngraph dialect to XOC (xovis) JSON
// computation graphs.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_XOC_XOCEXPORT_H
#define NNGRAPH_TARGET_XOC_XOCEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace nngraph {
namespace xoc {

struct ExportOptions {
  /// Constants with more elements than this are written as weight tensors
  /// without values (they come back as function arguments).
  int64_t maxValueElements = 1 << 20;
};

/// Writes the `main` function of `module` (or its only function) as an XOC
/// graph. Every operation that XOC cannot express is reported, all in one
/// pass, naming the operation, its node and the reason; nothing is written
/// then.
LogicalResult exportXOCGraph(ModuleOp module, llvm::raw_ostream &os,
                             const ExportOptions &options);

} // namespace xoc
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_XOC_XOCEXPORT_H
