//===- Winograd.cpp - 3x3 convolutions by Winograd's minimal filtering ----===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-winograd: a static, channels-last 3x3
// convolution with stride 1 and no dilation (conv_2d_nhwc_hwcf) whose
// filter is computed from weights only becomes F(m x m, 3 x 3) (Lavin and
// Gray, "Fast Algorithms for Convolutional Neural Networks", 2016): with
// a = m + 2, each m x m output tile is A^T [(G g G^T) . (B^T d B)] A, summed
// over input channels, so the products of a tile are a^2 matrix products of
// (tiles x C) by (C x F):
//
//   U = GG x W            (a^2 x 9) x (9 x C*F), weights only: prepared once
//   V = input transform   (a^2, P, C), P = N * TH * TW tiles of the input
//   M = V x U             linalg.batch_matmul, a^2 matrices (P, C) x (C, F)
//   Y = output transform  (N, OH, OW, F), with the accumulator added and the
//                         epilogue (bias, activation, residual) applied; the
//                         tiles at the edges write their pixels in the image
//
// With m = 4 that is 36 / 16 = 2.25 products per output against 9 for the
// direct convolution. The transforms are loops of the project's own over
// tiles x channel vectors (scf.forall, shared by the threads), their
// additions and multiplications by the constant matrices unrolled with
// the zero coefficients left out; the batch matmul goes to the matmul
// schedule. The accumulator (a fill or a per-channel bias) and the
// convolution's elementwise epilogue are evaluated in the output transform
// on vectors of the channels, so Y is written once. Each transform loop
// writes its tile in one transfer_write: chains of writes on tensors made
// bufferization's analysis quadratic in their length.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHCPUWINOGRADPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// The matrices of F(m x m, 3 x 3), row-major: B^T (a x a), G (a x 3),
/// A^T (m x a), a = m + 2.
struct Matrices {
  int64_t m;
  ArrayRef<double> bt, g, at;
};

// F(2 x 2, 3 x 3), interpolation points 0, 1, -1.
constexpr double kBT2[] = {1, 0, -1, 0, 0, 1, 1, 0, 0, -1, 1, 0, 0, 1, 0, -1};
constexpr double kG2[] = {1, 0, 0, 0.5, 0.5, 0.5, 0.5, -0.5, 0.5, 0, 0, 1};
constexpr double kAT2[] = {1, 1, 1, 0, 0, 1, -1, -1};

// F(4 x 4, 3 x 3), interpolation points 0, 1, -1, 2, -2.
constexpr double kBT4[] = {4, 0, -5, 0,  1, 0, 0, -4, -4, 1,  1, 0,
                           0, 4, -4, -1, 1, 0, 0, -2, -1, 2,  1, 0,
                           0, 2, -1, -2, 1, 0, 0, 4,  0,  -5, 0, 1};
constexpr double kG4[] = {1.0 / 4,  0,        0,        -1.0 / 6,  -1.0 / 6,
                          -1.0 / 6, -1.0 / 6, 1.0 / 6,  -1.0 / 6,  1.0 / 24,
                          1.0 / 12, 1.0 / 6,  1.0 / 24, -1.0 / 12, 1.0 / 6,
                          0,        0,        1};
constexpr double kAT4[] = {1, 1, 1, 1, 1, 0, 0, 1, -1, 2, -2, 0,
                           0, 1, 1, 4, 4, 0, 0, 1, -1, 8, -8, 1};

std::optional<Matrices> getMatrices(int64_t m) {
  if (m == 2)
    return Matrices{2, kBT2, kG2, kAT2};
  if (m == 4)
    return Matrices{4, kBT4, kG4, kAT4};
  return std::nullopt;
}

/// Sum of coeffs[i] * values[i] over the non-zero coefficients, on vectors
/// of type `type`: additions and subtractions for +-1, FMAs for the rest.
Value linearCombination(OpBuilder &b, Location loc, VectorType type,
                        ArrayRef<double> coeffs, ArrayRef<Value> values) {
  Value sum;
  auto splat = [&](double c) -> Value {
    return arith::ConstantOp::create(
        b, loc, type,
        DenseElementsAttr::get(type, b.getFloatAttr(type.getElementType(), c)));
  };
  for (auto [c, v] : llvm::zip_equal(coeffs, values)) {
    if (c == 0)
      continue;
    if (!sum) {
      sum = c == 1    ? v
            : c == -1 ? arith::NegFOp::create(b, loc, v).getResult()
                      : arith::MulFOp::create(b, loc, splat(c), v).getResult();
    } else if (c == 1) {
      sum = arith::AddFOp::create(b, loc, sum, v);
    } else if (c == -1) {
      sum = arith::SubFOp::create(b, loc, sum, v);
    } else {
      sum = vector::FMAOp::create(b, loc, type, splat(c), v, sum);
    }
  }
  return sum ? sum : splat(0);
}

/// out[r][col] = sum_k left[r][k] * in[k][col] for a rows x k matrix
/// `left` of constants and a k x cols matrix `in` of vectors (row-major).
SmallVector<Value> applyLeft(OpBuilder &b, Location loc, VectorType type,
                             ArrayRef<double> left, int64_t rows,
                             ArrayRef<Value> in, int64_t cols) {
  int64_t k = in.size() / cols;
  SmallVector<Value> out;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t col = 0; col < cols; ++col) {
      SmallVector<Value> column;
      for (int64_t i = 0; i < k; ++i)
        column.push_back(in[i * cols + col]);
      out.push_back(
          linearCombination(b, loc, type, left.slice(r * k, k), column));
    }
  return out;
}

/// in (rows x k) times right^T, right being cols x k: out[r][col] =
/// sum_j right[col][j] * in[r][j].
SmallVector<Value> applyRightTransposed(OpBuilder &b, Location loc,
                                        VectorType type, ArrayRef<double> right,
                                        int64_t cols, ArrayRef<Value> in,
                                        int64_t rows) {
  int64_t k = in.size() / rows;
  SmallVector<Value> out;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t col = 0; col < cols; ++col)
      out.push_back(linearCombination(b, loc, type, right.slice(col * k, k),
                                      ArrayRef<Value>(in).slice(r * k, k)));
  return out;
}

/// The vector of `shape` (rows x ... x the vectors' width) whose rows, in
/// row-major order, are `rows`.
Value stack(OpBuilder &b, Location loc, ArrayRef<Value> rows,
            ArrayRef<int64_t> shape) {
  auto rowType = cast<VectorType>(rows.front().getType());
  auto type = VectorType::get(shape, rowType.getElementType());
  Value result = arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
  SmallVector<int64_t> position(shape.size() - 1, 0);
  for (Value row : rows) {
    result = vector::InsertOp::create(b, loc, row, result, position);
    // The next row: increment the position, last index fastest.
    for (int64_t d = position.size() - 1; d >= 0; --d) {
      if (++position[d] < shape[d])
        break;
      position[d] = 0;
    }
  }
  return result;
}

/// The f32 vector width for `channels`: the host's SIMD width when it
/// divides them, else 8 when that does; 0 when neither does.
int64_t vectorWidthFor(int64_t channels, int64_t simd) {
  if (channels % simd == 0)
    return simd;
  if (channels % 8 == 0)
    return 8;
  return 0;
}

/// Whether operand `map` of a channels-last elementwise op (loops N, H, W,
/// F) can be read once per output vector: its results are loops or
/// constants, and F, if present, is the last one.
bool isVectorReadable(AffineMap map) {
  ArrayRef<AffineExpr> results = map.getResults();
  auto isF = [](AffineExpr expr) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    return dim && dim.getPosition() == 3;
  };
  return llvm::all_of(results,
                      [](AffineExpr expr) {
                        return isa<AffineConstantExpr, AffineDimExpr>(expr);
                      }) &&
         llvm::none_of(results.drop_back(), isF);
}

/// Whether `generic`'s body can be evaluated on vectors of the channels
/// (see evaluateOnVectors): a 4-loop all-parallel op with one result that
/// does not read its init, elementwise-mappable scalar operations, and
/// inputs readable per output vector (isVectorReadable).
bool isVectorEvaluable(linalg::GenericOp generic, Value skip = {}) {
  if (generic.getNumLoops() != 4 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      generic.getNumDpsInits() != 1 || !generic.hasPureTensorSemantics() ||
      generic.payloadUsesValueFromOperand(generic.getDpsInitOperand(0)) ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
           .isIdentity())
    return false;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    if (input->get() == skip)
      continue;
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || !type.hasStaticShape() ||
        !isVectorReadable(generic.getMatchingIndexingMap(input)))
      return false;
  }
  for (Operation &op : generic.getBody()->without_terminator())
    if (!OpTrait::hasElementwiseMappableTraits(&op) || op.getNumRegions() ||
        op.getNumResults() != 1)
      return false;
  return true;
}

/// Reads `operand` (indexed by `map` from the loops N, H, W, F at `ivs`)
/// as a vector of the shape of `shape` along F, of the operand's element
/// type; a broadcast when F is not among its dimensions.
Value readForVector(OpBuilder &b, Location loc, Value operand, AffineMap map,
                    ValueRange ivs, VectorType shape) {
  auto type = VectorType::get(shape.getShape(), getElementTypeOrSelf(operand));
  SmallVector<Value> indices;
  bool alongF = false;
  for (AffineExpr expr : map.getResults()) {
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      indices.push_back(
          arith::ConstantIndexOp::create(b, loc, constant.getValue()));
      continue;
    }
    unsigned dim = cast<AffineDimExpr>(expr).getPosition();
    alongF |= dim == 3;
    indices.push_back(ivs[dim]);
  }
  if (alongF)
    return vector::TransferReadOp::create(b, loc, type, operand, indices,
                                          std::nullopt, ArrayRef<bool>{true});
  Value scalar = tensor::ExtractOp::create(b, loc, operand, indices);
  return vector::BroadcastOp::create(b, loc, type, scalar);
}

/// Evaluates `generic`'s body on vectors of `type` along F at the loop
/// indices `ivs` (N, H, W, F): operand `self` (if any) is `selfValue`, the
/// other inputs are read (readForVector), values the body captures are
/// broadcast.
Value evaluateOnVectors(OpBuilder &b, Location loc, linalg::GenericOp generic,
                        ValueRange ivs, VectorType type, Value self = {},
                        Value selfValue = {}) {
  IRMapping map;
  Block *body = generic.getBody();
  for (OpOperand *input : generic.getDpsInputOperands()) {
    BlockArgument arg = body->getArgument(input->getOperandNumber());
    map.map(arg, input->get() == self
                     ? selfValue
                     : readForVector(b, loc, input->get(),
                                     generic.getMatchingIndexingMap(input), ivs,
                                     type));
  }
  // A value of the body, or a scalar defined outside it broadcast.
  auto vectorOf = [&](Value v) -> Value {
    if (Value mapped = map.lookupOrNull(v))
      return mapped;
    return vector::BroadcastOp::create(
        b, loc, VectorType::get(type.getShape(), v.getType()), v);
  };
  for (Operation &op : body->without_terminator()) {
    SmallVector<Value> operands;
    for (Value operand : op.getOperands())
      operands.push_back(vectorOf(operand));
    Type resultType =
        VectorType::get(type.getShape(), op.getResult(0).getType());
    OperationState state(loc, op.getName(), operands, resultType,
                         op.getAttrs());
    map.map(op.getResult(0), b.create(state)->getResult(0));
  }
  // The body may yield a captured value (a fill written as a generic).
  return vectorOf(body->getTerminator()->getOperand(0));
}

/// `base` + `offset`, an index.
Value addIndex(OpBuilder &b, Location loc, Value base, int64_t offset) {
  return affine::AffineApplyOp::create(
      b, loc, AffineMap::get(1, 0, b.getAffineDimExpr(0) + offset), base);
}

/// The index values (n, h0, w0) of the first input/output pixel of tile
/// `p` (of N x TH x TW tiles, row-major) for an output tile of m x m.
std::array<Value, 3> tileOrigin(OpBuilder &b, Location loc, Value p, int64_t th,
                                int64_t tw, int64_t m) {
  AffineExpr d = b.getAffineDimExpr(0);
  auto apply = [&](AffineExpr e) -> Value {
    return affine::AffineApplyOp::create(b, loc, AffineMap::get(1, 0, e), p);
  };
  return {apply(d.floorDiv(th * tw)), apply((d % (th * tw)).floorDiv(tw) * m),
          apply((d % tw) * m)};
}

/// An scf.forall over `tiles` tiles x `channels` channels by vectors of
/// `width`, whose shared output starts as `init`.
scf::ForallOp createTileLoop(OpBuilder &b, Location loc, int64_t tiles,
                             int64_t channels, int64_t width, Value init) {
  MLIRContext *ctx = b.getContext();
  return scf::ForallOp::create(
      b, loc, getAsIndexOpFoldResult(ctx, ArrayRef<int64_t>{0, 0}),
      getAsIndexOpFoldResult(ctx, ArrayRef<int64_t>{tiles, channels}),
      getAsIndexOpFoldResult(ctx, ArrayRef<int64_t>{1, width}),
      ValueRange{init}, std::nullopt);
}

/// Rewrites `conv` (checked by the caller) into F(m x m, 3 x 3).
void rewrite(RewriterBase &rewriter, linalg::Conv2DNhwcHwcfOp conv,
             const Matrices &mat, int64_t cv, int64_t fv,
             linalg::GenericOp epilogue) {
  int64_t m = mat.m, a = m + 2;
  Location loc = conv.getLoc();
  Value input = conv.getDpsInputs()[0], filter = conv.getDpsInputs()[1];
  Value init = conv.getDpsInits()[0];
  auto inputType = cast<RankedTensorType>(input.getType());
  auto outType = cast<RankedTensorType>(init.getType());
  Type f32 = outType.getElementType();
  int64_t n = outType.getDimSize(0), oh = outType.getDimSize(1),
          ow = outType.getDimSize(2), f = outType.getDimSize(3);
  int64_t c = inputType.getDimSize(3);
  int64_t th = llvm::divideCeil(oh, m), tw = llvm::divideCeil(ow, m);
  int64_t p = n * th * tw;
  Operation *last = epilogue ? epilogue.getOperation() : conv.getOperation();
  rewriter.setInsertionPoint(last);
  auto zero = arith::ConstantOp::create(rewriter, loc, f32,
                                        rewriter.getFloatAttr(f32, 0.0));

  // The input, padded at the bottom and right to whole tiles: the pad of a
  // zero-padded input grows; anything else gets one.
  int64_t needH = m * th + 2, needW = m * tw + 2;
  int64_t extraH = needH - inputType.getDimSize(1),
          extraW = needW - inputType.getDimSize(2);
  if (extraH > 0 || extraW > 0) {
    extraH = std::max<int64_t>(extraH, 0);
    extraW = std::max<int64_t>(extraW, 0);
    Value source = input;
    SmallVector<int64_t> low(4, 0), high{0, extraH, extraW, 0};
    auto pad = input.getDefiningOp<tensor::PadOp>();
    Value padValue = pad ? pad.getConstantPaddingValue() : Value();
    if (padValue && matchPattern(padValue, m_AnyZeroFloat()) &&
        pad.getStaticLow().size() == 4 &&
        !ShapedType::isDynamicShape(pad.getStaticLow()) &&
        !ShapedType::isDynamicShape(pad.getStaticHigh())) {
      source = pad.getSource();
      for (int64_t i = 0; i < 4; ++i) {
        low[i] = pad.getStaticLow()[i];
        high[i] += pad.getStaticHigh()[i];
      }
    }
    SmallVector<int64_t> shape{n, needH, needW, c};
    auto padded = tensor::PadOp::create(
        rewriter, loc, RankedTensorType::get(shape, f32), source,
        getAsIndexOpFoldResult(rewriter.getContext(), low),
        getAsIndexOpFoldResult(rewriter.getContext(), high), zero.getResult());
    input = padded.getResult();
  }

  // U = GG x W: the filter transform, weight-only work.
  SmallVector<float> gg;
  for (int64_t xi = 0; xi < a; ++xi)
    for (int64_t nu = 0; nu < a; ++nu)
      for (int64_t kh = 0; kh < 3; ++kh)
        for (int64_t kw = 0; kw < 3; ++kw)
          gg.push_back(mat.g[xi * 3 + kh] * mat.g[nu * 3 + kw]);
  auto ggType = RankedTensorType::get({a * a, 9}, f32);
  Value ggConst = arith::ConstantOp::create(
      rewriter, loc, ggType, DenseElementsAttr::get(ggType, ArrayRef(gg)));
  Value w9 = tensor::CollapseShapeOp::create(
      rewriter, loc, filter, SmallVector<ReassociationIndices>{{0, 1}, {2, 3}});
  auto filled = [&](ArrayRef<int64_t> shape) -> Value {
    Value empty = tensor::EmptyOp::create(rewriter, loc, shape, f32);
    return linalg::FillOp::create(rewriter, loc, zero.getResult(), empty)
        .getResult(0);
  };
  Value u = linalg::MatmulOp::create(rewriter, loc, ValueRange{ggConst, w9},
                                     filled({a * a, c * f}))
                .getResult(0);
  u = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get({a * a, c, f}, f32), u,
      SmallVector<ReassociationIndices>{{0}, {1, 2}});

  // V: the input transform, a tile x a channel vector per iteration.
  VectorType cType = VectorType::get({cv}, f32);
  Value vInit = tensor::EmptyOp::create(rewriter, loc,
                                        ArrayRef<int64_t>{a * a, p, c}, f32);
  scf::ForallOp vLoop = createTileLoop(rewriter, loc, p, c, cv, vInit);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(vLoop.getBody());
    Value tile = vLoop.getInductionVar(0), ch = vLoop.getInductionVar(1);
    std::array<Value, 3> origin = tileOrigin(rewriter, loc, tile, th, tw, m);
    Value n0 = origin[0], h0 = origin[1], w0 = origin[2];
    // The tile's a x a window in one read: bufferization's analysis
    // compares every read of a buffer with every write of it, and a^2
    // reads per tile made it the largest part of compiling a DenseNet.
    // The vector lowering unrolls the read into a^2 loads again.
    Value window = vector::TransferReadOp::create(
        rewriter, loc, VectorType::get({a, a, cv}, f32), input,
        ValueRange{n0, h0, w0, ch}, std::nullopt,
        AffineMap::getMinorIdentityMap(4, 3, rewriter.getContext()),
        ArrayRef<bool>{true, true, true});
    SmallVector<Value> d;
    for (int64_t i = 0; i < a; ++i)
      for (int64_t j = 0; j < a; ++j)
        d.push_back(vector::ExtractOp::create(rewriter, loc, window,
                                              ArrayRef<int64_t>{i, j}));
    // B^T d B: rows, then columns.
    SmallVector<Value> t = applyLeft(rewriter, loc, cType, mat.bt, a, d, a);
    SmallVector<Value> v =
        applyRightTransposed(rewriter, loc, cType, mat.bt, a, t, a);
    Value out = vLoop.getRegionIterArgs()[0];
    SmallVector<OpFoldResult> offsets{rewriter.getIndexAttr(0), tile, ch};
    SmallVector<OpFoldResult> sizes = getAsIndexOpFoldResult(
        rewriter.getContext(), ArrayRef<int64_t>{a * a, 1, cv});
    SmallVector<OpFoldResult> strides(3, rewriter.getIndexAttr(1));
    Value slice = tensor::ExtractSliceOp::create(rewriter, loc, out, offsets,
                                                 sizes, strides);
    // One write of the whole tile (a chain of writes on tensors would cost
    // bufferization's analysis a time quadratic in its length).
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    slice = vector::TransferWriteOp::create(
                rewriter, loc, stack(rewriter, loc, v, {a * a, 1, cv}), slice,
                ValueRange{c0, c0, c0}, ArrayRef<bool>{true, true, true})
                .getResult();
    rewriter.setInsertionPointToStart(vLoop.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(rewriter, loc, slice, out, offsets,
                                          sizes, strides);
  }

  // M = V x U, a^2 products of (P x C) by (C x F).
  Value mProd = linalg::BatchMatmulOp::create(rewriter, loc,
                                              ValueRange{vLoop.getResult(0), u},
                                              filled({a * a, p, f}))
                    .getResult(0);

  // Y: the output transform, with the accumulator and the epilogue. The
  // tiles at the bottom and right edges, when m does not divide the
  // output, write only their pixels inside it.
  Type yElement = epilogue ? getElementTypeOrSelf(epilogue->getResult(0)) : f32;
  VectorType fType = VectorType::get({fv}, f32);
  Value yInit = tensor::EmptyOp::create(
      rewriter, loc, ArrayRef<int64_t>{n, oh, ow, f}, yElement);
  scf::ForallOp yLoop = createTileLoop(rewriter, loc, p, f, fv, yInit);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(yLoop.getBody());
    Value tile = yLoop.getInductionVar(0), ch = yLoop.getInductionVar(1);
    std::array<Value, 3> origin = tileOrigin(rewriter, loc, tile, th, tw, m);
    Value n0 = origin[0], h0 = origin[1], w0 = origin[2];
    // The a^2 products of the tile in one read (see the input transform).
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value products = vector::TransferReadOp::create(
        rewriter, loc, VectorType::get({a * a, 1, fv}, f32), mProd,
        ValueRange{c0, tile, ch}, std::nullopt,
        ArrayRef<bool>{true, true, true});
    SmallVector<Value> mv;
    for (int64_t k = 0; k < a * a; ++k)
      mv.push_back(vector::ExtractOp::create(rewriter, loc, products,
                                             ArrayRef<int64_t>{k, 0}));
    // A^T M A.
    SmallVector<Value> t = applyLeft(rewriter, loc, fType, mat.at, m, mv, a);
    SmallVector<Value> y =
        applyRightTransposed(rewriter, loc, fType, mat.at, m, t, m);
    // The tile's extent inside the output: m, or less at an edge.
    auto extent = [&](Value origin, int64_t size) -> OpFoldResult {
      if (size % m == 0)
        return rewriter.getIndexAttr(m);
      AffineExpr d = rewriter.getAffineDimExpr(0);
      return affine::AffineMinOp::create(
                 rewriter, loc,
                 AffineMap::get(1, 0,
                                {rewriter.getAffineConstantExpr(m), -d + size},
                                rewriter.getContext()),
                 origin)
          .getResult();
    };
    OpFoldResult hs = extent(h0, oh), ws = extent(w0, ow);
    // Pixel (origin + offset), clamped to the image where m does not
    // divide it: the edge tiles read valid operands for the pixels past
    // the edge, whose values the masked write below drops.
    auto pixel = [&](Value origin, int64_t offset, int64_t size) -> Value {
      AffineExpr e = rewriter.getAffineDimExpr(0) + offset;
      if (size % m == 0)
        return addIndex(rewriter, loc, origin, offset);
      return affine::AffineMinOp::create(
          rewriter, loc,
          AffineMap::get(1, 0, {e, rewriter.getAffineConstantExpr(size - 1)},
                         rewriter.getContext()),
          origin);
    };
    auto fill = init.getDefiningOp<linalg::FillOp>();
    // (Checked by the caller: a generic accumulator is evaluable.)
    auto initGeneric = init.getDefiningOp<linalg::GenericOp>();
    VectorType yType = VectorType::get({fv}, yElement);
    SmallVector<Value> values;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < m; ++j) {
        // Output pixel (i, j) of the tile: the accumulator added, the
        // epilogue applied.
        SmallVector<Value> ivs{n0, pixel(h0, i, oh), pixel(w0, j, ow), ch};
        Value value = y[i * m + j];
        if (fill) {
          if (!matchPattern(fill.getDpsInputs()[0], m_AnyZeroFloat()))
            value = arith::AddFOp::create(
                rewriter, loc, value,
                vector::BroadcastOp::create(rewriter, loc, fType,
                                            fill.getDpsInputs()[0]));
        } else if (initGeneric) {
          value = arith::AddFOp::create(
              rewriter, loc, value,
              evaluateOnVectors(rewriter, loc, initGeneric, ivs, fType));
        } else {
          value = arith::AddFOp::create(
              rewriter, loc, value,
              readForVector(rewriter, loc, init,
                            rewriter.getMultiDimIdentityMap(4), ivs, fType));
        }
        if (epilogue)
          value = evaluateOnVectors(rewriter, loc, epilogue, ivs, yType,
                                    conv->getResult(0), value);
        values.push_back(value);
      }
    // The tile in one write (see the input transform), masked at the
    // bottom and right edges.
    Value out = yLoop.getRegionIterArgs()[0];
    SmallVector<OpFoldResult> offsets{n0, h0, w0, ch};
    SmallVector<OpFoldResult> sizes{rewriter.getIndexAttr(1), hs, ws,
                                    rewriter.getIndexAttr(fv)};
    SmallVector<OpFoldResult> strides(4, rewriter.getIndexAttr(1));
    Value slice = tensor::ExtractSliceOp::create(rewriter, loc, out, offsets,
                                                 sizes, strides);
    AffineMap lastThree =
        AffineMap::getMinorIdentityMap(4, 3, rewriter.getContext());
    slice = vector::TransferWriteOp::create(
                rewriter, loc, stack(rewriter, loc, values, {m, m, fv}), slice,
                ValueRange{c0, c0, c0, c0}, lastThree,
                ArrayRef<bool>{oh % m == 0, ow % m == 0, true})
                .getResult();
    rewriter.setInsertionPointToStart(yLoop.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(rewriter, loc, slice, out, offsets,
                                          sizes, strides);
  }
  rewriter.replaceOp(last, yLoop.getResult(0));
  if (epilogue)
    rewriter.eraseOp(conv);
}

struct WinogradPass
    : public nngraph::impl::NNGraphCPUWinogradPassBase<WinogradPass> {
  using Base::Base;

  void runOnOperation() override {
    // The tiles to choose from, largest first.
    SmallVector<Matrices> maxMatrices;
    for (int64_t m = outputTile; m >= 2; m -= 2)
      if (std::optional<Matrices> mat = getMatrices(m))
        maxMatrices.push_back(*mat);
    if (!getMatrices(outputTile)) {
      getOperation().emitError()
          << "nngraph-cpu-winograd: output-tile must be 2 or 4, not "
          << static_cast<int64_t>(outputTile);
      return signalPassFailure();
    }
    int64_t simd =
        vectorWidth > 0 ? vectorWidth : nngraph::cpu::getHostVectorWidth();
    llvm::SetVector<Operation *> weightOnlyOps =
        nngraph::cpu::getWeightOnlyOps(getOperation());
    SmallVector<linalg::Conv2DNhwcHwcfOp> convs;
    getOperation().walk([&](linalg::Conv2DNhwcHwcfOp conv) {
      if (!conv.hasPureTensorSemantics() ||
          llvm::any_of(conv->getOperandTypes(),
                       [](Type t) {
                         auto shaped = cast<ShapedType>(t);
                         return !shaped.hasStaticShape() ||
                                !shaped.getElementType().isF32();
                       }) ||
          !llvm::all_of(conv.getStrides(),
                        [](const APInt &s) { return s == 1; }) ||
          !llvm::all_of(conv.getDilations(),
                        [](const APInt &d) { return d == 1; }))
        return;
      auto filterType = cast<ShapedType>(conv.getDpsInputs()[1].getType());
      if (filterType.getDimSize(0) != 3 || filterType.getDimSize(1) != 3)
        return;
      // The filter transform is prepared once only when it is weight-only.
      if (!nngraph::cpu::isWeightOnly(getOperation(), weightOnlyOps,
                                      conv.getDpsInputs()[1]))
        return;
      convs.push_back(conv);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::Conv2DNhwcHwcfOp conv : convs) {
      auto outType = cast<ShapedType>(conv.getDpsInits()[0].getType());
      int64_t c = filterChannels(conv), f = outType.getDimSize(3);
      int64_t cv = vectorWidthFor(c, simd), fv = vectorWidthFor(f, simd);
      const Matrices *mat = chooseTile(outType, c, f, maxMatrices);
      if (!cv || !fv || !mat)
        continue;
      // The accumulator must be readable per output vector too.
      Value init = conv.getDpsInits()[0];
      if (auto generic = init.getDefiningOp<linalg::GenericOp>();
          generic && !isVectorEvaluable(generic))
        continue;
      linalg::GenericOp epilogue = nngraph::cpu::getEpilogue(conv);
      if (epilogue &&
          (!epilogue
                .getMatchingIndexingMap(&*conv->getResult(0).getUses().begin())
                .isIdentity() ||
           !isVectorEvaluable(epilogue, conv->getResult(0))))
        epilogue = nullptr;
      rewrite(rewriter, conv, *mat, cv, fv, epilogue);
    }
  }

  /// The largest output tile of `candidates` (largest first) that pays
  /// for a convolution with an output of `outType`, C input and F output
  /// channels; null when none does.
  const Matrices *chooseTile(ShapedType outType, int64_t c, int64_t f,
                             ArrayRef<Matrices> candidates) const {
    for (const Matrices &mat : candidates) {
      int64_t a = mat.m + 2;
      int64_t tiles = outType.getDimSize(0) *
                      llvm::divideCeil(outType.getDimSize(1), mat.m) *
                      llvm::divideCeil(outType.getDimSize(2), mat.m);
      // Each of the a^2 products reads its C x F matrix of the
      // transformed filter once for `tiles` rows: with few rows and a
      // filter beyond the caches it streams weights rather than computes
      // (ResNet's 14x14 stage with 256 channels: 0.81x of the direct
      // time with F(4x4), 16 tiles, 9.4 MB; 0.67x with F(2x2), 49 tiles,
      // 4.2 MB); too few rows at all and the product is too thin to pay.
      int64_t filterBytes = a * a * c * f * 4;
      if (tiles < minTiles ||
          (tiles < 2 * minTiles && filterBytes > kStreamedFilterBytes))
        continue;
      return &mat;
    }
    return nullptr;
  }

  /// The transformed filter size beyond which products with fewer than
  /// 2 * min-tiles rows are bound by reading it (measured on a Zen 4 host,
  /// 1 MB of L2 per core). With the filter packed, F(2x2) on ResNet-50's
  /// 7x7 stage (16 tiles, 16.8 MB) took 0.62x the direct time on a Zen 3
  /// host, but its transformed filters (and the prepare function's
  /// intermediates) raised the model's peak memory from 247 to 279 MB,
  /// over issue 15's budget of 260: it stays direct.
  static constexpr int64_t kStreamedFilterBytes = 4 << 20;

  static int64_t filterChannels(linalg::Conv2DNhwcHwcfOp conv) {
    return cast<ShapedType>(conv.getDpsInputs()[1].getType()).getDimSize(2);
  }
};

} // namespace
