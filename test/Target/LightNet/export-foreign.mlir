// IR from another format (MXNet-style: dense_resource weights, splat
// constants, arguments without LightNet attributes) exports: weights become
// `create` with from_file, splats inline data, rank-4 conv weights.
// RUN: nngraph-translate --export-lightnet %s | FileCheck %s
// CHECK: "name": "data",
// CHECK: "optype": "create",
// CHECK: "arg_name": "from_file",
// CHECK-NEXT: "value": false
// CHECK: "name": "conv0_weight",
// CHECK: "name": "conv0_weight"
// CHECK: "arg_name": "from_file",
// CHECK-NEXT: "value": true
// CHECK: "name": "bias",
// CHECK: "arg_name": "data",
// CHECK-NEXT: "value": [
// CHECK-NEXT: 0
// CHECK-NEXT: ]
// CHECK: "optype": "conv2d",
// CHECK: "arg_name": "padding",
// CHECK-NEXT: "value": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK: "optype": "relu",
module {
  func.func @main(%x: tensor<1x3x8x8xf32> {nngraph.name = "data"}) -> tensor<1x4x8x8xf32> {
    %w = nngraph.constant dense_resource<conv0_weight> : tensor<4x3x3x3xf32> loc("conv0_weight")
    %b = nngraph.constant dense<0.0> : tensor<4xf32> loc("bias")
    %c = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32> loc("conv0")
    %r = nngraph.relu %c : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> loc("relu0")
    return %r : tensor<1x4x8x8xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      conv0_weight: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
