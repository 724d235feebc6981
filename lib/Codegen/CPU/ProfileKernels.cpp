//===- ProfileKernels.cpp - time each kernel of a graph ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-profile-kernels: each kernel (a top-level
// loop nest and the straight-line computation after it) of a lowered graph
// function is bracketed by the runtime hooks
// nngraph_profile_begin/end(id), and the module records the table from id
// to the layers the kernel computes, found through the locations of its
// operations and the layer list of nngraph-profile-layers.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"
#include "nngraph/Codegen/WeightPrepare.h"
#include "nngraph/Dialect/NNGraph/Transforms/ProfileLayers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <set>

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHPROFILEKERNELSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

namespace {

/// The listed layers: node name -> position, and each position's op.
struct LayerList {
  llvm::StringMap<unsigned> index;
  SmallVector<StringAttr> names, ops;
};

struct ProfileKernelsPass
    : public nngraph::impl::NNGraphProfileKernelsPassBase<ProfileKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto listed = module->getAttrOfType<ArrayAttr>(kProfileOpsAttr);
    if (!listed) {
      module.emitError() << "nngraph-profile-kernels: the module has no "
                            "layer list ('"
                         << kProfileOpsAttr
                         << "'; run nngraph-profile-layers on the graph)";
      return signalPassFailure();
    }
    LayerList layers;
    for (Attribute entry : listed) {
      auto dict = dyn_cast<DictionaryAttr>(entry);
      auto name = dict ? dict.getAs<StringAttr>("name") : nullptr;
      auto op = dict ? dict.getAs<StringAttr>("op") : nullptr;
      if (!name || !op) {
        module.emitError() << "nngraph-profile-kernels: '" << kProfileOpsAttr
                           << "' holds " << entry
                           << "; expected {name = string, op = string}";
        return signalPassFailure();
      }
      layers.index.try_emplace(name.getValue(), layers.ops.size());
      layers.names.push_back(name);
      layers.ops.push_back(op);
    }

    SymbolTable symbols(module);
    func::FuncOp begin = getHook(symbols, kProfileBeginHook);
    func::FuncOp end = getHook(symbols, kProfileEndHook);
    if (!begin || !end)
      return signalPassFailure();
    // The prepare functions run once per set of weights, not per call.
    llvm::StringSet<> prepareFunctions;
    for (auto func : module.getOps<func::FuncOp>())
      if (auto split =
              func->getAttrOfType<DictionaryAttr>(kWeightPrepareAttrName))
        if (auto callee = split.getAs<FlatSymbolRefAttr>(kPrepareFunctionKey))
          prepareFunctions.insert(callee.getValue());

    // One id per label: the kernels of one layer (a softmax's reductions
    // and its division) add up in one row.
    llvm::MapVector<DictionaryAttr, int64_t> table;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isDeclaration() || !func.isPublic() ||
          prepareFunctions.contains(func.getName()))
        continue;
      for (Block &block : func.getBody())
        for (auto [first, last] : getKernelSpans(block))
          instrument(first, last, layers, table, begin, end);
    }
    SmallVector<Attribute> entries;
    for (auto &entry : table)
      entries.push_back(entry.first);
    module->removeAttr(kProfileOpsAttr);
    module->setAttr(kProfileLayersAttr,
                    ArrayAttr::get(module.getContext(), entries));
  }

  /// Declares hook `name` as `(i64) -> ()`, or checks that it is.
  func::FuncOp getHook(SymbolTable &symbols, StringRef name) {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    auto type = FunctionType::get(context, {IntegerType::get(context, 64)}, {});
    if (Operation *existing = symbols.lookup(name)) {
      auto func = dyn_cast<func::FuncOp>(existing);
      if (func && func.getFunctionType() == type)
        return func;
      existing->emitError()
          << "nngraph-profile-kernels: '" << name
          << "' is the name of a runtime hook of type " << type;
      return nullptr;
    }
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    auto hook = func::FuncOp::create(b, module.getLoc(), name, type);
    hook.setPrivate();
    symbols.insert(hook);
    return hook;
  }

  /// Whether `op`, at the top level of a graph function, computes (vector
  /// and scalar arithmetic, loads and stores: the epilogue of a tile whose
  /// one-iteration loops were folded away) rather than allocating, viewing
  /// or returning.
  static bool isStraightLineCompute(Operation &op) {
    if (op.getNumRegions() != 0 || op.hasTrait<OpTrait::IsTerminator>() ||
        op.hasTrait<OpTrait::ConstantLike>() || isa<ViewLikeOpInterface>(op) ||
        isa<func::CallOp>(op))
      return false;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    return !effects || (!effects.hasEffect<MemoryEffects::Allocate>() &&
                        !effects.hasEffect<MemoryEffects::Free>());
  }

  /// The kernels of `block`, first and last op: each loop nest (with or
  /// without results) with the straight-line computation that follows it
  /// (a matmul's K loop, which yields the accumulators, and the bias and
  /// activation after it, when its tile loops had one iteration), and
  /// straight-line computation that follows no loop nest on its own.
  static SmallVector<std::pair<Operation *, Operation *>>
  getKernelSpans(Block &block) {
    SmallVector<std::pair<Operation *, Operation *>> spans;
    bool open = false;
    for (Operation &op : block) {
      bool loopNest = nngraph::cpu::isKernel(&op) ||
                      (isa<LoopLikeOpInterface>(op) && op.getNumResults() != 0);
      if (loopNest) {
        spans.push_back({&op, &op});
        open = true;
      } else if (isStraightLineCompute(op)) {
        if (open)
          spans.back().second = &op;
        else
          spans.push_back({&op, &op});
        open = true;
      } else if (!isPure(&op)) {
        // An allocation, a deallocation or a call ends the span; pure ops
        // (constants, views) between its ops do not.
        open = false;
      }
    }
    return spans;
  }

  /// Brackets the ops from `first` to `last` by the hooks with the id of
  /// their label in `table` (a new one for a new label).
  void instrument(Operation *first, Operation *last, const LayerList &layers,
                  llvm::MapVector<DictionaryAttr, int64_t> &table,
                  func::FuncOp begin, func::FuncOp end) {
    // The listed layers whose names the span's operations carry.
    std::set<unsigned> found;
    auto visit = [&](Operation *op) {
      op->getLoc()->walk([&](Location loc) {
        if (auto name = dyn_cast<NameLoc>(loc)) {
          auto it = layers.index.find(name.getName().getValue());
          if (it != layers.index.end())
            found.insert(it->second);
        }
        return WalkResult::advance();
      });
    };
    for (Operation *op = first;; op = op->getNextNode()) {
      op->walk(visit);
      if (op == last)
        break;
    }
    std::string name, opNames;
    llvm::SmallSetVector<StringAttr, 4> ops;
    for (unsigned i : found) {
      name += (name.empty() ? "" : "+") + layers.names[i].getValue().str();
      ops.insert(layers.ops[i]);
    }
    for (StringAttr op : ops)
      opNames += (opNames.empty() ? "" : "+") + op.getValue().str();
    if (name.empty())
      name = "kernel" + std::to_string(table.size());

    OpBuilder b(first);
    DictionaryAttr label =
        b.getDictionaryAttr({b.getNamedAttr("name", b.getStringAttr(name)),
                             b.getNamedAttr("op", b.getStringAttr(opNames))});
    int64_t id = table.try_emplace(label, table.size()).first->second;
    Location loc = first->getLoc();
    Value idValue = arith::ConstantIntOp::create(b, loc, id, 64);
    func::CallOp::create(b, loc, begin, idValue);
    b.setInsertionPointAfter(last);
    func::CallOp::create(b, loc, end, idValue);
  }
};

} // namespace
