//===- NNVMOpsTensor.cpp - tensor rows of the NNVM table --------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the tensor rows of the NNVM operator table: shape
// manipulation (Reshape with MXNet's special codes, transpose, expand_dims,
// squeeze, concat, split), slicing (slice, slice_axis, reverse, slice_like,
// Crop), tile, pad, reductions, dot, one_hot and the operators that produce
// constants (`_full`, `_arange`, `ones_like`; the exporter writes constants
// in NNVMExport.cpp). Operators whose sizes are known only at run time stay
// `nngraph.custom`.
//
//===----------------------------------------------------------------------===//

#include "NNVMOps.h"

#include <cmath>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::nnvm;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

//===----------------------------------------------------------------------===//
// Reshape, flatten, transpose, expand_dims
//===----------------------------------------------------------------------===//

/// Replaces the one inferred size (-1 at `inferAt`) of `out` so that `out`
/// has as many elements as `in`; false where sizes are unknown.
bool inferReshapeSize(ArrayRef<int64_t> in, SmallVectorImpl<int64_t> &out,
                      int64_t inferAt) {
  int64_t total = 1, known = 1;
  for (int64_t d : in) {
    if (ShapedType::isDynamic(d))
      return false;
    total *= d;
  }
  for (auto [i, d] : llvm::enumerate(out))
    if (static_cast<int64_t>(i) != inferAt) {
      if (ShapedType::isDynamic(d))
        return false;
      known *= d;
    }
  if (known == 0 || total % known)
    return false;
  out[inferAt] = total / known;
  return true;
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
  if (inferAt >= 0 && !inferReshapeSize(in, out, inferAt))
    return std::nullopt;
  return out;
}

void importReshape(NodeContext &ctx, const OpRow &) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  SmallVector<int64_t> codes =
      ctx.getInts(ctx.has("shape") ? "shape" : "target_shape", {});
  bool reverse = ctx.getBool("reverse", false);
  if (ctx.failed)
    return;
  std::optional<SmallVector<int64_t>> resolved =
      resolveReshape(x.getShape(), codes, reverse);
  // One unknown size (copied by code 0) stays expressible as -1.
  if (resolved && llvm::count_if(*resolved, ShapedType::isDynamic) <= 1) {
    llvm::replace(*resolved, ShapedType::kDynamic, int64_t(-1));
    return setResult(ctx, ctx.create1<ReshapeOp>(
                              {ctx.input(0)}, {ctx.i64s("shape", *resolved)}));
  }
  // Otherwise keep the codes when ONNX knows them all: 0 and one -1.
  bool onnxCodes = !reverse &&
                   llvm::all_of(codes, [](int64_t c) { return c >= -1; }) &&
                   llvm::count(codes, -1) <= 1;
  if (!onnxCodes)
    return ctx.imp.importCustom(ctx);
  setResult(ctx,
            ctx.create1<ReshapeOp>({ctx.input(0)}, {ctx.i64s("shape", codes)}));
}

bool exportFlatten(ExportContext &ctx, const OpRow &row) {
  if (getI64(ctx.op, "axis", 1) != 1)
    return ctx.fail("MXNet Flatten keeps exactly the first axis");
  return exportSimple(ctx, row);
}

void importSwapAxis(NodeContext &ctx, const OpRow &) {
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
            ctx.create1<TransposeOp>({ctx.input(0)}, {ctx.i64s("perm", perm)}));
}

void importExpandDims(NodeContext &ctx, const OpRow &) {
  setResult(ctx,
            ctx.create1<UnsqueezeOp>(
                {ctx.input(0)}, {ctx.i64s("axes", {ctx.getInt("axis", 0)})}));
}

bool exportExpandDims(ExportContext &ctx, const OpRow &row) {
  ArrayRef<int64_t> axes = getI64s(ctx.op, "axes").asArrayRef();
  if (axes.size() != 1)
    return ctx.fail("MXNet expand_dims inserts exactly one axis");
  exportName(ctx, row);
  ctx.attr("axis", std::to_string(axes.front()));
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Concat and split
//===----------------------------------------------------------------------===//

void importConcat(NodeContext &ctx, const OpRow &) {
  int64_t axis = ctx.getInt(ctx.has("dim") ? "dim" : "axis", 1);
  SmallVector<Value> inputs;
  Type hint;
  for (unsigned i = 0; i < ctx.source.inputs.size() && !hint; ++i)
    hint = ctx.knownInputType(i);
  for (unsigned i = 0; i < ctx.source.inputs.size(); ++i)
    inputs.push_back(ctx.input(i, hint));
  if (ctx.failed)
    return;
  setResult(ctx, ctx.create1<ConcatOp>(inputs, {ctx.i64("axis", axis)}));
}

bool exportConcat(ExportContext &ctx, const OpRow &row) {
  int64_t axis = getI64(ctx.op, "axis", 1);
  exportName(ctx, row);
  if (isNNVM(ctx)) {
    ctx.attr("axis", std::to_string(axis));
  } else {
    ctx.attr("dim", std::to_string(axis));
    ctx.attr("num_args", std::to_string(ctx.op->getNumOperands()));
  }
  return sameInputs(ctx);
}

void importStack(NodeContext &ctx, const OpRow &) {
  int64_t axis = ctx.getInt("axis", 0);
  SmallVector<Value> pieces;
  for (unsigned i = 0; i < ctx.source.inputs.size(); ++i)
    pieces.push_back(ctx.create1<UnsqueezeOp>(
        {ctx.input(i, ctx.knownInputType(0))}, {ctx.i64s("axes", {axis})}));
  if (ctx.failed)
    return;
  setResult(ctx, ctx.create1<ConcatOp>(pieces, {ctx.i64("axis", axis)}));
}

void importSliceChannel(NodeContext &ctx, const OpRow &) {
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
      ctx.create(SplitOp::getOperationName(), {ctx.input(0)},
                 {ctx.i64("axis", axis),
                  ctx.i64s("split", SmallVector<int64_t>(n, d / n))},
                 n);
  if (!op)
    return;
  for (Value piece : op->getResults()) {
    if (squeezeAxis)
      piece = ctx.create1<SqueezeOp>({piece}, {ctx.i64s("axes", {axis})});
    setResult(ctx, piece);
  }
}

bool exportSplit(ExportContext &ctx, const OpRow &row) {
  auto op = cast<SplitOp>(ctx.op);
  ArrayRef<int64_t> sizes = op.getSplit();
  if (sizes.empty() ||
      llvm::any_of(sizes, [&](int64_t s) { return s != sizes.front(); }))
    return ctx.fail("MXNet SliceChannel splits into equal parts");
  RankedTensorType x = rankedType(op.getInput());
  int64_t axis = op.getAxis();
  if (x && axis < 0)
    axis += x.getRank();
  exportName(ctx, row);
  ctx.attr(isNNVM(ctx) ? "indices_or_sections" : "num_outputs",
           std::to_string(sizes.size()));
  ctx.attr("axis", std::to_string(axis));
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

void importSliceAxis(NodeContext &ctx, const OpRow &) {
  int64_t axis = ctx.getInt("axis", 0);
  int64_t begin = ctx.getInt("begin", 0);
  int64_t end =
      ctx.getString("end", "None") == "None" ? kMax : ctx.getInt("end", 0);
  setResult(ctx,
            ctx.create1<SliceOp>({ctx.input(0)}, {ctx.i64s("starts", {begin}),
                                                  ctx.i64s("ends", {end}),
                                                  ctx.i64s("axes", {axis})}));
}

void importSlice(NodeContext &ctx, const OpRow &) {
  auto begin = ctx.getOptInts("begin", {});
  auto end = ctx.getOptInts("end", {});
  auto step = ctx.getOptInts("step", {});
  if (ctx.failed)
    return;
  if (begin.size() != end.size() ||
      (!step.empty() && step.size() != begin.size()))
    return ctx.error(ctx.attrPath("begin"),
                     "expected begin, end and step of the same length");
  SmallVector<int64_t> starts, ends, axes, steps;
  for (size_t i = 0; i < begin.size(); ++i) {
    int64_t s = step.empty() || !step[i] ? 1 : *step[i];
    int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? kMax : kMin;
    starts.push_back(begin[i] ? *begin[i] : lo);
    ends.push_back(end[i] ? *end[i] : hi);
    axes.push_back(i);
    steps.push_back(s);
  }
  setResult(ctx, ctx.create1<SliceOp>(
                     {ctx.input(0)},
                     {ctx.i64s("starts", starts), ctx.i64s("ends", ends),
                      ctx.i64s("axes", axes), ctx.i64s("steps", steps)}));
}

void importReverse(NodeContext &ctx, const OpRow &) {
  SmallVector<int64_t> axes = ctx.getInts("axis", {0});
  SmallVector<int64_t> starts(axes.size(), -1), ends(axes.size(), kMin),
      steps(axes.size(), -1);
  setResult(ctx, ctx.create1<SliceOp>(
                     {ctx.input(0)},
                     {ctx.i64s("starts", starts), ctx.i64s("ends", ends),
                      ctx.i64s("axes", axes), ctx.i64s("steps", steps)}));
}

/// A slice of the leading axes 0..k-1 (where k - 1 is the last axis in
/// `bounds`), in the form `slice` imports to: unlisted axes are whole, every
/// step is 1. One canonical form keeps export -> import the identity.
void leadingSlice(NodeContext &ctx,
                  ArrayRef<std::tuple<int64_t, int64_t, int64_t>> bounds) {
  int64_t k = 0;
  for (auto [axis, begin, end] : bounds)
    k = std::max(k, axis + 1);
  SmallVector<int64_t> starts(k, 0), ends(k, kMax), steps(k, 1);
  for (auto [axis, begin, end] : bounds) {
    starts[axis] = begin;
    ends[axis] = end;
  }
  setResult(ctx,
            ctx.create1<SliceOp>(
                {ctx.input(0)},
                {ctx.i64s("starts", starts), ctx.i64s("ends", ends),
                 ctx.i64s("axes", llvm::to_vector(llvm::seq<int64_t>(0, k))),
                 ctx.i64s("steps", steps)}));
}

/// `slice_like(data, like, axes)`: data cut to like's sizes on `axes` (all
/// axes when empty), from the start. Sizes must be known.
void importSliceLike(NodeContext &ctx, const OpRow &) {
  RankedTensorType x = ctx.inputType(0);
  RankedTensorType like = ctx.inputType(1);
  SmallVector<int64_t> axes = ctx.getInts("axes", {});
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
void importCrop(NodeContext &ctx, const OpRow &) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  int64_t numArgs = ctx.getInt("num_args", 1);
  SmallVector<int64_t> hw = ctx.getInts("h_w", {0, 0});
  SmallVector<int64_t> offset = ctx.getInts("offset", {0, 0});
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

/// The MXNet spelling of the import-only row read by `fn`.
StringRef getSpelling(ImportFn fn) {
  for (const OpRow *row : getOpRows())
    if (row->importFn == fn)
      return row->getMXNetName();
  llvm_unreachable("no row reads with this handler");
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

/// The forms that import to nngraph.slice: `slice_axis` (one axis, no
/// steps), `reverse` (every axis from its end back), or `slice`.
bool exportSlice(ExportContext &ctx, const OpRow &row) {
  auto op = cast<SliceOp>(ctx.op);
  ArrayRef<int64_t> starts = op.getStarts(), ends = op.getEnds();
  SmallVector<int64_t> axes =
      op.getAxes() ? SmallVector<int64_t>(*op.getAxes())
                   : llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  std::optional<ArrayRef<int64_t>> steps = op.getSteps();
  if (!steps && axes.size() == 1) {
    ctx.set(getSpelling(importSliceAxis));
    ctx.attr("axis", std::to_string(axes[0]));
    ctx.attr("begin", std::to_string(starts[0]));
    ctx.attr("end", formatBound(ends[0], kMax));
    return sameInputs(ctx);
  }
  if (steps && llvm::all_of(*steps, [](int64_t s) { return s == -1; }) &&
      llvm::all_of(starts, [](int64_t s) { return s == -1; }) &&
      llvm::all_of(ends, [&](int64_t e) { return e == kMin; })) {
    ctx.set(getSpelling(importReverse));
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
  ctx.set(row.getMXNetName());
  ctx.attr("begin", formatOptTuple(b));
  ctx.attr("end", formatOptTuple(e));
  ctx.attr("step", formatOptTuple(s));
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Tile, pad, reductions, dot, one_hot
//===----------------------------------------------------------------------===//

void importTile(NodeContext &ctx, const OpRow &) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  SmallVector<int64_t> reps = ctx.getInts("reps", {});
  // Shorter reps are padded with leading ones; a longer one adds axes.
  if (static_cast<int64_t>(reps.size()) > x.getRank())
    return ctx.imp.importCustom(ctx);
  SmallVector<int64_t> full(x.getRank() - reps.size(), 1);
  full.append(reps.begin(), reps.end());
  setResult(ctx,
            ctx.create1<TileOp>({ctx.input(0)}, {ctx.i64s("repeats", full)}));
}

/// repeat (numpy's): each element along `axis` `repeats` times in a row:
/// an axis of size 1 inserted after it, tiled, and merged back; without an
/// axis, of the flattened data. Needs known sizes (custom until then).
void importRepeat(NodeContext &ctx, const OpRow &) {
  std::optional<int64_t> repeats = ctx.requireInt("repeats");
  std::optional<int64_t> axis;
  if (ctx.has("axis") && ctx.getString("axis", "None") != "None")
    axis = ctx.getInt("axis", 0);
  RankedTensorType x = ctx.inputType(0);
  if (!repeats || !x || ctx.failed)
    return;
  if (*repeats < 0)
    return ctx.error(ctx.attrPath("repeats"), "expected repeats >= 0");
  if (!x.hasStaticShape())
    return ctx.imp.importCustom(ctx, CustomReason::NoTypedForm);
  Value data = ctx.input(0);
  SmallVector<int64_t> shape(x.getShape());
  int64_t a = 0;
  if (!axis) {
    shape = {x.getNumElements()};
    data = ctx.create1<ReshapeOp>({data}, {ctx.i64s("shape", shape)});
  } else {
    a = *axis < 0 ? *axis + x.getRank() : *axis;
    if (a < 0 || a >= x.getRank())
      return ctx.error(ctx.attrPath("axis"),
                       "expected an axis within the rank " +
                           llvm::Twine(x.getRank()) + ", got " +
                           llvm::Twine(*axis));
  }
  SmallVector<int64_t> expanded(shape);
  expanded.insert(expanded.begin() + a + 1, 1);
  SmallVector<int64_t> reps(expanded.size(), 1);
  reps[a + 1] = *repeats;
  SmallVector<int64_t> result(shape);
  result[a] *= *repeats;
  Value v = data ? ctx.create1<ReshapeOp>({data}, {ctx.i64s("shape", expanded)})
                 : Value();
  if (v)
    v = ctx.create1<TileOp>({v}, {ctx.i64s("repeats", reps)});
  if (v)
    v = ctx.create1<ReshapeOp>({v}, {ctx.i64s("shape", result)});
  setResult(ctx, v);
}

/// MXNet `Pad`: pad_width lists (begin, end) per axis.
void importPad(NodeContext &ctx, const OpRow &) {
  std::string mode = ctx.getString("mode", "constant");
  if (!ctx.checkEnum("mode", mode, {"constant", "edge", "reflect"}))
    return;
  SmallVector<int64_t> width = ctx.getInts("pad_width", {});
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
  setResult(ctx, ctx.create1<PadOp>(
                     {ctx.input(0)},
                     {ctx.i64s("pads", pads),
                      ctx.named("mode",
                                PadModeAttr::get(ctx.b.getContext(), padMode)),
                      ctx.f32("value", value)}));
}

bool exportPad(ExportContext &ctx, const OpRow &row) {
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
  ctx.set(row.getMXNetName());
  ctx.attr("mode", mode);
  ctx.attr("pad_width", formatTuple(width));
  ctx.attr("constant_value", formatFloat(op.getValue().convertToDouble()));
  return sameInputs(ctx);
}

/// Reductions; `exclude` (reduce every axis but these) stays custom.
void importReduce(NodeContext &ctx, const OpRow &row) {
  if (ctx.getBool("exclude", false))
    return ctx.imp.importCustom(ctx);
  importSimple(ctx, row);
}

/// `dot` with a 2-D right operand and `batch_dot` of 3-D operands are
/// ONNX MatMul; transposed forms get a transpose first.
void importDot(NodeContext &ctx, const OpRow &) {
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
    return ctx.create1<TransposeOp>({v}, {ctx.i64s("perm", perm)});
  };
  Value lhs = transA ? swapLast(ctx.input(0), a.getRank()) : ctx.input(0);
  Value rhs = transB ? swapLast(ctx.input(1), b.getRank()) : ctx.input(1);
  setResult(ctx, ctx.create1<MatMulOp>({lhs, rhs}));
}

/// `dot` (the row's first spelling) or `batch_dot` (its second).
bool exportMatMul(ExportContext &ctx, const OpRow &row) {
  RankedTensorType a = rankedType(ctx.op->getOperand(0));
  RankedTensorType b = rankedType(ctx.op->getOperand(1));
  if (!a || !b)
    return ctx.fail("operands need a known rank");
  auto [dot, batchDot] = StringRef(row.mxnet).split('|');
  if (b.getRank() == 2 && a.getRank() >= 1)
    ctx.set(dot);
  else if (a.getRank() == 3 && b.getRank() == 3)
    ctx.set(batchDot);
  else
    return ctx.fail("MXNet dot/batch_dot need a 2-D right operand or two 3-D "
                    "operands");
  return sameInputs(ctx);
}

void importOneHot(NodeContext &ctx, const OpRow &) {
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
            ctx.create1(OneHotOp::getOperationName(), ctx.input(0),
                        {ctx.i64("depth", depth), ctx.i64("axis", -1),
                         ctx.f32("on_value", ctx.getFloat("on_value", 1.0)),
                         ctx.f32("off_value", ctx.getFloat("off_value", 0.0))},
                        type));
}

bool exportOneHot(ExportContext &ctx, const OpRow &row) {
  auto op = cast<OneHotOp>(ctx.op);
  if (op.getAxisAttr().getInt() != -1)
    return ctx.fail("MXNet one_hot appends the new axis last");
  ctx.set(row.getMXNetName());
  ctx.attr("depth", std::to_string(op.getDepth()));
  ctx.attr("on_value", formatFloat(op.getOnValue().convertToDouble()));
  ctx.attr("off_value", formatFloat(op.getOffValue().convertToDouble()));
  return sameInputs(ctx);
}

/// Embedding: the rows of the weight (input_dim x output_dim) at the
/// indices, which MXNet reads as float, truncates and clips to
/// [0, input_dim) (take with mode=clip).
void importEmbedding(NodeContext &ctx, const OpRow &) {
  std::optional<int64_t> rows = ctx.requireInt("input_dim");
  std::optional<int64_t> width = ctx.requireInt("output_dim");
  std::string dtype = ctx.getString("dtype", "float32");
  Type element = getNNVMElementType(ctx.b.getContext(), dtype);
  if (!element || !isa<FloatType>(element))
    return ctx.badAttr("dtype", "a float dtype name such as float32");
  RankedTensorType x = ctx.inputType(0);
  if (!rows || !width || !x)
    return;
  if (*rows < 1 || *width < 1)
    return ctx.error(ctx.attrPath(*rows < 1 ? "input_dim" : "output_dim"),
                     "expected a positive size");
  Value weight = ctx.input(1, RankedTensorType::get({*rows, *width}, element));
  if (!weight)
    return;
  Type i64 = ctx.b.getI64Type();
  Value index = ctx.input(0);
  if (x.getElementType() != i64)
    index = ctx.create1(CastOp::getOperationName(), index, {},
                        RankedTensorType::get(x.getShape(), i64));
  if (index)
    index = ctx.create1<ClipOp>(
        {index}, {ctx.f32("min", 0), ctx.f32("max", double(*rows - 1))});
  setResult(ctx,
            index ? ctx.create1<GatherOp>({weight, index}, {ctx.i64("axis", 0)})
                  : Value());
}

/// broadcast_axis (broadcast_axes): size-1 axes repeated `size` times, an
/// ONNX Expand whose shape is 1 on the other axes.
void importBroadcastAxis(NodeContext &ctx, const OpRow &) {
  SmallVector<int64_t> axes = ctx.getInts("axis", {});
  SmallVector<int64_t> sizes = ctx.getInts("size", {});
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (axes.size() != sizes.size())
    return ctx.error(ctx.attrPath("size"),
                     "expected one size per axis, got " +
                         llvm::Twine(sizes.size()) + " for " +
                         llvm::Twine(axes.size()) + " axes");
  int64_t rank = x.getRank();
  SmallVector<int64_t> shape(rank, 1);
  for (auto [axis, size] : llvm::zip(axes, sizes)) {
    int64_t a = axis < 0 ? axis + rank : axis;
    if (a < 0 || a >= rank)
      return ctx.error(ctx.attrPath("axis"), "expected axes within the rank " +
                                                 llvm::Twine(rank) + ", got " +
                                                 llvm::Twine(axis));
    if (!x.isDynamicDim(a) && x.getDimSize(a) != 1)
      return ctx.error(ctx.attrPath("axis"),
                       "expected axis " + llvm::Twine(axis) +
                           " of size 1, got " + llvm::Twine(x.getDimSize(a)));
    if (size < 1)
      return ctx.error(ctx.attrPath("size"), "expected positive sizes");
    shape[a] = size;
  }
  setResult(ctx,
            ctx.create1<ExpandOp>({ctx.input(0)}, {ctx.i64s("shape", shape)}));
}

/// SequenceMask: along `axis` (0 or 1; the batch is the other of the two),
/// the steps at or past each sequence's length (truncated to an integer)
/// take `value`: where(steps < length, data, value). Without
/// use_sequence_length it is the data.
void importSequenceMask(NodeContext &ctx, const OpRow &) {
  bool useLength = ctx.getBool("use_sequence_length", false);
  int64_t axis = ctx.getInt("axis", 0);
  double value = ctx.getFloat("value", 0.0);
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (axis != 0 && axis != 1)
    return ctx.error(ctx.attrPath("axis"), "expected axis 0 or 1");
  if (x.getRank() < 2)
    return ctx.error(jsonPath(ctx.source.path, "inputs"),
                     "expected data of rank 2 or more");
  if (!useLength)
    return setResult(ctx, ctx.input(0));
  int64_t steps = x.getDimSize(axis);
  if (ShapedType::isDynamic(steps))
    return ctx.imp.importCustom(ctx, CustomReason::NoTypedForm);
  int64_t rank = x.getRank(), batchAxis = 1 - axis;
  Type i64 = ctx.b.getI64Type();
  Value length = ctx.input(
      1, RankedTensorType::get({x.getDimSize(batchAxis)}, x.getElementType()));
  if (!length)
    return;
  // steps: 0..T-1 along the axis; lengths along the batch axis.
  SmallVector<int64_t> stepShape(rank, 1), lengthShape(rank, 1);
  stepShape[axis] = steps;
  lengthShape[batchAxis] = -1;
  SmallVector<int64_t> range(steps);
  std::iota(range.begin(), range.end(), 0);
  auto stepType = RankedTensorType::get(stepShape, i64);
  Value stepsConst = ctx.create1(
      ConstantOp::getOperationName(), {},
      {ctx.named("value", DenseElementsAttr::get(stepType, ArrayRef(range)))},
      stepType);
  auto lengthType = cast<RankedTensorType>(length.getType());
  Value n = ctx.create1(CastOp::getOperationName(), length, {},
                        RankedTensorType::get(lengthType.getShape(), i64));
  if (n)
    n = ctx.create1<ReshapeOp>({n}, {ctx.i64s("shape", lengthShape)});
  Value keep = n ? ctx.create1<LessOp>({stepsConst, n}) : Value();
  Value fill = ctx.splat(value, x.getElementType());
  setResult(ctx,
            keep ? ctx.create1<WhereOp>({keep, ctx.input(0), fill}) : Value());
}

/// box_nms: the numbers map one to one (kBoxNMS); the box formats are
/// enums. The operator's second output (MXNet's record for the gradient)
/// is hidden, and not produced.
void importBoxNMS(NodeContext &ctx, const OpRow &row) {
  SmallVector<NamedAttribute> attrs = importAttrs(ctx, row);
  for (StringRef key : {"in_format", "out_format"}) {
    std::string format = ctx.getString(key, "corner");
    if (!ctx.checkEnum(key, format, {"corner", "center"}))
      return;
    attrs.push_back(ctx.named(
        key, BoxFormatAttr::get(ctx.b.getContext(), format == "corner"
                                                        ? BoxFormat::Corner
                                                        : BoxFormat::Center)));
  }
  setResult(ctx, ctx.create1<BoxNMSOp>({ctx.input(0)}, attrs));
}

bool exportBoxNMS(ExportContext &ctx, const OpRow &row) {
  auto op = cast<BoxNMSOp>(ctx.op);
  exportName(ctx, row);
  exportAttrs(ctx, row);
  ctx.attr("in_format", stringifyBoxFormat(op.getInFormat()).str());
  ctx.attr("out_format", stringifyBoxFormat(op.getOutFormat()).str());
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Sorting and gathering by index
//===----------------------------------------------------------------------===//

/// What MXNet's topk, argsort and sort return.
enum class SortReturn { Values, Indices, Both };

/// MXNet topk, argsort and sort: nngraph.topk along the axis, k the axis
/// size for a full sort (argsort, sort, topk's k < 1); ties keep the index
/// order (MXNet's std::sort leaves their order open); the indices cast to
/// `dtype` (MXNet's default float32). `axis=None` (the flattened input) and
/// axes of unknown size stay custom.
void importSortFamily(NodeContext &ctx, SortReturn ret, bool ascendDefault,
                      bool readK) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (ctx.getString("axis", "-1") == "None" || x.getRank() == 0)
    return ctx.imp.importCustom(ctx);
  int64_t rank = x.getRank();
  int64_t axis = ctx.getInt("axis", -1);
  if (axis < -rank || axis >= rank)
    return ctx.error(ctx.attrPath("axis"),
                     "expected an axis of the input's rank " +
                         llvm::Twine(rank) + ", got " + llvm::Twine(axis));
  bool ascend = ctx.getBool("is_ascend", ascendDefault);
  std::string dtype = ctx.getString("dtype", "float32");
  Type element = getNNVMElementType(ctx.b.getContext(), dtype);
  if (!element || element.isInteger(1))
    return ctx.badAttr("dtype", "a numeric dtype name such as float32");
  int64_t size = dimOf(x, axis < 0 ? axis + rank : axis);
  int64_t k = readK ? ctx.getInt("k", 1) : 0;
  if (ctx.failed)
    return;
  if (k < 1) {
    if (ShapedType::isDynamic(size))
      return ctx.imp.importCustom(ctx);
    k = size;
  }
  if (!ShapedType::isDynamic(size) && k > size)
    return ctx.error(ctx.attrPath("k"), "expected k at most the axis size " +
                                            llvm::Twine(size) + ", got " +
                                            llvm::Twine(k));
  Operation *topk = ctx.create(
      TopKOp::getOperationName(), {ctx.input(0)},
      {ctx.i64("k", k), ctx.i64("axis", axis), ctx.flag("largest", !ascend)},
      2);
  if (!topk)
    return;
  Value indices = topk->getResult(1);
  if (ret != SortReturn::Values && element != ctx.b.getI64Type()) {
    auto type = cast<RankedTensorType>(indices.getType());
    indices = ctx.create1(CastOp::getOperationName(), indices, {},
                          type.clone(element));
  }
  if (ret != SortReturn::Indices)
    setResult(ctx, topk->getResult(0));
  if (ret != SortReturn::Values)
    setResult(ctx, indices);
}

void importTopK(NodeContext &ctx, const OpRow &) {
  std::string ret = ctx.getString("ret_typ", "indices");
  if (!ctx.checkEnum("ret_typ", ret, {"value", "indices", "both", "mask"}))
    return;
  if (ret == "mask")
    return ctx.imp.importCustom(ctx);
  importSortFamily(ctx,
                   ret == "value"     ? SortReturn::Values
                   : ret == "indices" ? SortReturn::Indices
                                      : SortReturn::Both,
                   /*ascendDefault=*/false, /*readK=*/true);
}

void importArgSort(NodeContext &ctx, const OpRow &) {
  importSortFamily(ctx, SortReturn::Indices, /*ascendDefault=*/true,
                   /*readK=*/false);
}

void importSort(NodeContext &ctx, const OpRow &) {
  importSortFamily(ctx, SortReturn::Values, /*ascendDefault=*/true,
                   /*readK=*/false);
}

/// nngraph.topk as MXNet topk returning both outputs, the indices as int64
/// (the importer's form of argsort and sort writes back as topk).
bool exportTopK(ExportContext &ctx, const OpRow &row) {
  auto op = cast<TopKOp>(ctx.op);
  exportName(ctx, row);
  ctx.attr("axis", std::to_string(op.getAxisAttr().getInt()));
  ctx.attr("k", std::to_string(op.getKAttr().getInt()));
  ctx.attr("ret_typ", "both");
  ctx.attr("is_ascend", formatBool(!op.getLargest()));
  ctx.attr("dtype", "int64");
  return sameInputs(ctx);
}

/// MXNet gather_nd: the index tuples along the first axis of the indices
/// (tuples_first), which MXNet reads as any numeric type and truncates:
/// others than i32/i64 are cast to i64. A tuple size not known yet keeps the
/// node custom until shapes are bound.
void importGatherND(NodeContext &ctx, const OpRow &) {
  RankedTensorType data = ctx.inputType(0);
  RankedTensorType indices = ctx.inputType(1);
  if (!data || !indices)
    return;
  if (indices.getRank() == 0 || indices.isDynamicDim(0))
    return ctx.imp.importCustom(ctx);
  Value index = ctx.input(1);
  Type element = indices.getElementType();
  if (!element.isInteger(32) && !element.isInteger(64))
    index = ctx.create1(CastOp::getOperationName(), index, {},
                        indices.clone(ctx.b.getI64Type()));
  if (!index)
    return;
  setResult(ctx, ctx.create1<GatherNDOp>({ctx.input(0), index},
                                         {ctx.flag("tuples_first", true)}));
}

bool exportGatherND(ExportContext &ctx, const OpRow &row) {
  auto op = cast<GatherNDOp>(ctx.op);
  if (!op.getTuplesFirst())
    return ctx.fail("MXNet gather_nd reads the index tuples along the first "
                    "axis of the indices");
  exportName(ctx, row);
  return sameInputs(ctx);
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// ones_like / zeros_like of a static shape: a splat constant.
void importFillLike(NodeContext &ctx, double value) {
  RankedTensorType x = ctx.inputType(0);
  if (!x)
    return;
  if (!x.hasStaticShape())
    return ctx.imp.importCustom(ctx);
  setResult(ctx, ctx.fill(x, value));
}

void importOnesLike(NodeContext &ctx, const OpRow &) { importFillLike(ctx, 1); }

void importZerosLike(NodeContext &ctx, const OpRow &) {
  importFillLike(ctx, 0);
}

/// `_full`, `_zeros` and `_ones` of a static shape: a splat constant.
void importFullWith(NodeContext &ctx, std::optional<double> fixed) {
  SmallVector<int64_t> shape = ctx.getInts("shape", {});
  std::string dtype = ctx.getString("dtype", "float32");
  double value = fixed ? *fixed : ctx.getFloat("value", 0.0);
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

void importFull(NodeContext &ctx, const OpRow &) {
  importFullWith(ctx, std::nullopt);
}

void importZeros(NodeContext &ctx, const OpRow &) { importFullWith(ctx, 0.0); }

void importOnes(NodeContext &ctx, const OpRow &) { importFullWith(ctx, 1.0); }

/// `_arange` with a known length: a 1-D constant (`repeat` repeats each
/// value). infer_range (the length comes from a consumer) stays custom.
void importArange(NodeContext &ctx, const OpRow &) {
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
  setResult(ctx, ctx.create1(
                     ConstantOp::getOperationName(), {},
                     {ctx.named("value", DenseElementsAttr::get(type, values))},
                     type));
}

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

using K = AttrKind;
using P = Presence;

const AttrRule kFlatten[] = {{nullptr, "axis", K::Int, 1, 1}};
const AttrRule kShape[] = {{"shape", "shape", K::Ints, 0, 0}};
const AttrRule kTranspose[] = {{"axes", "perm", K::Ints, 0, 0, P::IfNonEmpty}};
const AttrRule kSqueeze[] = {{"axis", "axes", K::Ints, 0, 0, P::IfPresent}};
const AttrRule kBoxNMS[] = {
    {"overlap_thresh", "overlap_thresh", K::Float, 0.5, 0.5},
    {"valid_thresh", "valid_thresh", K::Float, 0, 0},
    {"topk", "topk", K::Int, -1, -1},
    {"coord_start", "coord_start", K::Int, 2, 2},
    {"score_index", "score_index", K::Int, 1, 1},
    {"id_index", "id_index", K::Int, -1, -1},
    {"background_id", "background_id", K::Int, -1, -1},
    {"force_suppress", "force_suppress", K::Bool, 0, 0}};
const AttrRule kTile[] = {{"reps", "repeats", K::Ints, 0, 0}};
const AttrRule kReduce[] = {{"axis", "axes", K::Ints, 0, 0, P::IfNonEmpty},
                            {"keepdims", "keepdims", K::Bool, 0, 1}};

#define ROW(mxnet, nnvm, Op, attrs, importFn, exportFn, dir)                   \
  NNVM_ROW(mxnet, nnvm, Op, attrs, importFn, exportFn, dir, 1)
#define REDUCE(mxnet, Op)                                                      \
  ROW(mxnet, nullptr, Op, kReduce, importReduce, nullptr, Dir::Both)

} // namespace

ArrayRef<OpRow> nnvm::getTensorRows() {
  static const OpRow rows[] = {
      ROW("Flatten", "flatten", FlattenOp, kFlatten, nullptr, exportFlatten,
          Dir::Both),
      ROW("Reshape", "reshape", ReshapeOp, kShape, importReshape, nullptr,
          Dir::Both),
      ROW("transpose", nullptr, TransposeOp, kTranspose, nullptr, nullptr,
          Dir::Both),
      ROW("SwapAxis|swapaxes", nullptr, TransposeOp, {}, importSwapAxis,
          nullptr, Dir::ImportOnly),
      ROW("expand_dims", nullptr, UnsqueezeOp, {}, importExpandDims,
          exportExpandDims, Dir::Both),
      ROW("squeeze", nullptr, SqueezeOp, kSqueeze, nullptr, nullptr, Dir::Both),
      ROW("Concat|concat", "concatenate", ConcatOp, {}, importConcat,
          exportConcat, Dir::Both),
      ROW("stack", nullptr, ConcatOp, {}, importStack, nullptr,
          Dir::ImportOnly),
      ROW("SliceChannel", "split", SplitOp, {}, importSliceChannel, exportSplit,
          Dir::Both),
      ROW("slice|crop", nullptr, SliceOp, {}, importSlice, exportSlice,
          Dir::Both),
      ROW("slice_axis", nullptr, SliceOp, {}, importSliceAxis, nullptr,
          Dir::ImportOnly),
      ROW("reverse|flip", nullptr, SliceOp, {}, importReverse, nullptr,
          Dir::ImportOnly),
      ROW("slice_like", nullptr, SliceOp, {}, importSliceLike, nullptr,
          Dir::ImportOnly),
      ROW("Crop", nullptr, SliceOp, {}, importCrop, nullptr, Dir::ImportOnly),
      NNVM_EXPANSION_ROW("repeat", importRepeat),
      ROW("tile", nullptr, TileOp, kTile, importTile, nullptr, Dir::Both),
      ROW("Pad|pad", nullptr, PadOp, {}, importPad, exportPad, Dir::Both),
      REDUCE("sum", ReduceSumOp),
      REDUCE("mean", ReduceMeanOp),
      REDUCE("max", ReduceMaxOp),
      REDUCE("min", ReduceMinOp),
      REDUCE("prod", ReduceProdOp),
      ROW("shape_array", nullptr, ShapeOp, {}, nullptr, nullptr, Dir::Both),
      ROW("dot|batch_dot", nullptr, MatMulOp, {}, importDot, exportMatMul,
          Dir::Both),
      ROW("one_hot", nullptr, OneHotOp, {}, importOneHot, exportOneHot,
          Dir::Both),
      NNVM_EXPANSION_ROW("Embedding", importEmbedding),
      NNVM_EXPANSION_ROW("broadcast_axis|broadcast_axes", importBroadcastAxis),
      NNVM_EXPANSION_ROW("SequenceMask", importSequenceMask),
      ROW("_contrib_box_nms|_contrib_box_non_maximum_suppression", nullptr,
          BoxNMSOp, kBoxNMS, importBoxNMS, exportBoxNMS, Dir::Both),
      ROW("topk", nullptr, TopKOp, {}, importTopK, exportTopK, Dir::Both),
      ROW("argsort", nullptr, TopKOp, {}, importArgSort, nullptr,
          Dir::ImportOnly),
      ROW("sort", nullptr, TopKOp, {}, importSort, nullptr, Dir::ImportOnly),
      ROW("gather_nd", nullptr, GatherNDOp, {}, importGatherND, exportGatherND,
          Dir::Both),
      // Constants; the exporter writes `_full` and `_arange` for them.
      NNVM_EXPANSION_ROW("ones_like", importOnesLike),
      NNVM_EXPANSION_ROW("zeros_like", importZerosLike),
      NNVM_EXPANSION_ROW("_full", importFull),
      NNVM_EXPANSION_ROW("_zeros", importZeros),
      NNVM_EXPANSION_ROW("_ones", importOnes),
      NNVM_EXPANSION_ROW("_arange", importArange),
  };
  return rows;
}
