//===- LightNetFormat.cpp - the LightNet format's registry row ------------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the LightNet format's row of the format registry.
// LightNet files have no key of their own, and lenient ones may start with
// comments, so the row is the registry's fallback: it is asked last and
// takes every JSON object (or text) that no other row claims.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/LightNetFormat.h"
#include "nngraph/Target/Formats/FormatInfo.h"
#include "nngraph/Target/LightNet/LightNetExport.h"
#include "nngraph/Target/LightNet/LightNetImport.h"
#include "nngraph/Target/LightNet/TranslateRegistration.h"

using namespace mlir;
using namespace mlir::nngraph;

static bool detectFormat(const TopLevelKeys &) { return true; }

static OwningOpRef<ModuleOp> importFormat(llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context,
                                          const ModelImportOptions &options) {
  lightnet::ImportOptions importOptions;
  importOptions.strict = options.strict;
  importOptions.lenient = options.lenient;
  importOptions.undefinedAsInputs = options.undefinedAsInputs;
  return lightnet::importLightNet(sourceMgr, context, importOptions);
}

static LogicalResult exportFormat(ModuleOp module, StringRef,
                                  llvm::raw_ostream &os,
                                  const ModelExportOptions &) {
  return lightnet::exportLightNet(module, os);
}

static const StringRef exportNames[] = {"lightnet"};

const FormatInfo &lightnet::getLightNetFormat() {
  static const FormatInfo info = [] {
    FormatInfo f;
    f.name = "lightnet";
    f.title = "LightNet";
    f.description = "LightNet JSON graphs (optionally with comments and "
                    "trailing commas)";
    f.detect = detectFormat;
    f.detectOrder = 1000;
    f.importModel = importFormat;
    f.exportNames = exportNames;
    f.exportModel = exportFormat;
    f.registerTranslations = registerLightNetTranslations;
    return f;
  }();
  return info;
}
