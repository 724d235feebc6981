//===- ShapeUtils.cpp - nngraph shape inference helpers ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the shape arithmetic and the result-type inference
// shared by families of nngraph operations (elementwise, reductions, pooling).
//
//===----------------------------------------------------------------------===//

#include "ShapeUtils.h"

#include "mlir/Dialect/Traits.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

LogicalResult nngraph::detail::opError(StringRef opName, OptLoc loc,
                                       const llvm::Twine &message) {
  return emitOptionalError(loc, "'", opName, "' op ", message.str());
}

std::string nngraph::detail::formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      shape, os,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          os << "?";
        else
          os << d;
      },
      "x");
  return s;
}

std::string nngraph::detail::formatList(ArrayRef<int64_t> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return s;
}

RankedTensorType nngraph::detail::getRankedType(StringRef opName, OptLoc loc,
                                                Value value, StringRef what) {
  auto type = value ? dyn_cast<RankedTensorType>(value.getType()) : nullptr;
  if (!type)
    (void)opError(opName, loc, what + " must be a ranked tensor");
  return type;
}

LogicalResult nngraph::detail::normalizeAxis(StringRef opName, OptLoc loc,
                                             int64_t &axis, int64_t rank,
                                             StringRef what) {
  if (axis < -rank || axis >= rank)
    return opError(opName, loc,
                   what + " " + llvm::Twine(axis) +
                       " is out of range for rank " + llvm::Twine(rank) +
                       " (expected [" + llvm::Twine(-rank) + ", " +
                       llvm::Twine(rank - 1) + "])");
  if (axis < 0)
    axis += rank;
  return success();
}

int64_t nngraph::detail::shapeProduct(ArrayRef<int64_t> shape) {
  int64_t product = 1;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d))
      return ShapedType::kDynamic;
    product *= d;
  }
  return product;
}

LogicalResult nngraph::detail::getSpatialAttr(
    StringRef opName, OptLoc loc, StringRef name, OptI64s attr, int64_t n,
    int64_t defaultValue, int64_t minValue, SmallVectorImpl<int64_t> &result) {
  result.clear();
  if (!attr) {
    result.assign(n, defaultValue);
    return success();
  }
  if (static_cast<int64_t>(attr->size()) != n)
    return opError(opName, loc,
                   "expects " + llvm::Twine(n) + " values in '" + name +
                       "', got " + llvm::Twine(attr->size()));
  for (int64_t v : *attr)
    if (v < minValue)
      return opError(opName, loc,
                     "expects every value in '" + name + "' to be >= " +
                         llvm::Twine(minValue) + ", got " + formatList(*attr));
  result.append(attr->begin(), attr->end());
  return success();
}

int64_t nngraph::detail::windowOutputSize(const WindowAxis &a, AutoPad autoPad,
                                          bool ceilMode) {
  if (ShapedType::isDynamic(a.input))
    return ShapedType::kDynamic;
  if (autoPad == AutoPad::SameUpper || autoPad == AutoPad::SameLower)
    return llvm::divideCeil(a.input, a.stride);
  int64_t padBegin = autoPad == AutoPad::Valid ? 0 : a.padBegin;
  int64_t padEnd = autoPad == AutoPad::Valid ? 0 : a.padEnd;
  int64_t span = a.input + padBegin + padEnd - a.dilation * (a.kernel - 1) - 1;
  if (span < 0)
    return 0;
  if (!ceilMode)
    return span / a.stride + 1;
  int64_t out = llvm::divideCeil(span, a.stride) + 1;
  // ONNX: the last window must start inside the input or the begin padding.
  if ((out - 1) * a.stride >= a.input + padBegin)
    --out;
  return out;
}

LogicalResult nngraph::detail::inferUnary(OptLoc loc, Value input,
                                          SmallVectorImpl<Type> &inferred) {
  if (!input)
    return emitOptionalError(loc, "missing operand");
  inferred.push_back(input.getType());
  return success();
}

LogicalResult nngraph::detail::inferBroadcast(StringRef opName, OptLoc loc,
                                              Value lhs, Value rhs,
                                              Type elementType,
                                              SmallVectorImpl<Type> &inferred) {
  auto lhsType = getRankedType(opName, loc, lhs, "lhs");
  auto rhsType = getRankedType(opName, loc, rhs, "rhs");
  if (!lhsType || !rhsType)
    return failure();
  SmallVector<int64_t> shape;
  if (!OpTrait::util::getBroadcastedShape(lhsType.getShape(),
                                          rhsType.getShape(), shape))
    return opError(opName, loc,
                   "operands of shapes " + formatShape(lhsType.getShape()) +
                       " and " + formatShape(rhsType.getShape()) +
                       " are not broadcast-compatible");
  inferred.push_back(RankedTensorType::get(
      shape, elementType ? elementType : lhsType.getElementType()));
  return success();
}

/// Collects the normalised, unique axes of a reduction.
static LogicalResult collectAxes(StringRef opName, OptLoc loc, OptI64s axes,
                                 int64_t rank,
                                 llvm::SmallSet<int64_t, 8> &out) {
  if (!axes) {
    for (int64_t i = 0; i < rank; ++i)
      out.insert(i);
    return success();
  }
  for (int64_t axis : *axes) {
    if (failed(normalizeAxis(opName, loc, axis, rank)))
      return failure();
    if (!out.insert(axis).second)
      return opError(opName, loc,
                     "axis " + llvm::Twine(axis) + " appears twice in 'axes'");
  }
  return success();
}

LogicalResult nngraph::detail::inferReduce(StringRef opName, OptLoc loc,
                                           Value input, OptI64s axes,
                                           bool keepdims,
                                           SmallVectorImpl<Type> &inferred) {
  auto type = getRankedType(opName, loc, input, "input");
  if (!type)
    return failure();
  llvm::SmallSet<int64_t, 8> reduced;
  if (failed(collectAxes(opName, loc, axes, type.getRank(), reduced)))
    return failure();
  SmallVector<int64_t> shape;
  for (auto [i, d] : llvm::enumerate(type.getShape())) {
    if (!reduced.contains(i))
      shape.push_back(d);
    else if (keepdims)
      shape.push_back(1);
  }
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult nngraph::detail::inferArgReduce(StringRef opName, OptLoc loc,
                                              Value input, int64_t axis,
                                              bool keepdims,
                                              SmallVectorImpl<Type> &inferred) {
  auto type = getRankedType(opName, loc, input, "input");
  if (!type || failed(normalizeAxis(opName, loc, axis, type.getRank())))
    return failure();
  SmallVector<int64_t> shape(type.getShape());
  if (keepdims)
    shape[axis] = 1;
  else
    shape.erase(shape.begin() + axis);
  inferred.push_back(
      RankedTensorType::get(shape, IntegerType::get(type.getContext(), 64)));
  return success();
}

LogicalResult nngraph::detail::inferPool(StringRef opName, OptLoc loc,
                                         Value input, ArrayRef<int64_t> kernel,
                                         OptI64s stridesAttr, OptI64s padsAttr,
                                         OptI64s dilationsAttr, bool ceilMode,
                                         AutoPad autoPad,
                                         SmallVectorImpl<Type> &inferred) {
  auto type = getRankedType(opName, loc, input, "input");
  if (!type)
    return failure();
  int64_t rank = type.getRank();
  if (rank < 3)
    return opError(opName, loc,
                   "expects an input of rank >= 3 (N x C x spatial...), got "
                   "rank " +
                       llvm::Twine(rank));
  int64_t n = rank - 2;
  SmallVector<int64_t> k, strides, pads, dilations;
  if (failed(getSpatialAttr(opName, loc, "kernel_shape", kernel, n, 1, 1, k)) ||
      failed(getSpatialAttr(opName, loc, "strides", stridesAttr, n, 1, 1,
                            strides)) ||
      failed(
          getSpatialAttr(opName, loc, "pads", padsAttr, 2 * n, 0, 0, pads)) ||
      failed(getSpatialAttr(opName, loc, "dilations", dilationsAttr, n, 1, 1,
                            dilations)))
    return failure();
  if (padsAttr && autoPad != AutoPad::NotSet)
    return opError(opName, loc, "expects no 'pads' when 'auto_pad' is set");
  SmallVector<int64_t> shape(type.getShape().take_front(2));
  for (int64_t i = 0; i < n; ++i) {
    WindowAxis axis{type.getDimSize(2 + i), k[i],    strides[i],
                    dilations[i],           pads[i], pads[n + i]};
    int64_t out = windowOutputSize(axis, autoPad, ceilMode);
    if (out == 0)
      return opError(opName, loc,
                     "window of size " + llvm::Twine(k[i]) +
                         " does not fit spatial axis " + llvm::Twine(i) +
                         " of size " + llvm::Twine(axis.input) +
                         " with its padding");
    shape.push_back(out);
  }
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult
nngraph::detail::inferGlobalPool(StringRef opName, OptLoc loc, Value input,
                                 SmallVectorImpl<Type> &inferred) {
  auto type = getRankedType(opName, loc, input, "input");
  if (!type)
    return failure();
  if (type.getRank() < 3)
    return opError(opName, loc,
                   "expects an input of rank >= 3 (N x C x spatial...), got "
                   "rank " +
                       llvm::Twine(type.getRank()));
  SmallVector<int64_t> shape(type.getShape().take_front(2));
  shape.append(type.getRank() - 2, 1);
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult
nngraph::detail::inferSameWithAxis(StringRef opName, OptLoc loc, Value input,
                                   int64_t axis,
                                   SmallVectorImpl<Type> &inferred) {
  auto type = getRankedType(opName, loc, input, "input");
  if (!type || failed(normalizeAxis(opName, loc, axis, type.getRank())))
    return failure();
  inferred.push_back(type);
  return success();
}
