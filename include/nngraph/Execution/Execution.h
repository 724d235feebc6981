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
  /// Instrument each layer for Executable::invokeProfiled (CPU pipeline
  /// option `profile`, pass nngraph-profile-layers).
  bool profile = false;
};

/// A layer of an Executable compiled with CompileOptions::profile: its node
/// name and operation name ("nngraph.conv").
struct LayerInfo {
  std::string name;
  std::string op;
};

/// What one profiled run spent in each layer, indexed like
/// Executable::getLayers().
struct LayerTimes {
  std::vector<int64_t> nanoseconds;
  std::vector<int64_t> calls;
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

  /// Runs the model. `buffers` holds one pointer per input, then one per
  /// output, each to dense C-order storage of that tensor's type; outputs
  /// are written. Touches no MLIR context: callers may run it on any
  /// thread, and concurrent calls with distinct buffers are safe.
  llvm::Error invoke(llvm::ArrayRef<void *> buffers) const;

  /// The timed layers, by the id the runtime hooks receive; empty unless
  /// compiled with CompileOptions::profile.
  llvm::ArrayRef<LayerInfo> getLayers() const { return layers; }
  /// Runs the model like invoke and sets `times` to what this run spent in
  /// each layer. Fails unless compiled with CompileOptions::profile.
  llvm::Error invokeProfiled(llvm::ArrayRef<void *> buffers,
                             LayerTimes &times) const;

private:
  Executable() = default;
  std::vector<TensorInfo> inputs, outputs;
  std::unique_ptr<ExecutionEngine> engine;
  std::string entry;
  void (*entryPoint)(void **) = nullptr;
  std::vector<LayerInfo> layers;
  /// nngraph_profile_set_record of the runtime library the code calls.
  void *(*setProfileRecord)(void *) = nullptr;
};

/// The shared libraries compiled code needs, as this build knows them.
std::vector<std::string> getDefaultSharedLibs();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_EXECUTION_H
