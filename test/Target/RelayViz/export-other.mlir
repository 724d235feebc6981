// IR as other importers write it (MXNet: dense_resource weights, gemm with a
// bias, convolution with a bias) exports: weights become Const nodes with
// array values, the gemm's C and the conv's bias a third Call argument; the
// result imports back to the same operations and operands.
// RUN: nngraph-translate --export-relayviz %s > %t.json
// RUN: FileCheck %s < %t.json
// RUN: nngraph-translate --import-relayviz %t.json | FileCheck %s --check-prefix=IMPORT

// CHECK: "node_kind": "Const",
// CHECK-NEXT: "name": "fc_weight",
// CHECK: "array_value": [
// CHECK-NEXT: 1.0,
// CHECK-NEXT: 2.0
// CHECK: "name": "nn.dense"
// CHECK: "name": "fc",
// CHECK-NEXT: "op": 5,
// CHECK-NEXT: "args": [
// CHECK-NEXT: 0,
// CHECK-NEXT: 4,
// CHECK-NEXT: 1
// CHECK-NEXT: ]
// CHECK-NOT: "add"
// CHECK: "name": "nn.conv2d"
// CHECK-NOT: "nn.bias_add"
// CHECK: "name": "conv",
// CHECK-NEXT: "op": 7,
// CHECK-NEXT: "args": [
// CHECK-NEXT: 2,
// CHECK-NEXT: 3,
// CHECK-NEXT: 1
// CHECK-NEXT: ]
// CHECK: "node_kind": "Function",

// IMPORT: %[[W:.*]] = nngraph.constant dense<[
// IMPORT-SAME: [1.000000e+00, 2.000000e+00]
// IMPORT: nngraph.gemm %arg0, %[[W]], %arg1 {trans_b = true}
// IMPORT-NOT: nngraph.add
// IMPORT: nngraph.conv %arg2, %arg3, %arg1 {
// IMPORT-NOT: nngraph.reshape
// IMPORT-NOT: nngraph.add

func.func @main(%x: tensor<1x2xf32> {nngraph.name = "data"}, %b: tensor<1xf32> {nngraph.name = "fc_bias"}, %img: tensor<1x1x3x3xf32> {nngraph.name = "img"}, %cw: tensor<1x1x1x1xf32> {nngraph.name = "cw"}) -> (tensor<1x1xf32>, tensor<1x1x3x3xf32>) {
  %w = nngraph.constant dense_resource<fc_weight> : tensor<1x2xf32> loc("fc_weight")
  %y = nngraph.gemm %x, %w, %b {trans_b = true} : (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>) -> tensor<1x1xf32> loc("fc")
  %c = nngraph.conv %img, %cw, %b : (tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x3x3xf32> loc("conv")
  return %y, %c : tensor<1x1xf32>, tensor<1x1x3x3xf32>
}

{-#
  dialect_resources: {
    builtin: {
      fc_weight: "0x040000000000803F00000040"
    }
  }
#-}
