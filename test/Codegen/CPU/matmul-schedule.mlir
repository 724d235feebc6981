// RUN: nngraph-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(nngraph-cpu-tile-and-vectorize{vector-width=8}),canonicalize,cse)' \
// RUN: | FileCheck %s
// The matmul schedule (lib/Codegen/CPU/MatmulSchedule.cpp) with AVX2-sized
// tiles: an scf.forall over blocks of whole register tiles that divide M
// and N (up to 8 per axis; threads share them), 6x16 register tiles, K by 8
// innermost with the accumulator in registers, partial tiles peeled to
// static smaller ones.

// 64 columns: 4 blocks of one 16-wide tile; 64 rows: no split into whole
// 6-row tiles, one block.
// CHECK-LABEL: func.func @matmul
// CHECK:     scf.forall (%[[N:.*]]) = (0) to (64) step (16)
// CHECK:       scf.for %[[M:.*]] = %c0 to %c60 step %c6
// CHECK:         scf.for {{.*}} = %c0 to %c128 step %c8 iter_args({{.*}}) -> (vector<6x16xf32>)
// CHECK-NOT:       linalg.
// CHECK:           vector.contract {{.*}} : vector<6x8xf32>, vector<8x16xf32> into vector<6x16xf32>
// CHECK:         vector.transfer_write {{.*}} : vector<6x16xf32>, tensor<6x16xf32>
// The last 4 rows (64 = 10 * 6 + 4).
// CHECK:       scf.for {{.*}} -> (vector<4x16xf32>)
// CHECK:         vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: tensor<64x128xf32>, %b: tensor<128x64xf32>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Gemm with a bias and a fused ReLU: the epilogue is the root of the tile,
// applied to the accumulators after the K loop.
// (12 x 32: four blocks of one register tile each.)
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK:     scf.forall ({{.*}}) = (0, 0) to (12, 32) step (6, 16)
// CHECK:         %[[ACC:.*]] = scf.for {{.*}} -> (vector<6x16xf32>)
// CHECK:           vector.contract {{.*}} into vector<6x16xf32>
// CHECK:         %[[ROW:.*]] = vector.transfer_read %arg2{{.*}} : tensor<32xf32>, vector<16xf32>
// CHECK:         %[[BIAS:.*]] = vector.broadcast %[[ROW]] : vector<16xf32> to vector<6x16xf32>
// CHECK:         %[[ADD:.*]] = arith.addf %[[ACC]], %[[BIAS]] : vector<6x16xf32>
// CHECK:         arith.maximumf %[[ADD]], {{.*}} : vector<6x16xf32>
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @gemm_bias_relu(%a: tensor<12x24xf32>, %b: tensor<24x32xf32>, %bias: tensor<32xf32>) -> tensor<12x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x32xf32>) -> tensor<12x32xf32>
  %p = linalg.matmul ins(%a, %b : tensor<12x24xf32>, tensor<24x32xf32>) outs(%f : tensor<12x32xf32>) -> tensor<12x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<12x32xf32>, tensor<32xf32>) outs(%e : tensor<12x32xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<12x32xf32>
  return %r : tensor<12x32xf32>
}

// -----

// Batch-1 fully connected layer: 1 x 32 (4 * simd) tiles along N, the
// 1000 - 31 * 32 = 8 last columns peeled; K = 25 by 8 plus a last step of 1.
// CHECK-LABEL: func.func @fc_m1
// CHECK:     scf.for {{.*}} = %c0 to %c992 step %c32
// CHECK:       scf.for {{.*}} = %c0 to %c24 step %c8 iter_args({{.*}}) -> (vector<1x32xf32>)
// CHECK:         vector.contract {{.*}} : vector<8xf32>, vector<8x32xf32> into vector<32xf32>
// CHECK:       vector.contract {{.*}} : vector<1xf32>, vector<1x32xf32> into vector<32xf32>
// CHECK:     scf.for {{.*}} = %c0 to %c24 step %c8 iter_args({{.*}}) -> (vector<1x8xf32>)
// CHECK:       vector.contract {{.*}} : vector<8xf32>, vector<8x8xf32> into vector<8xf32>
// CHECK-NOT: linalg.matmul
func.func @fc_m1(%a: tensor<1x25xf32>, %b: tensor<25x1000xf32>) -> tensor<1x1000xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1000xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x25xf32>, tensor<25x1000xf32>) outs(%f : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}

// -----

// Odd sizes: M = 7 (rowTile: 4 + 3 rows, where 6 + 1 left the last row a
// single chain of dependent FMAs), N = 10 (narrower than a tile: the whole
// axis), K = 13 (8 + 5).
// CHECK-LABEL: func.func @odd
// The single full K step is no loop after folding.
// CHECK:     vector.contract {{.*}} : vector<4x8xf32>, vector<8x10xf32> into vector<4x10xf32>
// CHECK:     vector.contract {{.*}} : vector<4x5xf32>, vector<5x10xf32> into vector<4x10xf32>
// CHECK:     vector.contract {{.*}} : vector<3x8xf32>, vector<8x10xf32> into vector<3x10xf32>
// CHECK:     vector.contract {{.*}} : vector<3x5xf32>, vector<5x10xf32> into vector<3x10xf32>
// CHECK-NOT: linalg.matmul
func.func @odd(%a: tensor<7x13xf32>, %b: tensor<13x10xf32>) -> tensor<7x10xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<7x10xf32>) -> tensor<7x10xf32>
  %r = linalg.matmul ins(%a, %b : tensor<7x13xf32>, tensor<13x10xf32>) outs(%f : tensor<7x10xf32>) -> tensor<7x10xf32>
  return %r : tensor<7x10xf32>
}

// -----

// batch_matmul: a block per matrix (and per register tile here), then the
// same register tiles.
// CHECK-LABEL: func.func @batch
// CHECK:     scf.forall ({{.*}}) = (0, 0, 0) to (4, 12, 32) step (1, 6, 16)
// CHECK:           scf.for {{.*}} -> (vector<1x6x16xf32>)
// CHECK:             vector.contract {{.*}} : vector<6x8xf32>, vector<8x16xf32> into vector<6x16xf32>
// CHECK-NOT: linalg.batch_matmul
func.func @batch(%a: tensor<4x12x16xf32>, %b: tensor<4x16x32xf32>) -> tensor<4x12x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x12x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x12x32xf32>) -> tensor<4x12x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x12x16xf32>, tensor<4x16x32xf32>) outs(%f : tensor<4x12x32xf32>) -> tensor<4x12x32xf32>
  return %r : tensor<4x12x32xf32>
}

// -----

// Dynamic shapes keep the generic path.
// CHECK-LABEL: func.func @dynamic
// CHECK: linalg.matmul
func.func @dynamic(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x16xf32>) outs(%c : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

// -----

// A wide right operand (64 x 2048) against 49 rows: per block of 256
// columns the column tiles are the outer loop and the row tiles (5: 9 x 5
// and a peeled 4) the inner one, so each 64 x 16 panel is read once and
// reused by every row tile from L1.
// CHECK-LABEL: func.func @wide
// CHECK:     scf.forall ({{.*}}) = (0) to (2048) step (256)
// CHECK:       scf.for {{.*}} = %c0 to %c256 step %c16
// CHECK:         scf.for {{.*}} = %c0 to %c45 step %c5
// CHECK:           vector.contract {{.*}} : vector<5x8xf32>, vector<8x16xf32> into vector<5x16xf32>
// CHECK:         vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
func.func @wide(%a: tensor<49x64xf32>, %b: tensor<64x2048xf32>) -> tensor<49x2048xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<49x2048xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<49x2048xf32>) -> tensor<49x2048xf32>
  %r = linalg.matmul ins(%a, %b : tensor<49x64xf32>, tensor<64x2048xf32>) outs(%f : tensor<49x2048xf32>) -> tensor<49x2048xf32>
  return %r : tensor<49x2048xf32>
}
