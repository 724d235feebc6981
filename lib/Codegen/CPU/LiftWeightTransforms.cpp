//===- LiftWeightTransforms.cpp - weight-only work, done once ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-lift-weight-transforms: it splits a graph
// function `@f` into `@f_prepare`, which computes once what depends only on
// weight arguments and constants (the channels-last permutations of the
// convolution weights, folded BatchNorm scales, packed matmul operands),
// and `@f`, which takes those prepared tensors instead of the raw weights
// that were only read through them. This is TVM's LiftTransformParams and
// IREE's const-eval on the runtime's side: the work moves out of every
// inference into a function the runtime calls once per set of weights.
// Nothing is constant-folded at compile time; constants that only lifted
// work reads move into `@f_prepare`. The split is recorded in the
// `nngraph.prepare` attribute (nngraph/Codegen/WeightPrepare.h).
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"
#include "nngraph/Codegen/WeightPrepare.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHLIFTWEIGHTTRANSFORMSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

namespace {

/// Ops both functions may hold (cloned where needed, never prepared):
/// constants and empty tensors.
bool isConstantLike(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>() || isa<tensor::EmptyOp>(op);
}

/// Ops that only view their operand (free after bufferization): preparing
/// their result would copy a weight for nothing. An unpack counts: the
/// schedules read a packed weight through it (nngraph-cpu-pack-weights),
/// so the packed tensor is what is worth preparing.
bool isView(Operation *op) {
  return isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp, tensor::CastOp,
             tensor::ReshapeOp, tensor::BitcastOp, tensor::ExtractSliceOp,
             linalg::UnPackOp>(op);
}

int64_t getStaticNumElements(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() ? tensor.getNumElements() : -1;
}

/// Whether the results of a weight-only `op` that the rest of the function
/// reads are worth computing once and keeping: `op` does work (it is no
/// constant and no view), its results are static tensors, and it does not
/// expand: its results hold at most twice the elements of the tensors it
/// reads (room for the padding of a packed operand), so a broadcast of a
/// bias to a whole activation or a fill stays where it is: preparing it
/// would cost more memory than the weights it replaces.
bool isWorthPreparing(Operation *op) {
  if (isConstantLike(op) || isView(op))
    return false;
  int64_t produced = 0, read = 0;
  for (Type type : op->getResultTypes()) {
    int64_t n = getStaticNumElements(type);
    if (n < 0)
      return false;
    produced += n;
  }
  for (Value operand : op->getOperands())
    if (!operand.getDefiningOp<tensor::EmptyOp>())
      read += std::max<int64_t>(0, getStaticNumElements(operand.getType()));
  return produced <= 2 * read;
}

/// Calls `fn` on every value `op` reads: its operands and the values its
/// regions capture from above.
void forEachInput(Operation *op, function_ref<void(Value)> fn) {
  for (Value operand : op->getOperands())
    fn(operand);
  visitUsedValuesDefinedAbove(op->getRegions(),
                              [&](OpOperand *use) { fn(use->get()); });
}

/// One graph function and the ops of its body that move to its prepare
/// function.
struct Split {
  func::FuncOp func;
  Block *body;
  /// Ops that compute from weight arguments and constants only
  /// (nngraph::cpu::getWeightOnlyOps).
  llvm::SetVector<Operation *> invariant;
  /// The invariant ops that leave the function (a subset, in block order).
  llvm::SetVector<Operation *> lifted;
  /// Results of lifted ops that the rest of the function reads: the
  /// prepared tensors.
  llvm::SetVector<Value> prepared;
  /// The ops the prepare function holds (lifted ops and the constants,
  /// views and weight arguments they read), in block order.
  SmallVector<Operation *> cloned;
  SmallVector<unsigned> weightArgs;

  /// Whether a use of a value is outside the lifted ops.
  bool isOutside(OpOperand &use) const {
    Operation *top = body->findAncestorOpInBlock(*use.getOwner());
    return !top || !lifted.contains(top);
  }
};

/// Lifts every invariant op but constants, then gives back to the function
/// each one whose result the function reads and that is not worth
/// preparing (so the ops it reads become the candidates). One sweep from
/// the end suffices: an op's producers come before it.
void selectLiftedOps(Split &s) {
  for (Operation *op : s.invariant)
    if (!isConstantLike(op))
      s.lifted.insert(op);
  SmallVector<Operation *> order(s.lifted.begin(), s.lifted.end());
  for (Operation *op : llvm::reverse(order)) {
    bool readOutside = llvm::any_of(
        op->getUses(), [&](OpOperand &use) { return s.isOutside(use); });
    if (readOutside && !isWorthPreparing(op))
      s.lifted.remove(op);
  }
  for (Operation *op : s.lifted)
    for (OpResult result : op->getResults())
      if (llvm::any_of(result.getUses(),
                       [&](OpOperand &use) { return s.isOutside(use); }))
        s.prepared.insert(result);
}

/// The lifted ops and, transitively, the invariant ops and weight
/// arguments they read.
void collectClonedOps(Split &s) {
  DenseSet<Operation *> needed(s.lifted.begin(), s.lifted.end());
  llvm::SmallSetVector<unsigned, 8> args;
  SmallVector<Operation *> worklist(s.lifted.begin(), s.lifted.end());
  while (!worklist.empty()) {
    forEachInput(worklist.pop_back_val(), [&](Value v) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner() == s.body)
          args.insert(arg.getArgNumber());
        return;
      }
      Operation *def = v.getDefiningOp();
      if (def->getBlock() == s.body && needed.insert(def).second)
        worklist.push_back(def);
    });
  }
  for (Operation &op : *s.body)
    if (needed.contains(&op))
      s.cloned.push_back(&op);
  s.weightArgs.assign(args.begin(), args.end());
  llvm::sort(s.weightArgs);
}

/// Creates `@<name>_prepare(weights...) -> (prepared...)` after the function.
func::FuncOp buildPrepareFunction(Split &s, SymbolTable &symbols) {
  func::FuncOp func = s.func;
  SmallVector<Type> argTypes, resultTypes;
  for (unsigned i : s.weightArgs)
    argTypes.push_back(func.getArgument(i).getType());
  for (Value v : s.prepared)
    resultTypes.push_back(v.getType());
  auto prepare = func::FuncOp::create(
      func.getLoc(), (func.getName() + "_prepare").str(),
      FunctionType::get(func.getContext(), argTypes, resultTypes));
  symbols.insert(prepare, std::next(func->getIterator()));
  for (auto [i, arg] : llvm::enumerate(s.weightArgs))
    if (DictionaryAttr attrs = func.getArgAttrDict(arg))
      prepare.setArgAttrs(i, attrs);
  // Called the way the function is (the runtime's C interface).
  if (Attribute ciface = func->getAttr("llvm.emit_c_interface"))
    prepare->setAttr("llvm.emit_c_interface", ciface);

  Block *entry = prepare.addEntryBlock();
  IRMapping mapping;
  for (auto [i, arg] : llvm::enumerate(s.weightArgs))
    mapping.map(func.getArgument(arg), entry->getArgument(i));
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  for (Operation *op : s.cloned)
    b.clone(*op, mapping);
  SmallVector<Value> results;
  for (Value v : s.prepared)
    results.push_back(mapping.lookup(v));
  func::ReturnOp::create(b, func.getLoc(), results);
  return prepare;
}

/// Makes the function read each prepared tensor from a new (read-only)
/// argument, erases what moved to `prepare` and the weight arguments
/// nothing reads any more, and records the split.
LogicalResult rewriteFunction(Split &s, func::FuncOp prepare) {
  func::FuncOp func = s.func;
  MLIRContext *ctx = func.getContext();
  Builder b(ctx);
  unsigned numOriginal = func.getNumArguments();
  auto readOnly = b.getDictionaryAttr(
      b.getNamedAttr(bufferization::BufferizationDialect::kWritableAttrName,
                     b.getBoolAttr(false)));
  SmallVector<Attribute> preparedTypes;
  for (Value v : s.prepared) {
    if (failed(func.insertArgument(func.getNumArguments(), v.getType(),
                                   readOnly, v.getLoc())))
      return failure();
    BlockArgument arg = s.body->getArguments().back();
    v.replaceUsesWithIf(arg, [&](OpOperand &use) { return s.isOutside(use); });
    preparedTypes.push_back(TypeAttr::get(v.getType()));
  }
  for (Operation *op : llvm::reverse(s.lifted))
    op->erase();
  for (Operation *op : llvm::reverse(s.cloned))
    if (!s.lifted.contains(op) && isOpTriviallyDead(op))
      op->erase();

  llvm::BitVector erase(func.getNumArguments());
  for (unsigned i : s.weightArgs)
    if (func.getArgument(i).use_empty())
      erase.set(i);
  SmallVector<int64_t> kept;
  for (unsigned i = 0; i < numOriginal; ++i)
    if (!erase.test(i))
      kept.push_back(i);
  if (failed(func.eraseArguments(erase)))
    return failure();

  SmallVector<int64_t> weightArgs(s.weightArgs.begin(), s.weightArgs.end());
  func->setAttr(
      kWeightPrepareAttrName,
      b.getDictionaryAttr({
          b.getNamedAttr(kPrepareFunctionKey,
                         FlatSymbolRefAttr::get(prepare.getSymNameAttr())),
          b.getNamedAttr(kPrepareWeightArgsKey,
                         b.getDenseI64ArrayAttr(weightArgs)),
          b.getNamedAttr(kPrepareKeptArgsKey, b.getDenseI64ArrayAttr(kept)),
          b.getNamedAttr(kPreparedTypesKey, b.getArrayAttr(preparedTypes)),
      }));
  return success();
}

/// Graph entry points: public functions with a body and results that
/// nothing in the module calls or names (a prepare function is named by
/// its graph function's attribute), not split yet. Functions without
/// results (test drivers that print) are left alone.
bool isGraphEntryPoint(func::FuncOp func, ModuleOp module) {
  return func.isPublic() && !func.isExternal() &&
         func.getFunctionBody().hasOneBlock() && func.getNumResults() > 0 &&
         !func->hasAttr(kWeightPrepareAttrName) &&
         SymbolTable::symbolKnownUseEmpty(func, module);
}

struct LiftWeightTransformsPass
    : public nngraph::impl::NNGraphLiftWeightTransformsPassBase<
          LiftWeightTransformsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> entryPoints;
    for (auto func : module.getOps<func::FuncOp>())
      if (isGraphEntryPoint(func, module))
        entryPoints.push_back(func);
    for (func::FuncOp func : entryPoints) {
      Split s{func, &func.getFunctionBody().front()};
      s.invariant = nngraph::cpu::getWeightOnlyOps(func);
      selectLiftedOps(s);
      if (s.prepared.empty())
        continue;
      collectClonedOps(s);
      func::FuncOp prepare = buildPrepareFunction(s, symbols);
      if (failed(rewriteFunction(s, prepare))) {
        func.emitError("cannot split the weight preparation out of ")
            << func.getName();
        return signalPassFailure();
      }
    }
  }
};

} // namespace
