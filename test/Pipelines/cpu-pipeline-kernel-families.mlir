// Kernels that differ only in sizes are one family after
// nngraph-cpu-pipeline (nngraph-merge-similar-kernels, its last pass): a
// matmul 8x64x96 + ReLU and a matmul 8x96x32 + ReLU come out of the
// outlining as two kernels (their bounds and strides differ), and are one
// LLVM function taking N and K as two trailing i64 arguments, called with
// (96, 64) and (32, 96); the last matmul, without a ReLU, keeps a kernel
// of its own. The same with threads (OpenMP: the bounds reach omp loops).
// RUN: nngraph-opt %s --nngraph-cpu-pipeline | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=2" | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline --mlir-print-ir-after=nngraph-outline-kernels -o /dev/null 2>&1 | FileCheck %s --check-prefix=EARLY

// EARLY-LABEL: func.func @main
// EARLY: call @main_kernel_0(
// EARLY: call @main_kernel_1(
// EARLY: call @main_kernel_2(

// CHECK-LABEL: llvm.func @main
// CHECK: %[[N0:.*]] = llvm.mlir.constant(96 : i64) : i64
// CHECK-NEXT: %[[K0:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK-NEXT: llvm.call @main_kernel_0({{.*}}, %[[N0]], %[[K0]])
// CHECK: %[[N1:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK-NEXT: %[[K1:.*]] = llvm.mlir.constant(96 : i64) : i64
// CHECK-NEXT: llvm.call @main_kernel_0({{.*}}, %[[N1]], %[[K1]])
// CHECK: llvm.call @main_kernel_2(
// CHECK-NOT: llvm.call @main_kernel
// CHECK: llvm.return
// CHECK-DAG: llvm.func @main_kernel_0({{.*}}, %{{.*}}: i64, %{{.*}}: i64) attributes {{{.*}}passthrough = ["noinline"]
// CHECK-DAG: llvm.func @main_kernel_2(
// CHECK-NOT: llvm.func @main_kernel_1(
func.func @main(%x: tensor<8x64xf32>, %w1: tensor<64x96xf32>, %w2: tensor<96x32xf32>, %w3: tensor<32x32xf32>) -> tensor<8x32xf32> {
  %a = nngraph.matmul %x, %w1 : (tensor<8x64xf32>, tensor<64x96xf32>) -> tensor<8x96xf32>
  %r = nngraph.relu %a : (tensor<8x96xf32>) -> tensor<8x96xf32>
  %b = nngraph.matmul %r, %w2 : (tensor<8x96xf32>, tensor<96x32xf32>) -> tensor<8x32xf32>
  %s = nngraph.relu %b : (tensor<8x32xf32>) -> tensor<8x32xf32>
  %m = nngraph.matmul %s, %w3 : (tensor<8x32xf32>, tensor<32x32xf32>) -> tensor<8x32xf32>
  return %m : tensor<8x32xf32>
}
