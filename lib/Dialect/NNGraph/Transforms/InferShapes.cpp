//===- InferShapes.cpp - propagate static shapes ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nngraph-infer-shapes pass: result types are refined
// in program order from the operations' InferTypeOpInterface, and the function
// signature follows what the function returns.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"

#include "nngraph/Dialect/NNGraph/Utils/CustomRetype.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHINFERSHAPESPASS
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

/// Returns the most static type that agrees with both `current` and
/// `inferred`, or null when they conflict or are not ranked tensors.
static RankedTensorType joinTypes(Type current, Type inferred) {
  auto a = dyn_cast<RankedTensorType>(current);
  auto b = dyn_cast<RankedTensorType>(inferred);
  if (!a || !b || a.getElementType() != b.getElementType() ||
      a.getRank() != b.getRank())
    return nullptr;
  SmallVector<int64_t> shape;
  for (auto [x, y] : llvm::zip_equal(a.getShape(), b.getShape())) {
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return nullptr;
    shape.push_back(ShapedType::isDynamic(x) ? y : x);
  }
  return RankedTensorType::get(shape, a.getElementType(), a.getEncoding());
}

static int64_t refineResultsOnce(func::FuncOp func);

/// Sizes of a parameter that `user` requires, dimension by dimension
/// (kDynamic where it does not tell), for the operand `operand` of the
/// operations whose parameters follow from their data: the per-channel
/// vectors of a batch or instance normalisation, the input channels of a
/// convolution's weight, the inner size of a gemm's `b`. Empty: no rule.
static SmallVector<int64_t> getRequiredOperandShape(Operation *user,
                                                    OpOperand &operand) {
  auto dataDim = [&](Value v, int64_t dim) -> int64_t {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    return t && dim < t.getRank() ? t.getDimSize(dim) : ShapedType::kDynamic;
  };
  unsigned index = operand.getOperandNumber();
  constexpr int64_t kDyn = ShapedType::kDynamic;
  if (isa<BatchNormOp, InstanceNormOp>(user) && index > 0)
    return {dataDim(user->getOperand(0), 1)};
  auto weight = dyn_cast<RankedTensorType>(operand.get().getType());
  if (auto conv = dyn_cast<ConvOp>(user); conv && index == 1 && weight) {
    SmallVector<int64_t> shape(weight.getRank(), kDyn);
    int64_t c = dataDim(conv.getInput(), 1);
    int64_t group = conv.getGroup();
    if (weight.getRank() >= 2 && !ShapedType::isDynamic(c) && group > 0 &&
        c % group == 0)
      shape[1] = c / group;
    return shape;
  }
  if (auto conv = dyn_cast<ConvTransposeOp>(user);
      conv && index == 1 && weight) {
    SmallVector<int64_t> shape(weight.getRank(), kDyn);
    shape[0] = dataDim(conv.getInput(), 1);
    return shape;
  }
  if (auto gemm = dyn_cast<GemmOp>(user);
      gemm && index == 1 && weight && weight.getRank() == 2) {
    int64_t k = dataDim(gemm.getA(), gemm.getTransA() ? 0 : 1);
    return gemm.getTransB() ? SmallVector<int64_t>{kDyn, k}
                            : SmallVector<int64_t>{k, kDyn};
  }
  return {};
}

/// Refines the open sizes of `func`'s arguments from what their users
/// require (getRequiredOperandShape); true if any changed.
static bool refineArgumentTypes(func::FuncOp func) {
  bool changed = false;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type || type.hasStaticShape())
      continue;
    SmallVector<int64_t> shape(type.getShape());
    for (OpOperand &use : arg.getUses()) {
      SmallVector<int64_t> required =
          getRequiredOperandShape(use.getOwner(), use);
      if (required.size() != shape.size())
        continue;
      for (auto [d, r] : llvm::zip_equal(shape, required))
        if (ShapedType::isDynamic(d))
          d = r;
    }
    if (shape == type.getShape())
      continue;
    arg.setType(RankedTensorType::get(shape, type.getElementType()));
    changed = true;
  }
  return changed;
}

int64_t nngraph::refineResultTypes(func::FuncOp func) {
  if (func.isExternal())
    return 0;
  // Arguments refined from their users (a weight's size that follows from
  // the data) make more results static: repeat while they change (each
  // round only fills open sizes; a few rounds are enough for any chain
  // seen, the bound keeps a pathological one finite).
  int64_t numRefined = refineResultsOnce(func);
  for (int round = 0; round < 8 && refineArgumentTypes(func); ++round)
    numRefined += refineResultsOnce(func);
  // The function takes its arguments' types and returns what its
  // terminator returns.
  auto ret = dyn_cast<func::ReturnOp>(func.getBody().back().getTerminator());
  func.setFunctionType(FunctionType::get(
      func.getContext(), func.front().getArgumentTypes(),
      ret ? TypeRange(ret.getOperandTypes()) : func.getResultTypes()));
  return numRefined;
}

/// Types custom operation `op` through the retyping its format registered
/// (CustomRetype.h), once its operands are ranked; true if it was replaced.
static bool retypeCustom(CustomOp op) {
  // Operands of unknown rank may only be graph inputs (weights the format
  // gives the shape of, from the operator's attributes).
  std::optional<StringRef> domain = op.getDomain();
  if (!domain || !llvm::all_of(op.getInputs(), [](Value v) {
        return isa<RankedTensorType>(v.getType()) || isa<BlockArgument>(v);
      }))
    return false;
  std::optional<CustomRetypeFn> retype = lookupCustomRetype(*domain);
  if (!retype)
    return false;
  OpBuilder b(op);
  FailureOr<SmallVector<Value>> values = (*retype)(op, b);
  if (failed(values) || values->size() != op->getNumResults())
    return false;
  op->replaceAllUsesWith(*values);
  op->erase();
  return true;
}

static int64_t refineResultsOnce(func::FuncOp func) {
  int64_t numRefined = 0;
  func.walk([&](Operation *operation) {
    if (auto custom = dyn_cast<CustomOp>(operation)) {
      numRefined += retypeCustom(custom);
      return;
    }
    // A cast chooses its element type, not its shape: the input's.
    if (auto cast = dyn_cast<CastOp>(operation)) {
      auto in = dyn_cast<RankedTensorType>(cast.getInput().getType());
      if (!in)
        return;
      RankedTensorType joined = joinTypes(
          cast.getType(), in.clone(getElementTypeOrSelf(cast.getType())));
      if (joined && joined != cast.getType()) {
        cast.getResult().setType(joined);
        ++numRefined;
      }
      return;
    }
    auto op = dyn_cast<InferTypeOpInterface>(operation);
    if (!op || !isa<NNGraphDialect>(op->getDialect()))
      return;
    SmallVector<Type> inferred;
    if (failed(inferResultTypes(op, inferred)))
      return;
    for (auto [result, type] : llvm::zip_equal(op->getResults(), inferred)) {
      RankedTensorType joined = joinTypes(result.getType(), type);
      if (joined && joined != result.getType()) {
        result.setType(joined);
        ++numRefined;
      }
    }
  });
  return numRefined;
}

static std::string formatDims(ArrayRef<int64_t> dims) {
  std::string s;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      s += "x";
    s += ShapedType::isDynamic(d) ? "?" : std::to_string(d);
  }
  return s;
}

/// Gives the named arguments of `func` the shapes of `shapes` (their
/// signature too); fails where a shape does not fit.
static LogicalResult setInputShapes(func::FuncOp func,
                                    const InputShapeMap &shapes) {
  bool ok = true;
  for (BlockArgument arg : func.getArguments()) {
    std::string name = getInputName(func, arg.getArgNumber());
    auto it = shapes.find(name);
    if (it == shapes.end())
      continue;
    ArrayRef<int64_t> dims = it->second;
    auto type = cast<TensorType>(arg.getType());
    SmallVector<int64_t> joined(dims);
    bool fits = !type.hasRank() || type.getRank() == int64_t(dims.size());
    if (fits && type.hasRank())
      for (auto [j, d] : llvm::enumerate(type.getShape())) {
        if (ShapedType::isDynamic(d))
          continue;
        if (!ShapedType::isDynamic(joined[j]) && joined[j] != d)
          fits = false;
        joined[j] = d;
      }
    if (!fits) {
      func.emitError() << "input '" << name << "' is " << type
                       << ", which the shape " << formatDims(dims)
                       << " does not fit";
      ok = false;
      continue;
    }
    arg.setType(RankedTensorType::get(joined, type.getElementType()));
  }
  if (!ok)
    return failure();
  func.setFunctionType(FunctionType::get(func.getContext(),
                                         func.front().getArgumentTypes(),
                                         func.getResultTypes()));
  return success();
}

LogicalResult nngraph::specializeInputShapes(func::FuncOp func,
                                             const InputShapeMap &shapes) {
  if (failed(setInputShapes(func, shapes)))
    return failure();
  refineResultTypes(func);
  return success();
}

/// Parses "name=1x3x?x8" into `shapes`.
static LogicalResult parseShapeSpec(StringRef spec, InputShapeMap &shapes) {
  auto [name, text] = spec.rsplit('=');
  if (name.empty() || text.empty())
    return failure();
  SmallVector<int64_t> dims;
  SmallVector<StringRef> items;
  text.split(items, 'x');
  for (StringRef item : items) {
    int64_t d;
    if (item == "?")
      d = ShapedType::kDynamic;
    else if (item.getAsInteger(10, d) || d < 0)
      return failure();
    dims.push_back(d);
  }
  shapes[name] = std::move(dims);
  return success();
}

namespace {
struct NNGraphInferShapesPass
    : public nngraph::impl::NNGraphInferShapesPassBase<NNGraphInferShapesPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // input-shapes names the inputs of the graph functions (the public
    // ones); helpers keep their types and get refined like any function.
    if (!inputShapes.empty() && func.isPublic() && !func.isExternal()) {
      InputShapeMap shapes;
      for (const std::string &spec : inputShapes)
        if (failed(parseShapeSpec(spec, shapes))) {
          func.emitError() << "invalid input-shapes entry '" << spec
                           << "' (expected name=dims, such as "
                              "data=1x3x224x224)";
          return signalPassFailure();
        }
      // Only graph functions are specialised; a name the graph does not
      // have is a spelling mistake.
      llvm::StringSet<> names;
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        names.insert(getInputName(func, i));
      for (const auto &entry : shapes)
        if (!names.contains(entry.getKey())) {
          func.emitError() << "input-shapes names '" << entry.getKey()
                           << "', which is no input of @" << func.getName();
          return signalPassFailure();
        }
      if (failed(setInputShapes(func, shapes)))
        return signalPassFailure();
    }
    numRefined += refineResultTypes(func);
  }
};
} // namespace
