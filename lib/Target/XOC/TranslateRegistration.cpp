//===- TranslateRegistration.cpp - XOC translations -------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers --import-xoc and --export-xoc (XOC / xovis JSON
// computation graphs) and their options with mlir-translate.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/XOC/TranslateRegistration.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/XOC/XOCExport.h"
#include "nngraph/Target/XOC/XOCImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {
struct XOCOptions {
  llvm::cl::opt<bool> strict{
      "xoc-strict",
      llvm::cl::desc("With --import-xoc: operators without a typed nngraph "
                     "form are errors instead of nngraph.custom"),
      llvm::cl::init(false)};
  llvm::cl::opt<int64_t> maxValueElements{
      "xoc-max-value-elements",
      llvm::cl::desc("With --export-xoc: constants with more elements are "
                     "written as weights without values"),
      llvm::cl::init(1 << 20)};
};
} // namespace

static llvm::ManagedStatic<XOCOptions> clOptions;

void xoc::registerXOCTranslations() {
  *clOptions; // Register the options with the command line.
  TranslateToMLIRRegistration importXOC(
      "import-xoc", "Import an XOC (xovis) JSON computation graph",
      [](const llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        ImportOptions options;
        options.strict = clOptions->strict;
        return importXOCGraph(sourceMgr, context, options);
      },
      [](DialectRegistry &registry) {
        registry.insert<NNGraphDialect, func::FuncDialect>();
      });
  TranslateFromMLIRRegistration exportXOC(
      "export-xoc", "Export an XOC (xovis) JSON computation graph",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("xoc: expected a module");
        ExportOptions options;
        options.maxValueElements = clOptions->maxValueElements;
        return exportXOCGraph(module, os, options);
      },
      [](DialectRegistry &registry) { insertGraphDialects(registry); });
}
