//===- TranslateRegistration.cpp - NNVM family translations -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers --import-nnvm and --export-nnvm (MXNet symbol JSON,
// NNVM graphs and TVM graph-executor JSON) and their options with
// mlir-translate. Every option carries the format's prefix (--nnvm-params,
// --nnvm-strict, ...), as the other formats' do.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/NNVM/TranslateRegistration.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/JSONSupport.h"
#include "nngraph/Target/NNVM/NNVMExport.h"
#include "nngraph/Target/NNVM/NNVMImport.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {
struct NNVMOptions {
  llvm::cl::opt<std::string> params{
      "nnvm-params",
      llvm::cl::desc("Weights file (.params, MXNet or TVM) for "
                     "--import-nnvm"),
      llvm::cl::value_desc("file"), llvm::cl::init("")};
  llvm::cl::list<std::string> inputShapes{
      "nnvm-input-shape",
      llvm::cl::desc("Shape of a graph input for --import-nnvm, e.g. "
                     "data=1x3x224x224 (repeatable)"),
      llvm::cl::value_desc("name=dims")};
  // The spellings that the importer's and exporter's messages give, which
  // nngraph-run and the Python package share.
  llvm::cl::alias inputShapeAlias{
      "input-shape", llvm::cl::desc("Alias for --nnvm-input-shape"),
      llvm::cl::aliasopt(inputShapes), llvm::cl::Hidden};
  llvm::cl::opt<bool> strict{
      "nnvm-strict",
      llvm::cl::desc("With --import-nnvm: unknown operators are errors "
                     "instead of nngraph.custom"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> check{
      "nnvm-check",
      llvm::cl::desc("With --import-nnvm: fail, listing every operator that "
                     "has no typed nngraph mapping with counts and node "
                     "names"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> opStats{
      "nnvm-op-stats",
      llvm::cl::desc("With --import-nnvm: print a histogram of the file's "
                     "operators to stdout"),
      llvm::cl::init(false)};
  llvm::cl::opt<std::string> flavor{
      "nnvm-flavor",
      llvm::cl::desc("Flavour for --export-nnvm: mxnet, nnvm or tvm "
                     "(default: the format the module came from, else "
                     "mxnet)"),
      llvm::cl::value_desc("flavor"), llvm::cl::init("")};
  llvm::cl::opt<bool> emitBytecode{
      "nnvm-emit-bytecode",
      llvm::cl::desc("With --import-nnvm: write MLIR bytecode, not text. "
                     "Bytecode writes weights straight from their blobs; "
                     "text spells them in hex, twice their size"),
      llvm::cl::init(false)};
  llvm::cl::opt<std::string> exportParams{
      "nnvm-export-params",
      llvm::cl::desc("Write the weights to this .params file (MXNet or TVM, "
                     "after the flavour) with --export-nnvm"),
      llvm::cl::value_desc("file"), llvm::cl::init("")};
  llvm::cl::alias exportParamsAlias{
      "export-params", llvm::cl::desc("Alias for --nnvm-export-params"),
      llvm::cl::aliasopt(exportParams), llvm::cl::Hidden};
};
} // namespace

static llvm::ManagedStatic<NNVMOptions> clOptions;

void nngraph::nnvm::registerNNVMTranslations() {
  *clOptions; // Register the options with the command line.
  // Registered as a plain translation, not TranslateToMLIRRegistration,
  // which always prints text: the module is written as --nnvm-emit-bytecode
  // says.
  TranslateRegistration importNNVM(
      "import-nnvm",
      "Import NNVM graph JSON (MXNet symbol, NNVM, TVM graph executor)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registry.insert<NNGraphDialect, func::FuncDialect>();
        context->appendDialectRegistry(registry);
        ImportOptions options;
        options.paramsPath = clOptions->params;
        // The one place the importer's shapes are spelled as strings.
        bool badShape = false;
        for (const std::string &spec : clOptions->inputShapes)
          if (llvm::Error err = parseInputShape(spec, options.inputShapes)) {
            emitError(getBufferLoc(*sourceMgr, context))
                << "nnvm: " << llvm::toString(std::move(err));
            badShape = true;
          }
        if (badShape)
          return failure();
        options.strict = clOptions->strict;
        options.check = clOptions->check;
        options.opStats = clOptions->opStats;
        OwningOpRef<ModuleOp> module =
            nnvm::importNNVMGraph(*sourceMgr, context, options);
        if (!module || failed(verify(*module)))
          return failure();
        if (clOptions->emitBytecode)
          return writeBytecodeToFile(*module, os);
        module->print(os);
        return success();
      });
  TranslateFromMLIRRegistration exportNNVM(
      "export-nnvm",
      "Export NNVM graph JSON (MXNet symbol, NNVM, TVM graph executor)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("nnvm: expected a module");
        ExportOptions options;
        if (!clOptions->flavor.empty()) {
          options.flavor = parseFlavor(clOptions->flavor);
          if (!options.flavor)
            return op->emitError("nnvm: unknown --nnvm-flavor '")
                   << clOptions->flavor << "' (expected mxnet, nnvm or tvm)";
        }
        options.paramsPath = clOptions->exportParams;
        return exportNNVMGraph(module, os, options);
      },
      [](DialectRegistry &registry) { insertGraphDialects(registry); });
  registerNNVMParamsTestTranslations();
}
