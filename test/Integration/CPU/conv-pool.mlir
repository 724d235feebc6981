// Convolution (padded, bias; depthwise) and pooling (max; average with
// padding not counted; global average) compiled by nngraph-cpu-pipeline and
// run by the JIT. Expected values computed with NumPy (direct loops).
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = nngraph.constant dense<[[[[-3.0, -2.0, -1.0, 0.0], [1.0, 2.0, 3.0, -3.0], [-2.0, -1.0, 0.0, 1.0], [2.0, 3.0, -3.0, -2.0]], [[-1.0, 0.0, 1.0, 2.0], [3.0, -3.0, -2.0, -1.0], [0.0, 1.0, 2.0, 3.0], [-3.0, -2.0, -1.0, 0.0]]]]> : tensor<1x2x4x4xf32>
  %w = nngraph.constant dense<[[[[-2.0, -1.0, 0.0], [1.0, 2.0, -2.0], [-1.0, 0.0, 1.0]], [[2.0, -2.0, -1.0], [0.0, 1.0, 2.0], [-2.0, -1.0, 0.0]]], [[[1.0, 2.0, -2.0], [-1.0, 0.0, 1.0], [2.0, -2.0, -1.0]], [[0.0, 1.0, 2.0], [-2.0, -1.0, 0.0], [1.0, 2.0, -2.0]]]]> : tensor<2x2x3x3xf32>
  %b = nngraph.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %wd = nngraph.constant dense<[[[[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]], [[[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]]]> : tensor<2x1x3x3xf32>

  %c = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %uc = tensor.cast %c : tensor<1x2x4x4xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[-3,   -3,   5,   4],
  // CHECK-NEXT: [0,   -1,   10,   -10],
  // CHECK-NEXT: [3,   15,   -2,   6],
  // CHECK-NEXT: [-7,   12,   -2,   -9]],
  // CHECK-NEXT: {{\[}}[6,   -1,   -4,   4],
  // CHECK-NEXT: [-2,   -9,   -1,   8],
  // CHECK-NEXT: [-16,   -12,   17,   -15],
  // CHECK-NEXT: [5,   3,   4,   9]]]]
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()

  %d = nngraph.conv %x, %wd {group = 2 : i64} : (tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x2x2xf32>
  %ud = tensor.cast %d : tensor<1x2x2x2xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[6,   -1],
  // CHECK-NEXT: [-1,   -8]],
  // CHECK-NEXT: {{\[}}[-1,   6],
  // CHECK-NEXT: [-1,   6]]]]
  call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()

  %m = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %um = tensor.cast %m : tensor<1x2x2x2xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[2,   3],
  // CHECK-NEXT: [3,   1]],
  // CHECK-NEXT: {{\[}}[3,   2],
  // CHECK-NEXT: [1,   3]]]]
  call @printMemrefF32(%um) : (tensor<*xf32>) -> ()

  %a = nngraph.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %ua = tensor.cast %a : tensor<1x2x2x2xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[-0.5,   -0.166667],
  // CHECK-NEXT: [0.833333,   0]],
  // CHECK-NEXT: {{\[}}[-0.25,   -0.5],
  // CHECK-NEXT: [-0.666667,   -0.333333]]]]
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()

  %g = nngraph.global_avg_pool %x : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  %ug = tensor.cast %g : tensor<1x2x1x1xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[\[}}-0.3125]],
  // CHECK-NEXT: {{\[\[}}-0.0625]]]]
  call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  return
}
