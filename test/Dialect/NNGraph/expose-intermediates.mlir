// RUN: nngraph-opt %s --nngraph-expose-intermediates --split-input-file | FileCheck %s

// Every named node's output becomes a graph output, in graph order, named
// like the node: the existing output keeps its name and is not added again;
// of the ops an importer made of one node (two named "fc"), the one whose
// value another node reads is the node's output; unnamed ops and constants
// are left out.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK-SAME: nngraph.output_names = ["out", "fc", "act"]
// CHECK: %[[FC:.*]] = nngraph.add
// CHECK: %[[ACT:.*]] = nngraph.relu %[[FC]]
// CHECK: %[[OUT:.*]] = nngraph.sigmoid
// CHECK: return %[[OUT]], %[[FC]], %[[ACT]]
func.func @main(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %b: tensor<4xf32>)
    -> tensor<2x4xf32> attributes {nngraph.output_names = ["out"]} {
  %c = nngraph.constant dense<1.0> : tensor<2x4xf32> loc("ones")
  %g = nngraph.gemm %x, %w {trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32> loc("fc")
  %a = nngraph.add %g, %b : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32> loc("fc")
  %r = nngraph.relu %a : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("act")
  %u = nngraph.mul %r, %c : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %s = nngraph.sigmoid %u : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("out")
  return %s : tensor<2x4xf32>
}

// -----

// A node with several outputs: <node>_output<i>, as MXNet names its
// internal outputs; result attributes grow with the results. The existing
// output, which has no nngraph.output_names, keeps the name getOutputName
// gives it (its op's node name).
// CHECK-LABEL: func.func @split
// CHECK-SAME: -> (tensor<2x2xf32> {nngraph.kept}, tensor<2x2xf32>, tensor<2x2xf32>)
// CHECK-SAME: nngraph.output_names = ["s", "s_output0", "t"]
func.func @split(%x: tensor<2x4xf32>) -> (tensor<2x2xf32> {nngraph.kept}) {
  %a, %b = nngraph.split %x {axis = 1 : i64, split = array<i64: 2, 2>} : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) loc("s")
  %t = nngraph.tanh %a : (tensor<2x2xf32>) -> tensor<2x2xf32> loc("t")
  return %b : tensor<2x2xf32>
}

// -----

// A node the importer expanded into several operations with several
// outputs (MXNet's _contrib_quantize_v2: data, min, max): its outputs are
// the values other nodes read, in the order they were built; the
// operations only the node itself reads are not outputs.
// CHECK-LABEL: func.func @expanded
// CHECK-SAME: nngraph.output_names = ["y", "q_output0", "q_output1", "q_output2"]
// CHECK: %[[HI:.*]] = nngraph.reduce_max
// CHECK: %[[Q:.*]] = nngraph.mul
// CHECK: %[[LO:.*]] = nngraph.reshape
// CHECK: %[[R:.*]] = nngraph.reshape %[[HI]]
// CHECK: return %{{.*}}, %[[Q]], %[[LO]], %[[R]]
func.func @expanded(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {nngraph.output_names = ["y"]} {
  %hi = nngraph.reduce_max %x {keepdims = false} : (tensor<4xf32>) -> tensor<f32> loc("q")
  %s = nngraph.abs %hi : (tensor<f32>) -> tensor<f32> loc("q")
  %q = nngraph.mul %x, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32> loc("q")
  %n = nngraph.neg %s : (tensor<f32>) -> tensor<f32> loc("q")
  %lo = nngraph.reshape %n {shape = array<i64: 1>} : (tensor<f32>) -> tensor<1xf32> loc("q")
  %r = nngraph.reshape %hi {shape = array<i64: 1>} : (tensor<f32>) -> tensor<1xf32> loc("q")
  %a = nngraph.add %q, %lo : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32> loc("y")
  %y = nngraph.add %a, %r : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32> loc("y")
  return %y : tensor<4xf32>
}
