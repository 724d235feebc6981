// nngraph-cpu-pipeline="profile=1" outlines each layer before lowering: in
// the LLVM dialect each layer is a noinline function whose call sits between
// the runtime hooks, and the add and relu, fused in a plain build, stay
// apart.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="profile=1" | FileCheck %s

// CHECK-LABEL: llvm.func @main
// CHECK: %[[C0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: llvm.call @nngraph_profile_begin(%[[C0]]) : (i64) -> ()
// CHECK: llvm.call @nngraph_layer0_sum(
// CHECK-NEXT: llvm.call @nngraph_profile_end(%[[C0]]) : (i64) -> ()
// CHECK: llvm.call @nngraph_profile_begin(%[[C1:.*]]) : (i64) -> ()
// CHECK: llvm.call @nngraph_layer1_act(
// CHECK-NEXT: llvm.call @nngraph_profile_end(%[[C1]]) : (i64) -> ()
// CHECK: llvm.return
// CHECK: llvm.func @nngraph_layer0_sum({{.*}} attributes {passthrough = ["noinline"]
// CHECK: llvm.fadd
// CHECK-NOT: llvm.intr.maximum
// CHECK: llvm.return
// CHECK: llvm.func @nngraph_layer1_act({{.*}} attributes {passthrough = ["noinline"]
// CHECK: llvm.intr.maximum
func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %a = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32> loc("sum")
  %r = nngraph.relu %a : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("act")
  return %r : tensor<2x3xf32>
}
