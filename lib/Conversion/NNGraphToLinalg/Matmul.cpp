//===- Matmul.cpp - nngraph matmul and gemm to linalg -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the lowering of nngraph.matmul (ONNX MatMul, with
// batch broadcasting and 1-D operands) and nngraph.gemm (alpha, beta,
// transposes, broadcast C) to linalg: linalg.matmul and linalg.batch_matmul
// where the shapes fit them, a contraction linalg.generic otherwise.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "nngraph/Conversion/NNGraphToLinalg/NNGraphToLinalg.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

namespace {

/// `x` with every element converted to `element` (extf or truncf).
Value convertFloats(OpBuilder &b, Location loc, Value x, Type element) {
  auto type = cast<RankedTensorType>(x.getType());
  auto to = type.clone(element);
  Value init = createEmpty(b, loc, to, x);
  bool wider = element.getIntOrFloatBitWidth() >
               type.getElementType().getIntOrFloatBitWidth();
  return parallelGeneric(
      b, loc, to, init, ValueRange{x},
      {b.getMultiDimIdentityMap(type.getRank())},
      [&](OpBuilder &nb, Location l, ValueRange args) -> Value {
        if (wider)
          return arith::ExtFOp::create(nb, l, element, args[0]);
        return arith::TruncFOp::create(nb, l, element, args[0]);
      });
}

Value contractIn(OpBuilder &b, Location loc, Value lhs, Value rhs,
                 RankedTensorType resultType);

/// a (..., m, k) x b (..., k, n) -> (..., m, n), batch axes broadcast;
/// a 1-D a is (k), a 1-D b is (k) (their axis is dropped from the result).
/// Half-precision products accumulate in f32 (as ONNX Runtime's and
/// numpy's do), rounded once at the end.
Value contract(OpBuilder &b, Location loc, Value lhs, Value rhs,
               RankedTensorType resultType) {
  Type element = resultType.getElementType();
  if (!element.isF16() && !element.isBF16())
    return contractIn(b, loc, lhs, rhs, resultType);
  Type f32 = b.getF32Type();
  Value wide =
      contractIn(b, loc, convertFloats(b, loc, lhs, f32),
                 convertFloats(b, loc, rhs, f32), resultType.clone(f32));
  return convertFloats(b, loc, wide, element);
}

Value contractIn(OpBuilder &b, Location loc, Value lhs, Value rhs,
                 RankedTensorType resultType) {
  auto lt = cast<RankedTensorType>(lhs.getType());
  auto rt = cast<RankedTensorType>(rhs.getType());
  MLIRContext *ctx = b.getContext();
  Value init = createZeroFilled(b, loc, resultType, {lhs, rhs});
  int64_t lr = lt.getRank(), rr = rt.getRank();
  // Named ops where they fit exactly.
  if (lr == 2 && rr == 2)
    return linalg::MatmulOp::create(b, loc, TypeRange{resultType},
                                    ValueRange{lhs, rhs}, ValueRange{init})
        .getResult(0);
  if (lr == 3 && rr == 3 && lt.getDimSize(0) == rt.getDimSize(0) &&
      !lt.isDynamicDim(0))
    return linalg::BatchMatmulOp::create(b, loc, TypeRange{resultType},
                                         ValueRange{lhs, rhs}, ValueRange{init})
        .getResult(0);
  // General contraction. Loop dims: result dims, then k.
  int64_t outRank = resultType.getRank();
  int64_t numLoops = outRank + 1;
  AffineExpr k = getAffineDimExpr(outRank, ctx);
  bool lhsVec = lr == 1, rhsVec = rr == 1;
  // Result axes: batch..., [m if !lhsVec], [n if !rhsVec].
  int64_t batch = outRank - (lhsVec ? 0 : 1) - (rhsVec ? 0 : 1);
  auto batchExprs = [&](RankedTensorType t, int64_t own) {
    SmallVector<AffineExpr> exprs;
    for (int64_t j = 0; j < own; ++j) {
      int64_t d = batch - own + j;
      bool broadcast = t.getDimSize(j) == 1 && resultType.getDimSize(d) != 1;
      exprs.push_back(broadcast ? getAffineConstantExpr(0, ctx)
                                : getAffineDimExpr(d, ctx));
    }
    return exprs;
  };
  SmallVector<AffineExpr> lhsExprs, rhsExprs, outExprs;
  if (lhsVec) {
    lhsExprs = {k};
  } else {
    lhsExprs = batchExprs(lt, lr - 2);
    lhsExprs.push_back(getAffineDimExpr(batch, ctx));
    lhsExprs.push_back(k);
  }
  if (rhsVec) {
    rhsExprs = {k};
  } else {
    rhsExprs = batchExprs(rt, rr - 2);
    rhsExprs.push_back(k);
    rhsExprs.push_back(getAffineDimExpr(outRank - 1, ctx));
  }
  for (int64_t d = 0; d < outRank; ++d)
    outExprs.push_back(getAffineDimExpr(d, ctx));
  SmallVector<AffineMap> maps{AffineMap::get(numLoops, 0, lhsExprs, ctx),
                              AffineMap::get(numLoops, 0, rhsExprs, ctx),
                              AffineMap::get(numLoops, 0, outExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(outRank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{lhs, rhs},
             ValueRange{init}, maps, iterators,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               Value v = multiplyAdd(nb, l, args[0], args[1], args[2]);
               linalg::YieldOp::create(nb, l, v);
             })
      .getResult(0);
}

struct MatMulLowering : public OpConversionPattern<MatMulOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MatMulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || !isa<RankedTensorType>(adaptor.getA().getType()) ||
        !isa<RankedTensorType>(adaptor.getB().getType()))
      return rewriter.notifyMatchFailure(op, "expected ranked tensors");
    rewriter.replaceOp(op, contract(rewriter, op.getLoc(), adaptor.getA(),
                                    adaptor.getB(), resultType));
    return success();
  }
};

/// Gemm: Y = alpha * op(A) * op(B) + beta * C, A and B 2-D.
struct GemmLowering : public OpConversionPattern<GemmOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GemmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "expected a ranked result");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value a = adaptor.getA(), bm = adaptor.getB();
    if (op.getTransA())
      a = transpose2D(rewriter, loc, a);
    if (op.getTransB())
      bm = transpose2D(rewriter, loc, bm);
    Value product = contract(rewriter, loc, a, bm, resultType);
    double alpha = op.getAlpha().convertToDouble();
    double beta = op.getBeta().convertToDouble();
    Value c = adaptor.getC();
    if (alpha == 1.0 && (!c || beta == 0.0)) {
      rewriter.replaceOp(op, product);
      return success();
    }
    // One elementwise pass: alpha * p (+ beta * c, c broadcast).
    SmallVector<Value> inputs{product};
    if (c && beta != 0.0)
      inputs.push_back(c);
    SmallVector<AffineMap> maps;
    for (Value v : inputs)
      maps.push_back(
          broadcastMap(cast<RankedTensorType>(v.getType()), resultType, ctx));
    maps.push_back(rewriter.getMultiDimIdentityMap(2));
    Value init = createEmpty(rewriter, loc, resultType, inputs);
    SmallVector<utils::IteratorType> iterators(2,
                                               utils::IteratorType::parallel);
    Type element = resultType.getElementType();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value v = args[0];
          if (alpha != 1.0)
            v = arith::MulFOp::create(
                b, l,
                arith::ConstantOp::create(b, l, b.getFloatAttr(element, alpha)),
                v);
          if (inputs.size() > 1) {
            Value cv = args[1];
            if (beta != 1.0)
              cv = arith::MulFOp::create(
                  b, l,
                  arith::ConstantOp::create(b, l,
                                            b.getFloatAttr(element, beta)),
                  cv);
            v = arith::AddFOp::create(b, l, v, cv);
          }
          linalg::YieldOp::create(b, l, v);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

namespace {
/// Einsum: one linalg.generic whose loops are the equation's labels, the
/// result's first (parallel), then the summed ones (reduction); an operand
/// reads its labels (a repeated label: the diagonal; a static 1 where the
/// label is longer: index 0), the body multiplies the operands and adds to
/// the accumulator.
struct EinsumLowering : public OpConversionPattern<EinsumOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(EinsumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    SmallVector<int64_t> ranks;
    for (Value v : adaptor.getInputs())
      ranks.push_back(cast<RankedTensorType>(v.getType()).getRank());
    std::string error;
    FailureOr<EinsumEquation> eq =
        parseEinsumEquation(op.getEquation(), ranks, error);
    if (failed(eq))
      return rewriter.notifyMatchFailure(op, error);
    // Loop order: the result's labels, then the others.
    SmallVector<int64_t> loopOf(eq->numLabels, -1);
    int64_t numLoops = 0;
    for (unsigned l : eq->output)
      loopOf[l] = numLoops++;
    int64_t numParallel = numLoops;
    for (unsigned l = 0; l < eq->numLabels; ++l)
      if (loopOf[l] < 0)
        loopOf[l] = numLoops++;
    // Each label's size, to tell a broadcast 1 from a real one.
    SmallVector<int64_t> sizes(eq->numLabels, 1);
    for (auto [v, axes] : llvm::zip_equal(adaptor.getInputs(), eq->inputs))
      for (auto [size, l] : llvm::zip_equal(
               cast<RankedTensorType>(v.getType()).getShape(), axes))
        if (size != 1)
          sizes[l] = size;
    MLIRContext *ctx = getContext();
    SmallVector<AffineMap> maps;
    for (auto [v, axes] : llvm::zip_equal(adaptor.getInputs(), eq->inputs)) {
      SmallVector<AffineExpr> exprs;
      for (auto [size, l] : llvm::zip_equal(
               cast<RankedTensorType>(v.getType()).getShape(), axes))
        exprs.push_back(size == 1 && sizes[l] != 1
                            ? getAffineConstantExpr(0, ctx)
                            : getAffineDimExpr(loopOf[l], ctx));
      maps.push_back(AffineMap::get(numLoops, 0, exprs, ctx));
    }
    maps.push_back(AffineMap::getMultiDimIdentityMap(numLoops, ctx)
                       .getSubMap(llvm::to_vector(llvm::seq<unsigned>(
                           0, static_cast<unsigned>(numParallel)))));
    SmallVector<utils::IteratorType> iterators(numLoops,
                                               utils::IteratorType::reduction);
    std::fill_n(iterators.begin(), numParallel, utils::IteratorType::parallel);
    Location loc = op.getLoc();
    Value init = createZeroFilled(rewriter, loc, resultType, {});
    bool isFloat = isa<FloatType>(resultType.getElementType());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, adaptor.getInputs(),
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value product = args.front();
          for (Value v : args.drop_front().drop_back())
            product = isFloat ? Value(arith::MulFOp::create(b, l, product, v))
                              : Value(arith::MulIOp::create(b, l, product, v));
          Value sum =
              isFloat
                  ? Value(arith::AddFOp::create(b, l, args.back(), product))
                  : Value(arith::AddIOp::create(b, l, args.back(), product));
          linalg::YieldOp::create(b, l, sum);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};
} // namespace

void mlir::nngraph::detail::populateMatmulPatterns(RewritePatternSet &patterns,
                                                   ConversionTarget &target) {
  patterns.add<MatMulLowering, GemmLowering, EinsumLowering>(
      patterns.getContext());
  target.addIllegalOp<MatMulOp, GemmOp, EinsumOp>();
}
