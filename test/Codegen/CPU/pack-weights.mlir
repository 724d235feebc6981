// nngraph-cpu-pack-weights gives conv_2d_nhwc_hwcf filters the layout
// of the schedule's output-channel tile, (F / F', KH, KW, C, F'), as
// unpack(pack(filter)); nngraph-lift-weight-transforms prepares the pack and
// leaves the unpack; nngraph-cpu-tile-and-vectorize reads each tile's
// contiguous block of the packed filter through it.
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-pack-weights=vector-width=8 | FileCheck %s
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-pack-weights=vector-width=8 --nngraph-cpu-tile-and-vectorize=vector-width=8 --canonicalize --cse | FileCheck %s --check-prefix=TILED
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-pack-weights=vector-width=8 --nngraph-lift-weight-transforms | FileCheck %s --check-prefix=LIFT
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-pack-weights=vector-width=16 | FileCheck %s --check-prefix=AVX512

// 64 output channels, a 16-wide tile (two 8-lane vectors: the direct
// convolution's channel tile, channelTile): four tiles.
// CHECK-LABEL: func.func @deep(
// CHECK: %[[P:.*]] = linalg.pack %arg1 outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [16] into %{{.*}} : tensor<3x3x32x64xf32> -> tensor<4x3x3x32x16xf32>
// CHECK: %[[U:.*]] = linalg.unpack %[[P]] outer_dims_perm = [3, 0, 1, 2] inner_dims_pos = [3] inner_tiles = [16] into %{{.*}} : tensor<4x3x3x32x16xf32> -> tensor<3x3x32x64xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%arg0, %[[U]] : tensor<1x7x7x32xf32>, tensor<3x3x32x64xf32>)
// With 32 registers (AVX-512) the tile is two 16-lane vectors: two tiles.
// AVX512-LABEL: func.func @deep(
// AVX512: linalg.pack %arg1 {{.*}} inner_tiles = [32] into %{{.*}} : tensor<3x3x32x64xf32> -> tensor<2x3x3x32x32xf32>
// The schedule: the filter (18432 elements) outweighs the image (1568), so
// the output-channel tiles are the outer loop (N, of size 1, folds away),
// and each tile
// reads rows of 16 contiguous channels of its block of the packed filter;
// no unpack and no copy of the filter are left.
// TILED-LABEL: func.func @deep(
// TILED: %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0], [1], [2], [3, 4]] output_shape [3, 3, 32, 4, 16]
// TILED: %[[P:.*]] = linalg.transpose ins(%[[E]] : tensor<3x3x32x4x16xf32>) outs(%{{.*}} : tensor<4x3x3x32x16xf32>) permutation = [3, 0, 1, 2, 4]
// TILED: scf.forall (%[[F:.*]], %[[OH:.*]]) = (0, 0) to (64, 5) step (16, 1)
// TILED: %[[T:.*]] = affine.apply #{{.*}}(%[[F]])
// TILED: vector.transfer_read %[[P]][%[[T]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]{{.*}} : tensor<4x3x3x32x16xf32>, vector<8x16xf32>
// TILED: vector.contract {{.*}} : vector<5x8xf32>, vector<8x16xf32> into vector<5x16xf32>
// TILED-NOT: linalg.unpack
// TILED-NOT: linalg.pack
// The split: the pack is prepared once, the unpack (a view) stays.
// LIFT-LABEL: func.func @deep(
// LIFT-SAME: %{{.*}}: tensor<4x3x3x32x16xf32> {bufferization.writable = false})
// LIFT: linalg.unpack
// LIFT-NOT: linalg.pack
// LIFT-LABEL: func.func @deep_prepare(
// LIFT: linalg.pack
// LIFT-NOT: linalg.unpack
func.func @deep(%x: tensor<1x7x7x32xf32> {nngraph.role = "input"},
                %w: tensor<3x3x32x64xf32> {nngraph.role = "weight"}) -> tensor<1x5x5x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x5x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x5x64xf32>) -> tensor<1x5x5x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x7x7x32xf32>, tensor<3x3x32x64xf32>) outs(%acc : tensor<1x5x5x64xf32>) -> tensor<1x5x5x64xf32>
  return %c : tensor<1x5x5x64xf32>
}

// -----

// One tile covers the 8 channels, and 12 channels are narrower than two
// vectors: nothing to pack.
// CHECK-LABEL: func.func @one_tile(
// CHECK-NOT: linalg.pack
// CHECK-NOT: linalg.unpack
func.func @one_tile(%x: tensor<1x7x7x8xf32>, %w: tensor<3x3x8x8xf32>, %w2: tensor<3x3x8x12xf32>,
                    %acc: tensor<1x5x5x8xf32>, %acc2: tensor<1x5x5x12xf32>) -> (tensor<1x5x5x8xf32>, tensor<1x5x5x12xf32>) {
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x7x7x8xf32>, tensor<3x3x8x8xf32>) outs(%acc : tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w2 : tensor<1x7x7x8xf32>, tensor<3x3x8x12xf32>) outs(%acc2 : tensor<1x5x5x12xf32>) -> tensor<1x5x5x12xf32>
  return %c, %d : tensor<1x5x5x8xf32>, tensor<1x5x5x12xf32>
}

// -----

// A convolution left unscheduled (its shapes are dynamic) keeps its filter.
// CHECK-LABEL: func.func @dynamic(
// CHECK-NOT: linalg.pack
func.func @dynamic(%x: tensor<?x7x7x8xf32>, %w: tensor<3x3x8x64xf32>, %acc: tensor<?x5x5x64xf32>) -> tensor<?x5x5x64xf32> {
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<?x7x7x8xf32>, tensor<3x3x8x64xf32>) outs(%acc : tensor<?x5x5x64xf32>) -> tensor<?x5x5x64xf32>
  return %c : tensor<?x5x5x64xf32>
}

// -----

// A batch-1 fully connected layer: the transposed weight (K x N = 64 x 512,
// from a weight argument) is packed by the 32-column tile (4 vectors of 8)
// into (16, 64, 32); each register tile reads its contiguous 64 x 32 panel
// (a tile loop inside a block loop: the offset is their sum), 8 rows per
// step; the pack is prepared once. The activation operand of the second
// matmul is not packed (that would copy it at every call).
// CHECK-LABEL: func.func @fully_connected(
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg1
// CHECK: %[[P:.*]] = linalg.pack %[[T]] outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [32] into %{{.*}} : tensor<64x512xf32> -> tensor<16x64x32xf32>
// CHECK: %[[U:.*]] = linalg.unpack %[[P]] outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [32] into %{{.*}} : tensor<16x64x32xf32> -> tensor<64x512xf32>
// CHECK: linalg.matmul ins(%arg0, %[[U]] : tensor<1x64xf32>, tensor<64x512xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg2 : tensor<1x64xf32>, tensor<64x512xf32>)
// TILED-LABEL: func.func @fully_connected(
// TILED: %[[P:.*]] = linalg.transpose ins(%{{.*}} : tensor<64x16x32xf32>) outs(%{{.*}} : tensor<16x64x32xf32>) permutation = [1, 0, 2]
// TILED: scf.forall (%[[B:.*]]) = (0) to (512) step (64)
// TILED: scf.for %[[J:.*]] = %c0 to %c64 step %c32
// TILED: scf.for %[[K:.*]] = %c0 to %c64 step %c8
// TILED: %[[PANEL:.*]] = affine.apply #{{.*}}(%[[B]], %[[J]])
// TILED: vector.transfer_read %[[P]][%[[PANEL]], %[[K]], %c0]{{.*}} : tensor<16x64x32xf32>, vector<8x32xf32>
// TILED-NOT: linalg.unpack
// LIFT-LABEL: func.func @fully_connected(
// LIFT-SAME: %{{.*}}: tensor<16x64x32xf32>
// LIFT: linalg.unpack
// LIFT-NOT: linalg.pack
// LIFT-LABEL: func.func @fully_connected_prepare(
// LIFT: linalg.pack
func.func @fully_connected(%x: tensor<1x64xf32>, %w: tensor<512x64xf32> {nngraph.role = "weight"}, %b: tensor<64x512xf32>) -> (tensor<1x512xf32>, tensor<1x512xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x64xf32>) outs(%e : tensor<64x512xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<1x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<1x512xf32>) -> tensor<1x512xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<1x64xf32>, tensor<64x512xf32>) outs(%acc : tensor<1x512xf32>) -> tensor<1x512xf32>
  %z = linalg.matmul ins(%x, %b : tensor<1x64xf32>, tensor<64x512xf32>) outs(%acc : tensor<1x512xf32>) -> tensor<1x512xf32>
  return %y, %z : tensor<1x512xf32>, tensor<1x512xf32>
}

// -----

// Each matrix of a weight-only batch matmul's right operand (Winograd's
// transformed filter) by the column tile: (B, N / N0, K, N0). The tile
// reads its K x N0 panel of its matrix, a contiguous block; an activation
// operand is not packed.
// CHECK-LABEL: func.func @batch(
// CHECK: %[[P:.*]] = linalg.pack %arg1 outer_dims_perm = [0, 2, 1] inner_dims_pos = [2] inner_tiles = [16] into %{{.*}} : tensor<4x16x32xf32> -> tensor<4x2x16x16xf32>
// CHECK: %[[U:.*]] = linalg.unpack %[[P]] outer_dims_perm = [0, 2, 1] inner_dims_pos = [2] inner_tiles = [16] into %{{.*}} : tensor<4x2x16x16xf32> -> tensor<4x16x32xf32>
// CHECK: linalg.batch_matmul ins(%arg0, %[[U]] : tensor<4x12x16xf32>, tensor<4x16x32xf32>)
// CHECK: linalg.batch_matmul ins(%arg0, %arg2 : tensor<4x12x16xf32>, tensor<4x16x32xf32>)
// TILED-LABEL: func.func @batch(
// TILED: %[[P:.*]] = linalg.transpose ins(%{{.*}} : tensor<4x16x2x16xf32>) outs(%{{.*}} : tensor<4x2x16x16xf32>) permutation = [0, 2, 1, 3]
// TILED: scf.forall (%[[B:.*]], %[[M:.*]], %[[N:.*]]) = (0, 0, 0) to (4, 12, 32) step (1, 6, 16)
// TILED: %[[PANEL:.*]] = affine.apply #{{.*}}(%[[N]])
// TILED: vector.transfer_read %[[P]][%[[B]], %[[PANEL]], %{{.*}}, %c0]{{.*}} : tensor<4x2x16x16xf32>, vector<8x16xf32>
// TILED-NOT: linalg.unpack
// LIFT-LABEL: func.func @batch(
// LIFT-SAME: %{{.*}}: tensor<4x2x16x16xf32>
// LIFT: linalg.unpack
// LIFT-NOT: linalg.pack
// LIFT-LABEL: func.func @batch_prepare(
// LIFT: linalg.pack
func.func @batch(%x: tensor<4x12x16xf32>, %w: tensor<4x16x32xf32> {nngraph.role = "weight"}, %b: tensor<4x16x32xf32>) -> (tensor<4x12x32xf32>, tensor<4x12x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x12x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<4x12x32xf32>) -> tensor<4x12x32xf32>
  %y = linalg.batch_matmul ins(%x, %w : tensor<4x12x16xf32>, tensor<4x16x32xf32>) outs(%acc : tensor<4x12x32xf32>) -> tensor<4x12x32xf32>
  %z = linalg.batch_matmul ins(%x, %b : tensor<4x12x16xf32>, tensor<4x16x32xf32>) outs(%acc : tensor<4x12x32xf32>) -> tensor<4x12x32xf32>
  return %y, %z : tensor<4x12x32xf32>, tensor<4x12x32xf32>
}
