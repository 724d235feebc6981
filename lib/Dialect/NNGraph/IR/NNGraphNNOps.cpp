//===- NNGraphNNOps.cpp - convolution, dense and norm ops -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements result-type inference and verification of the
// convolution, dense-layer and normalisation operations of nngraph. Shapes
// follow the ONNX operator definitions.
//
//===----------------------------------------------------------------------===//

#include "ShapeUtils.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Traits.h"
#include "llvm/ADT/StringExtras.h"
#include <map>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

/// Static dimensions `a` and `b` must agree; dynamic ones agree with anything.
static bool dimsAgree(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

/// Checks that `value` is a 1-D tensor of `size` elements (e.g. a bias).
static LogicalResult checkVector(StringRef opName, OptLoc loc, Value value,
                                 StringRef what, int64_t size) {
  auto type = getRankedType(opName, loc, value, what);
  if (!type)
    return failure();
  if (type.getRank() != 1 || !dimsAgree(type.getDimSize(0), size))
    return opError(opName, loc,
                   "expects '" + what + "' of shape " + formatShape({size}) +
                       ", got " + formatShape(type.getShape()));
  return success();
}

/// Checks the operands shared by Conv and ConvTranspose and reads the window
/// attributes. `inChannelsPerGroupDim` is the weight axis that holds the input
/// channels (per group for Conv, all of them for ConvTranspose).
static LogicalResult
checkConvCommon(StringRef name, OptLoc loc, RankedTensorType input,
                RankedTensorType weight, int64_t group, OptI64s strides,
                OptI64s dilations, OptI64s pads, AutoPad autoPad,
                SmallVectorImpl<int64_t> &s, SmallVectorImpl<int64_t> &d,
                SmallVectorImpl<int64_t> &p) {
  int64_t rank = input.getRank();
  if (rank < 3)
    return opError(name, loc,
                   "expects an input of rank >= 3 (N x C x spatial...), got "
                   "rank " +
                       llvm::Twine(rank));
  if (weight.getRank() != rank)
    return opError(name, loc,
                   "expects a weight of rank " + llvm::Twine(rank) +
                       " like the input, got rank " +
                       llvm::Twine(weight.getRank()));
  if (input.getElementType() != weight.getElementType())
    return opError(name, loc,
                   "expects input and weight of the same element type");
  if (group < 1)
    return opError(name, loc,
                   "expects 'group' >= 1, got " + llvm::Twine(group));
  int64_t n = rank - 2;
  if (failed(getSpatialAttr(name, loc, "strides", strides, n, 1, 1, s)) ||
      failed(getSpatialAttr(name, loc, "dilations", dilations, n, 1, 1, d)) ||
      failed(getSpatialAttr(name, loc, "pads", pads, 2 * n, 0, 0, p)))
    return failure();
  if (pads && autoPad != AutoPad::NotSet)
    return opError(name, loc, "expects no 'pads' when 'auto_pad' is set");
  return success();
}

LogicalResult ConvOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  auto weight = getRankedType(name, loc, adaptor.getWeight(), "weight");
  if (!input || !weight)
    return failure();
  int64_t group = adaptor.getGroup();
  SmallVector<int64_t> s, d, p;
  if (failed(checkConvCommon(name, loc, input, weight, group,
                             adaptor.getStrides(), adaptor.getDilations(),
                             adaptor.getPads(), adaptor.getAutoPad(), s, d, p)))
    return failure();
  int64_t channels = input.getDimSize(1);
  int64_t perGroup = weight.getDimSize(1);
  int64_t filters = weight.getDimSize(0);
  if (!ShapedType::isDynamic(channels) && channels % group != 0)
    return opError(name, loc,
                   "expects input channels " + llvm::Twine(channels) +
                       " to be divisible by 'group' " + llvm::Twine(group));
  if (!ShapedType::isDynamic(channels) && !ShapedType::isDynamic(perGroup) &&
      perGroup * group != channels)
    return opError(name, loc,
                   "expects weight dimension 1 (" + llvm::Twine(perGroup) +
                       ") times 'group' (" + llvm::Twine(group) +
                       ") to equal the input channels " +
                       llvm::Twine(channels));
  if (!ShapedType::isDynamic(filters) && filters % group != 0)
    return opError(name, loc,
                   "expects output channels " + llvm::Twine(filters) +
                       " to be divisible by 'group' " + llvm::Twine(group));
  if (adaptor.getBias() &&
      failed(checkVector(name, loc, adaptor.getBias(), "bias", filters)))
    return failure();

  int64_t n = input.getRank() - 2;
  SmallVector<int64_t> shape{input.getDimSize(0), filters};
  for (int64_t i = 0; i < n; ++i) {
    WindowAxis axis{input.getDimSize(2 + i),
                    weight.getDimSize(2 + i),
                    s[i],
                    d[i],
                    p[i],
                    p[n + i]};
    if (ShapedType::isDynamic(axis.kernel)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t out = windowOutputSize(axis, adaptor.getAutoPad(), false);
    if (out == 0)
      return opError(name, loc,
                     "kernel of size " + llvm::Twine(axis.kernel) +
                         " (dilation " + llvm::Twine(axis.dilation) +
                         ") does not fit spatial axis " + llvm::Twine(i) +
                         " of size " + llvm::Twine(axis.input) +
                         " with its padding");
    shape.push_back(out);
  }
  inferred.push_back(RankedTensorType::get(shape, input.getElementType()));
  return success();
}

LogicalResult
ConvTransposeOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  auto weight = getRankedType(name, loc, adaptor.getWeight(), "weight");
  if (!input || !weight)
    return failure();
  int64_t group = adaptor.getGroup();
  SmallVector<int64_t> s, d, p, outPad;
  if (failed(checkConvCommon(name, loc, input, weight, group,
                             adaptor.getStrides(), adaptor.getDilations(),
                             adaptor.getPads(), adaptor.getAutoPad(), s, d, p)))
    return failure();
  int64_t n = input.getRank() - 2;
  if (failed(getSpatialAttr(name, loc, "output_padding",
                            adaptor.getOutputPadding(), n, 0, 0, outPad)))
    return failure();
  for (int64_t i = 0; i < n; ++i)
    if (outPad[i] >= s[i] && outPad[i] >= d[i])
      return opError(name, loc,
                     "expects 'output_padding' smaller than the stride or "
                     "the dilation on spatial axis " +
                         llvm::Twine(i));
  if (!dimsAgree(weight.getDimSize(0), input.getDimSize(1)))
    return opError(name, loc,
                   "expects weight dimension 0 (" +
                       llvm::Twine(weight.getDimSize(0)) +
                       ") to equal the input channels " +
                       llvm::Twine(input.getDimSize(1)));
  int64_t filters = ShapedType::isDynamic(weight.getDimSize(1))
                        ? ShapedType::kDynamic
                        : weight.getDimSize(1) * group;
  if (adaptor.getBias() &&
      failed(checkVector(name, loc, adaptor.getBias(), "bias", filters)))
    return failure();

  SmallVector<int64_t> shape{input.getDimSize(0), filters};
  if (OptI64s given = adaptor.getOutputShape()) {
    SmallVector<int64_t> sizes;
    if (failed(
            getSpatialAttr(name, loc, "output_shape", given, n, 1, 1, sizes)))
      return failure();
    shape.append(sizes);
  } else {
    bool same = adaptor.getAutoPad() == AutoPad::SameUpper ||
                adaptor.getAutoPad() == AutoPad::SameLower;
    bool valid = adaptor.getAutoPad() == AutoPad::Valid;
    for (int64_t i = 0; i < n; ++i) {
      int64_t in = input.getDimSize(2 + i), k = weight.getDimSize(2 + i);
      if (ShapedType::isDynamic(in) || ShapedType::isDynamic(k)) {
        shape.push_back(ShapedType::kDynamic);
        continue;
      }
      int64_t padding = valid ? 0 : p[i] + p[n + i];
      int64_t out =
          same ? in * s[i]
               : s[i] * (in - 1) + outPad[i] + (k - 1) * d[i] + 1 - padding;
      if (out < 1)
        return opError(name, loc,
                       "computes a non-positive output size " +
                           llvm::Twine(out) + " on spatial axis " +
                           llvm::Twine(i));
      shape.push_back(out);
    }
  }
  inferred.push_back(RankedTensorType::get(shape, input.getElementType()));
  return success();
}

LogicalResult GemmOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto a = getRankedType(name, loc, adaptor.getA(), "A");
  auto b = getRankedType(name, loc, adaptor.getB(), "B");
  if (!a || !b)
    return failure();
  if (a.getRank() != 2 || b.getRank() != 2)
    return opError(name, loc,
                   "expects 2-D operands A and B, got shapes " +
                       formatShape(a.getShape()) + " and " +
                       formatShape(b.getShape()));
  bool ta = adaptor.getTransA(), tb = adaptor.getTransB();
  int64_t m = a.getDimSize(ta ? 1 : 0), ka = a.getDimSize(ta ? 0 : 1);
  int64_t kb = b.getDimSize(tb ? 1 : 0), n = b.getDimSize(tb ? 0 : 1);
  if (!dimsAgree(ka, kb))
    return opError(name, loc,
                   "expects matching inner dimensions, got " + llvm::Twine(ka) +
                       " (A) and " + llvm::Twine(kb) + " (B)");
  SmallVector<int64_t> shape{m, n};
  if (Value c = adaptor.getC()) {
    auto cType = getRankedType(name, loc, c, "C");
    if (!cType)
      return failure();
    SmallVector<int64_t> broadcast;
    if (cType.getRank() > 2 ||
        !OpTrait::util::getBroadcastedShape(shape, cType.getShape(),
                                            broadcast) ||
        failed(verifyCompatibleShape(broadcast, shape)))
      return opError(name, loc,
                     "expects C of shape " + formatShape(cType.getShape()) +
                         " to broadcast to " + formatShape(shape));
  }
  inferred.push_back(RankedTensorType::get(shape, a.getElementType()));
  return success();
}

LogicalResult MatMulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto a = getRankedType(name, loc, adaptor.getA(), "A");
  auto b = getRankedType(name, loc, adaptor.getB(), "B");
  if (!a || !b)
    return failure();
  if (a.getRank() < 1 || b.getRank() < 1)
    return opError(name, loc, "expects operands of rank >= 1");
  SmallVector<int64_t> aShape(a.getShape()), bShape(b.getShape());
  bool aVector = aShape.size() == 1, bVector = bShape.size() == 1;
  if (aVector)
    aShape.insert(aShape.begin(), 1);
  if (bVector)
    bShape.push_back(1);
  int64_t ka = aShape.back(), kb = bShape[bShape.size() - 2];
  if (!dimsAgree(ka, kb))
    return opError(name, loc,
                   "expects matching inner dimensions, got shapes " +
                       formatShape(a.getShape()) + " and " +
                       formatShape(b.getShape()));
  SmallVector<int64_t> batch;
  if (!OpTrait::util::getBroadcastedShape(ArrayRef(aShape).drop_back(2),
                                          ArrayRef(bShape).drop_back(2), batch))
    return opError(
        name, loc,
        "expects broadcast-compatible batch dimensions, got shapes " +
            formatShape(a.getShape()) + " and " + formatShape(b.getShape()));
  if (!aVector)
    batch.push_back(aShape[aShape.size() - 2]);
  if (!bVector)
    batch.push_back(bShape.back());
  inferred.push_back(RankedTensorType::get(batch, a.getElementType()));
  return success();
}

LogicalResult BatchNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  if (input.getRank() < 2)
    return opError(name, loc,
                   "expects an input of rank >= 2 (N x C x ...), got rank " +
                       llvm::Twine(input.getRank()));
  int64_t c = input.getDimSize(1);
  if (failed(checkVector(name, loc, adaptor.getScale(), "scale", c)) ||
      failed(checkVector(name, loc, adaptor.getBias(), "bias", c)) ||
      failed(checkVector(name, loc, adaptor.getMean(), "mean", c)) ||
      failed(checkVector(name, loc, adaptor.getVar(), "var", c)))
    return failure();
  inferred.push_back(input);
  return success();
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  int64_t axis = adaptor.getAxis();
  if (failed(normalizeAxis(name, loc, axis, input.getRank())))
    return failure();
  ArrayRef<int64_t> normalized = input.getShape().drop_front(axis);
  for (Value v : {adaptor.getScale(), adaptor.getBias()}) {
    if (!v)
      continue;
    auto type = getRankedType(name, loc, v, "scale and bias");
    if (!type)
      return failure();
    SmallVector<int64_t> shape;
    if (type.getRank() > static_cast<int64_t>(normalized.size()) ||
        !OpTrait::util::getBroadcastedShape(normalized, type.getShape(),
                                            shape) ||
        failed(verifyCompatibleShape(shape, normalized)))
      return opError(name, loc,
                     "expects scale and bias to broadcast to the normalized "
                     "shape " +
                         formatShape(normalized) + ", got " +
                         formatShape(type.getShape()));
  }
  inferred.push_back(input);
  return success();
}

LogicalResult
InstanceNormOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                 Adaptor adaptor,
                                 SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  if (input.getRank() < 3)
    return opError(name, loc,
                   "expects an input of rank >= 3 (N x C x spatial...), got "
                   "rank " +
                       llvm::Twine(input.getRank()));
  int64_t c = input.getDimSize(1);
  if (failed(checkVector(name, loc, adaptor.getScale(), "scale", c)) ||
      failed(checkVector(name, loc, adaptor.getBias(), "bias", c)))
    return failure();
  inferred.push_back(input);
  return success();
}

LogicalResult LRNOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  if (input.getRank() < 3)
    return opError(name, loc,
                   "expects an input of rank >= 3 (N x C x spatial...), got "
                   "rank " +
                       llvm::Twine(input.getRank()));
  if (static_cast<int64_t>(adaptor.getSize()) < 1)
    return opError(name, loc,
                   "expects 'size' >= 1, got " +
                       llvm::Twine(static_cast<int64_t>(adaptor.getSize())));
  inferred.push_back(input);
  return success();
}

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

FailureOr<EinsumEquation> nngraph::parseEinsumEquation(StringRef equation,
                                                       ArrayRef<int64_t> ranks,
                                                       std::string &error) {
  std::string text;
  for (char c : equation)
    if (c != ' ')
      text += c;
  StringRef all(text);
  auto [lhs, rhs] = all.split("->");
  bool explicitOutput = all.contains("->");
  SmallVector<StringRef> terms;
  lhs.split(terms, ',');
  if (terms.size() != ranks.size()) {
    error = "has " + std::to_string(terms.size()) + " operand terms for " +
            std::to_string(ranks.size()) + " operands";
    return failure();
  }
  // A term: its letters, and where its ellipsis is (npos: none).
  struct Term {
    std::string letters;
    size_t ellipsis = StringRef::npos;
  };
  auto parseTerm = [&](StringRef t, Term &term) {
    for (size_t i = 0; i < t.size();) {
      if (t.substr(i).starts_with("...")) {
        if (term.ellipsis != StringRef::npos)
          return false;
        term.ellipsis = term.letters.size();
        i += 3;
        continue;
      }
      if (!llvm::isAlpha(t[i]))
        return false;
      term.letters += t[i++];
    }
    return true;
  };
  SmallVector<Term> inputs(terms.size());
  int64_t numEllipsis = 0;
  for (auto [i, t] : llvm::enumerate(terms)) {
    if (!parseTerm(t, inputs[i])) {
      error = "has a malformed term '" + t.str() + "'";
      return failure();
    }
    int64_t rest = ranks[i] - int64_t(inputs[i].letters.size());
    if (rest < 0 || (rest > 0 && inputs[i].ellipsis == StringRef::npos)) {
      error = "names " + std::to_string(inputs[i].letters.size()) +
              " axes of operand " + std::to_string(i) + " of rank " +
              std::to_string(ranks[i]);
      return failure();
    }
    if (inputs[i].ellipsis != StringRef::npos)
      numEllipsis = std::max(numEllipsis, rest);
  }
  EinsumEquation result;
  llvm::DenseMap<char, unsigned> labelOf;
  std::map<char, unsigned> counts; // Sorted: the implicit output's order.
  auto label = [&](char c) {
    auto [it, inserted] = labelOf.try_emplace(c, 0);
    if (inserted)
      it->second = numEllipsis + labelOf.size() - 1;
    return it->second;
  };
  for (auto [i, term] : llvm::enumerate(inputs)) {
    SmallVector<unsigned> &axes = result.inputs.emplace_back();
    int64_t rest = ranks[i] - int64_t(term.letters.size());
    for (size_t j = 0; j <= term.letters.size(); ++j) {
      if (j == term.ellipsis)
        for (int64_t e = numEllipsis - rest; e < numEllipsis; ++e)
          axes.push_back(e);
      if (j < term.letters.size()) {
        axes.push_back(label(term.letters[j]));
        ++counts[term.letters[j]];
      }
    }
  }
  if (explicitOutput) {
    Term out;
    if (!parseTerm(rhs, out)) {
      error = "has a malformed result term '" + rhs.str() + "'";
      return failure();
    }
    for (size_t j = 0; j <= out.letters.size(); ++j) {
      if (j == out.ellipsis)
        for (int64_t e = 0; e < numEllipsis; ++e)
          result.output.push_back(e);
      if (j == out.letters.size())
        break;
      char c = out.letters[j];
      if (!labelOf.count(c) || out.letters.find(c) != j) {
        error = "names '" + std::string(1, c) +
                "' in the result, which no operand names or it repeats";
        return failure();
      }
      result.output.push_back(labelOf[c]);
    }
  } else {
    for (int64_t e = 0; e < numEllipsis; ++e)
      result.output.push_back(e);
    for (auto [c, n] : counts)
      if (n == 1)
        result.output.push_back(labelOf[c]);
  }
  result.numLabels = numEllipsis + labelOf.size();
  return result;
}

LogicalResult EinsumOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  SmallVector<RankedTensorType> types;
  SmallVector<int64_t> ranks;
  for (Value v : adaptor.getInputs()) {
    auto t = getRankedType(name, loc, v, "input");
    if (!t)
      return failure();
    types.push_back(t);
    ranks.push_back(t.getRank());
  }
  if (types.empty())
    return opError(name, loc, "expects at least one operand");
  std::string error;
  FailureOr<EinsumEquation> eq =
      parseEinsumEquation(adaptor.getEquation(), ranks, error);
  if (failed(eq))
    return opError(name, loc,
                   "equation '" + adaptor.getEquation() + "' " + error);
  // A label's size: a static size other than 1 wins (1 broadcasts).
  SmallVector<int64_t> sizes(eq->numLabels, ShapedType::kDynamic);
  for (auto [type, axes] : llvm::zip_equal(types, eq->inputs)) {
    if (type.getElementType() != types.front().getElementType())
      return opError(name, loc, "expects operands of one element type");
    for (auto [size, l] : llvm::zip_equal(type.getShape(), axes)) {
      if (ShapedType::isDynamic(size))
        continue;
      int64_t &known = sizes[l];
      if (ShapedType::isDynamic(known) || known == 1)
        known = size;
      else if (size != 1 && size != known)
        return opError(name, loc,
                       "equation '" + adaptor.getEquation() +
                           "' gives one axis the sizes " + Twine(known) +
                           " and " + Twine(size));
    }
  }
  SmallVector<int64_t> shape;
  for (unsigned l : eq->output)
    shape.push_back(sizes[l]);
  inferred.push_back(
      RankedTensorType::get(shape, types.front().getElementType()));
  return success();
}
