//===- TranslateRegistration.cpp - LightNet translations --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers --import-lightnet and --export-lightnet and their
// options with mlir-translate.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/TranslateRegistration.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/LightNet/LightNetExport.h"
#include "nngraph/Target/LightNet/LightNetImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {
struct LightNetOptions {
  llvm::cl::opt<bool> strict{
      "lightnet-strict",
      llvm::cl::desc("With --import-lightnet: optypes that LightNet's "
                     "opdefs do not describe are errors instead of "
                     "custom operations (nngraph.custom)"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> lenient{
      "lightnet-lenient",
      llvm::cl::desc("With --import-lightnet: accept // comments and "
                     "trailing commas"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> undefinedAsInputs{
      "lightnet-undefined-as-inputs",
      llvm::cl::desc("With --import-lightnet: a tensor used but never "
                     "defined becomes a graph input of unknown shape (with "
                     "a warning) instead of an error"),
      llvm::cl::init(false)};
};
} // namespace

static llvm::ManagedStatic<LightNetOptions> clOptions;

void nngraph::lightnet::registerLightNetTranslations() {
  *clOptions; // Register the options with the command line.
  TranslateToMLIRRegistration importLightNetGraph(
      "import-lightnet", "Import LightNet JSON IR",
      [](const llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        ImportOptions options;
        options.strict = clOptions->strict;
        options.lenient = clOptions->lenient;
        options.undefinedAsInputs = clOptions->undefinedAsInputs;
        return importLightNet(sourceMgr, context, options);
      },
      [](DialectRegistry &registry) {
        registry.insert<NNGraphDialect, func::FuncDialect>();
      });
  TranslateFromMLIRRegistration exportLightNetGraph(
      "export-lightnet", "Export LightNet JSON IR",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("lightnet: expected a module");
        return exportLightNet(module, os);
      },
      [](DialectRegistry &registry) { insertGraphDialects(registry); });
}
