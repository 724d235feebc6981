//===- LightNetExport.cpp - nngraph to LightNet JSON IR ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the LightNet JSON IR exporter: graph inputs and
// weights become `create` ops (their original params when they came from
// LightNet, else dtype/dims, `from_file: true` for weights), constants
// become `create` with inline data, every typed op becomes the LightNet op
// that imports back to it, and custom ops of domain "lightnet" are written
// back verbatim. Whatever LightNet cannot express is reported, all of it in
// one run, and then nothing is written.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/LightNetExport.h"
#include "LightNetInternal.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/ExportSupport.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/JSONSupport.h"
#include "nngraph/Target/LightNet/LightNetModel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::lightnet;
using LOp = mlir::nngraph::lightnet::Op;
using llvm::json::Array;

namespace {
class Exporter {
public:
  Exporter(func::FuncOp func) : func(func) {}
  LogicalResult run(llvm::raw_ostream &os);

private:
  /// Emits "lightnet: cannot export <op> (node '<name>'): <why>".
  void error(Operation *op, const Twine &why);
  std::string uniqueName(StringRef base);
  void nameValues();
  StringRef nameOf(Value v) { return names[v]; }

  LOp &add(Operation *op, StringRef optype, ArrayRef<Value> ins,
           ArrayRef<StringRef> inArgs);
  void param(LOp &op, StringRef name, llvm::json::Value value);
  void exportArgument(unsigned index);
  void exportOp(Operation *op);
  void exportConstant(ConstantOp op);
  void exportConv(ConvOp op);
  template <typename PoolTy>
  void exportPool(PoolTy op, StringRef optype);
  void exportResize(ResizeOp op);
  void exportCustom(CustomOp op);
  void exportConcat(ConcatOp op);
  void exportSlice(SliceOp op);
  void exportElew(Operation *op, StringRef kind);

  func::FuncOp func;
  Graph graph;
  llvm::DenseMap<Value, std::string> names;
  llvm::StringSet<> used;
  unsigned numErrors = 0;
};
} // namespace

static Array toJSON(ArrayRef<int64_t> values) {
  Array a;
  for (int64_t v : values)
    a.push_back(v);
  return a;
}

void Exporter::error(Operation *op, const Twine &why) {
  ++numErrors;
  std::string node = getLocName(op->getLoc());
  emitError(op->getLoc()) << "lightnet: cannot export '" << op->getName()
                          << "' (node '" << node << "'): " << why;
}

std::string Exporter::uniqueName(StringRef base) {
  std::string name = base.empty() ? "tensor" : base.str();
  for (unsigned i = 1; used.contains(name); ++i)
    name = (base + "_" + Twine(i)).str();
  used.insert(name);
  return name;
}

void Exporter::nameValues() {
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    names[func.getArgument(i)] = uniqueName(getInputName(func, i));
  Operation *ret = func.getBody().front().getTerminator();
  for (auto [i, v] : llvm::enumerate(ret->getOperands()))
    if (!names.count(v))
      names[v] = uniqueName(getOutputName(func, i));
  for (Operation &op : func.getBody().front().without_terminator()) {
    std::string base = getLocName(op.getLoc());
    for (Value r : op.getResults()) {
      if (names.count(r))
        continue;
      if (op.getNumResults() == 1) {
        names[r] = uniqueName(base);
        continue;
      }
      std::string arg =
          "dst" + std::to_string(cast<OpResult>(r).getResultNumber());
      if (auto custom = dyn_cast<CustomOp>(op))
        if (auto attrs = custom.getSourceAttrs())
          if (auto outs = attrs->getAs<ArrayAttr>("tensors_out"))
            if (cast<OpResult>(r).getResultNumber() < outs.size())
              if (auto s = dyn_cast<StringAttr>(
                      outs[cast<OpResult>(r).getResultNumber()]))
                arg = s.str();
      names[r] = uniqueName(base + "_" + arg);
    }
  }
}

LOp &Exporter::add(Operation *op, StringRef optype, ArrayRef<Value> ins,
                   ArrayRef<StringRef> inArgs) {
  LOp out;
  out.name = getLocName(op->getLoc());
  if (out.name.empty())
    out.name = op->getNumResults() ? names[op->getResult(0)] : "op";
  out.optype = optype.str();
  for (auto [v, arg] : llvm::zip_equal(ins, inArgs))
    out.inputs.push_back({arg.str(), names[v], ""});
  if (op->getNumResults() == 1)
    out.outputs.push_back({"dst", names[op->getResult(0)], ""});
  graph.ops.push_back(std::move(out));
  return graph.ops.back();
}

void Exporter::param(LOp &op, StringRef name, llvm::json::Value value) {
  Param p;
  p.argName = name.str();
  p.value = std::move(value);
  op.params.push_back(std::move(p));
}

/// A static tensor type with a LightNet dtype, or an error.
static std::string describeType(Type type, std::string &dtype,
                                SmallVector<int64_t> &dims) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return "LightNet needs a static shape";
  dtype = getDTypeSpelling(ranked.getElementType());
  if (dtype.empty())
    return "LightNet has no dtype for this element type";
  dims.assign(ranked.getShape().begin(), ranked.getShape().end());
  return "";
}

void Exporter::exportArgument(unsigned index) {
  BlockArgument arg = func.getArgument(index);
  // A tensor the source file used without defining it stays undefined.
  if (getInputRole(func, index) == kRoleUndefined)
    return;
  LOp create;
  create.optype = "create";
  create.outputs.push_back({"dst", names[arg], ""});
  StringAttr opName = getInputLightNetOp(func, index);
  create.name = opName ? opName.str() : names[arg];
  if (ArrayAttr params = getInputLightNetParams(func, index)) {
    for (Attribute p : params) {
      auto dict = dyn_cast<DictionaryAttr>(p);
      auto name = dict ? dict.getAs<StringAttr>("arg_name") : StringAttr();
      std::optional<llvm::json::Value> value;
      if (dict && dict.get("value"))
        value = attributeToJSON(dict.get("value"));
      if (!name || !value) {
        ++numErrors;
        emitError(arg.getLoc())
            << "lightnet: malformed "
            << NNGraphDialect::LightnetParamsAttrHelper::getNameStr()
            << " on graph input '" << names[arg] << "'";
        return;
      }
      param(create, name.getValue(), std::move(*value));
    }
    graph.ops.push_back(std::move(create));
    return;
  }
  std::string dtype;
  SmallVector<int64_t> dims;
  std::string why = describeType(arg.getType(), dtype, dims);
  if (!why.empty()) {
    ++numErrors;
    emitError(arg.getLoc()) << "lightnet: cannot export graph input '"
                            << names[arg] << "': " << why;
    return;
  }
  param(create, "dtype", dtype);
  param(create, "dims", toJSON(dims));
  param(create, "from_file", isWeight(func, index));
  graph.ops.push_back(std::move(create));
}

void Exporter::exportConstant(ConstantOp op) {
  std::string dtype;
  SmallVector<int64_t> dims;
  std::string why = describeType(op.getType(), dtype, dims);
  if (!why.empty())
    return error(op, why);
  LOp &create = add(op, "create", {}, {});
  param(create, "dtype", dtype);
  param(create, "dims", toJSON(dims));
  ElementsAttr value = op.getValue();
  if (isa<DenseResourceElementsAttr>(value)) {
    // A weight: LightNet fills it from the weights file by tensor name.
    param(create, "from_file", true);
    return;
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return error(op, "constant value has no LightNet form");
  Array data;
  Type element = dense.getElementType();
  bool zeroSplat =
      dense.isSplat() &&
      (isa<FloatType>(element) ? dense.getSplatValue<APFloat>().isPosZero()
                               : dense.getSplatValue<APInt>().isZero());
  if (zeroSplat) {
    data.push_back(0);
  } else if (isa<FloatType>(element)) {
    for (const APFloat &v : dense.getValues<APFloat>())
      data.push_back(v.convertToDouble());
  } else if (element.isInteger(1)) {
    for (bool v : dense.getValues<bool>())
      data.push_back(v ? 1 : 0);
  } else {
    bool isUnsigned = element.isUnsignedInteger();
    for (const APInt &v : dense.getValues<APInt>())
      data.push_back(isUnsigned ? static_cast<int64_t>(v.getZExtValue())
                                : v.getSExtValue());
  }
  param(create, "data", std::move(data));
}

void Exporter::exportConv(ConvOp op) {
  auto wType = dyn_cast<RankedTensorType>(op.getWeight().getType());
  auto xType = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!wType || wType.getRank() != 4 || !xType || xType.getRank() != 4)
    return error(op, "LightNet conv2d needs a rank-4 input and weight");
  if (!op.getBias())
    return error(op, "LightNet conv2d needs a bias");
  LOp &out = add(op, "conv2d", {op.getInput(), op.getWeight(), op.getBias()},
                 {"src", "weight", "bias"});
  param(out, "group", op.getGroup());
  param(out, "size", toJSON(wType.getShape().drop_front(2)));
  param(out, "stride",
        toJSON(op.getStrides().value_or(ArrayRef<int64_t>{1, 1})));
  param(out, "dilation",
        toJSON(op.getDilations().value_or(ArrayRef<int64_t>{1, 1})));
  param(out, "padding",
        toJSON(op.getPads().value_or(ArrayRef<int64_t>{0, 0, 0, 0})));
  if (op.getAutoPad() != AutoPad::NotSet)
    param(out, "autopad",
          llvm::StringSwitch<std::string>(stringifyAutoPad(op.getAutoPad()))
              .Case("same_upper", "SAME_UPPER")
              .Case("same_lower", "SAME_LOWER")
              .Default("VALID"));
}

template <typename PoolTy>
void Exporter::exportPool(PoolTy op, StringRef optype) {
  auto xType = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!xType || xType.getRank() != 4)
    return error(op, "LightNet pooling needs a rank-4 input");
  if (op.getCeilMode())
    return error(op, "LightNet pooling has no ceil_mode");
  if (auto d = op.getDilations())
    if (llvm::any_of(*d, [](int64_t v) { return v != 1; }))
      return error(op, "LightNet pooling has no dilations");
  if constexpr (std::is_same_v<PoolTy, AvgPoolOp>)
    if (op.getCountIncludePad())
      return error(op, "LightNet avgpool2d has no count_include_pad");
  LOp &out = add(op, optype, {op.getInput()}, {"src"});
  param(out, "size", toJSON(op.getKernelShape()));
  param(out, "stride",
        toJSON(op.getStrides().value_or(ArrayRef<int64_t>{1, 1})));
  param(out, "padding",
        toJSON(op.getPads().value_or(ArrayRef<int64_t>{0, 0, 0, 0})));
  if (op.getAutoPad() != AutoPad::NotSet)
    param(out, "autopad",
          llvm::StringSwitch<std::string>(stringifyAutoPad(op.getAutoPad()))
              .Case("same_upper", "SAME_UPPER")
              .Case("same_lower", "SAME_LOWER")
              .Default("VALID"));
}

void Exporter::exportResize(ResizeOp op) {
  if (op.getMode() != ResizeMode::Nearest ||
      op.getCoordinateTransform() != CoordinateTransform::Asymmetric ||
      op.getNearestMode() != NearestMode::Floor)
    return error(op, "LightNet resizes only by nearest neighbour with "
                     "asymmetric coordinates and floor rounding");
  if (auto scales = op.getScales()) {
    LOp &out = add(op, "upsample", {op.getInput()}, {"src"});
    param(out, "mode", "TL_NEAREST");
    Array a;
    for (float s : *scales)
      a.push_back(static_cast<double>(s));
    param(out, "scales", std::move(a));
    return;
  }
  LOp &out = add(op, "resize", {op.getInput()}, {"src"});
  param(out, "mode", "TL_NEAREST");
  param(out, "dims", toJSON(op.getSizes().value_or(ArrayRef<int64_t>{})));
}

void Exporter::exportCustom(CustomOp op) {
  if (op.getDomain() != "lightnet")
    return error(op, "custom operator '" + op.getOpType() + "' of domain '" +
                         op.getDomain().value_or("") +
                         "' has no LightNet counterpart");
  DictionaryAttr attrs = op.getSourceAttrsAttr();
  auto ins = attrs ? attrs.getAs<ArrayAttr>("tensors_in") : ArrayAttr();
  auto outs = attrs ? attrs.getAs<ArrayAttr>("tensors_out") : ArrayAttr();
  auto params = attrs ? attrs.getAs<ArrayAttr>("params") : ArrayAttr();
  if (!ins || !outs || !params || ins.size() != op.getInputs().size() ||
      outs.size() != op.getNumResults())
    return error(op, "custom operator lacks its LightNet tensors_in, "
                     "tensors_out or params");
  LOp out;
  out.name = getLocName(op.getLoc());
  out.optype = op.getOpType().str();
  for (auto [v, arg] : llvm::zip_equal(op.getInputs(), ins))
    out.inputs.push_back({cast<StringAttr>(arg).str(), names[v], ""});
  for (auto [v, arg] : llvm::zip_equal(op.getResults(), outs))
    out.outputs.push_back({cast<StringAttr>(arg).str(), names[v], ""});
  for (Attribute p : params) {
    auto dict = dyn_cast<DictionaryAttr>(p);
    auto name = dict ? dict.getAs<StringAttr>("arg_name") : StringAttr();
    std::optional<llvm::json::Value> value;
    if (dict && dict.get("value"))
      value = attributeToJSON(dict.get("value"));
    if (!name || !value)
      return error(op, "malformed params");
    param(out, name.getValue(), std::move(*value));
  }
  graph.ops.push_back(std::move(out));
}

void Exporter::exportConcat(ConcatOp op) {
  ValueRange ins = op.getInputs();
  if (ins.size() < 2)
    return error(op, "LightNet concat joins exactly two tensors");
  // LightNet's concat is binary: wider ones become a chain.
  std::string name = getLocName(op.getLoc());
  std::string acc = names[ins[0]];
  for (size_t i = 1; i < ins.size(); ++i) {
    LOp out;
    out.name = name;
    out.optype = "concat";
    out.inputs = {{"src1", acc, ""}, {"src2", names[ins[i]], ""}};
    acc = i + 1 == ins.size() ? names[op.getResult()]
                              : uniqueName(name + "_part" + Twine(i).str());
    out.outputs = {{"dst", acc, ""}};
    param(out, "axis", op.getAxis());
    graph.ops.push_back(std::move(out));
  }
}

void Exporter::exportSlice(SliceOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  ArrayRef<int64_t> starts = op.getStarts(), ends = op.getEnds();
  if (starts.size() != 1 || !type)
    return error(op, "LightNet slice cuts exactly one axis");
  if (auto steps = op.getSteps())
    if ((*steps)[0] != 1)
      return error(op, "LightNet slice has no steps");
  int64_t axis = op.getAxes() ? (*op.getAxes())[0] : 0;
  if (axis < 0)
    axis += type.getRank();
  int64_t dim = type.getDimSize(axis);
  int64_t start = starts[0], end = ends[0];
  if (start < 0 || end < 0)
    return error(op, "LightNet slice has no negative indices");
  if (!ShapedType::isDynamic(dim))
    end = std::min(end, dim);
  LOp &out = add(op, "slice", {op.getInput()}, {"src"});
  param(out, "axis", axis);
  param(out, "start", start);
  param(out, "len", end - start);
}

void Exporter::exportElew(Operation *op, StringRef kind) {
  if (op->getOperand(0).getType() != op->getOperand(1).getType())
    return error(op, "LightNet elew needs operands of equal shape (no "
                     "broadcasting)");
  LOp &out =
      add(op, "elew", {op->getOperand(0), op->getOperand(1)}, {"src1", "src2"});
  param(out, "elew_op", kind);
}

void Exporter::exportOp(Operation *op) {
  if (op->getNumRegions() > 0)
    return error(op, "LightNet has no control flow");
  auto unary = [&](StringRef optype) {
    add(op, optype, {op->getOperand(0)}, {"src"});
  };
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](ConstantOp c) { exportConstant(c); })
      .Case([&](ReluOp) { unary("relu"); })
      .Case([&](SigmoidOp) { unary("sigmoid"); })
      .Case([&](IdentityOp) { unary("forward"); })
      .Case([&](LeakyReluOp o) {
        LOp &out = add(op, "lrelu", {o.getInput()}, {"src"});
        param(out, "negslope", o.getAlpha().convertToDouble());
      })
      .Case([&](SoftmaxOp o) {
        LOp &out = add(op, "softmax", {o.getInput()}, {"src"});
        param(out, "axis", o.getAxis());
      })
      .Case([&](ConcatOp o) { exportConcat(o); })
      .Case([&](SliceOp o) { exportSlice(o); })
      .Case([&](ReshapeOp o) {
        auto type = dyn_cast<RankedTensorType>(o.getType());
        ArrayRef<int64_t> dims = o.getShape();
        if (type && type.hasStaticShape())
          dims = type.getShape();
        if (llvm::any_of(dims, [](int64_t d) { return d <= 0; }))
          return error(op, "LightNet reshape needs explicit dimensions");
        LOp &out = add(op, "reshape", {o.getInput()}, {"src"});
        param(out, "dims", toJSON(dims));
      })
      .Case([&](TransposeOp o) {
        auto type = dyn_cast<RankedTensorType>(o.getInput().getType());
        SmallVector<int64_t> perm;
        if (auto p = o.getPerm())
          perm.assign(p->begin(), p->end());
        else if (type)
          for (int64_t i = type.getRank() - 1; i >= 0; --i)
            perm.push_back(i);
        else
          return error(op, "transpose of an unranked tensor");
        LOp &out = add(op, "transpose", {o.getInput()}, {"src"});
        param(out, "axes", toJSON(perm));
      })
      .Case([&](ReduceMaxOp o) {
        auto axes = o.getAxes();
        if (!axes || axes->size() != 1 || !o.getKeepdims())
          return error(op, "LightNet maxreduce reduces exactly one axis and "
                           "keeps it");
        LOp &out = add(op, "maxreduce", {o.getInput()}, {"src"});
        param(out, "axis", (*axes)[0]);
      })
      .Case([&](AddOp) { exportElew(op, "TL_SUM"); })
      .Case([&](SubOp) { exportElew(op, "TL_SUB"); })
      .Case([&](MulOp) { exportElew(op, "TL_MUL"); })
      .Case([&](DivOp) { exportElew(op, "TL_DIV"); })
      .Case([&](MaxOp) { exportElew(op, "TL_MAX"); })
      .Case([&](MinOp) { exportElew(op, "TL_MIN"); })
      .Case([&](PowOp) { exportElew(op, "TL_POW"); })
      .Case([&](BatchNormOp o) {
        LOp &out = add(
            op, "batchnorm",
            {o.getInput(), o.getScale(), o.getBias(), o.getMean(), o.getVar()},
            {"src", "scale", "offset", "mean", "var"});
        param(out, "epsilon", o.getEpsilon().convertToDouble());
      })
      .Case([&](ConvOp o) { exportConv(o); })
      .Case([&](MaxPoolOp o) { exportPool(o, "maxpool2d"); })
      .Case([&](AvgPoolOp o) { exportPool(o, "avgpool2d"); })
      .Case([&](ResizeOp o) { exportResize(o); })
      .Case([&](PrintOp o) {
        LOp &out =
            add(op, o.getFile() ? "fprint" : "print", {o.getInput()}, {"src"});
        if (!o.getMessage().empty() || o.getFile())
          param(out, "msg", o.getMessage().str());
        if (auto file = o.getFile())
          param(out, "file", file->str());
      })
      .Case([&](CustomOp o) { exportCustom(o); })
      .Default([&](Operation *) {
        error(op, "the operation has no LightNet counterpart");
      });
}

LogicalResult Exporter::run(llvm::raw_ostream &os) {
  nameValues();
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    exportArgument(i);
  for (Operation &op : func.getBody().front().without_terminator())
    exportOp(&op);
  if (numErrors > 0)
    return failure();
  writeGraph(graph, os);
  return success();
}

LogicalResult lightnet::exportLightNet(ModuleOp module, llvm::raw_ostream &os) {
  func::FuncOp func = getGraphFunction(module, "lightnet");
  if (!func)
    return failure();
  if (func.getBody().getBlocks().size() != 1) {
    emitError(func.getLoc()) << "lightnet: cannot export a function with "
                                "several blocks: LightNet has no control flow";
    return failure();
  }
  return Exporter(func).run(os);
}
