//===- Execution.cpp - load, compile and run models -------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the model loading, weight binding and JIT execution
// declared in Execution.h, shared by nngraph-run and the Python package.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/Execution.h"
#include "nngraph/Pipelines/Pipelines.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/LightNet/LightNetImport.h"
#include "nngraph/Target/NNVM/NNVMImport.h"
#include "nngraph/Target/RelayViz/RelayVizImport.h"
#include "nngraph/Target/XOC/XOCImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>
#include <random>

using namespace mlir;
using namespace mlir::nngraph;

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

ArrayRef<StringRef> nngraph::getModelFormats() {
  static const StringRef formats[] = {"nnvm", "lightnet", "xoc", "relayviz",
                                      "mlir"};
  return formats;
}

/// The keys of the top-level JSON object of `text` and of its "graph"
/// object, with the string value of "format", read by one scan that builds
/// no DOM and does not recurse: the importer parses the file afterwards
/// (once, with its nesting bound), and detection must not parse it first.
/// Stops at the end of the top-level object; malformed text just ends it.
static void scanTopLevelKeys(StringRef text, llvm::StringSet<> &keys,
                             std::string &formatValue) {
  unsigned depth = 0, graphDepth = 0;
  bool graphNext = false;
  auto isKeyDepth = [&] {
    return depth == 1 || (graphDepth && depth == graphDepth);
  };
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '{' || c == '[') {
      ++depth;
      if (graphNext && c == '{' && depth == 2)
        graphDepth = depth;
      graphNext = false;
    } else if (c == '}' || c == ']') {
      if (depth == graphDepth)
        graphDepth = 0;
      if (depth <= 1)
        return;
      --depth;
    } else if (c == '"') {
      size_t begin = ++i;
      while (i < e && text[i] != '"')
        i += text[i] == '\\' ? 2 : 1;
      if (i >= e)
        return;
      StringRef str = text.slice(begin, i);
      size_t next = text.find_first_not_of(" \t\r\n", i + 1);
      bool isKey = next != StringRef::npos && text[next] == ':';
      if (!isKey || !isKeyDepth())
        continue;
      keys.insert(str);
      graphNext = depth == 1 && str == "graph";
      if (str == "format") {
        size_t v = text.find_first_not_of(" \t\r\n", next + 1);
        if (v != StringRef::npos && text[v] == '"')
          formatValue = text.slice(v + 1, text.find('"', v + 1)).str();
      }
    }
  }
}

std::string nngraph::detectModelFormat(StringRef path, StringRef text) {
  if (path.ends_with(".mlir") || path.ends_with(".mlirbc"))
    return "mlir";
  StringRef head = text.ltrim();
  if (!head.starts_with("{")) {
    // MLIR text starts with a module, a function or an attribute alias; a
    // JSON array is none of the formats; anything else is left to the
    // LightNet importer, which reports the syntax error (or strips comments
    // in lenient mode).
    if (head.starts_with("module") || head.starts_with("func.func") ||
        head.starts_with("#") || head.starts_with("//"))
      return "mlir";
    return head.starts_with("[") ? "" : "lightnet";
  }
  llvm::StringSet<> keys;
  std::string formatValue;
  scanTopLevelKeys(head, keys, formatValue);
  if (formatValue == "relayviz")
    return "relayviz";
  if (keys.contains("tensors"))
    return "xoc";
  if (keys.contains("heads") || keys.contains("arg_nodes"))
    return "nnvm";
  return "lightnet";
}

OwningOpRef<ModuleOp> nngraph::loadModel(llvm::SourceMgr &sourceMgr,
                                         MLIRContext *context,
                                         const LoadOptions &options) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::string format = options.format;
  if (format.empty())
    format =
        detectModelFormat(buffer->getBufferIdentifier(), buffer->getBuffer());
  if (format == "mlir")
    return parseSourceFile<ModuleOp>(sourceMgr, context);
  if (format == "nnvm") {
    nnvm::ImportOptions importOptions;
    importOptions.inputShapes = options.inputShapes;
    importOptions.strict = options.strict;
    return nnvm::importNNVMGraph(sourceMgr, context, importOptions);
  }
  if (format == "lightnet") {
    lightnet::ImportOptions importOptions;
    importOptions.strict = options.strict;
    importOptions.lenient = options.lenient;
    importOptions.undefinedAsInputs = options.undefinedAsInputs;
    return lightnet::importLightNet(sourceMgr, context, importOptions);
  }
  if (format == "xoc") {
    xoc::ImportOptions importOptions;
    importOptions.strict = options.strict;
    return xoc::importXOCGraph(sourceMgr, context, importOptions);
  }
  if (format == "relayviz") {
    relayviz::ImportOptions importOptions;
    importOptions.strict = options.strict;
    return relayviz::importRelayViz(sourceMgr, context, importOptions);
  }
  Location loc = FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                     /*line=*/0, /*column=*/0);
  if (options.format.empty())
    emitError(loc) << "cannot tell the model format: JSON of none of "
                      "nnvm, lightnet, xoc, relayviz";
  else
    emitError(loc) << "unknown model format '" << options.format
                   << "' (expected nnvm, lightnet, xoc, relayviz or mlir)";
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Weights
//===----------------------------------------------------------------------===//

std::unique_ptr<WeightFile> WeightFile::read(StringRef path, Location loc) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    emitError(loc) << "cannot read weights '" << path
                   << "': " << buffer.getError().message();
    return nullptr;
  }
  // The tensors are views of the (mapped) file, which they keep alive.
  std::shared_ptr<const llvm::MemoryBuffer> shared = std::move(*buffer);
  llvm::Expected<nnvm::ParamsFile> file = nnvm::readParams(shared);
  if (!file) {
    emitError(loc) << "'" << path << "': " << llvm::toString(file.takeError());
    return nullptr;
  }
  std::unique_ptr<WeightFile> result(new WeightFile());
  result->file = std::move(*file);
  for (const nnvm::ParamTensor &t : result->file.tensors)
    result->byName[nnvm::getParamVariableName(t.name)] = &t;
  return result;
}

FailureOr<NpyArray> nngraph::readWeight(const WeightFile &file,
                                        const TensorInfo &info, Location loc) {
  const nnvm::ParamTensor *t = file.lookup(info.name);
  if (!t)
    return failure();
  NpyArray a = info.allocate();
  if (!llvm::equal(ArrayRef<int64_t>(t->shape),
                   ArrayRef<int64_t>(info.shape)) ||
      nnvm::getDTypeName(t->dtype) != info.dtype ||
      t->data.size() != a.bytes.size()) {
    std::string got = nnvm::getDTypeName(t->dtype).str() + " [";
    for (auto [i, d] : llvm::enumerate(t->shape))
      got += (i ? ", " : "") + std::to_string(d);
    emitError(loc) << "weight '" << info.name << "' is " << got
                   << "] in the params file, the model expects "
                   << info.describe();
    return failure();
  }
  llvm::copy(t->data, a.bytes.begin());
  return a;
}

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
          << (isInput ? " (give its shape when loading)" : "");
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
    inputs.push_back(std::move(info));
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    outputs.push_back(describe(func.getResultTypes()[i], getOutputName(func, i),
                               /*isInput=*/false));
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Executable
//===----------------------------------------------------------------------===//

std::vector<std::string> nngraph::getDefaultSharedLibs() {
  // memref.copy lowers to a call of memrefCopy from MLIR's C runner utils;
  // nngraph.print calls into the project's runtime library.
  return {NNGRAPH_MLIR_C_RUNNER_UTILS, NNGRAPH_RUNTIME_LIB};
}

Executable::~Executable() = default;

std::unique_ptr<Executable> Executable::compile(OwningOpRef<ModuleOp> module,
                                                const CompileOptions &options) {
  std::unique_ptr<Executable> exe(new Executable());
  if (failed(getGraphSignature(*module, exe->inputs, exe->outputs)))
    return nullptr;
  MLIRContext *context = module->getContext();
  func::FuncOp func = getGraphFunction(*module, "nngraph");

  // Results become output buffers and the C interface takes descriptors.
  // The names were read above; LLVM has no use for them.
  exe->entry = "_mlir_ciface_" + func.getName().str();
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    func.setArgAttrs(i, ArrayRef<NamedAttribute>{});
  SmallVector<StringAttr> graphAttrs;
  for (NamedAttribute attr : func->getDiscardableAttrs())
    if (isGraphABIAttrName(attr.getName()))
      graphAttrs.push_back(attr.getName());
  for (StringAttr name : graphAttrs)
    func->removeAttr(name);
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
  PassManager pm(context);
  CPUPipelineOptions pipelineOptions;
  pipelineOptions.resultsToOutParams = true;
  pipelineOptions.fuseElementwise = options.fuseElementwise;
  buildCPUPipeline(pm, pipelineOptions);
  if (failed(pm.run(*module)))
    return nullptr;

  static std::once_flag initTarget;
  std::call_once(initTarget, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  std::vector<std::string> libs =
      options.sharedLibs.empty() ? getDefaultSharedLibs() : options.sharedLibs;
  SmallVector<StringRef> libRefs(libs.begin(), libs.end());
  ExecutionEngineOptions engineOptions;
  engineOptions.sharedLibPaths = libRefs;
  auto transformer = makeOptimizingTransformer(options.optLevel, 0, nullptr);
  engineOptions.transformer = transformer;
  auto engine = ExecutionEngine::create(*module, engineOptions);
  if (!engine) {
    emitError(module->getLoc())
        << "JIT: " << llvm::toString(engine.takeError());
    return nullptr;
  }
  exe->engine = std::move(*engine);
  // The JIT compiles lazily, at the first lookup: do it here so that code
  // generation is part of compiling, not of the first run.
  auto fn = exe->engine->lookupPacked(exe->entry);
  if (!fn) {
    emitError(module->getLoc()) << "JIT: " << llvm::toString(fn.takeError());
    return nullptr;
  }
  exe->entryPoint = *fn;
  return exe;
}

llvm::Error Executable::invoke(ArrayRef<void *> buffers) const {
  size_t expected = inputs.size() + outputs.size();
  if (buffers.size() != expected)
    return llvm::createStringError(
        "expected %zu buffers (%zu inputs, %zu outputs), got %zu", expected,
        inputs.size(), outputs.size(), buffers.size());
  // A memref descriptor of any rank: {allocated, aligned, offset,
  // sizes[rank], strides[rank]}, as the C interface passes it.
  std::vector<std::vector<int64_t>> descriptors;
  descriptors.reserve(expected);
  for (auto [buffer, info] :
       llvm::zip_equal(buffers, llvm::concat<const TensorInfo>(
                                    ArrayRef(inputs), ArrayRef(outputs)))) {
    std::vector<int64_t> &d = descriptors.emplace_back();
    d.push_back(reinterpret_cast<int64_t>(buffer));
    d.push_back(reinterpret_cast<int64_t>(buffer));
    d.push_back(0);
    d.insert(d.end(), info.shape.begin(), info.shape.end());
    std::vector<int64_t> strides(info.shape.size());
    int64_t stride = 1;
    for (int64_t i = int64_t(info.shape.size()) - 1; i >= 0; --i) {
      strides[i] = stride;
      stride *= info.shape[i];
    }
    d.insert(d.end(), strides.begin(), strides.end());
  }
  std::vector<void *> pointers;
  pointers.reserve(expected);
  for (auto &d : descriptors)
    pointers.push_back(d.data());
  std::vector<void *> packed;
  packed.reserve(expected);
  for (void *&p : pointers)
    packed.push_back(&p);
  entryPoint(packed.data());
  return llvm::Error::success();
}
