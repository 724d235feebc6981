//===- Common.cpp - stages shared by the CPU and GPU pipelines ------------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void nngraph::addBufferizationPasses(OpPassManager &pm,
                                     bool resultsToOutParams) {
  pm.addNestedPass<func::FuncOp>(createNNGraphCopyRepeatedResultsPass());
  pm.addNestedPass<func::FuncOp>(createNNGraphBuildInDestinationsPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (resultsToOutParams) {
    bufferization::BufferResultsToOutParamsPassOptions outParams;
    outParams.modifyPublicFunctions = true;
    outParams.hoistStaticAllocs = true;
    pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  }
}

void nngraph::addDeallocationPasses(OpPassManager &pm) {
  memref::ExpandReallocPassOptions realloc;
  realloc.emitDeallocs = false;
  OpPassManager &first = pm.nest<func::FuncOp>();
  first.addPass(memref::createExpandReallocPass(realloc));
  first.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  OpPassManager &second = pm.nest<func::FuncOp>();
  second.addPass(createCanonicalizerPass());
  second.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  OpPassManager &third = pm.nest<func::FuncOp>();
  third.addPass(createCSEPass());
  third.addPass(createCanonicalizerPass());
}
