// Intermediates in one arena (nngraph-plan-buffers, on by default): a chain
// of convolutions with two skip connections, so that activations stay live
// across the layers that reuse the bytes of dead ones; with a wrong plan the
// residual adds would read overwritten values. Run with and without the
// plan; the expected values were computed with NumPy (float64, direct
// loops). The IR check: the intermediates are views of one arena, allocated
// once per call, and nothing else is allocated.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline=plan-buffers=0 \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline=lower-to-llvm=0 \
// RUN: | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @main
// IR: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}xi8>
// IR-NOT: memref.alloc
// IR: memref.view %[[ARENA]]
// IR-NOT: memref.alloc
// IR: memref.dealloc %[[ARENA]]
// IR-NOT: memref.alloc

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = nngraph.constant dense<[[[[-3.0, -2.0, -1.0, 0.0], [1.0, 2.0, 3.0, -3.0], [-2.0, -1.0, 0.0, 1.0], [2.0, 3.0, -3.0, -2.0]], [[-1.0, 0.0, 1.0, 2.0], [3.0, -3.0, -2.0, -1.0], [0.0, 1.0, 2.0, 3.0], [-3.0, -2.0, -1.0, 0.0]]]]> : tensor<1x2x4x4xf32>
  %w = nngraph.constant dense<[[[[-2.0, -1.0, 0.0], [1.0, 2.0, -2.0], [-1.0, 0.0, 1.0]], [[2.0, -2.0, -1.0], [0.0, 1.0, 2.0], [-2.0, -1.0, 0.0]]], [[[1.0, 2.0, -2.0], [-1.0, 0.0, 1.0], [2.0, -2.0, -1.0]], [[0.0, 1.0, 2.0], [-2.0, -1.0, 0.0], [1.0, 2.0, -2.0]]]]> : tensor<2x2x3x3xf32>
  %v = nngraph.constant dense<[[[[0.5, -1.0, 0.0], [1.0, 0.5, -0.5], [0.0, 1.0, -1.0]], [[-0.5, 1.0, 0.5], [0.0, -1.0, 1.0], [0.5, 0.0, -0.5]]], [[[1.0, 0.0, -0.5], [0.5, -1.0, 0.0], [-1.0, 0.5, 1.0]], [[0.0, 0.5, -1.0], [1.0, 0.0, 0.5], [-0.5, 1.0, 0.0]]]]> : tensor<2x2x3x3xf32>
  %b = nngraph.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %c1 = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r1 = nngraph.relu %c1 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c2 = nngraph.conv %r1, %v, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r2 = nngraph.relu %c2 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c3 = nngraph.conv %r2, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %s = nngraph.add %c3, %r1 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c4 = nngraph.conv %s, %v {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %o = nngraph.add %c4, %r2 : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %u = tensor.cast %o : tensor<1x2x4x4xf32> to tensor<*xf32>
  // CHECK: {{\[\[\[}}[149.75,   -177.25,   -59.5,   90],
  // CHECK-NEXT: [-220,   351.75,   -253.75,   -125.75],
  // CHECK-NEXT: [-503.5,   40.5,   631,   -140],
  // CHECK-NEXT: [252.25,   -557.25,   155,   282.5]],
  // CHECK-NEXT: {{\[}}[-58.25,   -120,   82.5,   -25.25],
  // CHECK-NEXT: [128.5,   199.25,   -366.5,   169.25],
  // CHECK-NEXT: [85.5,   -53.25,   -141,   0],
  // CHECK-NEXT: [180.75,   -187.5,   170,   170.75]]]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
