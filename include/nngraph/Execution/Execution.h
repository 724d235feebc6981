//===- Execution.h - compile and run models ---------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what nngraph-run and the Python package share to run a
// model: its signature (TensorInfo), an Executable that compiles a graph
// with nngraph-cpu-pipeline and runs it through the project's JIT (JIT.h) on
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
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {
class JITModule;

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
  /// Its values must be positive: a batch normalisation's variance (random
  /// weights for it are drawn from [0.5, 1.5), not [-0.5, 0.5), which would
  /// make the model's output NaN).
  bool positive = false;

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
  /// Split the work that depends only on weights and constants into a
  /// prepare function run once per set of weights (see Executable::invoke);
  /// off: every call redoes it.
  bool liftWeightTransforms = true;
  /// Shared libraries the code calls: MLIR's C runner utils and
  /// libnngraph_runtime.so; empty: the ones this build was made with.
  std::vector<std::string> sharedLibs;
  /// Threads of the parallel loops (scf.forall of the schedules); 0:
  /// getDefaultThreadCount(). With more than one, code that has parallel
  /// loops calls the OpenMP runtime, loaded from `openMPLib`.
  unsigned threads = 0;
  /// The OpenMP runtime (libomp); empty: getOpenMPLibrary().
  std::string openMPLib;
  /// Time each kernel for Executable::invokeProfiled (CPU pipeline option
  /// `profile`: nngraph-profile-layers, nngraph-profile-kernels).
  bool profile = false;
  /// Place the intermediate buffers in one arena planned at compile time
  /// (nngraph-plan-buffers), which the Executable allocates once and
  /// reuses; off: each call allocates and frees every intermediate.
  bool planBuffers = true;
  /// m of Winograd's F(m x m, 3 x 3) for the 3x3 stride-1 convolutions
  /// (2 or 4; nngraph-cpu-winograd); 0: direct convolutions only.
  unsigned winograd = 4;
  /// The SIMD width in f32 lanes the schedules target (8: AVX2, 16:
  /// AVX-512); 0: the host's.
  unsigned vectorWidth = 0;
  /// Verify the IR after every pass of the pipeline (as `mlir-opt
  /// --verify-each` does) instead of once after the last one. Verifying
  /// after each of the pipeline's ~70 passes costs 15-20% of its time on
  /// large graphs; the passes are held to the verifier by the lit tests,
  /// which run them in nngraph-opt with verification after each.
  bool verifyEachPass = false;
  /// Threads that optimise and compile the LLVM IR, each a partition of
  /// the module (JIT.h); 0: getCompileThreadCount().
  unsigned compileThreads = 0;
  /// Shapes of graph inputs by name (ShapedType::kDynamic: open). A graph
  /// whose inputs are not all static is specialised with them before
  /// lowering (nngraph-infer-shapes with input-shapes: the sizes flow to
  /// every operation, the weights' open sizes follow from the data);
  /// names the graph does not have are ignored.
  llvm::StringMap<llvm::SmallVector<int64_t>> inputShapes;

  /// Where the model runs: "cpu", or "cuda" (an NVIDIA GPU through
  /// nngraph-gpu-pipeline and libnngraph_cuda_runtime.so; inputs and
  /// weights are copied to the device, outputs back).
  std::string target = "cpu";
  /// With target "cuda": the CUDA device ordinal, and the
  /// nngraph-gpu-pipeline options chip (empty: the device's own, sm_XY),
  /// features and format.
  int device = 0;
  std::string chip;
  std::string features = "+ptx80";
  std::string format = "isa";
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

/// A graph lowered by nngraph-cpu-pipeline to the LLVM dialect, with what a
/// caller of its entry points needs to know: Executable::compile compiles
/// it in the JIT, compileLibrary (AOT.h) into a shared library.
struct LoweredGraph {
  /// The graph's inputs (weights included) and outputs, in order.
  std::vector<TensorInfo> inputs, outputs;
  /// The graph function (its C interface takes descriptors of the kept
  /// inputs, the prepared tensors, the outputs and, when arenaInfo has a
  /// shape, the arena).
  std::string entry;
  /// The prepare function (empty: none), which takes inputs[weightArgs[i]],
  /// then the prepared tensors (written), then its arena when
  /// prepareArenaInfo has a shape; the graph function takes
  /// inputs[keptArgs[i]].
  std::string prepareFunction;
  std::vector<int64_t> weightArgs, keptArgs;
  std::vector<TensorInfo> prepared;
  /// The arena arguments (shape {bytes}; empty shape: none).
  TensorInfo arenaInfo, prepareArenaInfo;
  /// The timed layers (CompileOptions::profile).
  std::vector<LayerInfo> layers;
  /// The threads of the parallel loops, and whether the code calls the
  /// OpenMP runtime (it has parallel loops).
  unsigned threads = 1;
  bool usesOpenMP = false;
};

/// Lowers the graph function of `module` (in place) with
/// nngraph-cpu-pipeline for CompileOptions `options` (target "cpu"):
/// specialised to options.inputShapes where its inputs are open, results
/// as output parameters, the C interface on the graph function and the
/// prepare function. Reports problems as diagnostics on the module's
/// context and fails.
FailureOr<LoweredGraph> lowerGraphForCPU(ModuleOp module,
                                         const CompileOptions &options);

/// A model compiled for the host CPU.
class Executable {
public:
  /// Compiles the graph function of `module` (which it consumes). Reports
  /// problems as diagnostics on the module's context and returns null.
  static std::unique_ptr<Executable> compile(OwningOpRef<ModuleOp> module,
                                             const CompileOptions &options);
  ~Executable();

  llvm::ArrayRef<TensorInfo> getInputs() const { return graph.inputs; }
  /// Whether the model runs on a CUDA device (CompileOptions::target).
  bool isCuda() const { return cuda.has_value(); }
  /// With isCuda: the device's name and the chip the kernels target.
  std::string getDeviceDescription() const;
  /// With isCuda: the kernels' times of the last invokeProfiled, by kernel
  /// (launches, milliseconds), in order of their first launch.
  struct KernelTime {
    std::string kernel;
    int64_t launches;
    double milliseconds;
  };
  llvm::ArrayRef<TensorInfo> getOutputs() const { return graph.outputs; }
  /// The threads its parallel loops run on (1: sequential).
  unsigned getThreads() const { return graph.threads; }

  /// Runs the model. `buffers` holds one pointer per input, then one per
  /// output, each to dense C-order storage of that tensor's type; outputs
  /// are written. Touches no MLIR context: callers may run it on any
  /// thread, and concurrent calls with distinct buffers are safe.
  ///
  /// Weights are prepared once: the work that depends only on them (the
  /// model's prepare function, nngraph-lift-weight-transforms) runs at the
  /// first call, and again only at a call whose weight buffers are not the
  /// ones the last preparation read (other pointers) or the first call
  /// after rebindWeights(); its results live in buffers the Executable owns
  /// and frees. So weights are read at the first call after they are
  /// bound: to change them in place, write them, then call rebindWeights().
  /// (A weight freed and another allocated at the same address also needs
  /// rebindWeights().)
  llvm::Error invoke(llvm::ArrayRef<void *> buffers) const;

  /// The timed layers, by the id the runtime hooks receive; empty unless
  /// compiled with CompileOptions::profile.
  llvm::ArrayRef<LayerInfo> getLayers() const { return graph.layers; }
  /// Runs the model like invoke and sets `times` to what this run spent in
  /// each layer. Fails unless compiled with CompileOptions::profile.
  llvm::Error invokeProfiled(llvm::ArrayRef<void *> buffers,
                             LayerTimes &times) const;
  /// With isCuda: runs the model like invoke and sets `times` to the GPU
  /// time of each kernel, measured with CUDA events around its launches.
  llvm::Error invokeProfiledKernels(llvm::ArrayRef<void *> buffers,
                                    std::vector<KernelTime> &times) const;
  /// Makes the next invoke prepare the weights again (after they were
  /// changed in place). Safe to call concurrently with invoke.
  void rebindWeights();

  /// The bytes of prepared weights this Executable holds (allocated at the
  /// first call); 0 when the model has no prepare function.
  int64_t getPreparedBytes() const;

  /// The bytes of the arena that holds a call's intermediate buffers
  /// (CompileOptions::planBuffers); 0 when there is none. Allocated at the
  /// first call and kept: concurrent calls each take an arena of their own.
  int64_t getArenaBytes() const {
    return graph.arenaInfo.shape.empty() ? 0 : graph.arenaInfo.shape[0];
  }

private:
  Executable() = default;
  /// Runs the prepare function on the weights in `buffers` when they are
  /// not the ones prepared last; with the lock held exclusively.
  void prepareWeights(llvm::ArrayRef<void *> buffers) const;
  bool isPrepared(llvm::ArrayRef<void *> buffers) const;
  /// Calls the graph function on `args` (described by `infos`) and, when it
  /// takes one, an arena from the pool.
  void callGraph(std::vector<void *> &args,
                 std::vector<const TensorInfo *> &infos) const;

  /// Target "cuda": compiles `module` with nngraph-gpu-pipeline.
  static std::unique_ptr<Executable>
  compileForCuda(std::unique_ptr<Executable> exe, ModuleOp module,
                 const CompileOptions &options);
  llvm::Error invokeCuda(llvm::ArrayRef<void *> buffers) const;

  /// The signature, the entry points' names and the split, as lowering
  /// left them (the CUDA path fills the signature, entry and split only).
  LoweredGraph graph;
  std::unique_ptr<JITModule> jit;
  /// The device side of a model compiled for CUDA: the runtime library's
  /// functions, the device buffers of the inputs and outputs (allocated at
  /// the first call), and the host weights the device copies were made
  /// from. Calls are serialised by `mutex`.
  struct CudaState {
    void *(*alloc)(size_t) = nullptr;
    void (*free)(void *) = nullptr;
    void (*toDevice)(void *, const void *, size_t) = nullptr;
    void (*toHost)(void *, const void *, size_t) = nullptr;
    int (*takeError)(char *, size_t) = nullptr;
    void (*profileEnable)(int) = nullptr;
    void (*profileTake)(void (*)(void *, const char *, int64_t, double),
                        void *) = nullptr;
    void (*fini)() = nullptr;
    std::string description;
    std::vector<void *> buffers;
    std::vector<const void *> uploadedFrom;
    bool weightsValid = false;
    std::mutex mutex;
  };
  mutable std::optional<CudaState> cuda;
  /// The graph function's packed entry point (the JIT's).
  void (*entryPoint)(void **) = nullptr;
  /// nngraph_profile_set_record of the runtime library the code calls.
  void *(*setProfileRecord)(void *) = nullptr;

  /// The prepare function's packed entry point (null: none).
  void (*prepareEntry)(void **) = nullptr;
  /// The prepared tensors (64-byte aligned, owned), the weight pointers
  /// they were computed from, and whether they are current.
  struct AlignedFree {
    void operator()(void *p) const;
  };
  mutable std::vector<std::unique_ptr<char, AlignedFree>> preparedBuffers;
  mutable std::vector<const void *> preparedFrom;
  mutable bool preparedValid = false;
  mutable std::shared_mutex prepareMutex;

  /// The graph function's arenas that no call is using, each allocated at
  /// a call that found none free.
  mutable std::vector<std::unique_ptr<char, AlignedFree>> freeArenas;
  mutable std::mutex arenaMutex;
};

/// Gives back to the system the memory that compiling used and running
/// does not: the heap that compilation freed (malloc_trim) and the pages
/// of the compiler's code and read-only data (LLVM's and MLIR's libraries,
/// about 115 MB resident after compiling a model) that this process alone
/// maps (madvise MADV_PAGEOUT; a hint: pages are read back from the file
/// if the compiler runs again, and shared or written pages stay). For a
/// process that compiles, then runs: nngraph-run calls it after compiling.
/// Returns the bytes of mappings it advised; 0 where the system offers
/// neither.
size_t releaseCompilerMemory();

/// The shared libraries compiled code needs, as this build knows them.
std::vector<std::string> getDefaultSharedLibs();

/// libnngraph_cuda_runtime.so of this build (the environment variable
/// NNGRAPH_CUDA_RUNTIME_LIB overrides it).
std::string getCudaRuntimeLibrary();

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
