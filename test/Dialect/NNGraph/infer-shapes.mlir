// RUN: nngraph-opt %s --nngraph-infer-shapes --split-input-file | FileCheck %s

// Importers produce `?` dimensions where the source file gives no shape; the
// pass fills them in from the operands, op by op, and updates the signature.

// CHECK-LABEL: func.func @lenet_like
// CHECK-SAME: -> tensor<1x10xf32>
func.func @lenet_like(%x: tensor<1x1x28x28xf32>, %w1: tensor<6x1x5x5xf32>,
                      %b1: tensor<6xf32>, %w2: tensor<10x864xf32>, %b2: tensor<10xf32>) -> tensor<?x?xf32> {
  // CHECK: nngraph.conv {{.*}} -> tensor<1x6x28x28xf32>
  %0 = nngraph.conv %x, %w1, %b1 {pads = array<i64: 2, 2, 2, 2>} : (tensor<1x1x28x28xf32>, tensor<6x1x5x5xf32>, tensor<6xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.relu {{.*}} -> tensor<1x6x28x28xf32>
  %1 = nngraph.relu %0 : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.max_pool {{.*}} -> tensor<1x6x14x14xf32>
  %2 = nngraph.max_pool %1 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.max_pool {{.*}} -> tensor<1x6x12x12xf32>
  %3 = nngraph.max_pool %2 {kernel_shape = array<i64: 3, 3>} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.flatten {{.*}} -> tensor<1x864xf32>
  %4 = nngraph.flatten %3 : (tensor<?x?x?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.gemm {{.*}} -> tensor<1x10xf32>
  %5 = nngraph.gemm %4, %w2, %b2 {trans_b = true} : (tensor<?x?xf32>, tensor<10x864xf32>, tensor<10xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.softmax {{.*}} -> tensor<1x10xf32>
  %6 = nngraph.softmax %5 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.custom "Unknown"({{.*}}) : (tensor<1x10xf32>) -> tensor<?x?xf32>
  %7 = nngraph.custom "Unknown"(%6) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.identity {{.*}} -> tensor<1x10xf32>
  %8 = nngraph.identity %6 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: return {{.*}} : tensor<1x10xf32>
  return %8 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @broadcasting
func.func @broadcasting(%a: tensor<8x1x6x1xf32>, %b: tensor<7x1x5xf32>, %c: tensor<?x1x5xf32>)
    -> (tensor<*xf32>, tensor<*xi1>, tensor<*xf32>) {
  // CHECK: nngraph.add {{.*}} -> tensor<8x7x6x5xf32>
  %0 = nngraph.add %a, %b : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.greater {{.*}} -> tensor<8x7x6x5xi1>
  %1 = nngraph.greater %a, %b : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<?x?x?x?xi1>
  // A dynamic dimension broadcast against 1 stays dynamic.
  // CHECK: nngraph.mul {{.*}} -> tensor<8x?x6x5xf32>
  %2 = nngraph.mul %a, %c : (tensor<8x1x6x1xf32>, tensor<?x1x5xf32>) -> tensor<?x?x?x?xf32>
  %3 = tensor.cast %0 : tensor<?x?x?x?xf32> to tensor<*xf32>
  %4 = tensor.cast %1 : tensor<?x?x?x?xi1> to tensor<*xi1>
  %5 = tensor.cast %2 : tensor<?x?x?x?xf32> to tensor<*xf32>
  return %3, %4, %5 : tensor<*xf32>, tensor<*xi1>, tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @pooling
func.func @pooling(%x: tensor<1x3x7x7xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  // floor((7 - 3) / 2) + 1 = 3
  // CHECK: nngraph.max_pool {{.*}} -> tensor<1x3x3x3xf32>
  %0 = nngraph.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<?x?x?x?xf32>
  // ceil((7 - 2) / 2) + 1 = 4 (the last window starts inside the input)
  // CHECK: nngraph.max_pool {{.*}} -> tensor<1x3x4x4xf32>
  %1 = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x3x7x7xf32>) -> tensor<?x?x?x?xf32>
  // ceil(7 / 2) = 4 with SAME padding
  // CHECK: nngraph.avg_pool {{.*}} -> tensor<1x3x4x4xf32>
  %2 = nngraph.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, auto_pad = #nngraph.auto_pad<same_upper>} : (tensor<1x3x7x7xf32>) -> tensor<?x?x?x?xf32>
  // dilation 2: effective kernel 5, (7 - 5) + 1 = 3
  // CHECK: nngraph.max_pool {{.*}} -> tensor<1x3x3x3xf32>
  %3 = nngraph.max_pool %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.global_avg_pool {{.*}} -> tensor<1x3x1x1xf32>
  %4 = nngraph.global_avg_pool %x : (tensor<1x3x7x7xf32>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @convolutions
func.func @convolutions(%x: tensor<2x32x15x15xf32>, %dw: tensor<32x1x3x3xf32>,
                        %g: tensor<64x8x1x1xf32>, %t: tensor<32x16x4x4xf32>)
    -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  // Depthwise, stride 2, pad 1: floor((15 + 2 - 3) / 2) + 1 = 8
  // CHECK: nngraph.conv {{.*}} -> tensor<2x32x8x8xf32>
  %0 = nngraph.conv %x, %dw {group = 32 : i64, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<2x32x15x15xf32>, tensor<32x1x3x3xf32>) -> tensor<?x?x?x?xf32>
  // Grouped 1x1 with 4 groups of 8 channels.
  // CHECK: nngraph.conv {{.*}} -> tensor<2x64x15x15xf32>
  %1 = nngraph.conv %x, %g {group = 4 : i64} : (tensor<2x32x15x15xf32>, tensor<64x8x1x1xf32>) -> tensor<?x?x?x?xf32>
  // Dilated 3x3, dilation 3: 15 - 7 + 1 = 9
  // CHECK: nngraph.conv {{.*}} -> tensor<2x32x9x9xf32>
  %2 = nngraph.conv %x, %dw {group = 32 : i64, dilations = array<i64: 3, 3>} : (tensor<2x32x15x15xf32>, tensor<32x1x3x3xf32>) -> tensor<?x?x?x?xf32>
  // Transposed, stride 2, pad 1, output_padding 1: (15-1)*2 + 4 - 2 + 1 = 31
  // CHECK: nngraph.conv_transpose {{.*}} -> tensor<2x16x31x31xf32>
  %3 = nngraph.conv_transpose %x, %t {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<2x32x15x15xf32>, tensor<32x16x4x4xf32>) -> tensor<?x?x?x?xf32>
  // An explicit output_shape wins.
  // CHECK: nngraph.conv_transpose {{.*}} -> tensor<2x16x30x30xf32>
  %4 = nngraph.conv_transpose %x, %t {strides = array<i64: 2, 2>, output_shape = array<i64: 30, 30>} : (tensor<2x32x15x15xf32>, tensor<32x16x4x4xf32>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @linear_algebra
func.func @linear_algebra(%a: tensor<4x3xf32>, %b: tensor<5x4xf32>, %x: tensor<7x1x2x3xf32>,
                          %y: tensor<6x3x8xf32>, %v: tensor<3xf32>)
    -> (tensor<?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>) {
  // CHECK: nngraph.gemm {{.*}} -> tensor<3x5xf32>
  %0 = nngraph.gemm %a, %b {trans_a = true, trans_b = true} : (tensor<4x3xf32>, tensor<5x4xf32>) -> tensor<?x?xf32>
  // Batch dimensions broadcast: 7x1 with 6 -> 7x6.
  // CHECK: nngraph.matmul {{.*}} -> tensor<7x6x2x8xf32>
  %1 = nngraph.matmul %x, %y : (tensor<7x1x2x3xf32>, tensor<6x3x8xf32>) -> tensor<?x?x?x?xf32>
  // A 1-D right operand drops the last axis.
  // CHECK: nngraph.matmul {{.*}} -> tensor<7x1x2xf32>
  %2 = nngraph.matmul %x, %v : (tensor<7x1x2x3xf32>, tensor<3xf32>) -> tensor<?x?x?xf32>
  // A 1-D left operand drops the row axis.
  // CHECK: nngraph.matmul {{.*}} -> tensor<6x8xf32>
  %3 = nngraph.matmul %v, %y : (tensor<3xf32>, tensor<6x3x8xf32>) -> tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @shape_ops
func.func @shape_ops(%x: tensor<2x3x4xf32>, %i: tensor<5x2xi64>) -> tensor<?x?xf32> {
  // CHECK: nngraph.reshape {{.*}} -> tensor<2x12xf32>
  %0 = nngraph.reshape %x {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.transpose {{.*}} -> tensor<12x2xf32>
  %1 = nngraph.transpose %0 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.unsqueeze {{.*}} -> tensor<1x12x1x2xf32>
  %2 = nngraph.unsqueeze %1 {axes = array<i64: 0, -2>} : (tensor<?x?xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.squeeze {{.*}} -> tensor<12x2xf32>
  %3 = nngraph.squeeze %2 : (tensor<?x?x?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.concat {{.*}} -> tensor<12x4xf32>
  %4 = nngraph.concat %3, %3 {axis = -1 : i64} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.split {{.*}} -> (tensor<5x4xf32>, tensor<7x4xf32>)
  %5:2 = nngraph.split %4 {split = array<i64: 5, 7>} : (tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  // Python slice semantics: [1:-1:2] of 12 = 5 elements; ends clamp.
  // CHECK: nngraph.slice {{.*}} -> tensor<5x4xf32>
  %6 = nngraph.slice %4 {starts = array<i64: 1, 0>, ends = array<i64: -1, 100>, steps = array<i64: 2, 1>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // Negative step walks backwards: [10:2:-3] = 10, 7, 4.
  // CHECK: nngraph.slice {{.*}} -> tensor<3x4xf32>
  %7 = nngraph.slice %4 {starts = array<i64: 10>, ends = array<i64: 2>, axes = array<i64: 0>, steps = array<i64: -3>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.pad {{.*}} -> tensor<15x7xf32>
  %8 = nngraph.pad %4 {pads = array<i64: 1, 2, 2, 1>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.expand {{.*}} -> tensor<3x12x4xf32>
  %9 = nngraph.expand %4 {shape = array<i64: 3, 1, 1>} : (tensor<?x?xf32>) -> tensor<?x?x?xf32>
  // CHECK: nngraph.tile {{.*}} -> tensor<24x12xf32>
  %10 = nngraph.tile %4 {repeats = array<i64: 2, 3>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.gather {{.*}} -> tensor<12x5x2xf32>
  %11 = nngraph.gather %4, %i {axis = 1 : i64} : (tensor<?x?xf32>, tensor<5x2xi64>) -> tensor<?x?x?xf32>
  // CHECK: nngraph.gather_nd {{.*}} -> tensor<5xf32>
  %12 = nngraph.gather_nd %4, %i : (tensor<?x?xf32>, tensor<5x2xi64>) -> tensor<?xf32>
  // CHECK: nngraph.shape {{.*}} -> tensor<2xi64>
  %13 = nngraph.shape %4 : (tensor<?x?xf32>) -> tensor<?xi64>
  // CHECK: nngraph.flatten {{.*}} -> tensor<1x48xf32>
  %14 = nngraph.flatten %4 {axis = 0 : i64} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %4 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @reductions_and_resize
func.func @reductions_and_resize(%x: tensor<1x3x4x5xf32>) -> tensor<?x?x?x?xf32> {
  // CHECK: nngraph.reduce_mean {{.*}} -> tensor<1x3x1x1xf32>
  %0 = nngraph.reduce_mean %x {axes = array<i64: 2, 3>} : (tensor<1x3x4x5xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.reduce_sum {{.*}} -> tensor<1x5xf32>
  %1 = nngraph.reduce_sum %x {axes = array<i64: 1, -2>, keepdims = false} : (tensor<1x3x4x5xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.reduce_prod {{.*}} -> tensor<f32>
  %2 = nngraph.reduce_prod %x {keepdims = false} : (tensor<1x3x4x5xf32>) -> tensor<f32>
  // CHECK: nngraph.argmax {{.*}} -> tensor<1x3x4x1xi64>
  %3 = nngraph.argmax %x {axis = -1 : i64} : (tensor<1x3x4x5xf32>) -> tensor<?x?x?x?xi64>
  // CHECK: nngraph.argmin {{.*}} -> tensor<1x4x5xi64>
  %4 = nngraph.argmin %x {axis = 1 : i64, keepdims = false} : (tensor<1x3x4x5xf32>) -> tensor<?x?x?xi64>
  // CHECK: nngraph.topk {{.*}} -> (tensor<1x3x2x5xf32>, tensor<1x3x2x5xi64>)
  %5:2 = nngraph.topk %x {k = 2 : i64, axis = 2 : i64} : (tensor<1x3x4x5xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xi64>)
  // floor(4 * 2.5) = 10, floor(5 * 2.5) = 12
  // CHECK: nngraph.resize {{.*}} -> tensor<1x3x10x12xf32>
  %6 = nngraph.resize %x {scales = array<f32: 1.0, 1.0, 2.5, 2.5>} : (tensor<1x3x4x5xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.resize {{.*}} -> tensor<1x3x7x9xf32>
  %7 = nngraph.resize %x {sizes = array<i64: 1, 3, 7, 9>, mode = #nngraph.resize_mode<linear>} : (tensor<1x3x4x5xf32>) -> tensor<?x?x?x?xf32>
  return %7 : tensor<?x?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @normalisation
func.func @normalisation(%x: tensor<2x8x3x3xf32>, %c: tensor<8xf32>, %s: tensor<3x3xf32>, %p: tensor<8x1x1xf32>)
    -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  // CHECK: nngraph.batch_norm {{.*}} -> tensor<2x8x3x3xf32>
  %0 = nngraph.batch_norm %x, %c, %c, %c, %c : (tensor<2x8x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.layer_norm {{.*}} -> tensor<2x8x3x3xf32>
  %1 = nngraph.layer_norm %x, %s {axis = 2 : i64} : (tensor<2x8x3x3xf32>, tensor<3x3xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.instance_norm {{.*}} -> tensor<2x8x3x3xf32>
  %2 = nngraph.instance_norm %x, %c, %c : (tensor<2x8x3x3xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.lrn {{.*}} -> tensor<2x8x3x3xf32>
  %3 = nngraph.lrn %x {size = 3 : i64} : (tensor<2x8x3x3xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.prelu {{.*}} -> tensor<2x8x3x3xf32>
  %4 = nngraph.prelu %x, %p : (tensor<2x8x3x3xf32>, tensor<8x1x1xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.log_softmax {{.*}} -> tensor<2x8x3x3xf32>
  %5 = nngraph.log_softmax %x {axis = 1 : i64} : (tensor<2x8x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}
