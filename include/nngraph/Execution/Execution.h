//===- Execution.h - load, compile and run models ---------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what nngraph-run and the Python package share: model
// loading with format detection, weights from .params files, deterministic
// random values, and an Executable that compiles a graph with
// nngraph-cpu-pipeline and runs it through MLIR's ExecutionEngine on
// caller-owned buffers. Every problem is reported as an MLIR diagnostic on
// the module's context, so callers choose how to show it.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_EXECUTION_EXECUTION_H
#define NNGRAPH_EXECUTION_EXECUTION_H

#include "nngraph/Execution/NpyFile.h"
#include "nngraph/Target/NNVM/Params.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
class SourceMgr;
} // namespace llvm

namespace mlir {
class ExecutionEngine;

namespace nngraph {

/// The model formats nngraph reads: "nnvm", "lightnet", "xoc", "relayviz"
/// and "mlir".
llvm::ArrayRef<llvm::StringRef> getModelFormats();

/// The format of a model file from its path and content; "" when the
/// content is JSON of none of the formats.
std::string detectModelFormat(llvm::StringRef path, llvm::StringRef text);

struct LoadOptions {
  /// One of getModelFormats(); empty: detected from the content.
  std::string format;
  /// Graph input shapes of NNVM models, "name=1x3x224x224".
  std::vector<std::string> inputShapes;
  /// Unknown operators are errors instead of `nngraph.custom`.
  bool strict = false;
  /// LightNet: strip comments and trailing commas before parsing.
  bool lenient = false;
  /// LightNet: tensors used but never defined become graph inputs.
  bool undefinedAsInputs = false;
};

/// Imports the model in `sourceMgr`'s main buffer. Weights of NNVM models
/// stay graph inputs (role "weight"): they are bound at run time. Returns
/// null after reporting diagnostics.
OwningOpRef<ModuleOp> loadModel(llvm::SourceMgr &sourceMgr,
                                MLIRContext *context,
                                const LoadOptions &options);

/// The weights of a .params file, by variable name (MXNet's arg:/aux:
/// prefixes dropped): views of the mapped file, which they keep alive.
class WeightFile {
public:
  /// Reads `path`; reports problems as errors at `loc`.
  static std::unique_ptr<WeightFile> read(llvm::StringRef path, Location loc);

  const nnvm::ParamTensor *lookup(llvm::StringRef name) const {
    return byName.lookup(name);
  }
  const nnvm::ParamsFile &getFile() const { return file; }

private:
  nnvm::ParamsFile file;
  llvm::StringMap<const nnvm::ParamTensor *> byName;
};

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

/// Copies the weight `info` from `file`; an error at `loc` when it is
/// missing a match in dtype or shape.
FailureOr<NpyArray> readWeight(const WeightFile &file, const TensorInfo &info,
                               Location loc);

struct CompileOptions {
  /// LLVM optimisation level of the JIT.
  unsigned optLevel = 3;
  /// Fuse elementwise ops before bufferization.
  bool fuseElementwise = true;
  /// Shared libraries the code calls: MLIR's C runner utils and
  /// libnngraph_runtime.so; empty: the ones this build was made with.
  std::vector<std::string> sharedLibs;
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

private:
  Executable() = default;
  std::vector<TensorInfo> inputs, outputs;
  std::unique_ptr<ExecutionEngine> engine;
  std::string entry;
  void (*entryPoint)(void **) = nullptr;
};

/// The shared libraries compiled code needs, as this build knows them.
std::vector<std::string> getDefaultSharedLibs();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_EXECUTION_H
