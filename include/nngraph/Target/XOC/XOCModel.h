//===- XOCModel.h - XOC JSON computation graph model ------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares plain structs for the XOC (xovis) JSON computation graph
// and their decoder. The decoder accepts every variant in docs/Formats/XOC.md
// ("File variants": `nodes` or `operators`, the `{"graph": ...}` wrapper) and
// records every structural problem with its JSON path; it knows no operator
// semantics and includes no MLIR IR.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_XOC_XOCMODEL_H
#define NNGRAPH_TARGET_XOC_XOCMODEL_H

#include "nngraph/Target/Common/JSONSupport.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {
namespace xoc {

/// One element of `tensors`. `name` is the tensor's role, `id` its name.
struct Tensor {
  std::string id;
  /// "input", "output", "weight" or "activation".
  std::string role;
  std::vector<int64_t> shape;
  std::string dtype;
  std::optional<llvm::json::Object> metadata;
  /// JSON path of the tensor, for diagnostics ("$.tensors[3]").
  std::string path;
};

/// One element of `nodes` / `operators`. `name` is the ONNX operator type.
struct Node {
  std::string id;
  std::string opType;
  std::vector<int64_t> inputs;
  std::vector<int64_t> outputs;
  llvm::json::Object attributes;
  std::optional<llvm::json::Object> metadata;
  /// JSON path of the node ("$.operators[3]").
  std::string path;
};

struct Graph {
  std::string id;
  std::string name;
  std::vector<Tensor> tensors;
  std::vector<Node> nodes;
  std::vector<int64_t> inputs;
  std::vector<int64_t> outputs;
  std::optional<llvm::json::Object> metadata;
  /// Index of the node that produces each tensor, -1 for none.
  std::vector<int64_t> producers;
};

/// Decodes `value` into `graph`, recording every problem in `errors`. Also
/// checks references: indices name existing tensors, every tensor is
/// produced at most once, inputs are produced by no node, and a node reads
/// only tensors produced before it (or by no node).
void decodeGraph(const llvm::json::Value &value, Graph &graph,
                 JSONErrors &errors);

} // namespace xoc
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_XOC_XOCMODEL_H
