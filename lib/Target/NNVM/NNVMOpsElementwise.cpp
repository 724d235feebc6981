//===- NNVMOpsElementwise.cpp - elementwise rows of the NNVM table -*- C++ -*-//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the elementwise rows of the NNVM operator table:
// unary and binary arithmetic, activations (`Activation` and `LeakyReLU`
// rows told apart by act_type), clip, cast, where, dropout and the identities
// (loss layers at inference). Quirk handlers: scalar operators
// (`_plus_scalar` reads `scalar` as a rank-0 constant; the exporter folds
// such a constant back), comparisons with a scalar (0/1 in the input type),
// PReLU's channel slope, rrelu at inference, and the activations MXNet fixes
// (selu, gelu).
//
//===----------------------------------------------------------------------===//

#include "NNVMOps.h"

#include "nngraph/Target/Common/ExportSupport.h"
#include <cmath>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

namespace {

//===----------------------------------------------------------------------===//
// Import
//===----------------------------------------------------------------------===//

/// The type a new variable takes from the other operand of a binary
/// operator: its type where the operands have one shape (elemwise_*,
/// _plus, ...), its rank with open sizes for broadcast_* (the variable's
/// sizes do not follow from the other operand's: data times a 1x3x1x1
/// scale is not 1x3x1x1).
Type getOperandHint(NodeContext &ctx, Type other) {
  auto ranked = dyn_cast_or_null<RankedTensorType>(other);
  if (!ranked || !StringRef(ctx.source.op).starts_with("broadcast_"))
    return other;
  return dynamicType(ctx, ranked.getRank(), ranked.getElementType());
}

/// Binary operators take the other operand's type for a new variable.
void importBinary(NodeContext &ctx, const OpRow &row) {
  Type lhsHint = getOperandHint(ctx, ctx.knownInputType(1));
  Type rhsHint = getOperandHint(ctx, ctx.knownInputType(0));
  Value lhs = ctx.input(0, lhsHint);
  Value rhs = ctx.input(1, lhs ? getOperandHint(ctx, lhs.getType()) : rhsHint);
  setResult(ctx, ctx.create1(row.getOpName(), {lhs, rhs}));
}

/// `_plus_scalar` and friends: `scalar` becomes a rank-0 constant of the
/// input element type; `scalar_on_left` (and the `_r*` forms) swap.
void importScalarWith(NodeContext &ctx, const OpRow &row, bool reversed) {
  Value x = ctx.input(0);
  if (!x)
    return;
  Type element = cast<RankedTensorType>(x.getType()).getElementType();
  Value c = ctx.splat(ctx.getFloat("scalar", 0.0), element);
  bool swap = reversed != ctx.getBool("scalar_on_left", false);
  StringRef name = row.getOpName();
  setResult(ctx, swap ? ctx.create1(name, {c, x}) : ctx.create1(name, {x, c}));
}

void importScalar(NodeContext &ctx, const OpRow &row) {
  importScalarWith(ctx, row, /*reversed=*/false);
}

void importRScalar(NodeContext &ctx, const OpRow &row) {
  importScalarWith(ctx, row, /*reversed=*/true);
}

/// `_greater_scalar` etc. return 0/1 in the input type, not i1.
void importScalarCompare(NodeContext &ctx, const OpRow &row) {
  Value x = ctx.input(0);
  if (!x)
    return;
  auto type = cast<RankedTensorType>(x.getType());
  Value c = ctx.splat(ctx.getFloat("scalar", 0.0), type.getElementType());
  Value cmp = ctx.create1(row.getOpName(), {x, c});
  if (!cmp)
    return setResult(ctx, nullptr);
  auto castType =
      cast<RankedTensorType>(cmp.getType()).clone(type.getElementType());
  setResult(ctx, ctx.create1(CastOp::getOperationName(), cmp, {}, castType));
}

/// prelu: gamma (C,) broadcast over axis 1 as (C, 1, ..., 1).
void importPRelu(NodeContext &ctx, const OpRow &) {
  (void)ctx.getFloat("slope", 0.25); // Checked, as for every act_type.
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t channels = dimOf(x, 1);
  RankedTensorType gamma =
      ctx.inputType(1, vectorType(channels, x.getElementType()));
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
        ctx.create1<ReshapeOp>({slopeValue}, {ctx.i64s("shape", shape)});
  setResult(ctx, ctx.create1<PReluOp>({ctx.input(0), slopeValue}));
}

/// rrelu at inference: a leaky relu with the mean of its bounds.
void importRRelu(NodeContext &ctx, const OpRow &row) {
  (void)ctx.getFloat("slope", 0.25); // Checked, as for every act_type.
  double lower = ctx.getFloat("lower_bound", 0.125);
  double upper = ctx.getFloat("upper_bound", 0.334);
  setResult(ctx, ctx.create1(row.getOpName(), {ctx.input(0)},
                             {ctx.f32("alpha", (lower + upper) / 2)}));
}

/// _contrib_div_sqrt_dim: x / sqrt(size of the last axis), which must be
/// known (the operator stays custom until it is).
void importDivSqrtDim(NodeContext &ctx, const OpRow &) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (x.getRank() == 0 || x.isDynamicDim(x.getRank() - 1))
    return ctx.imp.importCustom(ctx, CustomReason::NoTypedForm);
  double scale = std::sqrt(static_cast<double>(x.getShape().back()));
  setResult(ctx, ctx.create1<DivOp>(
                     {ctx.input(0), ctx.splat(scale, x.getElementType())}));
}

void importCast(NodeContext &ctx, const OpRow &) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  std::string dtype = ctx.getString("dtype", "float32");
  Type element = getNNVMElementType(ctx.b.getContext(), dtype);
  if (!element)
    return ctx.badAttr("dtype", "a dtype name such as float32");
  setResult(ctx, ctx.create1(CastOp::getOperationName(), ctx.input(0), {},
                             x.clone(element)));
}

void importWhere(NodeContext &ctx, const OpRow &) {
  // MXNet's condition is numeric: true where it is not zero.
  Value cond = ctx.input(0);
  Value x = ctx.input(1, ctx.knownInputType(2));
  Value y = ctx.input(2, x ? x.getType() : Type());
  if (!cond || !x || !y)
    return;
  Type element = cast<RankedTensorType>(cond.getType()).getElementType();
  Value isTrue = element.isInteger(1)
                     ? cond
                     : ctx.create1<NotEqualOp>({cond, ctx.splat(0, element)});
  setResult(ctx, ctx.create1<WhereOp>({isTrue, x, y}));
}

//===----------------------------------------------------------------------===//
// Export
//===----------------------------------------------------------------------===//

/// The first spelling of the import-only row that reads `op` with `fn`
/// (`_plus_scalar` for nngraph.add and importScalar), or null.
const char *findScalarSpelling(StringRef op, ImportFn fn) {
  for (const OpRow *row : getOpRows())
    if (row->importFn == fn && row->getOpName() == op)
      return row->mxnet;
  return nullptr;
}

/// Writes the scalar form `spelling` of `ctx.op` if `scalarSide` is a scalar
/// constant that only this operation reads.
bool tryScalarForm(ExportContext &ctx, const char *spelling, Value scalarSide,
                   Value other) {
  if (!spelling || scalarSide == other || !rankedType(other))
    return false;
  std::optional<double> v = getScalarConstant(scalarSide, ctx.op);
  if (!v)
    return false;
  Type element =
      cast<ShapedType>(ctx.op->getResult(0).getType()).getElementType();
  ctx.set(StringRef(spelling).split('|').first);
  ctx.attr("scalar", formatScalar(*v, element));
  ctx.inputs = {other};
  return true;
}

/// Binary operations: `broadcast_*`, or the row's scalar form (the rows that
/// import with importScalar / importRScalar) when one side is a scalar
/// constant that only this operation reads.
bool exportBinary(ExportContext &ctx, const OpRow &row) {
  Value lhs = ctx.op->getOperand(0), rhs = ctx.op->getOperand(1);
  StringRef op = row.getOpName();
  if (tryScalarForm(ctx, findScalarSpelling(op, importScalar), rhs, lhs) ||
      tryScalarForm(ctx, findScalarSpelling(op, importRScalar), lhs, rhs))
    return true;
  return exportSimple(ctx, row);
}

bool exportSelu(ExportContext &ctx, const OpRow &row) {
  auto op = cast<SeluOp>(ctx.op);
  if (op.getAlpha().convertToFloat() != 1.67326319217681884765625f ||
      op.getGamma().convertToFloat() != 1.05070102214813232421875f)
    return ctx.fail("MXNet's selu has fixed alpha and gamma");
  return exportSimple(ctx, row);
}

bool exportGelu(ExportContext &ctx, const OpRow &row) {
  if (cast<GeluOp>(ctx.op).getApproximate() != GeluApproximation::None)
    return ctx.fail("MXNet's gelu is the exact (erf) form");
  return exportSimple(ctx, row);
}

bool exportCast(ExportContext &ctx, const OpRow &row) {
  Type element =
      cast<ShapedType>(ctx.op->getResult(0).getType()).getElementType();
  std::string dtype = getDTypeName(element);
  if (dtype.empty() || dtype == "bfloat16")
    return ctx.fail("no MXNet dtype for the result element type");
  exportName(ctx, row);
  ctx.attr("dtype", dtype);
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

using K = AttrKind;
using P = Presence;

const AttrRule kClip[] = {{"a_min", "min", K::Float, 0, 0, P::IfPresent},
                          {"a_max", "max", K::Float, 0, 0, P::IfPresent}};
const AttrRule kDropout[] = {{"p", "ratio", K::Float, 0.5, 0.5}};
// MXNet's slope default is 0.25 for every act_type; nngraph's differ.
const AttrRule kLeaky[] = {{"slope", "alpha", K::Float, 0.25, 0.01}};
const AttrRule kElu[] = {{"slope", "alpha", K::Float, 0.25, 1.0}};
const AttrRule kSlopeChecked[] = {{"slope", nullptr, K::Float, 0.25, 0}};

constexpr Variant actType(const char *value, bool isDefault = false) {
  return {"act_type", value, isDefault};
}

#define UNARY(mxnet, Op)                                                       \
  NNVM_ROW(mxnet, nullptr, Op, {}, nullptr, nullptr, Dir::Both, 1)
#define BINARY(mxnet, Op)                                                      \
  NNVM_ROW(mxnet, nullptr, Op, {}, importBinary, exportBinary, Dir::Both, 2)
#define SCALAR(mxnet, Op, fn)                                                  \
  NNVM_ROW(mxnet, nullptr, Op, {}, fn, nullptr, Dir::ImportOnly, 1)

} // namespace

ArrayRef<OpRow> nnvm::getElementwiseRows() {
  static const OpRow rows[] = {
      BINARY("broadcast_add|elemwise_add|_Plus|_add|_plus|broadcast_plus|"
             "elemwise_sum",
             AddOp),
      BINARY("broadcast_sub|elemwise_sub|_Minus|_minus|_sub|broadcast_minus",
             SubOp),
      BINARY("broadcast_mul|elemwise_mul|_Mul|_mul", MulOp),
      BINARY("broadcast_div|elemwise_div|_Div|_div", DivOp),
      BINARY("broadcast_power|_power", PowOp),
      BINARY("broadcast_maximum|_maximum", MaxOp),
      BINARY("broadcast_minimum|_minimum", MinOp),
      BINARY("broadcast_equal", EqualOp),
      BINARY("broadcast_not_equal", NotEqualOp),
      BINARY("broadcast_greater", GreaterOp),
      BINARY("broadcast_greater_equal", GreaterEqualOp),
      BINARY("broadcast_lesser", LessOp),
      BINARY("broadcast_lesser_equal", LessEqualOp),
      SCALAR("_plus_scalar|_PlusScalar", AddOp, importScalar),
      SCALAR("_minus_scalar|_MinusScalar", SubOp, importScalar),
      SCALAR("_rminus_scalar|_RMinusScalar", SubOp, importRScalar),
      SCALAR("_mul_scalar|_MulScalar", MulOp, importScalar),
      SCALAR("_div_scalar|_DivScalar", DivOp, importScalar),
      SCALAR("_rdiv_scalar|_RDivScalar", DivOp, importRScalar),
      SCALAR("_power_scalar|_PowerScalar", PowOp, importScalar),
      SCALAR("_maximum_scalar|_MaximumScalar", MaxOp, importScalar),
      SCALAR("_minimum_scalar|_MinimumScalar", MinOp, importScalar),
      SCALAR("_greater_scalar", GreaterOp, importScalarCompare),
      SCALAR("_greater_equal_scalar", GreaterEqualOp, importScalarCompare),
      SCALAR("_lesser_scalar", LessOp, importScalarCompare),
      SCALAR("_lesser_equal_scalar", LessEqualOp, importScalarCompare),
      SCALAR("_equal_scalar", EqualOp, importScalarCompare),
      SCALAR("_not_equal_scalar", NotEqualOp, importScalarCompare),
      // Activation and LeakyReLU: the order is that of the act_type message.
      NNVM_VARIANT_ROW("Activation", "relu", ReluOp, {}, nullptr, nullptr,
                       Dir::Both, actType("relu", true), 1),
      NNVM_VARIANT_ROW("Activation", "sigmoid", SigmoidOp, {}, nullptr, nullptr,
                       Dir::Both, actType("sigmoid"), 1),
      NNVM_VARIANT_ROW("Activation", "tanh", TanhOp, {}, nullptr, nullptr,
                       Dir::Both, actType("tanh"), 1),
      NNVM_VARIANT_ROW("Activation", nullptr, SoftplusOp, {}, nullptr, nullptr,
                       Dir::Both, actType("softrelu"), 1),
      NNVM_VARIANT_ROW("Activation", nullptr, SoftsignOp, {}, nullptr, nullptr,
                       Dir::Both, actType("softsign"), 1),
      NNVM_VARIANT_ROW("LeakyReLU", nullptr, LeakyReluOp, kLeaky, nullptr,
                       nullptr, Dir::Both, actType("leaky", true), 1),
      NNVM_VARIANT_ROW("LeakyReLU", nullptr, PReluOp, {}, importPRelu, nullptr,
                       Dir::Both, actType("prelu"), 2),
      NNVM_VARIANT_ROW("LeakyReLU", nullptr, EluOp, kElu, nullptr, nullptr,
                       Dir::Both, actType("elu"), 1),
      NNVM_VARIANT_ROW("LeakyReLU", nullptr, SeluOp, kSlopeChecked, nullptr,
                       exportSelu, Dir::Both, actType("selu"), 1),
      NNVM_VARIANT_ROW("LeakyReLU", nullptr, GeluOp, kSlopeChecked, nullptr,
                       exportGelu, Dir::Both, actType("gelu"), 1),
      NNVM_VARIANT_ROW("LeakyReLU", nullptr, LeakyReluOp, {}, importRRelu,
                       nullptr, Dir::ImportOnly, actType("rrelu"), 1),
      UNARY("exp", ExpOp),
      UNARY("log", LogOp),
      UNARY("sqrt", SqrtOp),
      UNARY("rsqrt", RsqrtOp),
      UNARY("reciprocal", ReciprocalOp),
      UNARY("negative", NegOp),
      UNARY("abs", AbsOp),
      UNARY("sign", SignOp),
      UNARY("floor", FloorOp),
      UNARY("ceil", CeilOp),
      UNARY("round", RoundOp),
      UNARY("erf", ErfOp),
      NNVM_ROW("clip", nullptr, ClipOp, kClip, nullptr, nullptr, Dir::Both, 1),
      NNVM_EXPANSION_ROW("_contrib_div_sqrt_dim", importDivSqrtDim),
      NNVM_ROW("Cast|cast", nullptr, CastOp, {}, importCast, exportCast,
               Dir::Both, 1),
      NNVM_ROW("where", nullptr, WhereOp, {}, importWhere, nullptr, Dir::Both,
               3),
      // Identities at inference; a loss layer's label input is not read.
      UNARY("_copy|BlockGrad|identity|stop_gradient|LinearRegressionOutput|"
            "MakeLoss",
            IdentityOp),
      NNVM_ROW("LogisticRegressionOutput", nullptr, SigmoidOp, {}, nullptr,
               nullptr, Dir::ImportOnly, 1),
      NNVM_ROW("Dropout", nullptr, DropoutOp, kDropout, nullptr, nullptr,
               Dir::Both, 1),
  };
  return rows;
}
