//===- XOCDecompose.h - ONNX operators as several nngraph ops ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the XOC importer's decompositions: ONNX operators (or
// forms of them) that become several typed nngraph operations, or a
// constant, rather than one operation of the table in XOCOps.cpp. Each
// decomposition is exact (ReduceL2 is the square root of a sum of squares,
// Size of a static tensor is a constant); one may decline a node (a form
// the table maps, or one it cannot express), which then goes to the table
// and, failing that, to nngraph.custom.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_XOC_XOCDECOMPOSE_H
#define NNGRAPH_LIB_TARGET_XOC_XOCDECOMPOSE_H

#include "nngraph/Target/Common/NodeBinder.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>

namespace mlir {
namespace nngraph {
namespace xoc {

/// What a decomposition sees of a node: its attributes (NodeBinder), its
/// inputs (values on demand, values in the file where given) and declared
/// output types; it sets `results` (one per output) or declines.
class DecomposeContext : public NodeBinder {
public:
  DecomposeContext(GraphBuilder &gb, GraphBuilder::NodeRef node, Location loc,
                   llvm::ArrayRef<RankedTensorType> inputTypes,
                   llvm::ArrayRef<const llvm::json::Array *> inputValues,
                   llvm::ArrayRef<RankedTensorType> outputTypes,
                   llvm::function_ref<Value(unsigned)> getInput)
      : NodeBinder(gb, node, loc), inputTypes(inputTypes),
        inputValues(inputValues), outputTypes(outputTypes), getInput(getInput) {
  }

  unsigned numInputs() const { return inputTypes.size(); }
  unsigned numOutputs() const { return outputTypes.size(); }
  /// The value of input `i` (a constant when the file gives its values).
  Value input(unsigned i) { return getInput(i); }
  RankedTensorType inputType(unsigned i) const { return inputTypes[i]; }
  RankedTensorType outputType(unsigned i) const { return outputTypes[i]; }
  /// The values the file gives for input `i` (metadata.value), if any.
  std::optional<SmallVector<int64_t>> constInts(unsigned i);
  std::optional<SmallVector<double>> constFloats(unsigned i);

  /// Leaves the node to the operator table (or nngraph.custom): `why` says
  /// what this decomposition does not cover.
  void decline(llvm::StringRef why) { declined = why.str(); }
  /// As decline, and the operator table must not map the node either (a
  /// form whose typed operation would compute something else: Dropout at
  /// training).
  void refuse(llvm::StringRef why) {
    declined = why.str();
    refused = true;
  }

  /// Shorthands for typed operations.
  Value unary(llvm::StringRef opName, Value x,
              llvm::ArrayRef<NamedAttribute> attrs = {}) {
    return create1(opName, x, attrs);
  }
  Value binary(llvm::StringRef opName, Value x, Value y) {
    return create1(opName, {x, y});
  }
  /// A constant of `type` with `values` (row-major; one value: a splat).
  Value constant(RankedTensorType type, llvm::ArrayRef<double> values);

  /// The ONNX opset of the file (graph metadata `opset`); 0 if not given
  /// (the current opset's semantics).
  int64_t opset = 0;

  SmallVector<Value> results;
  std::optional<std::string> declined;
  bool refused = false;

private:
  llvm::ArrayRef<RankedTensorType> inputTypes;
  llvm::ArrayRef<const llvm::json::Array *> inputValues;
  llvm::ArrayRef<RankedTensorType> outputTypes;
  llvm::function_ref<Value(unsigned)> getInput;
};

using DecomposeFn = void (*)(DecomposeContext &);

/// The decomposition of ONNX operator `onnx`, or null.
DecomposeFn lookupDecomposition(llvm::StringRef onnx);

} // namespace xoc
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_XOC_XOCDECOMPOSE_H
