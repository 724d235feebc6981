//===- fuzz-relayviz.cpp - libFuzzer target of the RelayViz reader -*- C++ -*-//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the relayviz fuzz target: the input is a RelayViz JSON
// file for importRelayViz; a graph that imports is exported back to RelayViz
// JSON into a string.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/RelayViz/RelayVizExport.h"
#include "nngraph/Target/RelayViz/RelayVizImport.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  nngraph::insertGraphDialects(registry);
  nngraph_fuzz::FuzzInput input(data, size, registry, "fuzz.json");
  OwningOpRef<ModuleOp> module = nngraph::relayviz::importRelayViz(
      input.sourceMgr, &input.context, nngraph::relayviz::ImportOptions());
  if (!module)
    return 0;
  std::string json;
  llvm::raw_string_ostream os(json);
  (void)nngraph::relayviz::exportRelayViz(*module, os);
  return 0;
}
