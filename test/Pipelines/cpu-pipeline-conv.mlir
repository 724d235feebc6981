// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vector-width=8" | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="vectorize=0" | FileCheck %s --check-prefix=LOOPS

// A convolution with bias and ReLU through the whole CPU pipeline: its inner
// loop is FMAs on 16-float vectors (the AVX2 tile's two ymm registers of
// output channels, which LLVM's x86 back end splits) in the LLVM dialect;
// with vectorize=0 it is scalar loops.
// CHECK-LABEL: llvm.func @conv_relu
// CHECK: llvm.intr.fmuladd({{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK-NOT: vector.
// CHECK-NOT: linalg.
// LOOPS-LABEL: llvm.func @conv_relu
// LOOPS-NOT: vector<
// LOOPS: llvm.fmul {{.*}} : f32
func.func @conv_relu(%x: tensor<1x8x14x14xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x14x14xf32> {
  %0 = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x14x14xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<1x16x14x14xf32>
  %1 = nngraph.relu %0 : (tensor<1x16x14x14xf32>) -> tensor<1x16x14x14xf32>
  return %1 : tensor<1x16x14x14xf32>
}
