//===- NNGraphDialect.cpp - nngraph dialect ---------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nngraph dialect: registration of its operations and
// attributes, constant materialisation, and the default answers of the
// operator-property interface.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nngraph;

#include "nngraph/Dialect/NNGraph/IR/NNGraphEnums.cpp.inc"
#include "nngraph/Dialect/NNGraph/IR/NNGraphInterfaces.cpp.inc"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "nngraph/Dialect/NNGraph/IR/NNGraphAttrs.cpp.inc"

void NNGraphDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "nngraph/Dialect/NNGraph/IR/NNGraphAttrs.cpp.inc"
      >();
}

Operation *NNGraphDialect::materializeConstant(OpBuilder &builder,
                                               Attribute value, Type type,
                                               Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}

//===----------------------------------------------------------------------===//
// Interface defaults
//===----------------------------------------------------------------------===//

SmallVector<std::pair<unsigned, unsigned>>
nngraph::detail::getDefaultInplacePairs(Operation *op) {
  SmallVector<std::pair<unsigned, unsigned>> pairs;
  if (op->hasTrait<OpTrait::nngraph::ShapeOnly>()) {
    if (op->getNumOperands() > 0 && op->getNumResults() > 0)
      pairs.push_back({0, 0});
    return pairs;
  }
  if (!op->hasTrait<OpTrait::nngraph::Elementwise>())
    return pairs;
  for (OpResult result : op->getResults()) {
    for (OpOperand &operand : op->getOpOperands()) {
      if (operand.get().getType() == result.getType()) {
        pairs.push_back({operand.getOperandNumber(), result.getResultNumber()});
        break;
      }
    }
  }
  return pairs;
}

LogicalResult nngraph::inferResultTypes(InferTypeOpInterface op,
                                        SmallVectorImpl<Type> &types) {
  Operation *operation = op.getOperation();
  // Inference reads attributes through the typed adaptor, which assumes the
  // ODS invariants (a pool's required kernel_shape, say).
  if (auto nnOp = dyn_cast<NNGraphOpInterface>(operation))
    if (failed(nnOp.verifyAttributeInvariants()))
      return failure();
  return op.inferReturnTypes(
      operation->getContext(), operation->getLoc(), operation->getOperands(),
      operation->getRawDictionaryAttrs(), operation->getPropertiesStorage(),
      operation->getRegions(), types);
}

bool nngraph::detail::areRefinedTypes(TypeRange inferred, TypeRange actual) {
  if (inferred.size() != actual.size())
    return false;
  for (auto [want, have] : llvm::zip_equal(inferred, actual)) {
    // An unranked inferred type means "rank unknown" (squeeze without axes
    // of a dynamic shape): any tensor of the same element type refines it.
    if (auto unranked = dyn_cast<UnrankedTensorType>(want)) {
      auto haveTensor = dyn_cast<TensorType>(have);
      if (!haveTensor ||
          haveTensor.getElementType() != unranked.getElementType())
        return false;
      continue;
    }
    auto wantType = dyn_cast<RankedTensorType>(want);
    auto haveType = dyn_cast<RankedTensorType>(have);
    if (!wantType || !haveType) {
      if (want != have)
        return false;
      continue;
    }
    if (wantType.getElementType() != haveType.getElementType() ||
        failed(verifyCompatibleShape(wantType.getShape(), haveType.getShape())))
      return false;
  }
  return true;
}
