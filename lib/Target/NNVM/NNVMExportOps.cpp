//===- NNVMExportOps.cpp - nngraph to MXNet / NNVM operators ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file maps each nngraph operation to the one MXNet (or NNVM) operator
// that the importer maps back to exactly that operation, so that import ->
// export -> import is the identity. Operations that an importer expanded into
// several (FullyConnected with flattening, BatchNorm with fix_gamma, scalar
// operators) are written one by one, except where the source has a single
// operator for the pair: a binary operation with a scalar constant becomes
// `_mul_scalar` and friends, a BatchNorm whose gamma is ones gets
// `fix_gamma=True`. What MXNet cannot express (asymmetric convolution pads,
// auto_pad, a Gemm with alpha) is refused with the reason.
//
//===----------------------------------------------------------------------===//

#include "NNVMExportInternal.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include <cstdlib>
#include <limits>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

//===----------------------------------------------------------------------===//
// String forms
//===----------------------------------------------------------------------===//

std::string nnvm::formatTuple(ArrayRef<int64_t> values) {
  std::string s = "(";
  for (auto [i, v] : llvm::enumerate(values))
    s += (i ? ", " : "") + std::to_string(v);
  return s + (values.size() == 1 ? ",)" : ")");
}

std::string nnvm::formatBool(bool value) { return value ? "True" : "False"; }

std::string nnvm::formatFloat(double value, bool isF32) {
  // The shortest form that parses back to the same float ("0.2", not
  // "0.200000003").
  for (int digits = 6; digits <= 17; ++digits) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << llvm::format("%.*g", digits, value);
    double parsed = std::strtod(s.c_str(), nullptr);
    if (isF32 ? static_cast<float>(parsed) == static_cast<float>(value)
              : parsed == value)
      return s;
  }
  return std::to_string(value);
}

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool isNNVM(ExportContext &ctx) { return ctx.flavor == Flavor::NNVM; }

DenseI64ArrayAttr getI64s(Operation *op, StringRef name) {
  return op->getAttrOfType<DenseI64ArrayAttr>(name);
}

int64_t getI64(Operation *op, StringRef name, int64_t dflt) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return dflt;
}

double getF32(Operation *op, StringRef name, double dflt) {
  if (auto attr = op->getAttrOfType<FloatAttr>(name))
    return attr.getValueAsDouble();
  return dflt;
}

bool getFlag(Operation *op, StringRef name, bool dflt) {
  if (auto attr = op->getAttrOfType<BoolAttr>(name))
    return attr.getValue();
  return dflt;
}

RankedTensorType rankedType(Value v) {
  return dyn_cast<RankedTensorType>(v.getType());
}

/// The value of a rank-0 splat constant used only by `user`.
std::optional<double> getScalarConstant(Value v, Operation *user) {
  auto cst = v.getDefiningOp<ConstantOp>();
  if (!cst || !v.hasOneUse() || *v.getUsers().begin() != user)
    return std::nullopt;
  auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  if (!dense || !dense.isSplat() || dense.getType().getRank() != 0)
    return std::nullopt;
  Type element = dense.getElementType();
  if (isa<FloatType>(element))
    return dense.getSplatValue<APFloat>().convertToDouble();
  if (element.isInteger(1))
    return std::nullopt;
  if (isa<IntegerType>(element))
    return static_cast<double>(dense.getSplatValue<APInt>().getSExtValue());
  return std::nullopt;
}

std::string formatScalar(double value, Type element) {
  if (isa<IntegerType>(element))
    return std::to_string(static_cast<int64_t>(value));
  return formatFloat(value, !element.isF64());
}

bool sameInputs(ExportContext &ctx) {
  ctx.inputs.assign(ctx.op->operand_begin(), ctx.op->operand_end());
  return true;
}

/// An operator with a fixed name and no attributes.
template <const char *name>
bool named(ExportContext &ctx) {
  ctx.set(name);
  return sameInputs(ctx);
}

/// MXNet `Activation(act_type=...)`; NNVM has a plain operator for some.
template <const char *actType, const char *nnvmName>
bool activation(ExportContext &ctx) {
  if (isNNVM(ctx) && *nnvmName) {
    ctx.set(nnvmName);
  } else {
    ctx.set("Activation");
    ctx.attr("act_type", actType);
  }
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

/// Binary operations: `broadcast_*`, or `_*_scalar` when one side is a
/// scalar constant that only this operation reads.
struct BinaryNames {
  const char *broadcast;
  const char *scalar;  // rhs scalar, or null
  const char *rscalar; // lhs scalar, or null
};

template <const BinaryNames &names>
bool binary(ExportContext &ctx) {
  Operation *op = ctx.op;
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type element = cast<ShapedType>(op->getResult(0).getType()).getElementType();
  if (names.scalar)
    if (std::optional<double> v = getScalarConstant(rhs, op);
        v && rhs != lhs && rankedType(lhs)) {
      ctx.set(names.scalar);
      ctx.attr("scalar", formatScalar(*v, element));
      ctx.inputs = {lhs};
      return true;
    }
  if (names.rscalar)
    if (std::optional<double> v = getScalarConstant(lhs, op);
        v && rhs != lhs && rankedType(rhs)) {
      ctx.set(names.rscalar);
      ctx.attr("scalar", formatScalar(*v, element));
      ctx.inputs = {rhs};
      return true;
    }
  ctx.set(names.broadcast);
  return sameInputs(ctx);
}

constexpr BinaryNames addNames{"broadcast_add", "_plus_scalar", nullptr};
constexpr BinaryNames subNames{"broadcast_sub", "_minus_scalar",
                               "_rminus_scalar"};
constexpr BinaryNames mulNames{"broadcast_mul", "_mul_scalar", nullptr};
constexpr BinaryNames divNames{"broadcast_div", "_div_scalar", "_rdiv_scalar"};
constexpr BinaryNames powNames{"broadcast_power", "_power_scalar", nullptr};
constexpr BinaryNames maxNames{"broadcast_maximum", "_maximum_scalar", nullptr};
constexpr BinaryNames minNames{"broadcast_minimum", "_minimum_scalar", nullptr};
constexpr BinaryNames eqNames{"broadcast_equal", nullptr, nullptr};
constexpr BinaryNames neNames{"broadcast_not_equal", nullptr, nullptr};
constexpr BinaryNames ltNames{"broadcast_lesser", nullptr, nullptr};
constexpr BinaryNames leNames{"broadcast_lesser_equal", nullptr, nullptr};
constexpr BinaryNames gtNames{"broadcast_greater", nullptr, nullptr};
constexpr BinaryNames geNames{"broadcast_greater_equal", nullptr, nullptr};

bool leakyRelu(ExportContext &ctx) {
  ctx.set("LeakyReLU");
  ctx.attr("act_type", "leaky");
  ctx.attr("slope", formatFloat(getF32(ctx.op, "alpha", 0.01)));
  return sameInputs(ctx);
}

bool elu(ExportContext &ctx) {
  ctx.set("LeakyReLU");
  ctx.attr("act_type", "elu");
  ctx.attr("slope", formatFloat(getF32(ctx.op, "alpha", 1.0)));
  return sameInputs(ctx);
}

bool selu(ExportContext &ctx) {
  auto op = cast<SeluOp>(ctx.op);
  if (op.getAlpha().convertToFloat() != 1.67326319217681884765625f ||
      op.getGamma().convertToFloat() != 1.05070102214813232421875f)
    return ctx.fail("MXNet's selu has fixed alpha and gamma");
  ctx.set("LeakyReLU");
  ctx.attr("act_type", "selu");
  return sameInputs(ctx);
}

bool gelu(ExportContext &ctx) {
  if (cast<GeluOp>(ctx.op).getApproximate() != GeluApproximation::None)
    return ctx.fail("MXNet's gelu is the exact (erf) form");
  ctx.set("LeakyReLU");
  ctx.attr("act_type", "gelu");
  return sameInputs(ctx);
}

bool prelu(ExportContext &ctx) {
  ctx.set("LeakyReLU");
  ctx.attr("act_type", "prelu");
  return sameInputs(ctx);
}

bool clip(ExportContext &ctx) {
  ctx.set("clip");
  if (ctx.op->hasAttr("min"))
    ctx.attr("a_min", formatFloat(getF32(ctx.op, "min", 0)));
  if (ctx.op->hasAttr("max"))
    ctx.attr("a_max", formatFloat(getF32(ctx.op, "max", 0)));
  return sameInputs(ctx);
}

bool castOp(ExportContext &ctx) {
  Type element =
      cast<ShapedType>(ctx.op->getResult(0).getType()).getElementType();
  std::string dtype = getDTypeName(element);
  if (dtype.empty() || dtype == "bfloat16")
    return ctx.fail("no MXNet dtype for the result element type");
  ctx.set("Cast");
  ctx.attr("dtype", dtype);
  return sameInputs(ctx);
}

bool dropout(ExportContext &ctx) {
  ctx.set("Dropout");
  ctx.attr("p", formatFloat(getF32(ctx.op, "ratio", 0.5)));
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Convolution, dense, normalisation
//===----------------------------------------------------------------------===//

/// Splits ONNX pads [b..., e...] into the symmetric MXNet pad, or fails.
std::optional<SmallVector<int64_t>> symmetricPad(DenseI64ArrayAttr pads,
                                                 size_t n) {
  if (!pads)
    return SmallVector<int64_t>(n, 0);
  ArrayRef<int64_t> p = pads.asArrayRef();
  if (p.size() != 2 * n || p.take_front(n) != p.drop_front(n))
    return std::nullopt;
  return SmallVector<int64_t>(p.take_front(n));
}

bool checkNoAutoPad(ExportContext &ctx) {
  if (auto attr = ctx.op->getAttrOfType<AutoPadAttr>("auto_pad"))
    if (attr.getValue() != AutoPad::NotSet)
      return ctx.fail("auto_pad has no MXNet form; infer the shapes and "
                      "give explicit pads");
  return true;
}

bool conv(ExportContext &ctx) {
  auto op = cast<ConvOp>(ctx.op);
  RankedTensorType w = rankedType(op.getWeight());
  if (!w || !checkNoAutoPad(ctx))
    return w ? false : ctx.fail("the weight needs a known rank");
  size_t n = w.getRank() - 2;
  std::optional<SmallVector<int64_t>> pad = symmetricPad(op.getPadsAttr(), n);
  if (!pad)
    return ctx.fail("asymmetric pads have no MXNet Convolution form");
  SmallVector<int64_t> ones(n, 1);
  ArrayRef<int64_t> kernel = w.getShape().drop_front(2);
  if (llvm::any_of(kernel, ShapedType::isDynamic))
    return ctx.fail("the kernel size must be known");
  auto tuple = [&](StringRef name) {
    DenseI64ArrayAttr a = getI64s(op, name);
    return formatTuple(a ? a.asArrayRef() : ArrayRef<int64_t>(ones));
  };
  bool nnvm = isNNVM(ctx) && n == 2;
  ctx.set(nnvm ? "conv2d" : "Convolution");
  ctx.attr(nnvm ? "kernel_size" : "kernel", formatTuple(kernel));
  ctx.attr(nnvm ? "strides" : "stride", tuple("strides"));
  ctx.attr(nnvm ? "dilation" : "dilate", tuple("dilations"));
  ctx.attr(nnvm ? "padding" : "pad", formatTuple(*pad));
  if (!w.isDynamicDim(0))
    ctx.attr(nnvm ? "channels" : "num_filter", std::to_string(w.getDimSize(0)));
  ctx.attr(nnvm ? "groups" : "num_group", std::to_string(op.getGroup()));
  if (nnvm)
    ctx.attr("use_bias", formatBool(op.getBias() != nullptr));
  else
    ctx.attr("no_bias", formatBool(op.getBias() == nullptr));
  return sameInputs(ctx);
}

bool convTranspose(ExportContext &ctx) {
  auto op = cast<ConvTransposeOp>(ctx.op);
  RankedTensorType w = rankedType(op.getWeight());
  if (!w)
    return ctx.fail("the weight needs a known rank");
  if (!checkNoAutoPad(ctx))
    return false;
  size_t n = w.getRank() - 2;
  std::optional<SmallVector<int64_t>> pad = symmetricPad(op.getPadsAttr(), n);
  if (!pad)
    return ctx.fail("asymmetric pads have no MXNet Deconvolution form");
  ArrayRef<int64_t> kernel = w.getShape().drop_front(2);
  if (llvm::any_of(kernel, ShapedType::isDynamic) || w.isDynamicDim(1))
    return ctx.fail("the weight shape must be known");
  SmallVector<int64_t> ones(n, 1);
  auto tuple = [&](StringRef name) {
    DenseI64ArrayAttr a = getI64s(op, name);
    return formatTuple(a ? a.asArrayRef() : ArrayRef<int64_t>(ones));
  };
  ctx.set("Deconvolution");
  ctx.attr("kernel", formatTuple(kernel));
  ctx.attr("stride", tuple("strides"));
  ctx.attr("dilate", tuple("dilations"));
  ctx.attr("pad", formatTuple(*pad));
  if (DenseI64ArrayAttr adj = op.getOutputPaddingAttr())
    ctx.attr("adj", formatTuple(adj.asArrayRef()));
  if (DenseI64ArrayAttr target = op.getOutputShapeAttr())
    ctx.attr("target_shape", formatTuple(target.asArrayRef()));
  ctx.attr("num_filter", std::to_string(w.getDimSize(1) * op.getGroup()));
  ctx.attr("num_group", std::to_string(op.getGroup()));
  ctx.attr("no_bias", formatBool(op.getBias() == nullptr));
  return sameInputs(ctx);
}

bool gemm(ExportContext &ctx) {
  auto op = cast<GemmOp>(ctx.op);
  RankedTensorType a = rankedType(op.getA()), b = rankedType(op.getB());
  if (op.getTransA() || !op.getTransB() ||
      op.getAlpha().convertToFloat() != 1.0f ||
      (op.getC() && op.getBeta().convertToFloat() != 1.0f))
    return ctx.fail("only Gemm with trans_b and alpha = beta = 1 is an MXNet "
                    "FullyConnected");
  if (!a || !b || a.getRank() != 2 || b.getRank() != 2)
    return ctx.fail("FullyConnected needs 2-D operands");
  if (op.getC()) {
    RankedTensorType c = rankedType(op.getC());
    if (!c || c.getRank() != 1)
      return ctx.fail("FullyConnected needs a 1-D bias");
  }
  ctx.set(isNNVM(ctx) ? "dense" : "FullyConnected");
  if (!b.isDynamicDim(0))
    ctx.attr(isNNVM(ctx) ? "units" : "num_hidden",
             std::to_string(b.getDimSize(0)));
  if (isNNVM(ctx)) {
    ctx.attr("use_bias", formatBool(op.getC() != nullptr));
  } else {
    ctx.attr("no_bias", formatBool(op.getC() == nullptr));
    ctx.attr("flatten", "True");
  }
  return sameInputs(ctx);
}

bool matmul(ExportContext &ctx) {
  RankedTensorType a = rankedType(ctx.op->getOperand(0));
  RankedTensorType b = rankedType(ctx.op->getOperand(1));
  if (!a || !b)
    return ctx.fail("operands need a known rank");
  if (b.getRank() == 2 && a.getRank() >= 1)
    ctx.set("dot");
  else if (a.getRank() == 3 && b.getRank() == 3)
    ctx.set("batch_dot");
  else
    return ctx.fail("MXNet dot/batch_dot need a 2-D right operand or two 3-D "
                    "operands");
  return sameInputs(ctx);
}

/// True if `v` is a splat constant of ones that only `user` reads.
bool isOnesConstant(Value v, Operation *user) {
  auto cst = v.getDefiningOp<ConstantOp>();
  if (!cst || !v.hasOneUse() || *v.getUsers().begin() != user)
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  return dense && dense.isSplat() && isa<FloatType>(dense.getElementType()) &&
         dense.getSplatValue<APFloat>().convertToDouble() == 1.0;
}

bool batchNorm(ExportContext &ctx) {
  auto op = cast<BatchNormOp>(ctx.op);
  bool fixGamma = isOnesConstant(op.getScale(), op);
  bool nnvm = isNNVM(ctx);
  ctx.set(nnvm ? "batch_norm" : "BatchNorm");
  ctx.attr(nnvm ? "epsilon" : "eps",
           formatFloat(op.getEpsilon().convertToDouble()));
  if (nnvm) {
    ctx.attr("scale", formatBool(!fixGamma));
  } else {
    ctx.attr("fix_gamma", formatBool(fixGamma));
    ctx.attr("use_global_stats", "True");
  }
  sameInputs(ctx);
  ctx.auxInputs = {3, 4};
  if (fixGamma) {
    // MXNet still wants a gamma variable; the importer ignores it.
    ctx.inputs[1] = Value();
    ctx.extraVariables.push_back({1, "", 1.0});
  }
  return true;
}

bool lrn(ExportContext &ctx) {
  auto op = cast<LRNOp>(ctx.op);
  ctx.set("LRN");
  ctx.attr("nsize", std::to_string(op.getSize()));
  ctx.attr("alpha", formatFloat(op.getAlpha().convertToDouble()));
  ctx.attr("beta", formatFloat(op.getBeta().convertToDouble()));
  ctx.attr("knorm", formatFloat(op.getBias().convertToDouble()));
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Pooling and softmax
//===----------------------------------------------------------------------===//

/// MXNet "full" convention as the importer resolves it for a known input
/// size: the end pad that keeps the last window.
int64_t fullEndPad(int64_t in, int64_t kernel, int64_t stride, int64_t pad) {
  int64_t span = in + 2 * pad - kernel;
  int64_t out = (span + stride - 1) / stride + 1;
  return std::max(pad, (out - 1) * stride + kernel - in - pad);
}

template <bool isMax>
bool pool(ExportContext &ctx) {
  Operation *op = ctx.op;
  ArrayRef<int64_t> kernel = getI64s(op, "kernel_shape").asArrayRef();
  size_t n = kernel.size();
  if (!checkNoAutoPad(ctx))
    return false;
  if (DenseI64ArrayAttr d = getI64s(op, "dilations"))
    if (llvm::any_of(d.asArrayRef(), [](int64_t v) { return v != 1; }))
      return ctx.fail("MXNet Pooling has no dilation");
  SmallVector<int64_t> ones(n, 1), zeros(2 * n, 0);
  DenseI64ArrayAttr stridesAttr = getI64s(op, "strides");
  ArrayRef<int64_t> strides =
      stridesAttr ? stridesAttr.asArrayRef() : ArrayRef<int64_t>(ones);
  DenseI64ArrayAttr padsAttr = getI64s(op, "pads");
  ArrayRef<int64_t> pads =
      padsAttr ? padsAttr.asArrayRef() : ArrayRef<int64_t>(zeros);
  bool ceil = getFlag(op, "ceil_mode", false);
  ArrayRef<int64_t> begin = pads.take_front(n), end = pads.drop_front(n);
  std::string convention = ceil ? "full" : "valid";
  if (begin != end) {
    // The importer's exact form of MXNet "full": floor mode, larger end pads.
    RankedTensorType x = rankedType(op->getOperand(0));
    bool full = !ceil && x && x.getRank() == static_cast<int64_t>(2 + n);
    for (size_t i = 0; full && i < n; ++i)
      full = !x.isDynamicDim(2 + i) && strides[i] > 0 &&
             fullEndPad(x.getDimSize(2 + i), kernel[i], strides[i], begin[i]) ==
                 end[i];
    if (!full)
      return ctx.fail("asymmetric pads have no MXNet Pooling form");
    convention = "full";
  }
  bool nnvm = isNNVM(ctx) && n == 2;
  if (nnvm) {
    ctx.set(isMax ? "max_pool2d" : "avg_pool2d");
    ctx.attr("pool_size", formatTuple(kernel));
    ctx.attr("strides", formatTuple(strides));
    ctx.attr("padding", formatTuple(begin));
    ctx.attr("ceil_mode", formatBool(convention == "full"));
  } else {
    ctx.set("Pooling");
    ctx.attr("pool_type", isMax ? "max" : "avg");
    ctx.attr("kernel", formatTuple(kernel));
    ctx.attr("stride", formatTuple(strides));
    ctx.attr("pad", formatTuple(begin));
    ctx.attr("pooling_convention", convention);
  }
  if (!isMax)
    ctx.attr("count_include_pad",
             formatBool(getFlag(op, "count_include_pad", false)));
  return sameInputs(ctx);
}

template <bool isMax>
bool globalPool(ExportContext &ctx) {
  if (isNNVM(ctx)) {
    ctx.set(isMax ? "global_max_pool2d" : "global_avg_pool2d");
  } else {
    ctx.set("Pooling");
    ctx.attr("pool_type", isMax ? "max" : "avg");
    ctx.attr("global_pool", "True");
    ctx.attr("kernel", "(1, 1)");
  }
  return sameInputs(ctx);
}

template <const char *name>
bool softmax(ExportContext &ctx) {
  ctx.set(name);
  ctx.attr("axis", std::to_string(getI64(ctx.op, "axis", -1)));
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

bool reshape(ExportContext &ctx) {
  ctx.set(isNNVM(ctx) ? "reshape" : "Reshape");
  ctx.attr("shape", formatTuple(getI64s(ctx.op, "shape").asArrayRef()));
  return sameInputs(ctx);
}

bool flatten(ExportContext &ctx) {
  if (getI64(ctx.op, "axis", 1) != 1)
    return ctx.fail("MXNet Flatten keeps exactly the first axis");
  ctx.set(isNNVM(ctx) ? "flatten" : "Flatten");
  return sameInputs(ctx);
}

bool squeeze(ExportContext &ctx) {
  ctx.set("squeeze");
  if (DenseI64ArrayAttr axes = getI64s(ctx.op, "axes"))
    ctx.attr("axis", formatTuple(axes.asArrayRef()));
  return sameInputs(ctx);
}

bool unsqueeze(ExportContext &ctx) {
  ArrayRef<int64_t> axes = getI64s(ctx.op, "axes").asArrayRef();
  if (axes.size() != 1)
    return ctx.fail("MXNet expand_dims inserts exactly one axis");
  ctx.set("expand_dims");
  ctx.attr("axis", std::to_string(axes.front()));
  return sameInputs(ctx);
}

bool transpose(ExportContext &ctx) {
  ctx.set("transpose");
  if (DenseI64ArrayAttr perm = getI64s(ctx.op, "perm"))
    ctx.attr("axes", formatTuple(perm.asArrayRef()));
  return sameInputs(ctx);
}

bool concat(ExportContext &ctx) {
  int64_t axis = getI64(ctx.op, "axis", 1);
  if (isNNVM(ctx)) {
    ctx.set("concatenate");
    ctx.attr("axis", std::to_string(axis));
  } else {
    ctx.set("Concat");
    ctx.attr("dim", std::to_string(axis));
    ctx.attr("num_args", std::to_string(ctx.op->getNumOperands()));
  }
  return sameInputs(ctx);
}

bool split(ExportContext &ctx) {
  auto op = cast<SplitOp>(ctx.op);
  ArrayRef<int64_t> sizes = op.getSplit();
  if (sizes.empty() ||
      llvm::any_of(sizes, [&](int64_t s) { return s != sizes.front(); }))
    return ctx.fail("MXNet SliceChannel splits into equal parts");
  RankedTensorType x = rankedType(op.getInput());
  int64_t axis = op.getAxis();
  if (x && axis < 0)
    axis += x.getRank();
  std::string count = std::to_string(sizes.size());
  if (isNNVM(ctx)) {
    ctx.set("split");
    ctx.attr("indices_or_sections", count);
  } else {
    ctx.set("SliceChannel");
    ctx.attr("num_outputs", count);
  }
  ctx.attr("axis", std::to_string(axis));
  return sameInputs(ctx);
}

std::string formatBound(int64_t v, int64_t none) {
  return v == none ? "None" : std::to_string(v);
}

std::string formatOptTuple(ArrayRef<std::string> items) {
  std::string s = "(";
  for (auto [i, v] : llvm::enumerate(items))
    s += (i ? ", " : "") + v;
  return s + (items.size() == 1 ? ",)" : ")");
}

bool slice(ExportContext &ctx) {
  auto op = cast<SliceOp>(ctx.op);
  ArrayRef<int64_t> starts = op.getStarts(), ends = op.getEnds();
  SmallVector<int64_t> axes =
      op.getAxes() ? SmallVector<int64_t>(*op.getAxes())
                   : llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  std::optional<ArrayRef<int64_t>> steps = op.getSteps();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  // slice_axis: one axis, no steps attribute.
  if (!steps && axes.size() == 1) {
    ctx.set("slice_axis");
    ctx.attr("axis", std::to_string(axes[0]));
    ctx.attr("begin", std::to_string(starts[0]));
    ctx.attr("end", formatBound(ends[0], kMax));
    return sameInputs(ctx);
  }
  // reverse: every axis from its end to before its start.
  if (steps && llvm::all_of(*steps, [](int64_t s) { return s == -1; }) &&
      llvm::all_of(starts, [](int64_t s) { return s == -1; }) &&
      llvm::all_of(ends, [&](int64_t e) { return e == kMin; })) {
    ctx.set("reverse");
    ctx.attr("axis", formatTuple(axes));
    return sameInputs(ctx);
  }
  // slice: axes 0..k-1 with begin/end/step, None for the open ends.
  if (!steps || !llvm::equal(axes, llvm::seq<int64_t>(0, axes.size())))
    return ctx.fail("MXNet slice takes leading axes 0..k-1 with steps");
  SmallVector<std::string> b, e, s;
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t step = (*steps)[i];
    int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? kMax : kMin;
    b.push_back(formatBound(starts[i], lo));
    e.push_back(formatBound(ends[i], hi));
    s.push_back(std::to_string(step));
  }
  ctx.set("slice");
  ctx.attr("begin", formatOptTuple(b));
  ctx.attr("end", formatOptTuple(e));
  ctx.attr("step", formatOptTuple(s));
  return sameInputs(ctx);
}

bool pad(ExportContext &ctx) {
  auto op = cast<PadOp>(ctx.op);
  ArrayRef<int64_t> pads = op.getPads();
  size_t n = pads.size() / 2;
  SmallVector<int64_t> width;
  for (size_t i = 0; i < n; ++i) {
    width.push_back(pads[i]);
    width.push_back(pads[n + i]);
  }
  if (op->getNumOperands() != 1)
    return ctx.fail("MXNet Pad takes its pads as attributes");
  const char *mode = op.getMode() == PadMode::Constant  ? "constant"
                     : op.getMode() == PadMode::Edge    ? "edge"
                     : op.getMode() == PadMode::Reflect ? "reflect"
                                                        : nullptr;
  if (!mode)
    return ctx.fail("MXNet Pad has no such mode");
  ctx.set("Pad");
  ctx.attr("mode", mode);
  ctx.attr("pad_width", formatTuple(width));
  ctx.attr("constant_value", formatFloat(op.getValue().convertToDouble()));
  return sameInputs(ctx);
}

bool tile(ExportContext &ctx) {
  ctx.set("tile");
  ctx.attr("reps", formatTuple(getI64s(ctx.op, "repeats").asArrayRef()));
  return sameInputs(ctx);
}

template <const char *name>
bool reduce(ExportContext &ctx) {
  ctx.set(name);
  if (DenseI64ArrayAttr axes = getI64s(ctx.op, "axes"))
    ctx.attr("axis", formatTuple(axes.asArrayRef()));
  ctx.attr("keepdims", formatBool(getFlag(ctx.op, "keepdims", true)));
  return sameInputs(ctx);
}

bool resize(ExportContext &ctx) {
  auto op = cast<ResizeOp>(ctx.op);
  std::optional<ArrayRef<float>> scales = op.getScales();
  bool ok = op.getMode() == ResizeMode::Nearest && scales &&
            scales->size() > 2 && (*scales)[0] == 1 && (*scales)[1] == 1 &&
            op.getCoordinateTransform() == CoordinateTransform::Asymmetric &&
            op.getNearestMode() == NearestMode::Floor;
  float scale = ok ? (*scales)[2] : 0;
  if (!ok || scale != static_cast<int64_t>(scale) ||
      llvm::any_of(scales->drop_front(2), [&](float s) { return s != scale; }))
    return ctx.fail("only nearest, asymmetric, floor resizing by one integer "
                    "factor is an MXNet UpSampling");
  ctx.set("UpSampling");
  ctx.attr("scale", std::to_string(static_cast<int64_t>(scale)));
  ctx.attr("sample_type", "nearest");
  ctx.attr("num_args", "1");
  return sameInputs(ctx);
}

bool oneHot(ExportContext &ctx) {
  auto op = cast<OneHotOp>(ctx.op);
  if (op.getAxisAttr().getInt() != -1)
    return ctx.fail("MXNet one_hot appends the new axis last");
  ctx.set("one_hot");
  ctx.attr("depth", std::to_string(op.getDepth()));
  ctx.attr("on_value", formatFloat(op.getOnValue().convertToDouble()));
  ctx.attr("off_value", formatFloat(op.getOffValue().convertToDouble()));
  return sameInputs(ctx);
}

// Operator names used by more than one handler.
constexpr char kExp[] = "exp", kLog[] = "log", kSqrt[] = "sqrt",
               kRsqrt[] = "rsqrt", kReciprocal[] = "reciprocal",
               kNegative[] = "negative", kAbs[] = "abs", kFloor[] = "floor",
               kCeil[] = "ceil", kRound[] = "round", kErf[] = "erf",
               kCopy[] = "_copy", kShape[] = "shape_array", kWhere[] = "where";
constexpr char kRelu[] = "relu", kSigmoid[] = "sigmoid", kTanh[] = "tanh",
               kSoftrelu[] = "softrelu", kSoftsign[] = "softsign", kNone[] = "";
constexpr char kSoftmax[] = "softmax", kLogSoftmax[] = "log_softmax";
constexpr char kSum[] = "sum", kMean[] = "mean", kMax[] = "max", kMin[] = "min",
               kProd[] = "prod";

} // namespace

const ExportHandler *nnvm::lookupExportHandler(StringRef name) {
  static const llvm::StringMap<ExportHandler> table = [] {
    llvm::StringMap<ExportHandler> t;
    t["nngraph.identity"] = named<kCopy>;
    t["nngraph.dropout"] = dropout;
    t["nngraph.cast"] = castOp;
    t["nngraph.relu"] = activation<kRelu, kRelu>;
    t["nngraph.sigmoid"] = activation<kSigmoid, kSigmoid>;
    t["nngraph.tanh"] = activation<kTanh, kTanh>;
    t["nngraph.softplus"] = activation<kSoftrelu, kNone>;
    t["nngraph.softsign"] = activation<kSoftsign, kNone>;
    t["nngraph.exp"] = named<kExp>;
    t["nngraph.log"] = named<kLog>;
    t["nngraph.sqrt"] = named<kSqrt>;
    t["nngraph.rsqrt"] = named<kRsqrt>;
    t["nngraph.reciprocal"] = named<kReciprocal>;
    t["nngraph.neg"] = named<kNegative>;
    t["nngraph.abs"] = named<kAbs>;
    t["nngraph.floor"] = named<kFloor>;
    t["nngraph.ceil"] = named<kCeil>;
    t["nngraph.round"] = named<kRound>;
    t["nngraph.erf"] = named<kErf>;
    t["nngraph.leaky_relu"] = leakyRelu;
    t["nngraph.elu"] = elu;
    t["nngraph.selu"] = selu;
    t["nngraph.gelu"] = gelu;
    t["nngraph.prelu"] = prelu;
    t["nngraph.clip"] = clip;
    t["nngraph.add"] = binary<addNames>;
    t["nngraph.sub"] = binary<subNames>;
    t["nngraph.mul"] = binary<mulNames>;
    t["nngraph.div"] = binary<divNames>;
    t["nngraph.pow"] = binary<powNames>;
    t["nngraph.max"] = binary<maxNames>;
    t["nngraph.min"] = binary<minNames>;
    t["nngraph.equal"] = binary<eqNames>;
    t["nngraph.not_equal"] = binary<neNames>;
    t["nngraph.less"] = binary<ltNames>;
    t["nngraph.less_equal"] = binary<leNames>;
    t["nngraph.greater"] = binary<gtNames>;
    t["nngraph.greater_equal"] = binary<geNames>;
    t["nngraph.where"] = named<kWhere>;
    t["nngraph.conv"] = conv;
    t["nngraph.conv_transpose"] = convTranspose;
    t["nngraph.gemm"] = gemm;
    t["nngraph.matmul"] = matmul;
    t["nngraph.batch_norm"] = batchNorm;
    t["nngraph.lrn"] = lrn;
    t["nngraph.max_pool"] = pool<true>;
    t["nngraph.avg_pool"] = pool<false>;
    t["nngraph.global_max_pool"] = globalPool<true>;
    t["nngraph.global_avg_pool"] = globalPool<false>;
    t["nngraph.softmax"] = softmax<kSoftmax>;
    t["nngraph.log_softmax"] = softmax<kLogSoftmax>;
    t["nngraph.reshape"] = reshape;
    t["nngraph.flatten"] = flatten;
    t["nngraph.squeeze"] = squeeze;
    t["nngraph.unsqueeze"] = unsqueeze;
    t["nngraph.transpose"] = transpose;
    t["nngraph.concat"] = concat;
    t["nngraph.split"] = split;
    t["nngraph.slice"] = slice;
    t["nngraph.pad"] = pad;
    t["nngraph.tile"] = tile;
    t["nngraph.reduce_sum"] = reduce<kSum>;
    t["nngraph.reduce_mean"] = reduce<kMean>;
    t["nngraph.reduce_max"] = reduce<kMax>;
    t["nngraph.reduce_min"] = reduce<kMin>;
    t["nngraph.reduce_prod"] = reduce<kProd>;
    t["nngraph.shape"] = named<kShape>;
    t["nngraph.resize"] = resize;
    t["nngraph.one_hot"] = oneHot;
    return t;
  }();
  auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}
