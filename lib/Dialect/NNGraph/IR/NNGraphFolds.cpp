//===- NNGraphFolds.cpp - nngraph folders and canonicalization --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the folders and canonicalization patterns of nngraph:
// identities fold away, chains of shape-only operations collapse into one
// reshape, transposes compose, and elementwise arithmetic on small constants
// is evaluated. Constant folding is fenced by kMaxFoldElements so that it
// never materialises large tensors at compile time.
//
//===----------------------------------------------------------------------===//

#include "ShapeUtils.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::nngraph;

/// Largest number of elements a folder materialises.
static constexpr int64_t kMaxFoldElements = 4096;

static bool isSmallStatic(Type type) {
  auto shaped = dyn_cast<RankedTensorType>(type);
  return shaped && shaped.hasStaticShape() &&
         shaped.getNumElements() <= kMaxFoldElements;
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult IdentityOp::fold(FoldAdaptor) {
  return getInput().getType() == getType() ? getInput() : nullptr;
}

OpFoldResult DropoutOp::fold(FoldAdaptor) {
  return getInput().getType() == getType() ? getInput() : nullptr;
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  // Small integer constants (shape arithmetic) to another integer type.
  auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  auto to = dyn_cast<IntegerType>(getType().getElementType());
  if (!dense || !to || to.getWidth() == 1 || !isSmallStatic(getType()) ||
      !isa<IntegerType>(dense.getType().getElementType()) ||
      dense.getType().getElementType().isInteger(1))
    return nullptr;
  SmallVector<APInt> values;
  for (const APInt &v : dense.getValues<APInt>())
    values.push_back(v.sextOrTrunc(to.getWidth()));
  return DenseElementsAttr::get(getType(), values);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType() && getType().hasStaticShape())
    return getInput();
  auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  if (dense && isSmallStatic(getType()))
    return dense.reshape(getType());
  // A static result spells its target out: `0` (copy) and `-1` (infer) of
  // a target written before the sizes were known become the sizes, so that
  // a graph specialised later reads like one imported with its shapes.
  auto type = dyn_cast<RankedTensorType>(getType());
  if (type && type.hasStaticShape() && getShape() != type.getShape()) {
    setShape(type.getShape());
    return getResult();
  }
  return nullptr;
}

/// Pooling in ceil mode over static sizes that the windows tile exactly
/// computes what floor mode does (ceil and floor of an exact division agree,
/// and no window starts in the end padding): the flag goes, so that a graph
/// specialised after an import without shapes (MXNet's "full" convention
/// stays ceil mode while sizes are open) reads like one imported with them.
template <typename PoolOp>
static OpFoldResult foldExactCeilMode(PoolOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!op.getCeilMode() || op.getAutoPad() != AutoPad::NotSet || !type ||
      !type.hasStaticShape())
    return nullptr;
  ArrayRef<int64_t> kernel = op.getKernelShape();
  size_t n = kernel.size();
  if (type.getRank() != static_cast<int64_t>(n) + 2)
    return nullptr;
  auto get = [&](std::optional<ArrayRef<int64_t>> values, size_t i,
                 int64_t dflt) {
    return values && i < values->size() ? (*values)[i] : dflt;
  };
  for (size_t i = 0; i < n; ++i) {
    int64_t stride = get(op.getStrides(), i, 1);
    int64_t dilation = get(op.getDilations(), i, 1);
    int64_t span = type.getDimSize(2 + i) + get(op.getPads(), i, 0) +
                   get(op.getPads(), n + i, 0) - (kernel[i] - 1) * dilation - 1;
    if (stride <= 0 || span < 0 || span % stride != 0)
      return nullptr;
  }
  op.setCeilMode(false);
  return op.getResult();
}

OpFoldResult MaxPoolOp::fold(FoldAdaptor) { return foldExactCeilMode(*this); }

OpFoldResult AvgPoolOp::fold(FoldAdaptor) { return foldExactCeilMode(*this); }

//===----------------------------------------------------------------------===//
// Shape computations on small constants (ONNX exporters compute Reshape
// targets with Shape -> Gather -> Concat chains)
//===----------------------------------------------------------------------===//

OpFoldResult ShapeOp::fold(FoldAdaptor) {
  auto in = dyn_cast<RankedTensorType>(getInput().getType());
  if (!in || !in.hasStaticShape() || !isSmallStatic(getType()) ||
      getType().getNumElements() != in.getRank())
    return nullptr;
  SmallVector<APInt> dims;
  unsigned width = getType().getElementType().getIntOrFloatBitWidth();
  for (int64_t d : in.getShape())
    dims.push_back(APInt(width, d, /*isSigned=*/true));
  return DenseElementsAttr::get(getType(), dims);
}

/// A constant's elements re-cast to `type` (same count).
static OpFoldResult reshapeConstant(Attribute value, Type type) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(value);
  if (!dense || !isSmallStatic(type) ||
      dense.getType().getElementType() != getElementTypeOrSelf(type))
    return nullptr;
  return dense.reshape(cast<ShapedType>(type));
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  if (!dense || dense.getType() != getType() || !isSmallStatic(getType()))
    return nullptr;
  Type element = getType().getElementType();
  if (isa<FloatType>(element)) {
    SmallVector<APFloat> values;
    for (APFloat v : dense.getValues<APFloat>()) {
      v.changeSign();
      values.push_back(v);
    }
    return DenseElementsAttr::get(getType(), values);
  }
  if (!isa<IntegerType>(element) || element.isInteger(1))
    return nullptr;
  SmallVector<APInt> values;
  for (const APInt &v : dense.getValues<APInt>())
    values.push_back(-v);
  return DenseElementsAttr::get(getType(), values);
}

OpFoldResult SqueezeOp::fold(FoldAdaptor adaptor) {
  return reshapeConstant(adaptor.getInput(), getType());
}

OpFoldResult UnsqueezeOp::fold(FoldAdaptor adaptor) {
  return reshapeConstant(adaptor.getInput(), getType());
}

/// The elements of constants, row-major, as attributes.
static SmallVector<Attribute> elementsOf(DenseElementsAttr dense) {
  return SmallVector<Attribute>(dense.getValues<Attribute>());
}

OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  RankedTensorType type = getType();
  if (!isSmallStatic(type))
    return nullptr;
  int64_t rank = type.getRank();
  int64_t axis = getAxis() < 0 ? getAxis() + rank : getAxis();
  if (axis < 0 || axis >= rank)
    return nullptr;
  SmallVector<DenseElementsAttr> parts;
  for (Attribute a : adaptor.getInputs()) {
    auto dense = dyn_cast_if_present<DenseElementsAttr>(a);
    if (!dense || !dense.getType().hasStaticShape())
      return nullptr;
    parts.push_back(dense);
  }
  // Rows: the product of the dims before the axis; each part contributes
  // its block of (its axis size x inner) elements per row.
  int64_t rows = 1;
  for (int64_t i = 0; i < axis; ++i)
    rows *= type.getDimSize(i);
  SmallVector<SmallVector<Attribute>> elements;
  for (DenseElementsAttr d : parts)
    elements.push_back(elementsOf(d));
  SmallVector<Attribute> out;
  for (int64_t r = 0; r < rows; ++r)
    for (auto [d, e] : llvm::zip(parts, elements)) {
      int64_t block = d.getNumElements() / std::max<int64_t>(rows, 1);
      out.append(e.begin() + r * block, e.begin() + (r + 1) * block);
    }
  if (static_cast<int64_t>(out.size()) != type.getNumElements())
    return nullptr;
  return DenseElementsAttr::get(type, out);
}

OpFoldResult GatherOp::fold(FoldAdaptor adaptor) {
  auto data = dyn_cast_if_present<DenseElementsAttr>(adaptor.getData());
  auto indices = dyn_cast_if_present<DenseElementsAttr>(adaptor.getIndices());
  RankedTensorType type = getType();
  // Gathers from a vector (a shape), the common case of shape arithmetic.
  if (!data || !indices || data.getType().getRank() != 1 ||
      !isSmallStatic(type))
    return nullptr;
  SmallVector<Attribute> elements = elementsOf(data);
  int64_t n = elements.size();
  SmallVector<Attribute> out;
  for (const APInt &i : indices.getValues<APInt>()) {
    int64_t k = i.getSExtValue();
    if (k < 0)
      k += n;
    if (k < 0 || k >= n)
      return nullptr;
    out.push_back(elements[k]);
  }
  return DenseElementsAttr::get(type, out);
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  auto data = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  RankedTensorType type = getType();
  // Slices of a vector (a shape).
  if (!data || data.getType().getRank() != 1 || !isSmallStatic(type) ||
      getStarts().size() != 1 || getEnds().size() != 1)
    return nullptr;
  if (getAxes() && (getAxes()->size() != 1 ||
                    ((*getAxes())[0] != 0 && (*getAxes())[0] != -1)))
    return nullptr;
  int64_t step = getSteps() && !getSteps()->empty() ? (*getSteps())[0] : 1;
  if (step == 0)
    return nullptr;
  SmallVector<Attribute> elements = elementsOf(data);
  int64_t n = elements.size();
  auto clampIndex = [&](int64_t v, int64_t lo, int64_t hi) {
    if (v < 0)
      v += n;
    return std::clamp<int64_t>(v, lo, hi);
  };
  int64_t start = getStarts()[0], end = getEnds()[0];
  SmallVector<Attribute> out;
  if (step > 0) {
    for (int64_t i = clampIndex(start, 0, n), e = clampIndex(end, 0, n); i < e;
         i += step)
      out.push_back(elements[i]);
  } else {
    for (int64_t i = clampIndex(start, -1, n - 1),
                 e = clampIndex(end, -1, n - 1);
         i > e; i += step)
      out.push_back(elements[i]);
  }
  if (static_cast<int64_t>(out.size()) != type.getNumElements())
    return nullptr;
  return DenseElementsAttr::get(type, out);
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  if (getInput().getType() != getType())
    return nullptr;
  std::optional<ArrayRef<int64_t>> perm = getPerm();
  if (!perm)
    return getType().getRank() <= 1 ? getInput() : nullptr;
  for (auto [i, p] : llvm::enumerate(*perm))
    if (static_cast<int64_t>(i) != p)
      return nullptr;
  return getInput();
}

//===----------------------------------------------------------------------===//
// Binary elementwise folders
//===----------------------------------------------------------------------===//

/// Evaluates a binary operation on two small constants of the result type.
template <typename FloatFn, typename IntFn>
static Attribute foldConstants(Type resultType, ArrayRef<Attribute> operands,
                               FloatFn &&floatFn, IntFn &&intFn) {
  if (!isSmallStatic(resultType) || !operands[0] || !operands[1])
    return nullptr;
  // A splat of another shape (a scalar) broadcasts to the result's.
  SmallVector<Attribute, 2> broadcast(operands);
  for (Attribute &a : broadcast)
    if (auto dense = dyn_cast<DenseElementsAttr>(a);
        dense && dense.isSplat() && dense.getType() != resultType &&
        dense.getType().getElementType() ==
            cast<ShapedType>(resultType).getElementType())
      a = DenseElementsAttr::get(cast<ShapedType>(resultType),
                                 dense.getSplatValue<Attribute>());
  operands = broadcast;
  auto lhs = dyn_cast<TypedAttr>(operands[0]);
  auto rhs = dyn_cast<TypedAttr>(operands[1]);
  if (!lhs || !rhs || lhs.getType() != resultType ||
      rhs.getType() != resultType)
    return nullptr;
  Type element = cast<ShapedType>(resultType).getElementType();
  if (isa<FloatType>(element))
    return constFoldBinaryOpConditional<FloatAttr, APFloat, /*Poison=*/void>(
        operands, [&](const APFloat &a, const APFloat &b) {
          return std::optional<APFloat>(floatFn(a, b));
        });
  if (isa<IntegerType>(element))
    return constFoldBinaryOpConditional<IntegerAttr, APInt, /*Poison=*/void>(
        operands, [&](const APInt &a, const APInt &b) {
          return std::optional<APInt>(intFn(a, b));
        });
  return nullptr;
}

/// Returns true if `value` is a constant splat equal to `number`.
static bool isSplatOf(Value value, int64_t number) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  auto splat = dyn_cast<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  Type element = splat.getElementType();
  if (isa<FloatType>(element))
    return splat.getSplatValue<APFloat>().isExactlyValue(
        static_cast<double>(number));
  if (isa<IntegerType>(element))
    return splat.getSplatValue<APInt>().getSExtValue() == number;
  return false;
}

/// Folds `x op c` to `x` when `c` is a splat of the neutral element and the
/// result keeps the type of `x`. `floatToo` is false where the identity does
/// not hold for IEEE floats (x + 0 turns -0.0 into +0.0).
static OpFoldResult foldNeutralRhs(Value lhs, Value rhs, Type resultType,
                                   int64_t neutral, bool floatToo) {
  if (lhs.getType() != resultType || !isSplatOf(rhs, neutral))
    return nullptr;
  if (!floatToo && isa<FloatType>(getElementTypeOrSelf(resultType)))
    return nullptr;
  return lhs;
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (Attribute c = foldConstants(
          getType(), adaptor.getOperands(),
          [](const APFloat &a, const APFloat &b) { return a + b; },
          [](const APInt &a, const APInt &b) { return a + b; }))
    return c;
  return foldNeutralRhs(getLhs(), getRhs(), getType(), 0, false);
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (Attribute c = foldConstants(
          getType(), adaptor.getOperands(),
          [](const APFloat &a, const APFloat &b) { return a - b; },
          [](const APInt &a, const APInt &b) { return a - b; }))
    return c;
  return foldNeutralRhs(getLhs(), getRhs(), getType(), 0, true);
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (Attribute c = foldConstants(
          getType(), adaptor.getOperands(),
          [](const APFloat &a, const APFloat &b) { return a * b; },
          [](const APInt &a, const APInt &b) { return a * b; }))
    return c;
  return foldNeutralRhs(getLhs(), getRhs(), getType(), 1, true);
}

/// The integers of `type` are unsigned (else signless, read as signed).
static bool isUnsignedElement(Type type) {
  return getElementTypeOrSelf(type).isUnsignedInteger();
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  // Integer division by zero is left to run time.
  bool isUnsigned = isUnsignedElement(getType());
  if (Attribute c = foldConstants(
          getType(), adaptor.getOperands(),
          [](const APFloat &a, const APFloat &b) { return a / b; },
          [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
            if (b.isZero())
              return std::nullopt;
            return isUnsigned ? a.udiv(b) : a.sdiv(b);
          }))
    return c;
  return foldNeutralRhs(getLhs(), getRhs(), getType(), 1, true);
}

/// x ** 0 is 1 for every x, NaN and infinities included (IEEE 754 pow,
/// C's pow, ONNX Pow): a splat of ones once the result's shape is static.
OpFoldResult PowOp::fold(FoldAdaptor) {
  auto type = dyn_cast<RankedTensorType>(getType());
  if (!type || !type.hasStaticShape() || !isSplatOf(getRhs(), 0))
    return nullptr;
  Type element = type.getElementType();
  if (auto f = dyn_cast<FloatType>(element))
    return SplatElementsAttr::get(type, FloatAttr::get(f, 1.0));
  return SplatElementsAttr::get(type, IntegerAttr::get(element, 1));
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  bool isUnsigned = isUnsignedElement(getType());
  return foldConstants(
      getType(), adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return llvm::maximum(a, b); },
      [&](const APInt &a, const APInt &b) {
        return (isUnsigned ? a.uge(b) : a.sge(b)) ? a : b;
      });
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  bool isUnsigned = isUnsignedElement(getType());
  return foldConstants(
      getType(), adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return llvm::minimum(a, b); },
      [&](const APInt &a, const APInt &b) {
        return (isUnsigned ? a.ule(b) : a.sle(b)) ? a : b;
      });
}

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//

namespace {
/// Collapses a chain of shape-only operations (reshape, flatten, squeeze,
/// unsqueeze, identity, dropout) whose result is static into one reshape of
/// the chain's source, or into the source itself when the shapes agree. The
/// operations are found through NNGraphOpInterface::isShapeOnly, so a new
/// shape-only operation takes part without changing this pattern.
struct CollapseShapeOnlyChain
    : public OpInterfaceRewritePattern<NNGraphOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(NNGraphOpInterface op,
                                PatternRewriter &rewriter) const override {
    if (!op.isShapeOnly() || op->getNumOperands() < 1 ||
        op->getNumResults() != 1)
      return failure();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !resultType.hasStaticShape())
      return failure();
    Value source = op->getOperand(0);
    bool walked = false;
    while (auto producer = source.getDefiningOp<NNGraphOpInterface>()) {
      if (!producer.isShapeOnly() || producer->getNumOperands() < 1)
        break;
      source = producer->getOperand(0);
      walked = true;
    }
    if (source.getType() == resultType) {
      rewriter.replaceOp(op, source);
      return success();
    }
    if (!walked || (isa<ReshapeOp>(op) && op->getOperand(0) == source))
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(
        op, resultType, source,
        rewriter.getDenseI64ArrayAttr(resultType.getShape()));
    return success();
  }
};

/// transpose(transpose(x, p1), p2) -> transpose(x, p1[p2]), or x when the
/// composition is the identity.
struct ComposeTransposes : public OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner)
      return failure();
    auto perm = [](TransposeOp t) {
      int64_t rank = t.getInput().getType().getRank();
      SmallVector<int64_t> p;
      if (auto attr = t.getPerm())
        p.assign(attr->begin(), attr->end());
      else
        for (int64_t i = rank - 1; i >= 0; --i)
          p.push_back(i);
      return p;
    };
    SmallVector<int64_t> innerPerm = perm(inner), outerPerm = perm(op);
    SmallVector<int64_t> composed;
    bool identity = true;
    for (auto [i, p] : llvm::enumerate(outerPerm)) {
      composed.push_back(innerPerm[p]);
      identity &= composed.back() == static_cast<int64_t>(i);
    }
    Value source = inner.getInput();
    if (identity && source.getType() == op.getType()) {
      rewriter.replaceOp(op, source);
      return success();
    }
    rewriter.replaceOpWithNewOp<TransposeOp>(
        op, op.getType(), source, rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};
} // namespace

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ComposeTransposes>(context);
}

namespace {
/// auto_pad (SAME_UPPER, SAME_LOWER, VALID) as explicit pads once the
/// spatial sizes are static: the lowerings read pads only. SAME pads
/// total = max((ceil(in / s) - 1) * s + (k - 1) * d + 1 - in, 0), the
/// extra one at the end (UPPER) or the beginning (LOWER), as ONNX says.
template <typename OpTy>
struct ResolveAutoPad : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    AutoPad autoPad = op.getAutoPad();
    if (autoPad == AutoPad::NotSet)
      return failure();
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto out = dyn_cast<RankedTensorType>(op.getType());
    if (!in || !out || in.getRank() < 3 || out.getRank() != in.getRank())
      return failure();
    int64_t n = in.getRank() - 2;
    SmallVector<int64_t> kernel;
    if constexpr (std::is_same_v<OpTy, ConvOp>) {
      auto w = dyn_cast<RankedTensorType>(op.getWeight().getType());
      if (!w || w.getRank() != n + 2)
        return failure();
      kernel.assign(w.getShape().begin() + 2, w.getShape().end());
    } else {
      kernel.assign(op.getKernelShape().begin(), op.getKernelShape().end());
    }
    SmallVector<int64_t> ones(n, 1);
    ArrayRef<int64_t> strides = op.getStrides().value_or(ones);
    ArrayRef<int64_t> dilations = op.getDilations().value_or(ones);
    if (static_cast<int64_t>(kernel.size()) != n ||
        static_cast<int64_t>(strides.size()) != n ||
        static_cast<int64_t>(dilations.size()) != n)
      return failure();
    bool ceilMode = false;
    if constexpr (!std::is_same_v<OpTy, ConvOp>)
      ceilMode = op.getCeilMode();
    SmallVector<int64_t> pads(2 * n, 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t size = in.getDimSize(i + 2);
      if (ShapedType::isDynamic(size) || ShapedType::isDynamic(kernel[i]))
        return failure();
      if (autoPad != AutoPad::Valid) {
        int64_t o = llvm::divideCeil(size, strides[i]);
        int64_t total = std::max<int64_t>(
            (o - 1) * strides[i] + (kernel[i] - 1) * dilations[i] + 1 - size,
            0);
        int64_t small = total / 2, large = total - small;
        pads[i] = autoPad == AutoPad::SameUpper ? small : large;
        pads[i + n] = autoPad == AutoPad::SameUpper ? large : small;
      }
      // The explicit pads must give the same output size.
      nngraph::detail::WindowAxis axis{size,         kernel[i], strides[i],
                                       dilations[i], pads[i],   pads[i + n]};
      if (nngraph::detail::windowOutputSize(axis, AutoPad::NotSet, ceilMode) !=
          out.getDimSize(i + 2))
        return failure();
    }
    rewriter.modifyOpInPlace(op, [&] {
      op.setPads(pads);
      op.setAutoPad(AutoPad::NotSet);
    });
    return success();
  }
};
} // namespace

void nngraph::populateResolveAutoPadPatterns(RewritePatternSet &patterns) {
  patterns.add<ResolveAutoPad<ConvOp>, ResolveAutoPad<MaxPoolOp>,
               ResolveAutoPad<AvgPoolOp>>(patterns.getContext());
}

void NNGraphDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<CollapseShapeOnlyChain>(getContext());
  populateResolveAutoPadPatterns(results);
}
