//===- fuzz-xoc.cpp - libFuzzer target of the XOC reader --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the xoc fuzz target: the input is an XOC (xovis) JSON
// computation graph for importXOCGraph; a graph that imports is exported back
// to XOC JSON into a string.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Target/XOC/XOCExport.h"
#include "nngraph/Target/XOC/XOCImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  registry.insert<nngraph::NNGraphDialect, func::FuncDialect>();
  nngraph_fuzz::FuzzInput input(data, size, registry, "fuzz.json");
  OwningOpRef<ModuleOp> module = nngraph::xoc::importXOCGraph(
      input.sourceMgr, &input.context, nngraph::xoc::ImportOptions());
  if (!module)
    return 0;
  std::string json;
  llvm::raw_string_ostream os(json);
  (void)nngraph::xoc::exportXOCGraph(*module, os,
                                     nngraph::xoc::ExportOptions());
  return 0;
}
