//===- ModelLoader.cpp - load and export models by format -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements what the registry does with a row once it has one:
// loading a model (detected or named format, MLIR text and bytecode as a
// pseudo-format), exporting by name, reading weights files and registering
// translations.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Formats/FormatRegistry.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::nngraph;

OwningOpRef<ModuleOp> nngraph::loadModel(llvm::SourceMgr &sourceMgr,
                                         MLIRContext *context,
                                         const LoadOptions &options) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::string format = options.format;
  if (format.empty())
    format =
        detectModelFormat(buffer->getBufferIdentifier(), buffer->getBuffer());
  if (format == kMLIRFormatName)
    return parseSourceFile<ModuleOp>(sourceMgr, context);
  const FormatInfo *row = lookupFormat(format);
  if (row && row->importModel)
    return row->importModel(sourceMgr, context, options.import);
  Location loc = FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                     /*line=*/0, /*column=*/0);
  if (options.format.empty()) {
    std::vector<std::string> detectable;
    for (const FormatInfo *f : getFormats())
      if (f->detect)
        detectable.push_back(f->name.str());
    emitError(loc) << "cannot tell the model format: JSON of none of "
                   << joinNames(detectable, ", ");
  } else {
    emitError(loc) << "unknown model format '" << options.format
                   << "' (expected " << joinNames(getModelFormats()) << ")";
  }
  return nullptr;
}

LogicalResult nngraph::exportModel(ModuleOp module, StringRef exportName,
                                   llvm::raw_ostream &os,
                                   const ModelExportOptions &options) {
  const FormatInfo *row = lookupExportFormat(exportName);
  if (!row && exportName != kMLIRFormatName)
    return emitError(module.getLoc())
           << "unknown export format '" << exportName << "' (expected "
           << joinNames(getExportFormats()) << ")";
  if (!options.weightsPath.empty() && (!row || !row->writesWeights))
    return emitError(module.getLoc())
           << "'" << exportName << "' writes no weights file";
  if (!row) {
    module->print(os);
    return success();
  }
  return row->exportModel(module, exportName, os, options);
}

std::unique_ptr<WeightFile>
nngraph::readWeightFile(StringRef path, Location loc, StringRef format) {
  const FormatInfo *reader = lookupFormat(format);
  if (!reader || !reader->readWeights) {
    const FormatInfo *const *first =
        llvm::find_if(getFormats(), [](const FormatInfo *f) {
          return f->readWeights != nullptr;
        });
    reader = first == getFormats().end() ? nullptr : *first;
  }
  if (!reader) {
    emitError(loc) << "no format reads weights files";
    return nullptr;
  }
  return reader->readWeights(path, loc);
}

void nngraph::registerFormatTranslations() {
  for (const FormatInfo *f : getFormats())
    if (f->registerTranslations)
      f->registerTranslations();
}
