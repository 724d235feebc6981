// A typed operation in a form its lowering does not take (here pools with
// dynamic spatial sizes) is reported like the operations without a
// lowering: every such node by name, with the types of the form, in the
// one diagnostic, and nothing is rewritten (before, the conversion stopped
// at the first one with "failed to legalize operation", no node name).
// RUN: not nngraph-opt %s --convert-nngraph-to-linalg 2>&1 | FileCheck %s

// CHECK: error: cannot lower to linalg: nngraph.max_pool on (tensor<1x2x?x5xf32>) -> (tensor<1x2x?x3xf32>) (2 nodes: 'p0', 'p1'); nngraph.custom "Q" (1 node: 'q'){{$}}
// CHECK-NOT: failed to legalize
func.func @main(%x: tensor<1x2x?x5xf32>) -> (tensor<1x2x?x3xf32>, tensor<1x2x?x3xf32>, tensor<*xf32>, tensor<1x2x?x5xf32>) {
  %r = nngraph.relu %x : (tensor<1x2x?x5xf32>) -> tensor<1x2x?x5xf32> loc("r")
  %p0 = nngraph.max_pool %r {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, auto_pad = #nngraph.auto_pad<same_upper>} : (tensor<1x2x?x5xf32>) -> tensor<1x2x?x3xf32> loc("p0")
  %q = nngraph.custom "Q"(%r) {domain = "mxnet"} : (tensor<1x2x?x5xf32>) -> tensor<*xf32> loc("q")
  %p1 = nngraph.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, auto_pad = #nngraph.auto_pad<same_upper>} : (tensor<1x2x?x5xf32>) -> tensor<1x2x?x3xf32> loc("p1")
  return %p0, %p1, %q, %r : tensor<1x2x?x3xf32>, tensor<1x2x?x3xf32>, tensor<*xf32>, tensor<1x2x?x5xf32>
}
