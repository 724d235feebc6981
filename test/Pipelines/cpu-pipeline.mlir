// nngraph-cpu-pipeline reaches the LLVM dialect; its stages can be cut.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="lower-to-llvm=false" | FileCheck %s --check-prefix=LOOPS

// CHECK-LABEL: llvm.func @main
// CHECK-NOT: nngraph.
// CHECK-NOT: linalg.
// CHECK: llvm.fadd
// CHECK: llvm.intr.maximum

// Without the last stage: loops on buffers, the add and relu fused into one
// loop nest.
// LOOPS-LABEL: func.func @main
// LOOPS-SAME: memref<2x3xf32>
// LOOPS: scf.for
// LOOPS: scf.for
// LOOPS: arith.addf
// LOOPS-NEXT: arith.maximumf
// LOOPS-NOT: scf.for
func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %a = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %r = nngraph.relu %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
