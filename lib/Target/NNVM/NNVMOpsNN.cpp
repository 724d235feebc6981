//===- NNVMOpsNN.cpp - neural-network rows of the NNVM table ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the neural-network rows of the NNVM operator table:
// convolution, deconvolution, FullyConnected, BatchNorm, LRN, pooling,
// softmax and the loss layers at inference, L2Normalization and UpSampling.
// The handlers resolve the source semantics so that the dialect keeps ONNX
// semantics, and write back the one source form that imports to the same
// operation: FullyConnected's flattening, BatchNorm's fix_gamma (a gamma of
// ones), MXNet's "full" pooling convention (exact end pads for known sizes),
// symmetric pads. What MXNet cannot express (asymmetric convolution pads,
// auto_pad, a Gemm with alpha) is refused with the reason.
//
//===----------------------------------------------------------------------===//

#include "NNVMOps.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

namespace {

/// MXNet "full" convention for a known input size: the end pad that keeps
/// the last window (ONNX's ceil mode drops a window that starts in the end
/// padding). Used by both directions.
int64_t fullEndPad(int64_t in, int64_t kernel, int64_t stride, int64_t pad) {
  int64_t span = in + 2 * pad - kernel;
  int64_t out = (span + stride - 1) / stride + 1;
  return std::max(pad, (out - 1) * stride + kernel - in - pad);
}

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

/// The tuple of `name` on `op`, or ones.
std::string tupleOrOnes(Operation *op, StringRef name, size_t n) {
  SmallVector<int64_t> ones(n, 1);
  DenseI64ArrayAttr a = getI64s(op, name);
  return formatTuple(a ? a.asArrayRef() : ArrayRef<int64_t>(ones));
}

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

void importConvolution(NodeContext &ctx, const OpRow &row) {
  bool nnvm = ctx.node.op == row.nnvm;
  SmallVector<int64_t> kernel =
      ctx.getInts(nnvm ? "kernel_size" : "kernel", {});
  if (kernel.empty() && !ctx.failed)
    return ctx.error(ctx.attrPath(nnvm ? "kernel_size" : "kernel"),
                     "missing kernel size");
  size_t n = kernel.size();
  SmallVector<int64_t> ones(n, 1), zeros(n, 0);
  SmallVector<int64_t> stride = ctx.getInts(nnvm ? "strides" : "stride", ones);
  SmallVector<int64_t> dilate = ctx.getInts(nnvm ? "dilation" : "dilate", ones);
  SmallVector<int64_t> pad = ctx.getInts(nnvm ? "padding" : "pad", zeros);
  int64_t group = ctx.getInt(nnvm ? "groups" : "num_group", 1);
  int64_t filters = ctx.getInt(nnvm ? "channels" : "num_filter", 0);
  bool noBias =
      nnvm ? !ctx.getBool("use_bias", true) : ctx.getBool("no_bias", false);
  std::string layout = ctx.getString("layout", "NCHW");
  if (!layout.empty() && layout[0] == 'N' && layout.size() > 1 &&
      layout[1] != 'C')
    return ctx.error(ctx.attrPath("layout"),
                     "unsupported layout \"" + layout +
                         "\" (expected channels first, e.g. NCHW)");
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 2 + n));
  if (!x)
    return;
  int64_t c = dimOf(x, 1);
  SmallVector<int64_t> wShape{filters ? filters : ShapedType::kDynamic,
                              ShapedType::isDynamic(c) || group <= 0
                                  ? ShapedType::kDynamic
                                  : c / group};
  wShape.append(kernel.begin(), kernel.end());
  Value w = ctx.input(1, RankedTensorType::get(wShape, x.getElementType()));
  SmallVector<Value> operands{ctx.input(0), w};
  if (!noBias)
    operands.push_back(ctx.input(2, vectorType(wShape[0], x.getElementType())));
  if (ctx.failed)
    return;
  if (stride.size() != n || dilate.size() != n || pad.size() != n)
    return ctx.error(ctx.node.path, "expected kernel, stride, dilate and pad "
                                    "of the same length " +
                                        llvm::Twine(n));
  setResult(ctx,
            ctx.create1<ConvOp>(operands, {ctx.i64s("strides", stride),
                                           ctx.i64s("dilations", dilate),
                                           ctx.i64s("pads", symmetricPads(pad)),
                                           ctx.i64("group", group)}));
}

bool exportConv(ExportContext &ctx, const OpRow &row) {
  auto op = cast<ConvOp>(ctx.op);
  RankedTensorType w = rankedType(op.getWeight());
  if (!w || !checkNoAutoPad(ctx))
    return w ? false : ctx.fail("the weight needs a known rank");
  size_t n = w.getRank() - 2;
  std::optional<SmallVector<int64_t>> pad = symmetricPad(op.getPadsAttr(), n);
  if (!pad)
    return ctx.fail("asymmetric pads have no MXNet Convolution form");
  ArrayRef<int64_t> kernel = w.getShape().drop_front(2);
  if (llvm::any_of(kernel, ShapedType::isDynamic))
    return ctx.fail("the kernel size must be known");
  // NNVM's conv2d is 2-D only; other ranks keep MXNet's spelling.
  bool nnvm = isNNVM(ctx) && n == 2;
  ctx.set(nnvm ? row.nnvm : row.getMXNetName());
  ctx.attr(nnvm ? "kernel_size" : "kernel", formatTuple(kernel));
  ctx.attr(nnvm ? "strides" : "stride", tupleOrOnes(op, "strides", n));
  ctx.attr(nnvm ? "dilation" : "dilate", tupleOrOnes(op, "dilations", n));
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

void importDeconvolution(NodeContext &ctx, const OpRow &) {
  SmallVector<int64_t> kernel = ctx.getInts("kernel", {});
  size_t n = kernel.size();
  SmallVector<int64_t> ones(n, 1), zeros(n, 0);
  SmallVector<int64_t> stride = ctx.getInts("stride", ones);
  SmallVector<int64_t> dilate = ctx.getInts("dilate", ones);
  SmallVector<int64_t> pad = ctx.getInts("pad", zeros);
  SmallVector<int64_t> adj = ctx.getInts("adj", zeros);
  SmallVector<int64_t> target = ctx.getInts("target_shape", {});
  int64_t group = ctx.getInt("num_group", 1);
  int64_t filters = ctx.getInt("num_filter", 0);
  bool noBias = ctx.getBool("no_bias", true);
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 2 + n));
  if (!x)
    return;
  SmallVector<int64_t> wShape{dimOf(x, 1), filters && group > 0
                                               ? filters / group
                                               : ShapedType::kDynamic};
  wShape.append(kernel.begin(), kernel.end());
  SmallVector<Value> operands{
      ctx.input(0),
      ctx.input(1, RankedTensorType::get(wShape, x.getElementType()))};
  if (!noBias)
    operands.push_back(
        ctx.input(2, vectorType(filters ? filters : ShapedType::kDynamic,
                                x.getElementType())));
  if (ctx.failed)
    return;
  SmallVector<NamedAttribute> attrs{
      ctx.i64s("strides", stride), ctx.i64s("dilations", dilate),
      ctx.i64s("pads", symmetricPads(pad)), ctx.i64("group", group)};
  if (llvm::any_of(adj, [](int64_t v) { return v != 0; }))
    attrs.push_back(ctx.i64s("output_padding", adj));
  if (!target.empty() && llvm::any_of(target, [](int64_t v) { return v; }))
    attrs.push_back(ctx.i64s("output_shape", target));
  setResult(ctx, ctx.create1<ConvTransposeOp>(operands, attrs));
}

bool exportConvTranspose(ExportContext &ctx, const OpRow &row) {
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
  ctx.set(row.getMXNetName());
  ctx.attr("kernel", formatTuple(kernel));
  ctx.attr("stride", tupleOrOnes(op, "strides", n));
  ctx.attr("dilate", tupleOrOnes(op, "dilations", n));
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

//===----------------------------------------------------------------------===//
// FullyConnected
//===----------------------------------------------------------------------===//

void importFullyConnected(NodeContext &ctx, const OpRow &row) {
  bool nnvm = ctx.node.op == row.nnvm;
  int64_t hidden = ctx.getInt(nnvm ? "units" : "num_hidden", 0);
  bool noBias =
      nnvm ? !ctx.getBool("use_bias", true) : ctx.getBool("no_bias", false);
  bool flatten = nnvm || ctx.getBool("flatten", true);
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 2));
  if (!x)
    return;
  Value data = ctx.input(0);
  // flatten=True collapses every axis after the first.
  if (flatten && x.getRank() != 2) {
    data = ctx.create1<FlattenOp>({data}, {ctx.i64("axis", 1)});
    if (!data)
      return setResult(ctx, nullptr);
  }
  auto dataType = cast<RankedTensorType>(data.getType());
  int64_t k = dimOf(dataType, dataType.getRank() - 1);
  Type element = x.getElementType();
  int64_t units = hidden ? hidden : ShapedType::kDynamic;
  Value w = ctx.input(1, RankedTensorType::get({units, k}, element));
  Value bias;
  if (!noBias)
    bias = ctx.input(2, vectorType(units, element));
  if (ctx.failed)
    return;
  if (dataType.getRank() == 2) {
    SmallVector<Value> operands{data, w};
    if (bias)
      operands.push_back(bias);
    return setResult(
        ctx, ctx.create1<GemmOp>(operands, {ctx.flag("trans_b", true)}));
  }
  // flatten=False: matmul over the last axis with the transposed weight.
  Value wt = ctx.create1<TransposeOp>({w});
  Value y = ctx.create1<MatMulOp>({data, wt});
  if (bias && y)
    y = ctx.create1<AddOp>({y, bias});
  setResult(ctx, y);
}

bool exportGemm(ExportContext &ctx, const OpRow &row) {
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
  exportName(ctx, row);
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

//===----------------------------------------------------------------------===//
// BatchNorm
//===----------------------------------------------------------------------===//

void importBatchNorm(NodeContext &ctx, const OpRow &row) {
  bool nnvm = ctx.node.op == row.nnvm;
  double eps = ctx.getFloat(nnvm ? "epsilon" : "eps", nnvm ? 1e-5 : 1e-3);
  bool fixGamma =
      nnvm ? !ctx.getBool("scale", true) : ctx.getBool("fix_gamma", true);
  int64_t axis = ctx.getInt("axis", 1);
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 4));
  if (!x)
    return;
  if (axis < 0)
    axis += x.getRank();
  if (axis != 1)
    return ctx.error(ctx.attrPath("axis"), "unsupported BatchNorm axis " +
                                               llvm::Twine(axis) +
                                               " (only the channel axis 1)");
  auto paramType = vectorType(dimOf(x, 1), x.getElementType());
  size_t numInputs = ctx.source.inputs.size();
  if (numInputs != 3 && numInputs != 5)
    return ctx.error(jsonPath(ctx.node.path, "inputs"),
                     "expected 5 inputs (data, gamma, beta, moving_mean, "
                     "moving_var) or the legacy 3, got " +
                         llvm::Twine(numInputs));
  // fix_gamma: gamma is ones whatever the trained variable holds, so the
  // variable is not read at all.
  Value gamma = fixGamma ? ctx.ignoreInput(1) : ctx.input(1, paramType);
  Value beta = ctx.input(2, paramType);
  if (Value shaped = gamma ? gamma : beta)
    paramType = cast<RankedTensorType>(shaped.getType());
  // Legacy 3-input nodes keep the running statistics outside the graph, as
  // aux:<name>_moving_mean / aux:<name>_moving_var.
  auto statistic = [&](unsigned index, StringRef suffix) {
    if (numInputs == 5)
      return ctx.input(index, paramType);
    Value v = ctx.imp.namedInput((ctx.node.name + suffix).str(), paramType,
                                 ctx.source);
    ctx.failed |= !v;
    return v;
  };
  Value mean = statistic(3, "_moving_mean");
  Value var = statistic(4, "_moving_var");
  if (ctx.failed)
    return;
  if (fixGamma) {
    // Ones of the channel count; where it is not known yet, ones as
    // pow(moving_mean, 0) (exactly 1 for every value), which folds to the
    // constant once shapes are specialised.
    if (paramType.hasStaticShape()) {
      gamma = ctx.fill(paramType, 1.0);
    } else {
      auto scalar = RankedTensorType::get({}, paramType.getElementType());
      gamma = ctx.create1<PowOp>({mean, ctx.fill(scalar, 0.0)}, {});
    }
  }
  setResult(ctx,
            ctx.create1<BatchNormOp>({ctx.input(0), gamma, beta, mean, var},
                                     {ctx.f32("epsilon", eps)}));
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

bool exportBatchNorm(ExportContext &ctx, const OpRow &row) {
  auto op = cast<BatchNormOp>(ctx.op);
  bool fixGamma = isOnesConstant(op.getScale(), op);
  bool nnvm = isNNVM(ctx);
  exportName(ctx, row);
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

/// MXNet LayerNorm normalises over the one axis `axis` (ONNX over `axis`
/// to the last): on the last axis it is layer_norm; on another, or with
/// output_mean_var (the mean and the standard deviation as outputs 1 and
/// 2), the same arithmetic spelled out: (x - mean) / sqrt(var + eps) *
/// gamma + beta, gamma and beta along the axis.
void importLayerNorm(NodeContext &ctx, const OpRow &) {
  int64_t axis = ctx.getInt("axis", -1);
  double eps = ctx.getFloat("eps", 1e-5);
  bool meanVar = ctx.getBool("output_mean_var", false);
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t rank = x.getRank();
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank)
    return ctx.error(ctx.attrPath("axis"), "expected an axis within the rank " +
                                               llvm::Twine(rank) + ", got " +
                                               llvm::Twine(axis));
  auto paramType = vectorType(dimOf(x, a), x.getElementType());
  Value gamma = ctx.input(1, paramType), beta = ctx.input(2, paramType);
  if (ctx.failed)
    return;
  Value data = ctx.input(0);
  if (a == rank - 1 && !meanVar)
    return setResult(ctx, ctx.create1<LayerNormOp>(
                              {data, gamma, beta},
                              {ctx.i64("axis", -1), ctx.f32("epsilon", eps)}));
  auto keep = [&](Value v) {
    return ctx.create1<ReduceMeanOp>(
        {v}, {ctx.i64s("axes", {a}), ctx.flag("keepdims", true)});
  };
  SmallVector<int64_t> along(rank, 1);
  along[a] = -1;
  Value mean = keep(data);
  Value centred = mean ? ctx.create1<SubOp>({data, mean}) : Value();
  Value square = centred ? ctx.create1<MulOp>({centred, centred}) : Value();
  Value var = square ? keep(square) : Value();
  Value eps0 = ctx.splat(eps, x.getElementType());
  Value sum = var ? ctx.create1<AddOp>({var, eps0}) : Value();
  Value std = sum ? ctx.create1<SqrtOp>({sum}) : Value();
  Value normal = std ? ctx.create1<DivOp>({centred, std}) : Value();
  Value g = ctx.create1<ReshapeOp>({gamma}, {ctx.i64s("shape", along)});
  Value bt = ctx.create1<ReshapeOp>({beta}, {ctx.i64s("shape", along)});
  Value scaled = normal && g ? ctx.create1<MulOp>({normal, g}) : Value();
  Value y = scaled && bt ? ctx.create1<AddOp>({scaled, bt}) : Value();
  if (!y || !meanVar)
    return setResult(ctx, y);
  ctx.results = {y, mean, std};
}

bool exportLayerNorm(ExportContext &ctx, const OpRow &row) {
  auto op = cast<LayerNormOp>(ctx.op);
  RankedTensorType x = rankedType(op.getInput());
  int64_t axis = op.getAxis();
  if (!x || !op.getBias() || (axis != -1 && axis != x.getRank() - 1))
    return ctx.fail("MXNet LayerNorm normalises the last axis only and "
                    "needs a bias");
  exportName(ctx, row);
  ctx.attr("axis", "-1");
  ctx.attr("eps", formatFloat(op.getEpsilon().convertToDouble()));
  return sameInputs(ctx);
}

/// _contrib_ROIAlign: roi_align with MXNet's R x 5 rois (batch index
/// first); sample_ratio -1 is the adaptive 0; `aligned` is the half-pixel
/// shift. Position-sensitive pooling has no typed form.
void importROIAlign(NodeContext &ctx, const OpRow &) {
  SmallVector<int64_t> pooled = ctx.getInts("pooled_size", {});
  double scale = ctx.getFloat("spatial_scale", 1.0);
  int64_t ratio = ctx.getInt("sample_ratio", -1);
  bool aligned = ctx.getBool("aligned", false);
  bool positionSensitive = ctx.getBool("position_sensitive", false);
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 4));
  RankedTensorType rois = ctx.inputType(1, dynamicType(ctx, 2));
  if (!x || !rois || ctx.failed)
    return;
  if (pooled.size() != 2 || pooled[0] < 1 || pooled[1] < 1)
    return ctx.error(ctx.attrPath("pooled_size"),
                     "expected two positive sizes (height, width)");
  if (positionSensitive)
    return ctx.imp.importCustom(ctx, CustomReason::NoTypedForm);
  setResult(ctx, ctx.create1<RoiAlignOp>(
                     {ctx.input(0), ctx.input(1)},
                     {ctx.i64("output_height", pooled[0]),
                      ctx.i64("output_width", pooled[1]),
                      ctx.i64("sampling_ratio", std::max<int64_t>(ratio, 0)),
                      ctx.f32("spatial_scale", scale),
                      ctx.flag("half_pixel", aligned)}));
}

bool exportROIAlign(ExportContext &ctx, const OpRow &row) {
  auto op = cast<RoiAlignOp>(ctx.op);
  if (op.getBatchIndices() || op.getMode() != RoiPoolMode::Avg)
    return ctx.fail("MXNet ROIAlign averages and takes the batch index as "
                    "the rois' first column");
  exportName(ctx, row);
  auto height = static_cast<int64_t>(op.getOutputHeight());
  auto width = static_cast<int64_t>(op.getOutputWidth());
  auto ratio = static_cast<int64_t>(op.getSamplingRatio());
  ctx.attr("pooled_size", formatTuple({height, width}));
  ctx.attr("spatial_scale",
           formatFloat(op.getSpatialScale().convertToDouble()));
  ctx.attr("sample_ratio", std::to_string(ratio > 0 ? ratio : -1));
  ctx.attr("aligned", formatBool(op.getHalfPixel()));
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

void importGlobalPool(NodeContext &ctx, bool isMax) {
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 4));
  if (!x)
    return;
  if (isMax)
    return setResult(ctx, ctx.create1<GlobalMaxPoolOp>({ctx.input(0)}));
  setResult(ctx, ctx.create1<GlobalAvgPoolOp>({ctx.input(0)}));
}

/// ONNX pads and ceil mode for MXNet's `convention`: "full" keeps a last
/// window that starts in the end padding, which ONNX's ceil mode drops; for
/// a known input size it becomes exact end pads in floor mode.
std::pair<SmallVector<int64_t>, bool>
resolveConvention(RankedTensorType x, ArrayRef<int64_t> kernel,
                  ArrayRef<int64_t> stride, ArrayRef<int64_t> pad,
                  StringRef convention) {
  size_t n = kernel.size();
  SmallVector<int64_t> pads = symmetricPads(pad);
  if (convention != "full")
    return {pads, false};
  for (size_t i = 0; i < n; ++i) {
    int64_t in = dimOf(x, 2 + i);
    if (ShapedType::isDynamic(in) || stride[i] <= 0)
      return {symmetricPads(pad), true};
    pads[n + i] = fullEndPad(in, kernel[i], stride[i], pad[i]);
  }
  return {pads, false};
}

/// `Pooling` (pool_type, global_pool) and NNVM's `max_pool2d`,
/// `avg_pool2d`, `global_*_pool2d`: one handler for the four rows.
void importPooling(NodeContext &ctx, const OpRow &) {
  StringRef op = ctx.node.op;
  bool nnvm = op != "Pooling";
  std::string type = nnvm ? (op.contains("max") ? "max" : "avg")
                          : ctx.getString("pool_type", "max");
  bool global =
      nnvm ? op.starts_with("global") : ctx.getBool("global_pool", false);
  if (!ctx.checkEnum("pool_type", type, {"max", "avg"}))
    return;
  if (global)
    return importGlobalPool(ctx, type == "max");
  SmallVector<int64_t> kernel = ctx.getInts(nnvm ? "pool_size" : "kernel", {});
  size_t n = kernel.size();
  if (n == 0)
    return ctx.error(ctx.attrPath(nnvm ? "pool_size" : "kernel"),
                     "missing pooling window");
  SmallVector<int64_t> ones(n, 1), zeros(n, 0);
  SmallVector<int64_t> stride = ctx.getInts(nnvm ? "strides" : "stride", ones);
  SmallVector<int64_t> pad = ctx.getInts(nnvm ? "padding" : "pad", zeros);
  std::string convention =
      nnvm ? (ctx.getBool("ceil_mode", false) ? "full" : "valid")
           : ctx.getString("pooling_convention", "valid");
  if (!ctx.checkEnum("pooling_convention", convention, {"valid", "full"}))
    return;
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 2 + n));
  if (!x || stride.size() != n || pad.size() != n) {
    if (x)
      ctx.error(ctx.node.path,
                "expected kernel, stride and pad of length " + llvm::Twine(n));
    return;
  }
  auto [pads, ceil] = resolveConvention(x, kernel, stride, pad, convention);
  SmallVector<NamedAttribute> attrs{
      ctx.i64s("kernel_shape", kernel), ctx.i64s("strides", stride),
      ctx.i64s("pads", pads), ctx.flag("ceil_mode", ceil)};
  if (type == "max")
    return setResult(ctx, ctx.create1<MaxPoolOp>({ctx.input(0)}, attrs));
  attrs.push_back(
      ctx.flag("count_include_pad", ctx.getBool("count_include_pad", true)));
  setResult(ctx, ctx.create1<AvgPoolOp>({ctx.input(0)}, attrs));
}

/// The MXNet pooling convention of ONNX pads (begin, end) in ceil mode
/// `ceil`: "valid" or "full" where the pads are symmetric, "full" where they
/// are the importer's exact form of it; else null.
const char *getConvention(Operation *op, ArrayRef<int64_t> kernel,
                          ArrayRef<int64_t> strides, ArrayRef<int64_t> begin,
                          ArrayRef<int64_t> end, bool ceil) {
  if (begin == end)
    return ceil ? "full" : "valid";
  size_t n = kernel.size();
  RankedTensorType x = rankedType(op->getOperand(0));
  bool full = !ceil && x && x.getRank() == static_cast<int64_t>(2 + n);
  for (size_t i = 0; full && i < n; ++i)
    full = !x.isDynamicDim(2 + i) && strides[i] > 0 &&
           fullEndPad(x.getDimSize(2 + i), kernel[i], strides[i], begin[i]) ==
               end[i];
  return full ? "full" : nullptr;
}

bool exportPool(ExportContext &ctx, const OpRow &row, bool isMax) {
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
  ArrayRef<int64_t> begin = pads.take_front(n), end = pads.drop_front(n);
  const char *convention = getConvention(op, kernel, strides, begin, end,
                                         getFlag(op, "ceil_mode", false));
  if (!convention)
    return ctx.fail("asymmetric pads have no MXNet Pooling form");
  if (isNNVM(ctx) && n == 2) {
    ctx.set(row.nnvm);
    ctx.attr("pool_size", formatTuple(kernel));
    ctx.attr("strides", formatTuple(strides));
    ctx.attr("padding", formatTuple(begin));
    ctx.attr("ceil_mode", formatBool(StringRef(convention) == "full"));
  } else {
    ctx.set(row.getMXNetName());
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

bool exportMaxPool(ExportContext &ctx, const OpRow &row) {
  return exportPool(ctx, row, /*isMax=*/true);
}

bool exportAvgPool(ExportContext &ctx, const OpRow &row) {
  return exportPool(ctx, row, /*isMax=*/false);
}

bool exportGlobalPool(ExportContext &ctx, const OpRow &row, bool isMax) {
  if (isNNVM(ctx))
    return exportSimple(ctx, row);
  ctx.set(row.getMXNetName());
  ctx.attr("pool_type", isMax ? "max" : "avg");
  ctx.attr("global_pool", "True");
  ctx.attr("kernel", "(1, 1)");
  return sameInputs(ctx);
}

bool exportGlobalMaxPool(ExportContext &ctx, const OpRow &row) {
  return exportGlobalPool(ctx, row, /*isMax=*/true);
}

bool exportGlobalAvgPool(ExportContext &ctx, const OpRow &row) {
  return exportGlobalPool(ctx, row, /*isMax=*/false);
}

void importAdaptiveAvgPool(NodeContext &ctx, const OpRow &) {
  SmallVector<int64_t> size = ctx.getInts("output_size", {1});
  if (llvm::all_of(size, [](int64_t v) { return v == 1; }))
    return setResult(ctx, ctx.create1<GlobalAvgPoolOp>({ctx.input(0)}));
  ctx.imp.importCustom(ctx);
}

//===----------------------------------------------------------------------===//
// Softmax, loss layers, normalisation, upsampling
//===----------------------------------------------------------------------===//

/// `softmax`, `log_softmax`, and MXNet's `SoftmaxOutput` (a loss layer: the
/// softmax at inference), `SoftmaxActivation` and legacy `Softmax`.
void importSoftmax(NodeContext &ctx, const OpRow &) {
  StringRef op = ctx.node.op;
  int64_t axis = -1;
  if (op == "softmax" || op == "log_softmax") {
    axis = ctx.getInt("axis", -1);
  } else if (op == "SoftmaxActivation") {
    std::string mode = ctx.getString("mode", "instance");
    if (!ctx.checkEnum("mode", mode, {"instance", "channel"}))
      return;
    axis = mode == "channel" ? 1 : -1;
  } else if (op == "SoftmaxOutput") {
    if (ctx.getBool("multi_output", false))
      axis = 1;
  }
  RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 2));
  if (!x)
    return;
  Value data = ctx.input(0);
  // SoftmaxOutput and instance SoftmaxActivation work on (N, -1).
  bool flattenFirst =
      (op == "SoftmaxOutput" && !ctx.getBool("multi_output", false) &&
       !ctx.getBool("preserve_shape", false)) ||
      (op == "SoftmaxActivation" && axis == -1);
  if (flattenFirst && x.getRank() > 2) {
    Value flat = ctx.create1<FlattenOp>({data}, {ctx.i64("axis", 1)});
    Value y = ctx.create1<SoftmaxOp>({flat}, {ctx.i64("axis", -1)});
    if (!y || !x.hasStaticShape())
      return setResult(ctx, y);
    return setResult(
        ctx, ctx.create1<ReshapeOp>({y}, {ctx.i64s("shape", x.getShape())}));
  }
  if (op == "log_softmax")
    return setResult(
        ctx, ctx.create1<LogSoftmaxOp>({data}, {ctx.i64("axis", axis)}));
  setResult(ctx, ctx.create1<SoftmaxOp>({data}, {ctx.i64("axis", axis)}));
}

/// L2Normalization = x / sqrt(sum(x^2) + eps) over the mode's axes.
void importL2Normalization(NodeContext &ctx, const OpRow &) {
  std::string mode = ctx.getString("mode", "instance");
  if (!ctx.checkEnum("mode", mode, {"instance", "channel", "spatial"}))
    return;
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  SmallVector<int64_t> axes;
  int64_t first = mode == "instance" ? 1 : mode == "channel" ? 1 : 2;
  int64_t last = mode == "channel" ? 2 : x.getRank();
  for (int64_t i = first; i < last; ++i)
    axes.push_back(i);
  Value in = ctx.input(0);
  Value sq = ctx.create1<MulOp>({in, in});
  Value sum = ctx.create1<ReduceSumOp>(
      {sq}, {ctx.i64s("axes", axes), ctx.flag("keepdims", true)});
  Value eps = ctx.splat(ctx.getFloat("eps", 1e-10), x.getElementType());
  Value norm = ctx.create1<SqrtOp>({ctx.create1<AddOp>({sum, eps})});
  setResult(ctx, ctx.create1<DivOp>({in, norm}));
}

/// Nearest UpSampling by an integer scale: an asymmetric, floor resize.
void importUpSampling(NodeContext &ctx, const OpRow &) {
  std::string type = ctx.getString("sample_type", "nearest");
  int64_t scale = ctx.getInt("scale", 1);
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (type != "nearest" || ctx.source.inputs.size() != 1)
    return ctx.imp.importCustom(ctx);
  SmallVector<float> scales(x.getRank(), 1.0f);
  for (int64_t i = 2; i < x.getRank(); ++i)
    scales[i] = scale;
  MLIRContext *context = ctx.b.getContext();
  setResult(
      ctx, ctx.create1<ResizeOp>(
               {ctx.input(0)},
               {ctx.named("scales", ctx.b.getDenseF32ArrayAttr(scales)),
                ctx.named("coordinate_transform",
                          CoordinateTransformAttr::get(
                              context, CoordinateTransform::Asymmetric)),
                ctx.named("nearest_mode",
                          NearestModeAttr::get(context, NearestMode::Floor))}));
}

bool exportResize(ExportContext &ctx, const OpRow &row) {
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
  ctx.set(row.getMXNetName());
  ctx.attr("scale", std::to_string(static_cast<int64_t>(scale)));
  ctx.attr("sample_type", "nearest");
  ctx.attr("num_args", "1");
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

using K = AttrKind;

const AttrRule kLRN[] = {{"nsize", "size", K::Int, 5, 5},
                         {"alpha", "alpha", K::Float, 1e-4, 1e-4},
                         {"beta", "beta", K::Float, 0.75, 0.75},
                         {"knorm", "bias", K::Float, 2.0, 1.0}};
const AttrRule kSoftmaxAxis[] = {{"axis", "axis", K::Int, -1, -1}};

#define ROW(mxnet, nnvm, Op, attrs, importFn, exportFn, dir)                   \
  NNVM_ROW(mxnet, nnvm, Op, attrs, importFn, exportFn, dir, 1)

} // namespace

ArrayRef<OpRow> nnvm::getNNRows() {
  static const OpRow rows[] = {
      ROW("Convolution|ChannelwiseConvolution", "conv2d", ConvOp, {},
          importConvolution, exportConv, Dir::Both),
      ROW("Deconvolution", nullptr, ConvTransposeOp, {}, importDeconvolution,
          exportConvTranspose, Dir::Both),
      ROW("FullyConnected", "dense", GemmOp, {}, importFullyConnected,
          exportGemm, Dir::Both),
      ROW("BatchNorm", "batch_norm", BatchNormOp, {}, importBatchNorm,
          exportBatchNorm, Dir::Both),
      ROW("LayerNorm", nullptr, LayerNormOp, {}, importLayerNorm,
          exportLayerNorm, Dir::Both),
      ROW("_contrib_ROIAlign", nullptr, RoiAlignOp, {}, importROIAlign,
          exportROIAlign, Dir::Both),
      ROW("LRN", nullptr, LRNOp, kLRN, nullptr, nullptr, Dir::Both),
      // `Pooling` reads as any of the four; importPooling tells them apart.
      ROW("Pooling", "max_pool2d", MaxPoolOp, {}, importPooling, exportMaxPool,
          Dir::Both),
      ROW("Pooling", "avg_pool2d", AvgPoolOp, {}, importPooling, exportAvgPool,
          Dir::Both),
      ROW("Pooling", "global_max_pool2d", GlobalMaxPoolOp, {}, importPooling,
          exportGlobalMaxPool, Dir::Both),
      ROW("Pooling", "global_avg_pool2d", GlobalAvgPoolOp, {}, importPooling,
          exportGlobalAvgPool, Dir::Both),
      ROW("_contrib_AdaptiveAvgPooling2D", nullptr, GlobalAvgPoolOp, {},
          importAdaptiveAvgPool, nullptr, Dir::ImportOnly),
      ROW("softmax", nullptr, SoftmaxOp, kSoftmaxAxis, importSoftmax, nullptr,
          Dir::Both),
      ROW("log_softmax", nullptr, LogSoftmaxOp, kSoftmaxAxis, importSoftmax,
          nullptr, Dir::Both),
      ROW("SoftmaxOutput", nullptr, SoftmaxOp, {}, importSoftmax, nullptr,
          Dir::ImportOnly),
      ROW("SoftmaxActivation", nullptr, SoftmaxOp, {}, importSoftmax, nullptr,
          Dir::ImportOnly),
      ROW("Softmax", nullptr, SoftmaxOp, {}, importSoftmax, nullptr,
          Dir::ImportOnly),
      NNVM_EXPANSION_ROW("L2Normalization", importL2Normalization),
      ROW("UpSampling", nullptr, ResizeOp, {}, importUpSampling, exportResize,
          Dir::Both),
  };
  return rows;
}
