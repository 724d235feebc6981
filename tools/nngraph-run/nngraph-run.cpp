//===- nngraph-run.cpp - compile and run a model on the CPU -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-run: it imports a model (any format, detected
// from the content, or an .mlir file), compiles it with nngraph-cpu-pipeline
// (results become output buffers), JIT-executes it with MLIR's
// ExecutionEngine on inputs from .npy files or deterministic random values,
// and prints each output's shape and a summary, the compile time and the
// median run time; --output-dir writes the outputs as .npy files.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/Execution.h"
#include "nngraph/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
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

using namespace mlir;
using namespace mlir::nngraph;
namespace cl = llvm::cl;

static cl::opt<std::string> modelPath(cl::Positional, cl::Required,
                                      cl::desc("<model>"));
static cl::opt<std::string>
    formatName("format",
               cl::desc("Model format: nnvm, lightnet, xoc, relayviz or mlir "
                        "(default: detected from the content)"),
               cl::init(""));
static cl::opt<std::string>
    paramsPath("params", cl::desc("Weights file (.params) for NNVM models"),
               cl::init(""));
static cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("Graph input shape for NNVM models, name=1x3x8x8"));
static cl::list<std::string>
    inputFiles("input", cl::desc("Graph input from a .npy file, NAME=FILE"));
static cl::opt<unsigned>
    randomInputs("random-inputs",
                 cl::desc("Seed of the uniform [0, 1) values of inputs "
                          "without --input"),
                 cl::init(0));
static cl::opt<unsigned>
    randomWeights("random-weights",
                  cl::desc("Seed of the uniform [-0.5, 0.5) values of "
                           "weights without data (structure-only models)"),
                  cl::init(1));
static cl::opt<std::string> outputDir("output-dir",
                                      cl::desc("Write outputs as .npy here"),
                                      cl::init(""));
static cl::opt<unsigned>
    repeat("repeat", cl::desc("Run the model N times (median)"), cl::init(1));
static cl::opt<unsigned>
    topK("top-k",
         cl::desc("Also print the K largest values of each output's last "
                  "axis (first batch row) with their indices (classes)"),
         cl::init(0));

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void printSummary(const TensorInfo &info, const NpyArray &a) {
  llvm::outs() << "output " << info.name << ": " << a.describe();
  int64_t n = a.numElements();
  if (n > 0) {
    double lo = a.get(0), hi = a.get(0), sum = 0;
    for (int64_t i = 0; i < n; ++i) {
      double v = a.get(i);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += v;
    }
    llvm::outs() << llvm::format(" min %.6g max %.6g mean %.6g", lo, hi,
                                 sum / n);
    llvm::outs() << " first [";
    for (int64_t i = 0; i < std::min<int64_t>(n, 6); ++i)
      llvm::outs() << (i ? ", " : "") << llvm::format("%.6g", a.get(i));
    llvm::outs() << (n > 6 ? ", ...]" : "]");
  }
  llvm::outs() << "\n";
  if (topK == 0 || a.shape.empty() || a.shape.back() == 0)
    return;
  int64_t row = a.shape.back();
  std::vector<int64_t> order(row);
  for (int64_t i = 0; i < row; ++i)
    order[i] = i;
  int64_t k = std::min<int64_t>(topK, row);
  std::partial_sort(order.begin(), order.begin() + k, order.end(),
                    [&](int64_t x, int64_t y) { return a.get(x) > a.get(y); });
  llvm::outs() << "  top-" << k << ":";
  for (int64_t i = 0; i < k; ++i)
    llvm::outs() << " " << order[i] << llvm::format(" (%.4g)", a.get(order[i]));
  llvm::outs() << "\n";
}

/// An --input array, read once, with the file it came from.
struct InputFile {
  std::string path;
  NpyArray array;
};

int run() {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
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
  // Every --input file, read once: its shape may complete the import.
  llvm::StringMap<InputFile> files;
  for (const std::string &spec : inputFiles) {
    auto [name, path] = StringRef(spec).split('=');
    llvm::Expected<NpyArray> a = readNpy(path);
    if (!a) {
      llvm::errs() << "nngraph-run: input '" << name
                   << "': " << llvm::toString(a.takeError()) << "\n";
      return 1;
    }
    files[name] = InputFile{path.str(), std::move(*a)};
  }
  LoadOptions loadOptions;
  loadOptions.format = formatName;
  loadOptions.inputShapes.assign(inputShapes.begin(), inputShapes.end());
  // Inputs given as float32 .npy files have the shape of the file unless
  // told otherwise (NNVM graphs often leave input shapes open).
  for (const auto &[name, file] : files) {
    bool given = llvm::any_of(inputShapes, [&](const std::string &s) {
      return StringRef(s).starts_with((name + "=").str());
    });
    if (given || file.array.dtype != "<f4")
      continue;
    std::string shape = name.str() + "=";
    for (auto [i, d] : llvm::enumerate(file.array.shape))
      shape += (i ? "x" : "") + std::to_string(d);
    loadOptions.inputShapes.push_back(shape);
  }
  OwningOpRef<ModuleOp> module = loadModel(sourceMgr, &context, loadOptions);
  if (!module)
    return 1;
  Location fileLoc = FileLineColLoc::get(&context, modelPath, 0, 0);
  std::unique_ptr<WeightFile> weights;
  if (!paramsPath.empty()) {
    weights = WeightFile::read(paramsPath, fileLoc);
    if (!weights)
      return 1;
  }

  // Compile: the signature is read before lowering changes it.
  std::unique_ptr<Executable> exe =
      Executable::compile(std::move(module), CompileOptions());
  if (!exe)
    return 1;
  double compileSeconds = secondsSince(start);

  // Inputs: weights from the params file by name, else .npy files by name,
  // else deterministic random values.
  std::vector<NpyArray> arrays;
  for (const TensorInfo &info : exe->getInputs()) {
    if (weights && weights->lookup(info.name)) {
      FailureOr<NpyArray> a = readWeight(*weights, info, fileLoc);
      if (failed(a))
        return 1;
      arrays.push_back(std::move(*a));
      continue;
    }
    auto it = files.find(info.name);
    if (it != files.end()) {
      NpyArray &a = it->second.array;
      if (a.dtype != info.npyDType || a.shape != info.shape) {
        llvm::errs() << "nngraph-run: input '" << info.name << "' from '"
                     << it->second.path << "' is " << a.describe()
                     << ", the model expects " << info.describe() << "\n";
        return 1;
      }
      arrays.push_back(std::move(a));
      continue;
    }
    NpyArray a = info.allocate();
    if (info.isWeight)
      fillUniform(a, getWeightSeed(randomWeights, info.name), -0.5, 0.5);
    else
      fillUniform(a, randomInputs, 0.0, 1.0);
    arrays.push_back(std::move(a));
  }
  for (const TensorInfo &info : exe->getOutputs())
    arrays.push_back(info.allocate());
  std::vector<void *> buffers;
  for (NpyArray &a : arrays)
    buffers.push_back(a.bytes.data());

  std::vector<double> times;
  for (unsigned r = 0; r < std::max(1u, unsigned(repeat)); ++r) {
    auto t = Clock::now();
    if (llvm::Error err = exe->invoke(buffers)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
    times.push_back(secondsSince(t));
  }
  std::sort(times.begin(), times.end());

  size_t numInputs = exe->getInputs().size();
  for (auto [i, info] : llvm::enumerate(exe->getOutputs())) {
    const NpyArray &a = arrays[numInputs + i];
    printSummary(info, a);
    if (outputDir.empty())
      continue;
    llvm::sys::fs::create_directories(outputDir);
    SmallString<128> path(outputDir);
    std::string fileName = info.name;
    std::replace_if(
        fileName.begin(), fileName.end(),
        [](char c) { return c == '/' || c == ':' || c == ' '; }, '_');
    llvm::sys::path::append(path, fileName + ".npy");
    if (llvm::Error err = writeNpy(a, path)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
  }
  llvm::outs() << llvm::format("compile time: %.3f s\n", compileSeconds)
               << llvm::format("run time (median of %zu): %.6f s\n",
                               times.size(), times[times.size() / 2]);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "nngraph-run: compile a model for the CPU and run it\n\n"
      "  nngraph-run MODEL [--format F] [--params P] [--input NAME=FILE.npy]\n"
      "              [--random-inputs SEED] [--random-weights SEED]\n"
      "              [--output-dir DIR] [--repeat N]\n");
  return run();
}
