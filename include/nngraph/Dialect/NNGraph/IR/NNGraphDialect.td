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
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasCanonicalizer = 1;
}

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHDIALECT_TD
