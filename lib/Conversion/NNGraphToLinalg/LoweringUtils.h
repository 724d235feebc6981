//===- LoweringUtils.h - helpers of the linalg lowering ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares helpers shared by the pattern families of
// convert-nngraph-to-linalg: empty and filled tensors with dynamic sizes,
// broadcasting indexing maps, transposes and scalar arithmetic that works on
// floats and integers alike.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_CONVERSION_NNGRAPHTOLINALG_LOWERINGUTILS_H
#define NNGRAPH_LIB_CONVERSION_NNGRAPHTOLINALG_LOWERINGUTILS_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace nngraph {
namespace detail {

/// An empty tensor of `type`; dynamic sizes come from the first operand
/// whose (trailing-aligned) axis is not a static 1.
Value createEmpty(OpBuilder &b, Location loc, RankedTensorType type,
                  ValueRange operands);

/// createEmpty, filled with `value` (0 by default) of the element type.
Value createFilled(OpBuilder &b, Location loc, RankedTensorType type,
                   ValueRange operands, double value = 0.0);
inline Value createZeroFilled(OpBuilder &b, Location loc, RankedTensorType type,
                              ValueRange operands) {
  return createFilled(b, loc, type, operands, 0.0);
}

/// The indexing map of an operand of `operandType` read by a result of
/// `resultType`: aligned on the last axes, static size-1 axes read index 0.
AffineMap broadcastMap(RankedTensorType operandType,
                       RankedTensorType resultType, MLIRContext *ctx);

/// A scalar constant of `type` (float or integer).
Value scalarConstant(OpBuilder &b, Location loc, Type type, double value);

/// Scalar `x` converted to element type `to` (ONNX Cast: integers are
/// signed, i1 is 0/1, a conversion to i1 tests for non-zero).
Value convertElement(OpBuilder &b, Location loc, Value x, Type to);

/// acc + x * y for floats or integers.
Value multiplyAdd(OpBuilder &b, Location loc, Value x, Value y, Value acc);

/// `v` padded with `value` on its spatial axes, `low[i]` before and
/// `high[i]` after spatial axis i (ONNX pads split into begins and ends);
/// `v` itself when every pad is 0. The spatial axes start at `firstAxis`,
/// or are the trailing ones (channels first) when it is negative.
Value padSpatial(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> low,
                 ArrayRef<int64_t> high, Value value, int64_t firstAxis = -1);

/// `v` with its axes permuted: axis i of the result is axis `perm[i]` of
/// `v`. A parallel linalg.generic, so that elementwise fusion can fold it
/// into its producer and consumers (and two that cancel into nothing).
Value permute(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> perm);

/// A vector<Nxi64> attribute (strides and dilations of named linalg ops).
DenseIntElementsAttr i64Vector(OpBuilder &b, ArrayRef<int64_t> values);

/// Swaps the two axes of a 2-D tensor (linalg.transpose).
Value transpose2D(OpBuilder &b, Location loc, Value v);

/// `axis` (an I64Attr value) with negative values counting from `rank`.
int64_t normalizeAxis(uint64_t axis, int64_t rank);

/// An empty tensor of `type` whose dynamic dimension `i` is dimension
/// `sources[i].second` of `sources[i].first`.
Value emptyFrom(OpBuilder &b, Location loc, RankedTensorType type,
                ArrayRef<std::pair<Value, int64_t>> sources);

/// A parallel linalg.generic producing `type` from `inputs` read through
/// `inputMaps`; the output is read through the identity map.
Value parallelGeneric(
    OpBuilder &b, Location loc, RankedTensorType type, Value init,
    ValueRange inputs, ArrayRef<AffineMap> inputMaps,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body);

/// The loop indices of the enclosing linalg op, `rank` of them.
SmallVector<Value> loopIndices(OpBuilder &b, Location loc, int64_t rank);

} // namespace detail
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_CONVERSION_NNGRAPHTOLINALG_LOWERINGUTILS_H
