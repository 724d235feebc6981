//===- ProfileLayers.h - per-layer profiling of graphs ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what per-layer profiling shares between its passes and
// the code that runs an instrumented graph: the names of the runtime hooks,
// the graph's layers that nngraph-profile-layers records (node name and
// operation, in graph order), and the table from a timed region's id to its
// node and operation names, which nngraph-profile-kernels records on the
// module and the Executable reads back after lowering.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PROFILELAYERS_H
#define NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PROFILELAYERS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {

/// The runtime hooks (libnngraph_runtime.so) around each layer's call.
inline constexpr llvm::StringLiteral kProfileBeginHook =
    "nngraph_profile_begin";
inline constexpr llvm::StringLiteral kProfileEndHook = "nngraph_profile_end";

/// The module attribute in which nngraph-profile-layers lists the graph's
/// layers in order: an array of {name, op} dictionaries.
inline constexpr llvm::StringLiteral kProfileOpsAttr = "nngraph.profile_ops";

/// The module attribute that holds the table of timed regions: one
/// {name, op} dictionary per id.
inline constexpr llvm::StringLiteral kProfileLayersAttr =
    "nngraph.profile_layers";

/// One timed region (a kernel): the node names of the layers it computes
/// ("conv1+relu1"; from its locations, "layer<i>" for a layer without one)
/// and their operation names ("nngraph.conv+nngraph.relu").
struct ProfiledLayer {
  std::string name;
  std::string op;
};

/// The regions nngraph-profile-kernels instrumented in `module`, indexed by
/// the id the hooks receive; empty when it is not instrumented. The table
/// survives lowering to the LLVM dialect.
std::vector<ProfiledLayer> getProfiledLayers(ModuleOp module);

/// Removes the table from `module` (once read, before translation).
void removeProfiledLayers(ModuleOp module);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PROFILELAYERS_H
