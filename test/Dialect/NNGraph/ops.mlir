// RUN: nngraph-opt %s --verify-roundtrip | FileCheck %s
// RUN: nngraph-opt %s --mlir-print-op-generic | nngraph-opt | FileCheck %s

// Every nngraph operation parses, verifies, prints and parses back.

// CHECK-LABEL: func.func @constant_and_custom
func.func @constant_and_custom(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xi64>) {
  // CHECK: nngraph.constant dense<1.000000e+00> : tensor<2x3xf32>
  %c = nngraph.constant dense<1.0> : tensor<2x3xf32>
  // CHECK: nngraph.constant dense_resource<blob> : tensor<2xi32>
  %r = nngraph.constant dense_resource<blob> : tensor<2xi32>
  // CHECK: nngraph.custom "_contrib_Foo"(%{{.*}}, %{{.*}}) {domain = "mxnet", source_attrs = {alpha = "0.5", kernel = "(3, 3)"}}
  // CHECK-SAME: (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xi64>)
  %a, %b = nngraph.custom "_contrib_Foo"(%x, %c) {domain = "mxnet", source_attrs = {alpha = "0.5", kernel = "(3, 3)"}} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xi64>)
  // CHECK: nngraph.custom "Source"() : () -> (tensor<?x?xf32>, tensor<*xf32>)
  %s:2 = nngraph.custom "Source"() : () -> (tensor<?x?xf32>, tensor<*xf32>)
  return %a, %b : tensor<2x3xf32>, tensor<4xi64>
}

// CHECK-LABEL: func.func @kernel_call
func.func @kernel_call(%x: tensor<1x3xf32>, %w: tensor<4x3xf32>) -> tensor<1x4xf32> {
  // CHECK: nngraph.kernel_call "fused_nn_dense"(%{{.*}}, %{{.*}}) {device_index = array<i64: 1>, extra_attrs = {hash = "c0ffee"}, flatten_data = false, num_inputs = 2 : i64, num_outputs = 1 : i64, runtime = "tvm", storage_ids = array<i64: 3>}
  // CHECK-SAME: (tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x4xf32>
  %y = nngraph.kernel_call "fused_nn_dense"(%x, %w) {runtime = "tvm", num_inputs = 2 : i64, num_outputs = 1 : i64, flatten_data = false, storage_ids = array<i64: 3>, device_index = array<i64: 1>, extra_attrs = {hash = "c0ffee"}} : (tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x4xf32>
  // CHECK: nngraph.kernel_call "__nop"() {flatten_data = true, num_inputs = 0 : i64, num_outputs = 0 : i64, runtime = "tvm"} : () -> ()
  nngraph.kernel_call "__nop"() {runtime = "tvm", num_inputs = 0 : i64, num_outputs = 0 : i64, flatten_data = true} : () -> ()
  return %y : tensor<1x4xf32>
}

// CHECK-LABEL: func.func @print
func.func @print(%x: tensor<2x3xf32>) {
  // CHECK: nngraph.print %{{.*}} {message = "tensor2:"} : tensor<2x3xf32>
  nngraph.print %x {message = "tensor2:"} : tensor<2x3xf32>
  // CHECK: nngraph.print %{{.*}} {file = "out.txt", message = "", style = "plain"} : tensor<2x3xf32>
  nngraph.print %x {message = "", style = "plain", file = "out.txt"} : tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @identity_like
func.func @identity_like(%x: tensor<2x3xf32>) -> tensor<2x3xi32> {
  // CHECK: nngraph.identity
  %0 = nngraph.identity %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.dropout %{{.*}} {ratio = 2.500000e-01 : f32}
  %1 = nngraph.dropout %0 {ratio = 0.25 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.cast {{.*}} -> tensor<2x3xi32>
  %2 = nngraph.cast %1 : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return %2 : tensor<2x3xi32>
}

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<2x3xf32>, %i: tensor<4xi32>) -> tensor<2x3xf32> {
  // CHECK: nngraph.relu
  %0 = nngraph.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.sigmoid
  %1 = nngraph.sigmoid %0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.tanh
  %2 = nngraph.tanh %1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.softplus
  %3 = nngraph.softplus %2 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.softsign
  %4 = nngraph.softsign %3 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.exp
  %5 = nngraph.exp %4 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.log
  %6 = nngraph.log %5 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.sqrt
  %7 = nngraph.sqrt %6 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.rsqrt
  %8 = nngraph.rsqrt %7 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.reciprocal
  %9 = nngraph.reciprocal %8 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.erf
  %10 = nngraph.erf %9 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.floor
  %11 = nngraph.floor %10 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.ceil
  %12 = nngraph.ceil %11 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.round
  %13 = nngraph.round %12 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.neg
  %14 = nngraph.neg %13 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.abs %{{.*}} : (tensor<4xi32>) -> tensor<4xi32>
  %15 = nngraph.abs %i : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK: nngraph.sign %{{.*}} : (tensor<4xi32>) -> tensor<4xi32>
  %sg = nngraph.sign %15 : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK: nngraph.sign %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %sf = nngraph.sign %14 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.leaky_relu %{{.*}} {alpha = 1.000000e-01 : f32}
  %16 = nngraph.leaky_relu %14 {alpha = 0.1 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.elu
  %17 = nngraph.elu %16 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.selu
  %18 = nngraph.selu %17 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.gelu %{{.*}} {approximate = #nngraph.gelu_approximation<tanh>}
  %19 = nngraph.gelu %18 {approximate = #nngraph.gelu_approximation<tanh>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.hard_sigmoid
  %20 = nngraph.hard_sigmoid %19 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.clip %{{.*}} {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32}
  %21 = nngraph.clip %20 {min = 0.0 : f32, max = 6.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %21 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %s: tensor<1xf32>) -> tensor<2x3xi1> {
  // CHECK: nngraph.add {{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.sub
  %1 = nngraph.sub %0, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.mul
  %2 = nngraph.mul %1, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.div
  %3 = nngraph.div %2, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.pow
  %4 = nngraph.pow %3, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.max
  %5 = nngraph.max %4, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.min
  %6 = nngraph.min %5, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.prelu
  %7 = nngraph.prelu %6, %s : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.equal {{.*}} -> tensor<2x3xi1>
  %8 = nngraph.equal %7, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.not_equal
  %9 = nngraph.not_equal %7, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.less
  %10 = nngraph.less %7, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.less_equal
  %11 = nngraph.less_equal %7, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.greater
  %12 = nngraph.greater %7, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.greater_equal
  %13 = nngraph.greater_equal %7, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.where {{.*}} : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %14 = nngraph.where %13, %7, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %12 : tensor<2x3xi1>
}

// CHECK-LABEL: func.func @nn
func.func @nn(%x: tensor<1x4x8x8xf32>, %w: tensor<8x2x3x3xf32>, %b: tensor<8xf32>,
              %wt: tensor<8x4x2x2xf32>, %c: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  // CHECK: nngraph.conv {{.*}} {dilations = array<i64: 1, 1>, group = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
  %0 = nngraph.conv %x, %w, %b {strides = array<i64: 2, 2>, dilations = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, group = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: nngraph.conv {{.*}} {auto_pad = #nngraph.auto_pad<same_upper>}
  %1 = nngraph.conv %x, %wt {auto_pad = #nngraph.auto_pad<same_upper>} : (tensor<1x4x8x8xf32>, tensor<8x4x2x2xf32>) -> tensor<1x8x8x8xf32>
  // CHECK: nngraph.conv_transpose
  %2 = nngraph.conv_transpose %0, %wt {strides = array<i64: 2, 2>} : (tensor<1x8x4x4xf32>, tensor<8x4x2x2xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: nngraph.batch_norm
  %3 = nngraph.batch_norm %0, %b, %c, %b, %c {epsilon = 1.0e-3 : f32} : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: nngraph.instance_norm
  %4 = nngraph.instance_norm %3, %b, %c : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: nngraph.lrn %{{.*}} {size = 5 : i64}
  %5 = nngraph.lrn %4 {size = 5 : i64} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: nngraph.max_pool {{.*}} {ceil_mode = true, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>}
  %6 = nngraph.max_pool %5 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x8x4x4xf32>) -> tensor<1x8x2x2xf32>
  // CHECK: nngraph.avg_pool %{{.*}} {count_include_pad = true
  %7 = nngraph.avg_pool %5 {kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x8x4x4xf32>) -> tensor<1x8x5x5xf32>
  // CHECK: nngraph.global_max_pool
  %8 = nngraph.global_max_pool %5 : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  // CHECK: nngraph.global_avg_pool
  %9 = nngraph.global_avg_pool %5 : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  // CHECK: nngraph.softmax %{{.*}} {axis = 1 : i64}
  %10 = nngraph.softmax %5 {axis = 1 : i64} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  // CHECK: nngraph.log_softmax
  %11 = nngraph.log_softmax %10 : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %11 : tensor<1x8x4x4xf32>
}

// CHECK-LABEL: func.func @linear
func.func @linear(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>, %c: tensor<3xf32>,
                  %x: tensor<5x2x4xf32>, %y: tensor<4x6xf32>, %s: tensor<4xf32>) -> tensor<5x2x6xf32> {
  // CHECK: nngraph.gemm {{.*}} {alpha = 5.000000e-01 : f32, trans_b = true} : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = nngraph.gemm %a, %b, %c {trans_b = true, alpha = 0.5 : f32} : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.matmul {{.*}} : (tensor<5x2x4xf32>, tensor<4x6xf32>) -> tensor<5x2x6xf32>
  %1 = nngraph.matmul %x, %y : (tensor<5x2x4xf32>, tensor<4x6xf32>) -> tensor<5x2x6xf32>
  // CHECK: nngraph.layer_norm
  %2 = nngraph.layer_norm %x, %s, %s {axis = -1 : i64} : (tensor<5x2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<5x2x4xf32>
  return %1 : tensor<5x2x6xf32>
}

// CHECK-LABEL: func.func @tensor_ops
func.func @tensor_ops(%x: tensor<2x3x4xf32>, %i: tensor<5xi64>, %j: tensor<2x2xi32>) -> tensor<24xf32> {
  // CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 6, -1>}
  %0 = nngraph.reshape %x {shape = array<i64: 6, -1>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK: nngraph.flatten
  %1 = nngraph.flatten %x {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK: nngraph.unsqueeze
  %2 = nngraph.unsqueeze %1 {axes = array<i64: 0, 3>} : (tensor<6x4xf32>) -> tensor<1x6x4x1xf32>
  // CHECK: nngraph.squeeze
  %3 = nngraph.squeeze %2 : (tensor<1x6x4x1xf32>) -> tensor<6x4xf32>
  // CHECK: nngraph.transpose %{{.*}} {perm = array<i64: 2, 0, 1>}
  %4 = nngraph.transpose %x {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // CHECK: nngraph.concat
  %5 = nngraph.concat %x, %x {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  // CHECK: nngraph.split {{.*}} -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  %6:2 = nngraph.split %x {axis = 1 : i64, split = array<i64: 1, 2>} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  // CHECK: nngraph.slice
  %7 = nngraph.slice %x {starts = array<i64: 0, 1>, ends = array<i64: 1, 3>, axes = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<1x3x2xf32>
  // CHECK: nngraph.pad %{{.*}} {mode = #nngraph.pad_mode<reflect>
  %8 = nngraph.pad %x {pads = array<i64: 0, 1, 1, 0, 1, 1>, mode = #nngraph.pad_mode<reflect>} : (tensor<2x3x4xf32>) -> tensor<2x5x6xf32>
  // CHECK: nngraph.expand
  %9 = nngraph.expand %x {shape = array<i64: 5, 1, 1, 1>} : (tensor<2x3x4xf32>) -> tensor<5x2x3x4xf32>
  // CHECK: nngraph.tile
  %10 = nngraph.tile %x {repeats = array<i64: 1, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  // CHECK: nngraph.gather
  %11 = nngraph.gather %x, %i {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x5xf32>
  // CHECK: nngraph.gather_nd
  %12 = nngraph.gather_nd %x, %j : (tensor<2x3x4xf32>, tensor<2x2xi32>) -> tensor<2x4xf32>
  // CHECK: nngraph.gather_nd {{.*}} {tuples_first = true}
  %g12 = nngraph.gather_nd %x, %j {tuples_first = true} : (tensor<2x3x4xf32>, tensor<2x2xi32>) -> tensor<2x4xf32>
  // CHECK: nngraph.shape
  %13 = nngraph.shape %x : (tensor<2x3x4xf32>) -> tensor<3xi64>
  // CHECK: nngraph.resize {{.*}}mode = #nngraph.resize_mode<linear>
  %14 = nngraph.resize %x {scales = array<f32: 1.0, 2.0, 2.0>, mode = #nngraph.resize_mode<linear>} : (tensor<2x3x4xf32>) -> tensor<2x6x8xf32>
  // CHECK: nngraph.one_hot
  %15 = nngraph.one_hot %i {depth = 10 : i64} : (tensor<5xi64>) -> tensor<5x10xf32>
  // CHECK: nngraph.topk
  %16:2 = nngraph.topk %x {k = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
  // CHECK: nngraph.reduce_sum
  %17 = nngraph.reduce_sum %x {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  // CHECK: nngraph.reduce_mean
  %18 = nngraph.reduce_mean %x {keepdims = false} : (tensor<2x3x4xf32>) -> tensor<f32>
  // CHECK: nngraph.reduce_max
  %19 = nngraph.reduce_max %x {axes = array<i64: -1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.reduce_min
  %20 = nngraph.reduce_min %x {axes = array<i64: 0>} : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32>
  // CHECK: nngraph.reduce_prod
  %21 = nngraph.reduce_prod %x {axes = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
  // CHECK: nngraph.argmax
  %22 = nngraph.argmax %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x1x4xi64>
  // CHECK: nngraph.argmin
  %23 = nngraph.argmin %x {axis = -1 : i64, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x3xi64>
  // CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 24>}
  %24 = nngraph.reshape %x {shape = array<i64: 24>} : (tensor<2x3x4xf32>) -> tensor<24xf32>
  return %24 : tensor<24xf32>
}

// CHECK-LABEL: func.func @detection
func.func @detection(%b: tensor<2x8x6xf32>) -> tensor<2x8x6xf32> {
  // CHECK: nngraph.box_nms %{{.*}} {id_index = 0 : i64, in_format = #nngraph.box_format<center>, topk = 2 : i64}
  %0 = nngraph.box_nms %b {id_index = 0 : i64, topk = 2 : i64, in_format = #nngraph.box_format<center>} : (tensor<2x8x6xf32>) -> tensor<2x8x6xf32>
  return %0 : tensor<2x8x6xf32>
}

// CHECK-LABEL: func.func @roi_align
func.func @roi_align(%x: tensor<1x4x8x8xf32>, %r: tensor<5x4xf32>, %i: tensor<5xi64>, %m: tensor<5x5xf32>) -> tensor<5x4x2x3xf32> {
  // CHECK: nngraph.roi_align %{{.*}}, %{{.*}}, %{{.*}} {half_pixel = false, mode = #nngraph.roi_pool_mode<max>, output_height = 2 : i64, output_width = 3 : i64}
  %0 = nngraph.roi_align %x, %r, %i {mode = #nngraph.roi_pool_mode<max>, output_height = 2 : i64, output_width = 3 : i64, half_pixel = false} : (tensor<1x4x8x8xf32>, tensor<5x4xf32>, tensor<5xi64>) -> tensor<5x4x2x3xf32>
  // CHECK: nngraph.roi_align %{{.*}}, %{{.*}} {half_pixel = false} : (tensor<1x4x8x8xf32>, tensor<5x5xf32>)
  %1 = nngraph.roi_align %x, %m {half_pixel = false} : (tensor<1x4x8x8xf32>, tensor<5x5xf32>) -> tensor<5x4x1x1xf32>
  return %0 : tensor<5x4x2x3xf32>
}

// Dynamic dimensions are allowed and refined by the declared result type.
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%x: tensor<?x3xf32>, %y: tensor<3xf32>) -> tensor<4x3xf32> {
  // CHECK: nngraph.add {{.*}} : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %0 = nngraph.add %x, %y : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  // Squeeze without axes of a dynamic shape has an unknown result rank, so
  // any result rank is accepted.
  // CHECK: nngraph.squeeze {{.*}} : (tensor<?x3xf32>) -> tensor<3xf32>
  %1 = nngraph.squeeze %x : (tensor<?x3xf32>) -> tensor<3xf32>
  return %0 : tensor<4x3xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}
