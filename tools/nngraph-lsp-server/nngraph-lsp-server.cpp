//===- nngraph-lsp-server.cpp - nngraph language server ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-lsp-server: upstream's MLIR language server
// (MlirLspServerMain: diagnostics, go-to-definition, hover, symbols,
// completion over the Language Server Protocol on stdin/stdout) with the
// nngraph dialect and every dialect the pipelines produce registered, so an
// editor understands `nngraph-translate` output and each stage of
// `nngraph-opt --nngraph-cpu-pipeline` / `--nngraph-gpu-pipeline`.
// docs/LSP.md says how to use it from an editor.
//
//===----------------------------------------------------------------------===//

#include "nngraph/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::nngraph::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
