// RUN: nngraph-opt %s --nngraph-profile-layers --split-input-file --verify-diagnostics --mlir-print-debuginfo | FileCheck %s

// The graph half of per-layer profiling: the layers of each public function
// are listed in graph order on the module (node name, op); a layer without
// a node name gets one ("layer<i>", around its location). Constants,
// shape-only ops, prints and ops of other dialects are not layers. The
// graph itself is unchanged (nngraph-profile-kernels times the kernels
// made of it).

// CHECK-LABEL: module attributes {nngraph.profile_ops = [
// CHECK-SAME: {name = "conv1", op = "nngraph.conv"},
// CHECK-SAME: {name = "relu1", op = "nngraph.relu"},
// CHECK-SAME: {name = "scale", op = "nngraph.mul"},
// CHECK-SAME: {name = "layer3", op = "nngraph.add"}]}
// CHECK-NOT: call
// CHECK: nngraph.conv {{.*}} loc(#[[CONV:.*]])
// CHECK: nngraph.add {{.*}} loc(#[[ADD:.*]])
// CHECK-NOT: call
// CHECK-DAG: #[[CONV]] = loc("conv1")
// CHECK-DAG: #[[ADD]] = loc("layer3"(#{{.*}}))
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
