//===- ParamsTranslate.cpp - test translation for .params files -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers the test translations of the .params codec:
// --test-dump-nnvm-params lists the tensors of a file and
// --test-roundtrip-nnvm-params decodes and re-encodes it, so that tests can
// compare the bytes with the input.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/NNVM/Params.h"
#include "nngraph/Target/NNVM/TranslateRegistration.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::nngraph::nnvm;

/// Number of leading values printed per tensor.
static constexpr size_t kDumpedValues = 8;

/// Decodes the main buffer of `sourceMgr`, reporting failures at the file.
static FailureOr<ParamsFile> readMainFile(const llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::Expected<ParamsFile> file = readParams(buffer->getMemBufferRef());
  if (!file) {
    Location loc = FileLineColLoc::get(
        StringAttr::get(context, buffer->getBufferIdentifier()), 0, 0);
    emitError(loc) << llvm::toString(file.takeError());
    return failure();
  }
  return std::move(*file);
}

/// Converts a 16-bit float of `semantics` to double.
static double halfToDouble(const llvm::fltSemantics &semantics, uint16_t bits) {
  return llvm::APFloat(semantics, llvm::APInt(16, bits)).convertToDouble();
}

/// Prints element `index` of `tensor`: %g for floats, integers otherwise.
static void printValue(const ParamTensor &tensor, size_t index,
                       llvm::raw_ostream &os) {
  namespace endian = llvm::support::endian;
  const char *at = tensor.data.data() + index * getDTypeSize(tensor.dtype);
  auto read = [&](auto zero) {
    return endian::read<decltype(zero), llvm::endianness::little>(at);
  };
  switch (tensor.dtype) {
  case ParamDType::F32:
    os << llvm::format("%g", double(llvm::bit_cast<float>(read(uint32_t()))));
    return;
  case ParamDType::F64:
    os << llvm::format("%g", llvm::bit_cast<double>(read(uint64_t())));
    return;
  case ParamDType::F16:
    os << llvm::format(
        "%g", halfToDouble(llvm::APFloat::IEEEhalf(), read(uint16_t())));
    return;
  case ParamDType::BF16:
    os << llvm::format("%g",
                       halfToDouble(llvm::APFloat::BFloat(), read(uint16_t())));
    return;
  case ParamDType::U8:
  case ParamDType::Bool:
    os << unsigned(read(uint8_t()));
    return;
  case ParamDType::I8:
    os << int(read(int8_t()));
    return;
  case ParamDType::I32:
    os << read(int32_t());
    return;
  case ParamDType::I64:
    os << read(int64_t());
    return;
  }
}

/// Prints "<name> <dtype> <shape> <values...>" for one tensor.
static void printTensor(const ParamTensor &tensor, llvm::raw_ostream &os) {
  os << (tensor.name.empty() ? "<unnamed>" : tensor.name) << ' '
     << getDTypeName(tensor.dtype) << ' ';
  if (tensor.shape.empty())
    os << "scalar";
  llvm::interleave(tensor.shape, os, "x");
  size_t count = tensor.data.size() / getDTypeSize(tensor.dtype);
  for (size_t i = 0, e = std::min(count, kDumpedValues); i < e; ++i) {
    os << ' ';
    printValue(tensor, i, os);
  }
  if (count > kDumpedValues)
    os << " ...";
  os << '\n';
}

static LogicalResult dumpParams(const std::shared_ptr<llvm::SourceMgr> &mgr,
                                llvm::raw_ostream &os, MLIRContext *context) {
  FailureOr<ParamsFile> file = readMainFile(*mgr, context);
  if (failed(file))
    return failure();
  os << "flavor: " << (file->flavor == ParamsFlavor::MXNet ? "mxnet" : "tvm")
     << '\n';
  for (const ParamTensor &tensor : file->tensors)
    printTensor(tensor, os);
  return success();
}

static LogicalResult
roundTripParams(const std::shared_ptr<llvm::SourceMgr> &mgr,
                llvm::raw_ostream &os, MLIRContext *context) {
  FailureOr<ParamsFile> file = readMainFile(*mgr, context);
  if (failed(file))
    return failure();
  writeParams(*file, os);
  return success();
}

void mlir::nngraph::nnvm::registerNNVMParamsTestTranslations() {
  TranslateRegistration dump(
      "test-dump-nnvm-params",
      "Test: list the tensors of an MXNet or TVM .params file", dumpParams);
  TranslateRegistration roundTrip(
      "test-roundtrip-nnvm-params",
      "Test: decode and re-encode an MXNet or TVM .params file",
      roundTripParams);
}
