// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// keepdims: reduce into the kept axes, then expand the size-1 axes back.
// CHECK-LABEL: func.func @reduce_keepdims
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: tensor.expand_shape {{.*}} {{\[\[}}0, 1], [2]] {{.*}} : tensor<2x4xf32> into tensor<2x1x4xf32>
func.func @reduce_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = nngraph.reduce_mean %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// Softmax: max, exp(x - max), sum, divide.
// CHECK-LABEL: func.func @softmax
// CHECK: arith.maximumf
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
func.func @softmax(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = nngraph.softmax %x {axis = -1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Batch norm: one generic, the statistics read along axis 1.
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @batch_norm
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[$C]], #[[$C]], #[[$C]], #[[$C]], #{{.*}}]
// CHECK: math.sqrt
func.func @batch_norm(%x: tensor<1x3x4x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = nngraph.batch_norm %x, %s, %b, %m, %v : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}
