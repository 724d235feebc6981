//===- Execution.cpp - compile and run models -------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the signature, JIT compilation and execution,
// deterministic random values and output summaries declared in
// Execution.h, shared by nngraph-run and the Python package, and the
// thread count: models whose code has parallel loops run them on OpenMP
// threads (libomp, loaded into the JIT only then).
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/Execution.h"
#include "nngraph/Codegen/BufferPlan.h"
#include "nngraph/Codegen/WeightPrepare.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Dialect/NNGraph/Transforms/ProfileLayers.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"
#include "nngraph/Execution/JIT.h"
#include "nngraph/Pipelines/Pipelines.h"
#include "nngraph/Runtime/Profile.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <numeric>
#include <random>
#ifdef __linux__
#include <dlfcn.h>
#include <malloc.h>
#include <sys/mman.h>
#endif

using namespace mlir;
using namespace mlir::nngraph;

//===----------------------------------------------------------------------===//
// Random values and summaries
//===----------------------------------------------------------------------===//

void nngraph::fillUniform(NpyArray &array, unsigned seed, double lo,
                          double hi) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  for (int64_t i = 0, e = array.numElements(); i < e; ++i)
    array.set(i, dist(gen));
}

unsigned nngraph::getWeightSeed(unsigned seed, StringRef name) {
  return seed + name.size();
}

std::string nngraph::summarizeOutput(StringRef name, const NpyArray &a,
                                     unsigned topK) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "output " << name << ": " << a.describe();
  int64_t n = a.numElements();
  if (n > 0) {
    double lo = a.get(0), hi = a.get(0), sum = 0;
    for (int64_t i = 0; i < n; ++i) {
      double v = a.get(i);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += v;
    }
    os << llvm::format(" min %.6g max %.6g mean %.6g", lo, hi, sum / n);
    os << " first [";
    for (int64_t i = 0; i < std::min<int64_t>(n, 6); ++i)
      os << (i ? ", " : "") << llvm::format("%.6g", a.get(i));
    os << (n > 6 ? ", ...]" : "]");
  }
  if (topK == 0 || a.shape.empty() || a.shape.back() == 0)
    return text;
  int64_t row = a.shape.back();
  std::vector<int64_t> order(row);
  for (int64_t i = 0; i < row; ++i)
    order[i] = i;
  int64_t k = std::min<int64_t>(topK, row);
  std::partial_sort(order.begin(), order.begin() + k, order.end(),
                    [&](int64_t x, int64_t y) { return a.get(x) > a.get(y); });
  os << "\n  top-" << k << ":";
  for (int64_t i = 0; i < k; ++i)
    os << " " << order[i] << llvm::format(" (%.4g)", a.get(order[i]));
  return text;
}

//===----------------------------------------------------------------------===//
// Signature
//===----------------------------------------------------------------------===//

int64_t TensorInfo::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t TensorInfo::byteSize() const {
  // The last character of a NumPy dtype string is the element size.
  return numElements() * (npyDType.back() - '0');
}

std::string TensorInfo::describe() const {
  std::string s = dtype + " [";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

NpyArray TensorInfo::allocate() const {
  NpyArray a;
  a.dtype = npyDType;
  a.shape = shape;
  a.bytes.assign(size_t(byteSize()), 0);
  return a;
}

LogicalResult nngraph::getGraphSignature(ModuleOp module,
                                         std::vector<TensorInfo> &inputs,
                                         std::vector<TensorInfo> &outputs) {
  func::FuncOp func = getGraphFunction(module, "nngraph");
  if (!func)
    return failure();
  bool ok = true;
  auto describe = [&](Type type, StringRef name, bool isInput) {
    TensorInfo info;
    info.name = name.str();
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !ranked.hasStaticShape()) {
      emitError(func.getLoc())
          << (isInput ? "input '" : "output '") << name
          << "' needs a static shape, it is " << type
          << (isInput ? " (give its shape, or an array or weight of that "
                        "shape)"
                      : "");
      ok = false;
      return info;
    }
    info.shape.assign(ranked.getShape().begin(), ranked.getShape().end());
    info.dtype = getDTypeName(ranked.getElementType());
    info.npyDType = getNpyDType(ranked.getElementType());
    if (info.npyDType.empty()) {
      emitError(func.getLoc())
          << (isInput ? "input '" : "output '") << name << "' has type " << type
          << ", which has no NumPy dtype";
      ok = false;
    }
    return info;
  };
  inputs.clear();
  outputs.clear();
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    TensorInfo info = describe(func.getArgument(i).getType(),
                               getInputName(func, i), /*isInput=*/true);
    info.isWeight = isWeight(func, i);
    info.positive =
        llvm::any_of(func.getArgument(i).getUses(), [](OpOperand &use) {
          auto norm = dyn_cast<BatchNormOp>(use.getOwner());
          return norm && &use == &norm.getVarMutable();
        });
    inputs.push_back(std::move(info));
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    outputs.push_back(describe(func.getResultTypes()[i], getOutputName(func, i),
                               /*isInput=*/false));
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// The file that holds the code at `address`; empty if unknown.
[[maybe_unused]] static std::string getObjectPath(const void *address) {
#ifdef __linux__
  Dl_info info;
  if (dladdr(address, &info) && info.dli_fname)
    return info.dli_fname;
#endif
  return "";
}

size_t nngraph::releaseCompilerMemory() {
  size_t advised = 0;
#if defined(__linux__) && defined(__GLIBC__) && defined(MADV_PAGEOUT)
  malloc_trim(0);
  // The objects that hold MLIR (the pass manager) and LLVM (its support
  // library): libMLIR.so and libLLVM.so here, the tool itself in a static
  // build. dladdr names them as /proc/self/maps does, up to symbolic
  // links, which realPath resolves on both sides.
  llvm::SmallVector<std::string, 2> objects;
  for (const void *address :
       {reinterpret_cast<const void *>(&mlir::registerPassManagerCLOptions),
        reinterpret_cast<const void *>(&llvm::errs)}) {
    llvm::SmallString<256> real;
    std::string path = getObjectPath(address);
    if (!path.empty() && !llvm::sys::fs::real_path(path, real))
      objects.push_back(real.str().str());
  }
  auto maps = llvm::MemoryBuffer::getFileAsStream("/proc/self/maps");
  if (!maps)
    return 0;
  llvm::SmallVector<StringRef> lines;
  (*maps)->getBuffer().split(lines, '\n', -1, false);
  for (StringRef line : lines) {
    // "lo-hi perms offset dev inode   path"
    llvm::SmallVector<StringRef, 6> fields;
    line.split(fields, ' ', 5, false);
    if (fields.size() < 6 || fields[1].size() < 2 || fields[1][1] == 'w')
      continue;
    llvm::SmallString<256> real;
    if (llvm::sys::fs::real_path(fields[5].trim(), real) ||
        !llvm::is_contained(objects, real.str()))
      continue;
    auto [lo, hi] = fields[0].split('-');
    uint64_t begin, end;
    if (lo.getAsInteger(16, begin) || hi.getAsInteger(16, end) || end <= begin)
      continue;
    if (madvise(reinterpret_cast<void *>(begin), end - begin, MADV_PAGEOUT) ==
        0)
      advised += end - begin;
  }
#endif
  return advised;
}

//===----------------------------------------------------------------------===//
// Executable
//===----------------------------------------------------------------------===//

std::string nngraph::getCudaRuntimeLibrary() {
  if (const char *env = std::getenv("NNGRAPH_CUDA_RUNTIME_LIB"); env && *env)
    return env;
  return NNGRAPH_CUDA_RUNTIME_LIB;
}

std::vector<std::string> nngraph::getDefaultSharedLibs() {
  // memref.copy lowers to a call of memrefCopy from MLIR's C runner utils;
  // nngraph.print calls into the project's runtime library.
  return {NNGRAPH_MLIR_C_RUNNER_UTILS, NNGRAPH_RUNTIME_LIB};
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

std::string nngraph::getOpenMPLibrary() { return NNGRAPH_OPENMP_LIB; }

llvm::Expected<unsigned> nngraph::getDefaultThreadCount() {
  auto fromEnv = getCountFromEnv("NNGRAPH_NUM_THREADS");
  if (!fromEnv)
    return fromEnv.takeError();
  if (*fromEnv)
    return **fromEnv;
  std::string openMP = getOpenMPLibrary();
  if (openMP.empty() || !llvm::sys::fs::exists(openMP)) {
    static std::once_flag warned;
    std::call_once(warned, [] {
      llvm::errs() << "nngraph: warning: no OpenMP runtime (libomp) in this "
                      "build; compiled models run on 1 thread (install "
                      "libomp-"
                   << LLVM_VERSION_MAJOR
                   << "-dev, e.g. with utils/setup.sh, and reconfigure)\n";
    });
    return 1;
  }
  return getCPUCount();
}

/// Whether lowering left OpenMP operations (parallel loops on threads).
static bool usesOpenMP(ModuleOp module) {
  WalkResult result = module->walk([](Operation *op) {
    Dialect *dialect = op->getDialect();
    return dialect && dialect->getNamespace() == "omp" ? WalkResult::interrupt()
                                                       : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// The thread count of `options`, with the default resolved; reports a bad
/// NNGRAPH_NUM_THREADS at `loc`.
static FailureOr<unsigned> getThreadCount(const CompileOptions &options,
                                          Location loc) {
  if (options.threads)
    return options.threads;
  llvm::Expected<unsigned> threads = getDefaultThreadCount();
  if (!threads) {
    emitError(loc) << llvm::toString(threads.takeError());
    return failure();
  }
  return *threads;
}

/// Adds the OpenMP runtime to `libs` when the lowered code calls it; fails
/// with a diagnostic when the library is missing.
static LogicalResult addOpenMPLibrary(ModuleOp module,
                                      const CompileOptions &options,
                                      unsigned threads,
                                      std::vector<std::string> &libs) {
  if (!usesOpenMP(module))
    return success();
  std::string lib =
      options.openMPLib.empty() ? getOpenMPLibrary() : options.openMPLib;
  if (!lib.empty() && llvm::sys::fs::exists(lib)) {
    libs.push_back(lib);
    return success();
  }
  InFlightDiagnostic diag = emitError(module->getLoc());
  diag << "running parallel loops on " << threads
       << " threads needs the OpenMP runtime (libomp), ";
  if (lib.empty())
    diag << "which this build did not find";
  else
    diag << "but '" << lib << "' does not exist";
  diag << ": install libomp-" << LLVM_VERSION_MAJOR
       << "-dev (utils/setup.sh) and reconfigure, or compile with 1 thread";
  return failure();
}

Executable::~Executable() {
  if (!cuda)
    return;
  for (void *buffer : cuda->buffers)
    cuda->free(buffer);
  if (cuda->fini)
    cuda->fini();
  char message[512];
  cuda->takeError(message, sizeof(message));
}

/// The arena argument that nngraph-plan-buffers gave the lowered function
/// `name` (a buffer of nngraph.arena_size bytes), or an empty shape when
/// it takes none.
static TensorInfo getArenaInfo(ModuleOp lowered, StringRef name) {
  TensorInfo info;
  info.name = "arena";
  info.dtype = "int8";
  info.npyDType = "|i1";
  Operation *fn = lowered.lookupSymbol(name);
  if (auto size =
          fn ? fn->getAttrOfType<IntegerAttr>(kArenaSizeAttrName) : nullptr)
    info.shape = {size.getInt()};
  return info;
}

/// A 64-byte aligned buffer of at least `bytes` bytes (std::free frees it).
static char *allocateAligned(int64_t bytes) {
  size_t rounded = std::max<size_t>(64, (size_t(bytes) + 63) / 64 * 64);
  return static_cast<char *>(std::aligned_alloc(64, rounded));
}

/// Removes the `nngraph.*` attributes of the lowered functions and their
/// arguments (LLVM's translation warns about argument attributes it does
/// not know).
static void stripGraphAttrs(ModuleOp lowered) {
  lowered.walk([](FunctionOpInterface fn) {
    SmallVector<StringAttr> names;
    for (NamedAttribute attr : fn->getDiscardableAttrs())
      if (isGraphABIAttrName(attr.getName()))
        names.push_back(attr.getName());
    for (StringAttr name : names)
      fn->removeAttr(name);
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
      SmallVector<NamedAttribute> kept;
      for (NamedAttribute attr : fn.getArgAttrs(i))
        if (!isGraphABIAttrName(attr.getName()))
          kept.push_back(attr);
      fn.setArgAttrs(i, kept);
    }
  });
}

/// Runs a compile pipeline on `module`. The imported module was verified
/// when it was parsed or built; the pipeline's output is verified once,
/// before LLVM sees it, and between passes only with
/// CompileOptions::verifyEachPass.
static LogicalResult runCompilePipeline(PassManager &pm, ModuleOp module,
                                        const CompileOptions &options) {
  pm.enableVerifier(options.verifyEachPass);
  if (failed(pm.run(module)))
    return failure();
  return options.verifyEachPass ? success() : verify(module);
}

namespace {
/// The phases of Executable::compile, timed (wall, user and system time)
/// when the environment variable NNGRAPH_TIMING is set; "passes" adds
/// MLIR's per-pass report of the pipeline. The report goes to stderr.
struct CompileTimers {
  llvm::TimerGroup group{"nngraph-compile", "nngraph compile phases"};
  llvm::Timer pipeline{"pipeline", "MLIR: nngraph-cpu-pipeline", group};
  llvm::Timer translate{"translate", "JIT: translation to LLVM IR + setup",
                        group};
  llvm::Timer compile{
      "compile", "JIT: LLVM optimisation + code generation (parallel)", group};
  llvm::Timer link{"link", "JIT: linking", group};

  /// The timers, or null when timing is off; `passes` says whether to time
  /// each MLIR pass as well.
  static std::unique_ptr<CompileTimers> get(bool &passes) {
    const char *env = std::getenv("NNGRAPH_TIMING");
    passes = env && StringRef(env) == "passes";
    if (!env || !*env || StringRef(env) == "0")
      return nullptr;
    return std::make_unique<CompileTimers>();
  }
};

/// Starts `timer` (when there are timers) for the life of the object.
struct TimeRegion {
  llvm::Timer *timer;
  TimeRegion(CompileTimers *timers, llvm::Timer CompileTimers::*which)
      : timer(timers ? &(timers->*which) : nullptr) {
    if (timer)
      timer->startTimer();
  }
  ~TimeRegion() {
    if (timer)
      timer->stopTimer();
  }
};

} // namespace

/// Specialises the graph function of `module` to options.inputShapes where
/// its inputs are open, reads its signature into `graph` and readies it
/// for lowering: argument attributes reduced to the weight role (which
/// tells nngraph-lift-weight-transforms what it may prepare; the names
/// were read), the C interface requested. Returns the graph function.
static FailureOr<func::FuncOp> readyGraph(ModuleOp module,
                                          const CompileOptions &options,
                                          LoweredGraph &graph) {
  MLIRContext *context = module->getContext();
  // A graph with open input sizes is specialised to the shapes given, and
  // what that makes constant folds (BatchNorm's fix_gamma ones).
  if (func::FuncOp func = getGraphFunction(module, "nngraph");
      func && !llvm::all_of(func.getArgumentTypes(), [](Type t) {
        auto ranked = dyn_cast<RankedTensorType>(t);
        return ranked && ranked.hasStaticShape();
      })) {
    if (failed(specializeInputShapes(func, options.inputShapes)))
      return failure();
    PassManager pm(context);
    pm.addPass(createCanonicalizerPass());
    if (failed(pm.run(module)))
      return failure();
  }
  if (failed(getGraphSignature(module, graph.inputs, graph.outputs)))
    return failure();
  func::FuncOp func = getGraphFunction(module, "nngraph");
  graph.entry = func.getName().str();
  NamedAttribute weightRole = getInputRoleAttr(context, kRoleWeight);
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    bool weight = isWeight(func, i);
    func.setArgAttrs(i, weight ? ArrayRef(weightRole)
                               : ArrayRef<NamedAttribute>{});
  }
  // The function's other nngraph.* attributes go with stripGraphAttrs,
  // after the pipeline.
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
  return func;
}

/// Reads the split that nngraph-lift-weight-transforms recorded on the
/// lowered graph function into `graph` (keptArgs: every input when there
/// is none).
static LogicalResult loadPrepare(ModuleOp lowered, LoweredGraph &graph) {
  StringRef name = graph.entry;
  graph.keptArgs.resize(graph.inputs.size());
  std::iota(graph.keptArgs.begin(), graph.keptArgs.end(), 0);
  Operation *fn = lowered.lookupSymbol(name);
  auto split =
      fn ? fn->getAttrOfType<DictionaryAttr>(kWeightPrepareAttrName) : nullptr;
  if (!split)
    return success();
  auto function = split.getAs<FlatSymbolRefAttr>(kPrepareFunctionKey);
  auto weights = split.getAs<DenseI64ArrayAttr>(kPrepareWeightArgsKey);
  auto kept = split.getAs<DenseI64ArrayAttr>(kPrepareKeptArgsKey);
  auto types = split.getAs<ArrayAttr>(kPreparedTypesKey);
  auto inRange = [&](int64_t i) {
    return i >= 0 && i < int64_t(graph.inputs.size());
  };
  if (!function || !weights || !kept || !types ||
      !llvm::all_of(weights.asArrayRef(), inRange) ||
      !llvm::all_of(kept.asArrayRef(), inRange))
    return emitError(lowered.getLoc())
           << "malformed " << kWeightPrepareAttrName << " on @" << name;
  graph.weightArgs.assign(weights.asArrayRef().begin(),
                          weights.asArrayRef().end());
  graph.keptArgs.assign(kept.asArrayRef().begin(), kept.asArrayRef().end());
  for (auto [i, attr] : llvm::enumerate(types)) {
    auto type = dyn_cast<TypeAttr>(attr);
    auto ranked = type ? dyn_cast<RankedTensorType>(type.getValue()) : nullptr;
    TensorInfo &info = graph.prepared.emplace_back();
    info.name = "prepared" + std::to_string(i);
    if (ranked && ranked.hasStaticShape()) {
      info.shape.assign(ranked.getShape().begin(), ranked.getShape().end());
      info.dtype = getDTypeName(ranked.getElementType());
      info.npyDType = getNpyDType(ranked.getElementType());
    }
    if (info.npyDType.empty())
      return emitError(lowered.getLoc())
             << "prepared tensor " << i << " of @" << name << " has type "
             << attr << ", which has no static shape and NumPy dtype";
  }
  graph.prepareFunction = function.getValue().str();
  return success();
}

/// lowerGraphForCPU, with the pipeline timed by `timers` (may be null);
/// `passTiming` adds MLIR's per-pass report.
static FailureOr<LoweredGraph> lowerForCPU(ModuleOp module,
                                           const CompileOptions &options,
                                           CompileTimers *timers,
                                           bool passTiming) {
  LoweredGraph graph;
  if (failed(readyGraph(module, options, graph)))
    return failure();
  MLIRContext *context = module->getContext();
  FailureOr<unsigned> threads = getThreadCount(options, module->getLoc());
  if (failed(threads))
    return failure();
  PassManager pm(context);
  if (passTiming)
    pm.enableTiming();
  CPUPipelineOptions pipelineOptions;
  pipelineOptions.resultsToOutParams = true;
  pipelineOptions.fuseElementwise = options.fuseElementwise;
  pipelineOptions.profile = options.profile;
  pipelineOptions.liftWeightTransforms = options.liftWeightTransforms;
  pipelineOptions.threads = *threads;
  pipelineOptions.planBuffers = options.planBuffers;
  pipelineOptions.winograd = options.winograd;
  pipelineOptions.vectorWidth = options.vectorWidth;
  pipelineOptions.arenaArgument = true;
  buildCPUPipeline(pm, pipelineOptions);
  {
    TimeRegion region(timers, &CompileTimers::pipeline);
    if (failed(runCompilePipeline(pm, module, options)))
      return failure();
  }
  for (ProfiledLayer &layer : getProfiledLayers(module))
    graph.layers.push_back({std::move(layer.name), std::move(layer.op)});
  removeProfiledLayers(module);

  // The split is read, then every nngraph.* attribute left on the lowered
  // functions (weight roles, the split) goes: LLVM has no use for them.
  if (failed(loadPrepare(module, graph)))
    return failure();
  graph.arenaInfo = getArenaInfo(module, graph.entry);
  if (!graph.prepareFunction.empty())
    graph.prepareArenaInfo = getArenaInfo(module, graph.prepareFunction);
  stripGraphAttrs(module);
  graph.threads = *threads;
  graph.usesOpenMP = usesOpenMP(module);
  return graph;
}

FailureOr<LoweredGraph>
nngraph::lowerGraphForCPU(ModuleOp module, const CompileOptions &options) {
  return lowerForCPU(module, options, /*timers=*/nullptr,
                     /*passTiming=*/false);
}

std::unique_ptr<Executable> Executable::compile(OwningOpRef<ModuleOp> module,
                                                const CompileOptions &options) {
  std::unique_ptr<Executable> exe(new Executable());
  if (options.target == "cuda") {
    if (failed(readyGraph(*module, options, exe->graph)))
      return nullptr;
    return compileForCuda(std::move(exe), *module, options);
  }
  if (options.target != "cpu") {
    emitError(module->getLoc())
        << "unknown target '" << options.target << "': expected cpu or cuda";
    return nullptr;
  }
  bool passTiming = false;
  std::unique_ptr<CompileTimers> timers = CompileTimers::get(passTiming);
  FailureOr<LoweredGraph> graph =
      lowerForCPU(*module, options, timers.get(), passTiming);
  if (failed(graph))
    return nullptr;
  exe->graph = std::move(*graph);

  initializeNativeTarget();
  std::vector<std::string> libs =
      options.sharedLibs.empty() ? getDefaultSharedLibs() : options.sharedLibs;
  if (failed(addOpenMPLibrary(*module, options, exe->graph.threads, libs)))
    return nullptr;
  JITOptions jitOptions;
  jitOptions.optLevel = options.optLevel;
  jitOptions.sharedLibs = std::move(libs);
  jitOptions.entries = {exe->graph.entry};
  if (!exe->graph.prepareFunction.empty())
    jitOptions.entries.push_back(exe->graph.prepareFunction);
  jitOptions.threads = options.compileThreads;
  if (timers) {
    jitOptions.translateTimer = &timers->translate;
    jitOptions.compileTimer = &timers->compile;
  }
  auto jit = JITModule::create(*module, jitOptions);
  if (!jit) {
    emitError(module->getLoc()) << llvm::toString(jit.takeError());
    return nullptr;
  }
  exe->jit = std::move(*jit);
  // The objects are linked at the first lookup: do it here so that it is
  // part of compiling, not of the first run.
  auto fn = [&] {
    TimeRegion region(timers.get(), &CompileTimers::link);
    return exe->jit->lookupPacked(exe->graph.entry);
  }();
  if (!fn) {
    emitError(module->getLoc()) << "JIT: " << llvm::toString(fn.takeError());
    return nullptr;
  }
  if (timers)
    timers->group.print(llvm::errs(), /*ResetAfterPrint=*/true);
  exe->entryPoint = *fn;
  if (options.profile) {
    // The hooks' record is per thread, set through the runtime library
    // that the JIT resolved the hooks in.
    auto setRecord = exe->jit->lookup("nngraph_profile_set_record");
    if (!setRecord) {
      emitError(module->getLoc())
          << "JIT: profiling needs libnngraph_runtime.so: "
          << llvm::toString(setRecord.takeError());
      return nullptr;
    }
    exe->setProfileRecord = reinterpret_cast<void *(*)(void *)>(*setRecord);
  }
  if (!exe->graph.prepareFunction.empty()) {
    auto prepare = exe->jit->lookupPacked(exe->graph.prepareFunction);
    if (!prepare) {
      emitError(module->getLoc())
          << "JIT: " << llvm::toString(prepare.takeError());
      return nullptr;
    }
    exe->prepareEntry = *prepare;
  }
  return exe;
}

/// Calls a packed C-interface entry point on dense buffers: one memref
/// descriptor of any rank per buffer, {allocated, aligned, offset,
/// sizes[rank], strides[rank]}, as the C interface passes it.
///
/// The call goes to code the JIT emitted, which carries no UBSan function
/// type prefix: -fsanitize=function (part of `undefined` under clang) would
/// read the 8 bytes before the entry point to look for one, and fault where
/// the entry starts its code section at a page boundary (a graph whose only
/// kernel is a copy). The check does not apply to JIT code, so it is off
/// here.
#if defined(__clang__)
__attribute__((no_sanitize("function")))
#endif
static void callPacked(void (*fn)(void **), ArrayRef<void *> buffers,
                       ArrayRef<const TensorInfo *> infos) {
  // Every descriptor in one array, the pointers to them and the pointers
  // to those in another, both kept per thread: a steady-state call
  // allocates nothing.
  size_t words = 0;
  for (const TensorInfo *info : infos)
    words += 3 + 2 * info->shape.size();
  thread_local std::vector<int64_t> descriptors;
  thread_local std::vector<void *> pointers;
  descriptors.resize(words);
  pointers.resize(2 * buffers.size());
  int64_t *d = descriptors.data();
  for (auto [i, buffer, info] : llvm::enumerate(buffers, infos)) {
    pointers[i] = d;
    pointers[buffers.size() + i] = &pointers[i];
    *d++ = reinterpret_cast<int64_t>(buffer);
    *d++ = reinterpret_cast<int64_t>(buffer);
    *d++ = 0;
    size_t rank = info->shape.size();
    int64_t stride = 1;
    for (size_t j = rank; j-- > 0;) {
      d[j] = info->shape[j];
      d[rank + j] = stride;
      stride *= info->shape[j];
    }
    d += 2 * rank;
  }
  fn(pointers.data() + buffers.size());
}

llvm::Error Executable::invoke(ArrayRef<void *> buffers) const {
  size_t expected = graph.inputs.size() + graph.outputs.size();
  if (buffers.size() != expected)
    return llvm::createStringError(
        "expected %zu buffers (%zu inputs, %zu outputs), got %zu", expected,
        graph.inputs.size(), graph.outputs.size(), buffers.size());
  if (cuda)
    return invokeCuda(buffers);
  // The graph function takes the inputs it kept, the prepared tensors and
  // the outputs.
  auto run = [&] {
    // Kept per thread, like callPacked's descriptors.
    thread_local std::vector<void *> args;
    thread_local std::vector<const TensorInfo *> infos;
    args.clear();
    infos.clear();
    for (int64_t i : graph.keptArgs) {
      args.push_back(buffers[i]);
      infos.push_back(&graph.inputs[i]);
    }
    for (auto [buffer, info] :
         llvm::zip_equal(preparedBuffers, graph.prepared)) {
      args.push_back(buffer.get());
      infos.push_back(&info);
    }
    for (auto [buffer, info] : llvm::zip_equal(
             buffers.drop_front(graph.inputs.size()), graph.outputs)) {
      args.push_back(buffer);
      infos.push_back(&info);
    }
    callGraph(args, infos);
  };
  if (!prepareEntry) {
    run();
    return llvm::Error::success();
  }
  // Prepared tensors are read under a shared lock and written under an
  // exclusive one, so a call that prepares other weights waits for the
  // calls that read the current ones.
  {
    std::shared_lock<std::shared_mutex> lock(prepareMutex);
    if (isPrepared(buffers)) {
      run();
      return llvm::Error::success();
    }
  }
  std::unique_lock<std::shared_mutex> lock(prepareMutex);
  prepareWeights(buffers);
  run();
  return llvm::Error::success();
}

void Executable::callGraph(std::vector<void *> &args,
                           std::vector<const TensorInfo *> &infos) const {
  if (graph.arenaInfo.shape.empty()) {
    callPacked(entryPoint, args, infos);
    return;
  }
  // A free arena from the pool (a new one when every arena is in use by
  // another call), given back after the call: steady-state calls allocate
  // nothing, and concurrent calls never share intermediates.
  std::unique_ptr<char, AlignedFree> arena;
  {
    std::lock_guard<std::mutex> lock(arenaMutex);
    if (!freeArenas.empty()) {
      arena = std::move(freeArenas.back());
      freeArenas.pop_back();
    }
  }
  if (!arena)
    arena.reset(allocateAligned(graph.arenaInfo.shape[0]));
  args.push_back(arena.get());
  infos.push_back(&graph.arenaInfo);
  callPacked(entryPoint, args, infos);
  std::lock_guard<std::mutex> lock(arenaMutex);
  freeArenas.push_back(std::move(arena));
}

llvm::Error Executable::invokeProfiled(ArrayRef<void *> buffers,
                                       LayerTimes &times) const {
  if (!setProfileRecord)
    return llvm::createStringError(
        "the model was compiled without profiling (CompileOptions::profile)");
  size_t n = graph.layers.size();
  times.nanoseconds.assign(n, 0);
  times.calls.assign(n, 0);
  std::vector<int64_t> started(n, 0);
  NNGraphProfileRecord record{int64_t(n), times.nanoseconds.data(),
                              times.calls.data(), started.data()};
  void *previous = setProfileRecord(&record);
  llvm::Error err = invoke(buffers);
  setProfileRecord(previous);
  return err;
}

//===----------------------------------------------------------------------===//
// Prepared weights
//===----------------------------------------------------------------------===//

void Executable::AlignedFree::operator()(void *p) const { std::free(p); }

bool Executable::isPrepared(ArrayRef<void *> buffers) const {
  if (!preparedValid)
    return false;
  return llvm::all_of(llvm::zip_equal(graph.weightArgs, preparedFrom),
                      [&](auto pair) {
                        return buffers[std::get<0>(pair)] == std::get<1>(pair);
                      });
}

void Executable::prepareWeights(ArrayRef<void *> buffers) const {
  if (isPrepared(buffers))
    return;
  if (preparedBuffers.empty())
    for (const TensorInfo &info : graph.prepared)
      preparedBuffers.emplace_back(allocateAligned(info.byteSize()));
  std::vector<void *> args;
  std::vector<const TensorInfo *> infos;
  preparedFrom.clear();
  for (int64_t i : graph.weightArgs) {
    args.push_back(buffers[i]);
    infos.push_back(&graph.inputs[i]);
    preparedFrom.push_back(buffers[i]);
  }
  for (auto [buffer, info] : llvm::zip_equal(preparedBuffers, graph.prepared)) {
    args.push_back(buffer.get());
    infos.push_back(&info);
  }
  // The prepare function's intermediates live only while it runs.
  std::unique_ptr<char, AlignedFree> arena;
  if (!graph.prepareArenaInfo.shape.empty()) {
    arena.reset(allocateAligned(graph.prepareArenaInfo.shape[0]));
    args.push_back(arena.get());
    infos.push_back(&graph.prepareArenaInfo);
  }
  callPacked(prepareEntry, args, infos);
  preparedValid = true;
}

void Executable::rebindWeights() {
  if (cuda) {
    std::lock_guard<std::mutex> lock(cuda->mutex);
    cuda->weightsValid = false;
  }
  std::unique_lock<std::shared_mutex> lock(prepareMutex);
  preparedValid = false;
}

int64_t Executable::getPreparedBytes() const {
  int64_t bytes = 0;
  for (const TensorInfo &info : graph.prepared)
    bytes += info.byteSize();
  return bytes;
}

//===----------------------------------------------------------------------===//
// CUDA
//===----------------------------------------------------------------------===//

namespace {
/// The runtime library's functions that run before the JIT exists.
struct CudaRuntimeEntry {
  int (*init)(int, char *, size_t);
  int (*deviceInfo)(char *, size_t);
};

/// Loads libnngraph_cuda_runtime.so (for the process's life: the JIT's code
/// calls it) and returns its init entry points, or a message.
llvm::Expected<CudaRuntimeEntry> loadCudaRuntime() {
  std::string path = getCudaRuntimeLibrary();
  std::string error;
  auto lib =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &error);
  if (!lib.isValid())
    return llvm::createStringError("cannot load the CUDA runtime library " +
                                   path + ": " + error);
  CudaRuntimeEntry entry;
  entry.init = reinterpret_cast<int (*)(int, char *, size_t)>(
      lib.getAddressOfSymbol("nngraph_cuda_init"));
  entry.deviceInfo = reinterpret_cast<int (*)(char *, size_t)>(
      lib.getAddressOfSymbol("nngraph_cuda_device_info"));
  if (!entry.init || !entry.deviceInfo)
    return llvm::createStringError(path + " is not nngraph's CUDA runtime");
  return entry;
}
} // namespace

std::unique_ptr<Executable>
Executable::compileForCuda(std::unique_ptr<Executable> exe, ModuleOp module,
                           const CompileOptions &options) {
  Location loc = module->getLoc();
  // The driver first: without one there is nothing to compile for.
  auto runtime = loadCudaRuntime();
  if (!runtime) {
    emitError(loc) << llvm::toString(runtime.takeError());
    return nullptr;
  }
  char message[512];
  if (runtime->init(options.device, message, sizeof(message))) {
    emitError(loc) << message;
    return nullptr;
  }
  char name[256] = {0};
  int capability = runtime->deviceInfo(name, sizeof(name));
  std::string chip = options.chip;
  if (chip.empty())
    chip = "sm_" + std::to_string(capability ? capability : 80);

  bool passTiming = false;
  std::unique_ptr<CompileTimers> timers = CompileTimers::get(passTiming);
  PassManager pm(module->getContext());
  if (passTiming)
    pm.enableTiming();
  GPUPipelineOptions pipelineOptions;
  pipelineOptions.resultsToOutParams = true;
  pipelineOptions.fuseElementwise = options.fuseElementwise;
  pipelineOptions.chip = chip;
  pipelineOptions.features = options.features;
  pipelineOptions.format = options.format;
  buildGPUPipeline(pm, pipelineOptions);
  {
    TimeRegion region(timers.get(), &CompileTimers::pipeline);
    if (failed(runCompilePipeline(pm, module, options)))
      return nullptr;
  }
  if (failed(loadPrepare(module, exe->graph)))
    return nullptr;
  stripGraphAttrs(module);

  initializeNativeTarget();
  JITOptions jitOptions;
  jitOptions.optLevel = options.optLevel;
  jitOptions.sharedLibs =
      options.sharedLibs.empty() ? getDefaultSharedLibs() : options.sharedLibs;
  jitOptions.sharedLibs.push_back(getCudaRuntimeLibrary());
  jitOptions.entries = {exe->graph.entry};
  jitOptions.threads = options.compileThreads;
  if (timers) {
    jitOptions.translateTimer = &timers->translate;
    jitOptions.compileTimer = &timers->compile;
  }
  auto jit = JITModule::create(module, jitOptions);
  if (!jit) {
    emitError(loc) << llvm::toString(jit.takeError());
    return nullptr;
  }
  exe->jit = std::move(*jit);
  auto fn = [&] {
    TimeRegion region(timers.get(), &CompileTimers::link);
    return exe->jit->lookupPacked(exe->graph.entry);
  }();
  if (!fn) {
    emitError(loc) << "JIT: " << llvm::toString(fn.takeError());
    return nullptr;
  }
  if (timers)
    timers->group.print(llvm::errs(), /*ResetAfterPrint=*/true);
  exe->entryPoint = *fn;

  CudaState &state = exe->cuda.emplace();
  // Sets `fnPtr` to the symbol's address; false when there is none.
  auto resolve = [&](auto &fnPtr, StringRef symbol) {
    auto address = exe->jit->lookup(symbol);
    if (!address) {
      llvm::consumeError(address.takeError());
      return false;
    }
    fnPtr =
        reinterpret_cast<std::remove_reference_t<decltype(fnPtr)>>(*address);
    return true;
  };
  // The runtime library's functions: each one it lacks is named.
  SmallVector<StringRef> missing;
  auto require = [&](auto &fnPtr, StringRef symbol) {
    if (!resolve(fnPtr, symbol))
      missing.push_back(symbol);
  };
  require(state.alloc, "nngraph_cuda_alloc");
  require(state.free, "nngraph_cuda_free");
  require(state.toDevice, "nngraph_cuda_copy_to_device");
  require(state.toHost, "nngraph_cuda_copy_to_host");
  require(state.takeError, "nngraph_cuda_take_error");
  require(state.profileEnable, "nngraph_cuda_profile_enable");
  require(state.profileTake, "nngraph_cuda_profile_take");
  if (!missing.empty()) {
    exe->cuda.reset();
    emitError(loc) << "JIT: " << getCudaRuntimeLibrary()
                   << " lacks the executor's functions: "
                   << llvm::join(missing, ", ");
    return nullptr;
  }
  state.description = std::string(name) + " (" + chip + ")";
  // The kernels' modules load now (the static constructors); both
  // functions exist only when the module has kernels.
  void (*init)() = nullptr;
  resolve(init, kModuleInitName);
  resolve(state.fini, kModuleFiniName);
  if (init)
    init();
  if (state.takeError(message, sizeof(message))) {
    emitError(loc) << "CUDA: " << message;
    return nullptr;
  }
  return exe;
}

std::string Executable::getDeviceDescription() const {
  return cuda ? cuda->description : std::string();
}

llvm::Error Executable::invokeCuda(ArrayRef<void *> buffers) const {
  CudaState &state = *cuda;
  std::lock_guard<std::mutex> lock(state.mutex);
  char message[512];
  auto failure = [&]() -> llvm::Error {
    // Buffers made before the failure are kept and reused (or freed with
    // the Executable); a failed copy leaves the weights to copy again.
    state.weightsValid = false;
    return llvm::createStringError(std::string("CUDA: ") + message);
  };
  std::vector<const TensorInfo *> infos;
  infos.reserve(graph.inputs.size() + graph.outputs.size());
  for (const TensorInfo &info :
       llvm::concat<const TensorInfo>(graph.inputs, graph.outputs))
    infos.push_back(&info);
  if (state.buffers.empty()) {
    for (const TensorInfo *info : infos)
      state.buffers.push_back(state.alloc(info->byteSize()));
    state.uploadedFrom.assign(graph.inputs.size(), nullptr);
    if (state.takeError(message, sizeof(message))) {
      for (void *buffer : state.buffers)
        state.free(buffer);
      state.buffers.clear();
      state.takeError(message, sizeof(message));
      return failure();
    }
  }
  // Weights are copied when they are other buffers than last time (or
  // after rebindWeights); data inputs at every call.
  for (auto [i, info] : llvm::enumerate(graph.inputs)) {
    bool current = info.isWeight && state.weightsValid &&
                   state.uploadedFrom[i] == buffers[i];
    if (current)
      continue;
    state.toDevice(state.buffers[i], buffers[i], info.byteSize());
    state.uploadedFrom[i] = buffers[i];
  }
  state.weightsValid = true;
  callPacked(entryPoint, state.buffers, infos);
  for (auto [i, info] : llvm::enumerate(graph.outputs))
    state.toHost(buffers[graph.inputs.size() + i],
                 state.buffers[graph.inputs.size() + i], info.byteSize());
  if (state.takeError(message, sizeof(message)))
    return failure();
  return llvm::Error::success();
}

llvm::Error
Executable::invokeProfiledKernels(ArrayRef<void *> buffers,
                                  std::vector<KernelTime> &times) const {
  if (!cuda)
    return llvm::createStringError(
        "kernel times need a model compiled for target cuda");
  times.clear();
  cuda->profileEnable(1);
  llvm::Error err = invoke(buffers);
  cuda->profileEnable(0);
  auto report = [](void *user, const char *kernel, int64_t launches,
                   double ms) {
    static_cast<std::vector<KernelTime> *>(user)->push_back(
        {kernel, launches, ms});
  };
  cuda->profileTake(report, &times);
  char message[512];
  if (!err && cuda->takeError(message, sizeof(message)))
    return llvm::createStringError(std::string("CUDA: ") + message);
  return err;
}
