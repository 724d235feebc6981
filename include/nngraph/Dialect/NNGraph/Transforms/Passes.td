//===- Passes.td - nngraph graph passes --------------------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the graph passes of the nngraph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_TD
#define NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def NNGraphInferShapesPass : Pass<"nngraph-infer-shapes", "func::FuncOp"> {
  let summary = "Propagate static shapes from the function arguments";
  let description = [{
    Walks the function in order and refines every result type that the
    operation's InferTypeOpInterface can make more static (a `?` dimension
    becomes known once the operands' shapes are known), then updates the
    function's result types to what it returns. Run it after an importer or a
    user has fixed the input shapes (for example
    `nngraph-translate --input-shape data=1x3x224x224`).

    Operations without inference (`nngraph.custom`, casts) keep their types;
    shapes flow on from them as far as their declared types allow.
  }];
  let dependentDialects = ["::mlir::nngraph::NNGraphDialect"];
  let statistics = [
    Statistic<"numRefined", "num-refined", "Number of result types refined">,
  ];
}

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_TD
