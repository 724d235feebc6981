//===- Execution.h - compile and run models ---------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what nngraph-run and the Python package share to run a
// model: its signature (TensorInfo), an Executable that compiles a graph
// with nngraph-cpu-pipeline and runs it through MLIR's ExecutionEngine on
// caller-owned buffers, the one policy that binds values to its inputs
// (weights, named arrays, deterministic random values) and the summary
// line of an output. Loading models and reading weights files is the
// format registry's (nngraph/Target/Formats/FormatRegistry.h).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_EXECUTION_EXECUTION_H
#define NNGRAPH_EXECUTION_EXECUTION_H

#include "nngraph/Execution/NpyFile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;

namespace nngraph {

/// One graph input or output of a compiled model. Owns no MLIR object, so
/// an Executable outlives the context it was compiled in.
struct TensorInfo {
  std::string name;
  std::vector<int64_t> shape;
  /// nngraph's dtype name ("float32") and NumPy's dtype string ("<f4").
  std::string dtype;
  std::string npyDType;
  /// A weight (role "weight"), not a data input.
  bool isWeight = false;

  int64_t numElements() const;
  int64_t byteSize() const;
  /// "float32 [1, 3, 224, 224]".
  std::string describe() const;
  /// Zero-filled storage of this tensor.
  NpyArray allocate() const;
};

/// The graph function's inputs and outputs, with names. Fails (with an
/// error) when one has no static shape or no NumPy dtype.
LogicalResult getGraphSignature(ModuleOp module,
                                std::vector<TensorInfo> &inputs,
                                std::vector<TensorInfo> &outputs);

/// Deterministic uniform values in [lo, hi) into `array` (nngraph-run's
/// --random-inputs / --random-weights). Weights use seed + name length.
void fillUniform(NpyArray &array, unsigned seed, double lo, double hi);
unsigned getWeightSeed(unsigned seed, llvm::StringRef name);

/// The summary nngraph-run prints for an output: "output NAME: float32
/// [1, 10] min .. max .. mean .. first [...]", and with `topK` a second
/// line "  top-K: index (value) ..." of the first row of the last axis.
/// No trailing newline.
std::string summarizeOutput(llvm::StringRef name, const NpyArray &array,
                            unsigned topK);

struct CompileOptions {
  /// LLVM optimisation level of the JIT.
  unsigned optLevel = 3;
  /// Fuse elementwise ops before bufferization.
  bool fuseElementwise = true;
  /// Shared libraries the code calls: MLIR's C runner utils and
  /// libnngraph_runtime.so; empty: the ones this build was made with.
  std::vector<std::string> sharedLibs;
  /// Threads of the parallel loops (scf.forall of the schedules); 0:
  /// getDefaultThreadCount(). With more than one, code that has parallel
  /// loops calls the OpenMP runtime, loaded from `openMPLib`.
  unsigned threads = 0;
  /// The OpenMP runtime (libomp); empty: getOpenMPLibrary().
  std::string openMPLib;
  /// With threads, also split the large ops that no schedule tiled into
  /// one tile per thread (the pipeline's parallelize-linalg).
  bool parallelizeLinalg = false;
};

/// A model compiled for the host CPU.
class Executable {
public:
  /// Compiles the graph function of `module` (which it consumes). Reports
  /// problems as diagnostics on the module's context and returns null.
  static std::unique_ptr<Executable> compile(OwningOpRef<ModuleOp> module,
                                             const CompileOptions &options);
  ~Executable();

  llvm::ArrayRef<TensorInfo> getInputs() const { return inputs; }
  llvm::ArrayRef<TensorInfo> getOutputs() const { return outputs; }
  /// The threads its parallel loops run on (1: sequential).
  unsigned getThreads() const { return threads; }

  /// Runs the model. `buffers` holds one pointer per input, then one per
  /// output, each to dense C-order storage of that tensor's type; outputs
  /// are written. Touches no MLIR context: callers may run it on any
  /// thread, and concurrent calls with distinct buffers are safe.
  llvm::Error invoke(llvm::ArrayRef<void *> buffers) const;

private:
  Executable() = default;
  std::vector<TensorInfo> inputs, outputs;
  std::unique_ptr<ExecutionEngine> engine;
  std::string entry;
  void (*entryPoint)(void **) = nullptr;
  unsigned threads = 1;
};

/// The shared libraries compiled code needs, as this build knows them.
std::vector<std::string> getDefaultSharedLibs();

/// The OpenMP runtime (libomp) that threaded code calls, as this build
/// found it; empty when it found none.
std::string getOpenMPLibrary();

/// The thread count of models compiled without one: NNGRAPH_NUM_THREADS
/// when set (an error unless it is a positive integer), else the number of
/// CPUs this process may run on; 1 (with a warning, once) when this build
/// has no OpenMP runtime.
llvm::Expected<unsigned> getDefaultThreadCount();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_EXECUTION_H
