//===- NNVMFormat.cpp - the NNVM row of the format registry -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the NNVM family's row of the format registry: MXNet
// symbol JSON, NNVM graphs and TVM graph-executor JSON are detected by their
// "heads" / "arg_nodes" keys, imported and exported (as any of the three
// flavours) here, and their .params files are this row's weights files.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/NNVM/NNVMFormat.h"
#include "nngraph/Target/Formats/FormatInfo.h"
#include "nngraph/Target/NNVM/NNVMExport.h"
#include "nngraph/Target/NNVM/NNVMImport.h"
#include "nngraph/Target/NNVM/Params.h"
#include "nngraph/Target/NNVM/TranslateRegistration.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::nngraph;

static bool detectFormat(const TopLevelKeys &keys) {
  return keys.contains("heads") || keys.contains("arg_nodes");
}

static OwningOpRef<ModuleOp> importFormat(llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context,
                                          const ModelImportOptions &options) {
  nnvm::ImportOptions importOptions;
  importOptions.strict = options.strict;
  importOptions.paramsPath = options.weightsPath;
  importOptions.inputShapes = options.inputShapes;
  return nnvm::importNNVMGraph(sourceMgr, context, importOptions);
}

static LogicalResult exportFormat(ModuleOp module, StringRef exportName,
                                  llvm::raw_ostream &os,
                                  const ModelExportOptions &options) {
  nnvm::ExportOptions exportOptions;
  exportOptions.flavor = nnvm::parseFlavor(exportName);
  exportOptions.paramsPath = options.weightsPath;
  return nnvm::exportNNVMGraph(module, os, exportOptions);
}

/// A .params file (MXNet or TVM) as views of the mapped file, by variable
/// name (MXNet's arg:/aux: prefixes dropped).
static std::unique_ptr<WeightFile> readFormatWeights(StringRef path,
                                                     Location loc) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    emitError(loc) << "cannot read weights '" << path
                   << "': " << buffer.getError().message();
    return nullptr;
  }
  std::shared_ptr<const llvm::MemoryBuffer> shared = std::move(*buffer);
  llvm::Expected<nnvm::ParamsFile> file = nnvm::readParams(shared);
  if (!file) {
    emitError(loc) << "'" << path << "': " << llvm::toString(file.takeError());
    return nullptr;
  }
  std::vector<WeightTensor> tensors;
  for (const nnvm::ParamTensor &t : file->tensors) {
    WeightTensor &w = tensors.emplace_back();
    w.name = nnvm::getParamVariableName(t.name).str();
    w.key = t.name;
    w.dtype = nnvm::getDTypeName(t.dtype).str();
    w.shape.assign(t.shape.begin(), t.shape.end());
    w.data = t.data;
  }
  // The tensors are views of the mapped file, which the result keeps alive.
  return std::make_unique<WeightFile>(std::move(tensors), std::move(shared));
}

static const StringRef exportNames[] = {"mxnet", "nnvm", "tvm"};

const FormatInfo &nnvm::getNNVMFormat() {
  static const FormatInfo info = [] {
    FormatInfo f;
    f.name = "nnvm";
    f.title = "NNVM";
    f.description = "NNVM graph JSON: MXNet symbol files, NNVM graphs and "
                    "TVM graph-executor JSON, with .params weights";
    f.detect = detectFormat;
    f.detectOrder = 30;
    f.importModel = importFormat;
    f.takesInputShapes = true;
    f.exportNames = exportNames;
    f.exportModel = exportFormat;
    f.readWeights = readFormatWeights;
    f.weightsExtension = ".params";
    f.writesWeights = true;
    f.registerTranslations = registerNNVMTranslations;
    return f;
  }();
  return info;
}
