//===- NNVMModel.h - NNVM / MXNet / TVM graph JSON model --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares plain structs for the NNVM graph JSON family (MXNet
// symbol JSON, NNVM graphs, TVM graph-executor JSON) and their decoder. The
// decoder accepts every variant listed in docs/Formats/NNVM.md ("File
// variants the decoder accepts") and records every structural problem with
// its JSON path; it knows no operator semantics and includes no MLIR IR.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_NNVM_NNVMMODEL_H
#define NNGRAPH_TARGET_NNVM_NNVMMODEL_H

#include "nngraph/Target/Common/JSONSupport.h"
#include "llvm/Support/JSON.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace nngraph {
namespace nnvm {

/// Which shape of the format a file has.
enum class Flavor { MXNet, NNVM, TVM };

/// Graph attribute (a tagged "list_str") holding the output names of a graph
/// exported from another format; MXNet and TVM ignore it.
inline constexpr llvm::StringLiteral kOutputNamesKey = "nngraph_output_names";

/// The most outputs one node may have. Entry indices and node_row_ptr
/// steps are checked against it before the importer makes result lists.
inline constexpr int64_t kMaxNodeOutputs = 4096;

/// A reference to output `index` of node `node`; `version` counts writes to
/// mutable state and carries no meaning on import.
struct Entry {
  int64_t node = 0;
  int64_t index = 0;
  int64_t version = 0;
};

struct Graph;

/// One element of `nodes`.
struct Node {
  std::string op;
  std::string name;
  std::vector<Entry> inputs;
  /// Operator attributes in file order (all values are strings in real
  /// files; other JSON scalars are kept as their JSON text).
  std::vector<std::pair<std::string, std::string>> attrs;
  /// Which key held them: "attrs", "attr" or "param" (empty if none).
  std::string attrsKey;
  /// A second, user attribute dictionary (`attr` next to `param`).
  std::vector<std::pair<std::string, std::string>> userAttrs;
  std::vector<int64_t> controlDeps;
  std::vector<std::unique_ptr<Graph>> subgraphs;
  /// The `subgraphs` array as JSON text (what a custom operation keeps of
  /// it, to be imported again or written back), empty without one.
  std::string subgraphsJSON;
  /// JSON path of the node, for diagnostics ("$.nodes[12]").
  std::string path;

  bool isVariable() const { return op == "null"; }
  /// Returns the attribute `key`, or nullptr.
  const std::string *getAttr(llvm::StringRef key) const;
};

/// A whole graph (also used for nested `subgraphs`).
struct Graph {
  std::vector<Node> nodes;
  std::vector<int64_t> argNodes;
  std::vector<Entry> heads;
  std::optional<std::vector<int64_t>> nodeRowPtr;
  /// `attrs.mxnet_version`, when present.
  std::optional<int64_t> mxnetVersion;
  /// TVM graph attributes, one item per entry slot (empty when absent).
  std::vector<std::vector<int64_t>> shapes;
  std::vector<std::string> dltypes;
  std::vector<int64_t> storageIds;
  std::vector<int64_t> deviceIndex;
  /// nngraph extension: the graph's output names, one per head, when they
  /// are not MXNet's "<node>_output" (a graph that came from another format).
  std::vector<std::string> outputNames;

  Flavor getFlavor() const;
  /// The entry slot of output `index` of `node` from node_row_ptr; nullopt
  /// without node_row_ptr or when `index` is beyond the node's slots.
  std::optional<int64_t> getEntrySlot(int64_t node, int64_t index) const;
};

/// The source attribute in which an MXNet `nngraph.custom` keeps its node's
/// `subgraphs` (JSON text): imported again by the retyping, written back as
/// the node's `subgraphs` by the exporter.
inline constexpr llvm::StringLiteral kSubgraphsAttr = "subgraphs";

/// Decodes `value` into `graph`, recording every problem in `errors`. Also
/// checks references: inputs, heads and arg_nodes must name earlier (for
/// inputs) or existing nodes, and node_row_ptr must be a prefix sum.
void decodeGraph(const llvm::json::Value &value, Graph &graph,
                 JSONErrors &errors, llvm::StringRef path = "$");

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_NNVM_NNVMMODEL_H
