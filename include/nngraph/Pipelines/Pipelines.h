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
  PassOptions::Option<bool> foldIntoConv{
      *this, "fold-into-conv",
      llvm::cl::desc("Fold batch norm and per-channel scale/shift into conv "
                     "and gemm weights first (nngraph-fold-into-conv)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer/consumer elementwise linalg ops before "
                     "bufferization"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> liftWeightTransforms{
      *this, "lift-weight-transforms",
      llvm::cl::desc("Move the work that depends only on weights and "
                     "constants into <function>_prepare, which the runtime "
                     "runs once per set of weights "
                     "(nngraph-lift-weight-transforms)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile, fuse and vectorise the hot ops "
                     "(nngraph-cpu-tile-and-vectorize); off: plain loops"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> winograd{
      *this, "winograd",
      llvm::cl::desc("3x3 stride-1 convolutions by Winograd's F(m x m, 3 x 3) "
                     "with this m, 2 or 4 (nngraph-cpu-winograd); 0: direct"),
      llvm::cl::init(4)};
  PassOptions::Option<int64_t> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("SIMD width in f32 lanes that the schedules target "
                     "(0: the host's, 16 with AVX-512, else 8)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> resultsToOutParams{
      *this, "results-to-out-params",
      llvm::cl::desc("Return results through caller-allocated buffers "
                     "(what nngraph-run calls)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> planBuffers{
      *this, "plan-buffers",
      llvm::cl::desc("Place each function's intermediate buffers in one "
                     "arena at offsets planned from their live ranges "
                     "(nngraph-plan-buffers); off: one allocation per "
                     "buffer per call"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> arenaArgument{
      *this, "arena-argument",
      llvm::cl::desc("With plan-buffers, entry functions take the arena as a "
                     "new last argument of nngraph.arena_size bytes (what "
                     "nngraph-run passes) instead of allocating it per call"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> lowerToLLVM{
      *this, "lower-to-llvm",
      llvm::cl::desc("Lower all the way to the LLVM dialect (off: stop "
                     "after bufferization and loops)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> profile{
      *this, "profile",
      llvm::cl::desc("Time each kernel with runtime hooks, labelled by the "
                     "layers it computes (nngraph-profile-layers, "
                     "nngraph-profile-kernels; nngraph-run --profile)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> outlineKernels{
      *this, "outline-kernels",
      llvm::cl::desc("Move each loop nest into its own function before the "
                     "LLVM lowering (nngraph-outline-kernels): LLVM compiles "
                     "many small functions much faster than one huge one"),
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
/// Options of nngraph-gpu-pipeline (GPUPipeline.cpp).
struct GPUPipelineOptions : public PassPipelineOptions<GPUPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("The NVIDIA GPU architecture the kernels are compiled "
                     "for (sm_80, sm_90, ...)"),
      llvm::cl::init("sm_80")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features: the PTX ISA version (+ptx80 or newer; "
                     "sm_90 needs +ptx78 at least)"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the kernels are embedded as: isa (PTX, compiled "
                     "by the driver when the module is loaded), bin (cubin, "
                     "assembled by the CUDA toolkit's ptxas, which must be "
                     "installed) or fatbin (ptxas and fatbinary)"),
      llvm::cl::init("isa")};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM optimisation level of the kernels (0-3)"),
      llvm::cl::init(3)};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block of the launches of parallel loops "
                     "(nngraph-gpu-map-loops)"),
      llvm::cl::init(256)};
  PassOptions::Option<bool> foldIntoConv{
      *this, "fold-into-conv",
      llvm::cl::desc("Fold batch norm and per-channel scale/shift into conv "
                     "and gemm weights first (nngraph-fold-into-conv)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer/consumer elementwise linalg ops before "
                     "bufferization: one kernel per chain"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> resultsToOutParams{
      *this, "results-to-out-params",
      llvm::cl::desc("Return results through caller-allocated (device) "
                     "buffers (what nngraph-run calls)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> lowerToLLVM{
      *this, "lower-to-llvm",
      llvm::cl::desc("Lower to NVVM and the LLVM dialect (off: stop after "
                     "kernel outlining, kernels in the gpu dialect)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> serialize{
      *this, "serialize",
      llvm::cl::desc("With lower-to-llvm, compile the kernels to the binary "
                     "format (gpu-module-to-binary); off: keep the NVVM "
                     "dialect gpu.modules"),
      llvm::cl::init(true)};
};

void buildGPUPipeline(OpPassManager &pm, const GPUPipelineOptions &options);

void registerPipelines();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_PIPELINES_PIPELINES_H
