//===- NNVMImport.h - import NNVM / MXNet / TVM graph JSON ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the importer of the NNVM graph JSON family into the
// nngraph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_NNVM_NNVMIMPORT_H
#define NNGRAPH_TARGET_NNVM_NNVMIMPORT_H

#include "nngraph/Target/Formats/FormatInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace nngraph {
namespace nnvm {

struct ImportOptions {
  /// Path of a .params file (MXNet or TVM); empty for none.
  std::string paramsPath;
  /// Shapes of graph inputs the file leaves open, by input name: the dims
  /// (ShapedType::kDynamic for an unknown size) and an element type name
  /// ("f16", "float16"; empty: f32), which the importer checks. Command
  /// lines parse their "name=1x3x224x224xf16" spelling with
  /// parseInputShape.
  InputShapes inputShapes;
  /// Unknown operators are errors instead of `nngraph.custom`.
  bool strict = false;
  /// Report every operator that stays `nngraph.custom` (with counts and
  /// node names) as an error, so that the import fails if there is any.
  bool check = false;
  /// Print a histogram of the file's operators to `statsStream`.
  bool opStats = false;
  llvm::raw_ostream *statsStream = nullptr;
};

/// Imports the main buffer of `sourceMgr`. Emits every problem of the file as
/// a diagnostic and returns null if there was any.
OwningOpRef<ModuleOp> importNNVMGraph(const llvm::SourceMgr &sourceMgr,
                                      MLIRContext *context,
                                      const ImportOptions &options);

/// Registers the typing of MXNet `nngraph.custom` operations once their
/// operands are ranked (CustomRetype.h): the operator imported again with
/// the operands' shapes, as nngraph-infer-shapes and compiling with input
/// shapes do after specialising a graph imported without shapes.
void registerNNVMCustomRetype();

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_NNVM_NNVMIMPORT_H
