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

def NNGraphFoldIntoConvPass : Pass<"nngraph-fold-into-conv", "func::FuncOp"> {
  let summary = "Fold batch norm and per-channel scale/shift into conv and "
                "gemm weights";
  let description = [{
    Folds an inference `batch_norm`, or a `mul`, `add` or `sub` by a
    per-output-channel or scalar parameter, that directly follows an
    `nngraph.conv` (any group count, 1-3 spatial dims), a one-group
    `nngraph.conv_transpose` or an `nngraph.gemm` whose only user it is,
    into that op's weight and bias:

    ```
    y = (conv(x, W) + b) * s + t  ==>  y = conv(x, W * s) + (b * s + t)
    ```

    For a batch norm `s = gamma / sqrt(var + epsilon)` and
    `t = beta - mean * s` (the importers already turned MXNet's `fix_gamma`
    into a gamma of ones); `s` broadcasts along the output-channel axis of
    the weight (axis 0 of a conv weight and of a `trans_b` gemm weight;
    axis 1 of a conv_transpose weight and of other gemm weights). A missing bias counts as zero; gemm's `beta * C` is the bias
    and `beta` becomes 1. A `mul`/`add`/`sub` folds only when its other
    operand is a parameter (a constant, a graph input of role `weight`, or
    side-effect free ops of those) that broadcasts along the channel axis
    alone.

    Weights are usually graph inputs, so the new weight and bias are nngraph
    ops on the original values (one elementwise pass over the weight once
    lowered); constant weights are not folded at compile time either (a
    later stage prepares weights once). The rewritten op keeps a fused
    location that names the original op first, then the folded one. The
    pass also applies the dialect's canonicalization patterns (identity,
    dropout and shape-only chains collapse, transposes compose), but no
    generic constant folding, so that these do not block a fold.
  }];
  let dependentDialects = ["::mlir::nngraph::NNGraphDialect"];
  let statistics = [
    Statistic<"numBatchNorms", "num-batch-norms",
              "Number of batch_norm ops folded into a conv or gemm">,
    Statistic<"numScaleShifts", "num-scale-shifts",
              "Number of mul/add/sub ops folded into a conv or gemm">,
  ];
}

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_TD
