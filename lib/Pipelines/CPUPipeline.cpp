//===- CPUPipeline.cpp - nngraph-cpu-pipeline -------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-pipeline: the progressive lowering of an
// nngraph function to the LLVM dialect for the CPU, stage by stage:
//   1. convert-nngraph-to-linalg (graph ops to linalg on tensors),
//   2. elementwise fusion and canonicalization (on tensors), and the split
//      of the weight-only work into a prepare function that the runtime
//      runs once (nngraph-lift-weight-transforms),
//   3. per-op-class schedules: tiling, fusion and vectorisation of the hot
//      ops (nngraph-cpu-tile-and-vectorize),
//   4. one-shot bufferization across function boundaries + deallocation,
//   5. vector lowering to FMAs, loads and stores; what has no schedule to
//      loops,
//   6. lowering of scf/affine/math/memref/arith/func/cf/vector to LLVM.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"
#include "nngraph/Conversion/Passes.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void nngraph::buildCPUPipeline(OpPassManager &pm,
                               const CPUPipelineOptions &options) {
  // 0. Graph rewrites: batch norms and scale/shifts into conv weights; then,
  // for per-layer profiling, each layer (as it will run) in a function of
  // its own.
  if (options.foldIntoConv)
    pm.addNestedPass<func::FuncOp>(createNNGraphFoldIntoConvPass());
  if (options.profile)
    pm.addPass(createNNGraphProfileLayersPass());
  // 1-2. Graph to linalg on tensors, fused and simplified; the weight-only
  // work split off into <function>_prepare.
  pm.addNestedPass<func::FuncOp>(createConvertNNGraphToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  if (options.fuseElementwise)
    pm.addNestedPass<func::FuncOp>(createNNGraphFuseElementwisePass());
  pm.addPass(createCSEPass());
  if (options.liftWeightTransforms)
    pm.addPass(createNNGraphLiftWeightTransformsPass());

  // 3. Schedules of the hot ops.
  if (options.vectorize) {
    NNGraphCPUTileAndVectorizePassOptions schedule;
    schedule.vectorWidth = options.vectorWidth;
    pm.addNestedPass<func::FuncOp>(
        createNNGraphCPUTileAndVectorizePass(schedule));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }

  // 4. Tensors to buffers; function signatures take identity-layout
  // memrefs so that callers (the runner, printMemref) can pass theirs.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (options.resultsToOutParams) {
    bufferization::BufferResultsToOutParamsPassOptions outParams;
    outParams.modifyPublicFunctions = true;
    outParams.hoistStaticAllocs = true;
    pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  }
  bufferization::buildBufferDeallocationPipeline(pm);

  // 5. Vectors to FMAs, loads and stores; tile loops and the rest to loops.
  pm.addPass(createForallToForLoopPass());
  if (options.vectorize)
    pm.addNestedPass<func::FuncOp>(createNNGraphCPULowerVectorsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  if (!options.lowerToLLVM)
    return;

  // 6. LLVM dialect.
  if (options.outlineKernels)
    pm.addPass(createNNGraphOutlineKernelsPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void nngraph::registerPipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "nngraph-cpu-pipeline",
      "Compile an nngraph graph for the CPU: nngraph -> linalg -> "
      "bufferization -> loops -> LLVM dialect",
      buildCPUPipeline);
}
