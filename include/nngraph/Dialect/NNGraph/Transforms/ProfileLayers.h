//===- ProfileLayers.h - per-layer profiling of graphs ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what nngraph-profile-layers shares with the code that
// runs an instrumented graph: the names of the runtime hooks it calls and the
// table from a layer id to its node and operation names, which the pass
// records on the module and the Executable reads back after lowering.
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

/// One timed layer: its node name (from its location; "layer<id>" when it
/// has none) and its operation name ("nngraph.conv").
struct ProfiledLayer {
  std::string name;
  std::string op;
};

/// The layers nngraph-profile-layers instrumented in `module`, indexed by
/// the id the hooks receive; empty when it is not instrumented. The table
/// survives lowering to the LLVM dialect.
std::vector<ProfiledLayer> getProfiledLayers(ModuleOp module);

/// Removes the table from `module` (once read, before translation).
void removeProfiledLayers(ModuleOp module);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PROFILELAYERS_H
