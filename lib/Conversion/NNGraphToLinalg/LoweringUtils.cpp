//===- LoweringUtils.cpp - helpers of the linalg lowering -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the helpers declared in LoweringUtils.h.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::nngraph;

Value nngraph::detail::createEmpty(OpBuilder &b, Location loc,
                                   RankedTensorType type, ValueRange operands) {
  SmallVector<Value> dynamicSizes;
  int64_t rank = type.getRank();
  for (int64_t i = 0; i < rank; ++i) {
    if (!type.isDynamicDim(i))
      continue;
    Value size;
    for (Value operand : operands) {
      auto t = cast<RankedTensorType>(operand.getType());
      int64_t j = i - (rank - t.getRank());
      if (j < 0 || t.getDimSize(j) == 1)
        continue;
      size = tensor::DimOp::create(b, loc, operand, j);
      break;
    }
    if (!size) // Every operand has 1 there: the result has 1 too.
      size = arith::ConstantIndexOp::create(b, loc, 1);
    dynamicSizes.push_back(size);
  }
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamicSizes);
}

Value nngraph::detail::scalarConstant(OpBuilder &b, Location loc, Type type,
                                      double value) {
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

Value nngraph::detail::createFilled(OpBuilder &b, Location loc,
                                    RankedTensorType type, ValueRange operands,
                                    double value) {
  Value empty = createEmpty(b, loc, type, operands);
  Value scalar = scalarConstant(b, loc, type.getElementType(), value);
  return linalg::FillOp::create(b, loc, ValueRange{scalar}, ValueRange{empty})
      .getResult(0);
}

AffineMap nngraph::detail::broadcastMap(RankedTensorType operandType,
                                        RankedTensorType resultType,
                                        MLIRContext *ctx) {
  int64_t rank = resultType.getRank(), offset = rank - operandType.getRank();
  SmallVector<AffineExpr> exprs;
  for (int64_t j = 0; j < operandType.getRank(); ++j) {
    bool broadcast = operandType.getDimSize(j) == 1 &&
                     resultType.getDimSize(j + offset) != 1;
    exprs.push_back(broadcast ? getAffineConstantExpr(0, ctx)
                              : getAffineDimExpr(j + offset, ctx));
  }
  return AffineMap::get(rank, 0, exprs, ctx);
}

Value nngraph::detail::multiplyAdd(OpBuilder &b, Location loc, Value x, Value y,
                                   Value acc) {
  if (isa<FloatType>(x.getType()))
    return arith::AddFOp::create(b, loc, acc,
                                 arith::MulFOp::create(b, loc, x, y));
  return arith::AddIOp::create(b, loc, acc,
                               arith::MulIOp::create(b, loc, x, y));
}

Value nngraph::detail::padSpatial(OpBuilder &b, Location loc, Value v,
                                  ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                                  Value value, int64_t firstAxis) {
  auto type = cast<RankedTensorType>(v.getType());
  auto isZero = [](int64_t p) { return p == 0; };
  if (llvm::all_of(low, isZero) && llvm::all_of(high, isZero))
    return v;
  int64_t n = low.size(), rank = type.getRank();
  SmallVector<int64_t> lows(rank, 0), highs(rank, 0);
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t i = 0; i < n; ++i) {
    int64_t axis = (firstAxis < 0 ? rank - n : firstAxis) + i;
    lows[axis] = low[i];
    highs[axis] = high[i];
    if (!ShapedType::isDynamic(shape[axis]))
      shape[axis] += low[i] + high[i];
  }
  MLIRContext *ctx = b.getContext();
  return tensor::PadOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), v,
      getAsIndexOpFoldResult(ctx, lows), getAsIndexOpFoldResult(ctx, highs),
      value);
}

DenseIntElementsAttr nngraph::detail::i64Vector(OpBuilder &b,
                                                ArrayRef<int64_t> values) {
  return DenseIntElementsAttr::get(
      VectorType::get({static_cast<int64_t>(values.size())}, b.getI64Type()),
      values);
}

Value nngraph::detail::convertElement(OpBuilder &b, Location loc, Value x,
                                      Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  if (to.isInteger(1)) {
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                   scalarConstant(b, loc, from, 0.0));
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, x,
        arith::ConstantOp::create(b, loc, b.getIntegerAttr(from, 0)));
  }
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (fromFloat && toFloat)
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, x))
               : Value(arith::TruncFOp::create(b, loc, to, x));
  if (fromFloat)
    return arith::FPToSIOp::create(b, loc, to, x);
  if (toFloat)
    return from.isInteger(1) ? Value(arith::UIToFPOp::create(b, loc, to, x))
                             : Value(arith::SIToFPOp::create(b, loc, to, x));
  if (from.isInteger(1))
    return arith::ExtUIOp::create(b, loc, to, x);
  return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
             ? Value(arith::ExtSIOp::create(b, loc, to, x))
             : Value(arith::TruncIOp::create(b, loc, to, x));
}

Value nngraph::detail::transpose2D(OpBuilder &b, Location loc, Value v) {
  auto t = cast<RankedTensorType>(v.getType());
  auto resultType = RankedTensorType::get({t.getDimSize(1), t.getDimSize(0)},
                                          t.getElementType());
  SmallVector<Value> sizes;
  if (t.isDynamicDim(1))
    sizes.push_back(tensor::DimOp::create(b, loc, v, 1));
  if (t.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(b, loc, v, 0));
  Value init = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                       t.getElementType(), sizes);
  return linalg::TransposeOp::create(b, loc, v, init, ArrayRef<int64_t>{1, 0})
      .getResult()[0];
}

/// `axis` (an I64Attr value) with negative values counting from `rank`.
int64_t mlir::nngraph::detail::normalizeAxis(uint64_t axis, int64_t rank) {
  int64_t a = static_cast<int64_t>(axis);
  return a < 0 ? a + rank : a;
}

/// An empty tensor of `type` whose dynamic dimension `i` is dimension
/// `sources[i].second` of `sources[i].first`.
Value mlir::nngraph::detail::emptyFrom(
    OpBuilder &b, Location loc, RankedTensorType type,
    ArrayRef<std::pair<Value, int64_t>> sources) {
  SmallVector<Value> sizes;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i)
    if (type.isDynamicDim(i))
      sizes.push_back(
          tensor::DimOp::create(b, loc, sources[i].first, sources[i].second));
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 sizes);
}

/// A parallel linalg.generic producing `type` from `inputs` read through
/// `inputMaps`; the output is read through the identity map.
Value mlir::nngraph::detail::parallelGeneric(
    OpBuilder &b, Location loc, RankedTensorType type, Value init,
    ValueRange inputs, ArrayRef<AffineMap> inputMaps,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(b.getMultiDimIdentityMap(type.getRank()));
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, inputs, ValueRange{init}, maps, iterators,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l, ValueRange{body(nb, l, args)});
             })
      .getResult(0);
}

Value mlir::nngraph::detail::permute(OpBuilder &b, Location loc, Value v,
                                     ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(v.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape;
  SmallVector<std::pair<Value, int64_t>> sources;
  SmallVector<AffineExpr> inExprs(rank);
  for (int64_t i = 0; i < rank; ++i) {
    shape.push_back(type.getDimSize(perm[i]));
    sources.push_back({v, perm[i]});
    inExprs[perm[i]] = b.getAffineDimExpr(i);
  }
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  Value init = emptyFrom(b, loc, resultType, sources);
  AffineMap inMap = AffineMap::get(rank, 0, inExprs, b.getContext());
  return parallelGeneric(
      b, loc, resultType, init, ValueRange{v}, {inMap},
      [](OpBuilder &, Location, ValueRange args) { return args[0]; });
}

/// The loop indices of the enclosing linalg op, `rank` of them.
SmallVector<Value>
mlir::nngraph::detail::loopIndices(OpBuilder &b, Location loc, int64_t rank) {
  SmallVector<Value> indices;
  for (int64_t i = 0; i < rank; ++i)
    indices.push_back(linalg::IndexOp::create(b, loc, i));
  return indices;
}
