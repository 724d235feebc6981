//===- InitAll.cpp - register everything nngraph uses -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the registration entry points declared in InitAll.h.
//
//===----------------------------------------------------------------------===//

#include "nngraph/InitAll.h"
#include "nngraph/Codegen/Passes.h"
#include "nngraph/Conversion/Passes.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Pipelines/Pipelines.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Formats/FormatRegistry.h"
#include "nngraph/Target/NNVM/NNVMImport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Transforms/Passes.h"

void mlir::nngraph::registerAllDialects(DialectRegistry &registry) {
  registry.insert<NNGraphDialect>();
  // Formats that type their custom operations once shapes are known.
  nnvm::registerNNVMCustomRetype();
  // Every upstream dialect and its interface models (bufferization,
  // conversion to LLVM): the pipelines lower through many of them.
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
}

void mlir::nngraph::registerAllPasses() {
  registerNNGraphPasses();
  registerNNGraphConversionPasses();
  registerNNGraphCodegenPasses();
  registerPipelines();
  mlir::registerAllPasses();
}

void mlir::nngraph::registerAllTranslations() {
  // Every row of the format registry registers its own translations.
  registerFormatTranslations();
}
