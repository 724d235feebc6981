//===- NNVMExportInternal.h - NNVM exporter internals -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what the NNVM exporter's driver (NNVMExport.cpp) and
// the operator table (NNVMOps.h) share: the description of one node to
// write and the MXNet string forms of attribute values.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_NNVM_NNVMEXPORTINTERNAL_H
#define NNGRAPH_LIB_TARGET_NNVM_NNVMEXPORTINTERNAL_H

#include "mlir/IR/Operation.h"
#include "nngraph/Target/NNVM/NNVMModel.h"
#include "llvm/ADT/DenseSet.h"
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace nngraph {
namespace nnvm {

/// One source operator to write for one nngraph operation.
struct ExportContext {
  Operation *op;
  Flavor flavor;
  /// Operator name and attributes in MXNet string form.
  std::string opName;
  std::vector<std::pair<std::string, std::string>> attrs;
  /// The values the node reads, in input order.
  SmallVector<Value> inputs;
  /// Input positions that hold auxiliary states (BatchNorm statistics):
  /// their weights are written as `aux:` entries of an MXNet .params file.
  SmallVector<unsigned> auxInputs;
  /// A synthesized variable input: (position, name, value to store in the
  /// params file). Used for BatchNorm's gamma under fix_gamma.
  struct ExtraVariable {
    unsigned position;
    std::string name;
    double fill;
  };
  SmallVector<ExtraVariable> extraVariables;
  /// Why the operation cannot be written (empty on success).
  std::string failure;

  void set(llvm::StringRef name) { opName = name.str(); }
  void attr(llvm::StringRef key, std::string value) {
    attrs.emplace_back(key.str(), std::move(value));
  }
  bool fail(const llvm::Twine &why) {
    failure = why.str();
    return false;
  }
};

/// MXNet string forms.
std::string formatTuple(llvm::ArrayRef<int64_t> values);
std::string formatBool(bool value);
std::string formatFloat(double value, bool isF32 = true);

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_NNVM_NNVMEXPORTINTERNAL_H
