//===- FuzzSupport.h - shared setup of the nngraph fuzz targets -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements what every libFuzzer target of nngraph shares: a fresh
// MLIRContext per input (single-threaded, diagnostics discarded so that the
// fuzzer stays quiet) and the input bytes as the main buffer of a SourceMgr,
// the way nngraph-translate hands a file to a reader.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TOOLS_NNGRAPH_FUZZ_FUZZSUPPORT_H
#define NNGRAPH_TOOLS_NNGRAPH_FUZZ_FUZZSUPPORT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace nngraph_fuzz {

/// One input: a context with the dialects of `registry` and a discarding
/// diagnostic handler, and a SourceMgr whose main buffer holds a copy of the
/// input (null-terminated, as MemoryBuffer::getFile gives it), named like a
/// file so that file-level diagnostics have their usual shape.
struct FuzzInput {
  FuzzInput(const uint8_t *data, size_t size, mlir::DialectRegistry &registry,
            llvm::StringRef name)
      : context(registry, mlir::MLIRContext::Threading::DISABLED),
        handler(&context, [](mlir::Diagnostic &) { return mlir::success(); }) {
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(
            llvm::StringRef(reinterpret_cast<const char *>(data), size), name),
        llvm::SMLoc());
  }

  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler handler;
  llvm::SourceMgr sourceMgr;
};

/// Aborts (a finding) with `message` on stderr: for invariants the fuzz
/// target checks beyond the sanitizers, e.g. an exporter failing on a module
/// the importer produced and verified.
[[noreturn]] inline void fuzzFail(llvm::StringRef message) {
  llvm::errs() << "nngraph-fuzz: " << message << "\n";
  std::abort();
}

} // namespace nngraph_fuzz

#endif // NNGRAPH_TOOLS_NNGRAPH_FUZZ_FUZZSUPPORT_H
