//===- NNVMExport.h - export NNVM / MXNet / TVM graph JSON ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the exporter of the NNVM graph JSON family: MXNet symbol
// JSON, NNVM graphs and TVM graph-executor JSON, with their .params weights.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_NNVM_NNVMEXPORT_H
#define NNGRAPH_TARGET_NNVM_NNVMEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "nngraph/Target/NNVM/NNVMModel.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace mlir {
namespace nngraph {
namespace nnvm {

struct ExportOptions {
  /// The flavour to write; by default the module's source format
  /// (`nngraph.source_format`), else MXNet.
  std::optional<Flavor> flavor;
  /// Where to write the weights (.params of the flavour); empty for none.
  std::string paramsPath;
};

/// Parses "mxnet", "nnvm" or "tvm" (also "tvm-graph").
std::optional<Flavor> parseFlavor(llvm::StringRef name);

/// Writes the `main` function of `module` (or its only function) as graph
/// JSON of the chosen flavour. Every operation that the flavour cannot
/// express is reported, all in one pass, naming the operation, its node and
/// the reason; nothing is written then.
LogicalResult exportNNVMGraph(ModuleOp module, llvm::raw_ostream &os,
                              const ExportOptions &options);

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_NNVM_NNVMEXPORT_H
