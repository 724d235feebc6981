// Elementwise nngraph operations with broadcasting, compiled by
// nngraph-cpu-pipeline and run by the JIT.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = nngraph.constant dense<[[-1.0, 2.0, -3.0], [4.0, -5.0, 6.0]]> : tensor<2x3xf32>
  %b = nngraph.constant dense<[0.5, 1.0, 1.5]> : tensor<3xf32>
  %two = nngraph.constant dense<2.0> : tensor<f32>
  %a = nngraph.add %x, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %m = nngraph.mul %a, %two : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %r = nngraph.relu %m : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %u = tensor.cast %r : tensor<2x3xf32> to tensor<*xf32>
  // (x + b) * 2, negatives cut to 0.
  // CHECK: Unranked Memref
  // CHECK-SAME: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[0,   6,   0],
  // CHECK-NEXT: [9,   0,   15]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %s = nngraph.sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = nngraph.tanh %s : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = nngraph.erf %t : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %g = nngraph.greater %x, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %w = nngraph.where %g, %x, %e : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %uw = tensor.cast %w : tensor<2x3xf32> to tensor<*xf32>
  // x where x > b, else erf(tanh(sigmoid(x))).
  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[}}[0.28968{{[0-9]*}},   2,   0.05343{{[0-9]*}}],
  // CHECK-NEXT: [4,   0.00755{{[0-9]*}},   6]]
  call @printMemrefF32(%uw) : (tensor<*xf32>) -> ()
  return
}
