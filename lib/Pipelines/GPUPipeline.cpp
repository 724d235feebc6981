//===- GPUPipeline.cpp - nngraph-gpu-pipeline ----------------------------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file builds nngraph-gpu-pipeline, the progressive lowering of an
// nngraph graph for NVIDIA GPUs:
//   1. graph rewrites and nngraph -> linalg on tensors, elementwise chains
//      fused (one kernel each), as in the CPU pipeline;
//   2. bufferization and deallocation (Common.h), results as out-params;
//   3. device memory: allocations become gpu.alloc, constants are copied
//      to the device, copies become linalg ops
//      (nngraph-gpu-device-buffers);
//   4. linalg -> scf.parallel over the parallel dimensions (reductions are
//      scf.for inside), each top-level nest -> a gpu.launch of one thread
//      per iteration, sequential ops -> a launch of one thread
//      (nngraph-gpu-map-loops); gpu-kernel-outlining, the kernels in one
//      gpu.module (nngraph-gpu-collect-kernels);
//   5. kernels: math functions spelled out (nngraph-gpu-expand-math), then
//      NVVM; host: one stream per call (gpu-async-region), the LLVM dialect
//      with calls of the mgpu* runtime (gpu-to-llvm);
//   6. gpu-module-to-binary: PTX, or cubin/fatbin through the CUDA
//      toolkit's ptxas.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "nngraph/Codegen/Passes.h"
#include "nngraph/Conversion/Passes.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void nngraph::buildGPUPipeline(OpPassManager &pm,
                               const GPUPipelineOptions &options) {
  // 1. Graph to linalg on tensors.
  if (options.foldIntoConv)
    pm.addNestedPass<func::FuncOp>(createNNGraphFoldIntoConvPass());
  pm.addNestedPass<func::FuncOp>(createConvertNNGraphToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  // Per-channel factors (a batch norm's scale / sqrt(var + eps)) are
  // recomputed in the kernels that read them: there is no prepare function
  // here, and a launch per vector would cost more.
  if (options.fuseElementwise) {
    NNGraphFuseElementwisePassOptions fuse;
    fuse.fuseBroadcastWork = true;
    pm.addNestedPass<func::FuncOp>(createNNGraphFuseElementwisePass(fuse));
  }
  pm.addPass(createCSEPass());

  // 2-3. Buffers, in device memory.
  addBufferizationPasses(pm, options.resultsToOutParams);
  pm.addPass(createNNGraphElideCopiesPass());
  addDeallocationPasses(pm);
  pm.addPass(createNNGraphGPUDeviceBuffersPass());

  // 4. Loops to launches to kernels.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  NNGraphGPUMapLoopsPassOptions map;
  map.blockSize = options.blockSize;
  pm.addPass(createNNGraphGPUMapLoopsPass(map));
  // Trip counts fold to constants first, which outlining then clones into
  // the kernels instead of passing them.
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createNNGraphGPUCollectKernelsPass());
  pm.addPass(createCanonicalizerPass());
  if (!options.lowerToLLVM)
    return;

  // 5. Kernels to NVVM, host to LLVM with runtime calls.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createNNGraphGPUExpandMathPass());
  kernels.addPass(createLowerAffinePass());
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(memref::createExpandStridedMetadataPass());
  kernels.addPass(createLowerAffinePass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  OpPassManager &host = pm.nest<func::FuncOp>();
  host.addPass(createLowerAffinePass());
  host.addPass(createSCFToControlFlowPass());
  host.addPass(memref::createExpandStridedMetadataPass());
  host.addPass(createLowerAffinePass());
  host.addPass(createArithToLLVMConversionPass());
  host.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createCanonicalizerPass());
  if (!options.serialize)
    return;

  // 6. Kernels to PTX (or cubin).
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}
