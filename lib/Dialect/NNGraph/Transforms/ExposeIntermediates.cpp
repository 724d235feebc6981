//===- ExposeIntermediates.cpp - every node's outputs as outputs -*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-expose-intermediates (Passes.td): the
// outputs of every named node become results of the graph function, in
// graph order, for nngraph-run --dump-intermediates.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHEXPOSEINTERMEDIATESPASS
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

namespace {
struct NNGraphExposeIntermediatesPass
    : public nngraph::impl::NNGraphExposeIntermediatesPassBase<
          NNGraphExposeIntermediatesPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isDeclaration() || !func.getBody().hasOneBlock())
      return;
    Block &body = func.getBody().front();
    auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
    if (!ret)
      return;
    // The last operation of each node name; graph order is that of these.
    llvm::MapVector<StringAttr, Operation *> nodes;
    MLIRContext *context = func.getContext();
    for (Operation &op : body.without_terminator()) {
      if (!isa<NNGraphDialect>(op.getDialect()) || op.getNumResults() == 0 ||
          op.hasTrait<OpTrait::ConstantLike>())
        continue;
      std::string name = getLocName(op.getLoc());
      if (name.empty())
        continue;
      StringAttr key = StringAttr::get(context, name);
      nodes.erase(key);
      nodes.insert({key, &op});
    }
    SmallVector<Attribute> names;
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      names.push_back(StringAttr::get(context, getOutputName(func, i)));
    llvm::SmallPtrSet<Value, 8> returned(ret.getOperands().begin(),
                                         ret.getOperands().end());
    SmallVector<Value> results(ret.getOperands());
    for (auto [name, op] : nodes) {
      for (OpResult result : op->getResults()) {
        if (!isa<TensorType>(result.getType()) || returned.contains(result))
          continue;
        results.push_back(result);
        returned.insert(result);
        names.push_back(
            op->getNumResults() == 1
                ? name
                : StringAttr::get(context,
                                  name.getValue() + "_output" +
                                      Twine(result.getResultNumber())));
        ++numExposed;
      }
    }
    if (results.size() == ret.getNumOperands())
      return;
    ArrayAttr resultAttrs = func.getAllResultAttrs();
    ret->setOperands(results);
    func.setFunctionType(FunctionType::get(context, func.getArgumentTypes(),
                                           ValueRange(results).getTypes()));
    if (resultAttrs) {
      // One attribute dictionary per result: empty ones for the new.
      SmallVector<Attribute> attrs(resultAttrs.begin(), resultAttrs.end());
      attrs.resize(results.size(), DictionaryAttr::get(context));
      func.setAllResultAttrs(attrs);
    }
    setOutputNames(func, ArrayAttr::get(context, names));
  }
};
} // namespace
