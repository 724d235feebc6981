//===- NNGraphModule.cpp - the nngraph._nngraph extension -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nanobind extension behind the `nngraph` Python
// package: loading models of every format into MLIR modules, printing,
// passes, exporters, weights from .params files, and compiled executables
// that run on NumPy arrays without copying the inputs and with the GIL
// released. Every MLIR diagnostic of a failing call is collected and raised
// as nngraph.DiagnosticError; warnings of a successful call become Python
// warnings. The pure-Python layer (nngraph/__init__.py) gives the API its
// final shape.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"
#include "nngraph/Execution/Execution.h"
#include "nngraph/InitAll.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/DOT/DOTExport.h"
#include "nngraph/Target/LightNet/LightNetExport.h"
#include "nngraph/Target/NNVM/NNVMExport.h"
#include "nngraph/Target/NNVM/Params.h"
#include "nngraph/Target/RelayViz/RelayVizExport.h"
#include "nngraph/Target/XOC/XOCExport.h"

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

namespace {

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

/// One diagnostic as Python sees it: (severity, location, message, notes).
using DiagTuple =
    std::tuple<std::string, std::string, std::string,
               std::vector<std::tuple<std::string, std::string, std::string>>>;

/// Thrown to unwind to the binding layer, which turns it into
/// nngraph.DiagnosticError.
struct DiagnosticFailure {
  std::string summary;
  std::vector<DiagTuple> diagnostics;
};

std::string formatLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().strref() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(loc)) {
    std::string child = isa<UnknownLoc>(name.getChildLoc())
                            ? std::string()
                            : " (" + formatLocation(name.getChildLoc()) + ")";
    return name.getName().str() + child;
  }
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    std::string s;
    for (Location l : fused.getLocations())
      s += (s.empty() ? "" : ", ") + formatLocation(l);
    return s;
  }
  if (isa<UnknownLoc>(loc))
    return "";
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

const char *severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

/// Collects every diagnostic of `context` while alive. `fail` raises them;
/// `finish` turns the warnings of a successful call into Python warnings.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MLIRContext *context) : context(context) {
    id = context->getDiagEngine().registerHandler([this](Diagnostic &diag) {
      std::vector<std::tuple<std::string, std::string, std::string>> notes;
      for (Diagnostic &note : diag.getNotes())
        notes.emplace_back(severityName(note.getSeverity()),
                           formatLocation(note.getLocation()), note.str());
      records.emplace_back(severityName(diag.getSeverity()),
                           formatLocation(diag.getLocation()), diag.str(),
                           std::move(notes));
      return success();
    });
  }
  ~DiagnosticCapture() { context->getDiagEngine().eraseHandler(id); }

  /// Adds an error that did not come through the context (llvm::Error).
  void addError(StringRef location, StringRef message) {
    records.emplace_back(
        "error", location.str(), message.str(),
        std::vector<std::tuple<std::string, std::string, std::string>>{});
  }

  [[noreturn]] void fail(StringRef what) {
    size_t errors = 0;
    for (const DiagTuple &d : records)
      errors += std::get<0>(d) == "error";
    std::string summary = what.str();
    if (errors == 0)
      summary += " (no diagnostic was reported)";
    else {
      summary +=
          ": " + std::to_string(errors) + (errors == 1 ? " error" : " errors");
      for (const DiagTuple &d : records) {
        if (std::get<0>(d) != "error")
          continue;
        summary += "\n  ";
        if (!std::get<1>(d).empty())
          summary += std::get<1>(d) + ": ";
        summary += std::get<2>(d);
      }
    }
    throw DiagnosticFailure{summary, std::move(records)};
  }

  void finish() {
    for (const DiagTuple &d : records) {
      if (std::get<0>(d) != "warning")
        continue;
      std::string text = std::get<1>(d).empty()
                             ? std::get<2>(d)
                             : std::get<1>(d) + ": " + std::get<2>(d);
      if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 2) < 0)
        throw nb::python_error();
    }
    records.clear();
  }

private:
  MLIRContext *context;
  DiagnosticEngine::HandlerID id;
  std::vector<DiagTuple> records;
};

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

class PyModule {
public:
  PyModule(std::shared_ptr<MLIRContext> context, OwningOpRef<ModuleOp> module)
      : context(std::move(context)), module(std::move(module)) {}

  static PyModule load(const std::string &path,
                       const std::optional<std::string> &format,
                       const std::vector<std::string> &inputShapes, bool strict,
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
    options.inputShapes = inputShapes;
    options.strict = strict;
    options.lenient = lenient;
    options.undefinedAsInputs = undefinedAsInputs;
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
    DiagnosticCapture capture(context.get());
    std::string text;
    llvm::raw_string_ostream os(text);
    LogicalResult result = failure();
    std::optional<nnvm::Flavor> flavor = nnvm::parseFlavor(format);
    if (paramsPath && !flavor)
      throw nb::value_error(("params_path is only written by the NNVM "
                             "family of formats (mxnet, nnvm, tvm), not '" +
                             format + "'")
                                .c_str());
    if (flavor) {
      nnvm::ExportOptions options;
      options.flavor = flavor;
      options.paramsPath = paramsPath.value_or("");
      result = nnvm::exportNNVMGraph(*module, os, options);
    } else if (format == "lightnet") {
      result = lightnet::exportLightNet(*module, os);
    } else if (format == "xoc") {
      result = xoc::exportXOCGraph(*module, os, xoc::ExportOptions());
    } else if (format == "relayviz") {
      result = relayviz::exportRelayViz(*module, os);
    } else if (format == "dot") {
      result = dot::exportDOT(*module, os);
    } else if (format == "mlir") {
      module->print(os);
      result = success();
    } else {
      throw nb::value_error(("unknown export format '" + format +
                             "' (expected mxnet, nnvm, tvm, lightnet, xoc, "
                             "relayviz, dot or mlir)")
                                .c_str());
    }
    if (failed(result))
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

/// The arrays of a .params file by name, as read-only NumPy views of the
/// file's data kept alive by the views.
std::map<std::string, nb::ndarray<nb::numpy, nb::ro>>
readWeights(const std::string &path) {
  std::shared_ptr<MLIRContext> context = std::make_shared<MLIRContext>();
  DiagnosticCapture capture(context.get());
  std::shared_ptr<WeightFile> file =
      WeightFile::read(path, FileLineColLoc::get(context.get(), path, 0, 0));
  if (!file)
    capture.fail("cannot read weights '" + path + "'");
  std::map<std::string, nb::ndarray<nb::numpy, nb::ro>> result;
  auto *keep = new std::shared_ptr<WeightFile>(file);
  nb::capsule owner(keep, [](void *p) noexcept {
    delete static_cast<std::shared_ptr<WeightFile> *>(p);
  });
  for (const nnvm::ParamTensor &t : file->getFile().tensors) {
    StringRef key = nnvm::getParamVariableName(t.name);
    std::string npy;
    if (Type element =
            getDTypeElementType(context.get(), nnvm::getDTypeName(t.dtype)))
      npy = getNpyDType(element);
    if (npy.empty()) {
      capture.addError(path, ("weight '" + t.name + "' has dtype " +
                              nnvm::getDTypeName(t.dtype) +
                              ", which NumPy cannot hold")
                                 .str());
      continue;
    }
    std::vector<size_t> shape(t.shape.begin(), t.shape.end());
    result.emplace(key.str(), nb::ndarray<nb::numpy, nb::ro>(
                                  t.data.data(), shape.size(), shape.data(),
                                  owner, nullptr, getDLPackDType(npy)));
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

using InfoTuple =
    std::tuple<std::string, std::vector<int64_t>, std::string, bool>;

InfoTuple toTuple(const TensorInfo &info) {
  return {info.name, info.shape, info.dtype, info.isWeight};
}

class PyExecutable {
public:
  static PyExecutable compile(const PyModule &model, unsigned optLevel,
                              bool fuseElementwise,
                              const std::vector<std::string> &sharedLibs) {
    DiagnosticCapture capture(model.context.get());
    CompileOptions options;
    options.optLevel = optLevel;
    options.fuseElementwise = fuseElementwise;
    options.sharedLibs = sharedLibs;
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

  /// Runs on `arrays` (one per input, weights included, in order) and
  /// returns new arrays for the outputs. The GIL is released while the
  /// compiled code runs.
  std::vector<nb::ndarray<nb::numpy>>
  run(const std::vector<nb::ndarray<nb::ro>> &arrays) const {
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
    std::vector<NpyArray> results;
    for (const TensorInfo &info : exe->getOutputs())
      results.push_back(info.allocate());
    for (NpyArray &a : results)
      buffers.push_back(a.bytes.data());
    {
      nb::gil_scoped_release release;
      if (llvm::Error err = exe->invoke(buffers))
        throw nb::value_error(llvm::toString(std::move(err)).c_str());
    }
    std::vector<nb::ndarray<nb::numpy>> out;
    for (auto [a, info] : llvm::zip_equal(results, exe->getOutputs()))
      out.push_back(toNumPy(std::move(a), info));
    return out;
  }

private:
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

  m.def("formats", [] {
    std::vector<std::string> r;
    for (StringRef f : getModelFormats())
      r.push_back(f.str());
    return r;
  });
  m.def("default_shared_libs", &getDefaultSharedLibs,
        "The shared libraries compiled models call, as this build has them.");
  m.def("read_weights", &readWeights, nb::arg("path"),
        "The arrays of a .params file (MXNet or TVM) by name, as read-only "
        "views of the file's data.");
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
                  nb::arg("input_shapes") = std::vector<std::string>(),
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

  nb::class_<PyExecutable>(m, "Executable", "A model compiled for the CPU.")
      .def_static("compile", &PyExecutable::compile, nb::arg("module"),
                  nb::arg("opt_level") = 3, nb::arg("fuse_elementwise") = true,
                  nb::arg("shared_libs") = std::vector<std::string>())
      .def_prop_ro("inputs", &PyExecutable::inputs)
      .def_prop_ro("outputs", &PyExecutable::outputs)
      .def("run", &PyExecutable::run, nb::arg("arrays"));
}
