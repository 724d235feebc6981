//===- fuzz-nnvm-params.cpp - libFuzzer target of the .params codec -*- C++
//-*-//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nnvm-params fuzz target: the input is an MXNet or
// TVM .params file for readParams, read in place (no copy, so that ASan sees
// any read past its end). A file that decodes is written back with
// writeParams, and what was written must decode again to the same tensors:
// a failure there is a finding too.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nngraph/Target/NNVM/Params.h"

using namespace mlir::nngraph::nnvm;

static bool sameTensors(const ParamsFile &a, const ParamsFile &b) {
  if (a.flavor != b.flavor || a.tensors.size() != b.tensors.size())
    return false;
  for (size_t i = 0, e = a.tensors.size(); i != e; ++i) {
    const ParamTensor &x = a.tensors[i], &y = b.tensors[i];
    if (x.name != y.name || x.dtype != y.dtype || x.shape != y.shape ||
        x.data != y.data)
      return false;
  }
  return true;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::MemoryBufferRef buffer(
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      "fuzz.params");
  llvm::Expected<ParamsFile> file = readParams(buffer);
  if (!file) {
    llvm::consumeError(file.takeError());
    return 0;
  }
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  writeParams(*file, os);
  llvm::Expected<ParamsFile> again =
      readParams(llvm::MemoryBufferRef(bytes, "rewritten.params"));
  if (!again)
    nngraph_fuzz::fuzzFail("writeParams output does not read back: " +
                           llvm::toString(again.takeError()));
  if (!sameTensors(*file, *again))
    nngraph_fuzz::fuzzFail("writeParams output reads back different tensors");
  return 0;
}
