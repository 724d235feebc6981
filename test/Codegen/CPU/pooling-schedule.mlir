// RUN: nngraph-opt %s --convert-nngraph-to-linalg --canonicalize --nngraph-fuse-elementwise --cse --nngraph-cpu-tile-and-vectorize="vector-width=8" --canonicalize --cse | FileCheck %s

// Max pooling 3x3/2 between NHWC producers and consumers (here the graph's
// input and output permutations): the pool is tiled by 7 output pixels x
// 16 channels with its epilogue, decomposed to a 1-D pool and vectorised
// along C (one max per window column and output pixel on a vector of
// channels); no linalg op is left.
// CHECK-LABEL: func.func @max_pool
// CHECK: scf.forall
// CHECK: scf.for
// CHECK: arith.maximumf {{.*}} : vector<16xf32>
// CHECK-NOT: linalg.
func.func @max_pool(%x: tensor<1x16x14x14xf32>) -> tensor<1x16x7x7xf32> {
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x14x14xf32>) -> tensor<1x16x7x7xf32>
  return %0 : tensor<1x16x7x7xf32>
}

// Average pooling with ceil_mode: the sum vectorised like the max, the
// division by the window counts fused in the same tile.
// CHECK-LABEL: func.func @avg_pool
// CHECK: scf.forall
// CHECK: arith.addf {{.*}} : vector<16xf32>
// CHECK: arith.divf {{.*}} : vector<16x1x7xf32>
// CHECK-NOT: linalg.
func.func @avg_pool(%x: tensor<1x16x14x14xf32>) -> tensor<1x16x7x7xf32> {
  %0 = nngraph.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x16x14x14xf32>) -> tensor<1x16x7x7xf32>
  return %0 : tensor<1x16x7x7xf32>
}
