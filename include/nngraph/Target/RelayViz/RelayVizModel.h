//===- RelayVizModel.h - RelayViz JSON model --------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares plain structs for RelayViz JSON (docs/Formats/RelayViz.md;
// the resolutions cited below are numbered there): a `format`/`version`
// header and a flat list of Relay expression nodes that refer to each other
// by integer index. The decoder checks the header, every field's JSON type
// and that every reference names an existing node; it knows no operator
// semantics and includes no MLIR IR.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_RELAYVIZ_RELAYVIZMODEL_H
#define NNGRAPH_TARGET_RELAYVIZ_RELAYVIZMODEL_H

#include "nngraph/Target/Common/JSONSupport.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace nngraph {
namespace relayviz {

/// The `node_kind`s of the proposal.
enum class NodeKind {
  Function,
  Var,
  Call,
  Op,
  Const,
  Bind,
  Tuple,
  Let,
  If,
  TupleGetItem,
  Invalid,
};

/// A `{dtype, shape}` pair (`-1` in `shape` is a dynamic dimension).
struct TensorTypeDesc {
  std::string dtype;
  std::vector<int64_t> shape;
};

/// A node reference with the JSON path that holds it.
struct Ref {
  int64_t id = -1;
  std::string path;
  explicit operator bool() const { return id >= 0; }
};

/// One element of `nodes`. Only the fields of its kind are set.
struct Node {
  NodeKind kind = NodeKind::Invalid;
  std::string kindName;
  /// JSON path of the node ("$.nodes[3]").
  std::string path;
  /// Var, Op: `name`. Call, Const, If: the optional `name` extension that
  /// keeps the node name of the operation (written by the exporter).
  std::string name;
  /// Var: dtype and shape. Const: dtype (shape from `array_shape`).
  TensorTypeDesc type;
  /// Function: `ret_type` (a list for tuple results).
  std::vector<TensorTypeDesc> retTypes;
  /// Function: the optional `output_names` extension (the graph output
  /// names, written by the exporter); `hasOutputNames` when present.
  std::vector<std::string> outputNames;
  bool hasOutputNames = false;
  /// Function: `params`. Call: `args`. Tuple: `fields`.
  std::vector<Ref> refs;
  /// Function/Let: `body`; Bind: `expr`; Let: `value`; If: `cond`;
  /// TupleGetItem: `tuple_value`; Call: `op` when it is a node id.
  Ref body, value, cond, trueBranch, falseBranch, variable, op;
  /// Call: `op` when it is a string (resolution 1).
  std::string opName;
  /// Op (and, resolution 2, Call): `attrs`, if present.
  std::optional<llvm::json::Object> attrs;
  /// Const: `value` (a number or boolean for a scalar, the `array_value`
  /// list for a tensor), and `array_shape` (empty for a scalar).
  std::vector<llvm::json::Value> constValues;
  std::vector<int64_t> constShape;
  bool constIsTensor = false;
  /// TupleGetItem: `index`.
  int64_t index = 0;
  /// Bind: `binds` in key order, each key with its reference.
  std::vector<std::pair<std::string, Ref>> binds;
};

struct Graph {
  std::vector<Node> nodes;
  int64_t versionMajor = 0, versionMinor = 0;
  /// The optional `root` extension (resolution 3).
  Ref root;
};

/// The `node_kind` spelling of `kind`.
llvm::StringRef getKindName(NodeKind kind);

/// Decodes `value` into `graph`, recording every problem in `errors`.
void decodeGraph(const llvm::json::Value &value, Graph &graph,
                 JSONErrors &errors);

} // namespace relayviz
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_RELAYVIZ_RELAYVIZMODEL_H
