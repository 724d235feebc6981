// --test-graph-summary lists what a format conversion must keep: sources
// (graph inputs and non-splat constants alike, sorted by name), operations
// with node name, operands by producer name and result types, and outputs.
// RUN: nngraph-translate --test-graph-summary %s | FileCheck %s

// CHECK:      source w : tensor<2x2xf32>
// CHECK-NEXT: source x : tensor<2x2xf32>
// CHECK-NEXT: one = nngraph.constant() : tensor<f32>
// CHECK-NEXT: add = nngraph.add(x, one) : tensor<2x2xf32>
// CHECK-NEXT: mm = nngraph.matmul(add, w) : tensor<2x2xf32>
// CHECK-NEXT: split = nngraph.split(mm) : tensor<1x2xf32> tensor<1x2xf32>
// CHECK-NEXT: nms = custom:_contrib_box_nms(split#1) : tensor<*xf32>
// CHECK-NEXT: output y = split#0 : tensor<1x2xf32>
// CHECK-NEXT: output nms_output = nms : tensor<*xf32>
func.func @main(%x: tensor<2x2xf32> {nngraph.name = "x"}) -> (tensor<1x2xf32>, tensor<*xf32>) attributes {nngraph.output_names = ["y", "nms_output"]} {
  %w = nngraph.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32> loc("w")
  %one = nngraph.constant dense<1.0> : tensor<f32> loc("one")
  %a = nngraph.add %x, %one : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32> loc("add")
  %m = nngraph.matmul %a, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("mm")
  %s:2 = nngraph.split %m {axis = 0 : i64, split = array<i64: 1, 1>} : (tensor<2x2xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>) loc("split")
  %n = nngraph.custom "_contrib_box_nms"(%s#1) {domain = "mxnet"} : (tensor<1x2xf32>) -> tensor<*xf32> loc("nms")
  return %s#0, %n : tensor<1x2xf32>, tensor<*xf32>
}
