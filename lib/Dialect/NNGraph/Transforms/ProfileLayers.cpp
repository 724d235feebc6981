//===- ProfileLayers.cpp - outline and time each layer ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nngraph-profile-layers pass: each nngraph
// operation that does work in a public function moves into a private
// `noinline` function of its own, whose call is bracketed by the runtime
// hooks nngraph_profile_begin/end(id); and the table from id to node and
// operation names that the pass records on the module.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/Transforms/ProfileLayers.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHPROFILELAYERSPASS
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

/// The module attribute that holds the table: an array with one dictionary
/// {name, op} per layer id.
static constexpr llvm::StringLiteral kLayersAttr = "nngraph.profile_layers";

std::vector<ProfiledLayer> nngraph::getProfiledLayers(ModuleOp module) {
  std::vector<ProfiledLayer> layers;
  auto table = module->getAttrOfType<ArrayAttr>(kLayersAttr);
  if (!table)
    return layers;
  for (Attribute entry : table) {
    auto dict = dyn_cast<DictionaryAttr>(entry);
    auto name = dict ? dict.getAs<StringAttr>("name") : nullptr;
    auto op = dict ? dict.getAs<StringAttr>("op") : nullptr;
    layers.push_back({name ? name.str() : "", op ? op.str() : ""});
  }
  return layers;
}

void nngraph::removeProfiledLayers(ModuleOp module) {
  module->removeAttr(kLayersAttr);
}

/// Whether `op` is a layer the pass times: an nngraph operation with
/// results that is neither a constant nor shape-only.
static bool isTimedLayer(Operation *op) {
  if (!isa<NNGraphDialect>(op->getDialect()) || op->getNumResults() == 0 ||
      op->getNumRegions() != 0 || op->hasTrait<OpTrait::ConstantLike>())
    return false;
  auto iface = dyn_cast<NNGraphOpInterface>(op);
  return !iface || !iface.isShapeOnly();
}

/// A symbol-friendly form of a node name: letters, digits and `_`, at most
/// 48 characters (the id keeps the function names apart).
static std::string sanitize(StringRef name) {
  std::string s;
  for (char c : name.take_front(48))
    s += llvm::isAlnum(c) ? c : '_';
  return s;
}

namespace {
struct NNGraphProfileLayersPass
    : public nngraph::impl::NNGraphProfileLayersPassBase<
          NNGraphProfileLayersPass> {
  void runOnOperation() override;

private:
  /// Declares hook `name` as `(i64) -> ()`, or checks that it is.
  func::FuncOp getHook(SymbolTable &symbols, StringRef name);
  /// Moves `op` into a new private function and replaces it with the
  /// bracketed call; returns the table entry of layer `id`.
  DictionaryAttr outline(Operation *op, int64_t id, SymbolTable &symbols,
                         func::FuncOp begin, func::FuncOp end);
};
} // namespace

func::FuncOp NNGraphProfileLayersPass::getHook(SymbolTable &symbols,
                                               StringRef name) {
  ModuleOp module = getOperation();
  MLIRContext *context = module.getContext();
  auto type = FunctionType::get(context, {IntegerType::get(context, 64)}, {});
  if (Operation *existing = symbols.lookup(name)) {
    auto func = dyn_cast<func::FuncOp>(existing);
    if (func && func.getFunctionType() == type)
      return func;
    existing->emitError() << "nngraph-profile-layers: '" << name
                          << "' is the name of a runtime hook of type " << type;
    return nullptr;
  }
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto hook = func::FuncOp::create(b, module.getLoc(), name, type);
  hook.setPrivate();
  symbols.insert(hook);
  return hook;
}

DictionaryAttr NNGraphProfileLayersPass::outline(Operation *op, int64_t id,
                                                 SymbolTable &symbols,
                                                 func::FuncOp begin,
                                                 func::FuncOp end) {
  MLIRContext *context = op->getContext();
  Location loc = op->getLoc();
  std::string name = getLocName(loc);
  if (name.empty())
    name = "layer" + std::to_string(id);

  // Constants are cloned into the layer (lowering may rely on knowing
  // them); every other operand becomes an argument.
  llvm::SetVector<Value> captured;
  for (Value v : op->getOperands()) {
    Operation *def = v.getDefiningOp();
    if (!def || !def->hasTrait<OpTrait::ConstantLike>())
      captured.insert(v);
  }
  auto type =
      FunctionType::get(context, ValueRange(captured.getArrayRef()).getTypes(),
                        op->getResultTypes());
  OpBuilder b(context);
  b.setInsertionPointToEnd(getOperation().getBody());
  auto layer = func::FuncOp::create(
      b, loc, "nngraph_layer" + std::to_string(id) + "_" + sanitize(name),
      type);
  layer.setPrivate();
  // Opaque to LLVM's inliner, so that no work crosses the hooks.
  layer->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  symbols.insert(layer);

  Block *entry = layer.addEntryBlock();
  IRMapping mapping;
  for (auto [value, arg] : llvm::zip_equal(captured, entry->getArguments()))
    mapping.map(value, arg);
  OpBuilder body = OpBuilder::atBlockEnd(entry);
  for (Value v : op->getOperands())
    if (!mapping.contains(v))
      body.clone(*v.getDefiningOp(), mapping);
  Operation *clone = body.clone(*op, mapping);
  func::ReturnOp::create(body, loc, clone->getResults());

  b.setInsertionPoint(op);
  Value idValue = arith::ConstantIntOp::create(b, loc, id, 64);
  func::CallOp::create(b, loc, begin, idValue);
  auto call = func::CallOp::create(b, loc, layer, captured.getArrayRef());
  call.setNoInline(true);
  func::CallOp::create(b, loc, end, idValue);
  op->replaceAllUsesWith(call.getResults());
  op->erase();

  Builder attrs(context);
  return attrs.getDictionaryAttr(
      {attrs.getNamedAttr("name", attrs.getStringAttr(name)),
       attrs.getNamedAttr(
           "op", attrs.getStringAttr(clone->getName().getStringRef()))});
}

void NNGraphProfileLayersPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (module->hasAttr(kLayersAttr)) {
    module.emitError() << "nngraph-profile-layers: the module is already "
                          "instrumented";
    return signalPassFailure();
  }
  SymbolTable symbols(module);
  func::FuncOp begin = getHook(symbols, kProfileBeginHook);
  func::FuncOp end = getHook(symbols, kProfileEndHook);
  if (!begin || !end)
    return signalPassFailure();

  SmallVector<func::FuncOp> graphs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isDeclaration() && func.isPublic())
      graphs.push_back(func);
  SmallVector<Attribute> table;
  for (func::FuncOp func : graphs) {
    for (Block &block : func.getBody()) {
      for (Operation &op : llvm::make_early_inc_range(block)) {
        if (!isTimedLayer(&op))
          continue;
        table.push_back(
            outline(&op, int64_t(table.size()), symbols, begin, end));
      }
    }
  }
  numLayers += table.size();
  module->setAttr(kLayersAttr, ArrayAttr::get(module.getContext(), table));
}
