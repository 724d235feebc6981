//===- fuzz-lightnet.cpp - libFuzzer target of the LightNet reader -*- C++ -*-//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lightnet fuzz target: the input is a LightNet JSON
// IR file for importLightNet (the fuzzer's first byte also picks the lenient
// and undefined-as-inputs options); a graph that imports is exported back to
// LightNet JSON into a string.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Target/LightNet/LightNetExport.h"
#include "nngraph/Target/LightNet/LightNetImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  registry.insert<nngraph::NNGraphDialect, func::FuncDialect>();
  nngraph::lightnet::ImportOptions options;
  // Inputs that start with a byte other than '{' choose the options (and are
  // otherwise skipped): the seeds are plain JSON and keep the defaults.
  if (size && data[0] != '{' && data[0] != ' ' && data[0] != '\n') {
    options.lenient = data[0] & 1;
    options.undefinedAsInputs = data[0] & 2;
    ++data;
    --size;
  }
  nngraph_fuzz::FuzzInput input(data, size, registry, "fuzz.json");
  OwningOpRef<ModuleOp> module = nngraph::lightnet::importLightNet(
      input.sourceMgr, &input.context, options);
  if (!module)
    return 0;
  std::string json;
  llvm::raw_string_ostream os(json);
  (void)nngraph::lightnet::exportLightNet(*module, os);
  return 0;
}
