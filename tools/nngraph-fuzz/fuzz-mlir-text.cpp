//===- fuzz-mlir-text.cpp - libFuzzer target of user MLIR text --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the mlir-text fuzz target: the input is MLIR text as
// nngraph-opt and the nngraph-translate exporters take it from a user, parsed
// with the graph dialects registered (nngraph, func, arith, scf, tensor) and
// verified; a module that verifies is printed back (the nngraph dialect's
// custom assembly formats).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  nngraph::insertGraphDialects(registry);
  nngraph_fuzz::FuzzInput input(data, size, registry, "fuzz.mlir");
  ParserConfig config(&input.context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(input.sourceMgr, config);
  if (!module || failed(verify(*module)))
    return 0;
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  return 0;
}
