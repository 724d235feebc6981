// MatMul and Gemm compiled by nngraph-cpu-pipeline and run by the JIT;
// expected values computed with NumPy.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %a = nngraph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = nngraph.constant dense<[[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]]> : tensor<2x3xf32>
  %c = nngraph.constant dense<[10.0, 20.0]> : tensor<2xf32>
  // a @ b.T + c = [[-2, 4], [-2, 13]] + [10, 20]
  %g = nngraph.gemm %a, %b, %c {trans_b = true} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %ug = tensor.cast %g : tensor<2x2xf32> to tensor<*xf32>
  // CHECK: {{\[}}[8,   24],
  // CHECK-NEXT: [8,   33]]
  call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  // Batched with a broadcast 2-D right operand: (2,2,3) x (3,2).
  %x = nngraph.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]]]> : tensor<2x2x3xf32>
  %w = nngraph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %m = nngraph.matmul %x, %w : (tensor<2x2x3xf32>, tensor<3x2xf32>) -> tensor<2x2x2xf32>
  %um = tensor.cast %m : tensor<2x2x2xf32> to tensor<*xf32>
  // CHECK: {{\[}}{{\[}}[22,    28],
  // CHECK-NEXT: [49,    64]],
  // CHECK-NEXT: {{\[}}[3,    4],
  // CHECK-NEXT: [6,    8]]]
  call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  return
}
