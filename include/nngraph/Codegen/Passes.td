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

    A convolution's epilogue that combines its result with other full-size
    inputs (a residual add: several inputs read through permutation maps,
    one of them a reduction's only use) is not recomputed but written once,
    by the convolution. Recomputed, the residual sums of a ResNet-v2 stage,
    each read by the next block's pre-activation and the next sum, became a
    chain that every later block re-added from all the stage's convolution
    results.

    Before the fusion, the layout permutations that the conversion puts
    around each channels-last convolution move down through the elementwise
    ops: an op whose full-size inputs are all the same permutation of
    channels-last tensors (a convolution's result permuted to NCHW) runs
    channels-last and permutes its result, which its users then take in
    turn; a permutation back to NHWC before the next convolution cancels
    it. Every activation between convolutions stays NHWC, with one
    permutation at each graph input and output; a permutation with several
    users is recomputed in each rather than fused with its producer. A
    reduction over such inputs (a global pool) keeps its result and
    iterates their layout, so that its innermost loop reads contiguously.

    A producer that a consumer reads through a broadcast (a map that is not
    a permutation: a per-channel vector over an activation) and whose body
    does work besides casts is not fused by default: fused, it would be
    computed once per element of the consumer instead of once (a batch
    norm's scale / sqrt(var + eps): a square root and a division per
    element, about 4% of ResNet-50 v2's time). On its own it is computed
    once, and in the prepare function when it depends on weights only.
    `fuse-broadcast-work` fuses it anyway, for the GPU pipeline, which has
    no prepare function and where a kernel launch per vector costs more
    than the recomputation.
  }];
  let options = [
    Option<"maxRecomputeOps", "max-recompute-ops", "unsigned", "8",
           "Fuse a producer with several uses into each of them when its "
           "body has at most this many operations (0: single-use only, as "
           "upstream)">,
    Option<"fuseBroadcastWork", "fuse-broadcast-work", "bool", "false",
           "Also fuse producers that do work into consumers that broadcast "
           "them (recomputing them per element)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::bufferization::BufferizationDialect",
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

def NNGraphCPUWinogradPass
    : Pass<"nngraph-cpu-winograd", "::mlir::func::FuncOp"> {
  let summary = "3x3 convolutions by Winograd's F(m x m, 3 x 3)";
  let description = [{
    Rewrites each static f32 `linalg.conv_2d_nhwc_hwcf` with a 3x3 filter
    computed from weights only, stride 1 and no dilation into Winograd's
    minimal filtering F(m x m, 3 x 3) with a = m + 2 (Lavin and Gray, 2016):

    - the filter transform `U = (G (x) G) W` as a `linalg.matmul` of a
      constant (a^2 x 9) by the filter (9 x C*F): weight-only work, which
      nngraph-lift-weight-transforms moves into the prepare function;
    - the input transform `V = B^T d B` of each of the P = N x ceil(OH/m) x
      ceil(OW/m) input tiles into (a^2, P, C): an `scf.forall` over tiles
      and channel vectors whose body is the unrolled transform (additions
      and FMAs by the non-zero coefficients);
    - `M = V x U` as a `linalg.batch_matmul` of a^2 (P x C) by (C x F)
      products, for the matmul schedule;
    - the output transform `Y = A^T M A`, an `scf.forall` likewise, which
      adds the convolution's accumulator (a fill, a per-channel bias or any
      tensor) and applies its elementwise epilogue (bias, activation,
      residual add) on the channel vectors before it writes Y once.

    With m = 4 a tile takes 36 products per input channel and output
    channel for 16 outputs, 2.25 per output against 9 for the direct
    convolution; the transformed filter holds a^2 / 9 times the filter's
    weights (4x for m = 4).

    The tile: the largest m, from `output-tile` down to 2, whose products
    have at least `min-tiles` rows (tiles), and at least twice that many
    when the transformed filter exceeds 4 MiB: with fewer rows a product
    streams that filter rather than computes (ResNet's 14x14 stage with
    256 channels takes F(2x2, 3x3): 49 tiles of a 4.2 MB filter, against
    16 of 9.4 MB with F(4x4, 3x3)). Convolutions that no tile pays for keep
    the direct schedule (ResNet's 7x7 stage at batch 1: F(2x2) there took
    0.62x the direct time with its filter packed, but 16.8 MB of
    transformed filter per layer put the model's peak memory over its
    budget), and so do channel counts that no 8-lane vector divides. Where m does not divide the
    output, the input is padded by zeros to whole tiles and the tiles at
    the edges write only their pixels inside the output (which may be a
    slice of a concat: written in place). The error of F(4x4, 3x3) in f32
    is of the order of 1e-6 of the output's magnitude.

    Runs on linalg on tensors, after nngraph-fuse-elementwise and before
    nngraph-cpu-pack-weights.
  }];
  let options = [
    Option<"outputTile", "output-tile", "int64_t", "4",
           "The largest m of F(m x m, 3 x 3) to use: 2 or 4">,
    Option<"minTiles", "min-tiles", "int64_t", "16",
           "Rewrite only convolutions with at least this many output tiles">,
    Option<"vectorWidth", "vector-width", "int64_t", "0",
           "f32 lanes of a SIMD vector (0: the host's, 16 with AVX-512, "
           "else 8)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def NNGraphCPUPointwiseConvToMatmulPass
    : Pass<"nngraph-cpu-pointwise-conv-to-matmul", "::mlir::func::FuncOp"> {
  let summary = "1x1 stride-1 convolutions as matmuls over their pixels "
                "where rows waste register tiles";
  let description = [{
    Rewrites a static f32 `linalg.conv_2d_nhwc_hwcf` with a 1x1 filter and
    stride 1 into a `linalg.matmul` of its pixels `(N * OH * OW, C)` by its
    filter `(C, F)`, with `tensor.collapse_shape` on the operands and a
    `tensor.expand_shape` of the product back to `(N, OH, OW, F)`. The
    convolution's accumulator (a fill, or an elementwise generic used only
    there: the bias) and its epilogue (the elementwise consumer that the
    schedules fuse: bias, activation, residual add) are collapsed with it
    (`linalg::collapseOpIterationDims`) and the reshapes between them fold,
    so the matmul schedule fuses them as the convolution schedule did.

    The convolution schedule's register tiles run along one output row, so
    a row that its tiles do not divide pays for a partial tile per row: on
    AVX2 ResNet's 7x7 stage ran its 1x1 convolutions in tiles of 4 + 3
    pixels, the second with 6 accumulators, bound by the FMA latency; the
    matmul's tiles run along all 49 pixels (9 x 5 + 4). Only those
    convolutions are rewritten: where rowTile's measure (accumulator slots,
    at least 8 a tile) of OH rows of OW pixels exceeds that of OH x OW
    pixels. The rows of 56, 28 and 14 fill their tiles, and there the
    convolution schedule's order of loops (filter tiles outermost for deep
    layers) measured faster than the matmul's (ResNet-50's 56x56 stage:
    1.04 -> 1.22 ms).

    Left as convolutions besides: output channels that the matmul's column
    tile does not divide, an epilogue that does not collapse with the
    pixels (the permutation back to NCHW at a graph output), and a result
    built in a slice of a larger tensor (a concat's piece), which
    nngraph-build-in-destinations follows through the convolution.
    AVX-512 hosts (32 registers: a tile that divides the row) are left as
    they are.

    Runs on linalg on tensors, after nngraph-cpu-winograd and before
    nngraph-cpu-pack-weights (which then packs the collapsed filter).
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "int64_t", "0",
           "f32 lanes of a SIMD vector (0: the host's, 16 with AVX-512, "
           "else 8); must match nngraph-cpu-tile-and-vectorize's">,
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def NNGraphCPUPackWeightsPass
    : Pass<"nngraph-cpu-pack-weights", "::mlir::func::FuncOp"> {
  let summary = "Pack convolution filters and matmul weights by the "
                "schedules' register tiles";
  let description = [{
    Gives the filter of each static `linalg.conv_2d_nhwc_hwcf` the layout
    its schedule reads: `(F / F', KH, KW, C, F')`, where `F'` is the
    schedule's output-channel register tile (two SIMD vectors, see
    nngraph-cpu-tile-and-vectorize). In HWCF a tile reads one `F'`-wide row
    per (kh, kw, c), `F` elements apart (2 KB apart for 512 channels), so
    a deep layer's tile walks megabytes of weights in short strided rows
    that neither the prefetcher nor the TLB follows; packed, each tile
    reads one contiguous `KH * KW * C * F'` block.

    The filter `%w` becomes `linalg.unpack (linalg.pack %w)`: the pack is
    weight-only work that nngraph-lift-weight-transforms moves into the
    prepare function, the unpack a view it leaves in the graph function,
    and the convolution schedule reads the tile's block of the packed
    tensor through it. A pack or unpack that no schedule resolves is
    lowered to a transposition, so the IR stays correct without one.
    Filters whose channel count the tile does not divide, or that one tile
    covers, are left as they are.

    Likewise the right operand `B` (K x N) of each static, unbatched
    `linalg.matmul` that is computed from weights only (function arguments
    with `nngraph.role = "weight"` and constants; an activation would be
    copied at every call): `(N / N0, K, N0)` with `N0` the matmul schedule's
    column tile (4 vectors when M < 6, else 2). Transposed, a fully
    connected layer's weight has rows N floats apart: a batch-1 tile read
    256 bytes per 16 KB row of VGG-16's 25088 x 4096 weight, every read on
    another page; packed, each tile streams one contiguous K x N0 panel.
    Each matrix of a static `linalg.batch_matmul`'s right operand
    (B x K x N) likewise, into `(B, N / N0, K, N0)`: Winograd's transformed
    filter, read 2 KB apart per row for 512 channels (ResNet-50's 3x3
    512->512 convolution at 7x7 by F(2x2, 3x3): 2.69 -> 2.05 ms).

    Runs on linalg on tensors, before nngraph-lift-weight-transforms.
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "int64_t", "0",
           "f32 lanes of a SIMD vector (0: the host's, 16 with AVX-512, "
           "else 8); must match nngraph-cpu-tile-and-vectorize's">,
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
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

def NNGraphProfileKernelsPass
    : Pass<"nngraph-profile-kernels", "ModuleOp"> {
  let summary = "Time each kernel of a lowered graph with runtime hooks";
  let description = [{
    The code half of per-layer profiling: in each public function of a
    module that nngraph-profile-layers listed (attribute
    `nngraph.profile_ops`), except the prepare functions
    (nngraph-lift-weight-transforms), every kernel is bracketed by calls
    of the runtime hooks
    `nngraph_profile_begin(i64 id)` and `nngraph_profile_end(i64 id)` of
    libnngraph_runtime.so. The calls are opaque to LLVM, so no work crosses
    them, and nothing else changes: the profiled program is the one that
    runs unprofiled, fused, vectorised and with its weights prepared once.
    A kernel is a top-level loop nest (a tile loop, the loops of an
    unscheduled op, or a loop that yields values, such as a matmul's K
    loop once its one-iteration tile loops folded away) together with the
    straight-line computation that follows it up to the next loop nest,
    allocation, deallocation or call (the epilogue of such a matmul:
    bias, activation, store), or such straight-line computation alone.

    The module gets the table `nngraph.profile_layers`: one `{name, op}`
    dictionary per id, the listed layers whose node names the kernel's
    operations carry in their locations, in graph order and joined by `+`
    (`conv1+relu1`, `nngraph.conv+nngraph.relu`; `kernel<id>` and an empty
    op for a kernel that carries none), which the runtime's Executable
    reads to label the timings; `nngraph.profile_ops` is removed. Kernels
    with the same label share an id, so a layer made of several kernels
    (a softmax: its reductions and its division) is one row whose calls
    count its kernels.

    Runs on loops (before nngraph-outline-kernels, which then outlines the
    kernels between the hooks).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
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

def NNGraphMergeSimilarKernelsPass
    : Pass<"nngraph-merge-similar-kernels", "ModuleOp"> {
  let summary = "Merge kernels that differ only in integer constants";
  let description = [{
    Compile time, not run time. Runs on the LLVM dialect, after the kernels
    that nngraph-outline-kernels made have been lowered. Kernels that are
    the same code but for some integer constants (a dense block's 1x1
    convolutions, whose input channel counts grow layer by layer; the same
    layer at two resolutions) become one function that takes those
    constants as trailing `i64`/`i32`/... arguments, and every call passes
    its kernel's values. LLVM then optimises and compiles each such family
    once: DenseNet-201's 363 kernels are 38 families.

    Two private functions called only directly (`llvm.call`) are similar
    when, with their integer `llvm.mlir.constant`s left out, their
    operations, attributes, types, blocks and uses of values correspond one
    to one, and an integer constant used at one place in the one is an
    integer constant of the same type at the same place in the other. Where
    the values differ, the place must take a run-time value without
    changing what the code costs much: integer arithmetic other than a
    divisor, comparisons, selects, `getelementptr` indices, branch and call
    operands, stored values, casts, min/max and OpenMP loop bounds. A
    constant divisor, a vector lane index, an alloca size or an intrinsic's
    operand keeps its kernel apart. The places whose values agree across
    the family keep their constants; places with the same values in every
    member share one argument. A family takes at most `max-parameters`
    arguments more than its kernels did; a kernel that would need more
    starts a family of its own.

    Example: `@k0` computes `%i * 128` and `@k1` the same with 160; after
    the pass, `@k0` computes `%i * %arg` and `llvm.call @k1(%a)` is
    `llvm.call @k0(%a, %c160)`.
  }];
  let options = [
    Option<"maxParameters", "max-parameters", "unsigned", "32",
           "The most arguments a family of kernels may add">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def NNGraphBuildInDestinationsPass
    : Pass<"nngraph-build-in-destinations", "func::FuncOp"> {
  let summary = "Build tensors that are inserted into a slice of another "
                "in that slice (empty-tensor elimination without analysis)";
  let description = [{
    Runs on tensors, right before bufferization, in place of upstream's
    `eliminate-empty-tensors`. For every subset insertion (`tensor.insert_slice`,
    `tensor.parallel_insert_slice`, ...) whose source is built, through the
    tied destinations of destination-style ops, `scf.forall` shared outputs
    and `scf.for` iteration arguments, from a `tensor.empty`, that empty
    tensor's use on the chain becomes the subset of the insertion's
    destination (`tensor.extract_slice` of it), built right before the
    chain's first op when the values it needs dominate that op. The chain
    then bufferizes in the destination's memory and the insertion to a
    no-op.

    Replacing a `tensor.empty` (contents undefined) by any tensor of its type
    keeps the program's meaning, so no alias analysis is needed for
    correctness: where the destination's slice is still read while the
    chain writes it, one-shot bufferization copies. Upstream's pass runs a
    whole One-Shot analysis to avoid those cases; its cost grows with the
    size of alias sets (a DenseNet block writes all its layers into one
    buffer) and was 2.6 s of DenseNet-201's compile.

    Before that, every use of a `tensor.empty` but the first gets a copy of
    it: CSE merges the empty tensors of values of one type (the packed
    weights of layers of one shape, activations of one size), and One-Shot
    Bufferize would then write all of them into one buffer, live from the
    first value's definition to the last value's use; with a buffer each,
    `nngraph-plan-buffers` overlaps those whose live ranges are disjoint.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def NNGraphCopyRepeatedResultsPass
    : Pass<"nngraph-copy-repeated-results", "func::FuncOp"> {
  let summary = "Give every function result a tensor of its own";
  let description = [{
    Runs on tensors, right before bufferization. A value that the function
    returns more than once (a graph output listed twice; empty splits that
    CSE made one `tensor.empty`) is returned as a copy
    (`bufferization.alloc_tensor() copy(...)`) at every further position:
    once bufferized, every result is an out-parameter of its own, and
    buffer-results-to-out-params cannot make one buffer two of them (it
    crashed on such a function).
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def NNGraphElideCopiesPass : Pass<"nngraph-elide-copies", "ModuleOp"> {
  let summary = "Build a buffer in the slice of another that it is copied "
                "into";
  let description = [{
    Runs on buffers, after bufferization and before nngraph-plan-buffers. A
    `memref.copy` of a whole statically shaped alloc into a unit-stride
    subview (static offsets and sizes) of another alloc of the same body
    block goes, and the source alloc becomes that subview, when:
      - every use of the source (through subviews) is in a top-level op
        at or before the copy, by an op that takes a buffer of any strided
        layout (loads, stores, vector transfers, linalg ops, copies);
      - between the source's first use and the copy, nothing touches the
        slice's bytes of the target (uses of the target through static
        subviews disjoint from the slice are fine).
    The target's alloc moves before the source's if it came after.

    A concat of a concat bufferizes to such a copy; with this pass,
    DenseNet's dense blocks live in their last concat's buffer, and every
    layer writes its features in place instead of copying the block so far
    (quadratic in the block's length). One-shot bufferization could do this
    on tensors with one alias set per block, but its analysis then grows
    with the cube of the block's length.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def NNGraphPlanBuffersPass : Pass<"nngraph-plan-buffers", "ModuleOp"> {
  let summary = "Place a function's intermediate buffers in one arena, at "
                "offsets planned at compile time";
  let description = [{
    Runs on buffers, after bufferization and before the buffer deallocation
    pipeline. Each statically shaped `memref.alloc` in a function's body
    block (the graph's intermediates; identity layout, default memory
    space, alignment at most 64) becomes a `memref.view` into one `i8`
    arena at a byte offset fixed here, so a call makes one allocation or
    none instead of one per intermediate.

    A buffer is live from the first top-level op that accesses it (views
    do not) to the last top-level op that uses it or any alias of it (views, subviews, casts, reshapes, and conservatively
    every memref result of an op that uses it, such as a loop that carries
    it, or of an op whose region yields it); a use in a loop counts at the
    loop. Offsets are assigned greedily, largest buffer first, each
    into the best-fitting gap (64-byte aligned) between the buffers already
    placed whose live ranges overlap its own (the "greedy by size" planner
    of TFLite and ONNX Runtime): two buffers that are live at the same time
    never share a byte, two that are not may.

    Not planned: buffers a function returns (they outlive the call),
    dynamically shaped ones, and allocs nested in loops or other regions
    (a loop body's scratch is live per iteration, and per thread in a
    parallel loop).

    With `arena-argument`, a public function with a body that nothing in
    the module calls takes the arena as a new last argument
    (`memref<Nxi8>`, N recorded in `nngraph.arena_size`; see
    include/nngraph/Codegen/BufferPlan.h), so the runtime allocates it once
    and reuses it every call; other functions allocate their arena at entry
    (one `memref.alloc` per call, which the deallocation pipeline frees).

    Example: `%a = memref.alloc() : memref<16xf32>`, dead before
    `%b = memref.alloc() : memref<16xf32>` is made, become
    `memref.view %arena[%c0][]` both, in a `memref<64xi8>` arena.
  }];
  let options = [
    Option<"arenaArgument", "arena-argument", "bool", "false",
           "Entry functions take the arena as a new last argument "
           "(nngraph.arena_size) instead of allocating it per call">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}


//===----------------------------------------------------------------------===//
// GPU
//===----------------------------------------------------------------------===//

def NNGraphGPUDeviceBuffersPass
    : Pass<"nngraph-gpu-device-buffers", "ModuleOp"> {
  let summary = "Put a bufferized graph's buffers in GPU memory";
  let description = [{
    The host side of nngraph-gpu-pipeline: after bufferization, the graph
    function's buffers must live in device memory, since every loop nest
    becomes a kernel. In each function outside `gpu.module`s:

    - a `memref.alloc` or `memref.alloca` of the function's body becomes a
      `gpu.alloc` (freed by `gpu.dealloc`: its `memref.dealloc`, or before
      each return for an alloca);
    - a `memref.get_global` (a constant tensor of the graph) becomes a
      device buffer filled from the host global by `gpu.memcpy` where it is
      read, freed before each return;
    - `memref.copy` becomes `linalg.copy`, so that it is lowered to a loop
      nest like every other op (upstream lowers it to a host call), and a
      `bufferization.clone` a `gpu.alloc` filled by `linalg.copy`.

    Buffers allocated inside loops (scratch of an op that is one sequential
    kernel) stay: they are the kernel's own. A call that passes a buffer to
    another function (nngraph.print's runtime call) reads device memory on
    the host and is rejected with a diagnostic.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def NNGraphGPUMapLoopsPass : Pass<"nngraph-gpu-map-loops", "ModuleOp"> {
  let summary = "Turn each top-level loop nest of a graph into a GPU launch";
  let description = [{
    After `convert-linalg-to-parallel-loops`, every top-level op of a host
    function that reads or writes memory becomes a `gpu.launch`:

    - an `scf.parallel` (the parallel dimensions of a linalg op; its
      reduction dimensions are `scf.for` loops inside) runs one thread per
      iteration: its dimensions are collapsed into one of N iterations, the
      launch has ceil(N / block-size) blocks of `block-size` threads, and
      each thread with a linear index below N recovers the indices by
      division and remainder and runs the body. Consecutive threads take
      consecutive indices of the innermost dimension, so that their stores
      coalesce;
    - anything else (an `scf.for` nest of a sequential op, a lone load or
      store) runs on one thread of one block.

    Ops without memory effects, views (`memref.subview`, reshapes, casts),
    `gpu` ops and returns stay on the host. An op that would move into a
    kernel but defines values the host uses is reported.

    `gpu-kernel-outlining` then moves each launch body into a kernel.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256",
           "Threads per block of the launches of parallel loops">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect"];
}


def NNGraphGPUExpandMathPass : Pass<"nngraph-gpu-expand-math"> {
  let summary = "Spell out math functions for GPU code without libdevice";
  let description = [{
    `convert-gpu-to-nvvm` lowers math functions (exp, log, tanh, erf, pow,
    sin, ...) to calls of CUDA's libdevice (`__nv_expf`), which must then be
    linked from a CUDA toolkit; without it the PTX has unresolved calls and
    fails to load. This pass removes the dependency: the math functions
    become arithmetic (MLIR's polynomial approximations, f16/bf16 computed
    in f32, and the expansions of `math-expand-ops`: tanh through exp, pow
    through exp and log, ...), and what is left (sqrt, fabs, floor, ceil,
    fma, copysign) becomes LLVM intrinsics that the NVPTX backend selects to
    single instructions. Run it on the kernels (`gpu.module`) before
    `convert-gpu-to-nvvm`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::vector::VectorDialect"];
}


def NNGraphGPUCollectKernelsPass
    : Pass<"nngraph-gpu-collect-kernels", "ModuleOp"> {
  let summary = "Put the outlined kernels of a module into one gpu.module";
  let description = [{
    `gpu-kernel-outlining` gives each kernel a `gpu.module` of its own, all
    with the same function name (`@f_kernel::@f_kernel`,
    `@f_kernel_0::@f_kernel`, ...). A graph has hundreds of kernels: each
    module is then compiled on its own (one `ptxas` run each for cubin) and
    loaded on its own at run time, and a profile cannot tell the kernels
    apart by name. This pass moves every kernel into the first `gpu.module`
    under its module's (unique) name and updates the launches:

    ```mlir
    gpu.launch_func @f_kernel_0::@f_kernel ...
    ```

    becomes `gpu.launch_func @f_kernel::@f_kernel_0`. Modules with targets
    or other attributes than the first's are left alone.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // NNGRAPH_CODEGEN_PASSES_TD
