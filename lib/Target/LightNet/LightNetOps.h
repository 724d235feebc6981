//===- LightNetOps.h - LightNet operator table ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the table shared by the LightNet importer and exporter:
// one row per LightNet optype with a typed nngraph operation, its tensor
// argument names, a declarative mapping of its params and, only for genuine
// quirks, handlers. The importer reads it from LightNet to nngraph, the
// exporter from nngraph to LightNet, so that both directions agree by
// construction (the design of XOCOps.h). It also declares what a row's
// handlers see of one op being imported (OpContext) or exported
// (ExportContext).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_LIGHTNET_LIGHTNETOPS_H
#define NNGRAPH_LIB_TARGET_LIGHTNET_LIGHTNETOPS_H

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/NodeBinder.h"
#include "nngraph/Target/LightNet/LightNetModel.h"

#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace nngraph {
namespace lightnet {

/// What an import row sees of one op: the NodeBinder (typed params,
/// diagnostics, operation creation) with the op's resolved inputs and the
/// definition of its outputs.
struct OpContext : NodeBinder {
  /// Binds `op`'s params; `definitions` is the importer's (see define).
  OpContext(GraphBuilder &gb, const Op &op,
            SmallVector<std::pair<std::string, Value>> &definitions);

  const Op &op;
  /// Every definition in order, for the graph outputs.
  SmallVector<std::pair<std::string, Value>> &definitions;
  llvm::StringMap<Value> inputs = {};
  /// The inputs in file order (arg names may repeat in custom ops).
  SmallVector<Value> inputList = {};

  Value in(llvm::StringRef arg) { return inputs.lookup(arg); }
  /// Defines the tensors of output `arg` as `v` (null: the op failed) in
  /// the GraphBuilder's value table.
  void define(llvm::StringRef arg, Value v);
};

/// What an export row sees of the exporter.
class ExportContext {
public:
  virtual ~ExportContext() = default;
  /// Appends op `optype` for `op`, reading `ins` as `inArgs` and writing
  /// the op's single result (if any) as `dst`.
  virtual Op &add(Operation *op, llvm::StringRef optype, ArrayRef<Value> ins,
                  ArrayRef<llvm::StringRef> inArgs) = 0;
  /// Appends `out` as it is.
  virtual void append(Op out) = 0;
  /// The tensor name of `v`.
  virtual llvm::StringRef nameOf(Value v) = 0;
  /// A tensor name not used yet, from `base`.
  virtual std::string uniqueName(llvm::StringRef base) = 0;
  /// Reports that `op` cannot be exported, because of `why`.
  virtual void error(Operation *op, const llvm::Twine &why) = 0;
};

/// How a LightNet param is spelled in JSON and held in nngraph.
enum class ParamKind {
  Int,        // integer <-> i64
  Float,      // number <-> f32
  Ints,       // [integer] <-> DenseI64ArrayAttr
  Floats,     // [number] <-> DenseF32ArrayAttr
  Pads,       // 2 ([rows, cols]) or 4 ([t, l, b, r]) integers <-> ONNX pads
  AutoPad,    // "NOTSET"/"VALID"/"SAME_UPPER"/"SAME_LOWER" <-> auto_pad
  Axis,       // integer <-> a one-element i64 array
  KernelSize, // conv `size`: checked on import, the weight's on export
  Nearest,    // resize `mode` (only TL_NEAREST) <-> nearest, asymmetric,
              // floor rounding
  Selector,   // a string naming the row among those of its optype (elew_op)
  Custom      // read and written by the row's handlers
};

/// A LightNet param and the nngraph attribute that holds it. Without
/// `required`, an absent param is `dflt`/`dflts`; `select` is the value of
/// a Selector.
struct ParamSpec {
  const char *lightnet;
  const char *mlir;
  ParamKind kind;
  bool required = true;
  double dflt = 0;
  llvm::ArrayRef<int64_t> dflts = {};
  const char *select = nullptr;
};

/// Import quirk: builds the operation (and defines its outputs) itself.
using ImportFn = void (*)(OpContext &);
/// Import quirk: the operands (the conv's weight loses a group dimension).
using OperandsFn = SmallVector<Value> (*)(OpContext &);
/// Export quirk: writes the op(s) itself.
using ExportFn = void (*)(ExportContext &, Operation *);
/// Export precondition: why the operation has no LightNet form, or null.
using ExportCheck = const char *(*)(Operation *);
/// Export row choice among the rows of one nngraph operation.
using ExportMatch = bool (*)(Operation *);

/// One row: a LightNet optype and the nngraph operation it maps to.
struct OpSpec {
  llvm::StringRef optype;
  /// `OpTy::getOperationName()`.
  llvm::StringRef mlir;
  /// The exact `tensors_in` and `tensors_out` arg names (operand order).
  llvm::ArrayRef<llvm::StringRef> inputs;
  llvm::ArrayRef<llvm::StringRef> outputs;
  /// The params it understands, in the order the exporter writes them.
  llvm::ArrayRef<ParamSpec> params;
  ImportFn importFn = nullptr;
  OperandsFn operandsFn = nullptr;
  ExportCheck exportCheck = nullptr;
  ExportFn exportFn = nullptr;
  ExportMatch exportMatch = nullptr;
  /// Accepts unranked operands (it only reads them).
  bool unranked = false;
  /// False for import-only rows (`zeros` is a constant).
  bool exported = true;
};

/// The first row of optype `optype`, or null.
const OpSpec *lookupOptype(llvm::StringRef optype);
/// The exported row for `op`, or null.
const OpSpec *lookupOperation(Operation *op);

/// A tensor type from the `dtype` and `dims` params (of `create`, `zeros`);
/// null after an error.
RankedTensorType getCreateType(OpContext &ctx);

/// Builds the typed form of `ctx.op` by `row` (whose tensors and params it
/// matches).
void importTyped(OpContext &ctx, const OpSpec &row);
/// Writes `op` by its row `spec`; reports through `ctx`.
void exportTyped(ExportContext &ctx, Operation *op, const OpSpec &spec);

/// Appends param `name` = `value` to `op`.
void addParam(Op &op, llvm::StringRef name, llvm::json::Value value);
/// A JSON array of `values`.
llvm::json::Array toJSON(ArrayRef<int64_t> values);

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_LIGHTNET_LIGHTNETOPS_H
