//===- NNVMImportInternal.h - NNVM importer internals -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the importer state and the per-node context shared by
// the importer driver (NNVMImport.cpp) and the operator table
// (NNVMOps.h).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_NNVM_NNVMIMPORTINTERNAL_H
#define NNGRAPH_LIB_TARGET_NNVM_NNVMIMPORTINTERNAL_H

#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Target/Common/GraphBuilder.h"
#include "nngraph/Target/Common/NodeBinder.h"
#include "nngraph/Target/NNVM/NNVMImport.h"
#include "nngraph/Target/NNVM/NNVMModel.h"
#include "nngraph/Target/NNVM/Params.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace nngraph {
namespace nnvm {

class Importer;

/// What an operator handler sees of one node: NodeBinder's typed attribute
/// accessors (MXNet spelling, reported with their JSON path and the node's
/// name) and operation creation, plus what is NNVM's own: lazy input
/// resolution and the results the handler produces.
struct NodeContext : NodeBinder {
  NodeContext(Importer &imp, const Node &source, int64_t id, Location loc);

  Importer &imp;
  /// The node being imported (`node` is how diagnostics name it).
  const Node &source;
  int64_t id;
  SmallVector<Value> results;

  /// The value of input `i`; a variable not seen before is created with
  /// `expected` as its type where no hint gives one.
  Value input(unsigned i, Type expected = {});
  RankedTensorType inputType(unsigned i, Type expected = {});
  /// Input `i` is not read (BatchNorm's gamma under fix_gamma): its weight
  /// in the params file counts as used. Returns null.
  Value ignoreInput(unsigned i);
  /// The type of input `i` if it is already known, without creating it.
  Type knownInputType(unsigned i);
};

/// The element type of an MXNet/TVM dtype name ("float32"), uint8 as
/// signless i8; null for an unknown name.
Type getNNVMElementType(MLIRContext *ctx, llvm::StringRef name);

/// Why an operator stayed `nngraph.custom` (for --check).
enum class CustomReason {
  /// No typed mapping exists for the operator.
  NoMapping,
  /// It reads a value of unknown shape (the output of a custom operator).
  UnrankedInput,
  /// Its handler found no typed form for these attributes or shapes.
  NoTypedForm,
};

class Importer {
public:
  Importer(GraphBuilder &gb, Graph &graph, const ImportOptions &options);
  OwningOpRef<ModuleOp> run();
  static llvm::StringRef getFormatName(Flavor flavor);

  /// A weight or input that the graph does not list as a variable (legacy
  /// BatchNorm statistics): from the params file, else a function argument.
  Value namedInput(llvm::StringRef name, RankedTensorType type,
                   const Node &consumer);
  Value resolve(const Entry &entry, Type expected, llvm::StringRef path,
                const Node &consumer);
  Type peekType(const Entry &entry);
  void ignoreVariable(const Entry &entry);
  /// Keeps the node as `nngraph.custom` (domain: the flavour's format).
  void importCustom(NodeContext &ctx,
                    CustomReason reason = CustomReason::NoTypedForm);
  /// A TVM `tvm_op` node: an `nngraph.kernel_call` with its storage plan.
  void importKernelCall(NodeContext &ctx);
  int64_t getNumVisibleOutputs(int64_t id);

  /// Where the graph inputs of node `id` go among the function arguments.
  int64_t getInputOrder(int64_t id) const {
    return fixedInputOrder.value_or(id);
  }

  GraphBuilder &gb;
  Graph &graph;
  /// Set for a subgraph: its inputs all sort where the subgraph node is.
  std::optional<int64_t> fixedInputOrder;
  /// Why each custom operation is custom (shared with subgraph importers).
  llvm::DenseMap<Operation *, CustomReason> ownCustomReasons;
  llvm::DenseMap<Operation *, CustomReason> *customReasons = &ownCustomReasons;
  const ImportOptions &options;
  Flavor flavor;

private:
  LogicalResult parseInputShapes();
  LogicalResult loadParams();
  RankedTensorType getVariableHint(int64_t id);
  Type getEntryTypeHint(int64_t id, int64_t index);
  /// TVM storage plan of variable `id` as argument/constant attributes.
  SmallVector<NamedAttribute> getVariablePlanAttrs(int64_t id);
  Value materializeVariable(int64_t id, Type expected, llvm::StringRef path,
                            const Node &consumer);
  void importNode(int64_t id);
  bool hasUnrankedInput(const Node &node);
  void bindRankFreeInputs(NodeContext &ctx);
  void importSubgraphNode(NodeContext &ctx);
  /// A quantized `_sg_mkldnn_conv` (NNVMOpsQuantized.cpp).
  void importQuantizedConv(NodeContext &ctx);
  /// Imports, in file order, every node the heads depend on at inference.
  void importLiveNodes();
  void countReferences();
  void computeLiveNodes();
  /// Binds graph variable `name`: a weight from the params file (checked
  /// against `type` when given), else a function argument of `type`.
  /// `order` places the argument among the graph inputs (the variable's
  /// node index).
  Value bindVariable(llvm::StringRef name, Type type, llvm::StringRef path,
                     const Node &consumer, int64_t order,
                     llvm::ArrayRef<NamedAttribute> planAttrs = {});

  /// The value table (GraphBuilder's, shared with subgraph importers):
  /// output `output` of node `id` of this graph, keyed by id +
  /// valueKeyBase. A null value records a reported failure.
  void setValue(int64_t id, int64_t output, Value v) {
    gb.setValue(valueKeyBase + id, output, v);
  }
  Value lookupValue(int64_t id, int64_t output) const {
    return gb.lookupValue(valueKeyBase + id, output);
  }
  bool hasValue(int64_t id, int64_t output) const {
    return gb.hasValue(valueKeyBase + id, output);
  }

  /// Where this graph's node ids start in the value table, and the first
  /// key no graph uses yet (the outer importer's, shared by subgraphs).
  int64_t valueKeyBase = 0;
  int64_t ownNextValueKeyBase;
  int64_t *nextValueKeyBase = &ownNextValueKeyBase;
  llvm::DenseMap<int64_t, int64_t> referencedOutputs;
  /// How many results each imported node produced.
  llvm::DenseMap<int64_t, int64_t> numResults;
  llvm::DenseSet<int64_t> failedNodes;
  std::vector<bool> live;
  llvm::StringMap<RankedTensorType> inputShapes;
  /// The rank each node's consumers require of its output 0, where they
  /// tell (computeRankDemands): the rank of a variable no shape is given
  /// for.
  llvm::DenseMap<int64_t, int64_t> rankDemands;
  std::optional<ParamsFile> params;
  llvm::StringMap<size_t> paramIndex;
  llvm::DenseSet<size_t> usedParams;
  std::vector<std::string> missingParams;
  llvm::StringMap<Value> namedInputs;
};

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_NNVM_NNVMIMPORTINTERNAL_H
