//===- DOTFormat.cpp - the DOT row of the format registry -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the DOT row of the format registry. DOT is
// export-only (a drawing of the graph, not a model nngraph reads back): the
// row has no detection and no importer, so loading never picks it, but
// export by name and translation registration find it like any other row.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/DOT/DOTFormat.h"
#include "nngraph/Target/DOT/DOTExport.h"
#include "nngraph/Target/Formats/FormatInfo.h"

using namespace mlir;
using namespace mlir::nngraph;

static LogicalResult exportFormat(ModuleOp module, StringRef,
                                  llvm::raw_ostream &os,
                                  const ModelExportOptions &) {
  return dot::exportDOT(module, os);
}

static const StringRef exportNames[] = {"dot"};

const FormatInfo &dot::getDOTFormat() {
  static const FormatInfo info = [] {
    FormatInfo f;
    f.name = "dot";
    f.title = "DOT";
    f.description = "Graphviz DOT drawings of the graph (export only)";
    f.exportNames = exportNames;
    f.exportModel = exportFormat;
    f.registerTranslations = registerDOTTranslations;
    return f;
  }();
  return info;
}
