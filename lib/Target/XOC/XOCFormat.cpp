//===- XOCFormat.cpp - the XOC row of the format registry -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the XOC format's row of the format registry: XOC
// (xovis) computation graphs are detected by their "tensors" key.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/XOC/XOCFormat.h"
#include "nngraph/Target/Formats/FormatInfo.h"
#include "nngraph/Target/XOC/TranslateRegistration.h"
#include "nngraph/Target/XOC/XOCExport.h"
#include "nngraph/Target/XOC/XOCImport.h"

using namespace mlir;
using namespace mlir::nngraph;

static bool detectFormat(const TopLevelKeys &keys) {
  return keys.contains("tensors");
}

static OwningOpRef<ModuleOp> importFormat(llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context,
                                          const ModelImportOptions &options) {
  xoc::ImportOptions importOptions;
  importOptions.strict = options.strict;
  return xoc::importXOCGraph(sourceMgr, context, importOptions);
}

static LogicalResult exportFormat(ModuleOp module, StringRef,
                                  llvm::raw_ostream &os,
                                  const ModelExportOptions &) {
  return xoc::exportXOCGraph(module, os, xoc::ExportOptions());
}

static const StringRef exportNames[] = {"xoc"};

const FormatInfo &xoc::getXOCFormat() {
  static const FormatInfo info = [] {
    FormatInfo f;
    f.name = "xoc";
    f.title = "XOC";
    f.description = "XOC (xovis) JSON computation graphs";
    f.detect = detectFormat;
    f.detectOrder = 20;
    f.importModel = importFormat;
    f.exportNames = exportNames;
    f.exportModel = exportFormat;
    f.registerTranslations = registerXOCTranslations;
    return f;
  }();
  return info;
}
