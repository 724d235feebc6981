//===- NNVMOpTable.cpp - MXNet and NNVM operator mappings -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file maps MXNet and NNVM operators to nngraph operations, one handler
// per operator family, registered by name in one table. The handlers resolve
// the source semantics (MXNet defaults, FullyConnected flattening, BatchNorm
// fix_gamma, pooling conventions, scalar operators, loss layers at
// inference) so that the dialect keeps ONNX semantics. Every operation a node
// produces carries the node's name as its location.
//
//===----------------------------------------------------------------------===//

#include "NNVMImportInternal.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

namespace {

/// Creates operation `name` with `numResults` results whose types come from
/// its InferTypeOpInterface. Shape errors are reported at the node (the
/// interface emits them at the node's location) and yield null.
Operation *makeOp(NodeContext &ctx, StringRef name, ValueRange operands,
                  ArrayRef<NamedAttribute> attrs, unsigned numResults) {
  if (llvm::is_contained(operands, Value())) {
    ctx.failed = true;
    return nullptr;
  }
  OperationState state(ctx.loc, name);
  state.addOperands(operands);
  state.addAttributes(attrs);
  state.addTypes(SmallVector<Type>(numResults, ctx.b.getNoneType()));
  Operation *op = ctx.b.create(state);
  SmallVector<Type> types;
  if (failed(inferResultTypes(cast<InferTypeOpInterface>(op), types)) ||
      types.size() != numResults) {
    op->erase();
    ctx.error(ctx.node.path, "cannot build '" + name + "' for operator '" +
                                 ctx.node.op + "' (see the error above)");
    return nullptr;
  }
  for (auto [result, type] : llvm::zip_equal(op->getResults(), types))
    result.setType(type);
  return op;
}

template <typename OpTy>
Operation *make(NodeContext &ctx, ValueRange operands,
                ArrayRef<NamedAttribute> attrs = {}, unsigned numResults = 1) {
  return makeOp(ctx, OpTy::getOperationName(), operands, attrs, numResults);
}

template <typename OpTy>
Value make1(NodeContext &ctx, ValueRange operands,
            ArrayRef<NamedAttribute> attrs = {}) {
  Operation *op = make<OpTy>(ctx, operands, attrs);
  return op ? op->getResult(0) : Value();
}

void setResult(NodeContext &ctx, Value v) {
  if (v)
    ctx.results.push_back(v);
  else
    ctx.failed = true;
}

NamedAttribute named(NodeContext &ctx, StringRef name, Attribute attr) {
  return ctx.b.getNamedAttr(name, attr);
}

NamedAttribute i64s(NodeContext &ctx, StringRef name, ArrayRef<int64_t> v) {
  return named(ctx, name, ctx.b.getDenseI64ArrayAttr(v));
}

NamedAttribute f32(NodeContext &ctx, StringRef name, double v) {
  return named(ctx, name, ctx.b.getF32FloatAttr(v));
}

NamedAttribute i64(NodeContext &ctx, StringRef name, int64_t v) {
  return named(ctx, name, ctx.b.getI64IntegerAttr(v));
}

NamedAttribute flag(NodeContext &ctx, StringRef name, bool v) {
  return named(ctx, name, ctx.b.getBoolAttr(v));
}

/// A ranked type of `rank` unknown sizes.
RankedTensorType dynamicType(NodeContext &ctx, int64_t rank,
                             Type element = {}) {
  return RankedTensorType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                               element ? element : ctx.b.getF32Type());
}

/// A 1-D type of `size` (maybe dynamic) elements.
RankedTensorType vectorType(NodeContext &ctx, int64_t size, Type element) {
  return RankedTensorType::get({size}, element);
}

/// Size of axis `axis` of `type`, or dynamic.
int64_t dimOf(RankedTensorType type, int64_t axis) {
  if (!type || axis < 0 || axis >= type.getRank())
    return ShapedType::kDynamic;
  return type.getDimSize(axis);
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

template <typename OpTy>
void unary(NodeContext &ctx) {
  setResult(ctx, make1<OpTy>(ctx, {ctx.input(0)}));
}

/// Binary operators take the other operand's type for a new variable.
template <typename OpTy>
void binary(NodeContext &ctx) {
  Type lhsHint = ctx.knownInputType(1), rhsHint = ctx.knownInputType(0);
  Value lhs = ctx.input(0, lhsHint);
  Value rhs = ctx.input(1, lhs ? lhs.getType() : rhsHint);
  setResult(ctx, make1<OpTy>(ctx, {lhs, rhs}));
}

/// `_plus_scalar` and friends: `scalar` becomes a rank-0 constant of the
/// input element type; `scalar_on_left` (and the `_r*` forms) swap.
template <typename OpTy, bool reversed = false>
void scalarBinary(NodeContext &ctx) {
  Value x = ctx.input(0);
  if (!x)
    return;
  Type element = cast<RankedTensorType>(x.getType()).getElementType();
  Value c = ctx.splat(ctx.getFloat("scalar", 0.0), element);
  bool swap = reversed != ctx.getBool("scalar_on_left", false);
  setResult(ctx, swap ? make1<OpTy>(ctx, {c, x}) : make1<OpTy>(ctx, {x, c}));
}

/// `_greater_scalar` etc. return 0/1 in the input type, not i1.
template <typename OpTy>
void scalarCompare(NodeContext &ctx) {
  Value x = ctx.input(0);
  if (!x)
    return;
  auto type = cast<RankedTensorType>(x.getType());
  Value c = ctx.splat(ctx.getFloat("scalar", 0.0), type.getElementType());
  Value cmp = make1<OpTy>(ctx, {x, c});
  if (!cmp)
    return setResult(ctx, nullptr);
  auto castType =
      cast<RankedTensorType>(cmp.getType()).clone(type.getElementType());
  setResult(ctx, CastOp::create(ctx.b, ctx.loc, castType, cmp));
}

void activation(NodeContext &ctx) {
  std::string act = ctx.getString("act_type", "relu");
  if (!ctx.checkEnum("act_type", act,
                     {"relu", "sigmoid", "tanh", "softrelu", "softsign"}))
    return;
  if (act == "relu")
    return unary<ReluOp>(ctx);
  if (act == "sigmoid")
    return unary<SigmoidOp>(ctx);
  if (act == "tanh")
    return unary<TanhOp>(ctx);
  if (act == "softrelu")
    return unary<SoftplusOp>(ctx);
  return unary<SoftsignOp>(ctx);
}

void leakyRelu(NodeContext &ctx) {
  std::string act = ctx.getString("act_type", "leaky");
  if (!ctx.checkEnum("act_type", act,
                     {"leaky", "prelu", "elu", "selu", "gelu", "rrelu"}))
    return;
  double slope = ctx.getFloat("slope", 0.25);
  if (act == "leaky")
    return setResult(ctx, make1<LeakyReluOp>(ctx, {ctx.input(0)},
                                             {f32(ctx, "alpha", slope)}));
  if (act == "rrelu") {
    double lower = ctx.getFloat("lower_bound", 0.125);
    double upper = ctx.getFloat("upper_bound", 0.334);
    return setResult(
        ctx, make1<LeakyReluOp>(ctx, {ctx.input(0)},
                                {f32(ctx, "alpha", (lower + upper) / 2)}));
  }
  if (act == "elu")
    return setResult(
        ctx, make1<EluOp>(ctx, {ctx.input(0)}, {f32(ctx, "alpha", slope)}));
  if (act == "selu")
    return unary<SeluOp>(ctx);
  if (act == "gelu")
    return unary<GeluOp>(ctx);
  // prelu: gamma (C,) broadcast over axis 1 as (C, 1, ..., 1).
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t channels = dimOf(x, 1);
  RankedTensorType gamma =
      ctx.inputType(1, vectorType(ctx, channels, x.getElementType()));
  if (!gamma)
    return;
  SmallVector<int64_t> shape{gamma.getNumElements() > 0 &&
                                     gamma.hasStaticShape()
                                 ? gamma.getNumElements()
                                 : channels};
  shape.append(std::max<int64_t>(x.getRank() - 2, 0), 1);
  Value slopeValue = ctx.input(1);
  // A (C,) slope broadcasts as (C, 1, ..., 1); one already shaped so (an
  // exported graph's Reshape) is used as it is.
  if (x.getRank() > 2 && gamma.getRank() == 1 &&
      shape[0] != ShapedType::kDynamic)
    slopeValue =
        make1<ReshapeOp>(ctx, {slopeValue}, {i64s(ctx, "shape", shape)});
  setResult(ctx, make1<PReluOp>(ctx, {ctx.input(0), slopeValue}));
}

void clip(NodeContext &ctx) {
  SmallVector<NamedAttribute> attrs;
  if (ctx.has("a_min"))
    attrs.push_back(f32(ctx, "min", ctx.getFloat("a_min", 0)));
  if (ctx.has("a_max"))
    attrs.push_back(f32(ctx, "max", ctx.getFloat("a_max", 0)));
  setResult(ctx, make1<ClipOp>(ctx, {ctx.input(0)}, attrs));
}

void castOp(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  std::string dtype = ctx.getString("dtype", "float32");
  Type element = getNNVMElementType(ctx.b.getContext(), dtype);
  if (!element)
    return ctx.badAttr("dtype", "a dtype name such as float32");
  setResult(ctx,
            CastOp::create(ctx.b, ctx.loc, x.clone(element), ctx.input(0)));
}

/// Identity-like operators and loss layers that are identities at
/// inference; extra (label) inputs are dropped.
void identity(NodeContext &ctx) { unary<IdentityOp>(ctx); }

void dropout(NodeContext &ctx) {
  double p = ctx.getFloat("p", 0.5);
  setResult(ctx, make1<DropoutOp>(ctx, {ctx.input(0)}, {f32(ctx, "ratio", p)}));
}

void where(NodeContext &ctx) {
  // MXNet's condition is numeric: true where it is not zero.
  Value cond = ctx.input(0);
  Value x = ctx.input(1, ctx.knownInputType(2));
  Value y = ctx.input(2, x ? x.getType() : Type());
  if (!cond || !x || !y)
    return;
  Type element = cast<RankedTensorType>(cond.getType()).getElementType();
  Value isTrue = element.isInteger(1)
                     ? cond
                     : make1<NotEqualOp>(ctx, {cond, ctx.splat(0, element)});
  setResult(ctx, make1<WhereOp>(ctx, {isTrue, x, y}));
}

//===----------------------------------------------------------------------===//
// Convolution, fully connected, normalisation
//===----------------------------------------------------------------------===//

/// Symmetric MXNet `pad` (p0, p1) -> ONNX pads [p0, p1, p0, p1].
SmallVector<int64_t> symmetricPads(ArrayRef<int64_t> pad) {
  SmallVector<int64_t> pads(pad);
  pads.append(pad.begin(), pad.end());
  return pads;
}

void convolution(NodeContext &ctx) {
  bool nnvm = ctx.node.op == "conv2d";
  SmallVector<int64_t> kernel =
      ctx.getTuple(nnvm ? "kernel_size" : "kernel", {});
  if (kernel.empty() && !ctx.failed)
    return ctx.error(ctx.attrPath(nnvm ? "kernel_size" : "kernel"),
                     "missing kernel size");
  size_t n = kernel.size();
  SmallVector<int64_t> ones(n, 1), zeros(n, 0);
  SmallVector<int64_t> stride = ctx.getTuple(nnvm ? "strides" : "stride", ones);
  SmallVector<int64_t> dilate =
      ctx.getTuple(nnvm ? "dilation" : "dilate", ones);
  SmallVector<int64_t> pad = ctx.getTuple(nnvm ? "padding" : "pad", zeros);
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
    operands.push_back(
        ctx.input(2, vectorType(ctx, wShape[0], x.getElementType())));
  if (ctx.failed)
    return;
  if (stride.size() != n || dilate.size() != n || pad.size() != n)
    return ctx.error(ctx.node.path, "expected kernel, stride, dilate and pad "
                                    "of the same length " +
                                        llvm::Twine(n));
  setResult(ctx, make1<ConvOp>(ctx, operands,
                               {i64s(ctx, "strides", stride),
                                i64s(ctx, "dilations", dilate),
                                i64s(ctx, "pads", symmetricPads(pad)),
                                i64(ctx, "group", group)}));
}

void deconvolution(NodeContext &ctx) {
  SmallVector<int64_t> kernel = ctx.getTuple("kernel", {});
  size_t n = kernel.size();
  SmallVector<int64_t> ones(n, 1), zeros(n, 0);
  SmallVector<int64_t> stride = ctx.getTuple("stride", ones);
  SmallVector<int64_t> dilate = ctx.getTuple("dilate", ones);
  SmallVector<int64_t> pad = ctx.getTuple("pad", zeros);
  SmallVector<int64_t> adj = ctx.getTuple("adj", zeros);
  SmallVector<int64_t> target = ctx.getTuple("target_shape", {});
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
        ctx.input(2, vectorType(ctx, filters ? filters : ShapedType::kDynamic,
                                x.getElementType())));
  if (ctx.failed)
    return;
  SmallVector<NamedAttribute> attrs{
      i64s(ctx, "strides", stride), i64s(ctx, "dilations", dilate),
      i64s(ctx, "pads", symmetricPads(pad)), i64(ctx, "group", group)};
  if (llvm::any_of(adj, [](int64_t v) { return v != 0; }))
    attrs.push_back(i64s(ctx, "output_padding", adj));
  if (!target.empty() && llvm::any_of(target, [](int64_t v) { return v; }))
    attrs.push_back(i64s(ctx, "output_shape", target));
  setResult(ctx, make1<ConvTransposeOp>(ctx, operands, attrs));
}

void fullyConnected(NodeContext &ctx) {
  bool nnvm = ctx.node.op == "dense";
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
    data = make1<FlattenOp>(ctx, {data}, {i64(ctx, "axis", 1)});
    if (!data)
      return setResult(ctx, nullptr);
  }
  auto dataType = cast<RankedTensorType>(data.getType());
  int64_t k = dimOf(dataType, dataType.getRank() - 1);
  Type element = x.getElementType();
  Value w =
      ctx.input(1, RankedTensorType::get(
                       {hidden ? hidden : ShapedType::kDynamic, k}, element));
  Value bias;
  if (!noBias)
    bias = ctx.input(
        2, vectorType(ctx, hidden ? hidden : ShapedType::kDynamic, element));
  if (ctx.failed)
    return;
  if (dataType.getRank() == 2) {
    SmallVector<Value> operands{data, w};
    if (bias)
      operands.push_back(bias);
    return setResult(
        ctx, make1<GemmOp>(ctx, operands, {flag(ctx, "trans_b", true)}));
  }
  // flatten=False: matmul over the last axis with the transposed weight.
  Value wt = make1<TransposeOp>(ctx, {w});
  Value y = make1<MatMulOp>(ctx, {data, wt});
  if (bias && y)
    y = make1<AddOp>(ctx, {y, bias});
  setResult(ctx, y);
}

void batchNorm(NodeContext &ctx) {
  double eps = ctx.getFloat(ctx.node.op == "batch_norm" ? "epsilon" : "eps",
                            ctx.node.op == "batch_norm" ? 1e-5 : 1e-3);
  bool fixGamma = ctx.node.op == "batch_norm" ? !ctx.getBool("scale", true)
                                              : ctx.getBool("fix_gamma", true);
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
  auto paramType = vectorType(ctx, dimOf(x, 1), x.getElementType());
  size_t numInputs = ctx.node.inputs.size();
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
    Value v =
        ctx.imp.namedInput(ctx.node.name + suffix.str(), paramType, ctx.node);
    ctx.failed |= !v;
    return v;
  };
  Value mean = statistic(3, "_moving_mean");
  Value var = statistic(4, "_moving_var");
  if (ctx.failed)
    return;
  if (fixGamma) {
    auto type = paramType;
    if (!type.hasStaticShape())
      return ctx.error(ctx.attrPath("fix_gamma"),
                       "fix_gamma needs a known channel count (give the "
                       "graph input shapes with --input-shape)");
    gamma = ctx.fill(type, 1.0);
  }
  setResult(ctx, make1<BatchNormOp>(ctx, {ctx.input(0), gamma, beta, mean, var},
                                    {f32(ctx, "epsilon", eps)}));
}

void lrn(NodeContext &ctx) {
  setResult(ctx, make1<LRNOp>(ctx, {ctx.input(0)},
                              {i64(ctx, "size", ctx.getInt("nsize", 5)),
                               f32(ctx, "alpha", ctx.getFloat("alpha", 1e-4)),
                               f32(ctx, "beta", ctx.getFloat("beta", 0.75)),
                               f32(ctx, "bias", ctx.getFloat("knorm", 2.0))}));
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

void pooling(NodeContext &ctx) {
  StringRef op = ctx.node.op;
  bool nnvm = op != "Pooling";
  std::string type = nnvm ? (op.contains("max") ? "max" : "avg")
                          : ctx.getString("pool_type", "max");
  bool global =
      nnvm ? op.starts_with("global") : ctx.getBool("global_pool", false);
  if (!ctx.checkEnum("pool_type", type, {"max", "avg"}))
    return;
  if (global) {
    RankedTensorType x = ctx.inputType(0, dynamicType(ctx, 4));
    if (!x)
      return;
    if (type == "max")
      return setResult(ctx, make1<GlobalMaxPoolOp>(ctx, {ctx.input(0)}));
    return setResult(ctx, make1<GlobalAvgPoolOp>(ctx, {ctx.input(0)}));
  }
  SmallVector<int64_t> kernel = ctx.getTuple(nnvm ? "pool_size" : "kernel", {});
  size_t n = kernel.size();
  if (n == 0)
    return ctx.error(ctx.attrPath(nnvm ? "pool_size" : "kernel"),
                     "missing pooling window");
  SmallVector<int64_t> ones(n, 1), zeros(n, 0);
  SmallVector<int64_t> stride = ctx.getTuple(nnvm ? "strides" : "stride", ones);
  SmallVector<int64_t> pad = ctx.getTuple(nnvm ? "padding" : "pad", zeros);
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
  SmallVector<int64_t> pads = symmetricPads(pad);
  bool ceil = convention == "full";
  // MXNet "full" keeps a last window that starts in the end padding; ONNX's
  // ceil mode drops it. Where the input size is known, express MXNet's size
  // exactly with extra end padding and floor mode.
  if (ceil) {
    bool exact = true;
    for (size_t i = 0; i < n && exact; ++i) {
      int64_t in = dimOf(x, 2 + i);
      if (ShapedType::isDynamic(in) || stride[i] <= 0) {
        exact = false;
        break;
      }
      int64_t span = in + 2 * pad[i] - kernel[i];
      int64_t out = (span + stride[i] - 1) / stride[i] + 1;
      pads[n + i] =
          std::max(pad[i], (out - 1) * stride[i] + kernel[i] - in - pad[i]);
    }
    if (exact)
      ceil = false;
    else
      pads = symmetricPads(pad);
  }
  SmallVector<NamedAttribute> attrs{
      i64s(ctx, "kernel_shape", kernel), i64s(ctx, "strides", stride),
      i64s(ctx, "pads", pads), flag(ctx, "ceil_mode", ceil)};
  if (type == "max")
    return setResult(ctx, make1<MaxPoolOp>(ctx, {ctx.input(0)}, attrs));
  attrs.push_back(
      flag(ctx, "count_include_pad", ctx.getBool("count_include_pad", true)));
  setResult(ctx, make1<AvgPoolOp>(ctx, {ctx.input(0)}, attrs));
}

void adaptiveAvgPool(NodeContext &ctx) {
  SmallVector<int64_t> size = ctx.getTuple("output_size", {1});
  if (llvm::all_of(size, [](int64_t v) { return v == 1; }))
    return setResult(ctx, make1<GlobalAvgPoolOp>(ctx, {ctx.input(0)}));
  ctx.imp.importCustom(ctx);
}

//===----------------------------------------------------------------------===//
// Softmax and loss layers
//===----------------------------------------------------------------------===//

void softmax(NodeContext &ctx) {
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
    Value flat = make1<FlattenOp>(ctx, {data}, {i64(ctx, "axis", 1)});
    Value y = make1<SoftmaxOp>(ctx, {flat}, {i64(ctx, "axis", -1)});
    if (!y || !x.hasStaticShape())
      return setResult(ctx, y);
    return setResult(
        ctx, make1<ReshapeOp>(ctx, {y}, {i64s(ctx, "shape", x.getShape())}));
  }
  if (op == "log_softmax")
    return setResult(
        ctx, make1<LogSoftmaxOp>(ctx, {data}, {i64(ctx, "axis", axis)}));
  setResult(ctx, make1<SoftmaxOp>(ctx, {data}, {i64(ctx, "axis", axis)}));
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

void flatten(NodeContext &ctx) {
  setResult(ctx, make1<FlattenOp>(ctx, {ctx.input(0)}, {i64(ctx, "axis", 1)}));
}

/// Resolves MXNet's Reshape codes (0 copy, -1 infer, -2 copy rest, -3 merge
/// two, -4 split one) against `in`; nullopt where sizes are unknown.
std::optional<SmallVector<int64_t>>
resolveReshape(ArrayRef<int64_t> in, ArrayRef<int64_t> codes, bool reverse) {
  if (reverse) {
    SmallVector<int64_t> rin(in.rbegin(), in.rend());
    SmallVector<int64_t> rcodes(codes.rbegin(), codes.rend());
    // -4 takes its two following values in order; reversing breaks that, so
    // reverse mode is only supported without -4.
    if (llvm::is_contained(codes, -4))
      return std::nullopt;
    auto out = resolveReshape(rin, rcodes, false);
    if (!out)
      return std::nullopt;
    return SmallVector<int64_t>(out->rbegin(), out->rend());
  }
  SmallVector<int64_t> out;
  size_t src = 0;
  int64_t inferAt = -1;
  for (size_t i = 0; i < codes.size(); ++i) {
    int64_t c = codes[i];
    if (c > 0) {
      out.push_back(c);
      ++src;
    } else if (c == 0) {
      if (src >= in.size())
        return std::nullopt;
      out.push_back(in[src++]);
    } else if (c == -1) {
      if (inferAt >= 0)
        return std::nullopt;
      inferAt = out.size();
      out.push_back(1);
      ++src;
    } else if (c == -2) {
      while (src < in.size())
        out.push_back(in[src++]);
    } else if (c == -3) {
      if (src + 1 >= in.size())
        return std::nullopt;
      out.push_back(ShapedType::isDynamic(in[src]) ||
                            ShapedType::isDynamic(in[src + 1])
                        ? ShapedType::kDynamic
                        : in[src] * in[src + 1]);
      src += 2;
    } else if (c == -4) {
      if (i + 2 >= codes.size() || src >= in.size())
        return std::nullopt;
      int64_t d = in[src++], a = codes[i + 1], b = codes[i + 2];
      if (a == -1 && b > 0 && !ShapedType::isDynamic(d))
        a = d / b;
      if (b == -1 && a > 0 && !ShapedType::isDynamic(d))
        b = d / a;
      if (a <= 0 || b <= 0)
        return std::nullopt;
      out.push_back(a);
      out.push_back(b);
      i += 2;
    } else {
      return std::nullopt;
    }
  }
  if (inferAt >= 0) {
    int64_t total = 1, known = 1;
    for (int64_t d : in) {
      if (ShapedType::isDynamic(d))
        return std::nullopt;
      total *= d;
    }
    for (auto [i, d] : llvm::enumerate(out))
      if (static_cast<int64_t>(i) != inferAt) {
        if (ShapedType::isDynamic(d))
          return std::nullopt;
        known *= d;
      }
    if (known == 0 || total % known)
      return std::nullopt;
    out[inferAt] = total / known;
  }
  return out;
}

void reshape(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  SmallVector<int64_t> codes =
      ctx.getTuple(ctx.has("shape") ? "shape" : "target_shape", {});
  bool reverse = ctx.getBool("reverse", false);
  if (ctx.failed)
    return;
  std::optional<SmallVector<int64_t>> resolved =
      resolveReshape(x.getShape(), codes, reverse);
  // One unknown size (copied by code 0) stays expressible as -1.
  if (resolved && llvm::count_if(*resolved, ShapedType::isDynamic) <= 1) {
    llvm::replace(*resolved, ShapedType::kDynamic, int64_t(-1));
    return setResult(ctx, make1<ReshapeOp>(ctx, {ctx.input(0)},
                                           {i64s(ctx, "shape", *resolved)}));
  }
  // Otherwise keep the codes when ONNX knows them all: 0 and one -1.
  bool onnxCodes = !reverse &&
                   llvm::all_of(codes, [](int64_t c) { return c >= -1; }) &&
                   llvm::count(codes, -1) <= 1;
  if (!onnxCodes)
    return ctx.imp.importCustom(ctx);
  setResult(ctx,
            make1<ReshapeOp>(ctx, {ctx.input(0)}, {i64s(ctx, "shape", codes)}));
}

void transpose(NodeContext &ctx) {
  SmallVector<int64_t> axes = ctx.getTuple("axes", {});
  SmallVector<NamedAttribute> attrs;
  if (!axes.empty())
    attrs.push_back(i64s(ctx, "perm", axes));
  setResult(ctx, make1<TransposeOp>(ctx, {ctx.input(0)}, attrs));
}

void swapAxis(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t rank = x.getRank();
  int64_t a = ctx.getInt("dim1", 0), b = ctx.getInt("dim2", 0);
  if (a < 0)
    a += rank;
  if (b < 0)
    b += rank;
  if (a < 0 || b < 0 || a >= rank || b >= rank)
    return ctx.error(ctx.attrPath("dim1"),
                     "axes out of range for rank " + llvm::Twine(rank));
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[a], perm[b]);
  setResult(ctx,
            make1<TransposeOp>(ctx, {ctx.input(0)}, {i64s(ctx, "perm", perm)}));
}

void expandDims(NodeContext &ctx) {
  setResult(ctx,
            make1<UnsqueezeOp>(ctx, {ctx.input(0)},
                               {i64s(ctx, "axes", {ctx.getInt("axis", 0)})}));
}

void squeeze(NodeContext &ctx) {
  SmallVector<NamedAttribute> attrs;
  if (ctx.has("axis"))
    attrs.push_back(i64s(ctx, "axes", ctx.getTuple("axis", {})));
  setResult(ctx, make1<SqueezeOp>(ctx, {ctx.input(0)}, attrs));
}

void concat(NodeContext &ctx) {
  int64_t axis = ctx.getInt(ctx.has("dim") ? "dim" : "axis", 1);
  SmallVector<Value> inputs;
  Type hint;
  for (unsigned i = 0; i < ctx.node.inputs.size() && !hint; ++i)
    hint = ctx.knownInputType(i);
  for (unsigned i = 0; i < ctx.node.inputs.size(); ++i)
    inputs.push_back(ctx.input(i, hint));
  if (ctx.failed)
    return;
  setResult(ctx, make1<ConcatOp>(ctx, inputs, {i64(ctx, "axis", axis)}));
}

void stack(NodeContext &ctx) {
  int64_t axis = ctx.getInt("axis", 0);
  SmallVector<Value> pieces;
  for (unsigned i = 0; i < ctx.node.inputs.size(); ++i)
    pieces.push_back(make1<UnsqueezeOp>(ctx,
                                        {ctx.input(i, ctx.knownInputType(0))},
                                        {i64s(ctx, "axes", {axis})}));
  if (ctx.failed)
    return;
  setResult(ctx, make1<ConcatOp>(ctx, pieces, {i64(ctx, "axis", axis)}));
}

void sliceChannel(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t n = ctx.getInt(
      ctx.has("num_outputs") ? "num_outputs" : "indices_or_sections", 1);
  int64_t axis = ctx.getInt("axis", 1);
  bool squeezeAxis = ctx.getBool("squeeze_axis", false);
  if (axis < 0)
    axis += x.getRank();
  int64_t d = dimOf(x, axis);
  if (n <= 0 || ShapedType::isDynamic(d) || d % n)
    return ctx.imp.importCustom(ctx);
  Operation *op =
      make<SplitOp>(ctx, {ctx.input(0)},
                    {i64(ctx, "axis", axis),
                     i64s(ctx, "split", SmallVector<int64_t>(n, d / n))},
                    n);
  if (!op)
    return;
  for (Value piece : op->getResults()) {
    if (squeezeAxis)
      piece = make1<SqueezeOp>(ctx, {piece}, {i64s(ctx, "axes", {axis})});
    setResult(ctx, piece);
  }
}

void sliceAxis(NodeContext &ctx) {
  int64_t axis = ctx.getInt("axis", 0);
  int64_t begin = ctx.getInt("begin", 0);
  int64_t end = ctx.getString("end", "None") == "None"
                    ? std::numeric_limits<int64_t>::max()
                    : ctx.getInt("end", 0);
  setResult(ctx, make1<SliceOp>(ctx, {ctx.input(0)},
                                {i64s(ctx, "starts", {begin}),
                                 i64s(ctx, "ends", {end}),
                                 i64s(ctx, "axes", {axis})}));
}

void slice(NodeContext &ctx) {
  auto begin = ctx.getOptTuple("begin", {});
  auto end = ctx.getOptTuple("end", {});
  auto step = ctx.getOptTuple("step", {});
  if (ctx.failed)
    return;
  if (begin.size() != end.size() ||
      (!step.empty() && step.size() != begin.size()))
    return ctx.error(ctx.attrPath("begin"),
                     "expected begin, end and step of the same length");
  SmallVector<int64_t> starts, ends, axes, steps;
  for (size_t i = 0; i < begin.size(); ++i) {
    int64_t s = step.empty() || !step[i] ? 1 : *step[i];
    int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? INT64_MAX : INT64_MIN;
    starts.push_back(begin[i] ? *begin[i] : lo);
    ends.push_back(end[i] ? *end[i] : hi);
    axes.push_back(i);
    steps.push_back(s);
  }
  setResult(ctx, make1<SliceOp>(
                     ctx, {ctx.input(0)},
                     {i64s(ctx, "starts", starts), i64s(ctx, "ends", ends),
                      i64s(ctx, "axes", axes), i64s(ctx, "steps", steps)}));
}

void reverse(NodeContext &ctx) {
  SmallVector<int64_t> axes = ctx.getTuple("axis", {0});
  SmallVector<int64_t> starts(axes.size(), -1), ends(axes.size(), INT64_MIN),
      steps(axes.size(), -1);
  setResult(ctx, make1<SliceOp>(
                     ctx, {ctx.input(0)},
                     {i64s(ctx, "starts", starts), i64s(ctx, "ends", ends),
                      i64s(ctx, "axes", axes), i64s(ctx, "steps", steps)}));
}

void tile(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  SmallVector<int64_t> reps = ctx.getTuple("reps", {});
  // Shorter reps are padded with leading ones; a longer one adds axes.
  if (static_cast<int64_t>(reps.size()) > x.getRank())
    return ctx.imp.importCustom(ctx);
  SmallVector<int64_t> full(x.getRank() - reps.size(), 1);
  full.append(reps.begin(), reps.end());
  setResult(ctx,
            make1<TileOp>(ctx, {ctx.input(0)}, {i64s(ctx, "repeats", full)}));
}

template <typename OpTy>
void reduce(NodeContext &ctx) {
  if (ctx.getBool("exclude", false))
    return ctx.imp.importCustom(ctx);
  SmallVector<NamedAttribute> attrs{
      flag(ctx, "keepdims", ctx.getBool("keepdims", false))};
  SmallVector<int64_t> axes = ctx.getTuple("axis", {});
  if (!axes.empty())
    attrs.push_back(i64s(ctx, "axes", axes));
  setResult(ctx, make1<OpTy>(ctx, {ctx.input(0)}, attrs));
}

void shapeArray(NodeContext &ctx) { unary<ShapeOp>(ctx); }

void upsampling(NodeContext &ctx) {
  std::string type = ctx.getString("sample_type", "nearest");
  int64_t scale = ctx.getInt("scale", 1);
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (type != "nearest" || ctx.node.inputs.size() != 1)
    return ctx.imp.importCustom(ctx);
  SmallVector<float> scales(x.getRank(), 1.0f);
  for (int64_t i = 2; i < x.getRank(); ++i)
    scales[i] = scale;
  setResult(
      ctx, make1<ResizeOp>(
               ctx, {ctx.input(0)},
               {named(ctx, "scales", ctx.b.getDenseF32ArrayAttr(scales)),
                named(ctx, "coordinate_transform",
                      CoordinateTransformAttr::get(
                          ctx.b.getContext(), CoordinateTransform::Asymmetric)),
                named(ctx, "nearest_mode",
                      NearestModeAttr::get(ctx.b.getContext(),
                                           NearestMode::Floor))}));
}

void oneHot(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t depth = ctx.getInt("depth", 0);
  SmallVector<int64_t> shape(x.getShape());
  shape.push_back(depth);
  auto type = RankedTensorType::get(shape, ctx.b.getF32Type());
  if (depth < 1)
    return ctx.error(ctx.attrPath("depth"), "expected depth >= 1");
  setResult(ctx,
            OneHotOp::create(
                ctx.b, ctx.loc, type, ctx.input(0),
                ctx.b.getI64IntegerAttr(depth), ctx.b.getI64IntegerAttr(-1),
                ctx.b.getF32FloatAttr(ctx.getFloat("on_value", 1.0)),
                ctx.b.getF32FloatAttr(ctx.getFloat("off_value", 0.0))));
}

/// L2Normalization = x / sqrt(sum(x^2) + eps) over the mode's axes.
void l2Normalization(NodeContext &ctx) {
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
  Value sq = make1<MulOp>(ctx, {in, in});
  Value sum = make1<ReduceSumOp>(
      ctx, {sq}, {i64s(ctx, "axes", axes), flag(ctx, "keepdims", true)});
  Value eps = ctx.splat(ctx.getFloat("eps", 1e-10), x.getElementType());
  Value norm = make1<SqrtOp>(ctx, {make1<AddOp>(ctx, {sum, eps})});
  setResult(ctx, make1<DivOp>(ctx, {in, norm}));
}

/// ones_like / zeros_like of a static shape: a splat constant.
template <int value>
void fillLike(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (!x.hasStaticShape())
    return ctx.imp.importCustom(ctx);
  setResult(ctx, ctx.fill(x, value));
}

/// `_full`, `_zeros` and `_ones` of a static shape: a splat constant.
template <int fixed>
void fullOp(NodeContext &ctx) {
  SmallVector<int64_t> shape = ctx.getTuple("shape", {});
  std::string dtype = ctx.getString("dtype", "float32");
  double value = fixed >= 0 ? fixed : ctx.getFloat("value", 0.0);
  if (ctx.failed)
    return;
  Type element = getNNVMElementType(ctx.b.getContext(), dtype);
  if (!element)
    return ctx.badAttr("dtype", "a dtype name such as float32");
  if (std::optional<std::string> tooMany = checkElementCount(shape))
    return ctx.error(ctx.attrPath("shape"), *tooMany);
  if (llvm::any_of(shape, [](int64_t d) { return d <= 0; }))
    return ctx.imp.importCustom(ctx); // Shape known at run time.
  setResult(ctx, ctx.fill(RankedTensorType::get(shape, element), value));
}

/// `dot` with a 2-D right operand and `batch_dot` of 3-D operands are
/// ONNX MatMul; transposed forms get a transpose first.
void dot(NodeContext &ctx) {
  bool batch = ctx.node.op == "batch_dot";
  RankedTensorType a = ctx.inputType(0), b = ctx.inputType(1);
  if (!a || !b)
    return;
  bool transA = ctx.getBool("transpose_a", false);
  bool transB = ctx.getBool("transpose_b", false);
  bool fits = batch ? a.getRank() == 3 && b.getRank() == 3
                    : b.getRank() == 2 && a.getRank() >= 1 &&
                          (!transA || a.getRank() == 2);
  if (!fits)
    return ctx.imp.importCustom(ctx);
  auto swapLast = [&](Value v, int64_t rank) {
    SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    std::swap(perm[rank - 1], perm[rank - 2]);
    return make1<TransposeOp>(ctx, {v}, {i64s(ctx, "perm", perm)});
  };
  Value lhs = transA ? swapLast(ctx.input(0), a.getRank()) : ctx.input(0);
  Value rhs = transB ? swapLast(ctx.input(1), b.getRank()) : ctx.input(1);
  setResult(ctx, make1<MatMulOp>(ctx, {lhs, rhs}));
}

/// MXNet `Pad`: pad_width lists (begin, end) per axis.
void padOp(NodeContext &ctx) {
  std::string mode = ctx.getString("mode", "constant");
  if (!ctx.checkEnum("mode", mode, {"constant", "edge", "reflect"}))
    return;
  SmallVector<int64_t> width = ctx.getTuple("pad_width", {});
  double value = ctx.getFloat("constant_value", 0.0);
  RankedTensorType x = ctx.inputType(0);
  if (!x || ctx.failed)
    return;
  if (static_cast<int64_t>(width.size()) != 2 * x.getRank())
    return ctx.error(ctx.attrPath("pad_width"),
                     "expected " + llvm::Twine(2 * x.getRank()) +
                         " values (begin and end per axis), got " +
                         llvm::Twine(width.size()));
  SmallVector<int64_t> pads(2 * x.getRank());
  for (int64_t i = 0; i < x.getRank(); ++i) {
    pads[i] = width[2 * i];
    pads[x.getRank() + i] = width[2 * i + 1];
  }
  PadMode padMode = mode == "edge"      ? PadMode::Edge
                    : mode == "reflect" ? PadMode::Reflect
                                        : PadMode::Constant;
  setResult(ctx,
            make1<PadOp>(ctx, {ctx.input(0)},
                         {i64s(ctx, "pads", pads),
                          named(ctx, "mode",
                                PadModeAttr::get(ctx.b.getContext(), padMode)),
                          f32(ctx, "value", value)}));
}

/// `_arange` with a known length: a 1-D constant (`repeat` repeats each
/// value). infer_range (the length comes from a consumer) stays custom.
void arange(NodeContext &ctx) {
  double start = ctx.getFloat("start", 0.0);
  std::string stopText = ctx.getString("stop", "None");
  double step = ctx.getFloat("step", 1.0);
  int64_t repeat = ctx.getInt("repeat", 1);
  Type element =
      getNNVMElementType(ctx.b.getContext(), ctx.getString("dtype", "float32"));
  if (ctx.failed)
    return;
  if (!element || ctx.getBool("infer_range", false) || repeat < 1 ||
      step == 0 || !isa<FloatType, IntegerType>(element))
    return ctx.imp.importCustom(ctx);
  double stop = start;
  if (stopText == "None") {
    stop = start; // arange(n): 0..n
    start = 0;
  } else {
    stop = ctx.getFloat("stop", 0.0);
  }
  double count = std::ceil((stop - start) / step);
  if (!(count >= 0) || count * repeat > (1 << 24))
    return ctx.imp.importCustom(ctx);
  auto type =
      RankedTensorType::get({static_cast<int64_t>(count) * repeat}, element);
  SmallVector<Attribute> values;
  for (int64_t i = 0; i < static_cast<int64_t>(count); ++i)
    for (int64_t r = 0; r < repeat; ++r) {
      double v = start + i * step;
      values.push_back(isa<FloatType>(element)
                           ? Attribute(ctx.b.getFloatAttr(element, v))
                           : Attribute(ctx.b.getIntegerAttr(
                                 element, static_cast<int64_t>(v))));
    }
  setResult(ctx, ConstantOp::create(
                     ctx.b, ctx.loc,
                     cast<ElementsAttr>(DenseElementsAttr::get(type, values))));
}

/// A slice of the leading axes 0..k-1 (where k - 1 is the last axis in
/// `bounds`), in the form `slice` imports to: unlisted axes are whole, every
/// step is 1. One canonical form keeps export -> import the identity.
void leadingSlice(NodeContext &ctx,
                  ArrayRef<std::tuple<int64_t, int64_t, int64_t>> bounds) {
  int64_t k = 0;
  for (auto [axis, begin, end] : bounds)
    k = std::max(k, axis + 1);
  SmallVector<int64_t> starts(k, 0), ends(k, INT64_MAX), steps(k, 1);
  for (auto [axis, begin, end] : bounds) {
    starts[axis] = begin;
    ends[axis] = end;
  }
  setResult(ctx,
            make1<SliceOp>(
                ctx, {ctx.input(0)},
                {i64s(ctx, "starts", starts), i64s(ctx, "ends", ends),
                 i64s(ctx, "axes", llvm::to_vector(llvm::seq<int64_t>(0, k))),
                 i64s(ctx, "steps", steps)}));
}

/// `slice_like(data, like, axes)`: data cut to like's sizes on `axes` (all
/// axes when empty), from the start. Sizes must be known.
void sliceLike(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  RankedTensorType like = ctx.inputType(1);
  SmallVector<int64_t> axes = ctx.getTuple("axes", {});
  if (!x || !like || ctx.failed)
    return;
  if (axes.empty())
    axes = llvm::to_vector(llvm::seq<int64_t>(0, x.getRank()));
  SmallVector<std::tuple<int64_t, int64_t, int64_t>> bounds;
  for (int64_t axis : axes) {
    if (axis < 0)
      axis += x.getRank();
    if (axis < 0 || axis >= x.getRank() || axis >= like.getRank())
      return ctx.error(ctx.attrPath("axes"), "axis out of range");
    if (like.isDynamicDim(axis))
      return ctx.imp.importCustom(ctx);
    bounds.emplace_back(axis, 0, like.getDimSize(axis));
  }
  leadingSlice(ctx, bounds);
}

/// `Crop(data, [crop_like], offset, h_w, center_crop)`: a window of the
/// spatial axes 2 and 3, of size h_w or crop_like's, at offset or centred.
void crop(NodeContext &ctx) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t numArgs = ctx.getInt("num_args", 1);
  SmallVector<int64_t> hw = ctx.getTuple("h_w", {0, 0});
  SmallVector<int64_t> offset = ctx.getTuple("offset", {0, 0});
  bool center = ctx.getBool("center_crop", false);
  if (ctx.failed)
    return;
  if (x.getRank() != 4 || hw.size() != 2 || offset.size() != 2)
    return ctx.imp.importCustom(ctx);
  if (numArgs == 2) {
    RankedTensorType like = ctx.inputType(1);
    if (!like)
      return;
    if (like.getRank() != 4)
      return ctx.imp.importCustom(ctx);
    hw = {like.getDimSize(2), like.getDimSize(3)};
  }
  SmallVector<std::tuple<int64_t, int64_t, int64_t>> bounds;
  for (int i = 0; i < 2; ++i) {
    int64_t in = x.getDimSize(2 + i);
    if (ShapedType::isDynamic(hw[i]) || hw[i] <= 0 ||
        (center && ShapedType::isDynamic(in)))
      return ctx.imp.importCustom(ctx);
    int64_t begin = center ? (in - hw[i]) / 2 : offset[i];
    bounds.emplace_back(2 + i, begin, begin + hw[i]);
  }
  leadingSlice(ctx, bounds);
}

void argsortOrTopk(NodeContext &ctx) {
  // Kept custom: MXNet returns float indices and argsort sorts all.
  ctx.imp.importCustom(ctx);
}

} // namespace

const OpHandler *nnvm::lookupOpHandler(StringRef op) {
  static const llvm::StringMap<OpHandler> table = [] {
    llvm::StringMap<OpHandler> t;
    // Elementwise.
    for (const char *name : {"elemwise_add", "broadcast_add", "_Plus", "_add",
                             "_plus", "broadcast_plus", "elemwise_sum"})
      t[name] = binary<AddOp>;
    for (const char *name : {"elemwise_sub", "broadcast_sub", "_Minus",
                             "_minus", "_sub", "broadcast_minus"})
      t[name] = binary<SubOp>;
    for (const char *name : {"elemwise_mul", "broadcast_mul", "_Mul", "_mul"})
      t[name] = binary<MulOp>;
    for (const char *name : {"elemwise_div", "broadcast_div", "_Div", "_div"})
      t[name] = binary<DivOp>;
    t["broadcast_power"] = binary<PowOp>;
    t["_power"] = binary<PowOp>;
    t["broadcast_maximum"] = binary<MaxOp>;
    t["_maximum"] = binary<MaxOp>;
    t["broadcast_minimum"] = binary<MinOp>;
    t["_minimum"] = binary<MinOp>;
    t["broadcast_equal"] = binary<EqualOp>;
    t["broadcast_not_equal"] = binary<NotEqualOp>;
    t["broadcast_greater"] = binary<GreaterOp>;
    t["broadcast_greater_equal"] = binary<GreaterEqualOp>;
    t["broadcast_lesser"] = binary<LessOp>;
    t["broadcast_lesser_equal"] = binary<LessEqualOp>;
    t["_plus_scalar"] = t["_PlusScalar"] = scalarBinary<AddOp>;
    t["_minus_scalar"] = t["_MinusScalar"] = scalarBinary<SubOp>;
    t["_rminus_scalar"] = t["_RMinusScalar"] = scalarBinary<SubOp, true>;
    t["_mul_scalar"] = t["_MulScalar"] = scalarBinary<MulOp>;
    t["_div_scalar"] = t["_DivScalar"] = scalarBinary<DivOp>;
    t["_rdiv_scalar"] = t["_RDivScalar"] = scalarBinary<DivOp, true>;
    t["_power_scalar"] = t["_PowerScalar"] = scalarBinary<PowOp>;
    t["_maximum_scalar"] = t["_MaximumScalar"] = scalarBinary<MaxOp>;
    t["_minimum_scalar"] = t["_MinimumScalar"] = scalarBinary<MinOp>;
    t["_greater_scalar"] = scalarCompare<GreaterOp>;
    t["_greater_equal_scalar"] = scalarCompare<GreaterEqualOp>;
    t["_lesser_scalar"] = scalarCompare<LessOp>;
    t["_lesser_equal_scalar"] = scalarCompare<LessEqualOp>;
    t["_equal_scalar"] = scalarCompare<EqualOp>;
    t["_not_equal_scalar"] = scalarCompare<NotEqualOp>;
    t["Activation"] = activation;
    t["LeakyReLU"] = leakyRelu;
    t["relu"] = unary<ReluOp>;
    t["sigmoid"] = unary<SigmoidOp>;
    t["tanh"] = unary<TanhOp>;
    t["exp"] = unary<ExpOp>;
    t["log"] = unary<LogOp>;
    t["sqrt"] = unary<SqrtOp>;
    t["rsqrt"] = unary<RsqrtOp>;
    t["reciprocal"] = unary<ReciprocalOp>;
    t["negative"] = unary<NegOp>;
    t["abs"] = unary<AbsOp>;
    t["floor"] = unary<FloorOp>;
    t["ceil"] = unary<CeilOp>;
    t["round"] = unary<RoundOp>;
    t["erf"] = unary<ErfOp>;
    t["clip"] = clip;
    t["Cast"] = t["cast"] = castOp;
    t["where"] = where;
    for (const char *name : {"_copy", "BlockGrad", "identity", "stop_gradient",
                             "LinearRegressionOutput", "MakeLoss"})
      t[name] = identity;
    t["LogisticRegressionOutput"] = unary<SigmoidOp>;
    t["Dropout"] = dropout;
    // NN.
    t["Convolution"] = t["ChannelwiseConvolution"] = t["conv2d"] = convolution;
    t["Deconvolution"] = deconvolution;
    t["FullyConnected"] = t["dense"] = fullyConnected;
    t["BatchNorm"] = t["batch_norm"] = batchNorm;
    t["LRN"] = lrn;
    t["Pooling"] = t["max_pool2d"] = t["avg_pool2d"] = pooling;
    t["global_max_pool2d"] = t["global_avg_pool2d"] = pooling;
    t["_contrib_AdaptiveAvgPooling2D"] = adaptiveAvgPool;
    t["softmax"] = t["log_softmax"] = t["SoftmaxOutput"] = softmax;
    t["SoftmaxActivation"] = t["Softmax"] = softmax;
    t["L2Normalization"] = l2Normalization;
    t["UpSampling"] = upsampling;
    // Tensors.
    t["Flatten"] = t["flatten"] = flatten;
    t["Reshape"] = t["reshape"] = reshape;
    t["transpose"] = transpose;
    t["SwapAxis"] = t["swapaxes"] = swapAxis;
    t["expand_dims"] = expandDims;
    t["squeeze"] = squeeze;
    t["Concat"] = t["concat"] = t["concatenate"] = concat;
    t["stack"] = stack;
    t["SliceChannel"] = t["split"] = sliceChannel;
    t["slice_axis"] = sliceAxis;
    t["slice"] = t["crop"] = slice;
    t["reverse"] = t["flip"] = reverse;
    t["tile"] = tile;
    t["sum"] = reduce<ReduceSumOp>;
    t["mean"] = reduce<ReduceMeanOp>;
    t["max"] = reduce<ReduceMaxOp>;
    t["min"] = reduce<ReduceMinOp>;
    t["prod"] = reduce<ReduceProdOp>;
    t["shape_array"] = shapeArray;
    t["one_hot"] = oneHot;
    t["argsort"] = t["topk"] = argsortOrTopk;
    t["ones_like"] = fillLike<1>;
    t["_full"] = fullOp<-1>;
    t["_zeros"] = fullOp<0>;
    t["_ones"] = fullOp<1>;
    t["dot"] = t["batch_dot"] = dot;
    t["_arange"] = arange;
    t["slice_like"] = sliceLike;
    t["Crop"] = crop;
    t["Pad"] = t["pad"] = padOp;
    t["zeros_like"] = fillLike<0>;
    return t;
  }();
  auto it = table.find(op);
  return it == table.end() ? nullptr : &it->second;
}
