//===- Schedules.h - CPU schedules per op class -----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the schedules of nngraph-cpu-tile-and-vectorize, one
// per op class, and the tile-size helpers they share. A schedule tiles (and
// fuses) its root op on tensors and appends the outermost loop it created
// to `loops`; the pass then vectorises every static linalg op inside those
// loops and hoists the accumulators. A schedule that does not apply returns
// failure and leaves the op to the generic path.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_CODEGEN_CPU_SCHEDULES_H
#define NNGRAPH_LIB_CODEGEN_CPU_SCHEDULES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace nngraph {
namespace cpu {

/// The SIMD width of the host in f32 lanes: 16 with AVX-512, else 8.
int64_t getHostVectorWidth();

/// The largest divisor of `size` that is at most `limit` (at least 1).
int64_t largestDivisor(int64_t size, int64_t limit);

/// The channel tile: two SIMD vectors, else one, when it divides `size`;
/// the whole axis when it is narrower than a vector; else the largest
/// divisor that fits two vectors. The convolution schedules tile output
/// channels by it and nngraph-cpu-pack-weights packs filters by it.
int64_t channelTile(int64_t size, int64_t simd);

/// The tile of an output's contiguous axis in elementwise loops (the
/// elementwise schedule, a pad's border fill): up to four vectors when the
/// size is a multiple of the SIMD width, else channelTile.
int64_t innerTile(int64_t size, int64_t simd);

/// The output-channel tile of a (non-depthwise) convolution with `size`
/// output channels and rows of `width` pixels: channelTile, or on
/// 16-register hosts, where two vectors do not divide, three vectors (up
/// to seven on a row of one pixel); the schedule then splits the tile into
/// one convolution per vector. nngraph-cpu-pack-weights packs filters by
/// it.
int64_t convChannelTile(int64_t size, int64_t width, int64_t simd);

/// Tiles the parallel loops of a channels-last windowed op (convolution or
/// pooling: loops N, OH, OW, F/C, then the window reductions) by
/// `parallelSizes`, through its elementwise epilogue when it has one, into
/// an scf.forall whose body holds the tiled epilogue, the tiled op and its
/// tiled accumulator. With `registerSizes` (sizes of the parallel loops,
/// 0: untiled), an scf.for level inside the forall tiles that body again
/// by them, its partial last tiles peeled (peelPartialTiles), so that a
/// register tile need not divide the row. Then tiles the reductions of the
/// innermost tiled op by `reductionSizes`. `loopOrder` lists the op's
/// parallel loops from the outermost tile loop in (empty: N, OH, OW,
/// F/C). Returns the outer loop.
FailureOr<Operation *> tileWindowedOp(RewriterBase &rewriter,
                                      linalg::LinalgOp conv,
                                      ArrayRef<int64_t> parallelSizes,
                                      ArrayRef<int64_t> reductionSizes,
                                      ArrayRef<int64_t> loopOrder = {},
                                      ArrayRef<int64_t> registerSizes = {});

/// Peels every scf.for under `scope` whose static trip count does not
/// divide by its step into a full-tile loop and a remainder loop, then
/// folds the remainder (one iteration, static bounds) to straight-line
/// code with static shapes: every tile vectorises without masks.
void peelPartialTiles(RewriterBase &rewriter, Operation *scope);

/// The greedy driver's configuration for rewrites of structured code (tile
/// loops, no CFG): no region simplification, whose walk over every region
/// after each iteration found nothing to simplify and cost 6% of
/// DenseNet-201's pipeline.
GreedyRewriteConfig structuredRewriteConfig();

/// The elementwise generic that consumes `op`'s result as its only use,
/// reads it through a permutation and writes an identity-mapped init: the
/// root of the tile (the op's epilogue: bias, activation, residual add, a
/// permutation). Null if there is none.
linalg::GenericOp getEpilogue(linalg::LinalgOp op);

/// Tile sizes of `root`'s loops such that dimension `j` of `result` (which
/// `root` produces, or reads through a permutation) is tiled by `sizes[j]`;
/// empty when `root` neither produces nor reads `result`.
SmallVector<OpFoldResult> rootTileSizes(MLIRContext *ctx, Operation *root,
                                        Value result, ArrayRef<int64_t> sizes);

/// The interchange of `root`'s loops that visits dimensions `order` of
/// `result` (which `root` produces, or reads through a permutation) from
/// the outermost loop in, `root`'s other loops after them.
SmallVector<int64_t> rootLoopOrder(Operation *root, Value result,
                                   ArrayRef<int64_t> order);

/// The packed layout of a channels-last convolution filter (HWCF, see
/// nngraph-cpu-pack-weights): F tiled by the register tile's F' into
/// (F / F', KH, KW, C, F').
inline constexpr int64_t kPackedFilterInnerDims[] = {3};
inline constexpr int64_t kPackedFilterOuterPerm[] = {3, 0, 1, 2};

/// The pixels of an AVX2 register tile (16 ymm registers) along a row of
/// `width` output pixels with `vectors` vectors of output channels per
/// pixel: the tile that makes the cheapest row, its last partial tile
/// peeled (see ScheduleUtils.cpp).
int64_t rowTile(int64_t width, int64_t vectors);

/// The cost of a row of `width` pixels in rowTile's tiles: the accumulator
/// slots of its tiles, at least 8 a tile (an FMA's latency x throughput).
int64_t rowSlots(int64_t width, int64_t vectors);

/// The register tile (M0, N0) of the matmul schedule for an M x N product:
/// (8, 2 * simd) on AVX-512, (rowTile(M, 2), 2 * simd) on AVX2 (at most 6
/// rows); (1, 4 * simd) when M is below 6 (batch-1 fully connected layers,
/// bandwidth bound).
std::pair<int64_t, int64_t> matmulRegisterTile(int64_t m, int64_t simd);

/// The packed layout of a matmul's right operand (K x N, see
/// nngraph-cpu-pack-weights): N tiled by the register tile's N0 into
/// (N / N0, K, N0), so that a register tile's column panel is contiguous.
inline constexpr int64_t kPackedRhsInnerDims[] = {1};
inline constexpr int64_t kPackedRhsOuterPerm[] = {1, 0};
/// The same for a batch matmul's right operand (B x K x N): each matrix of
/// the batch as above, (B, N / N0, K, N0).
inline constexpr int64_t kPackedBatchRhsInnerDims[] = {2};
inline constexpr int64_t kPackedBatchRhsOuterPerm[] = {0, 2, 1};

/// Reads `op`'s tiles of unpacked tensors from their packed sources: each
/// input that is a slice of one inner tile of a linalg.unpack result (at
/// a multiple of the tile, from a tile loop stepping by it; any slice of
/// the untiled dimensions) becomes the matching rank-reduced slice of the
/// unpack's source. Inputs of other forms are left as they are.
void readPackedTiles(RewriterBase &rewriter, linalg::LinalgOp op);

/// The ops of `func`'s body that compute from weights only: side-effect
/// free ops whose inputs (operands and the values their regions capture)
/// are weight arguments (GraphABI's weight role), or results of such ops,
/// constants included; in block order. nngraph-lift-weight-transforms
/// prepares (some of) them, nngraph-cpu-pack-weights packs only operands
/// they compute.
llvm::SetVector<Operation *> getWeightOnlyOps(func::FuncOp func);

/// Whether `value`, in `func`, is a weight argument or a result of
/// `weightOnlyOps` (from getWeightOnlyOps).
bool isWeightOnly(func::FuncOp func,
                  const llvm::SetVector<Operation *> &weightOnlyOps,
                  Value value);

/// Whether `op`, at the top level of a function, is a kernel: a loop nest
/// (an op with regions and no results, no terminator, no symbol) of at
/// least `minOps` operations. nngraph-outline-kernels outlines these and
/// nngraph-profile-kernels times them.
bool isKernel(Operation *op, unsigned minOps = 1);

/// True when every use of `value` (through subviews) takes a buffer of
/// any strided layout without its type showing in a result: loads and
/// stores, vector transfers, linalg ops, copies. With `within`, only the
/// uses inside that op count.
bool takesAnyLayout(Value value, Operation *within = nullptr);

/// Replaces `value` by `replacement` (same shape, any strided layout),
/// recreating the subviews on it with their types inferred anew; every
/// use must satisfy takesAnyLayout.
void replaceWithView(RewriterBase &rewriter, Value value, Value replacement);

/// Channels-last convolutions (conv_2d_nhwc_hwcf,
/// depthwise_conv_2d_nhwc_hwc) with static shapes.
LogicalResult scheduleConv(RewriterBase &rewriter, linalg::LinalgOp conv,
                           int64_t simd, SmallVectorImpl<Operation *> &loops);

/// linalg.matmul and linalg.batch_matmul (default operand maps) with
/// static shapes, with their elementwise epilogue.
LogicalResult scheduleMatmul(RewriterBase &rewriter, linalg::LinalgOp product,
                             int64_t simd, SmallVectorImpl<Operation *> &loops);

/// Channels-last 2-D pooling (pooling_nhwc_max / _sum) with static shapes.
LogicalResult schedulePooling(RewriterBase &rewriter, linalg::LinalgOp pool,
                              int64_t simd,
                              SmallVectorImpl<Operation *> &loops);

/// A standalone all-parallel linalg op with static shapes (an elementwise
/// generic or a permutation that no schedule fused, a fill, a copy).
LogicalResult scheduleElementwise(RewriterBase &rewriter, linalg::LinalgOp op,
                                  int64_t simd,
                                  SmallVectorImpl<Operation *> &loops);

/// A static tensor.pad with a constant value: a vectorised fill of the
/// border of the padded tensor (one scf.forall), whose interior the producer of
/// the source writes in place when it is a tile loop writing a tensor.empty,
/// else a tiled, vectorised copy of the source.
LogicalResult schedulePad(RewriterBase &rewriter, tensor::PadOp pad,
                          int64_t simd, SmallVectorImpl<Operation *> &loops);

/// Schedules what the op-class schedules left at the top level of `func`:
/// all-parallel linalg ops (scheduleElementwise), then pads (schedulePad).
void scheduleStandaloneOps(RewriterBase &rewriter, func::FuncOp func,
                           int64_t simd, SmallVectorImpl<Operation *> &loops);

} // namespace cpu
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_CODEGEN_CPU_SCHEDULES_H
