//===- Passes.td - nngraph code generation passes ----------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the code generation passes of nngraph-cpu-pipeline:
// they work on linalg (tensors, then buffers) and vector, after the nngraph
// graph has been lowered.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_CODEGEN_PASSES_TD
#define NNGRAPH_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

def NNGraphFuseElementwisePass
    : Pass<"nngraph-fuse-elementwise", "func::FuncOp"> {
  let summary = "Fuse elementwise linalg ops, recomputing cheap producers";
  let description = [{
    Upstream's elementwise fusion (`linalg::populateElementwiseOpsFusionPatterns`,
    plus the reshape-propagation and constant-folding patterns of
    `linalg-fuse-elementwise-ops`), with one difference in its cost model: a
    cheap elementwise producer (at most `max-recompute-ops` scalar operations
    in its body) is fused into each of its consumers even when it has several,
    so it is recomputed rather than written to memory and read back.

    This is what removes the layout permutations that the conversion puts
    around each channels-last convolution: a ResNet block's output feeds both
    the next convolution (through a permutation to NHWC) and the residual
    add (in NCHW); fusing it into both leaves every activation in NHWC and
    one permutation at each graph input and output.
  }];
  let options = [
    Option<"maxRecomputeOps", "max-recompute-ops", "unsigned", "8",
           "Fuse a producer with several uses into each of them when its "
           "body has at most this many operations (0: single-use only, as "
           "upstream)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def NNGraphCPUTileAndVectorizePass
    : Pass<"nngraph-cpu-tile-and-vectorize", "func::FuncOp"> {
  let summary = "Tile, fuse and vectorise the hot linalg ops for the CPU";
  let description = [{
    One schedule per op class, on tensors, before bufferization (see
    docs/CPUCodegen.md):

    - channels-last convolutions (`linalg.conv_2d_nhwc_hwcf`,
      `linalg.depthwise_conv_2d_nhwc_hwc`): the elementwise consumer that
      the convolution feeds (bias, activation, residual add, the permutation
      back to NCHW) is tiled over (N, OH, OW, F) by a register tile of
      `ow` output pixels times `f` channels, the convolution and its
      accumulator are fused into the tile, the reductions (KH, KW, C) are
      tiled by (1, 1, `c`), the 2-D convolution decomposed into a 1-D one
      and everything vectorised. The accumulators stay in registers across
      the reduction loops (loop-invariant subsets hoisted).

    Ops without a schedule are left for the generic path (linalg to loops).
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "int64_t", "0",
           "SIMD width in f32 lanes that the tiles are sized for (0: the "
           "host's: 16 with AVX-512, else 8)">,
  ];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def NNGraphCPULowerVectorsPass
    : Pass<"nngraph-cpu-lower-vectors", "func::FuncOp"> {
  let summary = "Lower vector contractions and transfers to FMAs and loads";
  let description = [{
    Lowers what the vectoriser produced, on buffers, in pattern groups that
    are applied one after the other (each group to a fixed point; the
    shape-cast, transpose and broadcast lowerings run without
    canonicalization, which would undo them and never converge):

    1. masked transfers;
    2. contractions to outer products, outer products to FMAs;
    3. transfer permutations, multi-reductions, transfers to loads and
       stores of rank 1;
    4. shape casts, transposes and broadcasts.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def NNGraphLiftWeightTransformsPass
    : Pass<"nngraph-lift-weight-transforms", "ModuleOp"> {
  let summary = "Move the work that depends only on weights into a "
                "prepare function";
  let description = [{
    Splits each graph entry point `@f` (a public function with results
    that nothing in the module calls) into

    - `@f_prepare(weights...) -> (prepared...)`: every side-effect free op
      whose inputs are only weight arguments (`nngraph.role = "weight"`),
      constants and results of such ops, such as the channels-last
      permutations of convolution weights (FCHW -> HWCF, depthwise
      (C, 1, KH, KW) -> (KH, KW, C)), BatchNorm scales folded into weights
      and biases, packed matmul operands;
    - `@f(inputs..., prepared...)`: the rest, reading the prepared tensors
      from new read-only arguments instead of recomputing them; a raw
      weight argument stays only where something else still reads it.

    A weight-only result is prepared when it does work and does not expand
    (it holds no more elements than what it reads): views (reshapes,
    casts, slices), constants, fills and broadcasts (a bias broadcast to a
    whole activation) stay in `@f`, reading the prepared or raw tensors
    below them. Constants that only lifted ops read move into `@f_prepare`;
    nothing is folded at compile time. The split is recorded on `@f` in
    `nngraph.prepare = {function, weight_args, kept_args, prepared_types}`
    (include/nngraph/Codegen/WeightPrepare.h), which the runtime reads to
    call `@f_prepare` once per set of weights and keep its results.
    Functions with nothing to lift are left unchanged.

    Runs on linalg on tensors, after convert-nngraph-to-linalg and
    elementwise fusion (which merges chains of weight-only elementwise ops
    into one generic), before the schedules.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def NNGraphOutlineKernelsPass : Pass<"nngraph-outline-kernels", "ModuleOp"> {
  let summary = "Outline each top-level loop nest into a private function";
  let description = [{
    Compile time, not run time: after bufferization a graph function holds
    every layer's loop nest, and LLVM's function passes (IndVarSimplify,
    instruction selection, register allocation) grow faster than linearly
    with the size of a function. This pass moves each top-level op with
    regions and no results (an `scf.for`/`scf.forall` nest, a linalg op
    still to be lowered to loops) into its own private function,
    `@<function>_kernel_<n>`, and calls it in its place. Values used in the
    nest and defined outside it become arguments (memrefs are passed as
    they are, so the call costs a descriptor per buffer), except constants,
    which are cloned into the kernel. The kernels are marked
    `passthrough = ["noinline"]` so that LLVM does not inline them back.

    Example: the body of

    ```mlir
    func.func @f(%a: memref<4xf32>) {
      scf.for %i = %c0 to %c4 step %c1 { ... %a ... }
      return
    }
    ```

    becomes `func.call @f_kernel_0(%a)` with the loop in
    `func.func private @f_kernel_0(%a: memref<4xf32>)`.

    Kernels that come out identical (the same argument types and the same
    body: the repeated blocks of ResNet, MobileNet or DenseNet give many)
    are compiled once: every call goes to the first of them and the others
    are erased (`dedup`, on by default).
  }];
  let options = [
    Option<"minOps", "min-ops", "unsigned", "1",
           "Outline only nests that hold at least this many operations">,
    Option<"dedup", "dedup", "bool", "true",
           "Keep one kernel of each set of identical ones">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif // NNGRAPH_CODEGEN_PASSES_TD
