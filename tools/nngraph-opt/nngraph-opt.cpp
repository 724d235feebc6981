//===- nngraph-opt.cpp - nngraph optimizer driver ---------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-opt: MlirOptMain with the nngraph dialect, its
// passes and the upstream dialects and passes the project uses.
//
//===----------------------------------------------------------------------===//

#include "TestRegistration.h"
#include "nngraph/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::nngraph::registerAllPasses();
  mlir::nngraph::test::registerTestPasses();
  mlir::DialectRegistry registry;
  mlir::nngraph::registerAllDialects(registry);
  // gpu-module-to-binary (nngraph-gpu-pipeline) translates the kernels.
  mlir::registerAllToLLVMIRTranslations(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "nngraph optimizer driver\n", registry));
}
