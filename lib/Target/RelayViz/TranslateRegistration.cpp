//===- TranslateRegistration.cpp - RelayViz translations --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers --import-relayviz and --export-relayviz and their
// options with mlir-translate.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/RelayViz/TranslateRegistration.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/RelayViz/RelayVizExport.h"
#include "nngraph/Target/RelayViz/RelayVizImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {
struct RelayVizOptions {
  llvm::cl::opt<bool> strict{
      "relayviz-strict",
      llvm::cl::desc("With --import-relayviz: unknown Relay operators are "
                     "errors instead of nngraph.custom"),
      llvm::cl::init(false)};
};
} // namespace

static llvm::ManagedStatic<RelayVizOptions> clOptions;

static void registerDialects(DialectRegistry &registry) {
  insertGraphDialects(registry);
}

void mlir::nngraph::relayviz::registerRelayVizTranslations() {
  *clOptions; // Register the options with the command line.
  TranslateToMLIRRegistration importRegistration(
      "import-relayviz", "Import RelayViz JSON (Relay expressions)",
      [](const llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        ImportOptions options;
        options.strict = clOptions->strict;
        return relayviz::importRelayViz(sourceMgr, context, options);
      },
      registerDialects);
  TranslateFromMLIRRegistration exportRegistration(
      "export-relayviz", "Export RelayViz JSON (Relay expressions)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("relayviz: expected a module");
        return relayviz::exportRelayViz(module, os);
      },
      registerDialects);
}
