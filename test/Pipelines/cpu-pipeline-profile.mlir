// nngraph-cpu-pipeline="profile=1" times the kernels of the program that
// runs unprofiled: the add and relu fuse into one kernel as in a plain
// build, and that kernel's call sits between the runtime hooks, labelled
// with both layers.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="profile=1" | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: module attributes {nngraph.profile_layers = [{name = "sum+act", op = "nngraph.add+nngraph.relu"}]}
// CHECK-LABEL: llvm.func @main
// CHECK: %[[C0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: llvm.call @nngraph_profile_begin(%[[C0]]) : (i64) -> ()
// CHECK-NEXT: llvm.call @main_kernel_0(
// CHECK-NEXT: llvm.call @nngraph_profile_end(%[[C0]]) : (i64) -> ()
// CHECK-NOT: llvm.call @nngraph_profile
// CHECK: llvm.return
// CHECK: llvm.func @main_kernel_0({{.*}} attributes {passthrough = ["noinline"]
// CHECK: llvm.fadd
// CHECK: llvm.intr.maximum
// PLAIN-NOT: nngraph_profile
// PLAIN-NOT: nngraph.profile
func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %a = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32> loc("sum")
  %r = nngraph.relu %a : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("act")
  return %r : tensor<2x3xf32>
}
