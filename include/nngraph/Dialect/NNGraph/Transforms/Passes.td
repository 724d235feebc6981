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

def NNGraphProfileLayersPass : Pass<"nngraph-profile-layers", "ModuleOp"> {
  let summary = "Outline each graph layer and time it with runtime hooks";
  let description = [{
    Instruments a graph for per-layer profiling (`nngraph-run --profile`,
    `nngraph.compile(..., profile=True)`). Every nngraph operation that does
    work in a public function is moved into a private function of its own
    (`@nngraph_layer<id>_<name>`, marked `noinline`) and its call is
    bracketed by calls of the runtime hooks
    `nngraph_profile_begin(i64 id)` and `nngraph_profile_end(i64 id)` of
    libnngraph_runtime.so. Outlining keeps each layer's work inside its
    timed region through fusion, bufferization and LLVM's optimizers: no
    later pass fuses or moves code across a call of an opaque function (as
    TVM's debug executor times each fused operator as a function of its own).

    Not timed, and left in place: constants (cloned into the layers that
    use them, so that lowering still sees them as constants), shape-only
    operations (reshape, flatten, squeeze, unsqueeze, identity, dropout;
    `NNGraphOpInterface::isShapeOnly`), operations without results
    (`nngraph.print`) and operations of other dialects. Their time, and the
    glue between layers, is what a profiled run takes beyond the sum of its
    layers.

    The module gets the attribute `nngraph.profile_layers`: one dictionary
    `{name, op}` per id (the node name from the operation's location, see
    `getLocName`, and the operation name), which the runtime's Executable
    reads to label the timings.

    Example:

    ```mlir
    %1 = nngraph.relu %0 : (tensor<4xf32>) -> tensor<4xf32> loc("relu1")
    ```

    becomes

    ```mlir
    %c0 = arith.constant 0 : i64
    call @nngraph_profile_begin(%c0) : (i64) -> ()
    %1 = call @nngraph_layer0_relu1(%0) {no_inline} : (tensor<4xf32>) -> tensor<4xf32>
    call @nngraph_profile_end(%c0) : (i64) -> ()
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
  let statistics = [
    Statistic<"numLayers", "num-layers", "Number of layers outlined and timed">,
  ];
}

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_TD
