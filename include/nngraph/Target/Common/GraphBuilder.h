//===- GraphBuilder.h - shared construction of imported graphs --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares GraphBuilder, which every importer uses to build the
// `func.func @main` of a module: graph inputs become function arguments named
// by an `nngraph.name` argument attribute, weights become `dense_resource`
// constants, every operation gets the source node name as a NameLoc, and
// errors carry the format prefix, the JSON path and the node name.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_COMMON_GRAPHBUILDER_H
#define NNGRAPH_TARGET_COMMON_GRAPHBUILDER_H

// Every importer writes the graph through the graph ABI and the dtype table.
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace mlir {
namespace nngraph {

class GraphBuilder {
public:
  /// `fileLoc` is the location of the source file; `format` prefixes every
  /// diagnostic ("mxnet", "tvm-graph", ...).
  GraphBuilder(MLIRContext *context, Location fileLoc, llvm::StringRef format);

  MLIRContext *getContext() { return builder.getContext(); }
  OpBuilder &getBuilder() { return builder; }
  llvm::StringRef getFormat() const { return format; }
  ModuleOp getModule() { return *module; }

  /// NameLoc(name) on top of the file location.
  Location getNameLoc(llvm::StringRef name);

  /// Emits "<format>: <message> at <path> (node '<name>')" at the node's
  /// location and counts it.
  void emitNodeError(llvm::StringRef nodeName, llvm::StringRef path,
                     const llvm::Twine &message);
  /// Emits "<format>: <message>" at the file location and counts it.
  void emitFileError(const llvm::Twine &message);
  /// Emits a warning "<format>: <message>" at the file location.
  void emitFileWarning(const llvm::Twine &message);
  unsigned getNumErrors() const { return numErrors; }

  /// The source node an operation is built for, as diagnostics name it.
  struct NodeRef {
    /// The node's name (the operation's NameLoc).
    llvm::StringRef name;
    /// The node's JSON path ("$.nodes[3]").
    llvm::StringRef path;
    /// The source operator ("Convolution", "nn.conv2d").
    llvm::StringRef op;
  };

  /// The one way importers create typed nngraph operations: `opName` at
  /// `loc` with `operands`, `attrs` and `numResults` results whose types the
  /// dialect infers (`nngraph::inferResultTypes`, safe on any attributes),
  /// then verified on its own. Returns null without a message when an
  /// operand is null (an earlier error said why); otherwise, on failure,
  /// erases the operation and reports at the node
  ///   "<format>: cannot build '<opName>' for operator '<node.op>': <why>"
  /// with the verifier's first message (a required attribute missing, an
  /// operand of the wrong kind), or "... (see the error above)" when
  /// inference itself reported the problem (shapes that do not fit).
  /// Operations whose result types are chosen, not implied (cast, one_hot),
  /// take theirs from `declaredTypes`; operations that infer ignore it.
  Operation *createOp(const NodeRef &node, Location loc, llvm::StringRef opName,
                      ValueRange operands, llvm::ArrayRef<NamedAttribute> attrs,
                      unsigned numResults = 1, TypeRange declaredTypes = {});

  /// The value table: what each source tensor became. Formats that refer to
  /// tensors by position key it by (node, output) (NNVM entries, RelayViz
  /// node ids, XOC tensor indices with output 0); formats that name tensors
  /// key it by name (LightNet). A later set replaces an earlier one.
  void setValue(int64_t node, int64_t output, Value value);
  Value lookupValue(int64_t node, int64_t output) const;
  /// Whether (node, output) was set, possibly to null (a reported failure).
  bool hasValue(int64_t node, int64_t output) const;
  void setValue(llvm::StringRef tensor, Value value);
  Value lookupValue(llvm::StringRef tensor) const;
  bool hasValue(llvm::StringRef tensor) const;

  /// Appends a function argument for graph input `name`, with `attrs` as
  /// extra argument attributes (a TVM storage id, say). Importers create
  /// inputs when a reader needs them; `finish` orders the arguments by
  /// `order` (the input's position in the file; ties keep creation order).
  Value addInput(llvm::StringRef name, Type type,
                 llvm::ArrayRef<NamedAttribute> attrs = {}, int64_t order = 0);
  /// Creates a weight constant backed by a `dense_resource` blob named after
  /// the weight; `data` holds the raw little-endian elements.
  /// Weights stand at the top of the function, ordered by `order` (the
  /// weight's place in the file; ties keep creation order).
  Value addWeight(llvm::StringRef name, RankedTensorType type,
                  llvm::ArrayRef<char> data, int64_t order = 0);
  /// As above without copying `data`: the blob is a read-only view of it and
  /// keeps `owner` (a mapped weights file, say) alive for as long as the
  /// blob lives. The blob's alignment is the largest power of two up to 8
  /// that the address of `data` has; where that is below the element size,
  /// the data is copied into an 8-byte aligned blob instead.
  Value addWeight(llvm::StringRef name, RankedTensorType type,
                  llvm::ArrayRef<char> data, std::shared_ptr<const void> owner,
                  int64_t order = 0);

  /// Finishes the function with `results` (null values are skipped), records
  /// `resultNames`, and verifies the module. Returns null after any error.
  OwningOpRef<ModuleOp> finish(llvm::ArrayRef<Value> results,
                               llvm::ArrayRef<std::string> resultNames);

private:
  /// Creates the constant of `attr` at the place of `order`.
  Value insertWeight(llvm::StringRef name, RankedTensorType type,
                     DenseResourceElementsAttr attr, int64_t order);
  /// Puts the arguments in `inputOrder`.
  void sortInputs(Block &entry);

  OpBuilder builder;
  Location fileLoc;
  std::string format;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
  /// The weight constants with their order keys, in function order.
  SmallVector<std::pair<int64_t, Operation *>> weights;
  SmallVector<std::string> inputNames;
  SmallVector<SmallVector<NamedAttribute>> inputAttrs;
  SmallVector<int64_t> inputOrder;
  llvm::DenseMap<std::pair<int64_t, int64_t>, Value> indexedValues;
  llvm::StringMap<Value> namedValues;
  unsigned numErrors = 0;
};

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_COMMON_GRAPHBUILDER_H
