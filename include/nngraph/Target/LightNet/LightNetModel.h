//===- LightNetModel.h - LightNet JSON IR as plain structs ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the plain structs a LightNet JSON IR file decodes into
// (no MLIR): the `ops` array form and the older dict form keyed by op name,
// whose op names are mapped to today's while decoding. Every structural
// problem is recorded in a JSONErrors list with its JSON path.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_LIGHTNET_LIGHTNETMODEL_H
#define NNGRAPH_TARGET_LIGHTNET_LIGHTNETMODEL_H

#include "nngraph/Target/Common/JSONSupport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {
namespace lightnet {

/// One entry of `tensors_in`/`tensors_out`: the formal argument and the
/// tensor name, with the JSON path of the entry.
struct TensorRef {
  std::string argName;
  std::string name;
  std::string path;
};

/// One entry of `params`, in file order (names may repeat).
struct Param {
  std::string argName;
  llvm::json::Value value = nullptr;
  std::string path;
};

/// One operator.
struct Op {
  std::string name;
  std::string optype;
  std::vector<TensorRef> inputs;
  std::vector<TensorRef> outputs;
  std::vector<Param> params;
  /// `$.ops[3]`, or `$.<name>` in the dict form.
  std::string path;

  /// The first param named `argName`, or null.
  const Param *findParam(llvm::StringRef argName) const;
  /// The first input named `argName`, or null.
  const TensorRef *findInput(llvm::StringRef argName) const;
};

/// A whole file.
struct Graph {
  std::vector<Op> ops;
  /// True for the older dict layout.
  bool legacyDict = false;
};

/// Decodes `root` (either layout) into `graph`; returns false and fills
/// `errors` on any structural problem.
bool decodeGraph(const llvm::json::Value &root, Graph &graph,
                 JSONErrors &errors);

/// Writes `graph` in the `ops` form, keys in the order name, optype,
/// tensors_in, tensors_out, params, indented by 4.
void writeGraph(const Graph &graph, llvm::raw_ostream &os);

/// Blanks `//` comments and drops trailing commas before `]`/`}` (outside
/// strings), keeping line and column numbers: the lenient reader.
std::string stripLenientJSON(llvm::StringRef text);

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_LIGHTNET_LIGHTNETMODEL_H
