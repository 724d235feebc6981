// nngraph-lift-weight-transforms splits each graph function into
// <name>_prepare (the work on weights and constants only) and the function
// proper, which takes the prepared tensors. Inputs are graphs lowered the
// way nngraph-cpu-pipeline lowers them before the split.
// RUN: nngraph-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(convert-nngraph-to-linalg),canonicalize,func.func(nngraph-fuse-elementwise),cse,nngraph-lift-weight-transforms)" | FileCheck %s

// A convolution with bias: the FCHW -> HWCF permutation of the weight moves
// to @conv_prepare; the bias, which is only broadcast (to the whole
// activation: preparing it would expand it), stays a raw argument.
// CHECK-LABEL: func.func @conv(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32> {nngraph.role = "input"},
// CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<4xf32> {nngraph.role = "weight"},
// CHECK-SAME: %[[P:[a-z0-9]+]]: tensor<3x3x2x4xf32> {bufferization.writable = false})
// CHECK-SAME: nngraph.prepare = {function = @conv_prepare, kept_args = array<i64: 0, 2>, prepared_types = [tensor<3x3x2x4xf32>], weight_args = array<i64: 1>}
// CHECK: linalg.generic {{.*}} ins(%[[B]] : tensor<4xf32>)
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %[[P]] : tensor<1x4x4x2xf32>, tensor<3x3x2x4xf32>)
// CHECK-LABEL: func.func @conv_prepare(
// CHECK-SAME: %[[W:[a-z0-9]+]]: tensor<4x2x3x3xf32> {nngraph.role = "weight"}) -> tensor<3x3x2x4xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x3x2x4xf32>
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[W]] : tensor<4x2x3x3xf32>) outs(%[[E]] : tensor<3x3x2x4xf32>)
// CHECK: return %[[T]] : tensor<3x3x2x4xf32>
func.func @conv(%x: tensor<1x2x4x4xf32> {nngraph.role = "input"},
                %w: tensor<4x2x3x3xf32> {nngraph.role = "weight"},
                %b: tensor<4xf32> {nngraph.role = "weight"}) -> tensor<1x4x2x2xf32> {
  %c = nngraph.conv %x, %w, %b : (tensor<1x2x4x4xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
  return %c : tensor<1x4x2x2xf32>
}

// -----

// A weight read both raw (added to a data input) and transformed (the
// convolution's permutation): the raw argument stays beside the prepared
// one.
// CHECK-LABEL: func.func @raw_and_transformed(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>,
// CHECK-SAME: %[[W:[a-z0-9]+]]: tensor<4x2x3x3xf32> {nngraph.role = "weight"},
// CHECK-SAME: %[[D:[a-z0-9]+]]: tensor<4x2x3x3xf32>,
// CHECK-SAME: %[[P:[a-z0-9]+]]: tensor<3x3x2x4xf32> {bufferization.writable = false})
// CHECK-SAME: nngraph.prepare = {function = @raw_and_transformed_prepare, kept_args = array<i64: 0, 1, 2>, prepared_types = [tensor<3x3x2x4xf32>], weight_args = array<i64: 1>}
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %[[P]] :
// CHECK: linalg.generic {{.*}} ins(%[[W]], %[[D]] :
// CHECK-LABEL: func.func @raw_and_transformed_prepare(
// CHECK-SAME: tensor<4x2x3x3xf32> {nngraph.role = "weight"}) -> tensor<3x3x2x4xf32>
func.func @raw_and_transformed(%x: tensor<1x2x4x4xf32>,
                               %w: tensor<4x2x3x3xf32> {nngraph.role = "weight"},
                               %d: tensor<4x2x3x3xf32>) -> (tensor<1x4x2x2xf32>, tensor<4x2x3x3xf32>) {
  %c = nngraph.conv %x, %w : (tensor<1x2x4x4xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x2x2xf32>
  %s = nngraph.add %w, %d : (tensor<4x2x3x3xf32>, tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
  return %c, %s : tensor<1x4x2x2xf32>, tensor<4x2x3x3xf32>
}

// -----

// Constant weights (what an importer given a weights file makes: blobs):
// the permutation and the constant it reads move to a prepare function
// without arguments; nothing is folded at compile time. The depthwise
// weight (C, 1, KH, KW) is permuted to (KH, KW, C, 1) in @constants_prepare
// and collapsed (a view, left in @constants) to (KH, KW, C).
// CHECK-LABEL: func.func @constants(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>,
// CHECK-SAME: %[[P:[a-z0-9]+]]: tensor<3x3x2x1xf32> {bufferization.writable = false})
// CHECK-SAME: nngraph.prepare = {function = @constants_prepare, kept_args = array<i64: 0>, prepared_types = [tensor<3x3x2x1xf32>], weight_args = array<i64>}
// CHECK-NOT: dense_resource
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[P]] {{.*}} into tensor<3x3x2xf32>
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.*}}, %[[F]] :
// CHECK-LABEL: func.func @constants_prepare() -> tensor<3x3x2x1xf32>
// CHECK: %[[C:.*]] = arith.constant dense_resource<dw> : tensor<2x1x3x3xf32>
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<2x1x3x3xf32>)
// CHECK: return %[[T]]
func.func @constants(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %w = nngraph.constant dense_resource<dw> : tensor<2x1x3x3xf32>
  %d = nngraph.conv %x, %w {group = 2 : i64} : (tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x2x2xf32>
  return %d : tensor<1x2x2x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      dw: "0x04000000000080BF000000000000803F000080BF000000000000803F000080BF000000000000803F0000803F0000004000004040000080400000A0400000C0400000E0400000004100001041"
    }
  }
#-}

// -----

// Nothing depends on weights alone: no split. Weights read only through a
// view stay raw. Functions without results (test drivers) are not graphs.
// CHECK-LABEL: func.func @data_only(
// CHECK-NOT: nngraph.prepare
// CHECK-LABEL: func.func @view_only(
// CHECK-SAME: %{{.*}}: tensor<2x6xf32>, %{{.*}}: tensor<3x2xf32> {nngraph.role = "weight"}) -> tensor<2x6xf32> {
// CHECK-LABEL: func.func @driver(
// CHECK-NOT: _prepare
func.func @data_only(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %a = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}
func.func @view_only(%x: tensor<2x6xf32>, %w: tensor<3x2xf32> {nngraph.role = "weight"}) -> tensor<2x6xf32> {
  %r = nngraph.reshape %w {shape = array<i64: 1, 6>} : (tensor<3x2xf32>) -> tensor<1x6xf32>
  %a = nngraph.add %x, %r : (tensor<2x6xf32>, tensor<1x6xf32>) -> tensor<2x6xf32>
  return %a : tensor<2x6xf32>
}
func.func private @printMemrefF32(tensor<*xf32>)
func.func @driver() {
  %w = nngraph.constant dense<1.0> : tensor<2x1x3x3xf32>
  %x = nngraph.constant dense<2.0> : tensor<1x2x4x4xf32>
  %d = nngraph.conv %x, %w {group = 2 : i64} : (tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x2x2xf32>
  %u = tensor.cast %d : tensor<1x2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
