// Softmax, log_softmax, reductions with and without keepdims, and batch
// normalization compiled by nngraph-cpu-pipeline and run by the JIT;
// expected values computed with NumPy.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = nngraph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %s = nngraph.softmax %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %us = tensor.cast %s : tensor<2x3xf32> to tensor<*xf32>
  // CHECK: {{\[}}[0.0900306,   0.244728,   0.665241],
  // CHECK-NEXT: [0.0900306,   0.244728,   0.665241]]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  %l = nngraph.log_softmax %x {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %ul = tensor.cast %l : tensor<2x3xf32> to tensor<*xf32>
  // CHECK: {{\[}}[-3.04859,   -3.04859,   -3.04859],
  // CHECK-NEXT: [-0.0485873,   -0.0485873,   -0.0485873]]
  call @printMemrefF32(%ul) : (tensor<*xf32>) -> ()
  %m = nngraph.reduce_mean %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %um = tensor.cast %m : tensor<2x1xf32> to tensor<*xf32>
  // CHECK: {{\[}}[2],
  // CHECK-NEXT: [5]]
  call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  %p = nngraph.reduce_max %x {keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  %up = tensor.cast %p : tensor<f32> to tensor<*xf32>
  // CHECK: [6]
  call @printMemrefF32(%up) : (tensor<*xf32>) -> ()
  %x4 = nngraph.constant dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>
  %g = nngraph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %b = nngraph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mu = nngraph.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %v = nngraph.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %bn = nngraph.batch_norm %x4, %g, %b, %mu, %v {epsilon = 0.0 : f32} : (tensor<1x2x1x1xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
  %ub = tensor.cast %bn : tensor<1x2x1x1xf32> to tensor<*xf32>
  // (1-1)*2/2+0.5, (2-1)*3/0.5-1
  // CHECK: {{\[\[\[\[}}0.5]],
  // CHECK-NEXT: {{\[\[}}5]]]]
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
