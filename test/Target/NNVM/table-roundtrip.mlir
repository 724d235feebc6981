// Every row of the NNVM operator table that writes an operation, in both
// directions: one operation of each exportable kind (and each special form:
// scalar folds, fix_gamma, MXNet's "full" pooling, the three slicing forms,
// dot and batch_dot) is exported under the MXNet and the NNVM flavour and
// imported back; the re-imported function has the same operations and
// attributes (attributes at their default value print elided), and a second
// round trip changes nothing.
// RUN: nngraph-translate --export-nnvm --nnvm-flavor=mxnet %s -o %t.mx.json
// RUN: nngraph-translate --import-nnvm %t.mx.json -o %t.mx.mlir
// RUN: FileCheck %s --input-file=%t.mx.mlir
// RUN: nngraph-translate --export-nnvm %t.mx.mlir | nngraph-translate --import-nnvm | diff %t.mx.mlir -
// RUN: nngraph-translate --export-nnvm --nnvm-flavor=nnvm %s -o %t.nnvm.json
// RUN: FileCheck %s --check-prefix=NNVM --input-file=%t.nnvm.json
// RUN: nngraph-translate --import-nnvm %t.nnvm.json -o %t.nnvm.mlir
// RUN: FileCheck %s --input-file=%t.nnvm.mlir
// RUN: nngraph-translate --export-nnvm %t.nnvm.mlir | nngraph-translate --import-nnvm | diff %t.nnvm.mlir -

// NNVM: "op": "relu"
// NNVM: "op": "sigmoid"
// NNVM: "op": "tanh"
// NNVM: "op": "Activation"
// NNVM: "op": "conv2d"
// NNVM: "op": "batch_norm"
// NNVM: "op": "dense"
// NNVM: "op": "max_pool2d"
// NNVM: "op": "avg_pool2d"
// NNVM: "op": "global_max_pool2d"
// NNVM: "op": "global_avg_pool2d"
// NNVM: "op": "flatten"
// NNVM: "op": "reshape"
// NNVM: "op": "split"
// NNVM: "op": "concatenate"

func.func @main(%x: tensor<2x3xf32> {nngraph.name = "x"},
                %y: tensor<2x3xf32> {nngraph.name = "y"},
                %img: tensor<1x4x8x8xf32> {nngraph.name = "img"},
                %w: tensor<4x4x3x3xf32> {nngraph.name = "w"},
                %wb: tensor<4xf32> {nngraph.name = "wb"},
                %slope: tensor<4x1x1xf32> {nngraph.name = "slope"},
                %fw: tensor<5x3xf32> {nngraph.name = "fw"},
                %fb: tensor<5xf32> {nngraph.name = "fb"},
                %t3: tensor<2x3x4xf32> {nngraph.name = "t3"},
                %t4: tensor<2x4x5xf32> {nngraph.name = "t4"},
                %m: tensor<3x4xf32> {nngraph.name = "m"},
                %idx: tensor<3xf32> {nngraph.name = "idx"},
                %boxes: tensor<1x8x6xf32> {nngraph.name = "boxes"},
                %rois: tensor<3x5xf32> {nngraph.name = "rois"})
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x4x8x8xf32>, tensor<2x3xi32>,
        tensor<1x4x8x8xf32>, tensor<2x5xf32>, tensor<1x4x4x4xf32>,
        tensor<1x4x1x1xf32>, tensor<1x256xf32>, tensor<2x12xf32>,
        tensor<2x3x4xf32>, tensor<2x1x3xf32>, tensor<2x3xf32>,
        tensor<2x1x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>,
        tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x3x8xf32>,
        tensor<2x5x6xf32>, tensor<2x4xf32>, tensor<2x1x4xf32>,
        tensor<3xi64>, tensor<2x4xf32>, tensor<2x3x5xf32>, tensor<3x7xf32>,
        tensor<1x4x16x16xf32>, tensor<2x3xf32>, tensor<1x8x6xf32>,
        tensor<2x3x4xf32>, tensor<3x4x2x2xf32>) {
  // CHECK-LABEL: func.func @main
  // Elementwise: binary, scalar folds, comparisons, where.
  // CHECK: nngraph.add
  %0 = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.sub
  %1 = nngraph.sub %0, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.mul
  %2 = nngraph.mul %1, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.div
  %3 = nngraph.div %2, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.pow
  %4 = nngraph.pow %3, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.max
  %5 = nngraph.max %4, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.min
  %6 = nngraph.min %5, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: %[[TWO:.*]] = nngraph.constant dense<2.000000e+00> : tensor<f32>
  // CHECK: nngraph.add %{{.*}}, %[[TWO]]
  %c2 = nngraph.constant dense<2.0> : tensor<f32>
  %7 = nngraph.add %6, %c2 : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: %[[THREE:.*]] = nngraph.constant dense<3.000000e+00> : tensor<f32>
  // CHECK: nngraph.sub %[[THREE]], %{{.*}}
  %c3 = nngraph.constant dense<3.0> : tensor<f32>
  %8 = nngraph.sub %c3, %7 : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.equal
  %e0 = nngraph.equal %8, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.not_equal
  %e1 = nngraph.not_equal %8, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.less
  %e2 = nngraph.less %8, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.less_equal
  %e3 = nngraph.less_equal %8, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.greater
  %e4 = nngraph.greater %8, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.greater_equal
  %e5 = nngraph.greater_equal %8, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: nngraph.where
  %9 = nngraph.where %e0, %8, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = nngraph.where %e1, %9, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = nngraph.where %e2, %10, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %12 = nngraph.where %e3, %11, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %13 = nngraph.where %e4, %12, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %14 = nngraph.where %e5, %13, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // Unary operations and activations.
  // CHECK: nngraph.relu
  %u0 = nngraph.relu %14 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.sigmoid
  %u1 = nngraph.sigmoid %u0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.tanh
  %u2 = nngraph.tanh %u1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.softplus
  %u3 = nngraph.softplus %u2 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.softsign
  %u4 = nngraph.softsign %u3 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.leaky_relu %{{.*}} {alpha = 1.000000e-01 : f32}
  %u5 = nngraph.leaky_relu %u4 {alpha = 0.1 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.elu %{{.*}} {alpha = 5.000000e-01 : f32}
  %u6 = nngraph.elu %u5 {alpha = 0.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.selu
  %u7 = nngraph.selu %u6 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.gelu
  %u8 = nngraph.gelu %u7 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.exp
  %u9 = nngraph.exp %u8 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.log
  %u10 = nngraph.log %u9 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.sqrt
  %u11 = nngraph.sqrt %u10 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.rsqrt
  %u12 = nngraph.rsqrt %u11 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.reciprocal
  %u13 = nngraph.reciprocal %u12 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.neg
  %u14 = nngraph.neg %u13 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.abs
  %u15 = nngraph.abs %u14 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.sign
  %sg = nngraph.sign %u15 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.floor
  %u16 = nngraph.floor %sg : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.ceil
  %u17 = nngraph.ceil %u16 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.round
  %u18 = nngraph.round %u17 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.erf
  %u19 = nngraph.erf %u18 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.clip %{{.*}} {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32}
  %u20 = nngraph.clip %u19 {min = 0.0 : f32, max = 6.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.identity
  %u21 = nngraph.identity %u20 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.dropout %{{.*}} {ratio = 3.000000e-01 : f32}
  %u22 = nngraph.dropout %u21 {ratio = 0.3 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.cast %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %u23 = nngraph.cast %u22 : (tensor<2x3xf32>) -> tensor<2x3xi32>
  // Neural-network operations.
  // CHECK: nngraph.prelu
  %p = nngraph.prelu %img, %slope : (tensor<1x4x8x8xf32>, tensor<4x1x1xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: nngraph.conv %{{.*}} {dilations = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}
  %conv = nngraph.conv %p, %w, %wb {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, group = 1 : i64} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: nngraph.conv_transpose %{{.*}} {dilations = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}
  %deconv = nngraph.conv_transpose %conv, %w {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, group = 1 : i64} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: nngraph.batch_norm %{{.*}} {epsilon = 1.000000e-03 : f32}
  %bn = nngraph.batch_norm %deconv, %wb, %wb, %wb, %wb {epsilon = 1.0e-3 : f32} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // fix_gamma: a gamma of ones that only the BatchNorm reads.
  // CHECK: %[[ONES:.*]] = nngraph.constant dense<1.000000e+00> : tensor<4xf32>
  // CHECK: nngraph.batch_norm %{{.*}}, %[[ONES]], {{.*}} {epsilon = 2.000000e-05 : f32}
  %ones = nngraph.constant dense<1.0> : tensor<4xf32>
  %bn2 = nngraph.batch_norm %bn, %ones, %wb, %wb, %wb {epsilon = 2.0e-5 : f32} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: nngraph.lrn %{{.*}} {alpha = 2.000000e-04 : f32, beta = 5.000000e-01 : f32, bias = 1.500000e+00 : f32, size = 3 : i64}
  %lrn = nngraph.lrn %bn2 {size = 3 : i64, alpha = 2.0e-4 : f32, beta = 0.5 : f32, bias = 1.5 : f32} : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: nngraph.gemm %{{.*}} {trans_b = true}
  %fc = nngraph.gemm %x, %fw, %fb {trans_b = true} : (tensor<2x3xf32>, tensor<5x3xf32>, tensor<5xf32>) -> tensor<2x5xf32>
  // MXNet's "full" convention: the exact end pads of a known size.
  // CHECK: nngraph.max_pool %{{.*}} {kernel_shape = array<i64: 3, 3>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>}
  %mp = nngraph.max_pool %lrn {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, ceil_mode = false} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  // CHECK: nngraph.avg_pool %{{.*}} {count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}
  %ap = nngraph.avg_pool %mp {kernel_shape = array<i64: 3, 3>, strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  // CHECK: nngraph.global_max_pool
  %gmp = nngraph.global_max_pool %ap : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  // CHECK: nngraph.global_avg_pool
  %gap = nngraph.global_avg_pool %gmp : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  // CHECK: nngraph.softmax %{{.*}} {axis = 0 : i64}
  %sm = nngraph.softmax %fc {axis = 0 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  // CHECK: nngraph.log_softmax %{{.*}} : (tensor<2x5xf32>)
  %lsm = nngraph.log_softmax %sm {axis = -1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  // CHECK: nngraph.resize %{{.*}} {coordinate_transform = #nngraph.coordinate_transform<asymmetric>, nearest_mode = #nngraph.nearest_mode<floor>, scales = array<f32: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>}
  %up = nngraph.resize %p {scales = array<f32: 1.0, 1.0, 2.0, 2.0>, coordinate_transform = #nngraph.coordinate_transform<asymmetric>, nearest_mode = #nngraph.nearest_mode<floor>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x16x16xf32>
  // Tensor operations.
  // CHECK: nngraph.flatten %{{.*}} : (tensor<1x4x8x8xf32>) -> tensor<1x256xf32>
  %fl = nngraph.flatten %lrn {axis = 1 : i64} : (tensor<1x4x8x8xf32>) -> tensor<1x256xf32>
  // CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 2, 12>}
  %rs = nngraph.reshape %t3 {shape = array<i64: 2, 12>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  // CHECK: nngraph.transpose %{{.*}} {perm = array<i64: 0, 2, 1>}
  %tr = nngraph.transpose %t3 {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  // CHECK: nngraph.transpose %{{.*}} {perm = array<i64: 0, 2, 1>}
  %tr2 = nngraph.transpose %tr {perm = array<i64: 0, 2, 1>} : (tensor<2x4x3xf32>) -> tensor<2x3x4xf32>
  // CHECK: nngraph.unsqueeze %{{.*}} {axes = array<i64: 1>}
  %us = nngraph.unsqueeze %x {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
  // CHECK: nngraph.squeeze %{{.*}} {axes = array<i64: 1>}
  %sq = nngraph.squeeze %us {axes = array<i64: 1>} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  // CHECK: nngraph.split %{{.*}} {axis = 1 : i64, split = array<i64: 1, 1, 1>}
  %sp:3 = nngraph.split %tr2 {axis = 1 : i64, split = array<i64: 1, 1, 1>} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>)
  // CHECK: nngraph.concat %{{.*}} {axis = 1 : i64}
  %cc = nngraph.concat %sp#1, %sp#2 {axis = 1 : i64} : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x2x4xf32>
  // slice_axis, reverse and slice.
  // CHECK: nngraph.slice %{{.*}} {axes = array<i64: 1>, ends = array<i64: 3>, starts = array<i64: 1>}
  %sl = nngraph.slice %t3 {starts = array<i64: 1>, ends = array<i64: 3>, axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  // CHECK: nngraph.slice %{{.*}} {axes = array<i64: 1>, ends = array<i64: -9223372036854775808>, starts = array<i64: -1>, steps = array<i64: -1>}
  %rv = nngraph.slice %t3 {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -1>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: nngraph.slice %{{.*}} {axes = array<i64: 0, 1>, ends = array<i64: 9223372036854775807, 3>, starts = array<i64: 0, 1>, steps = array<i64: 1, 1>}
  %sl2 = nngraph.slice %rv {starts = array<i64: 0, 1>, ends = array<i64: 9223372036854775807, 3>, axes = array<i64: 0, 1>, steps = array<i64: 1, 1>} : (tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  // CHECK: nngraph.tile %{{.*}} {repeats = array<i64: 1, 1, 2>}
  %tl = nngraph.tile %t3 {repeats = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x8xf32>
  // CHECK: nngraph.pad %{{.*}} {pads = array<i64: 0, 1, 1, 0, 1, 1>, value = 5.000000e-01 : f32}
  %pd = nngraph.pad %t3 {pads = array<i64: 0, 1, 1, 0, 1, 1>, mode = #nngraph.pad_mode<constant>, value = 0.5 : f32} : (tensor<2x3x4xf32>) -> tensor<2x5x6xf32>
  // CHECK: nngraph.reduce_sum %{{.*}} {axes = array<i64: 1>, keepdims = false}
  %r0 = nngraph.reduce_sum %t3 {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  // CHECK: nngraph.reduce_mean %{{.*}} {axes = array<i64: 1>} :
  %r1 = nngraph.reduce_mean %t3 {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  // CHECK: nngraph.reduce_max %{{.*}} {axes = array<i64: 1>} :
  %r2 = nngraph.reduce_max %r1 {axes = array<i64: 1>, keepdims = true} : (tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  // CHECK: nngraph.reduce_min %{{.*}} {axes = array<i64: 1>} :
  %r3 = nngraph.reduce_min %r2 {axes = array<i64: 1>, keepdims = true} : (tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  // CHECK: nngraph.reduce_prod %{{.*}} {axes = array<i64: 1>} :
  %r4 = nngraph.reduce_prod %r3 {axes = array<i64: 1>, keepdims = true} : (tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  // CHECK: nngraph.shape
  %shp = nngraph.shape %t3 : (tensor<2x3x4xf32>) -> tensor<3xi64>
  // dot and batch_dot.
  // CHECK: nngraph.matmul %{{.*}} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %mm = nngraph.matmul %x, %m : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  // CHECK: nngraph.matmul %{{.*}} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %bmm = nngraph.matmul %t3, %t4 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: nngraph.one_hot %{{.*}} {depth = 7 : i64, on_value = 2.000000e+00 : f32}
  %oh = nngraph.one_hot %idx {depth = 7 : i64, axis = -1 : i64, on_value = 2.0 : f32, off_value = 0.0 : f32} : (tensor<3xf32>) -> tensor<3x7xf32>
  // CHECK: nngraph.layer_norm %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>
  %ln = nngraph.layer_norm %t3, %wb, %wb {axis = -1 : i64, epsilon = 1.0e-5 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: nngraph.roi_align %{{.*}}, %{{.*}} {output_height = 2 : i64, output_width = 2 : i64, sampling_ratio = 2 : i64, spatial_scale = 5.000000e-01 : f32}
  %roi = nngraph.roi_align %img, %rois {output_height = 2 : i64, output_width = 2 : i64, sampling_ratio = 2 : i64, spatial_scale = 0.5 : f32} : (tensor<1x4x8x8xf32>, tensor<3x5xf32>) -> tensor<3x4x2x2xf32>
  // CHECK: nngraph.box_nms %{{.*}} {id_index = 0 : i64, in_format = #nngraph.box_format<center>, topk = 4 : i64}
  %nms = nngraph.box_nms %boxes {id_index = 0 : i64, topk = 4 : i64, in_format = #nngraph.box_format<center>} : (tensor<1x8x6xf32>) -> tensor<1x8x6xf32>
  return %u20, %u22, %conv, %u23, %bn2, %lsm, %ap, %gap, %fl, %rs, %tr2, %us, %sq, %sp#0, %cc, %sl, %rv, %sl2, %tl, %pd, %r0, %r4, %shp, %mm, %bmm, %oh, %up, %14, %nms, %ln, %roi : tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x4x8x8xf32>, tensor<2x3xi32>, tensor<1x4x8x8xf32>, tensor<2x5xf32>, tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>, tensor<1x256xf32>, tensor<2x12xf32>, tensor<2x3x4xf32>, tensor<2x1x3xf32>, tensor<2x3xf32>, tensor<2x1x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x3x8xf32>, tensor<2x5x6xf32>, tensor<2x4xf32>, tensor<2x1x4xf32>, tensor<3xi64>, tensor<2x4xf32>, tensor<2x3x5xf32>, tensor<3x7xf32>, tensor<1x4x16x16xf32>, tensor<2x3xf32>, tensor<1x8x6xf32>, tensor<2x3x4xf32>, tensor<3x4x2x2xf32>
}
