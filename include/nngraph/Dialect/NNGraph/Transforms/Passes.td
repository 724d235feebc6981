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

    A cast takes its input's shape. A `nngraph.custom` whose operands are
    ranked (or graph inputs) is typed by the format that wrote it, where it
    registered a retyping (CustomRetype.h; MXNet: the operator imported
    again with the operands' shapes); other custom operations keep their
    types, and shapes flow on from them as far as their declared types
    allow. Graph arguments whose sizes follow from the data they meet (a
    batch norm's vectors, a convolution weight's input channels, a gemm's
    inner size) are refined too.

    With `input-shapes`, the named inputs (`nngraph.name`) of the public
    (graph) functions first take
    those shapes: this specialises a graph imported without them (an MXNet
    symbol file leaves its data input `?x?x?x?` and the weights whose sizes
    follow from it open) before lowering. A shape must fit the declared
    type (same rank, same static sizes); `?` keeps a size open. `nngraph-run`
    and the Python runtime do the same with the shapes of the arrays they
    are given.

    Example: `nngraph-opt --nngraph-infer-shapes="input-shapes=data=1x3x224x224"`.
  }];
  let options = [
    ListOption<"inputShapes", "input-shapes", "std::string",
               "Graph input shapes, name=dims (dims such as 1x3x224x224; "
               "`?` leaves a size open)">,
  ];
  let dependentDialects = ["::mlir::nngraph::NNGraphDialect"];
  let statistics = [
    Statistic<"numRefined", "num-refined", "Number of result types refined">,
  ];
}

def NNGraphProfileLayersPass : Pass<"nngraph-profile-layers", "ModuleOp"> {
  let summary = "List a graph's layers for per-kernel profiling";
  let description = [{
    The graph half of per-layer profiling (`nngraph-run --profile`,
    `nngraph.compile(..., profile=True)`): lists the layers of every public
    function, in graph order, in the module attribute
    `nngraph.profile_ops` (one `{name, op}` dictionary each: the node name
    from the operation's location, see `getLocName`, and the operation
    name), and gives each layer without a node name the name `layer<i>`
    (a `NameLoc` around its location), so that the code made of it can
    say where it came from. The graph is otherwise left as it is: the
    profiled build compiles the same program as the plain one.

    nngraph-profile-kernels, at the end of the CPU pipeline, times each
    kernel (loop nest) of the lowered graph and labels it with the layers
    whose locations its operations carry, in this order (a convolution
    with its fused bias and ReLU is one row, `conv1+relu1`), as IREE times
    its dispatches and TVM's debug executor its fused operators.

    Not layers: constants, shape-only operations (reshape, flatten,
    squeeze, unsqueeze, identity, dropout; `NNGraphOpInterface::isShapeOnly`),
    operations without results (`nngraph.print`), operations with regions
    and operations of other dialects.
  }];
  let statistics = [
    Statistic<"numLayers", "num-layers", "Number of layers listed">,
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

def NNGraphExposeIntermediatesPass
    : Pass<"nngraph-expose-intermediates", "func::FuncOp"> {
  let summary = "Make every named node's outputs graph outputs (per-layer "
                "numerics debugging)";
  let description = [{
    For `nngraph-run --dump-intermediates`: appends to the function's
    results the outputs of every node, in graph order, so that a run
    returns them all and they can be compared layer by layer with a
    reference runtime's (`utils/debug/compare_layers.py`). A node is the
    set of nngraph operations (not constants) whose location carries a
    given node name (see `getLocName`): an importer that decomposes one
    source node into several operations gives them all its name. Its
    outputs are the values of those operations that another node reads or
    the function returns, in the order they were built (a node whose values
    nothing reads shows its last operation's results); graph order is that
    of each node's last operation. An output is named like the node, or
    `<node>_output<i>` when there are several (MXNet's internal outputs are
    `<node>_output` and `<node>_output<i>`); `nngraph.output_names` gets the
    names (existing outputs keep theirs; one already returned is not added
    again). Operations without a node name are left out.
  }];
  let statistics = [
    Statistic<"numExposed", "num-exposed", "Number of results made outputs">,
  ];
}

#endif // NNGRAPH_DIALECT_NNGRAPH_TRANSFORMS_PASSES_TD
