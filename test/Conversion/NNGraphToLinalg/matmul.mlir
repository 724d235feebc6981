// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// 2-D x 2-D is linalg.matmul on a zero-filled accumulator.
// CHECK-LABEL: func.func @matmul_2d
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[E:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<2x4xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[F]] : tensor<2x4xf32>)
func.func @matmul_2d(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = nngraph.matmul %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @batch
// CHECK: linalg.batch_matmul
func.func @batch(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = nngraph.matmul %a, %b : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// Broadcast batch and a 2-D right operand: a contraction generic.
// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
// CHECK-DAG: #[[$O:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$O]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @broadcast(%a: tensor<5x2x3xf32>, %b: tensor<3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = nngraph.matmul %a, %b : (tensor<5x2x3xf32>, tensor<3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// Gemm with trans_b (FullyConnected), bias and alpha.
// CHECK-LABEL: func.func @gemm
// CHECK: linalg.transpose ins(%arg1 : tensor<4x3xf32>) outs(%{{.*}} : tensor<3x4xf32>) permutation = [1, 0]
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @gemm(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = nngraph.gemm %a, %b, %c {trans_b = true, alpha = 0.5 : f32} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Half-precision products accumulate in f32, rounded once at the end.
// CHECK-LABEL: func.func @matmul_f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x3xf32>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @matmul_f16(%a: tensor<4x8xf16>, %b: tensor<8x3xf16>) -> tensor<4x3xf16> {
  %0 = nngraph.matmul %a, %b : (tensor<4x8xf16>, tensor<8x3xf16>) -> tensor<4x3xf16>
  return %0 : tensor<4x3xf16>
}

// -----

// Einsum: loops are the result's labels, then the summed ones. A batch
// matmul reads (b, i, j) and (b, j, k); a repeated label reads the diagonal
// (ellipsis axes first); "i,i" has no result label (implicit: letters named
// once, none here) and sums everything.
// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[$O:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[$DIAG:.*]] = affine_map<(d0, d1) -> (d0, d1, d1)>
// CHECK-DAG: #[[$ALL:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$NONE:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @einsum
// CHECK: linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$O]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[$DIAG]], {{.*}}], iterator_types = ["parallel", "parallel"]}
// CHECK: linalg.generic {indexing_maps = [#[[$ALL]], #[[$ALL]], #[[$NONE]]], iterator_types = ["reduction"]}
func.func @einsum(%x: tensor<5x2x3xf32>, %y: tensor<5x3x4xf32>, %d: tensor<3x5x5xf32>, %v: tensor<5xf32>) -> (tensor<5x2x4xf32>, tensor<3x5xf32>, tensor<f32>) {
  %0 = nngraph.einsum %x, %y {equation = "bij, bjk -> bik"} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  %1 = nngraph.einsum %d {equation = "...ii ->...i"} : (tensor<3x5x5xf32>) -> tensor<3x5xf32>
  %2 = nngraph.einsum %v, %v {equation = "i,i"} : (tensor<5xf32>, tensor<5xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<5x2x4xf32>, tensor<3x5xf32>, tensor<f32>
}
