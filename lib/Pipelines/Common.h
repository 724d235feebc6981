//===- Common.h - stages shared by the CPU and GPU pipelines ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// The stages that nngraph-cpu-pipeline and nngraph-gpu-pipeline share: the
// bufferization of a graph lowered to linalg on tensors, and the
// deallocation of its buffers.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_PIPELINES_COMMON_H
#define NNGRAPH_LIB_PIPELINES_COMMON_H

namespace mlir {
class OpPassManager;

namespace nngraph {

/// Tensors to buffers; function signatures take identity-layout memrefs so
/// that callers (the runner, printMemref) can pass theirs. Producers whose
/// results are inserted into a larger tensor (the pieces of a concat) write
/// into its slices rather than through a copy. With `resultsToOutParams`,
/// results become caller-allocated buffers.
void addBufferizationPasses(OpPassManager &pm, bool resultsToOutParams);

/// Deallocation of the buffers that the arena does not hold: upstream's
/// buffer-deallocation-pipeline, with its function-local passes (the
/// canonicalizations, CSE, the simplification) nested on each function so
/// that they run on the kernels in parallel; ownership-based deallocation
/// (function boundaries) and the lowering of bufferization.dealloc (which
/// may add a helper function) stay on the module.
void addDeallocationPasses(OpPassManager &pm);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_PIPELINES_COMMON_H
