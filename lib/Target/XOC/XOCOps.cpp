//===- XOCOps.cpp - XOC operator table --------------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the table of ONNX operators with a typed nngraph
// operation and the conversion of ONNX attribute values (native JSON) to and
// from nngraph attributes.
//
//===----------------------------------------------------------------------===//

#include "XOCOps.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <charconv>
#include <cstdlib>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::xoc;
using K = AttrKind;

namespace {
const AttrSpec kAlpha[] = {{"alpha", "alpha", K::Float}};
const AttrSpec kSelu[] = {{"alpha", "alpha", K::Float},
                          {"gamma", "gamma", K::Float}};
const AttrSpec kAlphaBeta[] = {{"alpha", "alpha", K::Float},
                               {"beta", "beta", K::Float}};
const AttrSpec kGelu[] = {{"approximate", "approximate", K::GeluApprox}};
const AttrSpec kClip[] = {{"min", "min", K::Float}, {"max", "max", K::Float}};
const StaticInput kClipIn[] = {{1, "min", K::Float, false, true},
                               {2, "max", K::Float, false, true}};
const AttrSpec kConv[] = {{"kernel_shape", nullptr, K::Checked},
                          {"strides", "strides", K::Ints},
                          {"dilations", "dilations", K::Ints},
                          {"pads", "pads", K::Ints},
                          {"group", "group", K::Int},
                          {"auto_pad", "auto_pad", K::AutoPad}};
const AttrSpec kConvT[] = {{"kernel_shape", nullptr, K::Checked},
                           {"strides", "strides", K::Ints},
                           {"dilations", "dilations", K::Ints},
                           {"pads", "pads", K::Ints},
                           {"output_padding", "output_padding", K::Ints},
                           {"output_shape", "output_shape", K::Ints},
                           {"group", "group", K::Int},
                           {"auto_pad", "auto_pad", K::AutoPad}};
const AttrSpec kGemm[] = {{"alpha", "alpha", K::Float},
                          {"beta", "beta", K::Float},
                          {"transA", "trans_a", K::Bool},
                          {"transB", "trans_b", K::Bool}};
const AttrSpec kEps[] = {{"epsilon", "epsilon", K::Float}};
const FixedAttr kBNFixed[] = {
    {"momentum", 0, true}, {"training_mode", 0, false}, {"spatial", 1, false}};
const AttrSpec kLayerNorm[] = {{"axis", "axis", K::Int},
                               {"epsilon", "epsilon", K::Float}};
const FixedAttr kLayerNormFixed[] = {{"stash_type", 1, false}};
const AttrSpec kLRN[] = {{"size", "size", K::Int},
                         {"alpha", "alpha", K::Float},
                         {"beta", "beta", K::Float},
                         {"bias", "bias", K::Float}};
const AttrSpec kMaxPool[] = {{"kernel_shape", "kernel_shape", K::Ints},
                             {"strides", "strides", K::Ints},
                             {"pads", "pads", K::Ints},
                             {"dilations", "dilations", K::Ints},
                             {"ceil_mode", "ceil_mode", K::Bool},
                             {"auto_pad", "auto_pad", K::AutoPad}};
const FixedAttr kMaxPoolFixed[] = {{"storage_order", 0, false}};
const AttrSpec kAvgPool[] = {
    {"kernel_shape", "kernel_shape", K::Ints},
    {"strides", "strides", K::Ints},
    {"pads", "pads", K::Ints},
    {"dilations", "dilations", K::Ints},
    {"ceil_mode", "ceil_mode", K::Bool},
    {"auto_pad", "auto_pad", K::AutoPad},
    {"count_include_pad", "count_include_pad", K::Bool}};
const AttrSpec kAxis[] = {{"axis", "axis", K::Int}};
const AttrSpec kShape[] = {{"shape", "shape", K::Ints}};
const StaticInput kShapeIn[] = {{1, "shape", K::Ints, true, false}};
const FixedAttr kReshapeFixed[] = {{"allowzero", 0, true}};
const AttrSpec kAxes[] = {{"axes", "axes", K::Ints}};
const StaticInput kAxesIn[] = {{1, "axes", K::Ints, true, true}};
const AttrSpec kPerm[] = {{"perm", "perm", K::Ints}};
const AttrSpec kSplit[] = {{"axis", "axis", K::Int},
                           {"split", "split", K::Ints}};
const StaticInput kSplitIn[] = {{1, "split", K::Ints, true, false}};
const FixedAttr kSplitFixed[] = {{"num_outputs", 0, true}};
const AttrSpec kSlice[] = {{"starts", "starts", K::Ints},
                           {"ends", "ends", K::Ints},
                           {"axes", "axes", K::Ints},
                           {"steps", "steps", K::Ints}};
const StaticInput kSliceIn[] = {{1, "starts", K::Ints, true, false},
                                {2, "ends", K::Ints, true, false},
                                {3, "axes", K::Ints, true, true},
                                {4, "steps", K::Ints, true, true}};
const AttrSpec kPad[] = {{"mode", "mode", K::PadMode},
                         {"pads", "pads", K::Ints},
                         {"value", "value", K::Float}};
const StaticInput kPadIn[] = {{1, "pads", K::Ints, true, false},
                              {2, "value", K::Float, true, true}};
const StaticInput kTileIn[] = {{1, "repeats", K::Ints, true, false}};
const AttrSpec kGatherND[] = {{"batch_dims", "batch_dims", K::Int}};
const AttrSpec kResize[] = {{"mode", "mode", K::ResizeMode},
                            {"coordinate_transformation_mode",
                             "coordinate_transform", K::CoordTransform},
                            {"nearest_mode", "nearest_mode", K::NearestMode}};
const StaticInput kResizeIn[] = {{1, nullptr, K::Floats, false, true},
                                 {2, "scales", K::Floats, true, true},
                                 {3, "sizes", K::Ints, true, true}};
const StaticInput kOneHotIn[] = {{1, "depth", K::Int, true, false},
                                 {2, "off_value", K::OnOff, true, true}};
const AttrSpec kTopK[] = {{"axis", "axis", K::Int},
                          {"largest", "largest", K::Bool},
                          {"sorted", "sorted", K::Bool}};
const StaticInput kTopKIn[] = {{1, "k", K::Int, true, false}};
const AttrSpec kReduce[] = {{"axes", "axes", K::Ints},
                            {"keepdims", "keepdims", K::Bool}};
const FixedAttr kReduceFixed[] = {{"noop_with_empty_axes", 0, false}};
const AttrSpec kArg[] = {{"axis", "axis", K::Int},
                         {"keepdims", "keepdims", K::Bool},
                         {"select_last_index", "select_last_index", K::Bool}};
const AttrSpec kCumSum[] = {{"exclusive", "exclusive", K::Bool},
                            {"reverse", "reverse", K::Bool}};
const StaticInput kCumSumIn[] = {{1, "axis", K::Int, true, false}};
const AttrSpec kMod[] = {{"fmod", "fmod", K::Bool}};
const AttrSpec kBitShift[] = {{"direction", "left", K::ShiftLeft}};
const AttrSpec kScatterElements[] = {{"axis", "axis", K::Int},
                                     {"reduction", "reduction", K::Reduction}};
const AttrSpec kEinsum[] = {{"equation", "equation", K::String}};
const AttrSpec kGridSample[] = {
    {"mode", "mode", K::GridMode},
    {"padding_mode", "padding_mode", K::GridPadding},
    {"align_corners", "align_corners", K::Bool}};
const AttrSpec kRoiAlign[] = {
    {"mode", "mode", K::RoiMode},
    {"output_height", "output_height", K::Int},
    {"output_width", "output_width", K::Int},
    {"sampling_ratio", "sampling_ratio", K::Int},
    {"spatial_scale", "spatial_scale", K::Float},
    {"coordinate_transformation_mode", "half_pixel", K::RoiHalfPixel}};
const AttrSpec kScatterND[] = {{"reduction", "reduction", K::Reduction}};
const AttrSpec kCast[] = {{"to", nullptr, K::Checked}};
const FixedAttr kCastFixed[] = {{"saturate", 1, false}};
const AttrSpec kDropout[] = {{"ratio", "ratio", K::Float}};
const StaticInput kDropoutIn[] = {{1, "ratio", K::Float, false, true},
                                  {2, nullptr, K::Bool, false, true}};
const FixedAttr kDropoutFixed[] = {{"seed", 0, true}, {"is_test", 1, true}};

template <typename T, size_t N>
ArrayRef<T> ref(const T (&a)[N]) {
  return ArrayRef<T>(a, N);
}

/// The full name of operation `OpTy` (nngraph.conv for ConvOp).
template <typename OpTy>
constexpr const char *mlirName() {
  return OpTy::getOperationName().data();
}

#define UNARY(onnx, OpTy) {onnx, mlirName<OpTy>(), {}, {}, {}, 1, 1, 1}
#define BINARY(onnx, OpTy) {onnx, mlirName<OpTy>(), {}, {}, {}, 2, 2, 1}

const OpSpec kOpSpecs[] = {
    UNARY("Identity", IdentityOp),
    {"Dropout", mlirName<DropoutOp>(), ref(kDropout), ref(kDropoutIn),
     ref(kDropoutFixed), 1, 1, 1},
    {"Cast", mlirName<CastOp>(), ref(kCast), {}, ref(kCastFixed), 1, 1, 1},
    {"BitCast", mlirName<BitCastOp>(), ref(kCast), {}, {}, 1, 1, 1},
    UNARY("Relu", ReluOp),
    UNARY("Sigmoid", SigmoidOp),
    UNARY("Tanh", TanhOp),
    UNARY("Softplus", SoftplusOp),
    UNARY("Softsign", SoftsignOp),
    UNARY("Exp", ExpOp),
    UNARY("Log", LogOp),
    UNARY("Sqrt", SqrtOp),
    // Not ONNX (Reciprocal of Sqrt there): one node, so that it round-trips.
    UNARY("Rsqrt", RsqrtOp),
    UNARY("Reciprocal", ReciprocalOp),
    UNARY("Erf", ErfOp),
    UNARY("Floor", FloorOp),
    UNARY("Ceil", CeilOp),
    UNARY("Round", RoundOp),
    UNARY("Neg", NegOp),
    UNARY("Abs", AbsOp),
    UNARY("Sign", SignOp),
    UNARY("Acos", AcosOp),
    UNARY("Asin", AsinOp),
    UNARY("Atan", AtanOp),
    UNARY("Cos", CosOp),
    UNARY("Sin", SinOp),
    UNARY("Tan", TanOp),
    UNARY("Acosh", AcoshOp),
    UNARY("Asinh", AsinhOp),
    UNARY("Atanh", AtanhOp),
    UNARY("Cosh", CoshOp),
    UNARY("Sinh", SinhOp),
    // Before Not: see BitwiseAnd.
    UNARY("BitwiseNot", NotOp),
    UNARY("Not", NotOp),
    {"LeakyRelu", mlirName<LeakyReluOp>(), ref(kAlpha), {}, {}, 1, 1, 1},
    {"Elu", mlirName<EluOp>(), ref(kAlpha), {}, {}, 1, 1, 1},
    {"Selu", mlirName<SeluOp>(), ref(kSelu), {}, {}, 1, 1, 1},
    {"Gelu", mlirName<GeluOp>(), ref(kGelu), {}, {}, 1, 1, 1},
    {"HardSigmoid",
     mlirName<HardSigmoidOp>(),
     ref(kAlphaBeta),
     {},
     {},
     1,
     1,
     1},
    {"Clip", mlirName<ClipOp>(), ref(kClip), ref(kClipIn), {}, 1, 1, 1},
    BINARY("Add", AddOp),
    BINARY("Sub", SubOp),
    BINARY("Mul", MulOp),
    BINARY("Div", DivOp),
    BINARY("Pow", PowOp),
    BINARY("Max", MaxOp),
    BINARY("Min", MinOp),
    BINARY("PRelu", PReluOp),
    {"Mod", mlirName<ModOp>(), ref(kMod), {}, {}, 2, 2, 1},
    {"BitShift", mlirName<BitShiftOp>(), ref(kBitShift), {}, {}, 2, 2, 1},
    // Scatter (deprecated) is ScatterElements without a reduction; the later
    // row exports.
    {"Scatter",
     mlirName<ScatterElementsOp>(),
     ref(kScatterElements),
     {},
     {},
     3,
     3,
     1},
    {"ScatterElements",
     mlirName<ScatterElementsOp>(),
     ref(kScatterElements),
     {},
     {},
     3,
     3,
     1},
    {"ScatterND", mlirName<ScatterNDOp>(), ref(kScatterND), {}, {}, 3, 3, 1},
    {"Einsum", mlirName<EinsumOp>(), ref(kEinsum), {}, {}, 1, -1, 1},
    {"GridSample", mlirName<GridSampleOp>(), ref(kGridSample), {}, {}, 2, 2, 1},
    {"RoiAlign", mlirName<RoiAlignOp>(), ref(kRoiAlign), {}, {}, 3, 3, 1},
    // Before And, Or, Xor, Not: lookupMLIR keeps the last row of an op;
    // getSpecFor picks these for integer operands.
    BINARY("BitwiseAnd", AndOp),
    BINARY("BitwiseOr", OrOp),
    BINARY("BitwiseXor", XorOp),
    BINARY("And", AndOp),
    BINARY("Or", OrOp),
    BINARY("Xor", XorOp),
    BINARY("Equal", EqualOp),
    // Not ONNX (Not of Equal there): one node, so that it round-trips.
    BINARY("NotEqual", NotEqualOp),
    BINARY("Less", LessOp),
    BINARY("LessOrEqual", LessEqualOp),
    BINARY("Greater", GreaterOp),
    BINARY("GreaterOrEqual", GreaterEqualOp),
    {"Where", mlirName<WhereOp>(), {}, {}, {}, 3, 3, 1},
    {"Conv", mlirName<ConvOp>(), ref(kConv), {}, {}, 2, 3, 1},
    {"ConvTranspose",
     mlirName<ConvTransposeOp>(),
     ref(kConvT),
     {},
     {},
     2,
     3,
     1},
    {"Gemm", mlirName<GemmOp>(), ref(kGemm), {}, {}, 2, 3, 1},
    BINARY("MatMul", MatMulOp),
    {"BatchNormalization",
     mlirName<BatchNormOp>(),
     ref(kEps),
     {},
     ref(kBNFixed),
     5,
     5,
     1},
    {"LayerNormalization",
     mlirName<LayerNormOp>(),
     ref(kLayerNorm),
     {},
     ref(kLayerNormFixed),
     2,
     3,
     1},
    {"InstanceNormalization",
     mlirName<InstanceNormOp>(),
     ref(kEps),
     {},
     {},
     3,
     3,
     1},
    {"LRN", mlirName<LRNOp>(), ref(kLRN), {}, {}, 1, 1, 1},
    {"MaxPool",
     mlirName<MaxPoolOp>(),
     ref(kMaxPool),
     {},
     ref(kMaxPoolFixed),
     1,
     1,
     1},
    {"AveragePool", mlirName<AvgPoolOp>(), ref(kAvgPool), {}, {}, 1, 1, 1},
    UNARY("GlobalMaxPool", GlobalMaxPoolOp),
    UNARY("GlobalAveragePool", GlobalAvgPoolOp),
    {"Softmax", mlirName<SoftmaxOp>(), ref(kAxis), {}, {}, 1, 1, 1},
    {"LogSoftmax", mlirName<LogSoftmaxOp>(), ref(kAxis), {}, {}, 1, 1, 1},
    {"Reshape", mlirName<ReshapeOp>(), ref(kShape), ref(kShapeIn),
     ref(kReshapeFixed), 1, 1, 1},
    {"Flatten", mlirName<FlattenOp>(), ref(kAxis), {}, {}, 1, 1, 1},
    {"Squeeze", mlirName<SqueezeOp>(), ref(kAxes), ref(kAxesIn), {}, 1, 1, 1},
    {"Unsqueeze",
     mlirName<UnsqueezeOp>(),
     ref(kAxes),
     ref(kAxesIn),
     {},
     1,
     1,
     1},
    {"Transpose", mlirName<TransposeOp>(), ref(kPerm), {}, {}, 1, 1, 1},
    {"Concat", mlirName<ConcatOp>(), ref(kAxis), {}, {}, 1, -1, 1},
    {"Split", mlirName<SplitOp>(), ref(kSplit), ref(kSplitIn), ref(kSplitFixed),
     1, 1, -1},
    {"Slice", mlirName<SliceOp>(), ref(kSlice), ref(kSliceIn), {}, 1, 1, 1},
    {"Pad", mlirName<PadOp>(), ref(kPad), ref(kPadIn), {}, 1, 1, 1},
    {"Expand", mlirName<ExpandOp>(), {}, ref(kShapeIn), {}, 1, 1, 1},
    {"Tile", mlirName<TileOp>(), {}, ref(kTileIn), {}, 1, 1, 1},
    {"Gather", mlirName<GatherOp>(), ref(kAxis), {}, {}, 2, 2, 1},
    {"GatherND", mlirName<GatherNDOp>(), ref(kGatherND), {}, {}, 2, 2, 1},
    {"GatherElements",
     mlirName<GatherElementsOp>(),
     ref(kAxis),
     {},
     {},
     2,
     2,
     1},
    {"CumSum", mlirName<CumSumOp>(), ref(kCumSum), ref(kCumSumIn), {}, 1, 1, 1},
    {"CumProd",
     mlirName<CumProdOp>(),
     ref(kCumSum),
     ref(kCumSumIn),
     {},
     1,
     1,
     1},
    UNARY("Shape", ShapeOp),
    {"Resize", mlirName<ResizeOp>(), ref(kResize), ref(kResizeIn), {}, 1, 1, 1},
    {"OneHot", mlirName<OneHotOp>(), ref(kAxis), ref(kOneHotIn), {}, 1, 1, 1},
    {"TopK", mlirName<TopKOp>(), ref(kTopK), ref(kTopKIn), {}, 1, 1, 2},
    {"ReduceSum", mlirName<ReduceSumOp>(), ref(kReduce), ref(kAxesIn),
     ref(kReduceFixed), 1, 1, 1},
    {"ReduceMean", mlirName<ReduceMeanOp>(), ref(kReduce), ref(kAxesIn),
     ref(kReduceFixed), 1, 1, 1},
    {"ReduceMax", mlirName<ReduceMaxOp>(), ref(kReduce), ref(kAxesIn),
     ref(kReduceFixed), 1, 1, 1},
    {"ReduceMin", mlirName<ReduceMinOp>(), ref(kReduce), ref(kAxesIn),
     ref(kReduceFixed), 1, 1, 1},
    {"ReduceProd", mlirName<ReduceProdOp>(), ref(kReduce), ref(kAxesIn),
     ref(kReduceFixed), 1, 1, 1},
    {"ArgMax", mlirName<ArgMaxOp>(), ref(kArg), {}, {}, 1, 1, 1},
    {"ArgMin", mlirName<ArgMinOp>(), ref(kArg), {}, {}, 1, 1, 1},
};
#undef UNARY
#undef BINARY
} // namespace

ArrayRef<OpSpec> xoc::getOpSpecs() { return ref(kOpSpecs); }

const OpSpec *xoc::lookupONNX(StringRef onnx) {
  static const llvm::StringMap<const OpSpec *> table = [] {
    llvm::StringMap<const OpSpec *> t;
    for (const OpSpec &spec : kOpSpecs)
      t[spec.onnx] = &spec;
    return t;
  }();
  return table.lookup(onnx);
}

const OpSpec *xoc::lookupMLIR(StringRef mlir) {
  static const llvm::StringMap<const OpSpec *> table = [] {
    llvm::StringMap<const OpSpec *> t;
    for (const OpSpec &spec : kOpSpecs)
      t[spec.mlir] = &spec;
    return t;
  }();
  return table.lookup(mlir);
}

const OpSpec *xoc::lookupSpecFor(Operation *op) {
  const OpSpec *spec = lookupMLIR(op->getName().getStringRef());
  // And, Or, Xor and Not of integers are ONNX's Bitwise* operators.
  if (spec && isa<AndOp, OrOp, XorOp, NotOp>(op) &&
      !getElementTypeOrSelf(op->getResult(0).getType()).isInteger(1))
    return lookupONNX(("Bitwise" + StringRef(spec->onnx)).str());
  return spec;
}

StringRef xoc::describeAttrKind(AttrKind kind) {
  switch (kind) {
  case K::Int:
    return "integer";
  case K::String:
    return "string";
  case K::GridMode:
    return "nearest, linear, cubic, bilinear or bicubic";
  case K::GridPadding:
    return "zeros, border or reflection";
  case K::RoiMode:
    return "avg or max";
  case K::RoiHalfPixel:
    return "half_pixel or output_half_pixel";
  case K::Float:
    return "number";
  case K::Bool:
    return "0 or 1";
  case K::Ints:
    return "list of integers";
  case K::Floats:
  case K::OnOff:
    return "list of numbers";
  case K::AutoPad:
    return "NOTSET, SAME_UPPER, SAME_LOWER or VALID";
  case K::PadMode:
    return "constant, reflect, edge or wrap";
  case K::ResizeMode:
    return "nearest or linear";
  case K::CoordTransform:
    return "half_pixel, pytorch_half_pixel, align_corners or asymmetric";
  case K::NearestMode:
    return "round_prefer_floor, round_prefer_ceil, floor or ceil";
  case K::GeluApprox:
    return "none or tanh";
  case K::ShiftLeft:
    return "LEFT or RIGHT";
  case K::Reduction:
    return "none, add, mul, max or min";
  case K::Checked:
    return "value";
  }
  return "value";
}

/// The enum attribute of `kind` spelled `text` (lower case), or null.
static Attribute convertEnum(Builder &b, AttrKind kind, StringRef text) {
  MLIRContext *ctx = b.getContext();
  std::string lower = text.lower();
  switch (kind) {
  case K::AutoPad:
    if (auto v = symbolizeAutoPad(lower))
      return AutoPadAttr::get(ctx, *v);
    return nullptr;
  case K::PadMode:
    if (auto v = symbolizePadMode(lower))
      return PadModeAttr::get(ctx, *v);
    return nullptr;
  case K::ResizeMode:
    if (auto v = symbolizeResizeMode(lower))
      return ResizeModeAttr::get(ctx, *v);
    return nullptr;
  case K::CoordTransform:
    if (auto v = symbolizeCoordinateTransform(lower))
      return CoordinateTransformAttr::get(ctx, *v);
    return nullptr;
  case K::NearestMode:
    if (auto v = symbolizeNearestMode(lower))
      return NearestModeAttr::get(ctx, *v);
    return nullptr;
  case K::GeluApprox:
    if (auto v = symbolizeGeluApproximation(lower))
      return GeluApproximationAttr::get(ctx, *v);
    return nullptr;
  case K::GridMode:
    // Opset 16 spells linear and cubic bilinear and bicubic.
    if (lower == "bilinear")
      lower = "linear";
    else if (lower == "bicubic")
      lower = "cubic";
    if (auto v = symbolizeGridSampleMode(lower))
      return GridSampleModeAttr::get(ctx, *v);
    return nullptr;
  case K::GridPadding:
    if (auto v = symbolizeGridPadding(lower))
      return GridPaddingAttr::get(ctx, *v);
    return nullptr;
  case K::RoiMode:
    if (auto v = symbolizeRoiPoolMode(lower))
      return RoiPoolModeAttr::get(ctx, *v);
    return nullptr;
  case K::RoiHalfPixel:
    if (lower == "half_pixel" || lower == "output_half_pixel")
      return BoolAttr::get(ctx, lower == "half_pixel");
    return nullptr;
  case K::Reduction:
    if (auto v = symbolizeScatterReduction(lower))
      return ScatterReductionAttr::get(ctx, *v);
    return nullptr;
  case K::ShiftLeft:
    if (lower == "left" || lower == "right")
      return BoolAttr::get(ctx, lower == "left");
    return nullptr;
  default:
    return nullptr;
  }
}

Attribute xoc::convertAttr(Builder &b, AttrKind kind,
                           const llvm::json::Value &value) {
  switch (kind) {
  case K::Int:
    if (std::optional<int64_t> i = value.getAsInteger())
      return b.getI64IntegerAttr(*i);
    return nullptr;
  case K::String:
    if (std::optional<StringRef> text = value.getAsString())
      return b.getStringAttr(*text);
    return nullptr;
  case K::Float:
    if (std::optional<double> d = value.getAsNumber())
      return b.getF32FloatAttr(static_cast<float>(*d));
    return nullptr;
  case K::Bool:
    if (std::optional<bool> v = value.getAsBoolean())
      return b.getBoolAttr(*v);
    if (std::optional<int64_t> i = value.getAsInteger())
      if (*i == 0 || *i == 1)
        return b.getBoolAttr(*i == 1);
    return nullptr;
  case K::Ints: {
    const llvm::json::Array *a = value.getAsArray();
    if (!a)
      return nullptr;
    SmallVector<int64_t> items;
    for (const llvm::json::Value &item : *a) {
      std::optional<int64_t> i = item.getAsInteger();
      if (!i)
        return nullptr;
      items.push_back(*i);
    }
    return b.getDenseI64ArrayAttr(items);
  }
  case K::Floats:
  case K::OnOff: {
    const llvm::json::Array *a = value.getAsArray();
    if (!a || (kind == K::OnOff && a->size() != 2))
      return nullptr;
    SmallVector<float> items;
    for (const llvm::json::Value &item : *a) {
      std::optional<double> d = item.getAsNumber();
      if (!d)
        return nullptr;
      items.push_back(static_cast<float>(*d));
    }
    return b.getDenseF32ArrayAttr(items);
  }
  case K::Checked:
    return nullptr;
  default:
    if (std::optional<StringRef> s = value.getAsString())
      return convertEnum(b, kind, *s);
    return nullptr;
  }
}

double xoc::shortestFloat(float value) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  *result.ptr = '\0';
  return std::strtod(buffer, nullptr);
}

std::optional<llvm::json::Value> xoc::attrToJSON(AttrKind kind,
                                                 Attribute attr) {
  switch (kind) {
  case K::Int:
    if (auto v = dyn_cast<IntegerAttr>(attr))
      return llvm::json::Value(v.getInt());
    return std::nullopt;
  case K::String:
    if (auto v = dyn_cast<StringAttr>(attr))
      return llvm::json::Value(v.getValue().str());
    return std::nullopt;
  case K::Float:
    if (auto v = dyn_cast<FloatAttr>(attr))
      return llvm::json::Value(
          shortestFloat(static_cast<float>(v.getValueAsDouble())));
    return std::nullopt;
  case K::Bool:
    if (auto v = dyn_cast<BoolAttr>(attr))
      return llvm::json::Value(int64_t(v.getValue() ? 1 : 0));
    return std::nullopt;
  case K::Ints:
    if (auto v = dyn_cast<DenseI64ArrayAttr>(attr)) {
      llvm::json::Array a;
      for (int64_t x : v.asArrayRef())
        a.push_back(x);
      return llvm::json::Value(std::move(a));
    }
    return std::nullopt;
  case K::Floats:
  case K::OnOff:
    if (auto v = dyn_cast<DenseF32ArrayAttr>(attr)) {
      llvm::json::Array a;
      for (float x : v.asArrayRef())
        a.push_back(shortestFloat(x));
      return llvm::json::Value(std::move(a));
    }
    return std::nullopt;
  case K::AutoPad:
    if (auto v = dyn_cast<AutoPadAttr>(attr))
      return llvm::json::Value(stringifyAutoPad(v.getValue()).upper());
    return std::nullopt;
  case K::GridMode:
    if (auto v = dyn_cast<GridSampleModeAttr>(attr))
      return llvm::json::Value(stringifyGridSampleMode(v.getValue()).str());
    return std::nullopt;
  case K::GridPadding:
    if (auto v = dyn_cast<GridPaddingAttr>(attr))
      return llvm::json::Value(stringifyGridPadding(v.getValue()).str());
    return std::nullopt;
  case K::RoiMode:
    if (auto v = dyn_cast<RoiPoolModeAttr>(attr))
      return llvm::json::Value(stringifyRoiPoolMode(v.getValue()).str());
    return std::nullopt;
  case K::RoiHalfPixel:
    if (auto v = dyn_cast<BoolAttr>(attr))
      return llvm::json::Value(v.getValue() ? "half_pixel"
                                            : "output_half_pixel");
    return std::nullopt;
  case K::Reduction:
    if (auto v = dyn_cast<ScatterReductionAttr>(attr))
      return llvm::json::Value(stringifyScatterReduction(v.getValue()).str());
    return std::nullopt;
  case K::ShiftLeft:
    if (auto v = dyn_cast<BoolAttr>(attr))
      return llvm::json::Value(v.getValue() ? "LEFT" : "RIGHT");
    return std::nullopt;
  case K::PadMode:
    if (auto v = dyn_cast<PadModeAttr>(attr))
      return llvm::json::Value(stringifyPadMode(v.getValue()).str());
    return std::nullopt;
  case K::ResizeMode:
    if (auto v = dyn_cast<ResizeModeAttr>(attr))
      return llvm::json::Value(stringifyResizeMode(v.getValue()).str());
    return std::nullopt;
  case K::CoordTransform:
    if (auto v = dyn_cast<CoordinateTransformAttr>(attr))
      return llvm::json::Value(
          stringifyCoordinateTransform(v.getValue()).str());
    return std::nullopt;
  case K::NearestMode:
    if (auto v = dyn_cast<NearestModeAttr>(attr))
      return llvm::json::Value(stringifyNearestMode(v.getValue()).str());
    return std::nullopt;
  case K::GeluApprox:
    if (auto v = dyn_cast<GeluApproximationAttr>(attr))
      return llvm::json::Value(stringifyGeluApproximation(v.getValue()).str());
    return std::nullopt;
  case K::Checked:
    return std::nullopt;
  }
  return std::nullopt;
}

int64_t xoc::getONNXDataType(Type type) {
  const DTypeInfo *d = lookupDType(type);
  return d ? d->onnx : 0;
}

/// Puts `value` under `key` of `out`, a dotted key ("perf.time.cpu") as
/// nested objects.
void xoc::putExpanded(llvm::json::Object &out, StringRef key,
                      llvm::json::Value value) {
  SmallVector<StringRef> parts;
  key.split(parts, '.');
  llvm::json::Object *obj = &out;
  for (StringRef part : ArrayRef(parts).drop_back()) {
    llvm::json::Value *next = obj->get(part);
    if (!next) {
      (*obj)[part] = llvm::json::Object();
      next = obj->get(part);
    }
    if (!next->getAsObject()) {
      out[key] = std::move(value); // A clash: keep the dotted key.
      return;
    }
    obj = next->getAsObject();
  }
  (*obj)[parts.back()] = std::move(value);
}

llvm::json::Object xoc::expandDottedKeys(const llvm::json::Object &in) {
  llvm::json::Object out;
  SmallVector<StringRef> keys;
  for (const auto &kv : in)
    keys.push_back(kv.first);
  llvm::sort(keys);
  for (StringRef key : keys) {
    const llvm::json::Value &v = *in.get(key);
    if (const llvm::json::Object *o = v.getAsObject())
      putExpanded(out, key, expandDottedKeys(*o));
    else
      putExpanded(out, key, v);
  }
  return out;
}
