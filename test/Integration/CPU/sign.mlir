// nngraph.sign (ONNX Sign) compiled by nngraph-cpu-pipeline and run by the
// JIT: -1, 0 or 1 per element, as numpy's sign (the ONNX reference): -0.0
// gives +0, NaN stays NaN; integers likewise.
// RUN: nngraph-opt %s --nngraph-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @main() {
  %x = nngraph.constant dense<[-2.5, -0.0, 0.0, 3.0, 0x7FC00000]> : tensor<5xf32>
  %s = nngraph.sign %x : (tensor<5xf32>) -> tensor<5xf32>
  %us = tensor.cast %s : tensor<5xf32> to tensor<*xf32>
  // CHECK: Unranked Memref
  // CHECK-SAME: sizes = [5]
  // CHECK-NEXT: [-1,  0,  0,  1,  {{-?nan}}]
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  %i = nngraph.constant dense<[-7, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %si = nngraph.sign %i : (tensor<4xi64>) -> tensor<4xi64>
  %ui = tensor.cast %si : tensor<4xi64> to tensor<*xi64>
  // CHECK: Unranked Memref
  // CHECK-SAME: sizes = [4]
  // CHECK-NEXT: [-1,  0,  1,  -1]
  call @printMemrefI64(%ui) : (tensor<*xi64>) -> ()
  return
}
