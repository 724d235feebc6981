// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vector-width=8 lower-to-llvm=0" | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vector-width=8 winograd=0 lower-to-llvm=0" | FileCheck %s --check-prefix=DIRECT
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vector-width=8" | FileCheck %s --check-prefix=LLVM

// A 3x3 convolution with bias and ReLU whose weights are weights: the
// filter transform (by the 36x9 constant) runs in the prepare function;
// the graph function transforms the input, multiplies (the matmul
// schedule's vector.contract lowered to FMAs) and transforms the output
// with the bias; the ReLU goes with the permutation back to NCHW (an
// epilogue that reads the convolution through a permutation stays a
// separate tile loop); no convolution is left. With winograd=0 the direct
// schedule.
// CHECK-LABEL: func.func @conv_relu(
// CHECK-NOT: linalg.conv
// CHECK: scf.for
// CHECK: vector.fma {{.*}} : vector<8xf32>
// CHECK: arith.maximumf {{.*}} : vector<8x1x8xf32>
// CHECK-LABEL: func.func @conv_relu_prepare(
// CHECK: memref.get_global {{.*}} : memref<36x9xf32>
// DIRECT-LABEL: func.func @conv_relu(
// DIRECT-NOT: memref<36x
// DIRECT-LABEL: func.func @conv_relu_prepare(
// DIRECT-NOT: memref<36x
// LLVM-LABEL: llvm.func @conv_relu(
// LLVM: llvm.intr.fmuladd({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// LLVM-LABEL: llvm.func @conv_relu_prepare(
// LLVM-NOT: vector.
// LLVM-NOT: linalg.
func.func @conv_relu(%x: tensor<1x16x16x16xf32>,
                     %w: tensor<16x16x3x3xf32> {nngraph.role = "weight"},
                     %b: tensor<16xf32> {nngraph.role = "weight"}) -> tensor<1x16x16x16xf32> {
  %0 = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x16x16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>) -> tensor<1x16x16x16xf32>
  %1 = nngraph.relu %0 : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %1 : tensor<1x16x16x16xf32>
}
