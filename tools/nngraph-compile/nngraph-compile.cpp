//===- nngraph-compile.cpp - compile a model into a shared library --------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// nngraph-compile MODEL [--params P] [--input-shape NAME=1x3x224x224]
//                 [--target-cpu NAME] [--threads N] -o model.so
//
// Ahead-of-time compilation: the model is imported as nngraph-run imports
// it, lowered by the same CPU pipeline, compiled to object code and linked
// with the C runtime into a shared library exporting the C API of
// include/nngraph-c/Runtime.h. The weights (from --params, or random with
// --random-weights) go to a file beside it (model.weights), which the
// library maps when it loads the model.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/AOT.h"
#include "nngraph/Execution/Execution.h"
#include "nngraph/Execution/InputBinding.h"
#include "nngraph/InitAll.h"
#include "nngraph/Target/Formats/FormatRegistry.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;
using namespace mlir::nngraph;
namespace cl = llvm::cl;

static cl::OptionCategory compileCategory("nngraph-compile options");

static cl::opt<std::string> modelPath(cl::Positional, cl::Required,
                                      cl::desc("<model>"),
                                      cl::cat(compileCategory));
static cl::opt<std::string> outputPath("o", cl::Required,
                                       cl::desc("The library to write"),
                                       cl::value_desc("model.so"),
                                       cl::cat(compileCategory));
static cl::opt<std::string>
    weightsOut("weights-out",
               cl::desc("The weights file to write (default: the library's "
                        "path with .weights for .so, where it looks)"),
               cl::init(""), cl::cat(compileCategory));
// The descriptions that name formats come from the registry (setHelpText).
static cl::opt<std::string> formatName("format", cl::init(""),
                                       cl::cat(compileCategory));
static cl::opt<std::string> paramsPath("params", cl::init(""),
                                       cl::cat(compileCategory));
static cl::list<std::string> inputShapes("input-shape",
                                         cl::cat(compileCategory));
static cl::opt<unsigned> randomWeights(
    "random-weights",
    cl::desc("Seed of uniform [-0.5, 0.5) values for weights without "
             "values (structure-only models; default: such weights are an "
             "error)"),
    cl::cat(compileCategory));
static cl::opt<std::string>
    targetCPU("target-cpu",
              cl::desc("The CPU the code is for, by LLVM's name (x86-64, "
                       "x86-64-v3, znver1, skylake-avx512, ...; default: "
                       "this host's)"),
              cl::init(""), cl::cat(compileCategory));
// Registered as "nngraph-threads" and renamed in main (libLLVM has a hidden
// --threads of its own).
static cl::opt<unsigned>
    threads("nngraph-threads",
            cl::desc("Run the model's parallel loops on N threads (OpenMP: "
                     "the library then needs libomp); default 1"),
            cl::init(1), cl::cat(compileCategory));
static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimisation level"),
                                  cl::init(3), cl::Prefix,
                                  cl::cat(compileCategory));
static cl::opt<unsigned>
    winograd("winograd",
             cl::desc("Winograd's F(m x m, 3 x 3) for 3x3 stride-1 "
                      "convolutions with this m, 2 or 4 (0: direct)"),
             cl::init(4), cl::cat(compileCategory));
static cl::opt<unsigned> compileThreads(
    "compile-threads",
    cl::desc("Compile the LLVM IR on N threads (default: "
             "NNGRAPH_COMPILE_THREADS, else the CPUs, at most 8)"),
    cl::init(0), cl::cat(compileCategory));

namespace {

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

void claimThreadsOption() {
  if (cl::Option *llvmThreads = cl::getRegisteredOptions().lookup("threads")) {
    llvmThreads->setArgStr("llvm-threads");
    llvmThreads->setHiddenFlag(cl::ReallyHidden);
  }
  threads.setArgStr("threads");
}

int run() {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  if (winograd != 0 && winograd != 2 && winograd != 4) {
    llvm::errs() << "nngraph-compile: --winograd must be 0, 2 or 4, not "
                 << winograd << "\n";
    return 1;
  }
  if (threads == 0) {
    llvm::errs() << "nngraph-compile: --threads must be at least 1\n";
    return 1;
  }
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  auto file = llvm::MemoryBuffer::getFileOrSTDIN(modelPath);
  if (!file) {
    llvm::errs() << "nngraph-compile: cannot read '" << modelPath
                 << "': " << file.getError().message() << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  LoadOptions loadOptions;
  loadOptions.format = formatName;
  for (const std::string &spec : inputShapes) {
    if (llvm::Error err =
            parseInputShape(spec, loadOptions.import.inputShapes)) {
      llvm::errs() << "nngraph-compile: " << llvm::toString(std::move(err))
                   << "\n";
      return 1;
    }
  }
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

  CompileOptions options;
  options.threads = threads;
  options.winograd = winograd;
  FailureOr<unsigned> width = getVectorWidthFor(targetCPU, fileLoc);
  if (failed(width))
    return 1;
  options.vectorWidth = *width;
  for (const auto &[name, shape] : loadOptions.import.inputShapes)
    options.inputShapes[name] = shape.dims;
  if (weights)
    for (const WeightTensor &t : weights->getTensors())
      options.inputShapes[t.name] = t.shape;
  FailureOr<LoweredGraph> graph = lowerGraphForCPU(*module, options);
  if (failed(graph))
    return 1;

  // The weights: inputs marked as weights and inputs the weights file has
  // values for (TVM's kernel-call inputs); every other input is data.
  std::vector<TensorInfo> weightInfos;
  std::vector<size_t> weightIndex;
  for (auto [i, info] : llvm::enumerate(graph->inputs))
    if (info.isWeight || (weights && weights->lookup(info.name))) {
      weightInfos.push_back(info);
      weightIndex.push_back(i);
    }
  BindingOptions binding;
  if (randomWeights.getNumOccurrences())
    binding.randomWeights = randomWeights;
  auto lookupWeight = [&](StringRef name) -> std::optional<WeightView> {
    const WeightTensor *t = weights ? weights->lookup(name) : nullptr;
    if (!t)
      return std::nullopt;
    return WeightView{t->dtype, t->shape, t->data};
  };
  bool missing = false;
  auto report = [&](InputSource source, const Twine &message) {
    missing = true;
    if (source == InputSource::Weights)
      emitError(fileLoc) << message;
    else
      llvm::errs() << "nngraph-compile: " << message
                   << (binding.randomWeights ? ""
                                             : " (give --params, or "
                                               "--random-weights SEED)")
                   << "\n";
  };
  llvm::StringMap<NamedArray> none;
  FailureOr<std::vector<NpyArray>> values =
      bindInputs(weightInfos, lookupWeight, none, binding, report);
  if (failed(values) || missing)
    return 1;
  std::vector<const char *> data(graph->inputs.size(), nullptr);
  for (auto [i, array] : llvm::zip_equal(weightIndex, *values))
    data[i] = array.bytes.data();

  LibraryOptions library;
  library.outputPath = outputPath;
  library.weightsPath = weightsOut;
  library.cpu = targetCPU;
  library.optLevel = optLevel;
  library.compileThreads = compileThreads;
  if (failed(writeLibrary(*module, *graph, data, library)))
    return 1;
  // The sizes, for the summary line (0 if a file cannot be read back).
  uint64_t libraryBytes = 0, weightBytes = 0;
  std::string weightsPath =
      weightsOut.empty() ? getDefaultWeightsPath(outputPath) : weightsOut;
  if (llvm::sys::fs::file_size(outputPath, libraryBytes))
    libraryBytes = 0;
  if (llvm::sys::fs::file_size(weightsPath, weightBytes))
    weightBytes = 0;
  size_t dataInputs = graph->inputs.size() - weightInfos.size();
  llvm::outs() << llvm::format(
      "wrote %s (%.1f KiB, %zu inputs, %zu outputs, %u thread%s, CPU %s) "
      "and %s (%.1f MiB, %zu weights) in %.3f s\n",
      outputPath.c_str(), libraryBytes / 1024.0, dataInputs,
      graph->outputs.size(), unsigned(threads), threads == 1 ? "" : "s",
      targetCPU.empty() ? "host" : targetCPU.c_str(), weightsPath.c_str(),
      weightBytes / 1048576.0, weightInfos.size(),
      std::chrono::duration<double>(Clock::now() - start).count());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  setHelpText();
  claimThreadsOption();
  cl::HideUnrelatedOptions(compileCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "nngraph-compile: compile a model into a shared library with a C API\n\n"
      "  nngraph-compile MODEL [--format F] [--params P] [--input-shape "
      "N=1x3x8x8]\n"
      "                  [--target-cpu NAME] [--threads N] -o model.so\n\n"
      "The library exports include/nngraph-c/Runtime.h; the weights go to "
      "model.weights beside it.\n");
  return run();
}
