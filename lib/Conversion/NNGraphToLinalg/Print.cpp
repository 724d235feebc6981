//===- Print.cpp - nngraph.print to a runtime call ---------------*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of nngraph.print: the tensor (converted
// to f32) is passed unranked, with the message and the file name as i8
// tensors, to nngraphPrintLightNet of the nngraph runtime library
// (lib/Runtime), through its C interface.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

constexpr llvm::StringLiteral kPrintFunction = "nngraphPrintLightNet";

/// `text` as a tensor<?xi8>.
Value stringTensor(OpBuilder &b, Location loc, StringRef text) {
  SmallVector<int8_t> bytes(text.begin(), text.end());
  auto type = RankedTensorType::get({static_cast<int64_t>(bytes.size())},
                                    b.getIntegerType(8));
  Value cst = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<int8_t>(bytes)));
  return tensor::CastOp::create(
      b, loc, RankedTensorType::get({ShapedType::kDynamic}, b.getI8Type()),
      cst);
}

/// `v` with f32 elements (the runtime prints floats).
Value toF32(OpBuilder &b, Location loc, Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  Type from = type.getElementType();
  Type f32 = b.getF32Type();
  if (from == f32)
    return v;
  auto resultType = type.clone(f32);
  Value init = createEmpty(b, loc, resultType, {v});
  int64_t rank = type.getRank();
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{v}, ValueRange{init},
             SmallVector<AffineMap>(2, b.getMultiDimIdentityMap(rank)),
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location l, ValueRange args) {
               Value y = convertElement(nb, l, args[0], f32);
               linalg::YieldOp::create(nb, l, ValueRange{y});
             })
      .getResult(0);
}

struct PrintLowering : public OpConversionPattern<PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    if (op.getStyle() != "lightnet")
      return rewriter.notifyMatchFailure(op, "only the lightnet style");
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto unranked = UnrankedTensorType::get(rewriter.getF32Type());
    auto text =
        RankedTensorType::get({ShapedType::kDynamic}, rewriter.getI8Type());
    auto fnType = rewriter.getFunctionType({unranked, text, text}, {});
    if (!module.lookupSymbol<func::FuncOp>(kPrintFunction)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto fn = func::FuncOp::create(rewriter, loc, kPrintFunction, fnType);
      fn.setPrivate();
      fn->setAttr("llvm.emit_c_interface", rewriter.getUnitAttr());
    }
    Value data = toF32(rewriter, loc, adaptor.getInput());
    Value cast = tensor::CastOp::create(rewriter, loc, unranked, data);
    Value message = stringTensor(rewriter, loc, op.getMessage());
    Value file = stringTensor(rewriter, loc, op.getFile().value_or(""));
    func::CallOp::create(rewriter, loc, kPrintFunction, TypeRange{},
                         ValueRange{cast, message, file});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populatePrintPatterns(RewritePatternSet &patterns,
                                                  ConversionTarget &target) {
  patterns.add<PrintLowering>(patterns.getContext());
  target.addIllegalOp<PrintOp>();
}
