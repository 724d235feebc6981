//===- CPUPipeline.cpp - nngraph-cpu-pipeline -------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-pipeline: the progressive lowering of an
// nngraph function to the LLVM dialect for the CPU, stage by stage:
//   1. convert-nngraph-to-linalg (graph ops to linalg on tensors),
//   2. elementwise fusion and canonicalization (on tensors), 3x3 stride-1
//      convolutions as Winograd's F(m x m, 3 x 3) (nngraph-cpu-winograd),
//      1x1 convolutions whose rows waste register tiles as matmuls over
//      their pixels (nngraph-cpu-pointwise-conv-to-matmul), weights packed
//      in the layout of their tiles, and the split of the
//      weight-only work into a prepare function that the runtime runs once
//      (nngraph-lift-weight-transforms),
//   3. per-op-class schedules: tiling, fusion and vectorisation of the hot
//      ops (nngraph-cpu-tile-and-vectorize),
//   4. empty-tensor elimination (a tile loop that fills a tensor.empty
//      and is then inserted into a larger tensor, such as a concat, writes
//      into that tensor's slice), one-shot bufferization across function
//      boundaries, copies of whole buffers into slices of others elided
//      (nngraph-elide-copies: a dense block in one buffer), the
//      intermediates placed in one arena
//      (nngraph-plan-buffers), then deallocation of what is left; with
//      the LLVM lowering, each loop nest outlined into a function and
//      identical ones merged, so that stages 5 and 6 work on each distinct
//      kernel once and on the kernels in parallel,
//   5. parallel tile loops (scf.forall) to sequential loops, or with threads
//      to scf.parallel; vector lowering to FMAs, loads and stores; what has
//      no schedule to loops,
//   6. lowering of scf/affine/math/memref/arith/func/cf/vector (and with
//      threads, scf.parallel through OpenMP) to LLVM; kernels that differ
//      only in integer constants merged into one that takes them as
//      arguments.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "nngraph/Codegen/Passes.h"
#include "nngraph/Conversion/Passes.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

/// Adds `passes` nested on every func.func: the op-agnostic conversions
/// run on the outlined kernels in parallel (the context's threads), each
/// function on its own, instead of once over the whole module.
template <typename... Passes>
void addOnFunctions(OpPassManager &pm, std::unique_ptr<Passes>... passes) {
  OpPassManager &nested = pm.nest<func::FuncOp>();
  (nested.addPass(std::move(passes)), ...);
}

/// Stage 6 without threads: scf.parallel loops (if any reach here) become
/// sequential loops in convert-scf-to-cf. The conversions that can work on
/// one function at a time do (the module passes declare runtime functions
/// or convert signatures).
void addSequentialToLLVMPasses(OpPassManager &pm) {
  // Integer powers (math.ipowi) become calls of functions this adds.
  pm.addPass(createConvertMathToFuncs());
  addOnFunctions(pm, createConvertVectorToSCFPass(), createLowerAffinePass(),
                 createSCFToControlFlowPass(),
                 memref::createExpandStridedMetadataPass(),
                 createLowerAffinePass(), createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  addOnFunctions(pm, createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  addOnFunctions(pm, createArithToLLVMConversionPass(),
                 createConvertIndexToLLVMPass(),
                 createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createCanonicalizerPass());
}

/// Stage 6 with threads: scf.parallel becomes omp.parallel + omp.wsloop on
/// `threads` threads (libomp at run time). The order matters
/// (CPU-CODEGEN.md, pitfall 3): convert-scf-to-openmp wraps each loop body
/// in memref.alloca_scope, which finalize-memref-to-llvm must lower before
/// convert-scf-to-cf makes the body multi-block; and no canonicalization
/// runs between convert-scf-to-openmp and the end of the conversions (the
/// pitfall: constants moved into omp.wsloop). One canonicalization after
/// the last conversion stays: with MLIR 22.1.8 it verifies on every model
/// and test here (no omp op is isolated from above, so folded constants
/// go to the function's entry block), and without it the JIT spends about
/// 60% more time compiling code with OpenMP regions (ResNet-18 at 64x64:
/// 3.4 s against 2.0 s of CPU time, 2.1 s sequential).
void addOpenMPToLLVMPasses(OpPassManager &pm, unsigned threads) {
  pm.addPass(createConvertMathToFuncs());
  addOnFunctions(pm, createConvertVectorToSCFPass(), createLowerAffinePass());
  ConvertSCFToOpenMPPassOptions openMP;
  openMP.numThreads = threads;
  pm.addPass(createConvertSCFToOpenMPPass(openMP));
  addOnFunctions(pm, memref::createExpandStridedMetadataPass(),
                 createLowerAffinePass(), createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  addOnFunctions(pm, createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  addOnFunctions(
      pm, createSCFToControlFlowPass(), createArithToLLVMConversionPass(),
      createConvertIndexToLLVMPass(), createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createCanonicalizerPass());
}

} // namespace

void nngraph::buildCPUPipeline(OpPassManager &pm,
                               const CPUPipelineOptions &options) {
  // 0. Graph rewrites: batch norms and scale/shifts into conv weights; then,
  // for per-layer profiling, the list of the graph's layers (the kernels
  // made of them are timed in stage 6).
  if (options.foldIntoConv)
    pm.addNestedPass<func::FuncOp>(createNNGraphFoldIntoConvPass());
  if (options.profile)
    pm.addPass(createNNGraphProfileLayersPass());
  // 1-2. Graph to linalg on tensors, fused and simplified; 3x3 convolutions
  // by Winograd; the weight-only work split off into <function>_prepare.
  pm.addNestedPass<func::FuncOp>(createConvertNNGraphToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  // CSE first: the layout permutations that the lowering makes per use of an
  // activation (a ResNet-v2 block's pre-activation feeds two convolutions)
  // become one, which its producer then fuses into.
  pm.addPass(createCSEPass());
  if (options.fuseElementwise)
    pm.addNestedPass<func::FuncOp>(createNNGraphFuseElementwisePass());
  pm.addPass(createCSEPass());
  if (options.vectorize && options.winograd > 0) {
    NNGraphCPUWinogradPassOptions winograd;
    winograd.outputTile = options.winograd;
    winograd.vectorWidth = options.vectorWidth;
    pm.addNestedPass<func::FuncOp>(createNNGraphCPUWinogradPass(winograd));
  }
  if (options.vectorize) {
    NNGraphCPUPointwiseConvToMatmulPassOptions pointwise;
    pointwise.vectorWidth = options.vectorWidth;
    pm.addNestedPass<func::FuncOp>(
        createNNGraphCPUPointwiseConvToMatmulPass(pointwise));
    NNGraphCPUPackWeightsPassOptions pack;
    pack.vectorWidth = options.vectorWidth;
    pm.addNestedPass<func::FuncOp>(createNNGraphCPUPackWeightsPass(pack));
  }
  if (options.liftWeightTransforms)
    pm.addPass(createNNGraphLiftWeightTransformsPass());

  // 3. Schedules of the hot ops.
  if (options.vectorize) {
    NNGraphCPUTileAndVectorizePassOptions schedule;
    schedule.vectorWidth = options.vectorWidth;
    pm.addNestedPass<func::FuncOp>(
        createNNGraphCPUTileAndVectorizePass(schedule));
    // Structured code has no blocks to merge or erase: no region
    // simplification (its walks cost DenseNet-201 0.1-0.2 s here).
    pm.addPass(createCanonicalizerPass(
        GreedyRewriteConfig().setRegionSimplificationLevel(
            GreedySimplifyRegionLevel::Disabled)));
    pm.addPass(createCSEPass());
  }

  // 4. Tensors to buffers; function signatures take identity-layout
  // memrefs so that callers (the runner, printMemref) can pass theirs.
  // Producers whose results are inserted into a larger tensor (the pieces
  // of a concat) write into its slices rather than through a copy.
  nngraph::addBufferizationPasses(pm, options.resultsToOutParams);
  pm.addPass(createNNGraphElideCopiesPass());
  if (options.planBuffers) {
    NNGraphPlanBuffersPassOptions plan;
    plan.arenaArgument = options.arenaArgument;
    pm.addPass(createNNGraphPlanBuffersPass(plan));
  }
  // Kernels: with the LLVM lowering, each loop nest moves into a function
  // of its own now (nngraph-outline-kernels, identical ones merged), so
  // that the rest of the pipeline lowers each distinct kernel once, the
  // kernels in parallel; the graph function keeps the calls, and with
  // profiling the timing hooks around them (nngraph-profile-kernels).
  bool outline = options.lowerToLLVM && options.outlineKernels;
  if (options.lowerToLLVM && options.profile)
    pm.addPass(createNNGraphProfileKernelsPass());
  if (outline)
    pm.addPass(createNNGraphOutlineKernelsPass());
  nngraph::addDeallocationPasses(pm);
  // 5. Loops. The parallel tile loops of the schedules (scf.forall: every
  // static op has a schedule, the elementwise one included) run on threads,
  // or in sequence with one. Vectors become FMAs, loads and stores; what
  // has no schedule, loops.
  bool openMP = options.threads > 1;
  if (openMP)
    pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
  else
    pm.addNestedPass<func::FuncOp>(createForallToForLoopPass());
  if (options.vectorize)
    pm.addNestedPass<func::FuncOp>(createNNGraphCPULowerVectorsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  if (!options.lowerToLLVM)
    return;
  // 6. LLVM dialect.
  if (openMP)
    addOpenMPToLLVMPasses(pm, options.threads);
  else
    addSequentialToLLVMPasses(pm);
  // Kernels that differ only in integer constants (sizes, strides: a
  // dense block's layers) become one that takes them as arguments, so that
  // LLVM optimises and compiles each family once.
  if (outline)
    pm.addPass(createNNGraphMergeSimilarKernelsPass());
}

void nngraph::registerPipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "nngraph-cpu-pipeline",
      "Compile an nngraph graph for the CPU: nngraph -> linalg -> "
      "bufferization -> loops -> LLVM dialect",
      buildCPUPipeline);
  PassPipelineRegistration<GPUPipelineOptions>(
      "nngraph-gpu-pipeline",
      "Compile an nngraph graph for NVIDIA GPUs: nngraph -> linalg -> "
      "bufferization -> device buffers -> parallel loops -> gpu.launch -> "
      "kernels in NVVM -> PTX or cubin, host code in the LLVM dialect "
      "calling the mgpu* runtime",
      buildGPUPipeline);
}
