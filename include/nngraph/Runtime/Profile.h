//===- Profile.h - per-layer profiling hooks of the runtime -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the C interface of libnngraph_runtime.so's profiling
// hooks: graphs instrumented by nngraph-profile-layers call
// nngraph_profile_begin/end(id) around each layer, and the caller of an
// instrumented graph points the hooks of its thread at a record of
// per-layer counters with nngraph_profile_set_record. Plain C types only:
// the runtime library has no MLIR or LLVM dependency.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_RUNTIME_PROFILE_H
#define NNGRAPH_RUNTIME_PROFILE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// This is a C header (the hooks are called by generated code through the C
// ABI): C's typedef and snake_case function names, hence the NOLINTs.

/// Per-layer counters, owned by the caller; each array has numLayers
/// entries, indexed by layer id.
typedef struct NNGraphProfileRecord { // NOLINT(modernize-use-using)
  int64_t numLayers;
  /// Accumulated time in the layer, in nanoseconds of a steady clock.
  int64_t *nanoseconds;
  /// Completed begin/end pairs.
  int64_t *calls;
  /// The clock at the last begin (scratch of the hooks).
  int64_t *started;
} NNGraphProfileRecord;

/// Makes the hooks called on this thread add to `record` (null: ignore
/// them, the default); returns the record they used before. The hooks run
/// on the thread that calls the graph, between layers.
// NOLINTNEXTLINE(readability-identifier-naming)
NNGraphProfileRecord *nngraph_profile_set_record(NNGraphProfileRecord *record);

/// Called before and after layer `id`. Ids outside the record are ignored.
void nngraph_profile_begin(int64_t id); // NOLINT(readability-identifier-naming)
void nngraph_profile_end(int64_t id);   // NOLINT(readability-identifier-naming)

#ifdef __cplusplus
}
#endif

#endif // NNGRAPH_RUNTIME_PROFILE_H
