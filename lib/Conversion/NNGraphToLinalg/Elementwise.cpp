//===- Elementwise.cpp - elementwise nngraph ops to linalg ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of constants, identities and every
// elementwise nngraph operation to linalg.generic on tensors. One pattern
// class serves all elementwise operations: it builds the broadcasting
// indexing maps (ONNX multidirectional broadcasting: operands are aligned on
// their last axes, a size-1 axis repeats) and asks a per-operation scalar
// function for the body.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

//===----------------------------------------------------------------------===//
// Broadcasting generic
//===----------------------------------------------------------------------===//

/// Computes one result element from the operand elements `args`.
using ScalarFn = Value (*)(OpBuilder &b, Location loc, Operation *op,
                           ValueRange args, Type resultElement);

class ElementwiseLowering : public ConversionPattern {
public:
  ElementwiseLowering(MLIRContext *ctx, StringRef opName, ScalarFn fn)
      : ConversionPattern(opName, /*benefit=*/1, ctx), fn(fn) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "expected one ranked result");
    for (Value v : operands)
      if (!isa<RankedTensorType>(v.getType()))
        return rewriter.notifyMatchFailure(op, "expected ranked operands");
    Location loc = op->getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value init = createEmpty(rewriter, loc, resultType, operands);
    SmallVector<AffineMap> maps;
    for (Value v : operands)
      maps.push_back(
          broadcastMap(cast<RankedTensorType>(v.getType()), resultType, ctx));
    maps.push_back(rewriter.getMultiDimIdentityMap(resultType.getRank()));
    SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, operands, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value v = fn(b, l, op, args.drop_back(), resultType.getElementType());
          linalg::YieldOp::create(b, l, v);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }

private:
  ScalarFn fn;
};

//===----------------------------------------------------------------------===//
// Scalar bodies
//===----------------------------------------------------------------------===//

bool isFloat(Value v) { return isa<FloatType>(v.getType()); }

Value floatConst(OpBuilder &b, Location loc, Type type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

float getF32Attr(Operation *op, StringRef name, float dflt) {
  if (auto attr = op->getAttrOfType<FloatAttr>(name))
    return attr.getValueAsDouble();
  return dflt;
}

template <typename FOp, typename IOp>
Value arithBinary(OpBuilder &b, Location loc, Operation *, ValueRange args,
                  Type) {
  if (isFloat(args[0]))
    return FOp::create(b, loc, args[0], args[1]);
  return IOp::create(b, loc, args[0], args[1]);
}

Value powBody(OpBuilder &b, Location loc, Operation *, ValueRange args, Type) {
  if (isFloat(args[0]))
    return math::PowFOp::create(b, loc, args[0], args[1]);
  return math::IPowIOp::create(b, loc, args[0], args[1]);
}

/// ONNX Mod: with fmod = 1 the remainder has the sign of the dividend (C's
/// fmod), else that of the divisor (Python's %, numpy.mod).
Value modBody(OpBuilder &b, Location loc, Operation *op, ValueRange args,
              Type t) {
  bool f = isFloat(args[0]);
  Value r = f ? Value(arith::RemFOp::create(b, loc, args[0], args[1]))
              : Value(arith::RemSIOp::create(b, loc, args[0], args[1]));
  if (cast<ModOp>(op).getFmod())
    return r;
  Value zero =
      f ? floatConst(b, loc, t, 0)
        : Value(arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0)));
  auto cmp = [&](arith::CmpFPredicate fp, arith::CmpIPredicate ip, Value x,
                 Value y) -> Value {
    if (f)
      return arith::CmpFOp::create(b, loc, fp, x, y);
    return arith::CmpIOp::create(b, loc, ip, x, y);
  };
  using FP = arith::CmpFPredicate;
  using IP = arith::CmpIPredicate;
  Value nonZero = cmp(FP::UNE, IP::ne, r, zero);
  Value rNeg = cmp(FP::OLT, IP::slt, r, zero);
  Value dNeg = cmp(FP::OLT, IP::slt, args[1], zero);
  Value signs = arith::XOrIOp::create(b, loc, rNeg, dNeg);
  Value fix = arith::AndIOp::create(b, loc, nonZero, signs);
  Value shifted = f ? Value(arith::AddFOp::create(b, loc, r, args[1]))
                    : Value(arith::AddIOp::create(b, loc, r, args[1]));
  return arith::SelectOp::create(b, loc, fix, shifted, r);
}

/// ONNX BitShift as its reference computes it: a shift by a negative amount
/// or by the width or more gives 0, or -1 for a negative value shifted
/// right (an arithmetic shift by width - 1). Unsigned operands arrive
/// zero-extended (Unsigned.cpp), so the arithmetic shift is a logical one.
Value bitShiftBody(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                   Type t) {
  unsigned width = t.getIntOrFloatBitWidth();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v));
  };
  Value amount = args[1];
  Value nonNegative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                            amount, constant(0));
  Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, amount,
                                      constant(width));
  Value inRange = arith::AndIOp::create(b, loc, nonNegative, below);
  if (cast<BitShiftOp>(op).getLeft()) {
    Value safe = arith::SelectOp::create(b, loc, inRange, amount, constant(0));
    Value shifted = arith::ShLIOp::create(b, loc, args[0], safe);
    return arith::SelectOp::create(b, loc, inRange, shifted, constant(0));
  }
  Value safe =
      arith::SelectOp::create(b, loc, inRange, amount, constant(width - 1));
  return arith::ShRSIOp::create(b, loc, args[0], safe);
}

template <typename IOp>
Value bitwise(OpBuilder &b, Location loc, Operation *, ValueRange args, Type) {
  return IOp::create(b, loc, args[0], args[1]);
}

Value notBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
              Type t) {
  // All ones: true for booleans, every bit flipped for integers.
  Value ones = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, -1));
  return arith::XOrIOp::create(b, loc, args[0], ones);
}

template <arith::CmpFPredicate fpred, arith::CmpIPredicate ipred>
Value compare(OpBuilder &b, Location loc, Operation *, ValueRange args, Type) {
  if (isFloat(args[0]))
    return arith::CmpFOp::create(b, loc, fpred, args[0], args[1]);
  return arith::CmpIOp::create(b, loc, ipred, args[0], args[1]);
}

template <typename MathOp>
Value mathUnary(OpBuilder &b, Location loc, Operation *, ValueRange args,
                Type) {
  return MathOp::create(b, loc, args[0]);
}

Value reluBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
               Type t) {
  return arith::MaximumFOp::create(b, loc, args[0], floatConst(b, loc, t, 0));
}

Value sigmoidBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
                  Type t) {
  Value one = floatConst(b, loc, t, 1);
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, args[0]));
  return arith::DivFOp::create(b, loc, one,
                               arith::AddFOp::create(b, loc, one, e));
}

Value reciprocalBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
                     Type t) {
  return arith::DivFOp::create(b, loc, floatConst(b, loc, t, 1), args[0]);
}

Value negBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
              Type t) {
  if (isFloat(args[0]))
    return arith::NegFOp::create(b, loc, args[0]);
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0));
  return arith::SubIOp::create(b, loc, zero, args[0]);
}

Value absBody(OpBuilder &b, Location loc, Operation *, ValueRange args, Type) {
  if (isFloat(args[0]))
    return math::AbsFOp::create(b, loc, args[0]);
  return math::AbsIOp::create(b, loc, args[0]);
}

/// x > 0 ? 1 : x < 0 ? -1 : (x is NaN ? x : 0), as numpy's `sign` (the ONNX
/// reference): -0.0 gives +0.0 and NaN stays NaN. Integers are signed.
Value signBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
               Type t) {
  Value x = args[0];
  if (isFloat(x)) {
    using P = arith::CmpFPredicate;
    Value zero = floatConst(b, loc, t, 0);
    Value isNaN = arith::CmpFOp::create(b, loc, P::UNO, x, x);
    Value rest = arith::SelectOp::create(b, loc, isNaN, x, zero);
    Value negative = arith::CmpFOp::create(b, loc, P::OLT, x, zero);
    rest = arith::SelectOp::create(b, loc, negative, floatConst(b, loc, t, -1),
                                   rest);
    Value positive = arith::CmpFOp::create(b, loc, P::OGT, x, zero);
    return arith::SelectOp::create(b, loc, positive, floatConst(b, loc, t, 1),
                                   rest);
  }
  using P = arith::CmpIPredicate;
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0));
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 1));
  Value minusOne = arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(t, APInt::getAllOnes(t.getIntOrFloatBitWidth())));
  Value negative = arith::CmpIOp::create(b, loc, P::slt, x, zero);
  Value rest = arith::SelectOp::create(b, loc, negative, minusOne, zero);
  Value positive = arith::CmpIOp::create(b, loc, P::sgt, x, zero);
  return arith::SelectOp::create(b, loc, positive, one, rest);
}

Value softplusBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
                   Type) {
  return math::Log1pOp::create(b, loc, math::ExpOp::create(b, loc, args[0]));
}

Value softsignBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
                   Type t) {
  Value denom = arith::AddFOp::create(b, loc, floatConst(b, loc, t, 1),
                                      math::AbsFOp::create(b, loc, args[0]));
  return arith::DivFOp::create(b, loc, args[0], denom);
}

Value leakyReluBody(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                    Type t) {
  Value x = args[0];
  Value alpha = floatConst(b, loc, t, getF32Attr(op, "alpha", 0.01f));
  Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x,
                                         floatConst(b, loc, t, 0));
  return arith::SelectOp::create(b, loc, positive, x,
                                 arith::MulFOp::create(b, loc, alpha, x));
}

Value preluBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
                Type t) {
  Value x = args[0];
  Value negative = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x,
                                         floatConst(b, loc, t, 0));
  return arith::SelectOp::create(b, loc, negative,
                                 arith::MulFOp::create(b, loc, args[1], x), x);
}

/// x > 0 ? x : alpha (e^x - 1)
Value eluWith(OpBuilder &b, Location loc, Value x, Type t, double alpha) {
  Value expm1 = math::ExpM1Op::create(b, loc, x);
  Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x,
                                         floatConst(b, loc, t, 0));
  return arith::SelectOp::create(
      b, loc, positive, x,
      arith::MulFOp::create(b, loc, floatConst(b, loc, t, alpha), expm1));
}

Value eluBody(OpBuilder &b, Location loc, Operation *op, ValueRange args,
              Type t) {
  return eluWith(b, loc, args[0], t, getF32Attr(op, "alpha", 1.0f));
}

Value seluBody(OpBuilder &b, Location loc, Operation *op, ValueRange args,
               Type t) {
  auto selu = cast<SeluOp>(op);
  Value gamma = floatConst(b, loc, t, selu.getGamma().convertToDouble());
  return arith::MulFOp::create(
      b, loc, gamma,
      eluWith(b, loc, args[0], t, selu.getAlpha().convertToDouble()));
}

Value geluBody(OpBuilder &b, Location loc, Operation *op, ValueRange args,
               Type t) {
  Value x = args[0];
  Value half = floatConst(b, loc, t, 0.5), one = floatConst(b, loc, t, 1);
  Value inner;
  if (cast<GeluOp>(op).getApproximate() == GeluApproximation::Tanh) {
    // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    Value x3 =
        arith::MulFOp::create(b, loc, x, arith::MulFOp::create(b, loc, x, x));
    Value poly = arith::AddFOp::create(
        b, loc, x,
        arith::MulFOp::create(b, loc, floatConst(b, loc, t, 0.044715), x3));
    inner = math::TanhOp::create(
        b, loc,
        arith::MulFOp::create(b, loc, floatConst(b, loc, t, 0.7978845608028654),
                              poly));
  } else {
    // 0.5 x (1 + erf(x / sqrt(2)))
    inner = math::ErfOp::create(
        b, loc,
        arith::MulFOp::create(b, loc, x,
                              floatConst(b, loc, t, 0.7071067811865476)));
  }
  return arith::MulFOp::create(b, loc, arith::MulFOp::create(b, loc, half, x),
                               arith::AddFOp::create(b, loc, one, inner));
}

Value hardSigmoidBody(OpBuilder &b, Location loc, Operation *op,
                      ValueRange args, Type t) {
  Value v = arith::AddFOp::create(
      b, loc,
      arith::MulFOp::create(
          b, loc, floatConst(b, loc, t, getF32Attr(op, "alpha", 0.2f)),
          args[0]),
      floatConst(b, loc, t, getF32Attr(op, "beta", 0.5f)));
  v = arith::MaximumFOp::create(b, loc, v, floatConst(b, loc, t, 0));
  return arith::MinimumFOp::create(b, loc, v, floatConst(b, loc, t, 1));
}

Value clipBody(OpBuilder &b, Location loc, Operation *op, ValueRange args,
               Type t) {
  Value v = args[0];
  auto bound = [&](StringRef name) -> Value {
    auto attr = op->getAttrOfType<FloatAttr>(name);
    if (!attr)
      return nullptr;
    if (isa<FloatType>(t))
      return floatConst(b, loc, t, attr.getValueAsDouble());
    return arith::ConstantOp::create(
        b, loc,
        b.getIntegerAttr(t, static_cast<int64_t>(attr.getValueAsDouble())));
  };
  if (Value lo = bound("min"))
    v = isFloat(v) ? Value(arith::MaximumFOp::create(b, loc, v, lo))
                   : Value(arith::MaxSIOp::create(b, loc, v, lo));
  if (Value hi = bound("max"))
    v = isFloat(v) ? Value(arith::MinimumFOp::create(b, loc, v, hi))
                   : Value(arith::MinSIOp::create(b, loc, v, hi));
  return v;
}

Value whereBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
                Type) {
  return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
}

/// Booleans are bytes holding 0 or 1 (a byte read as a boolean is true
/// when it is not 0).
Value bitCastBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
                  Type to) {
  Value v = args[0];
  if (v.getType() == to)
    return v;
  if (v.getType().isInteger(1))
    v = arith::ExtUIOp::create(b, loc, b.getI8Type(), v);
  if (to.isInteger(1)) {
    if (isFloat(v))
      v = arith::BitcastOp::create(
          b, loc, b.getIntegerType(v.getType().getIntOrFloatBitWidth()), v);
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(v.getType()));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
  }
  if (v.getType() == to)
    return v;
  return arith::BitcastOp::create(b, loc, to, v);
}

Value castBody(OpBuilder &b, Location loc, Operation *, ValueRange args,
               Type to) {
  return convertElement(b, loc, args[0], to);
}

//===----------------------------------------------------------------------===//
// Constants and identities
//===----------------------------------------------------------------------===//

struct ConstantLowering : public OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, cast<TypedAttr>(op.getValue()));
    return success();
  }
};

/// identity and dropout (inference) forward their operand; a refined
/// result type gets a tensor.cast.
template <typename OpTy>
struct ForwardLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    Type type = op.getType();
    if (input.getType() != type)
      input = tensor::CastOp::create(rewriter, op.getLoc(), type, input);
    rewriter.replaceOp(op, input);
    return success();
  }
};

} // namespace

void mlir::nngraph::detail::populateElementwisePatterns(
    RewritePatternSet &patterns, ConversionTarget &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ConstantLowering, ForwardLowering<IdentityOp>,
               ForwardLowering<DropoutOp>>(ctx);
  target.addIllegalOp<ConstantOp, IdentityOp, DropoutOp>();
  auto add = [&](StringRef name, ScalarFn fn) {
    patterns.add<ElementwiseLowering>(ctx, name, fn);
    target.addIllegalOp(OperationName(name, ctx));
  };
  using FP = arith::CmpFPredicate;
  using IP = arith::CmpIPredicate;
  add(AddOp::getOperationName(), arithBinary<arith::AddFOp, arith::AddIOp>);
  add(SubOp::getOperationName(), arithBinary<arith::SubFOp, arith::SubIOp>);
  add(MulOp::getOperationName(), arithBinary<arith::MulFOp, arith::MulIOp>);
  add(DivOp::getOperationName(), arithBinary<arith::DivFOp, arith::DivSIOp>);
  add(MaxOp::getOperationName(),
      arithBinary<arith::MaximumFOp, arith::MaxSIOp>);
  add(MinOp::getOperationName(),
      arithBinary<arith::MinimumFOp, arith::MinSIOp>);
  add(PowOp::getOperationName(), powBody);
  add(ModOp::getOperationName(), modBody);
  add(AndOp::getOperationName(), bitwise<arith::AndIOp>);
  add(OrOp::getOperationName(), bitwise<arith::OrIOp>);
  add(XorOp::getOperationName(), bitwise<arith::XOrIOp>);
  add(NotOp::getOperationName(), notBody);
  add(BitShiftOp::getOperationName(), bitShiftBody);
  add(AcosOp::getOperationName(), mathUnary<math::AcosOp>);
  add(AsinOp::getOperationName(), mathUnary<math::AsinOp>);
  add(AtanOp::getOperationName(), mathUnary<math::AtanOp>);
  add(CosOp::getOperationName(), mathUnary<math::CosOp>);
  add(SinOp::getOperationName(), mathUnary<math::SinOp>);
  add(TanOp::getOperationName(), mathUnary<math::TanOp>);
  add(AcoshOp::getOperationName(), mathUnary<math::AcoshOp>);
  add(AsinhOp::getOperationName(), mathUnary<math::AsinhOp>);
  add(AtanhOp::getOperationName(), mathUnary<math::AtanhOp>);
  add(CoshOp::getOperationName(), mathUnary<math::CoshOp>);
  add(SinhOp::getOperationName(), mathUnary<math::SinhOp>);
  add(EqualOp::getOperationName(), compare<FP::OEQ, IP::eq>);
  add(NotEqualOp::getOperationName(), compare<FP::UNE, IP::ne>);
  add(LessOp::getOperationName(), compare<FP::OLT, IP::slt>);
  add(LessEqualOp::getOperationName(), compare<FP::OLE, IP::sle>);
  add(GreaterOp::getOperationName(), compare<FP::OGT, IP::sgt>);
  add(GreaterEqualOp::getOperationName(), compare<FP::OGE, IP::sge>);
  add(ReluOp::getOperationName(), reluBody);
  add(SigmoidOp::getOperationName(), sigmoidBody);
  add(TanhOp::getOperationName(), mathUnary<math::TanhOp>);
  add(ExpOp::getOperationName(), mathUnary<math::ExpOp>);
  add(LogOp::getOperationName(), mathUnary<math::LogOp>);
  add(SqrtOp::getOperationName(), mathUnary<math::SqrtOp>);
  add(RsqrtOp::getOperationName(), mathUnary<math::RsqrtOp>);
  add(ErfOp::getOperationName(), mathUnary<math::ErfOp>);
  add(FloorOp::getOperationName(), mathUnary<math::FloorOp>);
  add(CeilOp::getOperationName(), mathUnary<math::CeilOp>);
  add(RoundOp::getOperationName(), mathUnary<math::RoundEvenOp>);
  add(ReciprocalOp::getOperationName(), reciprocalBody);
  add(NegOp::getOperationName(), negBody);
  add(AbsOp::getOperationName(), absBody);
  add(SignOp::getOperationName(), signBody);
  add(SoftplusOp::getOperationName(), softplusBody);
  add(SoftsignOp::getOperationName(), softsignBody);
  add(LeakyReluOp::getOperationName(), leakyReluBody);
  add(PReluOp::getOperationName(), preluBody);
  add(EluOp::getOperationName(), eluBody);
  add(SeluOp::getOperationName(), seluBody);
  add(GeluOp::getOperationName(), geluBody);
  add(HardSigmoidOp::getOperationName(), hardSigmoidBody);
  add(ClipOp::getOperationName(), clipBody);
  add(WhereOp::getOperationName(), whereBody);
  add(CastOp::getOperationName(), castBody);
  add(BitCastOp::getOperationName(), bitCastBody);
}
