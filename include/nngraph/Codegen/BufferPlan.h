//===- BufferPlan.h - the arena of planned buffers --------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the contract between nngraph-plan-buffers, which
// places a function's intermediate buffers at compile-time offsets in one
// arena, and the runtime that passes that arena (Executable). With the
// pass option `arena-argument`, an entry function whose buffers were
// planned takes the arena as a new last argument, `memref<Nxi8>`, and
// records N (bytes; a multiple of 64) in an attribute kept through the
// lowering to the LLVM dialect:
//
//   func.func @f(..., %arena: memref<4096xi8>)
//       attributes {nngraph.arena_size = 4096 : i64}
//
// The caller passes a buffer of at least N bytes, 64-byte aligned, that no
// other call uses at the same time. A function without the attribute takes
// no arena.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_CODEGEN_BUFFERPLAN_H
#define NNGRAPH_CODEGEN_BUFFERPLAN_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace mlir {
namespace nngraph {

/// The function attribute holding the arena's size in bytes (an i64).
inline constexpr llvm::StringLiteral kArenaSizeAttrName = "nngraph.arena_size";

/// The alignment of the arena and of every offset in it, in bytes.
inline constexpr int64_t kArenaAlignment = 64;

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_CODEGEN_BUFFERPLAN_H
