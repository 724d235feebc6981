// RUN: nngraph-run %s --target cuda --random-inputs 1 --output-dir %t.gpu | FileCheck %s
// RUN: nngraph-run %s --random-inputs 1 --output-dir %t.cpu | FileCheck %s
// RUN: %python -c "import numpy as n; a=n.load('%t.gpu/out.npy'); b=n.load('%t.cpu/out.npy'); assert n.abs(a-b).max() <= 1e-5, n.abs(a-b).max(); print('agree')" | FileCheck %s --check-prefix=SAME

// A two-layer MLP with softmax on the GPU: the same outputs as the CPU.
// CHECK: output out: float32 [4, 10]
// SAME: agree
func.func @mlp(%x: tensor<4x64xf32> {nngraph.name = "x"}, %w1: tensor<64x32xf32> {nngraph.name = "w1", nngraph.role = "weight"}, %w2: tensor<32x10xf32> {nngraph.name = "w2", nngraph.role = "weight"}) -> tensor<4x10xf32> attributes {nngraph.output_names = ["out"]} {
  %0 = nngraph.matmul %x, %w1 : (tensor<4x64xf32>, tensor<64x32xf32>) -> tensor<4x32xf32>
  %1 = nngraph.tanh %0 : (tensor<4x32xf32>) -> tensor<4x32xf32>
  %2 = nngraph.matmul %1, %w2 : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
  %3 = nngraph.softmax %2 {axis = 1 : i64} : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %3 : tensor<4x10xf32>
}
