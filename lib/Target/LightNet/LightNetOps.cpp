//===- LightNetOps.cpp - LightNet operator table ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the table of LightNet optypes with a typed nngraph
// operation (docs/Formats/LightNet.md, Op mapping), read by the importer from
// LightNet to nngraph and by the exporter back, the declarative conversion
// of params to and from nngraph attributes, the handlers of the few quirks
// (conv weights of rank 5, slice's start and length, binary concat chains,
// print) and the OpContext that import rows read an op through.
//
//===----------------------------------------------------------------------===//

#include "LightNetOps.h"
#include "LightNetInternal.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/JSONSupport.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::lightnet;
using LOp = mlir::nngraph::lightnet::Op;
using llvm::json::Array;

//===----------------------------------------------------------------------===//
// OpContext
//===----------------------------------------------------------------------===//

OpContext::OpContext(GraphBuilder &gb, const LOp &op,
                     SmallVector<std::pair<std::string, Value>> &definitions)
    : NodeBinder(gb, {op.name, op.path, op.optype}, gb.getNameLoc(op.name)),
      op(op), definitions(definitions) {
  setAttrsPath(op.path + ".params");
  setAttrNoun("param");
  setNullIsValue(true);
  for (const Param &p : op.params)
    addAttr(p.argName, &p.value, p.path);
}

void OpContext::define(StringRef arg, Value v) {
  for (const TensorRef &t : op.outputs)
    if (t.argName == arg) {
      // The "" placeholder names no tensor that others could read; the
      // value is named after where it is made.
      if (t.name.empty()) {
        if (v)
          definitions.push_back({op.name + "." + t.argName, v});
        continue;
      }
      gb.setValue(t.name, v);
      if (v)
        definitions.push_back({t.name, v});
    }
  if (!v)
    failed = true;
}

//===----------------------------------------------------------------------===//
// Import helpers and quirks
//===----------------------------------------------------------------------===//

/// `padding` is [top, left, bottom, right] (ONNX pads); old files give two
/// values [rows, cols].
static std::optional<SmallVector<int64_t>> getPads(OpContext &ctx,
                                                   StringRef key) {
  SmallVector<int64_t> pads = ctx.getInts(key, {0, 0, 0, 0});
  if (pads.size() == 2)
    pads = {pads[0], pads[1], pads[0], pads[1]};
  if (pads.size() != 4) {
    ctx.error(ctx.attrPath(key), "expected 2 or 4 padding values");
    return std::nullopt;
  }
  return pads;
}

/// `autopad` as an nngraph auto_pad attribute; nothing for NOTSET.
static bool addAutoPad(OpContext &ctx, StringRef key,
                       SmallVector<NamedAttribute> &attrs) {
  std::string autopad = ctx.getString(key, "NOTSET");
  std::optional<AutoPad> mode =
      llvm::StringSwitch<std::optional<AutoPad>>(autopad)
          .Case("NOTSET", AutoPad::NotSet)
          .Case("VALID", AutoPad::Valid)
          .Case("SAME_UPPER", AutoPad::SameUpper)
          .Case("SAME_LOWER", AutoPad::SameLower)
          .Default(std::nullopt);
  if (!mode) {
    ctx.error(ctx.attrPath(key), "unknown autopad '" + autopad + "'");
    return false;
  }
  if (*mode != AutoPad::NotSet)
    attrs.push_back(ctx.b.getNamedAttr(
        "auto_pad", AutoPadAttr::get(ctx.b.getContext(), *mode)));
  return true;
}

/// Rank-5 conv weights [group, out_c, in_c, kh, kw] with group 1 lose the
/// leading dimension through a reshape (the operands src, weight, bias).
static SmallVector<Value> getConvOperands(OpContext &ctx) {
  Value w = ctx.in("weight");
  auto type = dyn_cast_or_null<RankedTensorType>(w ? w.getType() : Type());
  if (!type || type.getRank() != 5)
    return {ctx.in("src"), w, ctx.in("bias")};
  const TensorRef *ref = ctx.op.findInput("weight");
  if (type.getDimSize(0) != 1) {
    ctx.error(ref->path, "rank-5 conv weight '" + ref->name +
                             "' needs a leading group dimension of 1");
    return {ctx.in("src"), nullptr, ctx.in("bias")};
  }
  return {ctx.in("src"),
          ctx.create1<ReshapeOp>(
              {w}, {ctx.i64s("shape", type.getShape().drop_front())}),
          ctx.in("bias")};
}

/// Nearest-neighbour `mode` (TL_NEAREST, or old files' "nearest").
static bool checkNearest(OpContext &ctx) {
  std::optional<std::string> mode = ctx.requireString("mode");
  if (!mode)
    return false;
  if (*mode == "TL_NEAREST" || *mode == "nearest")
    return true;
  ctx.error(ctx.attrPath("mode"),
            "unsupported resize mode '" + *mode + "' (only TL_NEAREST)");
  return false;
}

static void addNearestAttrs(OpContext &ctx,
                            SmallVector<NamedAttribute> &attrs) {
  MLIRContext *c = ctx.b.getContext();
  attrs.push_back(ctx.b.getNamedAttr(
      "coordinate_transform",
      CoordinateTransformAttr::get(c, CoordinateTransform::Asymmetric)));
  attrs.push_back(ctx.b.getNamedAttr(
      "nearest_mode", NearestModeAttr::get(c, NearestMode::Floor)));
}

/// A tensor type from the `dtype` and `dims` params.
RankedTensorType lightnet::getCreateType(OpContext &ctx) {
  std::optional<std::string> dtype = ctx.requireString("dtype");
  std::optional<SmallVector<int64_t>> dims = ctx.requireInts("dims");
  if (!dtype || !dims)
    return nullptr;
  Type element = parseDType(ctx.b.getContext(), *dtype);
  if (!element) {
    ctx.error(ctx.attrPath("dtype"), "unknown dtype '" + *dtype + "'");
    return nullptr;
  }
  if (llvm::any_of(*dims, [](int64_t d) { return d <= 0; })) {
    ctx.error(ctx.attrPath("dims"), "expected positive dimensions");
    return nullptr;
  }
  if (std::optional<std::string> tooMany = checkElementCount(*dims)) {
    ctx.error(ctx.attrPath("dims"), *tooMany);
    return nullptr;
  }
  return RankedTensorType::get(*dims, element);
}

static void buildZeros(OpContext &ctx) {
  RankedTensorType type = getCreateType(ctx);
  if (!type)
    return ctx.define("dst", nullptr);
  ctx.define("dst", ctx.fill(type, 0));
}

static void buildPrint(OpContext &ctx, bool toFile) {
  std::string message = ctx.getString("msg", "");
  std::optional<std::string> file;
  if (toFile)
    file = ctx.requireString("file");
  Value src = ctx.in("src");
  if ((toFile && !file) || !src || ctx.failed) {
    ctx.failed = true;
    return;
  }
  PrintOp::create(ctx.b, ctx.loc, src, ctx.b.getStringAttr(message),
                  ctx.b.getStringAttr("lightnet"),
                  file ? ctx.b.getStringAttr(*file) : StringAttr());
}

static void buildPrintOp(OpContext &ctx) { buildPrint(ctx, false); }
static void buildFPrintOp(OpContext &ctx) { buildPrint(ctx, true); }

static void buildSlice(OpContext &ctx) {
  std::optional<int64_t> axis = ctx.requireInt("axis");
  std::optional<int64_t> start = ctx.requireInt("start");
  std::optional<int64_t> len = ctx.requireInt("len");
  if (!axis || !start || !len)
    return ctx.define("dst", nullptr);
  ctx.define("dst", ctx.create1<SliceOp>({ctx.in("src")},
                                         {ctx.i64s("starts", {*start}),
                                          ctx.i64s("ends", {*start + *len}),
                                          ctx.i64s("axes", {*axis})}));
}

/// Appends the nngraph attribute(s) of `spec` read from the op's params.
static void importParam(OpContext &ctx, const ParamSpec &spec,
                        SmallVector<NamedAttribute> &attrs) {
  // Without `required`, an absent param is the row's default; a malformed
  // one fails the op either way.
  StringRef key = spec.lightnet;
  auto getInt = [&]() -> std::optional<int64_t> {
    if (spec.required)
      return ctx.requireInt(key);
    return ctx.getInt(key, static_cast<int64_t>(spec.dflt));
  };
  switch (spec.kind) {
  case ParamKind::Int:
    if (std::optional<int64_t> v = getInt())
      attrs.push_back(ctx.i64(spec.mlir, *v));
    return;
  case ParamKind::Axis:
    if (std::optional<int64_t> v = getInt())
      attrs.push_back(ctx.i64s(spec.mlir, {*v}));
    return;
  case ParamKind::Float:
    if (std::optional<double> v = spec.required ? ctx.requireFloat(key)
                                                : ctx.getFloat(key, spec.dflt))
      attrs.push_back(ctx.f32(spec.mlir, *v));
    return;
  case ParamKind::Ints:
    if (std::optional<SmallVector<int64_t>> v =
            spec.required ? ctx.requireInts(key) : ctx.getInts(key, spec.dflts))
      attrs.push_back(ctx.i64s(spec.mlir, *v));
    return;
  case ParamKind::Floats:
    if (std::optional<SmallVector<double>> v = ctx.requireFloats(key)) {
      SmallVector<float> f(v->begin(), v->end());
      attrs.push_back(ctx.named(spec.mlir, ctx.b.getDenseF32ArrayAttr(f)));
    }
    return;
  case ParamKind::Pads:
    if (auto v = getPads(ctx, key))
      attrs.push_back(ctx.i64s(spec.mlir, *v));
    return;
  case ParamKind::AutoPad:
    // Read only when the params before it are fine (one error at a time).
    if (!ctx.failed)
      addAutoPad(ctx, key, attrs);
    return;
  case ParamKind::KernelSize:
    // Implied by the weight; it is only checked by LightNet.
    ctx.getInts(key, {});
    return;
  case ParamKind::Nearest:
    if (checkNearest(ctx))
      addNearestAttrs(ctx, attrs);
    return;
  case ParamKind::Selector:
  case ParamKind::Custom:
    return;
  }
}

//===----------------------------------------------------------------------===//
// Export helpers and quirks
//===----------------------------------------------------------------------===//

Array lightnet::toJSON(ArrayRef<int64_t> values) {
  Array a;
  for (int64_t v : values)
    a.push_back(v);
  return a;
}

void lightnet::addParam(LOp &op, StringRef name, llvm::json::Value value) {
  Param p;
  p.argName = name.str();
  p.value = std::move(value);
  op.params.push_back(std::move(p));
}

/// Writes the param of `spec` from `op`'s attributes.
static void exportParam(LOp &out, Operation *op, const ParamSpec &spec) {
  Attribute attr = spec.mlir ? op->getAttr(spec.mlir) : Attribute();
  switch (spec.kind) {
  case ParamKind::Int:
    if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
      return addParam(out, spec.lightnet, i.getInt());
    return addParam(out, spec.lightnet, static_cast<int64_t>(spec.dflt));
  case ParamKind::Float:
    if (auto f = dyn_cast_or_null<FloatAttr>(attr))
      return addParam(out, spec.lightnet, f.getValueAsDouble());
    return addParam(out, spec.lightnet,
                    static_cast<double>(static_cast<float>(spec.dflt)));
  case ParamKind::Ints:
  case ParamKind::Pads:
    if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
      return addParam(out, spec.lightnet, toJSON(a.asArrayRef()));
    if (spec.kind == ParamKind::Pads)
      return addParam(out, spec.lightnet, toJSON({0, 0, 0, 0}));
    return addParam(out, spec.lightnet, toJSON(spec.dflts));
  case ParamKind::Floats: {
    Array a;
    if (auto f = dyn_cast_or_null<DenseF32ArrayAttr>(attr))
      for (float s : f.asArrayRef())
        a.push_back(static_cast<double>(s));
    return addParam(out, spec.lightnet, std::move(a));
  }
  case ParamKind::AutoPad:
    if (auto a = dyn_cast_or_null<AutoPadAttr>(attr);
        a && a.getValue() != AutoPad::NotSet)
      addParam(out, spec.lightnet, stringifyAutoPad(a.getValue()).upper());
    return;
  case ParamKind::Axis:
    if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(attr); a && a.size() == 1)
      addParam(out, spec.lightnet, a[0]);
    return;
  case ParamKind::KernelSize: {
    auto weight = cast<RankedTensorType>(op->getOperand(1).getType());
    return addParam(out, spec.lightnet,
                    toJSON(weight.getShape().drop_front(2)));
  }
  case ParamKind::Nearest:
    return addParam(out, spec.lightnet, "TL_NEAREST");
  case ParamKind::Selector:
    return addParam(out, spec.lightnet, spec.select);
  case ParamKind::Custom:
    return;
  }
}

static const char *checkConv(Operation *op) {
  auto conv = cast<ConvOp>(op);
  auto wType = dyn_cast<RankedTensorType>(conv.getWeight().getType());
  auto xType = dyn_cast<RankedTensorType>(conv.getInput().getType());
  if (!wType || wType.getRank() != 4 || !xType || xType.getRank() != 4)
    return "LightNet conv2d needs a rank-4 input and weight";
  if (!conv.getBias())
    return "LightNet conv2d needs a bias";
  return nullptr;
}

template <typename PoolTy>
static const char *checkPool(Operation *operation) {
  auto op = cast<PoolTy>(operation);
  auto xType = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!xType || xType.getRank() != 4)
    return "LightNet pooling needs a rank-4 input";
  if (op.getCeilMode())
    return "LightNet pooling has no ceil_mode";
  if (auto d = op.getDilations())
    if (llvm::any_of(*d, [](int64_t v) { return v != 1; }))
      return "LightNet pooling has no dilations";
  if constexpr (std::is_same_v<PoolTy, AvgPoolOp>)
    if (op.getCountIncludePad())
      return "LightNet avgpool2d has no count_include_pad";
  return nullptr;
}

static const char *checkResize(Operation *operation) {
  auto op = cast<ResizeOp>(operation);
  if (op.getMode() != ResizeMode::Nearest ||
      op.getCoordinateTransform() != CoordinateTransform::Asymmetric ||
      op.getNearestMode() != NearestMode::Floor)
    return "LightNet resizes only by nearest neighbour with asymmetric "
           "coordinates and floor rounding";
  return nullptr;
}

static bool hasScales(Operation *op) {
  return cast<ResizeOp>(op).getScales().has_value();
}

static const char *checkMaxReduce(Operation *operation) {
  auto op = cast<ReduceMaxOp>(operation);
  auto axes = op.getAxes();
  if (!axes || axes->size() != 1 || !op.getKeepdims())
    return "LightNet maxreduce reduces exactly one axis and keeps it";
  return nullptr;
}

static const char *checkElew(Operation *op) {
  if (op->getOperand(0).getType() != op->getOperand(1).getType())
    return "LightNet elew needs operands of equal shape (no broadcasting)";
  return nullptr;
}

/// LightNet's concat is binary: wider ones become a chain.
static void exportConcat(ExportContext &ctx, Operation *operation) {
  auto op = cast<ConcatOp>(operation);
  ValueRange ins = op.getInputs();
  if (ins.size() < 2)
    return ctx.error(op, "LightNet concat joins exactly two tensors");
  std::string name = getLocName(op.getLoc());
  std::string acc = ctx.nameOf(ins[0]).str();
  for (size_t i = 1; i < ins.size(); ++i) {
    LOp out;
    out.name = name;
    out.optype = "concat";
    out.inputs = {{"src1", acc, ""}, {"src2", ctx.nameOf(ins[i]).str(), ""}};
    acc = i + 1 == ins.size()
              ? ctx.nameOf(op.getResult()).str()
              : ctx.uniqueName(name + "_part" + llvm::Twine(i).str());
    out.outputs = {{"dst", acc, ""}};
    // Signed: the ODS getter is unsigned, which wrote -1 as 2^64 - 1.
    addParam(out, "axis", static_cast<int64_t>(op.getAxis()));
    ctx.append(std::move(out));
  }
}

static void exportSlice(ExportContext &ctx, Operation *operation) {
  auto op = cast<SliceOp>(operation);
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  ArrayRef<int64_t> starts = op.getStarts(), ends = op.getEnds();
  if (starts.size() != 1 || !type)
    return ctx.error(op, "LightNet slice cuts exactly one axis");
  if (auto steps = op.getSteps())
    if ((*steps)[0] != 1)
      return ctx.error(op, "LightNet slice has no steps");
  int64_t axis = op.getAxes() ? (*op.getAxes())[0] : 0;
  if (axis < 0)
    axis += type.getRank();
  int64_t dim = type.getDimSize(axis);
  int64_t start = starts[0], end = ends[0];
  if (start < 0 || end < 0)
    return ctx.error(op, "LightNet slice has no negative indices");
  if (!ShapedType::isDynamic(dim))
    end = std::min(end, dim);
  LOp &out = ctx.add(op, "slice", {op.getInput()}, {"src"});
  addParam(out, "axis", axis);
  addParam(out, "start", start);
  addParam(out, "len", end - start);
}

/// `dims` from the static result shape when there is one.
static void exportReshape(ExportContext &ctx, Operation *operation) {
  auto op = cast<ReshapeOp>(operation);
  auto type = dyn_cast<RankedTensorType>(op.getType());
  ArrayRef<int64_t> dims = op.getShape();
  if (type && type.hasStaticShape())
    dims = type.getShape();
  if (llvm::any_of(dims, [](int64_t d) { return d <= 0; }))
    return ctx.error(op, "LightNet reshape needs explicit dimensions");
  LOp &out = ctx.add(op, "reshape", {op.getInput()}, {"src"});
  addParam(out, "dims", toJSON(dims));
}

/// `axes` always written (reversed when the transpose has no perm).
static void exportTranspose(ExportContext &ctx, Operation *operation) {
  auto op = cast<TransposeOp>(operation);
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  SmallVector<int64_t> perm;
  if (auto p = op.getPerm())
    perm.assign(p->begin(), p->end());
  else if (type)
    for (int64_t i = type.getRank() - 1; i >= 0; --i)
      perm.push_back(i);
  else
    return ctx.error(op, "transpose of an unranked tensor");
  LOp &out = ctx.add(op, "transpose", {op.getInput()}, {"src"});
  addParam(out, "axes", toJSON(perm));
}

static bool hasFile(Operation *op) {
  return cast<PrintOp>(op).getFile().has_value();
}
static bool hasNoFile(Operation *op) { return !hasFile(op); }

static void exportPrint(ExportContext &ctx, Operation *operation) {
  auto op = cast<PrintOp>(operation);
  LOp &out =
      ctx.add(op, op.getFile() ? "fprint" : "print", {op.getInput()}, {"src"});
  if (!op.getMessage().empty() || op.getFile())
    addParam(out, "msg", op.getMessage().str());
  if (auto file = op.getFile())
    addParam(out, "file", file->str());
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

namespace {
using PK = ParamKind;
const StringRef kSrc[] = {"src"};
const StringRef kSrc12[] = {"src1", "src2"};
const StringRef kDst[] = {"dst"};
const StringRef kBatchNormIn[] = {"src", "scale", "offset", "mean", "var"};
const StringRef kConvIn[] = {"src", "weight", "bias"};
const int64_t kOnes[] = {1, 1};

const ParamSpec kLRelu[] = {{"negslope", "alpha", PK::Float, true, 0.01}};
const ParamSpec kSoftmax[] = {{"axis", "axis", PK::Int, true, -1}};
const ParamSpec kAxis[] = {{"axis", "axis", PK::Int}};
const ParamSpec kSlice[] = {{"axis", nullptr, PK::Custom},
                            {"start", nullptr, PK::Custom},
                            {"len", nullptr, PK::Custom}};
const ParamSpec kReshape[] = {{"dims", "shape", PK::Ints}};
const ParamSpec kTranspose[] = {{"axes", "perm", PK::Ints}};
const ParamSpec kMaxReduce[] = {{"axis", "axes", PK::Axis}};
const ParamSpec kBatchNorm[] = {{"epsilon", "epsilon", PK::Float}};
const ParamSpec kConv2d[] = {
    {"group", "group", PK::Int, false, 1},
    {"size", nullptr, PK::KernelSize, false},
    {"stride", "strides", PK::Ints, false, 0, kOnes},
    {"dilation", "dilations", PK::Ints, false, 0, kOnes},
    {"padding", "pads", PK::Pads, false},
    {"autopad", "auto_pad", PK::AutoPad, false}};
const ParamSpec kPool2d[] = {{"size", "kernel_shape", PK::Ints},
                             {"stride", "strides", PK::Ints, false, 0, kOnes},
                             {"padding", "pads", PK::Pads, false},
                             {"autopad", "auto_pad", PK::AutoPad, false}};
const ParamSpec kUpsample[] = {{"mode", nullptr, PK::Nearest},
                               {"scales", "scales", PK::Floats}};
const ParamSpec kResize[] = {{"mode", nullptr, PK::Nearest},
                             {"dims", "sizes", PK::Ints}};
const ParamSpec kZeros[] = {{"dtype", nullptr, PK::Custom},
                            {"dims", nullptr, PK::Custom}};
const ParamSpec kPrint[] = {{"msg", nullptr, PK::Custom}};
const ParamSpec kFPrint[] = {{"msg", nullptr, PK::Custom},
                             {"file", nullptr, PK::Custom}};

#define ELEW(kind, OpTy)                                                       \
  const ParamSpec kElew##OpTy[] = {                                            \
      {"elew_op", nullptr, PK::Selector, true, 0, {}, kind}};
ELEW("TL_SUM", AddOp)
ELEW("TL_SUB", SubOp)
ELEW("TL_MUL", MulOp)
ELEW("TL_DIV", DivOp)
ELEW("TL_MAX", MaxOp)
ELEW("TL_MIN", MinOp)
ELEW("TL_POW", PowOp)
#undef ELEW

const ArrayRef<StringRef> kNone;

template <typename OpTy>
OpSpec unary(StringRef optype) {
  return {optype, OpTy::getOperationName(), kSrc, kDst, {}};
}
/// `elew` computing `OpTy`, selected by `elew_op` = `params[0].select`.
template <typename OpTy>
OpSpec elew(ArrayRef<ParamSpec> params) {
  return {"elew",  OpTy::getOperationName(),
          kSrc12,  kDst,
          params,  nullptr,
          nullptr, checkElew};
}

const OpSpec kOpSpecs[] = {
    unary<ReluOp>("relu"),
    unary<SigmoidOp>("sigmoid"),
    unary<IdentityOp>("forward"),
    {"lrelu", LeakyReluOp::getOperationName(), kSrc, kDst, kLRelu},
    {"softmax", SoftmaxOp::getOperationName(), kSrc, kDst, kSoftmax},
    {"concat", ConcatOp::getOperationName(), kSrc12, kDst, kAxis, nullptr,
     nullptr, nullptr, exportConcat},
    {"slice", SliceOp::getOperationName(), kSrc, kDst, kSlice, buildSlice,
     nullptr, nullptr, exportSlice},
    {"reshape", ReshapeOp::getOperationName(), kSrc, kDst, kReshape, nullptr,
     nullptr, nullptr, exportReshape},
    {"transpose", TransposeOp::getOperationName(), kSrc, kDst, kTranspose,
     nullptr, nullptr, nullptr, exportTranspose},
    {"maxreduce", ReduceMaxOp::getOperationName(), kSrc, kDst, kMaxReduce,
     nullptr, nullptr, checkMaxReduce},
    elew<AddOp>(kElewAddOp),
    elew<SubOp>(kElewSubOp),
    elew<MulOp>(kElewMulOp),
    elew<DivOp>(kElewDivOp),
    elew<MaxOp>(kElewMaxOp),
    elew<MinOp>(kElewMinOp),
    elew<PowOp>(kElewPowOp),
    {"batchnorm", BatchNormOp::getOperationName(), kBatchNormIn, kDst,
     kBatchNorm},
    {"conv2d", ConvOp::getOperationName(), kConvIn, kDst, kConv2d, nullptr,
     getConvOperands, checkConv},
    {"maxpool2d", MaxPoolOp::getOperationName(), kSrc, kDst, kPool2d, nullptr,
     nullptr, checkPool<MaxPoolOp>},
    {"avgpool2d", AvgPoolOp::getOperationName(), kSrc, kDst, kPool2d, nullptr,
     nullptr, checkPool<AvgPoolOp>},
    {"upsample", ResizeOp::getOperationName(), kSrc, kDst, kUpsample, nullptr,
     nullptr, checkResize, nullptr, hasScales},
    {"resize", ResizeOp::getOperationName(), kSrc, kDst, kResize, nullptr,
     nullptr, checkResize},
    {"zeros", ConstantOp::getOperationName(), kNone, kDst, kZeros, buildZeros,
     nullptr, nullptr, nullptr, nullptr, false,
     /*exported=*/false},
    {"print", PrintOp::getOperationName(), kSrc, kNone, kPrint, buildPrintOp,
     nullptr, nullptr, exportPrint, hasNoFile,
     /*unranked=*/true},
    {"fprint", PrintOp::getOperationName(), kSrc, kNone, kFPrint, buildFPrintOp,
     nullptr, nullptr, exportPrint, hasFile,
     /*unranked=*/true},
};
} // namespace

//===----------------------------------------------------------------------===//
// Reading the table
//===----------------------------------------------------------------------===//

const OpSpec *lightnet::lookupOptype(StringRef optype) {
  static const llvm::StringMap<const OpSpec *> table = [] {
    llvm::StringMap<const OpSpec *> t;
    for (const OpSpec &spec : kOpSpecs)
      t.try_emplace(spec.optype, &spec);
    return t;
  }();
  return table.lookup(optype);
}

const OpSpec *lightnet::lookupOperation(Operation *op) {
  for (const OpSpec &spec : kOpSpecs)
    if (spec.exported && spec.mlir == op->getName().getStringRef() &&
        (!spec.exportMatch || spec.exportMatch(op)))
      return &spec;
  return nullptr;
}

/// The row among those of `spec`'s optype that its Selector param names
/// (`elew_op`), `spec` itself when it has none; null after an error.
static const OpSpec *selectRow(OpContext &ctx, const OpSpec &spec) {
  const ParamSpec *selector =
      llvm::find_if(spec.params, [](const ParamSpec &p) {
        return p.kind == ParamKind::Selector;
      });
  if (selector == spec.params.end())
    return &spec;
  std::optional<std::string> value = ctx.requireString(selector->lightnet);
  if (!value)
    return nullptr;
  for (const OpSpec &row : kOpSpecs)
    if (row.optype == spec.optype &&
        llvm::any_of(row.params, [&](const ParamSpec &p) {
          return p.kind == ParamKind::Selector && *value == p.select;
        }))
      return &row;
  ctx.error(ctx.attrPath(selector->lightnet),
            "unknown " + llvm::Twine(selector->lightnet) + " '" + *value + "'");
  return nullptr;
}

void lightnet::importTyped(OpContext &ctx, const OpSpec &row) {
  const OpSpec *spec = selectRow(ctx, row);
  if (!spec)
    return ctx.define("dst", nullptr);
  if (spec->importFn)
    return spec->importFn(ctx);
  SmallVector<NamedAttribute> attrs;
  for (const ParamSpec &param : spec->params)
    importParam(ctx, param, attrs);
  if (ctx.failed)
    return ctx.define(spec->outputs[0], nullptr);
  SmallVector<Value> operands;
  if (spec->operandsFn)
    operands = spec->operandsFn(ctx);
  else
    for (StringRef arg : spec->inputs)
      operands.push_back(ctx.in(arg));
  ctx.define(spec->outputs[0],
             ctx.failed ? Value() : ctx.create1(spec->mlir, operands, attrs));
}

void lightnet::exportTyped(ExportContext &ctx, Operation *op,
                           const OpSpec &spec) {
  if (spec.exportCheck)
    if (const char *why = spec.exportCheck(op))
      return ctx.error(op, why);
  if (spec.exportFn)
    return spec.exportFn(ctx, op);
  SmallVector<Value> ins(op->getOperands().take_front(spec.inputs.size()));
  if (ins.size() != spec.inputs.size())
    return ctx.error(op, "the operation has no LightNet counterpart");
  LOp &out = ctx.add(op, spec.optype, ins, spec.inputs);
  for (const ParamSpec &param : spec.params)
    exportParam(out, op, param);
}
