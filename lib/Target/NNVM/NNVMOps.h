//===- NNVMOps.h - MXNet / NNVM operator table ------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the one operator table of the NNVM graph family, read by
// the importer (source operator name -> rows) and by the exporter (nngraph
// operation name -> the row that writes it), so that both directions agree
// by construction. A row names a source operator (its MXNet spellings, its
// NNVM spelling where different), the nngraph operation it stands for, a
// declarative attribute mapping for the simple cases, and import or export
// handlers only for the operators with quirks. docs/Formats/NNVM.md
// ("The operator table") describes the design.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_NNVM_NNVMOPS_H
#define NNGRAPH_LIB_TARGET_NNVM_NNVMOPS_H

#include "NNVMExportInternal.h"
#include "NNVMImportInternal.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace nngraph {
namespace nnvm {

struct OpRow;

/// How an attribute is spelled in the source (an MXNet string) and held in
/// nngraph.
enum class AttrKind {
  Int,   // "3" <-> i64
  Float, // "0.5" <-> f32
  Bool,  // "True"/"1" <-> BoolAttr
  Ints,  // "(1, 2)" <-> DenseI64ArrayAttr
};

/// When a declarative attribute is set (import) and written (export).
enum class Presence {
  /// Import: the source value or its default; export: always written.
  Always,
  /// Only when the source has it; only when the operation has it.
  IfPresent,
  /// Ints: only when the source gives a non-empty tuple; written when the
  /// operation has it.
  IfNonEmpty,
};

/// One source attribute and the nngraph attribute that holds it.
struct AttrRule {
  /// The source attribute; null: the nngraph attribute always takes
  /// `sourceDefault` on import (Flatten's axis 1) and is not written.
  const char *source;
  /// The nngraph attribute; null: the source attribute is read and checked
  /// on import but not kept, and not written.
  const char *nngraph;
  AttrKind kind;
  /// Import: the value when the source omits it (MXNet's default).
  double sourceDefault;
  /// Export: the value when the operation omits it (the ODS default).
  double nngraphDefault;
  Presence presence = Presence::Always;
};

/// Imports one node with `row`; reports problems on the context.
using ImportFn = void (*)(NodeContext &ctx, const OpRow &row);
/// Writes `ctx.op` with `row`; false (with `ctx.failure` set) when the
/// flavour cannot express it.
using ExportFn = bool (*)(ExportContext &ctx, const OpRow &row);

/// Which direction reads a row.
enum class Dir {
  /// The importer reads its spellings; the exporter writes its operation.
  Both,
  /// Only the importer (aliases and expansions such as `_plus_scalar` or
  /// `SoftmaxOutput`, whose operation another row writes).
  ImportOnly,
};

/// Rows that share a source name are told apart by one attribute
/// (`Activation`'s act_type): the value of this row, and whether it is the
/// source's default.
struct Variant {
  const char *key;
  const char *value;
  bool isDefault;
};

/// One source operator.
struct OpRow {
  /// MXNet spellings, separated by '|': the first is written, all are read.
  const char *mxnet;
  /// The NNVM spelling where it differs (read, and written under the NNVM
  /// flavour), or null.
  const char *nnvm;
  /// The nngraph operation (`OpTy::getOperationName`); null where the
  /// handler builds several (`L2Normalization`) or a constant.
  llvm::StringRef (*op)();
  /// The attributes that map one to one (importSimple and exportSimple).
  llvm::ArrayRef<AttrRule> attrs;
  /// Quirk handlers; null: importSimple / exportSimple.
  ImportFn importFn;
  ExportFn exportFn;
  Dir dir;
  Variant variant;
  /// importSimple: the inputs read, in order (loss layers' labels are not).
  unsigned numInputs;

  /// The MXNet spelling written by the exporter.
  llvm::StringRef getMXNetName() const;
  /// True if `name` is one of the MXNet spellings.
  bool isMXNetSpelling(llvm::StringRef name) const;
  /// The nngraph operation name, or "" where `op` is null.
  llvm::StringRef getOpName() const { return op ? op() : llvm::StringRef(); }
};

/// `OpTy::getOperationName` as a function pointer for OpRow::op.
template <typename OpTy>
llvm::StringRef opName() {
  return OpTy::getOperationName();
}

/// Spells a row (as a macro, so that the rows stay one per line):
/// NNVM_ROW(mxnet, nnvm, OpTy, attrs, importFn, exportFn, dir, numInputs).
#define NNVM_ROW(mxnet, nnvm, Op, attrs, importFn, exportFn, dir, numInputs)   \
  {mxnet, nnvm, opName<Op>, attrs, importFn, exportFn, dir, {}, numInputs}
/// A row told apart from the other rows of its source name by `variant`.
#define NNVM_VARIANT_ROW(mxnet, nnvm, Op, attrs, importFn, exportFn, dir,      \
                         variant, numInputs)                                   \
  {mxnet, nnvm, opName<Op>, attrs, importFn, exportFn, dir, variant, numInputs}
/// An import-only row whose handler builds several operations or a
/// constant.
#define NNVM_EXPANSION_ROW(mxnet, importFn)                                    \
  {mxnet, nullptr, nullptr, {}, importFn, nullptr, Dir::ImportOnly, {}, 1}

/// The rows of each family, in table order.
llvm::ArrayRef<OpRow> getElementwiseRows();
llvm::ArrayRef<OpRow> getNNRows();
llvm::ArrayRef<OpRow> getTensorRows();
llvm::ArrayRef<OpRow> getQuantizedRows();
/// Every row, in table order.
llvm::ArrayRef<const OpRow *> getOpRows();

/// The rows that read source operator `name` (any MXNet or NNVM spelling),
/// in table order; empty when none does.
llvm::ArrayRef<const OpRow *> lookupSourceOp(llvm::StringRef name);
/// The row that writes nngraph operation `name`, or null.
const OpRow *lookupNNGraphOp(llvm::StringRef name);

/// Imports `ctx.node` with the rows of its operator (a variant picks one).
void importOperator(NodeContext &ctx, llvm::ArrayRef<const OpRow *> rows);
/// Writes `ctx.op` with `row`.
bool exportOperator(ExportContext &ctx, const OpRow &row);

//===----------------------------------------------------------------------===//
// The declarative direction, for the simple rows and for handlers
//===----------------------------------------------------------------------===//

/// Reads the row's attribute rules from the node.
SmallVector<NamedAttribute> importAttrs(NodeContext &ctx, const OpRow &row);
/// Reads the attributes, then inputs 0..numInputs-1, and builds the row's
/// operation.
void importSimple(NodeContext &ctx, const OpRow &row);
/// Writes the row's attribute rules from `ctx.op`.
void exportAttrs(ExportContext &ctx, const OpRow &row);
/// Sets the operator name of the flavour (and the variant attribute).
void exportName(ExportContext &ctx, const OpRow &row);
/// exportName, exportAttrs and the operation's operands as inputs.
bool exportSimple(ExportContext &ctx, const OpRow &row);

//===----------------------------------------------------------------------===//
// Import helpers
//===----------------------------------------------------------------------===//

/// Records result `v`; a null `v` marks the node failed.
void setResult(NodeContext &ctx, Value v);

/// MXNet's name for output `index` of node `name` (operator `op`) as a
/// graph output: `<name>_output` for a node with one visible output, else
/// the operator's output names (LayerNorm's `_mean`, `_std`) or
/// `<name>_output<index>`.
std::string getMXNetOutputName(llvm::StringRef op, llvm::StringRef name,
                               int64_t index, bool several);

/// A ranked type of `rank` unknown sizes.
RankedTensorType dynamicType(NodeContext &ctx, int64_t rank, Type element = {});
/// A 1-D type of `size` (maybe dynamic) elements.
RankedTensorType vectorType(int64_t size, Type element);
/// Size of axis `axis` of `type`, or dynamic.
int64_t dimOf(RankedTensorType type, int64_t axis);
/// Symmetric MXNet `pad` (p0, p1) -> ONNX pads [p0, p1, p0, p1].
SmallVector<int64_t> symmetricPads(llvm::ArrayRef<int64_t> pad);
/// MXNet's dtype code (mshadow::TypeFlag, a variable's `__dtype__`) of an
/// element type, or nullopt for one MXNet has no code for.
std::optional<int> getMXDTypeCode(Type element);

//===----------------------------------------------------------------------===//
// Export helpers
//===----------------------------------------------------------------------===//

inline bool isNNVM(const ExportContext &ctx) {
  return ctx.flavor == Flavor::NNVM;
}
DenseI64ArrayAttr getI64s(Operation *op, llvm::StringRef name);
int64_t getI64(Operation *op, llvm::StringRef name, int64_t dflt);
double getF32(Operation *op, llvm::StringRef name, double dflt);
bool getFlag(Operation *op, llvm::StringRef name, bool dflt);
RankedTensorType rankedType(Value v);
/// Reads the operation's operands as the node's inputs; true.
bool sameInputs(ExportContext &ctx);
/// The value of a rank-0 splat constant used only by `user`.
std::optional<double> getScalarConstant(Value v, Operation *user);
/// A scalar in the form of `element` ("2" for integers).
std::string formatScalar(double value, Type element);

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_NNVM_NNVMOPS_H
