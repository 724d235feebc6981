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
#include "llvm/ADT/DenseMap.h"
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
    // A node's outputs are the values its operations give to other nodes
    // or return (an importer's expansion builds several operations under
    // one name), in the order they are built; graph order is that of each
    // node's last operation. A node whose values reach nothing shows its
    // last operation's results.
    struct NodeOps {
      Operation *last = nullptr;
      SmallVector<Value> outputs;
    };
    llvm::MapVector<StringAttr, NodeOps> nodes;
    MLIRContext *context = func.getContext();
    // (Each operation's name once: it is asked for each use.)
    DenseMap<Operation *, StringAttr> names;
    auto nameOf = [&](Operation *op) {
      auto [it, inserted] = names.try_emplace(op);
      if (inserted) {
        std::string name = getLocName(op->getLoc());
        if (!name.empty())
          it->second = StringAttr::get(context, name);
      }
      return it->second;
    };
    for (Operation &op : body.without_terminator()) {
      if (!isa<NNGraphDialect>(op.getDialect()) || op.getNumResults() == 0 ||
          op.hasTrait<OpTrait::ConstantLike>())
        continue;
      StringAttr key = nameOf(&op);
      if (!key)
        continue;
      NodeOps entry = nodes.lookup(key);
      nodes.erase(key);
      entry.last = &op;
      for (OpResult result : op.getResults())
        if (llvm::any_of(result.getUsers(), [&](Operation *user) {
              return isa<func::ReturnOp>(user) || nameOf(user) != key;
            }))
          entry.outputs.push_back(result);
      nodes.insert({key, std::move(entry)});
    }
    SmallVector<Attribute> outputNames;
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      outputNames.push_back(StringAttr::get(context, getOutputName(func, i)));
    llvm::SmallPtrSet<Value, 8> returned(ret.getOperands().begin(),
                                         ret.getOperands().end());
    SmallVector<Value> results(ret.getOperands());
    for (auto &[name, entry] : nodes) {
      SmallVector<Value> outputs = entry.outputs;
      if (outputs.empty())
        outputs.append(entry.last->result_begin(), entry.last->result_end());
      for (auto [k, result] : llvm::enumerate(outputs)) {
        if (!isa<TensorType>(result.getType()) || returned.contains(result))
          continue;
        results.push_back(result);
        returned.insert(result);
        outputNames.push_back(
            outputs.size() == 1
                ? name
                : StringAttr::get(context,
                                  name.getValue() + "_output" + Twine(k)));
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
    setOutputNames(func, ArrayAttr::get(context, outputNames));
  }
};
} // namespace
