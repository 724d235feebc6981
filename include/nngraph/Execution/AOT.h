//===- AOT.h - ahead-of-time compilation to a shared library ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the ahead-of-time path of nngraph-compile and the
// Python package: a graph lowered for the CPU (lowerGraphForCPU) compiled to
// object files by the JIT's code generator (compileToObjects), linked by
// the system's C compiler driver with the C runtime (lib/Runtime/
// AOTRuntime.c) and a table describing the model into a shared library
// that exports the API of include/nngraph-c/Runtime.h; the weights go to a
// file beside it, which the library maps when it loads the model.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_EXECUTION_AOT_H
#define NNGRAPH_EXECUTION_AOT_H

#include "nngraph/Execution/Execution.h"

#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace mlir {
namespace nngraph {

struct LibraryOptions {
  /// The shared library to write ("model.so").
  std::string outputPath;
  /// The weights file to write; empty: outputPath with ".weights" for its
  /// ".so" (where the library looks when loaded without a path).
  std::string weightsPath;
  /// The CPU the code is compiled for, by LLVM's name (JITOptions::cpu);
  /// empty: the host's.
  std::string cpu;
  /// LLVM optimisation level, and the threads that compile the partitions
  /// (0: getCompileThreadCount()).
  unsigned optLevel = 3;
  unsigned compileThreads = 0;
  /// The OpenMP runtime linked in when the code has parallel loops; empty:
  /// getOpenMPLibrary().
  std::string openMPLib;
  /// The C runtime's archive (libnngraph_aot_runtime.a) and the directory
  /// of the table's header (AOTModel.h); empty: this build's (an installed
  /// Python package passes the copies beside it).
  std::string runtimeArchive;
  std::string includeDir;
};

/// The weights file of `libraryPath`: its path with ".weights" for ".so".
std::string getDefaultWeightsPath(llvm::StringRef libraryPath);

/// Compiles `lowered` (lowerGraphForCPU's module, described by `graph`)
/// into the shared library options.outputPath and writes its weights file:
/// weights[i] holds the bytes of graph.inputs[i] (graph.inputs[i].byteSize()
/// of them) when that input is a weight, null for a data input, which the
/// library's caller gives at each run. Links with the C compiler driver of
/// the environment variable CC, else `cc`. Reports problems as diagnostics
/// at the module's location and fails.
LogicalResult writeLibrary(ModuleOp lowered, const LoweredGraph &graph,
                           llvm::ArrayRef<const char *> weights,
                           const LibraryOptions &options);

/// The vector width (CompileOptions::vectorWidth) for code compiled for
/// `cpu` (empty: the host's); reports an unknown CPU at `loc`.
FailureOr<unsigned> getVectorWidthFor(llvm::StringRef cpu, Location loc);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_AOT_H
