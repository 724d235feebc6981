//===- GraphBuilder.cpp - shared construction of imported graphs -*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements GraphBuilder.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::nngraph;

GraphBuilder::GraphBuilder(MLIRContext *context, Location fileLoc,
                           StringRef format)
    : builder(context), fileLoc(fileLoc), format(format.str()) {
  context->loadDialect<NNGraphDialect, func::FuncDialect>();
  module = ModuleOp::create(fileLoc);
  builder.setInsertionPointToEnd(module->getBody());
  func = func::FuncOp::create(builder, fileLoc, "main",
                              builder.getFunctionType({}, {}));
  builder.setInsertionPointToEnd(func.addEntryBlock());
}

Location GraphBuilder::getNameLoc(StringRef name) {
  return NameLoc::get(builder.getStringAttr(name), fileLoc);
}

void GraphBuilder::emitNodeError(StringRef nodeName, StringRef path,
                                 const llvm::Twine &message) {
  ++numErrors;
  emitError(getNameLoc(nodeName)) << format << ": " << message.str() << " at "
                                  << path << " (node '" << nodeName << "')";
}

void GraphBuilder::emitFileError(const llvm::Twine &message) {
  ++numErrors;
  emitError(fileLoc) << format << ": " << message.str();
}

void GraphBuilder::emitFileWarning(const llvm::Twine &message) {
  emitWarning(fileLoc) << format << ": " << message.str();
}

Value GraphBuilder::addInput(StringRef name, Type type,
                             ArrayRef<NamedAttribute> attrs) {
  Block &entry = func.getBody().front();
  inputNames.push_back(name.str());
  inputAttrs.emplace_back(attrs);
  return entry.addArgument(type, getNameLoc(name));
}

Value GraphBuilder::addWeight(StringRef name, RankedTensorType type,
                              ArrayRef<char> data) {
  AsmResourceBlob blob =
      HeapAsmResourceBlob::allocateAndCopyWithAlign(data, alignof(uint64_t));
  auto attr = DenseResourceElementsAttr::get(type, name, std::move(blob));
  // Weights go to the top of the function, in order of first use.
  OpBuilder::InsertionGuard guard(builder);
  if (lastWeight)
    builder.setInsertionPointAfter(lastWeight);
  else
    builder.setInsertionPointToStart(&func.getBody().front());
  auto weight = ConstantOp::create(builder, getNameLoc(name), type,
                                   cast<ElementsAttr>(attr));
  lastWeight = weight;
  return weight;
}

OwningOpRef<ModuleOp> GraphBuilder::finish(ArrayRef<Value> results,
                                           ArrayRef<std::string> resultNames) {
  SmallVector<Value> returned;
  for (Value v : results)
    if (v)
      returned.push_back(v);
  func::ReturnOp::create(builder, fileLoc, returned);
  Block &entry = func.getBody().front();
  // Resolving source semantics can leave operations nobody reads (zeros_like
  // reads only its input's shape): drop them, so that the function holds
  // exactly the computation and an exporter writes no dead nodes.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(entry)))
    if (isOpTriviallyDead(&op))
      op.erase();
  func.setFunctionType(builder.getFunctionType(
      entry.getArgumentTypes(), ValueRange(returned).getTypes()));
  for (auto [i, name] : llvm::enumerate(inputNames)) {
    func.setArgAttr(i, kArgNameAttr, builder.getStringAttr(name));
    for (NamedAttribute attr : inputAttrs[i])
      func.setArgAttr(i, attr.getName(), attr.getValue());
  }
  if (!resultNames.empty() && resultNames.size() == returned.size()) {
    SmallVector<Attribute> names;
    for (const std::string &name : resultNames)
      names.push_back(builder.getStringAttr(name));
    func->setAttr(kResultNamesAttr, builder.getArrayAttr(names));
  }
  if (numErrors > 0)
    return nullptr;
  if (failed(verify(*module))) {
    emitFileError("the imported graph does not verify (see above)");
    return nullptr;
  }
  return std::move(module);
}
