//===- TestGraphSummary.cpp - format-neutral summary of a graph -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements --test-graph-summary, which prints what a conversion
// between formats must keep: every source tensor (graph input or weight,
// whichever a format makes of it) with its type, every operation with its
// node name, operator, operands (by the name of what produces them) and
// result types, and every output. Two graphs with the same summary have the
// same operations, edges, shapes and names. Attributes are not part of it.
//
//===----------------------------------------------------------------------===//

#include "TestRegistration.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {

std::string typeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

/// Source tensors: graph inputs and constants that are not splats (a splat
/// is an operation in some formats and data in others).
bool isSource(Operation *op) {
  auto cst = dyn_cast<ConstantOp>(op);
  if (!cst)
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  return !dense || !dense.isSplat();
}

LogicalResult printSummary(ModuleOp module, llvm::raw_ostream &os) {
  func::FuncOp func = getGraphFunction(module, "summary");
  if (!func)
    return failure();
  llvm::DenseMap<Value, std::string> names;
  SmallVector<std::string> sources;
  for (BlockArgument arg : func.getArguments()) {
    std::string name = getInputName(func, arg.getArgNumber());
    names[arg] = name;
    sources.push_back("source " + name + " : " + typeString(arg.getType()));
  }
  SmallVector<std::string> lines;
  func.walk([&](Operation *op) {
    if (op == func || isa<func::ReturnOp, scf::YieldOp>(op))
      return;
    std::string name = getLocName(op->getLoc());
    if (isSource(op)) {
      names[op->getResult(0)] = name;
      sources.push_back("source " + name + " : " +
                        typeString(op->getResult(0).getType()));
      return;
    }
    std::string opName = op->getName().getStringRef().str();
    if (auto custom = dyn_cast<CustomOp>(op))
      opName = "custom:" + custom.getOpType().str();
    if (auto call = dyn_cast<KernelCallOp>(op))
      opName = "kernel:" + call.getFuncName().str();
    std::string line = name + " = " + opName + "(";
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      auto it = names.find(v);
      line += (i ? ", " : "") + (it == names.end() ? "?" : it->second);
    }
    line += ") :";
    for (Type t : op->getResultTypes())
      line += " " + typeString(t);
    lines.push_back(line);
    for (auto [i, r] : llvm::enumerate(op->getResults()))
      names[r] =
          op->getNumResults() > 1 ? name + "#" + std::to_string(i) : name;
  });
  llvm::sort(sources);
  for (const std::string &s : sources)
    os << s << "\n";
  for (const std::string &l : lines)
    os << l << "\n";
  Operation *ret = func.getBody().front().getTerminator();
  for (auto [i, v] : llvm::enumerate(ret->getOperands()))
    os << "output " << getOutputName(func, i) << " = " << names.lookup(v)
       << " : " << typeString(v.getType()) << "\n";
  return success();
}

} // namespace

void mlir::nngraph::test::registerGraphSummaryTranslation() {
  TranslateFromMLIRRegistration summary(
      "test-graph-summary",
      "Print the sources, operations, edges, shapes and names of a graph "
      "(to compare conversions)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("summary: expected a module");
        return printSummary(module, os);
      },
      [](DialectRegistry &registry) { insertGraphDialects(registry); });
}
