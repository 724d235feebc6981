//===- ShapeUtils.h - nngraph shape inference helpers -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the shape arithmetic and the shared result-type inference
// functions that the nngraph operations call from inferReturnTypes. Every
// function reports a precise error at `loc` (when given) and fails on invalid
// operands or attributes, so builders and the verifier share one check.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_DIALECT_NNGRAPH_IR_SHAPEUTILS_H
#define NNGRAPH_LIB_DIALECT_NNGRAPH_IR_SHAPEUTILS_H

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir {
namespace nngraph {
namespace detail {

using OptLoc = std::optional<Location>;
using OptI64s = std::optional<llvm::ArrayRef<int64_t>>;

/// Emits "'<opName>' op <message>" at `loc` and returns failure.
LogicalResult opError(StringRef opName, OptLoc loc, const llvm::Twine &message);

/// Returns "2x?x3" for a shape ("scalar" for rank 0).
std::string formatShape(llvm::ArrayRef<int64_t> shape);
/// Returns "[1, 2, 3]".
std::string formatList(llvm::ArrayRef<int64_t> values);

/// Returns the ranked tensor type of `value`, or null after an error naming
/// `what` when it is not a ranked tensor.
RankedTensorType getRankedType(StringRef opName, OptLoc loc, Value value,
                               StringRef what);

/// Normalises a possibly negative `axis` into [0, rank) and fails with a
/// message naming `what` when it is out of range.
LogicalResult normalizeAxis(StringRef opName, OptLoc loc, int64_t &axis,
                            int64_t rank, StringRef what = "axis");

/// Product of the dimensions, or ShapedType::kDynamic if one is dynamic.
int64_t shapeProduct(llvm::ArrayRef<int64_t> shape);

/// Reads a per-spatial-axis attribute: `n` values, each >= `minValue`, or
/// `defaultValue` repeated `n` times when absent.
LogicalResult getSpatialAttr(StringRef opName, OptLoc loc, StringRef name,
                             OptI64s attr, int64_t n, int64_t defaultValue,
                             int64_t minValue,
                             llvm::SmallVectorImpl<int64_t> &result);

/// How one spatial axis of a sliding window is padded.
struct WindowAxis {
  int64_t input, kernel, stride, dilation, padBegin, padEnd;
};
/// Output size of a convolution or pooling window along one axis for the
/// given ONNX auto_pad and ceil mode, or kDynamic when the input is dynamic.
int64_t windowOutputSize(const WindowAxis &axis, AutoPad autoPad,
                         bool ceilMode);

//===----------------------------------------------------------------------===//
// Shared inferReturnTypes implementations (called from the generated code)
//===----------------------------------------------------------------------===//

/// The result has the operand's type.
LogicalResult inferUnary(OptLoc loc, Value input,
                         llvm::SmallVectorImpl<Type> &inferred);
/// Numpy broadcasting of two operands; the element type is the lhs element
/// type unless `elementType` is given (i1 for comparisons).
LogicalResult inferBroadcast(StringRef opName, OptLoc loc, Value lhs, Value rhs,
                             Type elementType,
                             llvm::SmallVectorImpl<Type> &inferred);
/// Reductions over `axes` (all when absent).
LogicalResult inferReduce(StringRef opName, OptLoc loc, Value input,
                          OptI64s axes, bool keepdims,
                          llvm::SmallVectorImpl<Type> &inferred);
/// ArgMax / ArgMin along one axis; the result is i64.
LogicalResult inferArgReduce(StringRef opName, OptLoc loc, Value input,
                             int64_t axis, bool keepdims,
                             llvm::SmallVectorImpl<Type> &inferred);
/// Max / average pooling.
LogicalResult inferPool(StringRef opName, OptLoc loc, Value input,
                        llvm::ArrayRef<int64_t> kernel, OptI64s strides,
                        OptI64s pads, OptI64s dilations, bool ceilMode,
                        AutoPad autoPad, llvm::SmallVectorImpl<Type> &inferred);
/// Global pooling: every spatial axis becomes 1.
LogicalResult inferGlobalPool(StringRef opName, OptLoc loc, Value input,
                              llvm::SmallVectorImpl<Type> &inferred);
/// The operand's type, after checking that `axis` is valid for it.
LogicalResult inferSameWithAxis(StringRef opName, OptLoc loc, Value input,
                                int64_t axis,
                                llvm::SmallVectorImpl<Type> &inferred);

} // namespace detail
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_DIALECT_NNGRAPH_IR_SHAPEUTILS_H
