// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// Windowed pools run channels last: the input is permuted to NHWC, padded
// on H and W, pooled, and the result permuted back to NCHW.
// Max pooling pads with -inf, ceil_mode adds end padding for the last window.
// CHECK-DAG: #[[$NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[$NCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @max_ceil
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[IN:.*]] = linalg.generic {indexing_maps = [#[[$NHWC]], #{{.*}}]{{.*}} ins(%arg0 : tensor<1x2x5x5xf32>) outs({{.*}} : tensor<1x5x5x2xf32>)
// CHECK: tensor.pad %[[IN]] low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: tensor.yield %[[NINF]]
// CHECK: linalg.fill ins(%[[NINF]] : f32) outs({{.*}} : tensor<1x3x3x2xf32>)
// CHECK: %[[P:.*]] = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} {{.*}} -> tensor<1x3x3x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$NCHW]], #{{.*}}]{{.*}} ins(%[[P]] : tensor<1x3x3x2xf32>) outs({{.*}} : tensor<1x2x3x3xf32>)
func.func @max_ceil(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x2x2xf32> {
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %1 = tensor.extract_slice %0[0, 0, 0, 0] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x2x3x3xf32> to tensor<1x2x2x2xf32>
  return %1 : tensor<1x2x2x2xf32>
}

// -----

// Average pooling with padding that does not count: the divisor is a sum
// pooling of a 0/1 mask.
// CHECK-DAG: #[[$COUNT:.*]] = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, 0)>
// CHECK-LABEL: func.func @avg_exclude_pad
// CHECK: %[[S:.*]] = linalg.pooling_nhwc_sum {{.*}} -> tensor<1x4x4x2xf32>
// CHECK: %[[MASK:.*]] = linalg.fill {{.*}} -> tensor<1x4x4x1xf32>
// CHECK: tensor.pad %[[MASK]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: %[[N:.*]] = linalg.pooling_nhwc_sum {{.*}} -> tensor<1x4x4x1xf32>
// CHECK: %[[D:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[$COUNT]], #{{.*}}]{{.*}} ins(%[[S]], %[[N]] : tensor<1x4x4x2xf32>, tensor<1x4x4x1xf32>)
// CHECK: arith.divf
// CHECK: linalg.generic {{.*}} ins(%[[D]] : tensor<1x4x4x2xf32>) outs({{.*}} : tensor<1x2x4x4xf32>)
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

// -----

// 1-D and 3-D windowed pools the same way: NCW -> NWC, NCDHW -> NDHWC,
// padded on the spatial axes, pooled, permuted back.
// CHECK-LABEL: func.func @max_pool_3d
// CHECK: tensor.pad {{.*}} low[0, 0, 1, 1, 0] high[0, 1, 0, 1, 0]
// CHECK: linalg.pooling_ndhwc_max {dilations = dense<1> : vector<3xi64>, strides = dense<2> : vector<3xi64>} ins({{.*}} : tensor<1x5x7x7x2xf32>, tensor<2x2x2xf32>) outs({{.*}} : tensor<1x2x3x3x2xf32>)
func.func @max_pool_3d(%x: tensor<1x2x4x6x5xf32>) -> tensor<1x2x2x3x3xf32> {
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>, pads = array<i64: 0, 1, 1, 1, 0, 1>} : (tensor<1x2x4x6x5xf32>) -> tensor<1x2x2x3x3xf32>
  return %0 : tensor<1x2x2x3x3xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool_1d
// CHECK: linalg.pooling_nwc_sum {{.*}} ins({{.*}} : tensor<1x9x3xf32>, tensor<3xf32>) outs({{.*}} : tensor<1x4x3xf32>)
// The count of the padded windows: the same sum over a 0/1 mask.
// CHECK: linalg.pooling_nwc_sum {{.*}} ins({{.*}} : tensor<1x9x1xf32>, tensor<3xf32>) outs({{.*}} : tensor<1x4x1xf32>)
// CHECK: arith.divf
func.func @avg_pool_1d(%x: tensor<1x3x7xf32>) -> tensor<1x3x4xf32> {
  %0 = nngraph.avg_pool %x {kernel_shape = array<i64: 3>, strides = array<i64: 2>, pads = array<i64: 1, 1>} : (tensor<1x3x7xf32>) -> tensor<1x3x4xf32>
  return %0 : tensor<1x3x4xf32>
}
