// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// Max pooling pads with -inf, ceil_mode adds end padding for the last window.
// CHECK-LABEL: func.func @max_ceil
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: tensor.pad %arg0 low[0, 0, 0, 0] high[0, 0, 1, 1]
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
func.func @max_ceil(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x2x2xf32> {
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %1 = tensor.extract_slice %0[0, 0, 0, 0] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x2x3x3xf32> to tensor<1x2x2x2xf32>
  return %1 : tensor<1x2x2x2xf32>
}

// -----

// Average pooling with padding that does not count: the divisor is a sum
// pooling of a 0/1 mask.
// CHECK-LABEL: func.func @avg_exclude_pad
// CHECK: linalg.pooling_nchw_sum
// CHECK: linalg.pooling_nchw_sum {{.*}} -> tensor<1x1x4x4xf32>
// CHECK: arith.divf
func.func @avg_exclude_pad(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %0 = nngraph.avg_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// Global average pooling: a reduction over H and W, divided by H*W.
// CHECK-LABEL: func.func @global_avg
// CHECK: iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK: arith.constant 4.900000e+01 : f32
// CHECK: tensor.expand_shape {{.*}} : tensor<?x8xf32> into tensor<?x8x1x1xf32>
func.func @global_avg(%x: tensor<?x8x7x7xf32>) -> tensor<?x8x1x1xf32> {
  %0 = nngraph.global_avg_pool %x : (tensor<?x8x7x7xf32>) -> tensor<?x8x1x1xf32>
  return %0 : tensor<?x8x1x1xf32>
}
