//===- DOTExport.cpp - Graphviz export of nngraph graphs --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements --export-dot. Nodes are named n<k> in DOT and
// labelled "<node name>\n<operator>"; edges carry the tensor type of the
// value (sizes and element type, "?" for unknown sizes). Weights (constants)
// are drawn as small grey boxes, graph inputs and outputs as ellipses.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/DOT/DOTExport.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {

/// Quotes `s` for a DOT string: quotes and backslashes are escaped, a
/// newline becomes DOT's centred line break "\n".
std::string quote(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// "1x3x224x224xf32", "?x10xf32", "*xf32".
std::string typeLabel(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto ranked = dyn_cast<RankedTensorType>(type)) {
    for (int64_t d : ranked.getShape()) {
      if (ShapedType::isDynamic(d))
        os << "?";
      else
        os << d;
      os << "x";
    }
    os << ranked.getElementType();
  } else if (auto unranked = dyn_cast<UnrankedTensorType>(type)) {
    os << "*x" << unranked.getElementType();
  } else {
    os << type;
  }
  return s;
}

/// The operator a node shows: the source operator of custom operations and
/// kernel calls, else the operation name without the dialect prefix.
std::string operatorLabel(Operation *op) {
  if (auto custom = dyn_cast<CustomOp>(op))
    return custom.getOpType().str() +
           (custom.getDomain() ? " (" + custom.getDomain()->str() + ")" : "");
  if (auto call = dyn_cast<KernelCallOp>(op))
    return "kernel " + call.getFuncName().str();
  if (op->getDialect() && op->getDialect()->getNamespace() == "nngraph")
    return op->getName().stripDialect().str();
  return op->getName().getStringRef().str();
}

class DOTWriter {
public:
  explicit DOTWriter(llvm::raw_ostream &os) : os(os) {}

  void writeFunction(func::FuncOp func) {
    os << "digraph " << quote(func.getName()) << " {\n"
       << "  rankdir=TB;\n"
       << "  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
       << "  edge [fontname=\"Helvetica\", fontsize=10];\n";
    for (BlockArgument arg : func.getArguments()) {
      std::string id = newNode(arg);
      os << "  " << id << " [shape=ellipse, label="
         << quote(getInputName(func, arg.getArgNumber()) + "\ninput") << "];\n";
    }
    writeBlock(func.getBody().front(), func, "  ");
    os << "}\n";
  }

private:
  std::string newNode(Value v) {
    std::string id = "n" + std::to_string(counter++);
    producers[v] = id;
    return id;
  }

  void writeEdges(Operation *op, StringRef target, StringRef indent) {
    for (Value operand : op->getOperands()) {
      auto it = producers.find(operand);
      if (it == producers.end())
        continue;
      os << indent << it->second << " -> " << target
         << " [label=" << quote(typeLabel(operand.getType())) << "];\n";
    }
  }

  void writeBlock(Block &block, func::FuncOp func, StringRef indent) {
    for (Operation &op : block) {
      if (isa<func::ReturnOp>(op)) {
        for (auto [i, v] : llvm::enumerate(op.getOperands())) {
          std::string id = "n" + std::to_string(counter++);
          os << indent << id << " [shape=ellipse, label="
             << quote(getOutputName(func, i) + "\noutput") << "];\n";
          auto it = producers.find(v);
          if (it != producers.end())
            os << indent << it->second << " -> " << id
               << " [label=" << quote(typeLabel(v.getType())) << "];\n";
        }
        continue;
      }
      if (isa<scf::YieldOp>(op))
        continue;
      std::string name = getLocName(op.getLoc());
      std::string id = "n" + std::to_string(counter++);
      for (Value result : op.getResults())
        producers[result] = id;
      std::string style;
      if (isa<ConstantOp>(op))
        style = ", style=\"rounded,filled\", fillcolor=\"#e8e8e8\"";
      else if (isa<CustomOp, KernelCallOp>(op))
        style = ", style=\"rounded,filled\", fillcolor=\"#fff2cc\"";
      std::string label =
          name.empty() ? operatorLabel(&op) : name + "\n" + operatorLabel(&op);
      if (isa<ConstantOp>(op))
        label += "\n" + typeLabel(op.getResult(0).getType());
      os << indent << id << " [label=" << quote(label) << style << "];\n";
      writeEdges(&op, id, indent);
      for (auto [r, region] : llvm::enumerate(op.getRegions())) {
        if (region.empty())
          continue;
        os << indent << "subgraph cluster_" << id << "_" << r << " {\n"
           << indent << "  label="
           << quote(operatorLabel(&op) + " region " + std::to_string(r))
           << ";\n";
        writeBlock(region.front(), func, (indent + "  ").str());
        os << indent << "}\n";
      }
    }
  }

  llvm::raw_ostream &os;
  llvm::DenseMap<Value, std::string> producers;
  unsigned counter = 0;
};

} // namespace

LogicalResult dot::exportDOT(ModuleOp module, llvm::raw_ostream &os) {
  func::FuncOp func = getGraphFunction(module, "dot");
  if (!func)
    return failure();
  if (func.isExternal())
    return func.emitError("dot: expected a function with a body");
  DOTWriter(os).writeFunction(func);
  return success();
}

void dot::registerDOTTranslations() {
  TranslateFromMLIRRegistration exportDot(
      "export-dot",
      "Export a graph as Graphviz DOT (node names, operators, "
      "tensor types)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("dot: expected a module");
        return exportDOT(module, os);
      },
      [](DialectRegistry &registry) { insertGraphDialects(registry); });
}
