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

#include "NpyFile.h"
#include "nngraph/InitAll.h"
#include "nngraph/Pipelines/Pipelines.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/LightNet/LightNetImport.h"
#include "nngraph/Target/NNVM/NNVMImport.h"
#include "nngraph/Target/NNVM/Params.h"
#include "nngraph/Target/RelayViz/RelayVizImport.h"
#include "nngraph/Target/XOC/XOCImport.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <random>

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

/// The format of a model file, from its content.
std::string detectFormat(StringRef path, StringRef text) {
  if (path.ends_with(".mlir"))
    return "mlir";
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json) {
    llvm::consumeError(json.takeError());
    return "lightnet"; // Its importer reports the syntax (or strips comments).
  }
  const llvm::json::Object *o = json->getAsObject();
  if (!o)
    return "";
  if (const llvm::json::Object *g = o->getObject("graph"))
    o = g;
  if (o->getString("format") == std::optional<StringRef>("relayviz"))
    return "relayviz";
  if (o->get("tensors"))
    return "xoc";
  if (o->get("heads") || o->get("arg_nodes"))
    return "nnvm";
  return "lightnet";
}

/// An --input array, read once, with the file it came from.
struct InputFile {
  std::string path;
  NpyArray array;
};

OwningOpRef<ModuleOp> importModel(llvm::SourceMgr &sourceMgr, MLIRContext *ctx,
                                  StringRef format,
                                  const llvm::StringMap<InputFile> &files) {
  if (format == "mlir")
    return parseSourceFile<ModuleOp>(sourceMgr, ctx);
  if (format == "nnvm") {
    nnvm::ImportOptions options;
    options.inputShapes.assign(inputShapes.begin(), inputShapes.end());
    // Weights stay graph inputs: the runner passes them from the params
    // file at run time instead of compiling them into the module. Inputs
    // given as .npy files have the shape of the file unless told otherwise.
    for (const auto &[name, file] : files) {
      bool given = llvm::any_of(inputShapes, [&](const std::string &s) {
        return StringRef(s).starts_with((name + "=").str());
      });
      if (given || file.array.dtype != "<f4")
        continue;
      std::string shape = name.str() + "=";
      for (auto [i, d] : llvm::enumerate(file.array.shape))
        shape += (i ? "x" : "") + std::to_string(d);
      options.inputShapes.push_back(shape);
    }
    return nnvm::importNNVMGraph(sourceMgr, ctx, options);
  }
  if (format == "lightnet")
    return lightnet::importLightNet(sourceMgr, ctx, {});
  if (format == "xoc")
    return xoc::importXOCGraph(sourceMgr, ctx, {});
  if (format == "relayviz")
    return relayviz::importRelayViz(sourceMgr, ctx, {});
  llvm::errs() << "nngraph-run: unknown format '" << format << "'\n";
  return nullptr;
}

/// One graph input or output: its name, element type and shape.
struct TensorSlot {
  std::string name;
  RankedTensorType type;
  bool isWeight = false;
  NpyArray data;
};

/// Fills `slot` with deterministic uniform values in [lo, hi).
void fillRandom(TensorSlot &slot, unsigned seed, double lo, double hi) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  NpyArray &a = slot.data;
  for (int64_t i = 0, e = a.numElements(); i < e; ++i)
    a.set(i, dist(gen));
}

/// A memref descriptor of any rank: {allocated, aligned, offset,
/// sizes[rank], strides[rank]}, as the C interface passes it.
std::vector<int64_t> makeDescriptor(NpyArray &a) {
  std::vector<int64_t> d;
  d.push_back(reinterpret_cast<int64_t>(a.bytes.data()));
  d.push_back(reinterpret_cast<int64_t>(a.bytes.data()));
  d.push_back(0);
  for (int64_t s : a.shape)
    d.push_back(s);
  int64_t stride = 1;
  std::vector<int64_t> strides(a.shape.size());
  for (int64_t i = a.shape.size() - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= a.shape[i];
  }
  d.insert(d.end(), strides.begin(), strides.end());
  return d;
}

void printSummary(const TensorSlot &slot) {
  const NpyArray &a = slot.data;
  llvm::outs() << "output " << slot.name << ": " << a.describe();
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
  std::string format = formatName.empty()
                           ? detectFormat(modelPath, (*file)->getBuffer())
                           : std::string(formatName);
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
  OwningOpRef<ModuleOp> module =
      importModel(sourceMgr, &context, format, files);
  if (!module)
    return 1;
  func::FuncOp func = getGraphFunction(*module, "nngraph-run");
  if (!func)
    return 1;

  // The graph's inputs and outputs, before lowering changes the signature.
  std::vector<TensorSlot> inputs, outputs;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    TensorSlot slot;
    slot.name = getInputName(func, i);
    slot.type = dyn_cast<RankedTensorType>(func.getArgument(i).getType());
    if (auto role = func.getArgAttrOfType<StringAttr>(i, "nngraph.role"))
      slot.isWeight = role.getValue() == "weight";
    inputs.push_back(std::move(slot));
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    TensorSlot slot;
    slot.name = getOutputName(func, i);
    slot.type = dyn_cast<RankedTensorType>(func.getResultTypes()[i]);
    outputs.push_back(std::move(slot));
  }
  for (TensorSlot &slot : llvm::concat<TensorSlot>(inputs, outputs))
    if (!slot.type || !slot.type.hasStaticShape()) {
      llvm::errs() << "nngraph-run: '" << slot.name
                   << "' needs a static shape (give --input-shape)\n";
      return 1;
    }

  // Inputs: .npy files by name, else random (inputs) or random weights.
  // Weights from the .params file, by variable name.
  std::optional<nnvm::ParamsFile> params;
  llvm::StringMap<const nnvm::ParamTensor *> paramByName;
  if (!paramsPath.empty()) {
    auto buffer = llvm::MemoryBuffer::getFile(paramsPath, /*IsText=*/false);
    if (!buffer) {
      llvm::errs() << "nngraph-run: cannot read '" << paramsPath
                   << "': " << buffer.getError().message() << "\n";
      return 1;
    }
    auto file = nnvm::readParams((*buffer)->getMemBufferRef());
    if (!file) {
      llvm::errs() << "nngraph-run: '" << paramsPath
                   << "': " << llvm::toString(file.takeError()) << "\n";
      return 1;
    }
    params = std::move(*file);
    for (const nnvm::ParamTensor &t : params->tensors) {
      StringRef key = t.name;
      if (key.starts_with("arg:") || key.starts_with("aux:"))
        key = key.drop_front(4);
      paramByName[key] = &t;
    }
  }
  for (TensorSlot &slot : inputs) {
    if (const nnvm::ParamTensor *t = paramByName.lookup(slot.name)) {
      NpyArray a;
      a.dtype = getNpyDType(slot.type.getElementType());
      a.shape.assign(t->shape.begin(), t->shape.end());
      if (!llvm::equal(a.shape, slot.type.getShape()) ||
          t->data.size() != size_t(a.numElements()) * a.elementSize() ||
          nnvm::getDTypeName(t->dtype) !=
              getDTypeName(slot.type.getElementType())) {
        llvm::errs() << "nngraph-run: weight '" << slot.name
                     << "' in the params file does not have the type "
                     << describeType(slot.type) << "\n";
        return 1;
      }
      a.bytes.assign(t->data.begin(), t->data.end());
      slot.data = std::move(a);
      continue;
    }
    auto it = files.find(slot.name);
    if (it != files.end()) {
      NpyArray &a = it->second.array;
      if (failed(a.checkType(slot.type))) {
        llvm::errs() << "nngraph-run: input '" << slot.name << "' from '"
                     << it->second.path << "' is " << a.describe()
                     << ", the model expects " << describeType(slot.type)
                     << "\n";
        return 1;
      }
      slot.data = std::move(a);
      continue;
    }
    if (failed(slot.data.allocate(slot.type))) {
      llvm::errs() << "nngraph-run: no .npy dtype for input '" << slot.name
                   << "'\n";
      return 1;
    }
    if (slot.isWeight)
      fillRandom(slot, randomWeights + slot.name.size(), -0.5, 0.5);
    else
      fillRandom(slot, randomInputs, 0.0, 1.0);
  }
  for (TensorSlot &slot : outputs)
    if (failed(slot.data.allocate(slot.type))) {
      llvm::errs() << "nngraph-run: no .npy dtype for output '" << slot.name
                   << "'\n";
      return 1;
    }

  // Compile: results become output buffers, the C interface takes
  // descriptors. The names were read above; LLVM has no use for them.
  std::string funcName = func.getName().str();
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    func.setArgAttrs(i, ArrayRef<NamedAttribute>{});
  SmallVector<StringAttr> graphAttrs;
  for (NamedAttribute attr : func->getDiscardableAttrs())
    if (attr.getName().strref().starts_with("nngraph."))
      graphAttrs.push_back(attr.getName());
  for (StringAttr name : graphAttrs)
    func->removeAttr(name);
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(&context));
  PassManager pm(&context);
  CPUPipelineOptions options;
  options.resultsToOutParams = true;
  buildCPUPipeline(pm, options);
  if (failed(pm.run(*module)))
    return 1;
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  ExecutionEngineOptions engineOptions;
  SmallVector<StringRef> libs{NNGRAPH_MLIR_C_RUNNER_UTILS, NNGRAPH_RUNTIME_LIB};
  engineOptions.sharedLibPaths = libs;
  auto transformer = makeOptimizingTransformer(3, 0, nullptr);
  engineOptions.transformer = transformer;
  auto engine = ExecutionEngine::create(*module, engineOptions);
  if (!engine) {
    llvm::errs() << "nngraph-run: JIT: " << llvm::toString(engine.takeError())
                 << "\n";
    return 1;
  }
  // The JIT compiles lazily, at the first lookup: do it here so that code
  // generation counts as compile time, not run time.
  std::string entry = "_mlir_ciface_" + funcName;
  if (auto fn = (*engine)->lookupPacked(entry); !fn) {
    llvm::errs() << "nngraph-run: JIT: " << llvm::toString(fn.takeError())
                 << "\n";
    return 1;
  }
  double compileSeconds = secondsSince(start);

  std::vector<std::vector<int64_t>> descriptors;
  for (TensorSlot &slot : llvm::concat<TensorSlot>(inputs, outputs))
    descriptors.push_back(makeDescriptor(slot.data));
  std::vector<void *> pointers;
  for (auto &d : descriptors)
    pointers.push_back(d.data());
  std::vector<void *> packed;
  for (void *&p : pointers)
    packed.push_back(&p);
  std::vector<double> times;
  for (unsigned r = 0; r < std::max(1u, unsigned(repeat)); ++r) {
    auto t = Clock::now();
    if (llvm::Error err = (*engine)->invokePacked(entry, packed)) {
      llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
    times.push_back(secondsSince(t));
  }
  std::sort(times.begin(), times.end());

  for (TensorSlot &slot : outputs) {
    printSummary(slot);
    if (!outputDir.empty()) {
      llvm::sys::fs::create_directories(outputDir);
      SmallString<128> path(outputDir);
      std::string fileName = slot.name;
      std::replace_if(
          fileName.begin(), fileName.end(),
          [](char c) { return c == '/' || c == ':' || c == ' '; }, '_');
      llvm::sys::path::append(path, fileName + ".npy");
      if (llvm::Error err = writeNpy(slot.data, path)) {
        llvm::errs() << "nngraph-run: " << llvm::toString(std::move(err))
                     << "\n";
        return 1;
      }
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
