//===- NNGraphToLinalg.cpp - the convert-nngraph-to-linalg pass -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the convert-nngraph-to-linalg pass: it checks that
// every nngraph operation of the function has a lowering, reports all that
// have none at once, and then applies the patterns of every family.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Conversion/Passes.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::nngraph {
#define GEN_PASS_DEF_CONVERTNNGRAPHTOLINALGPASS
#include "nngraph/Conversion/Passes.h.inc"
} // namespace mlir::nngraph

using namespace mlir;
using namespace mlir::nngraph;

void nngraph::populateNNGraphToLinalgConversionPatterns(
    RewritePatternSet &patterns, ConversionTarget &target) {
  detail::populateElementwisePatterns(patterns, target);
  detail::populateMatmulPatterns(patterns, target);
  detail::populateConvPatterns(patterns, target);
  detail::populatePoolingPatterns(patterns, target);
  detail::populateReductionPatterns(patterns, target);
  detail::populatePrintPatterns(patterns, target);
  detail::populateShapePatterns(patterns, target);
  detail::populateGatherPatterns(patterns, target);
  detail::populateDetectionPatterns(patterns, target);
}

namespace {

/// The node name of `op`; for an operation without one (written in MLIR),
/// its file, line and column, or "unnamed".
std::string nodeName(Operation *op) {
  if (auto name = dyn_cast<NameLoc>(op->getLoc()))
    return name.getName().str();
  if (auto file = dyn_cast<FileLineColLoc>(op->getLoc()))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  return "unnamed";
}

struct ConvertNNGraphToLinalgPass
    : public nngraph::impl::ConvertNNGraphToLinalgPassBase<
          ConvertNNGraphToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    if (!getOperation().isExternal() &&
        failed(nngraph::detail::legalizeUnsignedIntegers(getOperation())))
      return signalPassFailure();
    // auto_pad as explicit pads first: the lowerings read pads.
    {
      RewritePatternSet resolve(ctx);
      populateResolveAutoPadPatterns(resolve);
      if (failed(applyPatternsGreedily(getOperation(), std::move(resolve))))
        return signalPassFailure();
    }
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    populateNNGraphToLinalgConversionPatterns(patterns, target);
    target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                           math::MathDialect, scf::SCFDialect,
                           tensor::TensorDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

    // Everything that cannot be lowered, reported once before any rewrite:
    // operations without a lowering (custom operators, kernel calls), and
    // typed operations in a form their lowering does not take (a 3-D max
    // pool with auto_pad), which a dry run of the conversion finds. The dry
    // run works on a copy in a module of its own: it inserts a clone of
    // what it analyses beside it, which must not touch the module whose
    // other functions other threads convert.
    FrozenRewritePatternSet frozen(std::move(patterns));
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(getOperation().getLoc());
    IRMapping copies;
    Operation *copy = getOperation()->clone(copies);
    scratch->getBody()->push_back(copy);
    DenseSet<Operation *> legalizable;
    ConversionConfig analysis;
    analysis.legalizableOps = &legalizable;
    if (failed(applyAnalysisConversion(copy, target, frozen, analysis)))
      return signalPassFailure();
    llvm::StringMap<SmallVector<std::string>> missing;
    SmallVector<std::string> order; // The operators, in order of appearance.
    getOperation().walk([&](Operation *op) {
      if (!isa<NNGraphDialect>(op->getDialect()))
        return;
      std::string what = op->getName().getStringRef().str();
      if (target.isIllegal(op)) {
        if (legalizable.contains(copies.lookup(op)))
          return;
        // The form: the operand and result types.
        std::string form;
        llvm::raw_string_ostream os(form);
        os << " on (";
        llvm::interleaveComma(op->getOperandTypes(), os);
        os << ") -> (";
        llvm::interleaveComma(op->getResultTypes(), os);
        os << ")";
        what += form;
      } else if (auto custom = dyn_cast<CustomOp>(op)) {
        what += " \"" + custom.getOpType().str() + "\"";
      } else if (auto call = dyn_cast<KernelCallOp>(op)) {
        what += " \"" + call.getFuncName().str() + "\"";
      }
      if (!missing.count(what))
        order.push_back(what);
      missing[what].push_back(nodeName(op));
    });
    if (!missing.empty()) {
      InFlightDiagnostic diag = getOperation().emitError()
                                << "cannot lower to linalg: ";
      bool first = true;
      for (const std::string &what : order) {
        const SmallVector<std::string> &nodes = missing[what];
        diag << (first ? "" : "; ") << what << " (" << nodes.size()
             << (nodes.size() == 1 ? " node: " : " nodes: ");
        for (auto [i, n] : llvm::enumerate(nodes))
          diag << (i ? ", '" : "'") << n << "'";
        diag << ")";
        first = false;
      }
      return signalPassFailure();
    }
    if (failed(applyPartialConversion(getOperation(), target, frozen)))
      signalPassFailure();
  }
};

} // namespace
