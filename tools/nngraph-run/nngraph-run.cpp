//===- nngraph-run.cpp - compile and run a model on the CPU -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-run: it imports a model (any format, detected
// from the content, or an .mlir file), compiles it with nngraph-cpu-pipeline
// (or, with --target cuda, nngraph-gpu-pipeline and the CUDA runtime)
// (results become output buffers), JIT-executes it (the project's JIT,
// nngraph/Execution/JIT.h, compiling on --compile-threads threads) on
// inputs from .npy files or deterministic random values,
// and prints each output's shape and a summary, the compile time and the
// median run time; --output-dir writes the outputs as .npy files.
// --profile also compiles a build of the model with each layer timed
// (nngraph-profile-layers), runs it interleaved with the plain build and
// prints the layers by time, checking that both builds give the same
// outputs. --threads sets the threads of parallel loops (OpenMP).
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"
#include "nngraph/Execution/Execution.h"
#include "nngraph/Execution/InputBinding.h"
#include "nngraph/Execution/Profile.h"
#include "nngraph/InitAll.h"
#include "nngraph/Target/Formats/FormatRegistry.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#ifdef __GLIBC__
#endif

using namespace mlir;
using namespace mlir::nngraph;
namespace cl = llvm::cl;

// Only these show in --help (libLLVM registers hundreds of its own).
static cl::OptionCategory runCategory("nngraph-run options");

static cl::opt<std::string> modelPath(cl::Positional, cl::Required,
                                      cl::desc("<model>"),
                                      cl::cat(runCategory));
// The descriptions that name formats come from the registry (setHelpText).
static cl::opt<std::string> formatName("format", cl::init(""),
                                       cl::cat(runCategory));
static cl::opt<std::string> paramsPath("params", cl::init(""),
                                       cl::cat(runCategory));
static cl::list<std::string> inputShapes("input-shape", cl::cat(runCategory));
static cl::list<std::string>
    inputFiles("input", cl::desc("Graph input from a .npy file, NAME=FILE"),
               cl::cat(runCategory));
static cl::opt<unsigned>
    randomInputs("random-inputs",
                 cl::desc("Seed of the uniform [0, 1) values of inputs "
                          "without --input"),
                 cl::init(0), cl::cat(runCategory));
static cl::opt<unsigned>
    randomWeights("random-weights",
                  cl::desc("Seed of the uniform [-0.5, 0.5) values of "
                           "weights without data (structure-only models)"),
                  cl::init(1), cl::cat(runCategory));
static cl::opt<std::string> outputDir("output-dir",
                                      cl::desc("Write outputs as .npy here"),
                                      cl::init(""), cl::cat(runCategory));
static cl::opt<std::string> dumpIntermediates(
    "dump-intermediates",
    cl::desc("Also write every node's outputs as .npy files here, named by "
             "node name, with index.tsv listing them (the graph outputs "
             "first); for utils/debug/compare_layers.py"),
    cl::init(""), cl::cat(runCategory));
static cl::opt<unsigned> repeat("repeat",
                                cl::desc("Run the model N times (median)"),
                                cl::init(1), cl::cat(runCategory));
static cl::opt<bool>
    profile("profile",
            cl::desc("Time each layer: also compile a build with every layer "
                     "timed, run it after each run of the plain build "
                     "(--repeat times, 10 unless given, after one warm-up "
                     "run) and print the layers by time"),
            cl::init(false), cl::cat(runCategory));
// Registered as "nngraph-threads" and renamed in main (see
// claimThreadsOption).
static cl::opt<unsigned>
    threads("nngraph-threads",
            cl::desc("Run the model's parallel loops on N threads (OpenMP); "
                     "1: sequential; default (0): NNGRAPH_NUM_THREADS, else "
                     "the number of CPUs"),
            cl::init(0), cl::cat(runCategory));
static cl::opt<unsigned> compileThreads(
    "compile-threads",
    cl::desc("Optimise and compile the LLVM IR on N threads, a partition of "
             "the module each; default (0): NNGRAPH_COMPILE_THREADS, else "
             "the number of CPUs (at most 8)"),
    cl::init(0), cl::cat(runCategory));
static cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the IR after every pass of the compile pipeline "
             "(default: once, after the last pass)"),
    cl::init(false), cl::cat(runCategory));
// Tests point it at a missing file to check the diagnostic.
static cl::opt<std::string>
    openMPLib("openmp-lib", cl::Hidden,
              cl::desc("The OpenMP runtime to load (default: this build's)"),
              cl::init(""), cl::cat(runCategory));
static cl::opt<unsigned>
    topK("top-k",
         cl::desc("Also print the K largest values of each output's last "
                  "axis (first batch row) with their indices (classes)"),
         cl::init(0), cl::cat(runCategory));

static cl::opt<bool> liftWeightTransforms(
    "lift-weight-transforms",
    cl::desc("Prepare the work that depends only on weights once, before "
             "the first run (off: in every run)"),
    cl::init(true), cl::cat(runCategory));

static cl::opt<unsigned> winograd(
    "winograd",
    cl::desc("Compute 3x3 stride-1 convolutions by Winograd's "
             "F(m x m, 3 x 3) with this m, 2 or 4 (0: direct; F(4x4) "
             "differs from the direct result by about 1e-6 of the output's "
             "magnitude)"),
    cl::init(4), cl::cat(runCategory));

static cl::opt<bool> planBuffers(
    "plan-buffers",
    cl::desc("Place the intermediate buffers in one arena planned at "
             "compile time and reused every run (off: allocate and free "
             "each in every run)"),
    cl::init(true), cl::cat(runCategory));

static cl::opt<std::string>
    target("target",
           cl::desc("Where the model runs: cpu (default) or cuda (an "
                    "NVIDIA GPU: nngraph-gpu-pipeline, the CUDA driver "
                    "loaded at run time)"),
           cl::init("cpu"), cl::cat(runCategory));
static cl::opt<std::string>
    chip("chip",
         cl::desc("With --target cuda: the GPU architecture the kernels are "
                  "compiled for (sm_80, sm_90, ...; default: the device's)"),
         cl::init(""), cl::cat(runCategory));
static cl::opt<std::string>
    gpuFormat("gpu-format",
              cl::desc("With --target cuda: the kernels as isa (PTX, "
                       "compiled by the driver; default), bin (cubin, needs "
                       "the CUDA toolkit's ptxas) or fatbin"),
              cl::init("isa"), cl::cat(runCategory));
static cl::opt<int> cudaDevice("cuda-device",
                               cl::desc("With --target cuda: the device "
                                        "ordinal"),
                               cl::init(0), cl::cat(runCategory));

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The help text of --format, --params and --input-shape, which list
/// formats: built from the rows of the format registry.
void setHelpText() {
  static std::string format, params, shape;
  format = "Model format: " + joinNames(getModelFormats()) +
           " (default: detected from the content)";
  std::vector<std::string> weights, shapes;
  for (const FormatInfo *f : getFormats()) {
    if (f->readWeights)
      weights.push_back(
          ("(" + f->weightsExtension + ") for " + f->title).str());
    if (f->takesInputShapes)
      shapes.push_back(f->title.str());
  }
  params = "Weights file " + joinNames(weights) + " models";
  shape =
      "Graph input shape for " + joinNames(shapes) + " models, name=1x3x8x8";
  formatName.setDescription(format);
  paramsPath.setDescription(params);
  inputShapes.setDescription(shape);
}

/// libLLVM.so registers a hidden, undocumented --threads option of its own,
/// which a second --threads would collide with: it moves aside for ours.
void claimThreadsOption() {
  if (cl::Option *llvmThreads = cl::getRegisteredOptions().lookup("threads")) {
    llvmThreads->setArgStr("llvm-threads");
    llvmThreads->setHiddenFlag(cl::ReallyHidden);
  }
  threads.setArgStr("threads");
}

/// Reads every --input file once (its shape may complete the import).
LogicalResult readInputFiles(llvm::StringMap<NamedArray> &files) {
  for (const std::string &spec : inputFiles) {
    auto [name, path] = StringRef(spec).split('=');
    llvm::Expected<NpyArray> a = readNpy(path);
    if (!a) {
      llvm::errs() << "nngraph-run: input '" << name
                   << "': " << llvm::toString(a.takeError()) << "\n";
      return failure();
    }
    files[name] = NamedArray{std::move(*a), "'" + path.str() + "'"};
  }
  return success();
}

/// The --input-shape values, parsed once here, and the shapes of float32
/// --input files for inputs without one (graphs often leave input shapes
/// open).
LogicalResult getInputShapes(const llvm::StringMap<NamedArray> &files,
                             InputShapes &shapes) {
  for (const std::string &spec : inputShapes) {
    if (llvm::Error err = parseInputShape(spec, shapes)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return failure();
    }
  }
  for (const auto &[name, file] : files) {
    if (shapes.count(name.str()) || file.array.dtype != "<f4")
      continue;
    shapes[name.str()].dims.assign(file.array.shape.begin(),
                                   file.array.shape.end());
  }
  return success();
}

/// Binds every input by the shared policy: weights from the weights file by
/// name, else --input files by name, else deterministic random values.
FailureOr<std::vector<NpyArray>>
bindAllInputs(const Executable &exe, const WeightFile *weights,
              llvm::StringMap<NamedArray> &files, Location fileLoc) {
  BindingOptions options;
  options.randomInputs = randomInputs;
  options.randomWeights = randomWeights;
  auto lookupWeight = [&](StringRef name) -> std::optional<WeightView> {
    const WeightTensor *t = weights ? weights->lookup(name) : nullptr;
    if (!t)
      return std::nullopt;
    return WeightView{t->dtype, t->shape, t->data};
  };
  auto report = [&](InputSource source, const Twine &message) {
    if (source == InputSource::Weights)
      emitError(fileLoc) << message;
    else
      llvm::errs() << "nngraph-run: " << message << "\n";
  };
  return bindInputs(exe.getInputs(), lookupWeight, files, options, report);
}

/// Runs `exe` --repeat times on `buffers`; the sorted run times, or failure.
FailureOr<std::vector<double>> runRepeatedly(const Executable &exe,
                                             ArrayRef<void *> buffers) {
  std::vector<double> times;
  for (unsigned r = 0; r < std::max(1u, unsigned(repeat)); ++r) {
    auto t = Clock::now();
    if (llvm::Error err = exe.invoke(buffers)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return failure();
    }
    times.push_back(secondsSince(t));
  }
  std::sort(times.begin(), times.end());
  return times;
}

/// The file name of tensor `name` in an output directory.
std::string getNpyFileName(StringRef name) {
  std::string fileName = name.str();
  std::replace_if(
      fileName.begin(), fileName.end(),
      [](char c) { return c == '/' || c == ':' || c == ' '; }, '_');
  return fileName + ".npy";
}

/// Prints each output's summary and writes it to --output-dir.
LogicalResult writeOutputs(ArrayRef<TensorInfo> outputs,
                           ArrayRef<NpyArray> arrays) {
  for (auto [info, a] : llvm::zip_equal(outputs, arrays)) {
    llvm::outs() << summarizeOutput(info.name, a, topK) << "\n";
    if (outputDir.empty())
      continue;
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
      llvm::errs() << "nngraph-run: cannot create '" << outputDir
                   << "': " << ec.message() << "\n";
      return failure();
    }
    SmallString<128> path(outputDir);
    llvm::sys::path::append(path, getNpyFileName(info.name));
    if (llvm::Error err = writeNpy(a, path)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return failure();
    }
  }
  return success();
}

/// --dump-intermediates: makes every node's outputs results of the graph
/// function (nngraph-expose-intermediates); returns the number of graph
/// outputs it had.
FailureOr<unsigned> exposeIntermediates(ModuleOp module) {
  func::FuncOp func = getGraphFunction(module, "nngraph-run");
  if (!func)
    return failure();
  unsigned outputs = func.getNumResults();
  PassManager pm(module.getContext());
  pm.addNestedPass<func::FuncOp>(createNNGraphExposeIntermediatesPass());
  if (failed(pm.run(module)))
    return failure();
  return outputs;
}

/// Writes every output to --dump-intermediates as NAME.npy, and index.tsv:
/// one line per tensor (name, file, dtype, shape, and "output" for the
/// first `graphOutputs`, the graph's own, "node" for the others).
LogicalResult writeIntermediates(ArrayRef<TensorInfo> outputs,
                                 ArrayRef<NpyArray> arrays,
                                 unsigned graphOutputs) {
  if (std::error_code ec =
          llvm::sys::fs::create_directories(dumpIntermediates)) {
    llvm::errs() << "nngraph-run: cannot create '" << dumpIntermediates
                 << "': " << ec.message() << "\n";
    return failure();
  }
  SmallString<128> indexPath(dumpIntermediates);
  llvm::sys::path::append(indexPath, "index.tsv");
  std::error_code ec;
  llvm::raw_fd_ostream index(indexPath, ec);
  if (ec) {
    llvm::errs() << "nngraph-run: cannot write '" << indexPath
                 << "': " << ec.message() << "\n";
    return failure();
  }
  index << "name\tfile\tdtype\tshape\tkind\n";
  for (auto [i, info, a] : llvm::enumerate(outputs, arrays)) {
    std::string file = getNpyFileName(info.name);
    SmallString<128> path(dumpIntermediates);
    llvm::sys::path::append(path, file);
    if (llvm::Error err = writeNpy(a, path)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return failure();
    }
    index << info.name << "\t" << file << "\t" << info.dtype << "\t";
    llvm::interleave(info.shape, index, "x");
    index << "\t" << (i < graphOutputs ? "output" : "node") << "\n";
  }
  llvm::outs() << "dumped " << outputs.size() << " tensors ("
               << outputs.size() - graphOutputs << " node outputs, "
               << graphOutputs << " graph outputs) to " << dumpIntermediates
               << "\n";
  return success();
}

/// The largest difference between the outputs of two builds, 0 when they
/// are equal bit for bit.
double getMaxDifference(ArrayRef<NpyArray> a, ArrayRef<NpyArray> b) {
  double worst = 0;
  for (auto [x, y] : llvm::zip_equal(a, b)) {
    if (x.bytes == y.bytes)
      continue;
    for (int64_t i = 0, e = x.numElements(); i < e; ++i) {
      double d = std::abs(x.get(i) - y.get(i));
      worst = std::max(worst, d != d ? HUGE_VAL : d);
    }
    if (worst == 0)
      worst = HUGE_VAL; // Bits differ where values agree (NaN payloads).
  }
  return worst;
}

/// --profile: runs `plain` and `profiled` interleaved, prints the outputs of
/// the plain build, its run time, the profile and whether both builds agree.
LogicalResult runProfiled(const Executable &plain, const Executable &profiled,
                          std::vector<NpyArray> &inputs,
                          std::vector<NpyArray> &outputs, double compileSeconds,
                          double profiledSeconds) {
  std::vector<NpyArray> profiledOutputs;
  for (const TensorInfo &info : profiled.getOutputs())
    profiledOutputs.push_back(info.allocate());
  std::vector<void *> buffers, profiledBuffers;
  for (NpyArray &a : inputs) {
    buffers.push_back(a.bytes.data());
    profiledBuffers.push_back(a.bytes.data());
  }
  for (NpyArray &a : outputs)
    buffers.push_back(a.bytes.data());
  for (NpyArray &a : profiledOutputs)
    profiledBuffers.push_back(a.bytes.data());
  unsigned runs = repeat.getNumOccurrences() ? unsigned(repeat) : 10;
  llvm::Expected<ProfileSummary> summary = profileRuns(
      profiled, profiledBuffers, runs, /*warmup=*/1, &plain, buffers);
  if (!summary) {
    llvm::errs() << "nngraph-run: " << llvm::toString(summary.takeError())
                 << "\n";
    return failure();
  }
  if (failed(writeOutputs(plain.getOutputs(), outputs)))
    return failure();
  llvm::outs() << llvm::format("compile time: %.3f s (profiled build: %.3f "
                               "s)\n",
                               compileSeconds, profiledSeconds)
               << llvm::format("run time (median of %u): %.6f s\n",
                               summary->runs, *summary->unprofiledMs * 1e-3)
               << formatProfile(*summary);
  double difference = getMaxDifference(outputs, profiledOutputs);
  if (difference == 0)
    llvm::outs() << "profiled outputs: identical to the unprofiled run's\n";
  else
    llvm::outs() << llvm::format("profiled outputs: differ from the "
                                 "unprofiled run's, max |difference| %g\n",
                                 difference);
  return success();
}

/// --profile with --target cuda: one warm-up run, then --repeat runs (10
/// unless given) with CUDA events around every kernel launch; prints the
/// outputs, the median run time and the kernels by GPU time.
LogicalResult runProfiledCuda(const Executable &exe, ArrayRef<void *> buffers,
                              ArrayRef<NpyArray> outputs,
                              double compileSeconds) {
  unsigned runs =
      repeat.getNumOccurrences() ? std::max(1u, unsigned(repeat)) : 10;
  if (llvm::Error err = exe.invoke(buffers)) {
    llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
    return failure();
  }
  std::vector<double> times;
  llvm::StringMap<std::pair<int64_t, double>> totals;
  std::vector<std::string> order;
  for (unsigned r = 0; r < runs; ++r) {
    std::vector<Executable::KernelTime> kernels;
    auto t = Clock::now();
    if (llvm::Error err = exe.invokeProfiledKernels(buffers, kernels)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return failure();
    }
    times.push_back(secondsSince(t));
    for (const Executable::KernelTime &k : kernels) {
      auto [it, inserted] = totals.try_emplace(k.kernel, 0, 0.0);
      if (inserted)
        order.push_back(k.kernel);
      it->second.first += k.launches;
      it->second.second += k.milliseconds;
    }
  }
  if (failed(writeOutputs(exe.getOutputs(), outputs)))
    return failure();
  std::sort(times.begin(), times.end());
  double gpuTotal = 0;
  for (const std::string &k : order)
    gpuTotal += totals[k].second / runs;
  llvm::outs() << llvm::format("compile time: %.3f s\n", compileSeconds)
               << llvm::format("run time (median of %zu): %.6f s\n",
                               times.size(), times[times.size() / 2])
               << "device: " << exe.getDeviceDescription() << "\n"
               << llvm::format("kernels: %zu, GPU time per run: %.3f ms "
                               "(sum of the kernels' times)\n",
                               order.size(), gpuTotal);
  llvm::stable_sort(order, [&](const std::string &a, const std::string &b) {
    return totals[a].second > totals[b].second;
  });
  llvm::outs() << "     ms/run       %  launches  kernel\n";
  for (const std::string &k : order) {
    double ms = totals[k].second / runs;
    llvm::outs() << llvm::format("%11.4f  %6.2f  %8lld  ", ms,
                                 gpuTotal > 0 ? 100 * ms / gpuTotal : 0.0,
                                 static_cast<long long>(totals[k].first / runs))
                 << k << "\n";
  }
  return success();
}

int run() {
  if (winograd != 0 && winograd != 2 && winograd != 4) {
    llvm::errs() << "nngraph-run: --winograd must be 0, 2 or 4, not "
                 << winograd << "\n";
    return 1;
  }
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  // Dialects load on demand (the parser, the passes' dependent dialects):
  // loading all of them up front cost 17 MB of resident memory.
  MLIRContext context(registry);
  // Diagnostics name the node; the whole function would drown them.
  context.printOpOnDiagnostic(false);

  auto start = Clock::now();
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(modelPath);
  if (!file) {
    llvm::errs() << "nngraph-run: cannot read '" << modelPath
                 << "': " << file.getError().message() << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  llvm::StringMap<NamedArray> files;
  LoadOptions loadOptions;
  loadOptions.format = formatName;
  if (failed(readInputFiles(files)) ||
      failed(getInputShapes(files, loadOptions.import.inputShapes)))
    return 1;
  OwningOpRef<ModuleOp> module = loadModel(sourceMgr, &context, loadOptions);
  if (!module)
    return 1;
  Location fileLoc = FileLineColLoc::get(&context, modelPath, 0, 0);
  std::unique_ptr<WeightFile> weights;
  if (!paramsPath.empty()) {
    weights = readWeightFile(paramsPath, fileLoc, formatName);
    if (!weights)
      return 1;
  }
  std::optional<unsigned> graphOutputs;
  if (!dumpIntermediates.empty()) {
    if (profile) {
      llvm::errs() << "nngraph-run: --dump-intermediates and --profile "
                      "cannot be combined\n";
      return 1;
    }
    FailureOr<unsigned> count = exposeIntermediates(*module);
    if (failed(count))
      return 1;
    graphOutputs = *count;
  }

  // Compile: the signature is read before lowering changes it.
  OwningOpRef<ModuleOp> profiledModule;
  bool cuda = target == "cuda";
  if (profile && !cuda)
    profiledModule = module->clone();
  CompileOptions compileOptions;
  compileOptions.target = target;
  compileOptions.chip = chip;
  compileOptions.format = gpuFormat;
  compileOptions.device = cudaDevice;
  compileOptions.liftWeightTransforms = liftWeightTransforms;
  compileOptions.winograd = winograd;
  compileOptions.planBuffers = planBuffers;
  compileOptions.threads = threads;
  compileOptions.compileThreads = compileThreads;
  compileOptions.verifyEachPass = verifyEach;
  compileOptions.openMPLib = openMPLib;
  // A graph left with open sizes takes them from the shapes given, the
  // input arrays and the weights.
  for (const auto &[name, shape] : loadOptions.import.inputShapes)
    compileOptions.inputShapes[name] = shape.dims;
  for (const auto &[name, file] : files)
    compileOptions.inputShapes[name].assign(file.array.shape.begin(),
                                            file.array.shape.end());
  if (weights)
    for (const WeightTensor &t : weights->getTensors())
      compileOptions.inputShapes[t.name] = t.shape;
  std::unique_ptr<Executable> exe =
      Executable::compile(std::move(module), compileOptions);
  if (!exe)
    return 1;
  double compileSeconds = secondsSince(start);
  std::unique_ptr<Executable> profiled;
  double profiledSeconds = 0;
  if (profile && !cuda) {
    auto profiledStart = Clock::now();
    CompileOptions options = compileOptions;
    options.profile = true;
    profiled = Executable::compile(std::move(profiledModule), options);
    if (!profiled)
      return 1;
    profiledSeconds = secondsSince(profiledStart);
  }

  // What compiling used and running does not (its freed heap, the
  // compiler's code) goes back to the system before the weights are copied.
  releaseCompilerMemory();
  FailureOr<std::vector<NpyArray>> inputs =
      bindAllInputs(*exe, weights.get(), files, fileLoc);
  if (failed(inputs))
    return 1;
  // The bound inputs hold copies: the weights file's mapping (whose pages
  // the copy made resident) goes before the first call prepares the
  // weights, so the peak holds two copies of them, not three.
  weights.reset();
  std::vector<NpyArray> outputs;
  for (const TensorInfo &info : exe->getOutputs())
    outputs.push_back(info.allocate());
  if (profiled)
    return failed(runProfiled(*exe, *profiled, *inputs, outputs, compileSeconds,
                              profiledSeconds));
  std::vector<void *> buffers;
  for (NpyArray &a : llvm::concat<NpyArray>(*inputs, outputs))
    buffers.push_back(a.bytes.data());
  if (profile && cuda)
    return failed(runProfiledCuda(*exe, buffers, outputs, compileSeconds));

  FailureOr<std::vector<double>> times = runRepeatedly(*exe, buffers);
  if (failed(times))
    return 1;
  // With --dump-intermediates, the graph's own outputs come first.
  unsigned shown = graphOutputs.value_or(outputs.size());
  if (failed(writeOutputs(exe->getOutputs().take_front(shown),
                          ArrayRef(outputs).take_front(shown))))
    return 1;
  if (graphOutputs &&
      failed(writeIntermediates(exe->getOutputs(), outputs, *graphOutputs)))
    return 1;
  llvm::outs() << llvm::format("compile time: %.3f s\n", compileSeconds)
               << llvm::format("run time (median of %zu): %.6f s\n",
                               times->size(), (*times)[times->size() / 2]);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  setHelpText();
  claimThreadsOption();
  cl::HideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "nngraph-run: compile a model for the CPU or a CUDA GPU and run it\n\n"
      "  nngraph-run MODEL [--format F] [--params P] [--input NAME=FILE.npy]\n"
      "              [--random-inputs SEED] [--random-weights SEED]\n"
      "              [--output-dir DIR] [--repeat N] [--profile] [--threads "
      "N]\n"
      "              [--target cpu|cuda] [--chip sm_XY] [--gpu-format "
      "isa|bin]\n");
  return run();
}
