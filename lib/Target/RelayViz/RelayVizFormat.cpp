//===- RelayVizFormat.cpp - the RelayViz format's registry row ------------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the RelayViz format's row of the format registry:
// RelayViz graphs say what they are in their "format" value, so the row is
// asked first.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/RelayViz/RelayVizFormat.h"
#include "nngraph/Target/Formats/FormatInfo.h"
#include "nngraph/Target/RelayViz/RelayVizExport.h"
#include "nngraph/Target/RelayViz/RelayVizImport.h"
#include "nngraph/Target/RelayViz/TranslateRegistration.h"

using namespace mlir;
using namespace mlir::nngraph;

static bool detectFormat(const TopLevelKeys &keys) {
  return keys.formatValue == "relayviz";
}

static OwningOpRef<ModuleOp> importFormat(llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context,
                                          const ModelImportOptions &options) {
  relayviz::ImportOptions importOptions;
  importOptions.strict = options.strict;
  return relayviz::importRelayViz(sourceMgr, context, importOptions);
}

static LogicalResult exportFormat(ModuleOp module, StringRef,
                                  llvm::raw_ostream &os,
                                  const ModelExportOptions &) {
  return relayviz::exportRelayViz(module, os);
}

static const StringRef exportNames[] = {"relayviz"};

const FormatInfo &relayviz::getRelayVizFormat() {
  static const FormatInfo info = [] {
    FormatInfo f;
    f.name = "relayviz";
    f.title = "RelayViz";
    f.description = "RelayViz JSON graphs (TVM Relay visualisation)";
    f.detect = detectFormat;
    f.detectOrder = 10;
    f.importModel = importFormat;
    f.exportNames = exportNames;
    f.exportModel = exportFormat;
    f.registerTranslations = registerRelayVizTranslations;
    return f;
  }();
  return info;
}
