// RUN: nngraph-opt %s --nngraph-profile-layers --split-input-file --verify-diagnostics | FileCheck %s

// Each nngraph op that does work moves into a private noinline function,
// called between the runtime hooks with its id; the module records the
// table id -> (node name, op). Constants are cloned into the layers that
// use them; shape-only ops, prints and ops of other dialects stay, untimed.

// CHECK-LABEL: module attributes {nngraph.profile_layers = [
// CHECK-SAME: {name = "conv1", op = "nngraph.conv"},
// CHECK-SAME: {name = "relu1", op = "nngraph.relu"},
// CHECK-SAME: {name = "scale", op = "nngraph.mul"},
// CHECK-SAME: {name = "layer3", op = "nngraph.add"}]}
// CHECK-DAG: func.func private @nngraph_profile_begin(i64)
// CHECK-DAG: func.func private @nngraph_profile_end(i64)

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x4x4xf32>, %[[W:.*]]: tensor<2x1x3x3xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @nngraph_profile_begin(%[[C0]]) : (i64) -> ()
// CHECK-NEXT: %[[CONV:.*]] = call @nngraph_layer0_conv1(%[[X]], %[[W]]) {no_inline}
// CHECK-NEXT: call @nngraph_profile_end(%[[C0]]) : (i64) -> ()
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @nngraph_profile_begin(%[[C1]])
// CHECK-NEXT: %[[RELU:.*]] = call @nngraph_layer1_relu1(%[[CONV]]) {no_inline}
// CHECK-NEXT: call @nngraph_profile_end(%[[C1]])
// The reshape is shape-only: not timed.
// CHECK-NEXT: %[[FLAT:.*]] = nngraph.reshape %[[RELU]]
// The constant operand stays out of the signature.
// CHECK: call @nngraph_profile_begin
// CHECK-NEXT: %[[MUL:.*]] = call @nngraph_layer2_scale(%[[FLAT]]) {no_inline} : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: call @nngraph_profile_end
// CHECK: nngraph.print %[[MUL]]
// An op without a node name is named by its id; a value used twice is
// passed once.
// CHECK: call @nngraph_profile_begin
// CHECK-NEXT: %[[ADD:.*]] = call @nngraph_layer3_layer3(%[[MUL]]) {no_inline}
// CHECK-NEXT: call @nngraph_profile_end
// CHECK-NEXT: arith.constant 1.0
// CHECK-NEXT: %[[NEG:.*]] = arith.negf
// CHECK-NEXT: return %[[ADD]], %[[NEG]]

// CHECK: func.func private @nngraph_layer0_conv1(%{{.*}}: tensor<1x1x4x4xf32>, %{{.*}}: tensor<2x1x3x3xf32>) -> tensor<1x2x2x2xf32> attributes {passthrough = ["noinline"]}
// CHECK-NEXT: nngraph.conv
// CHECK-NEXT: return
// CHECK: func.func private @nngraph_layer2_scale(%[[A:.*]]: tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[K:.*]] = nngraph.constant dense<2.000000e+00> : tensor<1xf32>
// CHECK-NEXT: %[[M:.*]] = nngraph.mul %[[A]], %[[K]]
// CHECK-NEXT: return %[[M]]
func.func @main(%x: tensor<1x1x4x4xf32>, %w: tensor<2x1x3x3xf32>) -> (tensor<1x8xf32>, f32) {
  %0 = nngraph.conv %x, %w : (tensor<1x1x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x2x2xf32> loc("conv1")
  %1 = nngraph.relu %0 : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> loc("relu1")
  %2 = nngraph.reshape %1 {shape = array<i64: 1, 8>} : (tensor<1x2x2x2xf32>) -> tensor<1x8xf32> loc("flat")
  %k = nngraph.constant dense<2.0> : tensor<1xf32> loc("k")
  %3 = nngraph.mul %2, %k : (tensor<1x8xf32>, tensor<1xf32>) -> tensor<1x8xf32> loc("scale")
  nngraph.print %3 {message = "scaled"} : tensor<1x8xf32>
  %4 = nngraph.add %3, %3 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %c = arith.constant 1.0 : f32
  %5 = arith.negf %c : f32
  return %4, %5 : tensor<1x8xf32>, f32
}

// -----

// A module is instrumented once.
// expected-error @+1 {{nngraph-profile-layers: the module is already instrumented}}
module attributes {nngraph.profile_layers = []} {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = nngraph.relu %x : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// The hooks' names are reserved.
module {
  // expected-error @+1 {{nngraph-profile-layers: 'nngraph_profile_begin' is the name of a runtime hook of type '(i64) -> ()'}}
  func.func private @nngraph_profile_begin(f32)
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = nngraph.relu %x : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
