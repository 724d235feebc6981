//===- NNGraphOps.cpp - nngraph generic and elementwise ops -----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file holds the generated operation definitions and implements the
// verifiers and result-type inference of the constant, custom, identity-like
// and elementwise operations. Convolution-style operations live in
// NNGraphNNOps.cpp, data-movement operations in NNGraphTensorOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "ShapeUtils.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

#define GET_OP_CLASSES
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.cpp.inc"

//===----------------------------------------------------------------------===//
// CustomOp
//===----------------------------------------------------------------------===//

LogicalResult CustomOp::verify() {
  if (getOpType().empty())
    return emitOpError("expects a non-empty 'op_type'");
  return success();
}

//===----------------------------------------------------------------------===//
// KernelCallOp
//===----------------------------------------------------------------------===//

LogicalResult KernelCallOp::verify() {
  if (getFuncName().empty())
    return emitOpError("expects a non-empty 'func_name'");
  if (getRuntime().empty())
    return emitOpError("expects a non-empty 'runtime'");
  if (getNumInputsAttr().getInt() < 0 || getNumOutputsAttr().getInt() < 0)
    return emitOpError("expects non-negative 'num_inputs' and 'num_outputs'");
  auto checkSize = [&](std::optional<ArrayRef<int64_t>> ids,
                       StringRef name) -> LogicalResult {
    if (ids && ids->size() != getNumResults())
      return emitOpError("expects one '")
             << name << "' entry per result (" << getNumResults() << "), got "
             << ids->size();
    return success();
  };
  if (failed(checkSize(getStorageIds(), "storage_ids")) ||
      failed(checkSize(getDeviceIndex(), "device_index")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Identity-like operations
//===----------------------------------------------------------------------===//

LogicalResult IdentityOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  return inferUnary(loc, adaptor.getInput(), inferred);
}

LogicalResult DropoutOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  llvm::APFloat ratio = adaptor.getRatio();
  if (ratio.isNegative() ||
      ratio.compare(llvm::APFloat(ratio.getSemantics(), 1)) !=
          llvm::APFloat::cmpLessThan)
    return opError(getOperationName(), loc,
                   "expects 'ratio' in [0, 1), got " +
                       llvm::formatv("{0}", ratio.convertToDouble()));
  return inferUnary(loc, adaptor.getInput(), inferred);
}

LogicalResult CastOp::verify() {
  if (failed(verifyCompatibleShape(getInput().getType(), getType())))
    return emitOpError("expects the result shape ")
           << formatShape(getType().getShape()) << " to match the input shape "
           << formatShape(getInput().getType().getShape());
  return success();
}

/// The storage width of `element` in bits: booleans take a byte.
static unsigned getStorageBitWidth(Type element) {
  if (element.isInteger(1))
    return 8;
  return element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
}

LogicalResult BitCastOp::verify() {
  if (failed(verifyCompatibleShape(getInput().getType(), getType())))
    return emitOpError("expects the result shape ")
           << formatShape(getType().getShape()) << " to match the input shape "
           << formatShape(getInput().getType().getShape());
  Type from = getInput().getType().getElementType();
  Type to = getType().getElementType();
  unsigned width = getStorageBitWidth(from);
  if (!width || width != getStorageBitWidth(to))
    return emitOpError("expects element types of one width, got ")
           << from << " and " << to;
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise operations with special operands
//===----------------------------------------------------------------------===//

LogicalResult PReluOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  auto slope = getRankedType(name, loc, adaptor.getSlope(), "slope");
  if (!input || !slope)
    return failure();
  SmallVector<int64_t> shape;
  if (slope.getRank() > input.getRank() ||
      !OpTrait::util::getBroadcastedShape(input.getShape(), slope.getShape(),
                                          shape) ||
      failed(verifyCompatibleShape(shape, input.getShape())))
    return opError(name, loc,
                   "expects 'slope' of shape " + formatShape(slope.getShape()) +
                       " to broadcast to the input shape " +
                       formatShape(input.getShape()));
  inferred.push_back(input);
  return success();
}

LogicalResult WhereOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto cond = getRankedType(name, loc, adaptor.getCondition(), "condition");
  auto x = getRankedType(name, loc, adaptor.getX(), "x");
  auto y = getRankedType(name, loc, adaptor.getY(), "y");
  if (!cond || !x || !y)
    return failure();
  if (x.getElementType() != y.getElementType())
    return opError(name, loc, "expects 'x' and 'y' of the same element type");
  SmallVector<int64_t> xy, shape;
  if (!OpTrait::util::getBroadcastedShape(x.getShape(), y.getShape(), xy) ||
      !OpTrait::util::getBroadcastedShape(cond.getShape(), xy, shape))
    return opError(name, loc,
                   "operands of shapes " + formatShape(cond.getShape()) + ", " +
                       formatShape(x.getShape()) + " and " +
                       formatShape(y.getShape()) +
                       " are not broadcast-compatible");
  inferred.push_back(RankedTensorType::get(shape, x.getElementType()));
  return success();
}
