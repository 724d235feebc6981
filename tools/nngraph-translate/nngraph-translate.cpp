//===- nngraph-translate.cpp - nngraph format translator --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-translate: mlirTranslateMain with the importers
// and exporters of the JSON graph formats.
//
//===----------------------------------------------------------------------===//

#include "TestRegistration.h"
#include "nngraph/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::nngraph::registerAllTranslations();
  mlir::nngraph::test::registerTestTranslations();
  return mlir::asMainReturnCode(
      mlir::mlirTranslateMain(argc, argv, "nngraph format translator\n"));
}
