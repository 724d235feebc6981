//===- NNGraphModule.cpp - the nngraph._nngraph extension -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nanobind extension behind the `nngraph` Python
// package: loading models of every format of the format registry into MLIR
// modules, printing, passes, exporters, weights files, the input-binding
// policy and output summaries of nngraph-run, and compiled executables that
// run on NumPy arrays without copying the inputs and with the GIL released.
// Every MLIR diagnostic of a failing call is collected and raised as
// nngraph.DiagnosticError; warnings of a successful call become Python
// warnings. The pure-Python layer (nngraph/__init__.py) gives the API its
// final shape.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"
#include "nngraph/Execution/AOT.h"
#include "nngraph/Execution/Execution.h"
#include "nngraph/Execution/InputBinding.h"
#include "nngraph/Execution/Profile.h"
#include "nngraph/InitAll.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Formats/FormatRegistry.h"

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <map>
#include <memory>

namespace nb = nanobind;
using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::py;

namespace {

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

/// An MLIR context with every dialect nngraph and its pipelines use.
std::shared_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  auto context = std::make_shared<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  // Diagnostics name the node; the whole function would drown them.
  context->printOpOnDiagnostic(false);
  return context;
}

/// One graph dimension: an int, or None when dynamic.
using Dim = std::optional<int64_t>;
/// (name, shape or None when unranked, dtype name, is_weight).
using TensorTuple =
    std::tuple<std::string, std::optional<std::vector<Dim>>, std::string, bool>;

TensorTuple describeTensor(StringRef name, Type type, bool isWeight) {
  std::optional<std::vector<Dim>> shape;
  std::string dtype;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    dtype = getDTypeName(shaped.getElementType());
    if (shaped.hasRank()) {
      shape.emplace();
      for (int64_t d : shaped.getShape())
        shape->push_back(ShapedType::isDynamic(d) ? Dim() : Dim(d));
    }
  } else {
    dtype = getDTypeName(type);
  }
  return {name.str(), shape, dtype, isWeight};
}

/// One input shape as Python passes it: (name, dims with None for an
/// unknown size, element type or "").
using ShapeTuple = std::tuple<std::string, std::vector<Dim>, std::string>;

InputShapes toInputShapes(const std::vector<ShapeTuple> &tuples) {
  InputShapes shapes;
  for (const auto &[name, dims, dtype] : tuples) {
    InputShape &shape = shapes[name];
    for (Dim d : dims)
      shape.dims.push_back(d ? *d : ShapedType::kDynamic);
    shape.dtype = dtype;
  }
  return shapes;
}

/// Parses "name=1x3x?x8[xf16]" as the command lines spell input shapes;
/// raises ValueError.
ShapeTuple parseShapeSpec(const std::string &spec) {
  InputShapes shapes;
  if (llvm::Error err = parseInputShape(spec, shapes))
    throw nb::value_error(llvm::toString(std::move(err)).c_str());
  auto &[name, shape] = shapes.front();
  std::vector<Dim> dims;
  for (int64_t d : shape.dims)
    dims.push_back(ShapedType::isDynamic(d) ? Dim() : Dim(d));
  return {name, dims, shape.dtype};
}

class PyModule {
public:
  PyModule(std::shared_ptr<MLIRContext> context, OwningOpRef<ModuleOp> module)
      : context(std::move(context)), module(std::move(module)) {}

  static PyModule load(const std::string &path,
                       const std::optional<std::string> &format,
                       const std::vector<ShapeTuple> &inputShapes, bool strict,
                       bool lenient, bool undefinedAsInputs) {
    std::shared_ptr<MLIRContext> context = makeContext();
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/true);
    if (!buffer) {
      PyErr_Format(PyExc_FileNotFoundError, "cannot read '%s': %s",
                   path.c_str(), buffer.getError().message().c_str());
      throw nb::python_error();
    }
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
    DiagnosticCapture capture(context.get());
    LoadOptions options;
    options.format = format.value_or("");
    options.import.inputShapes = toInputShapes(inputShapes);
    options.import.strict = strict;
    options.import.lenient = lenient;
    options.import.undefinedAsInputs = undefinedAsInputs;
    OwningOpRef<ModuleOp> module = loadModel(sourceMgr, context.get(), options);
    if (!module || failed(verify(*module)))
      capture.fail("cannot load '" + path + "'");
    if (!getGraphFunction(*module, "nngraph"))
      capture.fail("cannot load '" + path + "'");
    capture.finish();
    return PyModule(std::move(context), std::move(module));
  }

  func::FuncOp getFunc() const {
    DiagnosticCapture capture(context.get());
    func::FuncOp func = getGraphFunction(*module, "nngraph");
    if (!func)
      capture.fail("the module has no graph function");
    return func;
  }

  std::string sourceFormat() const { return getSourceFormat(*module).str(); }

  std::vector<TensorTuple> inputs() const {
    func::FuncOp func = getFunc();
    std::vector<TensorTuple> result;
    result.reserve(func.getNumArguments());
    for (unsigned i = 0; i < func.getNumArguments(); ++i) {
      result.push_back(describeTensor(getInputName(func, i),
                                      func.getArgument(i).getType(),
                                      isWeight(func, i)));
    }
    return result;
  }

  std::vector<TensorTuple> outputs() const {
    func::FuncOp func = getFunc();
    std::vector<TensorTuple> result;
    result.reserve(func.getNumResults());
    for (unsigned i = 0; i < func.getNumResults(); ++i)
      result.push_back(describeTensor(getOutputName(func, i),
                                      func.getResultTypes()[i], false));
    return result;
  }

  std::map<std::string, int64_t> opStats() const {
    std::map<std::string, int64_t> stats;
    getFunc().walk([&](Operation *op) {
      if (isa<func::FuncOp, func::ReturnOp>(op))
        return;
      std::string name = op->getName().getStringRef().str();
      if (auto custom = dyn_cast<CustomOp>(op))
        name += ":" + custom.getOpType().str();
      ++stats[name];
    });
    return stats;
  }

  std::string mlir(bool debugInfo, bool largeElidedAbove) const {
    std::string text;
    llvm::raw_string_ostream os(text);
    OpPrintingFlags flags;
    if (debugInfo)
      flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
    if (largeElidedAbove)
      flags.elideLargeElementsAttrs(16).elideLargeResourceString(64);
    module->print(os, flags);
    return text;
  }

  void runPasses(const std::string &pipeline) {
    DiagnosticCapture capture(context.get());
    PassManager pm(context.get(), ModuleOp::getOperationName());
    std::string parseErrors;
    llvm::raw_string_ostream errorStream(parseErrors);
    // "builtin.module(...)" names the anchor, as mlir-opt's --pass-pipeline
    // does; anything else ("func.func(...)", "canonicalize") is nested in
    // the module's pass manager.
    LogicalResult parsed = failure();
    if (StringRef(pipeline).trim().starts_with("builtin.module(")) {
      FailureOr<OpPassManager> anchored =
          parsePassPipeline(pipeline, errorStream);
      if (succeeded(anchored)) {
        static_cast<OpPassManager &>(pm) = std::move(*anchored);
        parsed = success();
      }
    } else {
      parsed = parsePassPipeline(pipeline, pm, errorStream);
    }
    if (failed(parsed)) {
      capture.addError("", "invalid pass pipeline '" + pipeline +
                               "': " + StringRef(parseErrors).trim().str());
      capture.fail("cannot run passes");
    }
    if (failed(pm.run(*module)))
      capture.fail("pass pipeline '" + pipeline + "' failed");
    capture.finish();
  }

  std::string exportAs(const std::string &format,
                       const std::optional<std::string> &paramsPath) const {
    const FormatInfo *row = lookupExportFormat(format);
    if (!row && format != kMLIRFormatName)
      throw nb::value_error(("unknown export format '" + format +
                             "' (expected " + joinNames(getExportFormats()) +
                             ")")
                                .c_str());
    if (paramsPath && (!row || !row->writesWeights)) {
      // Each row that writes weights files, by its title and export names.
      std::string writers;
      for (const FormatInfo *f : getFormats()) {
        if (!f->writesWeights)
          continue;
        std::vector<std::string> names(f->exportNames.begin(),
                                       f->exportNames.end());
        writers += (writers.empty() ? "" : ", ") + f->title.str() +
                   " family of formats (" + joinNames(names, ", ") + ")";
      }
      throw nb::value_error(("params_path is only written by the " + writers +
                             ", not '" + format + "'")
                                .c_str());
    }
    DiagnosticCapture capture(context.get());
    std::string text;
    llvm::raw_string_ostream os(text);
    ModelExportOptions options;
    options.weightsPath = paramsPath.value_or("");
    if (failed(exportModel(*module, format, os, options)))
      capture.fail("cannot export to " + format);
    capture.finish();
    return text;
  }

  PyModule clone() const {
    return PyModule(context, OwningOpRef<ModuleOp>(module->clone()));
  }

  /// Replaces the graph inputs named in `weights` by constants holding
  /// a copy of their values, as an importer given a weights file makes them.
  void bindWeights(const std::map<std::string, nb::ndarray<nb::ro>> &weights);

  // Members are destroyed in reverse order: the module before its context.
  std::shared_ptr<MLIRContext> context;
  // MLIR handles are not const-correct; printing needs a non-const op.
  mutable OwningOpRef<ModuleOp> module;
};

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

/// The DLPack dtype of a NumPy dtype string, as NumPy exports it (bool is
/// DLPack's 8-bit kDLBool).
nb::dlpack::dtype getDLPackDType(StringRef npy) {
  using Code = nb::dlpack::dtype_code;
  using Kind = DTypeInfo::Kind;
  const DTypeInfo *d = lookupDTypeByNumPy(npy);
  nb::dlpack::dtype dt;
  dt.lanes = 1;
  dt.bits = d ? 8 * d->getByteSize() : 0;
  Kind kind = d ? d->kind : Kind::Signless;
  dt.code = uint8_t(kind == Kind::Float      ? Code::Float
                    : kind == Kind::BFloat   ? Code::Bfloat
                    : kind == Kind::Unsigned ? Code::UInt
                    : kind == Kind::Bool     ? Code::Bool
                                             : Code::Int);
  return dt;
}

std::string describeArray(const nb::ndarray<nb::ro> &a) {
  std::string dtype;
  nb::dlpack::dtype dt = a.dtype();
  switch (nb::dlpack::dtype_code(dt.code)) {
  case nb::dlpack::dtype_code::Float:
    dtype = "float";
    break;
  case nb::dlpack::dtype_code::UInt:
    dtype = "uint";
    break;
  case nb::dlpack::dtype_code::Int:
    dtype = "int";
    break;
  case nb::dlpack::dtype_code::Bool:
    dtype = "bool";
    break;
  default:
    dtype = "dtype code " + std::to_string(dt.code) + " ";
  }
  if (nb::dlpack::dtype_code(dt.code) != nb::dlpack::dtype_code::Bool)
    dtype += std::to_string(dt.bits);
  std::string s = dtype + " [";
  for (size_t i = 0; i < a.ndim(); ++i)
    s += (i ? ", " : "") + std::to_string(a.shape(i));
  return s + "]";
}

/// Whether `a` is a C-contiguous CPU array of `info`'s dtype and shape;
/// raises TypeError / ValueError naming the tensor when not.
void checkArray(const nb::ndarray<nb::ro> &a, const TensorInfo &info,
                StringRef what) {
  std::string expected = info.describe();
  if (a.device_type() != nb::device::cpu::value)
    throw nb::value_error(
        (what + " '" + info.name + "' is not a CPU array").str().c_str());
  if (a.dtype() != getDLPackDType(info.npyDType))
    throw nb::type_error((what + " '" + info.name + "' is " + describeArray(a) +
                          ", the model expects " + expected)
                             .str()
                             .c_str());
  bool sameShape = a.ndim() == info.shape.size();
  for (size_t i = 0; sameShape && i < a.ndim(); ++i)
    sameShape = int64_t(a.shape(i)) == info.shape[i];
  if (!sameShape)
    throw nb::value_error((what + " '" + info.name + "' is " +
                           describeArray(a) + ", the model expects " + expected)
                              .str()
                              .c_str());
  int64_t stride = 1;
  for (int64_t i = int64_t(a.ndim()) - 1; i >= 0; --i) {
    if (a.shape(i) != 1 && a.stride(i) != stride)
      throw nb::value_error((what + " '" + info.name +
                             "' is not C-contiguous (use "
                             "numpy.ascontiguousarray)")
                                .str()
                                .c_str());
    stride *= int64_t(a.shape(i));
  }
}

/// A new NumPy array of `info`'s type that owns `array`'s bytes.
nb::ndarray<nb::numpy> toNumPy(NpyArray array, const TensorInfo &info) {
  auto *owned = new NpyArray(std::move(array));
  nb::capsule owner(
      owned, [](void *p) noexcept { delete static_cast<NpyArray *>(p); });
  std::vector<size_t> shape(info.shape.begin(), info.shape.end());
  return nb::ndarray<nb::numpy>(owned->bytes.data(), shape.size(), shape.data(),
                                owner, /*strides=*/nullptr,
                                getDLPackDType(info.npyDType));
}

void PyModule::bindWeights(
    const std::map<std::string, nb::ndarray<nb::ro>> &weights) {
  func::FuncOp func = getFunc();
  std::vector<TensorInfo> inputs, outputs;
  DiagnosticCapture capture(context.get());
  if (failed(getGraphSignature(*module, inputs, outputs)))
    capture.fail("cannot bind weights");
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  llvm::BitVector erase(func.getNumArguments());
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto it = weights.find(inputs[i].name);
    if (it == weights.end())
      continue;
    checkArray(it->second, inputs[i], "weight");
    auto type = cast<RankedTensorType>(func.getArgument(i).getType());
    ArrayRef<char> data(static_cast<const char *>(it->second.data()),
                        size_t(inputs[i].byteSize()));
    AsmResourceBlob blob =
        HeapAsmResourceBlob::allocateAndCopyWithAlign(data, alignof(uint64_t));
    auto attr =
        DenseResourceElementsAttr::get(type, inputs[i].name, std::move(blob));
    auto constant = ConstantOp::create(
        builder, NameLoc::get(builder.getStringAttr(inputs[i].name)), type,
        cast<ElementsAttr>(attr));
    func.getArgument(i).replaceAllUsesWith(constant);
    erase.set(i);
  }
  if (failed(func.eraseArguments(erase)))
    capture.fail("cannot bind weights");
}

//===----------------------------------------------------------------------===//
// Weights and executables
//===----------------------------------------------------------------------===//

/// The arrays of a weights file by name, as read-only NumPy views of the
/// file's data kept alive by the views.
std::map<std::string, nb::ndarray<nb::numpy, nb::ro>>
readWeights(const std::string &path) {
  std::shared_ptr<MLIRContext> context = std::make_shared<MLIRContext>();
  DiagnosticCapture capture(context.get());
  std::shared_ptr<WeightFile> file =
      readWeightFile(path, FileLineColLoc::get(context.get(), path, 0, 0));
  if (!file)
    capture.fail("cannot read weights '" + path + "'");
  std::map<std::string, nb::ndarray<nb::numpy, nb::ro>> result;
  auto *keep = new std::shared_ptr<WeightFile>(file);
  nb::capsule owner(keep, [](void *p) noexcept {
    delete static_cast<std::shared_ptr<WeightFile> *>(p);
  });
  for (const WeightTensor &t : file->getTensors()) {
    std::string npy;
    if (Type element = getDTypeElementType(context.get(), t.dtype))
      npy = getNpyDType(element);
    if (npy.empty()) {
      capture.addError(path, "weight '" + t.key + "' has dtype " + t.dtype +
                                 ", which NumPy cannot hold");
      continue;
    }
    std::vector<size_t> shape(t.shape.begin(), t.shape.end());
    result.emplace(t.name, nb::ndarray<nb::numpy, nb::ro>(
                               t.data.data(), shape.size(), shape.data(), owner,
                               nullptr, getDLPackDType(npy)));
  }
  capture.finish();
  return result;
}

nb::ndarray<nb::numpy> randomArray(const std::vector<int64_t> &shape,
                                   const std::string &dtype, unsigned seed,
                                   double lo, double hi) {
  MLIRContext context;
  TensorInfo info;
  info.shape = shape;
  info.dtype = dtype;
  Type element = getDTypeElementType(&context, dtype);
  info.npyDType = element ? getNpyDType(element) : "";
  if (info.npyDType.empty())
    throw nb::value_error(("no NumPy dtype for '" + dtype + "'").c_str());
  for (int64_t d : shape)
    if (d < 0)
      throw nb::value_error("negative dimension");
  NpyArray a = info.allocate();
  fillUniform(a, seed, lo, hi);
  return toNumPy(std::move(a), info);
}

/// The NumPy dtype string of a DLPack dtype, or "".
std::string npyDTypeOf(nb::dlpack::dtype dt) {
  std::string size = std::to_string(dt.bits / 8);
  switch (nb::dlpack::dtype_code(dt.code)) {
  case nb::dlpack::dtype_code::Float:
    return "<f" + size;
  case nb::dlpack::dtype_code::Int:
    return (dt.bits == 8 ? "|i" : "<i") + size;
  case nb::dlpack::dtype_code::UInt:
    return (dt.bits == 8 ? "|u" : "<u") + size;
  case nb::dlpack::dtype_code::Bool:
    return "|b1";
  default:
    return "";
  }
}

/// nngraph-run's summary of an output array (C-contiguous, on the CPU).
std::string summarize(const std::string &name, const nb::ndarray<nb::ro> &a,
                      unsigned topK) {
  NpyArray array;
  array.dtype = npyDTypeOf(a.dtype());
  if (array.dtype.empty() || a.device_type() != nb::device::cpu::value)
    throw nb::type_error(("cannot summarize " + describeArray(a)).c_str());
  for (size_t i = 0; i < a.ndim(); ++i)
    array.shape.push_back(int64_t(a.shape(i)));
  const char *data = static_cast<const char *>(a.data());
  array.bytes.assign(data, data + a.nbytes());
  return summarizeOutput(name, array, topK);
}

/// (source name, seed, low, high) per input, the missing-weights and the
/// missing-inputs messages: the binding policy of InputBinding.h.
using ChoiceTuple = std::tuple<std::string, unsigned, double, double>;
using PlanTuple =
    std::tuple<std::vector<ChoiceTuple>, std::string, std::string>;

/// `inputs` holds (name, is_weight, has_static_shape) per input;
/// `weightNames` and `namedNames` the names that have values.
PlanTuple planInputBindings(
    const std::vector<std::tuple<std::string, bool, bool>> &inputs,
    const std::vector<std::string> &weightNames,
    const std::vector<std::string> &namedNames,
    std::optional<unsigned> randomInputs,
    std::optional<unsigned> randomWeights) {
  llvm::StringSet<> weights, named;
  for (const std::string &n : weightNames)
    weights.insert(n);
  for (const std::string &n : namedNames)
    named.insert(n);
  std::vector<InputQuery> queries;
  for (const auto &[name, isWeight, isStatic] : inputs) {
    InputQuery &q = queries.emplace_back();
    q.name = name;
    q.isWeight = isWeight;
    q.hasStaticShape = isStatic;
    q.inWeights = weights.contains(name);
    q.inNamed = named.contains(name);
  }
  BindingOptions options;
  options.randomInputs = randomInputs;
  options.randomWeights = randomWeights;
  InputPlan plan = planInputs(queries, options);
  std::vector<ChoiceTuple> choices;
  choices.reserve(plan.choices.size());
  for (const InputChoice &c : plan.choices)
    choices.emplace_back(getInputSourceName(c.source).str(), c.seed, c.low,
                         c.high);
  return {choices, plan.missingWeights, plan.missingInputs};
}

/// The format detectModelFormat gives the file `path` ("" for none).
std::string detectFormat(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer) {
    PyErr_Format(PyExc_FileNotFoundError, "cannot read '%s': %s", path.c_str(),
                 buffer.getError().message().c_str());
    throw nb::python_error();
  }
  return detectModelFormat(path, (*buffer)->getBuffer());
}

using InfoTuple =
    std::tuple<std::string, std::vector<int64_t>, std::string, bool>;

InfoTuple toTuple(const TensorInfo &info) {
  return {info.name, info.shape, info.dtype, info.isWeight};
}

/// Compiles `model` ahead of time into the shared library `path` and its
/// weights file (AOT.h), with the values of `weights` by name.
void compileLibrary(
    const PyModule &model, const std::string &path,
    const std::map<std::string, nb::ndarray<nb::ro>> &weights,
    unsigned optLevel, unsigned threads, unsigned winograd,
    const std::map<std::string, std::vector<int64_t>> &inputShapes,
    const std::string &cpu, const std::string &weightsPath,
    const std::string &runtimeArchive, const std::string &includeDir) {
  DiagnosticCapture capture(model.context.get());
  CompileOptions options;
  options.optLevel = optLevel;
  options.threads = threads;
  options.winograd = winograd;
  for (const auto &[name, dims] : inputShapes)
    options.inputShapes[name].assign(dims.begin(), dims.end());
  OwningOpRef<ModuleOp> module(model.module->clone());
  FailureOr<unsigned> width = getVectorWidthFor(cpu, module->getLoc());
  if (failed(width))
    capture.fail("cannot compile the model");
  options.vectorWidth = *width;
  FailureOr<LoweredGraph> graph = lowerGraphForCPU(*module, options);
  if (failed(graph))
    capture.fail("cannot compile the model");
  std::vector<const char *> data(graph->inputs.size(), nullptr);
  std::vector<std::string> missing;
  for (auto [i, info] : llvm::enumerate(graph->inputs)) {
    auto it = weights.find(info.name);
    if (it == weights.end()) {
      if (info.isWeight)
        missing.push_back(info.name);
      continue;
    }
    checkArray(it->second, info, "weight");
    data[i] = static_cast<const char *>(it->second.data());
  }
  if (!missing.empty())
    throw nb::value_error(
        ("weights without values: " + llvm::join(missing, ", ")).c_str());
  LibraryOptions library;
  library.outputPath = path;
  library.weightsPath = weightsPath;
  library.cpu = cpu;
  library.optLevel = optLevel;
  library.runtimeArchive = runtimeArchive;
  library.includeDir = includeDir;
  if (failed(writeLibrary(*module, *graph, data, library)))
    capture.fail("cannot write the model library");
  capture.finish();
}

class PyExecutable {
public:
  static PyExecutable
  compile(const PyModule &model, unsigned optLevel, bool fuseElementwise,
          const std::vector<std::string> &sharedLibs, bool profile,
          bool liftWeightTransforms, unsigned threads, unsigned winograd,
          const std::map<std::string, std::vector<int64_t>> &inputShapes,
          const std::string &target, const std::string &chip) {
    DiagnosticCapture capture(model.context.get());
    CompileOptions options;
    options.target = target;
    options.chip = chip;
    for (const auto &[name, dims] : inputShapes)
      options.inputShapes[name].assign(dims.begin(), dims.end());
    options.winograd = winograd;
    options.optLevel = optLevel;
    options.fuseElementwise = fuseElementwise;
    options.liftWeightTransforms = liftWeightTransforms;
    options.sharedLibs = sharedLibs;
    options.profile = profile;
    options.threads = threads;
    std::shared_ptr<Executable> exe = Executable::compile(
        OwningOpRef<ModuleOp>(model.module->clone()), options);
    if (!exe)
      capture.fail("cannot compile the model");
    capture.finish();
    PyExecutable result;
    result.exe = std::move(exe);
    return result;
  }

  std::vector<InfoTuple> inputs() const {
    std::vector<InfoTuple> r;
    for (const TensorInfo &info : exe->getInputs())
      r.push_back(toTuple(info));
    return r;
  }
  std::vector<InfoTuple> outputs() const {
    std::vector<InfoTuple> r;
    for (const TensorInfo &info : exe->getOutputs())
      r.push_back(toTuple(info));
    return r;
  }
  unsigned threads() const { return exe->getThreads(); }

  /// Runs on `arrays` (one per input, weights included, in order) and
  /// returns new arrays for the outputs. The GIL is released while the
  /// compiled code runs.
  std::vector<nb::ndarray<nb::numpy>>
  run(const std::vector<nb::ndarray<nb::ro>> &arrays) const {
    std::vector<NpyArray> results;
    std::vector<void *> buffers = bind(arrays, results);
    {
      nb::gil_scoped_release release;
      if (llvm::Error err = exe->invoke(buffers))
        throw nb::value_error(llvm::toString(std::move(err)).c_str());
    }
    return wrapResults(std::move(results));
  }

  /// (node, op) of each timed layer, by id; empty unless compiled with
  /// profile=True.
  std::vector<std::tuple<std::string, std::string>> layers() const {
    std::vector<std::tuple<std::string, std::string>> r;
    for (const LayerInfo &layer : exe->getLayers())
      r.emplace_back(layer.name, layer.op);
    return r;
  }

  using RowTuple = std::tuple<unsigned, std::string, std::string, int64_t,
                              double, double, double, double, double>;
  using TotalsTuple =
      std::tuple<unsigned, unsigned, double, double, double, double,
                 std::optional<double>, std::optional<double>>;
  using ProfileTuple =
      std::tuple<std::vector<RowTuple>, TotalsTuple, std::string,
                 std::vector<nb::ndarray<nb::numpy>>>;

  /// Profiles `runs` runs on `arrays` after `warmup` (profileRuns), each
  /// after a run of `baseline` when given: (rows, totals, table, outputs
  /// of the last profiled run).
  ProfileTuple profile(const std::vector<nb::ndarray<nb::ro>> &arrays,
                       unsigned runs, unsigned warmup,
                       const PyExecutable *baseline) const {
    std::vector<NpyArray> results, baselineResults;
    std::vector<void *> buffers = bind(arrays, results);
    std::vector<void *> baselineBuffers;
    if (baseline)
      baselineBuffers = baseline->bind(arrays, baselineResults);
    llvm::Expected<ProfileSummary> summary = [&] {
      nb::gil_scoped_release release;
      return profileRuns(*exe, buffers, runs, warmup,
                         baseline ? baseline->exe.get() : nullptr,
                         baselineBuffers);
    }();
    if (!summary)
      throw nb::value_error(llvm::toString(summary.takeError()).c_str());
    std::vector<RowTuple> rows;
    for (const ProfileRow &r : summary->rows)
      rows.emplace_back(r.rank, r.name, r.op, r.calls, r.medianMs, r.meanMs,
                        r.totalMs, r.percent, r.cumulativePercent);
    TotalsTuple totals{summary->runs,         summary->warmup,
                       summary->layersMs,     summary->runMs,
                       summary->runMeanMs,    summary->outsideMs,
                       summary->unprofiledMs, summary->unprofiledMeanMs};
    return {std::move(rows), totals, formatProfile(*summary),
            wrapResults(std::move(results))};
  }

  /// The next run prepares the weights again (Executable::rebindWeights).
  void rebindWeights() { exe->rebindWeights(); }
  int64_t preparedBytes() const { return exe->getPreparedBytes(); }

private:
  /// The buffers of a call on `arrays` (checked against the inputs), with
  /// new storage for the outputs in `results`.
  std::vector<void *> bind(const std::vector<nb::ndarray<nb::ro>> &arrays,
                           std::vector<NpyArray> &results) const {
    ArrayRef<TensorInfo> inputs = exe->getInputs();
    if (arrays.size() != inputs.size())
      throw nb::value_error(("the model has " + std::to_string(inputs.size()) +
                             " inputs, got " + std::to_string(arrays.size()))
                                .c_str());
    std::vector<void *> buffers;
    for (auto [array, info] : llvm::zip_equal(arrays, inputs)) {
      checkArray(array, info, info.isWeight ? "weight" : "input");
      buffers.push_back(const_cast<void *>(array.data()));
    }
    for (const TensorInfo &info : exe->getOutputs())
      results.push_back(info.allocate());
    for (NpyArray &a : results)
      buffers.push_back(a.bytes.data());
    return buffers;
  }

  std::vector<nb::ndarray<nb::numpy>>
  wrapResults(std::vector<NpyArray> results) const {
    std::vector<nb::ndarray<nb::numpy>> out;
    for (auto [a, info] : llvm::zip_equal(results, exe->getOutputs()))
      out.push_back(toNumPy(std::move(a), info));
    return out;
  }

  std::shared_ptr<Executable> exe;
};

} // namespace

NB_MODULE(_nngraph, m) {
  m.doc() = "nngraph's C++ core: import, export, compile and run models "
            "(use the `nngraph` package, not this module).";
  registerAllPasses();

  nb::register_exception_translator([](const std::exception_ptr &p, void *) {
    try {
      std::rethrow_exception(p);
    } catch (const DiagnosticFailure &failure) {
      nb::object cls =
          nb::module_::import_("nngraph._diagnostics").attr("DiagnosticError");
      nb::object error = cls(failure.summary, failure.diagnostics);
      PyErr_SetObject(cls.ptr(), error.ptr());
    }
  });

  m.def("formats", &getModelFormats,
        "The formats Module.load reads, from the format registry.");
  m.def("export_formats", &getExportFormats,
        "The formats Module.export writes, from the format registry.");
  m.def("detect_format", &detectFormat, nb::arg("path"),
        "The format of a model file, as loading detects it (\"\" for none).");
  m.def("parse_input_shape", &parseShapeSpec, nb::arg("spec"),
        "(name, dims, dtype) of \"name=1x3x?x8\"; raises ValueError.");
  m.def("plan_inputs", &planInputBindings, nb::arg("inputs"),
        nb::arg("weight_names"), nb::arg("named_names"),
        nb::arg("random_inputs").none(), nb::arg("random_weights").none(),
        "Where each input's value comes from: nngraph-run's binding policy.");
  m.def("summarize", &summarize, nb::arg("name"), nb::arg("array"),
        nb::arg("top_k") = 0,
        "nngraph-run's summary of an output array (no trailing newline).");
  m.def("default_shared_libs", &getDefaultSharedLibs,
        "The shared libraries compiled models call, as this build has them.");
  m.def("release_compiler_memory", &releaseCompilerMemory,
        "Gives back the memory compiling used and running does not (freed "
        "heap, the compiler's code pages); returns the bytes advised.");
  m.def("openmp_library", &getOpenMPLibrary,
        "The OpenMP runtime threaded models call, as this build found it "
        "(\"\" for none).");
  m.def("compile_library", &compileLibrary, nb::arg("module"), nb::arg("path"),
        nb::arg("weights"), nb::arg("opt_level") = 3, nb::arg("threads") = 1,
        nb::arg("winograd") = 4,
        nb::arg("input_shapes") = std::map<std::string, std::vector<int64_t>>(),
        nb::arg("cpu") = "", nb::arg("weights_path") = "",
        nb::arg("runtime_archive") = "", nb::arg("include_dir") = "",
        "Compiles the module into a shared library with the C API of "
        "nngraph-c/Runtime.h and writes its weights file.");
  m.def("read_weights", &readWeights, nb::arg("path"),
        "The arrays of a weights file by name, as read-only views of the "
        "file's data.");
  m.def("random_array", &randomArray, nb::arg("shape"), nb::arg("dtype"),
        nb::arg("seed"), nb::arg("low"), nb::arg("high"),
        "Deterministic uniform values in [low, high), as nngraph-run makes "
        "them.");
  m.def(
      "weight_seed",
      [](unsigned seed, const std::string &name) {
        return getWeightSeed(seed, name);
      },
      nb::arg("seed"), nb::arg("name"),
      "The seed nngraph-run uses for the random values of weight `name`.");

  nb::class_<PyModule>(m, "Module",
                       "An imported graph: an MLIR module in its own context.")
      .def_static("load", &PyModule::load, nb::arg("path"),
                  nb::arg("format").none() = nb::none(),
                  nb::arg("input_shapes") = std::vector<ShapeTuple>(),
                  nb::arg("strict") = false, nb::arg("lenient") = false,
                  nb::arg("undefined_as_inputs") = false,
                  "Imports a model file; raises DiagnosticError.")
      .def_prop_ro("source_format", &PyModule::sourceFormat)
      .def_prop_ro("inputs", &PyModule::inputs)
      .def_prop_ro("outputs", &PyModule::outputs)
      .def("op_stats", &PyModule::opStats)
      .def("mlir", &PyModule::mlir, nb::arg("debug_info") = false,
           nb::arg("elide_large") = false)
      .def("run_passes", &PyModule::runPasses, nb::arg("pipeline"))
      .def("export", &PyModule::exportAs, nb::arg("format"),
           nb::arg("params_path").none() = nb::none())
      .def("clone", &PyModule::clone)
      .def("bind_weights", &PyModule::bindWeights, nb::arg("weights"));

  nb::class_<PyExecutable>(m, "Executable",
                           "A model compiled for the CPU or a CUDA GPU.")
      .def_static("compile", &PyExecutable::compile, nb::arg("module"),
                  nb::arg("opt_level") = 3, nb::arg("fuse_elementwise") = true,
                  nb::arg("shared_libs") = std::vector<std::string>(),
                  nb::arg("profile") = false,
                  nb::arg("lift_weight_transforms") = true,
                  nb::arg("threads") = 0, nb::arg("winograd") = 4,
                  nb::arg("input_shapes") =
                      std::map<std::string, std::vector<int64_t>>(),
                  nb::arg("target") = "cpu", nb::arg("chip") = "")
      .def_prop_ro("inputs", &PyExecutable::inputs)
      .def_prop_ro("outputs", &PyExecutable::outputs)
      .def_prop_ro("layers", &PyExecutable::layers)
      .def_prop_ro("threads", &PyExecutable::threads)
      .def("run", &PyExecutable::run, nb::arg("arrays"))
      .def("profile", &PyExecutable::profile, nb::arg("arrays"),
           nb::arg("runs") = 10, nb::arg("warmup") = 1,
           nb::arg("baseline").none() = nb::none(),
           "(rows, totals, table, outputs) of a profiled run; raises "
           "ValueError unless compiled with profile=True.")
      .def("rebind_weights", &PyExecutable::rebindWeights,
           "The next run prepares the weights again (after they changed "
           "in place).")
      .def_prop_ro("prepared_bytes", &PyExecutable::preparedBytes);
}
