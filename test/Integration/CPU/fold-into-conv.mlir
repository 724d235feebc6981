// Batch norm, mul and add folded into the weights and bias of a grouped
// conv, a conv, a gemm and a transposed conv (nngraph-fold-into-conv, part of
// nngraph-cpu-pipeline) compute what the unfolded graph computes. The
// parameters make every scale a power of two, so that both orders of
// rounding give the same printed values. Expected values computed with
// NumPy in float64.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="fold-into-conv=false" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// The first RUN line really folds.
// RUN: nngraph-opt %s --nngraph-fold-into-conv | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @main
// IR-NOT: nngraph.batch_norm
// IR: nngraph.conv %{{.*}}, %{{.*}}, %{{.*}} {group = 2 : i64, pads = array<i64: 1, 1, 1, 1>}
// IR-NOT: nngraph.batch_norm
// IR: nngraph.conv %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x4x4x4xf32>, tensor<3x4x2x2xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
// IR-NOT: nngraph.batch_norm
// IR: nngraph.gemm %{{.*}}, %{{.*}}, %{{.*}} {alpha = 2.000000e+00 : f32, trans_b = true}
// IR-NOT: nngraph.batch_norm
// IR: nngraph.conv_transpose %{{.*}}, %{{.*}}, %{{.*}} {strides = array<i64: 2, 2>}
// IR-NOT: nngraph.batch_norm

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = nngraph.constant dense<[[[[0.0, 0.0, 2.0, 3.0], [-3.0, -2.0, 2.0, 3.0], [-2.0, -1.0, 3.0, -1.0], [-2.0, 2.0, -2.0, -1.0]], [[1.0, 0.0, -3.0, -3.0], [3.0, 2.0, 2.0, 0.0], [2.0, -1.0, 0.0, 2.0], [-3.0, -1.0, -3.0, 0.0]], [[3.0, -3.0, -1.0, -1.0], [3.0, -2.0, 0.0, -2.0], [-3.0, 2.0, -3.0, -2.0], [0.0, 0.0, -3.0, 3.0]], [[2.0, 3.0, -3.0, 2.0], [-1.0, 0.0, 3.0, -2.0], [2.0, -2.0, -1.0, 3.0], [-1.0, 0.0, -1.0, -3.0]]]]> : tensor<1x4x4x4xf32>

  // Grouped conv with a bias, then batch norm and relu.
  %w = nngraph.constant dense<[[[[0.0, 1.0, 0.0], [1.0, -1.0, 1.0], [1.0, 2.0, 0.0]], [[-2.0, 1.0, 0.0], [2.0, 0.0, -1.0], [-2.0, 0.0, 1.0]]], [[[1.0, 2.0, -1.0], [0.0, 2.0, -1.0], [-1.0, 2.0, 0.0]], [[0.0, 1.0, 0.0], [2.0, 1.0, -2.0], [-2.0, 0.0, 2.0]]], [[[-2.0, 1.0, 1.0], [1.0, 2.0, -2.0], [0.0, 2.0, -1.0]], [[-2.0, 0.0, -2.0], [-1.0, 2.0, 1.0], [2.0, 2.0, 2.0]]], [[[-1.0, 0.0, 1.0], [-1.0, 2.0, -2.0], [2.0, 1.0, -1.0]], [[1.0, 0.0, 2.0], [2.0, -1.0, 0.0], [-1.0, 1.0, 1.0]]]]> : tensor<4x2x3x3xf32>
  %cb = nngraph.constant dense<[1.0, -1.0, 2.0, 0.0]> : tensor<4xf32>
  %g = nngraph.constant dense<[1.0, 2.0, -1.0, 0.5]> : tensor<4xf32>
  %beta = nngraph.constant dense<[0.5, -1.0, 2.0, 0.0]> : tensor<4xf32>
  %mean = nngraph.constant dense<[1.0, -2.0, 0.5, 3.0]> : tensor<4xf32>
  %var = nngraph.constant dense<[0.75, 3.75, 15.75, 0.0]> : tensor<4xf32>
  %c = nngraph.conv %x, %w, %cb {group = 2 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x4x4xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %bn = nngraph.batch_norm %c, %g, %beta, %mean, %var {epsilon = 2.5e-01 : f32} : (tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %r = nngraph.relu %bn : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %ur = tensor.cast %r : tensor<1x4x4x4xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[0,   0,   2.5,   0],
  // CHECK-NEXT: [0,   0,   11.5,   10.5],
  // CHECK-NEXT: [0,   5.5,   0,   5.5],
  // CHECK-NEXT: [5.5,   0,   6.5,   0]],
  // CHECK-NEXT: {{\[}}[0,   3,   6,   0],
  // CHECK-NEXT: [0,   0,   18,   10],
  // CHECK-NEXT: [0,   0,   0,   14],
  // CHECK-NEXT: [0,   0,   0,   0]],
  // CHECK-NEXT: {{\[}}[0,   1.625,   3.125,   1.125],
  // CHECK-NEXT: [3.125,   1.625,   2.625,   2.625],
  // CHECK-NEXT: [3.875,   4.875,   3.625,   4.125],
  // CHECK-NEXT: [1.375,   0,   8.625,   0.625]],
  // CHECK-NEXT: {{\[}}[11,   0,   8,   0],
  // CHECK-NEXT: [6,   0,   16,   0],
  // CHECK-NEXT: [0,   21,   0,   0],
  // CHECK-NEXT: [0,   1,   0,   9]]]]
  call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()

  // Conv without a bias, then mul and add by per-channel constants
  // (a "scale" layer).
  %w2 = nngraph.constant dense<[[[[2.0, 2.0], [2.0, 2.0]], [[2.0, -2.0], [-2.0, 0.0]], [[-1.0, 2.0], [1.0, 0.0]], [[0.0, 0.0], [2.0, -2.0]]], [[[0.0, 1.0], [0.0, 2.0]], [[2.0, 2.0], [0.0, 2.0]], [[-2.0, 1.0], [-1.0, -1.0]], [[1.0, 1.0], [2.0, -1.0]]], [[[2.0, 2.0], [-1.0, -2.0]], [[1.0, 2.0], [0.0, -2.0]], [[-2.0, -1.0], [1.0, -1.0]], [[-2.0, 1.0], [1.0, -2.0]]]]> : tensor<3x4x2x2xf32>
  %k = nngraph.constant dense<[[[2.0]], [[-1.0]], [[0.5]]]> : tensor<3x1x1xf32>
  %d = nngraph.constant dense<[[[[1.0]], [[2.0]], [[-3.0]]]]> : tensor<1x3x1x1xf32>
  %c2 = nngraph.conv %x, %w2 : (tensor<1x4x4x4xf32>, tensor<3x4x2x2xf32>) -> tensor<1x3x3x3xf32>
  %m2 = nngraph.mul %c2, %k : (tensor<1x3x3x3xf32>, tensor<3x1x1xf32>) -> tensor<1x3x3x3xf32>
  %a2 = nngraph.add %m2, %d : (tensor<1x3x3x3xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x3x3xf32>
  %u2 = tensor.cast %a2 : tensor<1x3x3x3xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[-43,   -1,   51],
  // CHECK-NEXT: [-39,   17,   7],
  // CHECK-NEXT: [23,   -3,   1]],
  // CHECK-NEXT: {{\[}}[7,   -6,   -5],
  // CHECK-NEXT: [0,   -19,   -6],
  // CHECK-NEXT: [-7,   17,   -6]],
  // CHECK-NEXT: {{\[}}[-1,   -12,   3.5],
  // CHECK-NEXT: [-2,   3.5,   -6.5],
  // CHECK-NEXT: [-7.5,   6,   9]]]]
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()

  // Gemm (alpha 2, beta 0.5, trans_b) then batch norm.
  %ga = nngraph.constant dense<[[0.0, -1.0, 0.0, -2.0], [1.0, -1.0, 0.0, 0.0]]> : tensor<2x4xf32>
  %gb = nngraph.constant dense<[[1.0, -2.0, -1.0, 1.0], [1.0, -1.0, -2.0, 1.0], [0.0, 1.0, -2.0, 0.0]]> : tensor<3x4xf32>
  %gc = nngraph.constant dense<[2.0, -4.0, 6.0]> : tensor<3xf32>
  %g3 = nngraph.constant dense<[1.0, -2.0, 0.5]> : tensor<3xf32>
  %b3 = nngraph.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %m3 = nngraph.constant dense<[1.0, 0.0, -2.0]> : tensor<3xf32>
  %v3 = nngraph.constant dense<[3.75, 0.75, 0.0]> : tensor<3xf32>
  %y3 = nngraph.gemm %ga, %gb, %gc {alpha = 2.0 : f32, beta = 0.5 : f32, trans_b = true} : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %bn3 = nngraph.batch_norm %y3, %g3, %b3, %m3, %v3 {epsilon = 2.5e-01 : f32} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %u3 = tensor.cast %bn3 : tensor<2x3xf32> to tensor<*xf32>
  // CHECK: {{\[\[}}0,   9,   2],
  // CHECK-NEXT: [3,   -3,   2]]
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()

  // Transposed conv (stride 2, bias) then batch norm: the scale runs along
  // axis 1 of the C x M x k x k weight.
  %dx = nngraph.constant dense<[[[[2.0, -2.0], [-2.0, -1.0]], [[-2.0, 2.0], [2.0, 0.0]]]]> : tensor<1x2x2x2xf32>
  %dw = nngraph.constant dense<[[[[-2.0, -2.0], [-1.0, 0.0]], [[1.0, 0.0], [-1.0, -2.0]], [[1.0, 1.0], [-2.0, -2.0]]], [[[0.0, -1.0], [2.0, 0.0]], [[0.0, 0.0], [1.0, 0.0]], [[-2.0, 1.0], [1.0, 2.0]]]]> : tensor<2x3x2x2xf32>
  %db = nngraph.constant dense<[1.0, -1.0, 0.5]> : tensor<3xf32>
  %g4 = nngraph.constant dense<[2.0, -1.0, 1.0]> : tensor<3xf32>
  %b4 = nngraph.constant dense<[0.0, 1.0, -0.5]> : tensor<3xf32>
  %m4 = nngraph.constant dense<[1.0, 0.0, -1.0]> : tensor<3xf32>
  %v4 = nngraph.constant dense<[0.75, 3.75, 0.0]> : tensor<3xf32>
  %y4 = nngraph.conv_transpose %dx, %dw, %db {strides = array<i64: 2, 2>} : (tensor<1x2x2x2xf32>, tensor<2x3x2x2xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  %bn4 = nngraph.batch_norm %y4, %g4, %b4, %m4, %v4 {epsilon = 2.5e-01 : f32} : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  %u4 = tensor.cast %bn4 : tensor<1x3x4x4xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[-8,   -4,   8,   4],
  // CHECK-NEXT: [-12,   0,   12,   0],
  // CHECK-NEXT: [8,   4,   4,   4],
  // CHECK-NEXT: [12,   0,   2,   0]],
  // CHECK-NEXT: {{\[}}[0.5,   1.5,   2.5,   1.5],
  // CHECK-NEXT: [3.5,   3.5,   -0.5,   -0.5],
  // CHECK-NEXT: [2.5,   1.5,   2,   1.5],
  // CHECK-NEXT: [-0.5,   -0.5,   1,   0.5]],
  // CHECK-NEXT: {{\[}}[14.5,   2.5,   -9.5,   2.5],
  // CHECK-NEXT: [-9.5,   -13.5,   14.5,   18.5],
  // CHECK-NEXT: [-9.5,   2.5,   0.5,   0.5],
  // CHECK-NEXT: [14.5,   18.5,   6.5,   6.5]]]]
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
