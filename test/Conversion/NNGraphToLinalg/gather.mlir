// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg --verify-diagnostics | FileCheck %s

// Gather and one_hot read the indices and compare or extract.
// CHECK-DAG: #[[$IDX:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @gather_one_hot
// CHECK: linalg.generic {indexing_maps = [#[[$IDX]], #{{.*}}]{{.*}} ins(%{{.*}} : tensor<3xi64>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK: arith.select
// CHECK: tensor.extract %{{.*}} : tensor<2x5x4xf32>
// CHECK: linalg.generic
// CHECK: linalg.index 1
// CHECK: arith.cmpi eq
// CHECK: arith.select
func.func @gather_one_hot(%d: tensor<2x5x4xf32>, %i: tensor<3xi64>) -> (tensor<2x3x4xf32>, tensor<3x5xf32>) {
  %0 = nngraph.gather %d, %i {axis = 1 : i64} : (tensor<2x5x4xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  %1 = nngraph.one_hot %i {depth = 5 : i64} : (tensor<3xi64>) -> tensor<3x5xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<3x5xf32>
}

// -----

// GatherND with batch_dims: a parallel generic over the result that reads
// the index tuple from the indices and extracts from the data.
// CHECK-LABEL: func.func @gather_nd
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} outs({{.*}} : tensor<2x3x4xf32>)
// CHECK: tensor.extract %arg1
// CHECK: tensor.extract %arg1
// CHECK: tensor.extract %arg0
// CHECK-NOT: nngraph.gather_nd
func.func @gather_nd(%d: tensor<2x5x6x4xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x4xf32> {
  %0 = nngraph.gather_nd %d, %i {batch_dims = 1 : i64} : (tensor<2x5x6x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// gather_elements: a generic over the indices' shape; the index replaces
// the position along the axis (negative ones count from the end).
// CHECK-LABEL: func.func @gather_elements
// CHECK: linalg.generic {{.*}} ins(%arg1 : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK: arith.index_cast
// CHECK: arith.cmpi slt
// CHECK: %[[J:.*]] = arith.select
// CHECK: tensor.extract %arg0[%[[I]], %[[J]]] : tensor<2x4xf32>
func.func @gather_elements(%d: tensor<2x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %0 = nngraph.gather_elements %d, %i {axis = 1 : i64} : (tensor<2x4xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
