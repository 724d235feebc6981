//===- fuzz-nnvm-json.cpp - libFuzzer target of the NNVM reader -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nnvm-json fuzz target: the input is an NNVM-family
// graph JSON file (MXNet symbol, NNVM, TVM graph executor) for importNNVMGraph;
// a graph that imports is exported back (its own flavour) into a string.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Target/NNVM/NNVMExport.h"
#include "nngraph/Target/NNVM/NNVMImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  registry.insert<nngraph::NNGraphDialect, func::FuncDialect>();
  nngraph_fuzz::FuzzInput input(data, size, registry, "fuzz.json");
  nngraph::nnvm::ImportOptions options;
  OwningOpRef<ModuleOp> module =
      nngraph::nnvm::importNNVMGraph(input.sourceMgr, &input.context, options);
  if (!module)
    return 0;
  std::string json;
  llvm::raw_string_ostream os(json);
  (void)nngraph::nnvm::exportNNVMGraph(*module, os,
                                       nngraph::nnvm::ExportOptions());
  return 0;
}
