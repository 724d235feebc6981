//===- Unsigned.cpp - unsigned integers before lowering ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// nngraph's integer tensors are signless (read as signed) or unsigned (XOC's
// uint8); arith, and so linalg bodies, take signless integers only. Before
// the lowering, every operation whose result depends on how its integers are
// read (division, comparison, max, casts to float, right shifts, ...) gets
// its unsigned operands zero-extended to a signless type of twice the width
// (`and(cast(x), 2^w - 1)`, exact in the signed reading) and its unsigned
// results computed in that type and truncated back. Then every unsigned
// type becomes the signless type of its width: what is left on them (moves,
// copies, wrapping add/sub/mul, bitwise operations) has the same bits
// either way. The graph's signature was read before lowering, so callers
// still see uint8.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;
using namespace mlir::nngraph;

namespace {

IntegerType getUnsignedElement(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  auto integer = dyn_cast<IntegerType>(shaped ? shaped.getElementType() : type);
  return integer && integer.isUnsigned() ? integer : nullptr;
}

Type withElement(Type type, Type element) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(element);
  return element;
}

/// Operations whose result bits follow from their operands' bits, however
/// the integers are read: data movement, wrapping arithmetic, bitwise
/// operations.
bool isSignAgnostic(Operation *op) {
  return isa<ConstantOp, BitCastOp, IdentityOp, DropoutOp, ReshapeOp, FlattenOp,
             SqueezeOp, UnsqueezeOp, TransposeOp, ConcatOp, SplitOp, SliceOp,
             ExpandOp, TileOp, GatherOp, GatherElementsOp, GatherNDOp, WhereOp,
             AddOp, SubOp, MulOp, NegOp, AndOp, OrOp, XorOp, NotOp, ShapeOp>(
      op);
}

/// The operand or result types of `op` have an unsigned element.
bool hasUnsigned(Operation *op) {
  auto unsignedType = [](Type t) { return getUnsignedElement(t) != nullptr; };
  return llvm::any_of(op->getOperandTypes(), unsignedType) ||
         llvm::any_of(op->getResultTypes(), unsignedType);
}

/// Rewrites `op` to compute on signless integers of twice the width of its
/// unsigned ones; fails (with a diagnostic) where there is no such width.
LogicalResult widen(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto wide = [&](IntegerType u) -> IntegerType {
    if (u.getWidth() > 32)
      return nullptr;
    return b.getIntegerType(2 * u.getWidth());
  };
  for (OpOperand &operand : op->getOpOperands()) {
    Value v = operand.get();
    IntegerType u = getUnsignedElement(v.getType());
    if (!u)
      continue;
    IntegerType w = wide(u);
    if (!w)
      return op->emitError()
             << "cannot lower " << op->getName() << " on " << v.getType()
             << ": unsigned integers wider than 32 bits";
    // After the retyping the cast sign-extends; the mask keeps the low bits.
    Value extended =
        CastOp::create(b, loc, withElement(v.getType(), w), v).getResult();
    auto maskType = RankedTensorType::get({}, w);
    Value mask = ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            maskType, APInt::getLowBitsSet(w.getWidth(), u.getWidth())));
    operand.set(AndOp::create(b, loc, extended, mask).getResult());
  }
  b.setInsertionPointAfter(op);
  for (OpResult result : op->getResults()) {
    Type type = result.getType();
    IntegerType u = getUnsignedElement(type);
    if (!u)
      continue;
    IntegerType w = wide(u);
    if (!w)
      return op->emitError()
             << "cannot lower " << op->getName() << " to " << type
             << ": unsigned integers wider than 32 bits";
    result.setType(withElement(type, w));
    auto narrow = CastOp::create(b, loc, type, result);
    result.replaceAllUsesExcept(narrow.getResult(), narrow);
  }
  return success();
}

Attribute toSignless(Attribute attr, Type signless) {
  if (auto dense = dyn_cast<DenseElementsAttr>(attr))
    return dense.bitcast(cast<ShapedType>(signless).getElementType());
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr))
    return DenseResourceElementsAttr::get(cast<ShapedType>(signless),
                                          resource.getRawHandle());
  return nullptr;
}

} // namespace

LogicalResult nngraph::detail::legalizeUnsignedIntegers(func::FuncOp func) {
  bool ok = true;
  SmallVector<Operation *> toWiden;
  func.walk([&](Operation *op) {
    if (isa<NNGraphDialect>(op->getDialect()) && !isSignAgnostic(op) &&
        !isa<CustomOp, KernelCallOp>(op) && hasUnsigned(op))
      toWiden.push_back(op);
  });
  for (Operation *op : toWiden)
    ok &= succeeded(widen(op));
  if (!ok)
    return failure();

  auto retype = [](Value v) {
    if (IntegerType u = getUnsignedElement(v.getType()))
      v.setType(withElement(v.getType(),
                            IntegerType::get(u.getContext(), u.getWidth())));
  };
  for (BlockArgument arg : func.getArguments())
    retype(arg);
  WalkResult walked = func.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          retype(arg);
    for (Value result : op->getResults())
      retype(result);
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      Attribute value = constant.getValue();
      if (getUnsignedElement(cast<TypedAttr>(value).getType())) {
        Attribute signless = toSignless(value, constant.getType());
        if (!signless) {
          op->emitError() << "cannot lower a constant of " << value;
          return WalkResult::interrupt();
        }
        constant.setValueAttr(cast<ElementsAttr>(signless));
      }
    }
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();
  Block &entry = func.getBody().front();
  func.setType(FunctionType::get(func.getContext(), entry.getArgumentTypes(),
                                 entry.getTerminator()->getOperandTypes()));
  return success();
}
