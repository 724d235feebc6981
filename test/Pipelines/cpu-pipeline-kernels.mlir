// With the LLVM lowering, nngraph-cpu-pipeline outlines each loop nest into
// a kernel function right after bufferization and the buffer plan
// (nngraph-outline-kernels) and merges identical ones, so that the
// deallocation passes, the loop and vector lowerings and the conversions to
// LLVM work on each distinct kernel once, on the kernels in parallel: two
// layers with the same shapes and operations (a matmul and its ReLU) are one
// kernel called twice, lowered to LLVM (vector FMAs); a layer that differs
// has its own. The same with threads (OpenMP).
// RUN: nngraph-opt %s --nngraph-cpu-pipeline | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=2" | FileCheck %s --check-prefixes=CHECK,OMP
// RUN: nngraph-opt %s --nngraph-cpu-pipeline --mlir-print-ir-after=nngraph-outline-kernels -o /dev/null 2>&1 | FileCheck %s --check-prefix=EARLY

// The kernels are outlined before the deallocation passes and stage 5:
// still parallel tile loops of vector contractions.
// EARLY-LABEL: func.func @main
// EARLY: call @main_kernel_0(
// EARLY: call @main_kernel_0(
// EARLY: call @main_kernel_2(
// EARLY: func.func private @main_kernel_0(
// EARLY: scf.forall
// EARLY: vector.contract

// CHECK-LABEL: llvm.func @main
// CHECK: llvm.call @[[MM:main_kernel_[0-9]+]](
// CHECK: llvm.call @[[MM]](
// CHECK: llvm.call @[[LAST:main_kernel_[0-9]+]](
// CHECK-NOT: llvm.call @main_kernel
// CHECK: llvm.return
// CHECK-DAG: llvm.func @[[MM]]({{.*}}) attributes {{{.*}}passthrough = ["noinline"]
// CHECK-DAG: llvm.func @[[LAST]]({{.*}}) attributes {{{.*}}passthrough = ["noinline"]
// CHECK-DAG: llvm.intr.fmuladd({{.*}}) : (vector<{{[0-9]+}}xf32>
// CHECK-NOT: llvm.func @main_kernel
// OMP: omp.parallel
func.func @main(%x: tensor<8x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %a = nngraph.matmul %x, %w1 : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  %r = nngraph.relu %a : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %b = nngraph.matmul %r, %w2 : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  %s = nngraph.relu %b : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %m = nngraph.matmul %s, %w3 : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  return %m : tensor<8x32xf32>
}
