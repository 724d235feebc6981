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
  %i1 = nngraph.slice %i {starts = array<i64: 0>, ends = array<i64: 1>, axes = array<i64: 0>} : (tensor<5x2xi64>) -> tensor<1x2xi64>
  // CHECK: nngraph.gather_nd {{.*}} -> tensor<2x4xf32>
  %g12 = nngraph.gather_nd %4, %i1 {tuples_first = true} : (tensor<?x?xf32>, tensor<1x2xi64>) -> tensor<?x?xf32>
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

// -----

// Every remaining elementwise operation: shapes flow through unchanged or
// broadcast; comparisons produce i1.
// CHECK-LABEL: func.func @elementwise_rest
func.func @elementwise_rest(%x: tensor<2x3xf32>, %r: tensor<3xf32>, %c: tensor<2x1xi1>) -> tensor<?x?xf32> {
  // CHECK: nngraph.sigmoid {{.*}} -> tensor<2x3xf32>
  %u0 = nngraph.sigmoid %x : (tensor<2x3xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.tanh {{.*}} -> tensor<2x3xf32>
  %u1 = nngraph.tanh %u0 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.softplus {{.*}} -> tensor<2x3xf32>
  %u2 = nngraph.softplus %u1 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.softsign {{.*}} -> tensor<2x3xf32>
  %u3 = nngraph.softsign %u2 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.exp {{.*}} -> tensor<2x3xf32>
  %u4 = nngraph.exp %u3 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.log {{.*}} -> tensor<2x3xf32>
  %u5 = nngraph.log %u4 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.sqrt {{.*}} -> tensor<2x3xf32>
  %u6 = nngraph.sqrt %u5 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.rsqrt {{.*}} -> tensor<2x3xf32>
  %u7 = nngraph.rsqrt %u6 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.reciprocal {{.*}} -> tensor<2x3xf32>
  %u8 = nngraph.reciprocal %u7 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.erf {{.*}} -> tensor<2x3xf32>
  %u9 = nngraph.erf %u8 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.floor {{.*}} -> tensor<2x3xf32>
  %u10 = nngraph.floor %u9 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.ceil {{.*}} -> tensor<2x3xf32>
  %u11 = nngraph.ceil %u10 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.round {{.*}} -> tensor<2x3xf32>
  %u12 = nngraph.round %u11 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.neg {{.*}} -> tensor<2x3xf32>
  %u13 = nngraph.neg %u12 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.abs {{.*}} -> tensor<2x3xf32>
  %u14 = nngraph.abs %u13 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.sign {{.*}} -> tensor<2x3xf32>
  %sg = nngraph.sign %u14 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.leaky_relu {{.*}} -> tensor<2x3xf32>
  %u15 = nngraph.leaky_relu %sg : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.elu {{.*}} -> tensor<2x3xf32>
  %u16 = nngraph.elu %u15 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.selu {{.*}} -> tensor<2x3xf32>
  %u17 = nngraph.selu %u16 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.gelu {{.*}} -> tensor<2x3xf32>
  %u18 = nngraph.gelu %u17 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.hard_sigmoid {{.*}} -> tensor<2x3xf32>
  %u19 = nngraph.hard_sigmoid %u18 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.clip {{.*}} -> tensor<2x3xf32>
  %u20 = nngraph.clip %u19 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.dropout {{.*}} -> tensor<2x3xf32>
  %u21 = nngraph.dropout %u20 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.identity {{.*}} -> tensor<2x3xf32>
  %u22 = nngraph.identity %u21 : (tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.sub {{.*}} -> tensor<2x3xf32>
  %b0 = nngraph.sub %r, %u22 : (tensor<3xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.div {{.*}} -> tensor<2x3xf32>
  %b1 = nngraph.div %r, %b0 : (tensor<3xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.pow {{.*}} -> tensor<2x3xf32>
  %b2 = nngraph.pow %r, %b1 : (tensor<3xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.max {{.*}} -> tensor<2x3xf32>
  %b3 = nngraph.max %r, %b2 : (tensor<3xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.min {{.*}} -> tensor<2x3xf32>
  %b4 = nngraph.min %r, %b3 : (tensor<3xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.equal {{.*}} -> tensor<2x3xi1>
  %c0 = nngraph.equal %b4, %r : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // CHECK: nngraph.not_equal {{.*}} -> tensor<2x3xi1>
  %c1 = nngraph.not_equal %b4, %r : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // CHECK: nngraph.less {{.*}} -> tensor<2x3xi1>
  %c2 = nngraph.less %b4, %r : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // CHECK: nngraph.less_equal {{.*}} -> tensor<2x3xi1>
  %c3 = nngraph.less_equal %b4, %r : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // CHECK: nngraph.greater {{.*}} -> tensor<2x3xi1>
  %c4 = nngraph.greater %b4, %r : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // CHECK: nngraph.greater_equal {{.*}} -> tensor<2x3xi1>
  %c5 = nngraph.greater_equal %b4, %r : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xi1>
  // CHECK: nngraph.where {{.*}} -> tensor<2x3xf32>
  %w = nngraph.where %c, %b4, %r : (tensor<2x1xi1>, tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  return %w : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @pool_and_reduce_rest
func.func @pool_and_reduce_rest(%x: tensor<1x2x5x5xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  // Explicit pads with ceil mode: ceil((5 + 2 - 2) / 2) + 1 = 4, but the last
  // window would start in the end padding (3 * 2 >= 5 + 1), so it is dropped
  // as in ONNX and PyTorch: 3.
  // CHECK: nngraph.avg_pool {{.*}} -> tensor<1x2x3x3xf32>
  %0 = nngraph.avg_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = true, count_include_pad = true} : (tensor<1x2x5x5xf32>) -> tensor<?x?x?x?xf32>
  // VALID padding: floor((5 - 3) / 2) + 1 = 2
  // CHECK: nngraph.max_pool {{.*}} -> tensor<1x2x2x2xf32>
  %1 = nngraph.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, auto_pad = #nngraph.auto_pad<valid>} : (tensor<1x2x5x5xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.global_max_pool {{.*}} -> tensor<1x2x1x1xf32>
  %2 = nngraph.global_max_pool %x : (tensor<1x2x5x5xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.reduce_max {{.*}} -> tensor<1x2x5x1xf32>
  %3 = nngraph.reduce_max %x {axes = array<i64: 3>} : (tensor<1x2x5x5xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: nngraph.reduce_min {{.*}} -> tensor<1x1x1x1xf32>
  %4 = nngraph.reduce_min %x : (tensor<1x2x5x5xf32>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// Operations without inference keep their declared types; shapes flow on
// from them.
// CHECK-LABEL: func.func @no_inference
func.func @no_inference(%x: tensor<2x3xf32>, %i: tensor<4xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  // CHECK: nngraph.cast {{.*}} -> tensor<2x3xf16>
  %0 = nngraph.cast %x : (tensor<2x3xf32>) -> tensor<2x3xf16>
  // CHECK: nngraph.one_hot {{.*}} -> tensor<4x5xf32>
  %1 = nngraph.one_hot %i {depth = 5 : i64} : (tensor<4xi64>) -> tensor<4x5xf32>
  // CHECK: nngraph.custom "Foo"({{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = nngraph.custom "Foo"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.relu {{.*}} -> tensor<4x5xf32>
  %3 = nngraph.relu %1 : (tensor<4x5xf32>) -> tensor<?x?xf32>
  // CHECK: nngraph.tanh {{.*}} -> tensor<2x3xf32>
  %4 = nngraph.tanh %2 : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %3, %4 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// ONNX Slice of an empty axis is empty, whatever the step (a negative step
// used to give size 1).
// CHECK-LABEL: func.func @slice_empty_axis
// CHECK: nngraph.slice {{.*}} -> tensor<0x3xf32>
// CHECK: nngraph.slice {{.*}} -> tensor<0x3xf32>
func.func @slice_empty_axis(%x: tensor<0x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %0 = nngraph.slice %x {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 0>, steps = array<i64: -1>} : (tensor<0x3xf32>) -> tensor<?x3xf32>
  %1 = nngraph.slice %x {starts = array<i64: 0>, ends = array<i64: 5>, axes = array<i64: 0>, steps = array<i64: 2>} : (tensor<0x3xf32>) -> tensor<?x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

// Arguments whose sizes follow from the data they meet are refined too: a
// batch norm's vectors from the channels, a convolution weight's input
// channels (per group), a gemm's inner size; then the results that depend
// on them.
// CHECK-LABEL: func.func @weights_from_data
// CHECK-SAME: %arg0: tensor<1x6x5x5xf32>, %arg1: tensor<6xf32>, %arg2: tensor<4x3x3x3xf32>, %arg3: tensor<2x36xf32>
// CHECK-SAME: -> tensor<1x2xf32>
// CHECK: nngraph.batch_norm {{.*}} -> tensor<1x6x5x5xf32>
// CHECK: nngraph.conv {{.*}} -> tensor<1x4x3x3xf32>
// CHECK: nngraph.gemm {{.*}} -> tensor<1x2xf32>
func.func @weights_from_data(%x: tensor<1x6x5x5xf32>, %v: tensor<?xf32>, %w: tensor<4x?x3x3xf32>, %fc: tensor<2x?xf32>) -> tensor<?x?xf32> {
  %bn = nngraph.batch_norm %x, %v, %v, %v, %v : (tensor<1x6x5x5xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<1x6x5x5xf32>
  %c = nngraph.conv %bn, %w {group = 2 : i64} : (tensor<1x6x5x5xf32>, tensor<4x?x3x3xf32>) -> tensor<?x?x?x?xf32>
  %f = nngraph.flatten %c : (tensor<?x?x?x?xf32>) -> tensor<?x?xf32>
  %g = nngraph.gemm %f, %fc {trans_b = true} : (tensor<?x?xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}

// -----

// A cast keeps its element type and takes its input's shape.
// CHECK-LABEL: func.func @cast_shape
// CHECK-SAME: -> tensor<2x3xf32>
// CHECK: nngraph.cast %arg0 : (tensor<2x3xi1>) -> tensor<2x3xf32>
func.func @cast_shape(%x: tensor<2x3xi1>) -> tensor<?x?xf32> {
  %0 = nngraph.cast %x : (tensor<2x3xi1>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
