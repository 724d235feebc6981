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

// MXNet's layout (tuples_first): the tuple's t-th index is read at
// indices[t, j] for result position j.
// CHECK-LABEL: func.func @gather_nd_first
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs({{.*}} : tensor<3x6xf32>)
// CHECK: %[[J:.*]] = linalg.index 0
// CHECK: %[[K:.*]] = linalg.index 1
// CHECK: %[[T0:.*]] = arith.constant 0 : index
// CHECK: tensor.extract %arg1[%[[T0]], %[[J]]] : tensor<2x3xi64>
// CHECK: %[[T1:.*]] = arith.constant 1 : index
// CHECK: tensor.extract %arg1[%[[T1]], %[[J]]] : tensor<2x3xi64>
// CHECK: tensor.extract %arg0[%{{.*}}, %{{.*}}, %[[K]]] : tensor<4x5x6xf32>
func.func @gather_nd_first(%d: tensor<4x5x6xf32>, %i: tensor<2x3xi64>) -> tensor<3x6xf32> {
  %0 = nngraph.gather_nd %d, %i {tuples_first = true} : (tensor<4x5x6xf32>, tensor<2x3xi64>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
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

// -----

// ScatterElements: a loop nest over the updates carries the result, which
// starts as the data; each step reads the index at its position, counts a
// negative one from the end and inserts the update (added to the value
// there with reduction add).
// CHECK-LABEL: func.func @scatter_elements
// CHECK-SAME: (%[[D:.*]]: tensor<3x3xf32>, %[[I:.*]]: tensor<2x2xi64>, %[[U:.*]]: tensor<2x2xf32>)
// CHECK: %[[R:.*]] = scf.for %[[A:.*]] = {{.*}} iter_args(%[[T0:.*]] = %[[D]]) -> (tensor<3x3xf32>)
// CHECK: scf.for %[[B:.*]] = {{.*}} iter_args(%[[T:.*]] = %[[T0]]) -> (tensor<3x3xf32>)
// CHECK: %[[IDX:.*]] = tensor.extract %[[I]][%[[A]], %[[B]]] : tensor<2x2xi64>
// CHECK: arith.index_cast %[[IDX]]
// CHECK: %[[POS:.*]] = arith.select
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]][%[[A]], %[[B]]]
// CHECK: %[[OLD:.*]] = tensor.extract %[[T]][%[[A]], %[[POS]]]
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[UPD]] : f32
// CHECK: tensor.insert %[[SUM]] into %[[T]][%[[A]], %[[POS]]]
// CHECK: return %[[R]]
func.func @scatter_elements(%d: tensor<3x3xf32>, %i: tensor<2x2xi64>, %u: tensor<2x2xf32>) -> tensor<3x3xf32> {
  %0 = nngraph.scatter_elements %d, %i, %u {axis = 1 : i64, reduction = #nngraph.scatter_reduction<add>} : (tensor<3x3xf32>, tensor<2x2xi64>, tensor<2x2xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// ScatterND: the update at (i, j) goes to (indices[i, 0], j).
// CHECK-LABEL: func.func @scatter_nd
// CHECK-SAME: (%[[D:.*]]: tensor<4x5xf32>, %[[I:.*]]: tensor<2x1xi64>, %[[U:.*]]: tensor<2x5xf32>)
// CHECK: scf.for %[[A:.*]] = {{.*}} iter_args(%{{.*}} = %[[D]])
// CHECK: scf.for %[[B:.*]] = {{.*}} iter_args(%[[T:.*]] = %{{.*}})
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: tensor.extract %[[I]][%[[A]], %[[C0]]] : tensor<2x1xi64>
// CHECK: %[[ROW:.*]] = arith.select
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]][%[[A]], %[[B]]]
// CHECK-NOT: arith.addf
// CHECK: tensor.insert %[[UPD]] into %[[T]][%[[ROW]], %[[B]]]
func.func @scatter_nd(%d: tensor<4x5xf32>, %i: tensor<2x1xi64>, %u: tensor<2x5xf32>) -> tensor<4x5xf32> {
  %0 = nngraph.scatter_nd %d, %i, %u : (tensor<4x5xf32>, tensor<2x1xi64>, tensor<2x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// OneHot with float indices (ONNX allows them): truncated to integers.
// CHECK-LABEL: func.func @one_hot_float
// CHECK: linalg.generic
// CHECK: arith.fptosi %{{.*}} : f32 to i64
// CHECK: linalg.index 1
func.func @one_hot_float(%i: tensor<2x2xf32>) -> tensor<2x10x2xf32> {
  %0 = nngraph.one_hot %i {axis = 1 : i64, depth = 10 : i64, off_value = 0.0 : f32, on_value = 1.0 : f32} : (tensor<2x2xf32>) -> tensor<2x10x2xf32>
  return %0 : tensor<2x10x2xf32>
}

// -----

// GridSample, linear with zero padding: one generic over the result reads
// the point (x then y) from the grid, maps it to pixel coordinates (cell
// centres: ((g + 1) * size - 1) / 2), and sums four taps, each read inside
// the input and zero where the tap is outside.
// CHECK-LABEL: func.func @grid_sample_linear
// CHECK: linalg.generic
// CHECK-COUNT-2: tensor.extract %arg1
// CHECK: math.floor
// CHECK: math.floor
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK: linalg.yield
func.func @grid_sample_linear(%x: tensor<1x1x4x4xf32>, %g: tensor<1x3x5x2xf32>) -> tensor<1x1x3x5xf32> {
  %0 = nngraph.grid_sample %x, %g : (tensor<1x1x4x4xf32>, tensor<1x3x5x2xf32>) -> tensor<1x1x3x5xf32>
  return %0 : tensor<1x1x3x5xf32>
}

// -----

// Nearest rounds half to even and reads one tap; cubic reads sixteen.
// CHECK-LABEL: func.func @grid_sample_modes
// CHECK: linalg.generic
// CHECK: math.roundeven
// CHECK-COUNT-1: tensor.extract %arg0
// CHECK: linalg.yield
// CHECK: linalg.generic
// CHECK-COUNT-16: tensor.extract %arg0
// CHECK: linalg.yield
func.func @grid_sample_modes(%x: tensor<1x1x4x4xf32>, %g: tensor<1x3x5x2xf32>) -> (tensor<1x1x3x5xf32>, tensor<1x1x3x5xf32>) {
  %0 = nngraph.grid_sample %x, %g {mode = #nngraph.grid_sample_mode<nearest>, padding_mode = #nngraph.grid_padding<border>} : (tensor<1x1x4x4xf32>, tensor<1x3x5x2xf32>) -> tensor<1x1x3x5xf32>
  %1 = nngraph.grid_sample %x, %g {mode = #nngraph.grid_sample_mode<cubic>, padding_mode = #nngraph.grid_padding<reflection>, align_corners = true} : (tensor<1x1x4x4xf32>, tensor<1x3x5x2xf32>) -> tensor<1x1x3x5xf32>
  return %0, %1 : tensor<1x1x3x5xf32>, tensor<1x1x3x5xf32>
}
