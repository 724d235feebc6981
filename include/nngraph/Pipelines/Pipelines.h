//===- Pipelines.h - nngraph compilation pipelines --------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the named pass pipelines that compile an nngraph graph
// for a target, built in C++ from options.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_PIPELINES_PIPELINES_H
#define NNGRAPH_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
namespace nngraph {

/// Options of nngraph-cpu-pipeline. Each stage is a place where tiling,
/// vectorisation, packing and threading slot in.
struct CPUPipelineOptions : public PassPipelineOptions<CPUPipelineOptions> {
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer/consumer elementwise linalg ops before "
                     "bufferization"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> resultsToOutParams{
      *this, "results-to-out-params",
      llvm::cl::desc("Return results through caller-allocated buffers "
                     "(what nngraph-run calls)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> lowerToLLVM{
      *this, "lower-to-llvm",
      llvm::cl::desc("Lower all the way to the LLVM dialect (off: stop "
                     "after bufferization and loops)"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Run parallel loops (scf.forall, scf.parallel) on this "
                     "many threads through OpenMP (the code then calls "
                     "libomp); 0 or 1: sequential loops"),
      llvm::cl::init(0)};
};

/// nngraph -> linalg on tensors -> (fusion) -> bufferization -> loops ->
/// LLVM dialect, for the JIT (mlir-runner, nngraph-run) or AOT compilation.
void buildCPUPipeline(OpPassManager &pm, const CPUPipelineOptions &options);

/// Registers nngraph-cpu-pipeline.
void registerPipelines();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_PIPELINES_PIPELINES_H
