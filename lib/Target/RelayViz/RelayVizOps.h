//===- RelayVizOps.h - RelayViz operator table ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the table shared by the RelayViz importer and exporter:
// one row per Relay operator with its nngraph operation, its argument count,
// a declarative mapping of its attributes and, only for genuine quirks,
// handlers. The importer reads it from Relay to nngraph, the exporter from
// nngraph to Relay, so that both directions agree by construction (the design
// of XOCOps.h). It also declares what a row's handlers see of one Call (the
// CallContext) and of one operation being exported (the ExportContext).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_RELAYVIZ_RELAYVIZOPS_H
#define NNGRAPH_LIB_TARGET_RELAYVIZ_RELAYVIZOPS_H

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/NodeBinder.h"
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

/// What an operator handler sees of one Call: the NodeBinder (typed
/// attributes, diagnostics, operation creation) with the Call's arguments
/// and its value.
struct CallContext : NodeBinder {
  /// `nodeName` names the Call's value; it outlives the context.
  CallContext(GraphBuilder &gb, const Node &call, llvm::StringRef opName,
              llvm::StringRef nodeName);

  /// Binds the attributes: the Op node's `attrs`, overridden by the Call's
  /// own (RelayViz.md, resolution 2), reported at `attrsPath`.
  void bindAttrs(const llvm::json::Object *opAttrs,
                 const llvm::json::Object *callAttrs,
                 llvm::StringRef attrsPath);

  const Node &call;
  llvm::StringRef opName;
  /// The merged attributes (kept verbatim by `nngraph.custom`).
  llvm::json::Object attrs;
  bool hasAttrs = false;
  SmallVector<NodeValue> args;
  /// The call's value: set by the handler.
  NodeValue result;

  /// The tensor argument `i`; reports a missing argument or a tuple.
  Value input(unsigned i);
  RankedTensorType inputType(unsigned i);
  /// Reports unless the call has exactly `n` arguments.
  bool expectArgs(unsigned n);
};

/// What an export handler sees of one operation: the node ids of its
/// operands (`args`, which it may replace) and the attributes to write.
class ExportContext {
public:
  ExportContext(Operation *op, SmallVector<int64_t> args)
      : op(op), args(std::move(args)) {}
  virtual ~ExportContext() = default;
  /// Appends a node (a Tuple, say) and returns its id.
  virtual int64_t addNode(llvm::json::Object node) = 0;
  /// Records why the operation has no Relay form; returns failure.
  LogicalResult fail(const llvm::Twine &reason) {
    failure = reason.str();
    return mlir::failure();
  }

  Operation *op;
  SmallVector<int64_t> args;
  llvm::json::Object attrs;
  /// Whether the Op node gets an `attrs` object (set by exportAttrs).
  bool hasAttrs = false;
  std::string failure;
};

/// How a Relay attribute is spelled in JSON and held in nngraph.
enum class AttrKind {
  Int,       // integer (default `dflt`) <-> i64
  Float,     // number (default `dflt`) <-> f32
  OptFloat,  // number, absent or null: left unset <-> optional f32
  Bool,      // boolean or 0/1 (default `dflt`) <-> BoolAttr
  OptInts,   // integer list, absent or null: left unset <-> optional i64 array
  Window,    // 1 or 2 integers (one for both axes; default `dflts`) <-> array
  Padding,   // 1, 2 or 4 integers (default [0, 0]) <-> ONNX pads
  FixedInt,  // not in Relay: i64 `dflt` on import, checked by the row
  FixedBool, // not in Relay: BoolAttr `dflt` on import, checked by the row
  RelayInt   // not in nngraph: `dflt` on export, checked by the row
};

/// A Relay attribute (null `relay` for a Fixed kind, null `mlir` for
/// RelayInt) and the nngraph
/// attribute that holds it. `required`: absence is an error.
struct AttrSpec {
  const char *relay;
  const char *mlir;
  AttrKind kind;
  double dflt = 0;
  llvm::ArrayRef<int64_t> dflts = {};
  bool required = false;
};

/// Import quirk: builds the operation itself. Returns false when the
/// attributes have no typed form (the call then becomes `nngraph.custom`);
/// errors set `failed`.
using ImportFn = bool (*)(CallContext &);
/// Import precondition: false keeps the call `nngraph.custom` (a layout
/// other than NCHW, say).
using ImportCheck = bool (*)(CallContext &);
/// Export quirk: fills `attrs` (and maybe `args`) itself.
using ExportFn = LogicalResult (*)(ExportContext &);
/// Export precondition: the reason the operation has no Relay form, or
/// null.
using ExportCheck = const char *(*)(Operation *);

/// One row: a Relay operator and the nngraph operation it maps to.
struct OpSpec {
  llvm::StringRef relay;
  /// `OpTy::getOperationName()`.
  llvm::StringRef mlir;
  /// Arguments: at least `minArgs`, at most `maxArgs`.
  unsigned minArgs;
  unsigned maxArgs;
  llvm::ArrayRef<AttrSpec> attrs;
  /// The Call's value is a tuple of this many fields, only field 0 modelled
  /// (0: a tensor).
  unsigned tupleSize = 0;
  ImportCheck importCheck = nullptr;
  ExportCheck exportCheck = nullptr;
  /// Set for quirks only: the row's attributes are then theirs to handle.
  ImportFn importFn = nullptr;
  ExportFn exportFn = nullptr;
  /// False for import-only rows (`nn.bias_add` builds a reshape and add).
  bool exported = true;
};

/// The row of Relay operator `relay`, or null.
const OpSpec *lookupRelay(llvm::StringRef relay);
/// The exported row of nngraph operation `mlir` (an OpTy::getOperationName()),
/// or null.
const OpSpec *lookupMLIR(llvm::StringRef mlir);
/// Every row, in table order.
llvm::ArrayRef<OpSpec> getOpSpecs();

/// Builds the typed form of `ctx`'s call by `spec`: see ImportFn.
bool importCall(CallContext &ctx, const OpSpec &spec);
/// Fills `ctx.attrs` (and `ctx.args`) for the row `spec` of `ctx.op`.
LogicalResult exportAttrs(ExportContext &ctx, const OpSpec &spec);

/// A number written verbatim (the shortest text that reads back to the same
/// value, always with a fraction or exponent so that it stays a float).
llvm::json::Value rawFloat(double value, bool isF32);
/// A JSON array of `values`.
llvm::json::Array ints(llvm::ArrayRef<int64_t> values);

} // namespace relayviz
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_RELAYVIZ_RELAYVIZOPS_H
