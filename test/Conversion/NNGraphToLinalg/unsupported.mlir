// Operations that cannot be lowered are all reported in one diagnostic,
// with their node names, and nothing is rewritten.
// RUN: not nngraph-opt %s --convert-nngraph-to-linalg 2>&1 | FileCheck %s

// CHECK: error: cannot lower to linalg: nngraph.custom "QActivation" (2 nodes: 'q0', 'q1'); nngraph.kernel_call "fused_add" (1 node: 'k'){{$}}
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<*xf32>, tensor<*xf32>, tensor<4xf32>) {
  %r = nngraph.relu %x : (tensor<4xf32>) -> tensor<4xf32> loc("r")
  %q0 = nngraph.custom "QActivation"(%r) {domain = "mxnet"} : (tensor<4xf32>) -> tensor<*xf32> loc("q0")
  %q1 = nngraph.custom "QActivation"(%r) {domain = "mxnet"} : (tensor<4xf32>) -> tensor<*xf32> loc("q1")
  %k = nngraph.kernel_call "fused_add"(%r) {runtime = "tvm", num_inputs = 1 : i64, num_outputs = 1 : i64, flatten_data = false} : (tensor<4xf32>) -> tensor<4xf32> loc("k")
  return %r, %q0, %q1, %k : tensor<4xf32>, tensor<*xf32>, tensor<*xf32>, tensor<4xf32>
}
