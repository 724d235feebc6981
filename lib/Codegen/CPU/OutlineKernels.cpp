//===- OutlineKernels.cpp - one function per loop nest ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-outline-kernels: each top-level loop nest of
// a function (an op with regions and no results in the function's entry
// block) moves into a private function of its own, called in its place.
// LLVM's per-function passes are super-linear in the size of a function
// (IndVarSimplify alone took 60% of `opt -O3` on MobileNet-v2 as one
// function); many small functions compile several times faster and run
// as fast, since a call per layer costs nothing next to the layer.
//
// Identical kernels (the same signature and body, up to their names) are
// then merged: networks repeat their blocks, and each distinct loop nest
// need only be compiled once (IREE deduplicates its dispatches the same
// way). So that a loop nest writing a slice of a larger buffer (a dense
// block's layer writing its channels of the block's buffer) matches its
// siblings, a kernel takes each strided buffer with a dynamic offset
// where its uses allow (nngraph::cpu::takesAnyLayout): the offset is then
// a value, not part of the type.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHOUTLINEKERNELSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `value` is cheaper to rematerialise in the kernel than to pass.
bool isClonable(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         def->hasTrait<OpTrait::ConstantLike>();
}

/// The type a kernel takes `value` (captured by the loop nest `nest`) as:
/// for a strided buffer of static strides that every use in `nest` takes
/// in any layout, the same with a dynamic offset; else its own type.
Type getOffsetAgnosticType(Value value, Operation *nest) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type)
    return value.getType();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return type;
  if (!nngraph::cpu::takesAnyLayout(value, nest))
    return type;
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
  return MemRefType::get(type.getShape(), type.getElementType(), layout,
                         type.getMemorySpace());
}

struct OutlineKernelsPass
    : public nngraph::impl::NNGraphOutlineKernelsPassBase<OutlineKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    known.clear();
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      if (func.isExternal() || !func.getBody().hasOneBlock())
        continue;
      SmallVector<Operation *> kernels;
      for (Operation &op : func.getBody().front())
        if (nngraph::cpu::isKernel(&op, minOps))
          kernels.push_back(&op);
      Operation *after = func;
      for (auto [i, op] : llvm::enumerate(kernels)) {
        auto [kernel, call] = outline(symbols, func, after, op, i);
        if (dedup && merge(symbols, kernel, call))
          continue;
        after = kernel;
      }
    }
  }

  /// The kernels kept so far, by signature and number of operations.
  DenseMap<std::pair<Type, unsigned>, SmallVector<func::FuncOp, 1>> known;

  /// Erases `kernel` and makes `call`, its only call, call an identical
  /// kernel seen before, if any; returns whether it did. Identical: the
  /// same signature and the same body (constants included), up to the
  /// names of values and the locations.
  bool merge(SymbolTable &symbols, func::FuncOp kernel, func::CallOp call) {
    unsigned count = 0;
    kernel.getBody().walk([&](Operation *) { ++count; });
    SmallVector<func::FuncOp, 1> &candidates =
        known[{kernel.getFunctionType(), count}];
    for (func::FuncOp other : candidates) {
      if (other->getDiscardableAttrDictionary() !=
              kernel->getDiscardableAttrDictionary() ||
          !OperationEquivalence::isRegionEquivalentTo(
              &other.getBody(), &kernel.getBody(),
              OperationEquivalence::IgnoreLocations))
        continue;
      call.setCallee(other.getSymName());
      symbols.erase(kernel);
      return true;
    }
    candidates.push_back(kernel);
    return false;
  }

  /// Moves `op` into `@<func>_kernel_<index>`, placed after `after`, and
  /// calls it; returns the kernel and the call.
  std::pair<func::FuncOp, func::CallOp> outline(SymbolTable &symbols,
                                                func::FuncOp func,
                                                Operation *after, Operation *op,
                                                size_t index) {
    // What the nest reads from outside: its operands (loop bounds, linalg
    // operands), then the values its regions capture.
    llvm::SetVector<Value> captured(op->operand_begin(), op->operand_end());
    getUsedValuesDefinedAbove(op->getRegions(), captured);
    SmallVector<Value> arguments, constants;
    for (Value value : captured)
      (isClonable(value) ? constants : arguments).push_back(value);

    // The kernel's argument types: strided buffers with a dynamic offset.
    SmallVector<Type> types;
    for (Value value : arguments)
      types.push_back(getOffsetAgnosticType(value, op));

    OpBuilder b(func);
    b.setInsertionPointAfter(after);
    Location loc = op->getLoc();
    auto type = b.getFunctionType(types, {});
    auto kernel = func::FuncOp::create(
        b, loc, (func.getName() + "_kernel_" + Twine(index)).str(), type);
    kernel.setPrivate();
    kernel->setAttr("passthrough",
                    b.getArrayAttr({b.getStringAttr("noinline")}));
    symbols.insert(kernel); // Renames it if the name is taken.

    // The body is cloned on the arguments cast back to their types, then
    // the casts are folded into the uses, whose subviews take the dynamic
    // offset on.
    Block *entry = kernel.addEntryBlock();
    b.setInsertionPointToStart(entry);
    IRMapping mapping;
    SmallVector<memref::CastOp> casts;
    for (auto [value, arg] :
         llvm::zip_equal(arguments, entry->getArguments())) {
      if (value.getType() == arg.getType()) {
        mapping.map(value, arg);
        continue;
      }
      auto cast = memref::CastOp::create(b, loc, value.getType(), arg);
      casts.push_back(cast);
      mapping.map(value, cast.getResult());
    }
    for (Value value : constants)
      b.clone(*value.getDefiningOp(), mapping);
    b.clone(*op, mapping);
    func::ReturnOp::create(b, loc);
    IRRewriter rewriter(b);
    for (memref::CastOp cast : casts) {
      nngraph::cpu::replaceWithView(rewriter, cast.getResult(),
                                    cast.getSource());
      rewriter.eraseOp(cast);
    }

    b.setInsertionPoint(op);
    SmallVector<Value> operands;
    for (auto [value, argType] : llvm::zip_equal(arguments, types))
      operands.push_back(
          value.getType() == argType
              ? value
              : memref::CastOp::create(b, loc, argType, value).getResult());
    auto call = func::CallOp::create(b, loc, kernel, operands);
    op->erase();
    return {kernel, call};
  }
};

} // namespace
