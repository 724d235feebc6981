//===- GraphBuilder.cpp - shared construction of imported graphs ---------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements GraphBuilder.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::nngraph;

GraphBuilder::GraphBuilder(MLIRContext *context, Location fileLoc,
                           StringRef format)
    : builder(context), fileLoc(fileLoc), format(format.str()) {
  context->loadDialect<NNGraphDialect, func::FuncDialect>();
  module = ModuleOp::create(fileLoc);
  builder.setInsertionPointToEnd(module->getBody());
  func = func::FuncOp::create(builder, fileLoc, "main",
                              builder.getFunctionType({}, {}));
  builder.setInsertionPointToEnd(func.addEntryBlock());
}

Location GraphBuilder::getNameLoc(StringRef name) {
  return NameLoc::get(builder.getStringAttr(name), fileLoc);
}

void GraphBuilder::emitNodeError(StringRef nodeName, StringRef path,
                                 const llvm::Twine &message) {
  ++numErrors;
  emitError(getNameLoc(nodeName)) << format << ": " << message.str() << " at "
                                  << path << " (node '" << nodeName << "')";
}

void GraphBuilder::emitFileError(const llvm::Twine &message) {
  ++numErrors;
  emitError(fileLoc) << format << ": " << message.str();
}

void GraphBuilder::emitFileWarning(const llvm::Twine &message) {
  emitWarning(fileLoc) << format << ": " << message.str();
}

/// Runs `check` with its diagnostics captured instead of emitted; returns
/// the first one's message when it fails.
static std::optional<std::string>
captureFailure(MLIRContext *context,
               llvm::function_ref<LogicalResult()> check) {
  std::optional<std::string> message;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (!message && diag.getSeverity() == DiagnosticSeverity::Error)
        message = diag.str();
      return success();
    });
    result = check();
  }
  if (succeeded(result))
    return std::nullopt;
  return message ? message : std::string("the operation does not verify");
}

Operation *GraphBuilder::createOp(const NodeRef &node, Location loc,
                                  StringRef opName, ValueRange operands,
                                  ArrayRef<NamedAttribute> attrs,
                                  unsigned numResults,
                                  TypeRange declaredTypes) {
  if (llvm::is_contained(operands, Value()))
    return nullptr;
  OperationState state(loc, opName);
  state.addOperands(operands);
  state.addAttributes(attrs);
  bool inferred = state.name.hasInterface<InferTypeOpInterface>();
  if (!inferred && declaredTypes.size() == numResults)
    state.addTypes(declaredTypes);
  else
    state.addTypes(SmallVector<Type>(numResults, builder.getNoneType()));
  Operation *op = builder.create(state);
  auto fail = [&](const llvm::Twine &why) -> Operation * {
    op->erase();
    emitNodeError(node.name, node.path,
                  "cannot build '" + opName + "' for operator '" + node.op +
                      "'" + why);
    return nullptr;
  };
  auto nnOp = dyn_cast<NNGraphOpInterface>(op);
  if (!nnOp)
    return fail(": not an nngraph operation");
  if (!inferred && declaredTypes.size() != numResults)
    return fail(": its result types must be given");
  // Inference assumes the attribute invariants; say which one is broken.
  if (std::optional<std::string> problem = captureFailure(
          getContext(), [&] { return nnOp.verifyAttributeInvariants(); }))
    return fail(": " + *problem);
  if (inferred) {
    SmallVector<Type> types;
    if (failed(inferResultTypes(cast<InferTypeOpInterface>(op), types)) ||
        types.size() != numResults)
      return fail(" (see the error above)");
    for (auto [result, type] : llvm::zip_equal(op->getResults(), types))
      result.setType(type);
  }
  // Operand kinds (a float-only operator on integers, say).
  if (std::optional<std::string> problem = captureFailure(getContext(), [&] {
        return verify(op, /*verifyRecursively=*/false);
      }))
    return fail(": " + *problem);
  return op;
}

void GraphBuilder::setValue(int64_t node, int64_t output, Value value) {
  indexedValues[{node, output}] = value;
}

Value GraphBuilder::lookupValue(int64_t node, int64_t output) const {
  return indexedValues.lookup({node, output});
}

bool GraphBuilder::hasValue(int64_t node, int64_t output) const {
  return indexedValues.contains({node, output});
}

void GraphBuilder::setValue(StringRef tensor, Value value) {
  namedValues[tensor] = value;
}

Value GraphBuilder::lookupValue(StringRef tensor) const {
  return namedValues.lookup(tensor);
}

bool GraphBuilder::hasValue(StringRef tensor) const {
  return namedValues.contains(tensor);
}

Value GraphBuilder::addInput(StringRef name, Type type,
                             ArrayRef<NamedAttribute> attrs, int64_t order) {
  Block &entry = func.getBody().front();
  inputNames.push_back(name.str());
  inputAttrs.emplace_back(attrs);
  inputOrder.push_back(order);
  return entry.addArgument(type, getNameLoc(name));
}

Value GraphBuilder::addWeight(StringRef name, RankedTensorType type,
                              ArrayRef<char> data, int64_t order) {
  AsmResourceBlob blob =
      HeapAsmResourceBlob::allocateAndCopyWithAlign(data, alignof(uint64_t));
  return insertWeight(
      name, type, DenseResourceElementsAttr::get(type, name, std::move(blob)),
      order);
}

Value GraphBuilder::addWeight(StringRef name, RankedTensorType type,
                              ArrayRef<char> data,
                              std::shared_ptr<const void> owner,
                              int64_t order) {
  // Elements are read in place, so they need their natural alignment; a
  // sub-byte or odd-sized element needs none.
  Type element = type.getElementType();
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
  uint64_t needed =
      bits % 8 == 0 && llvm::isPowerOf2_32(bits / 8) ? bits / 8 : 1;
  auto address = reinterpret_cast<uintptr_t>(data.data());
  uint64_t align =
      std::min<uint64_t>(alignof(uint64_t), address ? address & -address : 8);
  if (align < needed)
    return addWeight(name, type, data, order);
  AsmResourceBlob blob = UnmanagedAsmResourceBlob::allocateWithAlign(
      data, align, [owner = std::move(owner)](void *, size_t, size_t) {});
  return insertWeight(
      name, type, DenseResourceElementsAttr::get(type, name, std::move(blob)),
      order);
}

Value GraphBuilder::insertWeight(StringRef name, RankedTensorType type,
                                 DenseResourceElementsAttr attr,
                                 int64_t order) {
  // Weights go to the top of the function, ordered by `order` (their place
  // in the file), ties in order of creation.
  auto *pos = llvm::upper_bound(
      weights, order, [](int64_t o, const auto &w) { return o < w.first; });
  OpBuilder::InsertionGuard guard(builder);
  if (pos == weights.begin())
    builder.setInsertionPointToStart(&func.getBody().front());
  else
    builder.setInsertionPointAfter(std::prev(pos)->second);
  auto weight = ConstantOp::create(builder, getNameLoc(name), type,
                                   cast<ElementsAttr>(attr));
  weights.insert(pos, {order, weight});
  return weight;
}

void GraphBuilder::sortInputs(Block &entry) {
  unsigned n = entry.getNumArguments();
  SmallVector<unsigned> perm = llvm::to_vector(llvm::seq<unsigned>(0, n));
  llvm::stable_sort(perm, [&](unsigned a, unsigned b) {
    return inputOrder[a] < inputOrder[b];
  });
  if (llvm::equal(perm, llvm::seq<unsigned>(0, n)))
    return;
  SmallVector<std::string> names;
  SmallVector<SmallVector<NamedAttribute>> attrs;
  for (unsigned k : perm) {
    BlockArgument old = entry.getArgument(k);
    old.replaceAllUsesWith(entry.addArgument(old.getType(), old.getLoc()));
    names.push_back(inputNames[k]);
    attrs.push_back(inputAttrs[k]);
  }
  entry.eraseArguments(0, n);
  inputNames = std::move(names);
  inputAttrs = std::move(attrs);
}

OwningOpRef<ModuleOp> GraphBuilder::finish(ArrayRef<Value> results,
                                           ArrayRef<std::string> resultNames) {
  SmallVector<Value> returned;
  for (Value v : results)
    if (v)
      returned.push_back(v);
  func::ReturnOp::create(builder, fileLoc, returned);
  Block &entry = func.getBody().front();
  sortInputs(entry);
  // Resolving source semantics can leave operations nobody reads (zeros_like
  // reads only its input's shape): drop them, so that the function holds
  // exactly the computation and an exporter writes no dead nodes.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(entry)))
    if (isOpTriviallyDead(&op))
      op.erase();
  func.setFunctionType(builder.getFunctionType(
      entry.getArgumentTypes(), ValueRange(returned).getTypes()));
  for (auto [i, name] : llvm::enumerate(inputNames)) {
    setInputName(func, i, name);
    for (NamedAttribute attr : inputAttrs[i])
      func.setArgAttr(i, attr.getName(), attr.getValue());
  }
  if (!resultNames.empty() && resultNames.size() == returned.size()) {
    SmallVector<Attribute> names;
    for (const std::string &name : resultNames)
      names.push_back(builder.getStringAttr(name));
    setOutputNames(func, builder.getArrayAttr(names));
  }
  if (numErrors > 0)
    return nullptr;
  if (failed(verify(*module))) {
    emitFileError("the imported graph does not verify (see above)");
    return nullptr;
  }
  return std::move(module);
}
