// Parallel loops on 2 OpenMP threads give the numbers of sequential ones:
// through mlir-runner (with libomp among its shared libraries), and through
// nngraph-run --threads, whose JIT loads libomp itself.
// REQUIRES: openmp
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp \
// RUN: | FileCheck %s
// RUN: nngraph-opt %s --nngraph-cpu-pipeline="threads=1" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

// nngraph-run: 1 and 2 threads write the same bytes, and they are
// exp(x / 2) + 1 of the input.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', (np.arange(4096, dtype=np.float32).reshape(64, 64) - 2048) / 1024)"
// RUN: nngraph-run %S/Inputs/forall-kernel.mlir --input arg0=%t/x.npy --threads 2 --output-dir %t/2 | FileCheck %s --check-prefix=JIT
// RUN: nngraph-run %S/Inputs/forall-kernel.mlir --input arg0=%t/x.npy --threads 1 --output-dir %t/1 | FileCheck %s --check-prefix=JIT
// RUN: env NNGRAPH_NUM_THREADS=2 nngraph-run %S/Inputs/forall-kernel.mlir --input arg0=%t/x.npy --output-dir %t/env | FileCheck %s --check-prefix=JIT
// RUN: cmp %t/1/output0.npy %t/2/output0.npy
// RUN: cmp %t/1/output0.npy %t/env/output0.npy
// RUN: %python -c "import numpy as np; x = np.load('%t/x.npy'); y = np.load('%t/2/output0.npy'); assert np.allclose(y, np.exp(x / 2) + 1, rtol=1e-6), abs(y - np.exp(x / 2) - 1).max()"
// A model on threads: the MLP's dense layers, whose matmul schedule's tiles
// the threads share, write the bytes of one thread.
// RUN: nngraph-run %S/../../Numerics/Inputs/mlp-symbol.json --input-shape data=16x784 --threads 2 --output-dir %t/mlp2 | FileCheck %s --check-prefix=MLP
// RUN: nngraph-run %S/../../Numerics/Inputs/mlp-symbol.json --input-shape data=16x784 --threads 1 --output-dir %t/mlp1 | FileCheck %s --check-prefix=MLP
// RUN: cmp %t/mlp1/hybridsequential0_dense2_fwd_output.npy %t/mlp2/hybridsequential0_dense2_fwd_output.npy
// MLP: output hybridsequential0_dense2_fwd_output: float32 [16, 10] min -24.0313 max 22.5119 mean 0.121427

// JIT-LABEL: output output0: float32 [64, 64]
// JIT-SAME: min 1.36788 max 3.71695 mean 2.17491

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func private @printMemrefF32(tensor<*xf32>)

// Rows in parallel: y = 2x + row sum, with a temporary buffer per row.
func.func @kernel(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %init = tensor.empty() : tensor<4x3xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> tensor<4x3xf32> {
    %xs = tensor.extract_slice %x[%i, 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<1x3xf32>
    %os = tensor.extract_slice %o[%i, 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<1x3xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
    %sum = linalg.reduce ins(%xs : tensor<1x3xf32>) outs(%z : tensor<1xf32>) dimensions = [1]
      (%a: f32, %acc: f32) {
        %s = arith.addf %a, %acc : f32
        linalg.yield %s : f32
      }
    %y = linalg.generic {indexing_maps = [#map, affine_map<(d0, d1) -> (d0)>, #map],
                         iterator_types = ["parallel", "parallel"]}
        ins(%xs, %sum : tensor<1x3xf32>, tensor<1xf32>) outs(%os : tensor<1x3xf32>) {
    ^bb0(%a: f32, %s: f32, %unused: f32):
      %two = arith.constant 2.0 : f32
      %m = arith.mulf %a, %two : f32
      %r = arith.addf %m, %s : f32
      linalg.yield %r : f32
    } -> tensor<1x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<4x3xf32>
    }
  }
  return %r : tensor<4x3xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0],
                             [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %r = call @kernel(%x) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %u = tensor.cast %r : tensor<4x3xf32> to tensor<*xf32>
  // CHECK: Unranked Memref
  // CHECK-SAME: sizes = [4, 3]
  // CHECK-NEXT: {{\[}}[8,   10,   12],
  // CHECK-NEXT: [23,   25,   27],
  // CHECK-NEXT: [38,   40,   42],
  // CHECK-NEXT: [53,   55,   57]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
