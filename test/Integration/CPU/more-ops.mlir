// ConvTranspose, layer and instance normalization, argmax/argmin, topk and
// gather_nd compiled by nngraph-cpu-pipeline and run by the JIT; expected
// values computed with NumPy (a scatter-add ConvTranspose reference, the
// ONNX normalization formulas, np.argmax/np.argmin, np.argsort with
// kind="stable", fancy indexing). Results are flattened before printing.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @main() {
  %ctx = nngraph.constant dense<[[[[-2.0, -1.0, 0.0], [1.0, 2.0, -2.0], [-1.0, 0.0, 1.0]], [[2.0, -2.0, -1.0], [0.0, 1.0, 2.0], [-2.0, -1.0, 0.0]]]]> : tensor<1x2x3x3xf32>
  %ctw = nngraph.constant dense<[[[[-3.0, -2.0], [-1.0, 0.0], [1.0, 2.0]], [[3.0, -3.0], [-2.0, -1.0], [0.0, 1.0]], [[2.0, 3.0], [-3.0, -2.0], [-1.0, 0.0]]], [[[1.0, 2.0], [3.0, -3.0], [-2.0, -1.0]], [[0.0, 1.0], [2.0, 3.0], [-3.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0], [3.0, -3.0]]]]> : tensor<2x3x3x2xf32>
  %ct = nngraph.conv_transpose %ctx, %ctw {strides = array<i64: 2, 1>, dilations = array<i64: 1, 2>, pads = array<i64: 1, 0, 0, 1>, output_padding = array<i64: 1, 0>} : (tensor<1x2x3x3xf32>, tensor<2x3x3x2xf32>) -> tensor<1x3x7x4xf32>
  %flat1 = tensor.collapse_shape %ct [[0, 1, 2, 3]] : tensor<1x3x7x4xf32> into tensor<84xf32>
  %u1 = tensor.cast %flat1 : tensor<84xf32> to tensor<*xf32>
  // strides (2, 1), dilations (1, 2), pads, output_padding
  // CHECK: sizes = [84]
  // CHECK-NEXT: [8,   -5,   -9,   6,   -9,   -2,   2,   -2,   -1,   1,   8,   -3,   2,   -1,   -9,   1,   -5,   -3,   5,   3,   3,   2,   1,   1,   0,   0,   0,   0,   8,   -2,   6,   -5,   -3,   12,   -12,   -2,   -2,   -2,   7,   1,   -3,   -3,   -1,   -1,   -2,   -2,   -7,   -3,   6,   3,   3,   2,   0,   0,   0,   0,   8,   1,   7,   -2,   10,   -2,   -12,   12,   -3,   -5,   6,   -2,   -1,   2,   7,   -3,   1,   -1,   -5,   -2,   -5,   -3,   5,   3,   0,   0,   0,   0]
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()

  %ctx2 = nngraph.constant dense<[[[[-1.0, 0.0], [1.0, -1.0]], [[0.0, 1.0], [-1.0, 0.0]], [[1.0, -1.0], [0.0, 1.0]], [[-1.0, 0.0], [1.0, -1.0]]]]> : tensor<1x4x2x2xf32>
  %ctw2 = nngraph.constant dense<[[[[-2.0, -1.0], [0.0, 1.0]]], [[[2.0, -2.0], [-1.0, 0.0]]], [[[1.0, 2.0], [-2.0, -1.0]]], [[[0.0, 1.0], [2.0, -2.0]]]]> : tensor<4x1x2x2xf32>
  %ctb2 = nngraph.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %ct2 = nngraph.conv_transpose %ctx2, %ctw2, %ctb2 {strides = array<i64: 2, 2>, group = 2 : i64, output_shape = array<i64: 3, 3>} : (tensor<1x4x2x2xf32>, tensor<4x1x2x2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %flat2 = tensor.collapse_shape %ct2 [[0, 1, 2, 3]] : tensor<1x2x3x3xf32> into tensor<18xf32>
  %u2 = tensor.cast %flat2 : tensor<18xf32> to tensor<*xf32>
  // group 2, bias, output_shape (begin pad takes the larger half)
  // CHECK: sizes = [18]
  // CHECK-NEXT: [0,   0,   1,   2,   3,   2,   2,   1,   0,   0,   1,   0,   0,   0,   0,   -3,   -5,   0]
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()

  %ctx3 = nngraph.constant dense<[[[-1.0, 0.0, 1.0], [2.0, -1.0, 0.0]]]> : tensor<1x2x3xf32>
  %ctw3 = nngraph.constant dense<[[[-2.0, -1.0], [0.0, 1.0], [2.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0], [-2.0, -1.0]]]> : tensor<2x3x2xf32>
  %ct3 = nngraph.conv_transpose %ctx3, %ctw3 {strides = array<i64: 3>, dilations = array<i64: 2>, pads = array<i64: 0, 1>, output_padding = array<i64: 2>} : (tensor<1x2x3xf32>, tensor<2x3x2xf32>) -> tensor<1x3x10xf32>
  %flat3 = tensor.collapse_shape %ct3 [[0, 1, 2]] : tensor<1x3x10xf32> into tensor<30xf32>
  %u3 = tensor.cast %flat3 : tensor<30xf32> to tensor<*xf32>
  // 1-D: stride 3, dilation 2, end pad, output_padding 2
  // CHECK: sizes = [30]
  // CHECK-NEXT: [0,   0,   1,   1,   0,   0,   -2,   0,   -1,   0,   2,   0,   3,   -1,   0,   -2,   0,   0,   1,   0,   -6,   0,   0,   2,   0,   1,   2,   0,   -2,   0]
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()

  // Kernel = stride (2x2, 2), bias: the matmul form (each input pixel's
  // channels times the weight give its 2x2 block of the output).
  %ctx4 = nngraph.constant dense<[[[[-2.0, -1.0, 0.0], [1.0, 2.0, -2.0]], [[2.0, -2.0, -1.0], [0.0, 1.0, 2.0]]]]> : tensor<1x2x2x3xf32>
  %ctw4 = nngraph.constant dense<[[[[-3.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [3.0, -3.0]], [[-2.0, -1.0], [0.0, 1.0]]], [[[2.0, 3.0], [-3.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0]], [[3.0, -3.0], [-2.0, -1.0]]]]> : tensor<2x3x2x2xf32>
  %ctb4 = nngraph.constant dense<[1.0, -1.0, 0.5]> : tensor<3xf32>
  %ct4 = nngraph.conv_transpose %ctx4, %ctw4, %ctb4 {strides = array<i64: 2, 2>} : (tensor<1x2x2x3xf32>, tensor<2x3x2x2xf32>, tensor<3xf32>) -> tensor<1x3x4x6xf32>
  %flat4b = tensor.collapse_shape %ct4 [[0, 1, 2, 3]] : tensor<1x3x4x6xf32> into tensor<72xf32>
  %u4b = tensor.cast %flat4b : tensor<72xf32> to tensor<*xf32>
  // CHECK: sizes = [72]
  // CHECK-NEXT: [11,   11,   0,   -3,   -1,   -2,   -3,   -3,   8,   5,   4,   3,   -2,   -1,   -3,   0,   11,   11,   0,   1,   -4,   -1,   -3,   -3,   -5,   -5,   0,   -3,   0,   -1,   -5,   9,   -6,   -2,   -2,   -3,   0,   1,   0,   3,   -5,   -5,   2,   -4,   6,   -5,   -5,   9,   10.5,   -3.5,   -3.5,   7.5,   -2.5,   3.5,   -3.5,   -3.5,   4.5,   1.5,   2.5,   1.5,   -1.5,   -0.5,   -0.5,   -4.5,   10.5,   -3.5,   0.5,   1.5,   -1.5,   1.5,   -3.5,   -3.5]
  call @printMemrefF32(%u4b) : (tensor<*xf32>) -> ()

  %lnx = nngraph.constant dense<[[[2.0, 4.0], [4.0, 2.0]], [[1.0, 1.0], [5.0, 5.0]]]> : tensor<2x2x2xf32>
  %lns = nngraph.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %lnb = nngraph.constant dense<[[0.5, 0.0], [0.0, -0.5]]> : tensor<2x2xf32>
  %ln = nngraph.layer_norm %lnx, %lns, %lnb {axis = -2 : i64, epsilon = 0.0 : f32} : (tensor<2x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2x2xf32>
  %flat4 = tensor.collapse_shape %ln [[0, 1, 2]] : tensor<2x2x2xf32> into tensor<8xf32>
  %u4 = tensor.cast %flat4 : tensor<8xf32> to tensor<*xf32>
  // layer_norm over the last two axes
  // CHECK: sizes = [8]
  // CHECK-NEXT: [-0.5,   2,   3,   -4.5,   -0.5,   -2,   3,   3.5]
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()

  %lns1 = nngraph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %ln1 = nngraph.layer_norm %lnx, %lns1 : (tensor<2x2x2xf32>, tensor<2xf32>) -> tensor<2x2x2xf32>
  %flat5 = tensor.collapse_shape %ln1 [[0, 1, 2]] : tensor<2x2x2xf32> into tensor<8xf32>
  %u5 = tensor.cast %flat5 : tensor<8xf32> to tensor<*xf32>
  // layer_norm, default axis -1 and epsilon 1e-5, no bias
  // CHECK: sizes = [8]
  // CHECK-NEXT: [-1.99999,   2.99998,   1.99999,   -2.99998,   0,   0,   0,   0]
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()

  %inx = nngraph.constant dense<[[[[1.0, 3.0], [3.0, 1.0]], [[0.0, 8.0], [0.0, 8.0]]]]> : tensor<1x2x2x2xf32>
  %ins = nngraph.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %inb = nngraph.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %in = nngraph.instance_norm %inx, %ins, %inb {epsilon = 0.0 : f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %flat6 = tensor.collapse_shape %in [[0, 1, 2, 3]] : tensor<1x2x2x2xf32> into tensor<8xf32>
  %u6 = tensor.cast %flat6 : tensor<8xf32> to tensor<*xf32>
  // instance_norm
  // CHECK: sizes = [8]
  // CHECK-NEXT: [-1,   3,   3,   -1,   -0.5,   0.5,   -0.5,   0.5]
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()

  %ax = nngraph.constant dense<[[1.0, 3.0, 3.0, 0.0], [5.0, 2.0, 5.0, 5.0]]> : tensor<2x4xf32>
  %am = nngraph.argmax %ax {axis = 1 : i64, keepdims = false} : (tensor<2x4xf32>) -> tensor<2xi64>
  %u7 = tensor.cast %am : tensor<2xi64> to tensor<*xi64>
  // argmax: first of the ties
  // CHECK: sizes = [2]
  // CHECK-NEXT: [1,   0]
  call @printMemrefI64(%u7) : (tensor<*xi64>) -> ()

  %aml = nngraph.argmax %ax {axis = -1 : i64, keepdims = false, select_last_index = true} : (tensor<2x4xf32>) -> tensor<2xi64>
  %u8 = tensor.cast %aml : tensor<2xi64> to tensor<*xi64>
  // argmax, select_last_index
  // CHECK: sizes = [2]
  // CHECK-NEXT: [2,   3]
  call @printMemrefI64(%u8) : (tensor<*xi64>) -> ()

  %an = nngraph.argmin %ax : (tensor<2x4xf32>) -> tensor<1x4xi64>
  %flat9 = tensor.collapse_shape %an [[0, 1]] : tensor<1x4xi64> into tensor<4xi64>
  %u9 = tensor.cast %flat9 : tensor<4xi64> to tensor<*xi64>
  // argmin, axis 0, keepdims
  // CHECK: sizes = [4]
  // CHECK-NEXT: [0,   1,   0,   0]
  call @printMemrefI64(%u9) : (tensor<*xi64>) -> ()

  %axi = nngraph.constant dense<[[4, -2, 7], [7, 7, -2]]> : tensor<2x3xi64>
  %ani = nngraph.argmin %axi {axis = 1 : i64, select_last_index = true} : (tensor<2x3xi64>) -> tensor<2x1xi64>
  %flat10 = tensor.collapse_shape %ani [[0, 1]] : tensor<2x1xi64> into tensor<2xi64>
  %u10 = tensor.cast %flat10 : tensor<2xi64> to tensor<*xi64>
  // argmin of integers, select_last_index, keepdims
  // CHECK: sizes = [2]
  // CHECK-NEXT: [1,   2]
  call @printMemrefI64(%u10) : (tensor<*xi64>) -> ()

  %tx = nngraph.constant dense<[[3.0, 1.0, 4.0, 1.0, 5.0], [9.0, 2.0, 6.0, 5.0, 3.0]]> : tensor<2x5xf32>
  %tv, %ti = nngraph.topk %tx {k = 3 : i64} : (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
  %flat11 = tensor.collapse_shape %tv [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %u11 = tensor.cast %flat11 : tensor<6xf32> to tensor<*xf32>
  // topk largest, k 3, last axis
  // CHECK: sizes = [6]
  // CHECK-NEXT: [5,   4,   3,   9,   6,   5]
  call @printMemrefF32(%u11) : (tensor<*xf32>) -> ()

  %flat12 = tensor.collapse_shape %ti [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
  %u12 = tensor.cast %flat12 : tensor<6xi64> to tensor<*xi64>
  // CHECK: sizes = [6]
  // CHECK-NEXT: [4,   2,   0,   0,   2,   3]
  call @printMemrefI64(%u12) : (tensor<*xi64>) -> ()

  %sv, %si = nngraph.topk %tx {k = 1 : i64, axis = 0 : i64, largest = false} : (tensor<2x5xf32>) -> (tensor<1x5xf32>, tensor<1x5xi64>)
  %flat13 = tensor.collapse_shape %sv [[0, 1]] : tensor<1x5xf32> into tensor<5xf32>
  %u13 = tensor.cast %flat13 : tensor<5xf32> to tensor<*xf32>
  // topk smallest, k 1, axis 0 (ties: lower index)
  // CHECK: sizes = [5]
  // CHECK-NEXT: [3,   1,   4,   1,   3]
  call @printMemrefF32(%u13) : (tensor<*xf32>) -> ()

  %flat14 = tensor.collapse_shape %si [[0, 1]] : tensor<1x5xi64> into tensor<5xi64>
  %u14 = tensor.cast %flat14 : tensor<5xi64> to tensor<*xi64>
  // CHECK: sizes = [5]
  // CHECK-NEXT: [0,   0,   0,   0,   1]
  call @printMemrefI64(%u14) : (tensor<*xi64>) -> ()

  %gd = nngraph.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]]> : tensor<2x3x2xf32>
  %gi = nngraph.constant dense<[[0, 1], [1, -1]]> : tensor<2x2xi64>
  %g = nngraph.gather_nd %gd, %gi : (tensor<2x3x2xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  %flat15 = tensor.collapse_shape %g [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %u15 = tensor.cast %flat15 : tensor<4xf32> to tensor<*xf32>
  // gather_nd, negative index
  // CHECK: sizes = [4]
  // CHECK-NEXT: [2,   3,   10,   11]
  call @printMemrefF32(%u15) : (tensor<*xf32>) -> ()

  %gi2 = nngraph.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %g2 = nngraph.gather_nd %gd, %gi2 {batch_dims = 1 : i64} : (tensor<2x3x2xf32>, tensor<2x1xi64>) -> tensor<2x2xf32>
  %flat16 = tensor.collapse_shape %g2 [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %u16 = tensor.cast %flat16 : tensor<4xf32> to tensor<*xf32>
  // gather_nd, batch_dims 1
  // CHECK: sizes = [4]
  // CHECK-NEXT: [4,   5,   6,   7]
  call @printMemrefF32(%u16) : (tensor<*xf32>) -> ()

  %gi3 = nngraph.constant dense<[[[1, 0, 1]], [[0, 2, 0]]]> : tensor<2x1x3xi64>
  %g3 = nngraph.gather_nd %gd, %gi3 : (tensor<2x3x2xf32>, tensor<2x1x3xi64>) -> tensor<2x1xf32>
  %flat17 = tensor.collapse_shape %g3 [[0, 1]] : tensor<2x1xf32> into tensor<2xf32>
  %u17 = tensor.cast %flat17 : tensor<2xf32> to tensor<*xf32>
  // gather_nd, full index tuples (scalar slices)
  // CHECK: sizes = [2]
  // CHECK-NEXT: [7,   4]
  call @printMemrefF32(%u17) : (tensor<*xf32>) -> ()

  // The same tuples in MXNet's layout (tuples_first: one tuple per column).
  %gi4 = nngraph.constant dense<[[1, 0], [0, 2], [1, 0]]> : tensor<3x2xi64>
  %g4 = nngraph.gather_nd %gd, %gi4 {tuples_first = true} : (tensor<2x3x2xf32>, tensor<3x2xi64>) -> tensor<2xf32>
  %u18 = tensor.cast %g4 : tensor<2xf32> to tensor<*xf32>
  // gather_nd, tuples first
  // CHECK: sizes = [2]
  // CHECK-NEXT: [7,   4]
  call @printMemrefF32(%u18) : (tensor<*xf32>) -> ()

  return
}
