//===- RelayVizImportInternal.h - RelayViz importer internals ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what the RelayViz importer driver (RelayVizImport.cpp)
// shares with its operator table (RelayVizOpTable.cpp): the value of a node
// and the per-call context an operator handler sees.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_RELAYVIZ_RELAYVIZIMPORTINTERNAL_H
#define NNGRAPH_LIB_TARGET_RELAYVIZ_RELAYVIZIMPORTINTERNAL_H

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/RelayViz/RelayVizModel.h"

namespace mlir {
namespace nngraph {
namespace relayviz {

/// What a node evaluates to: one tensor, or a tuple of tensors. A null
/// element is a tuple field nngraph does not model (the batch statistics of
/// `nn.batch_norm`).
struct NodeValue {
  SmallVector<Value> values;
  bool isTuple = false;
};

/// What an operator handler sees of one Call.
struct CallContext {
  GraphBuilder &gb;
  const Node &call;
  llvm::StringRef opName;
  std::string nodeName;
  Location loc;
  OpBuilder &b;
  /// The Op node's `attrs`, overridden by the Call's own (resolution 2).
  llvm::json::Object attrs;
  bool hasAttrs = false;
  /// Where the attributes came from ("$.nodes[2].attrs").
  std::string attrsPath;
  SmallVector<const NodeValue *> args;
  /// The call's value: set by the handler.
  NodeValue result;
  bool failed = false;

  void error(llvm::StringRef path, const llvm::Twine &message);
  std::string attrPath(llvm::StringRef key) const;
  const llvm::json::Value *findAttr(llvm::StringRef key) const;
  int64_t getInt(llvm::StringRef key, int64_t dflt);
  double getFloat(llvm::StringRef key, double dflt);
  bool getBool(llvm::StringRef key, bool dflt);
  std::string getString(llvm::StringRef key, llvm::StringRef dflt);
  /// An integer list (a single integer is a list of one).
  SmallVector<int64_t> getInts(llvm::StringRef key,
                               llvm::ArrayRef<int64_t> dflt);
  /// True when attribute `key` is absent or null.
  bool isNull(llvm::StringRef key) const;

  /// The tensor argument `i`; reports a missing argument or a tuple.
  Value input(unsigned i);
  RankedTensorType inputType(unsigned i);
  /// Reports unless the call has exactly `n` arguments.
  bool expectArgs(unsigned n);
};

/// An operator handler: builds the typed form of one Relay operator. Returns
/// false when the attributes have no typed form (the call then becomes
/// `nngraph.custom`); errors set `failed`.
using OpHandler = bool (*)(CallContext &);

/// The handler of a Relay operator name, or null.
const OpHandler *lookupOpHandler(llvm::StringRef op);

} // namespace relayviz
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_RELAYVIZ_RELAYVIZIMPORTINTERNAL_H
