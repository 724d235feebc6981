//===- NNGraphDialect.td - nngraph dialect definition ------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file defines the nngraph dialect: neural-network graph operators on
// builtin ranked tensors, in the spirit of NNVM.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHDIALECT_TD
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHDIALECT_TD

include "mlir/IR/OpBase.td"

def NNGraph_Dialect : Dialect {
  let name = "nngraph";
  let cppNamespace = "::mlir::nngraph";
  let summary = "Neural-network graph operators imported from legacy JSON formats";
  let description = [{
    The `nngraph` dialect models neural-network graphs as imported from NNVM /
    MXNet symbol JSON, TVM graph-executor JSON, LightNet JSON IR, RelayViz and
    XOC files. Operators work on builtin ranked tensors; their semantics follow
    the ONNX operator definitions wherever one fits, and source-format quirks are
    resolved by the importers. Result types are inferred from operands and
    attributes (`InferTypeOpInterface`), so shapes flow from the graph inputs.

    Following NNVM, operators carry their own properties (elementwise-ness,
    in-place eligibility, layout sensitivity) through `NNGraphOpInterface`, so
    passes ask the operator rather than switching over operator names. Any
    operator the dialect does not model is kept as `nngraph.custom` with its
    source type name and every attribute.
  }];
  // The graph ABI: the discardable attributes through which importers,
  // exporters, passes and the runtime share what the operations do not hold
  // (see docs/NNGraph.md, "Graph ABI"). Each gets a typed helper,
  // `NNGraphDialect::get<Name>AttrHelper()`; GraphABI.h wraps them for
  // function arguments and results.
  let discardableAttrs = (ins
    // Graph inputs (function argument attributes).
    "::mlir::StringAttr":$name,
    "::mlir::StringAttr":$role,
    "::mlir::IntegerAttr":$storage_id,
    "::mlir::IntegerAttr":$device_index,
    "::mlir::StringAttr":$lightnet_op,
    "::mlir::ArrayAttr":$lightnet_params,
    // Graph outputs (function attribute).
    "::mlir::ArrayAttr":$output_names,
    // Module attributes.
    "::mlir::StringAttr":$source_format,
    "::mlir::IntegerAttr":$mxnet_version,
    "::mlir::StringAttr":$graph_id,
    "::mlir::StringAttr":$graph_name,
    // Module, graph input and operation attribute.
    "::mlir::DictionaryAttr":$metadata,
    // Operation attributes.
    "::mlir::ArrayAttr":$result_names,
    "::mlir::ArrayAttr":$result_metadata,
    // Written by --nngraph-test-op-properties only.
    "::mlir::BoolAttr":$elementwise,
    "::mlir::BoolAttr":$shape_only,
    "::mlir::BoolAttr":$layout_sensitive,
    "::mlir::DenseI64ArrayAttr":$inplace
  );
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasCanonicalizer = 1;
}

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHDIALECT_TD
