// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// keepdims: reduce into the kept axes, then expand the size-1 axes back.
// CHECK-LABEL: func.func @reduce_keepdims
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: tensor.expand_shape {{.*}} {{\[\[}}0, 1], [2]] {{.*}} : tensor<2x4xf32> into tensor<2x1x4xf32>
func.func @reduce_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = nngraph.reduce_mean %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// Softmax: max, exp(x - max), sum, divide.
// CHECK-LABEL: func.func @softmax
// CHECK: arith.maximumf
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
func.func @softmax(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = nngraph.softmax %x {axis = -1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Batch norm: the factor scale / sqrt(var + eps) per channel, in a generic
// over the channels; then (x - mean) * factor + bias per element, the
// statistics read along axis 1, with no square root or division.
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x3x4x4xf32>, %[[S:[^:]*]]: tensor<3xf32>, %[[B:[^:]*]]: tensor<3xf32>, %[[M:[^:]*]]: tensor<3xf32>, %[[V:[^:]*]]: tensor<3xf32>
// CHECK: %[[F:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S]], %[[V]] : tensor<3xf32>, tensor<3xf32>)
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[$C]], #[[$C]], #[[$C]], #{{.*}}], {{.*}} ins(%[[X]], %[[F]], %[[B]], %[[M]] :
// CHECK-NOT: math.sqrt
// CHECK-NOT: arith.divf
// CHECK: return
func.func @batch_norm(%x: tensor<1x3x4x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = nngraph.batch_norm %x, %s, %b, %m, %v : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// Layer norm: mean and variance over the axes from `axis` on, then one
// generic that normalizes, scales and shifts (scale and bias broadcast to
// the normalized axes).
// CHECK-DAG: #[[$S:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @layer_norm
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[$S]], #[[$S]], #{{.*}}]
// CHECK: math.sqrt
// CHECK-NOT: nngraph.layer_norm
func.func @layer_norm(%x: tensor<2x16x64xf32>, %s: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %0 = nngraph.layer_norm %x, %s, %b {axis = -1 : i64} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %0 : tensor<2x16x64xf32>
}

// -----

// Instance norm: statistics over the spatial axes, scale and bias per
// channel.
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @instance_norm
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[$C]], #[[$C]], #{{.*}}]
// CHECK: math.sqrt
// CHECK-NOT: nngraph.instance_norm
func.func @instance_norm(%x: tensor<1x8x4x4xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %0 = nngraph.instance_norm %x, %s, %b : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// Argmax: one reduction carrying (value, index) from -inf and 0; strict
// comparison keeps the first extreme, keepdims expands the indices.
// CHECK-LABEL: func.func @argmax_keepdims
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]{{.*}} outs({{.*}} : tensor<2x4xf32>, tensor<2x4xi64>)
// CHECK: linalg.index 1
// CHECK: arith.cmpf ogt
// CHECK: tensor.expand_shape %[[R]]#1 {{\[\[}}0, 1], [2]] {{.*}} : tensor<2x4xi64> into tensor<2x1x4xi64>
func.func @argmax_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xi64> {
  %0 = nngraph.argmax %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x1x4xi64>
  return %0 : tensor<2x1x4xi64>
}

// -----

// Argmin with select_last_index: a non-strict comparison keeps the last.
// CHECK-LABEL: func.func @argmin_last
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.cmpi sle
// CHECK-NOT: tensor.expand_shape
func.func @argmin_last(%x: tensor<3x5xi32>) -> tensor<3xi64> {
  %0 = nngraph.argmin %x {axis = -1 : i64, keepdims = false, select_last_index = true} : (tensor<3x5xi32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// topk: a stable merge sort of each row's indices in a 2n scratch tensor
// (ceil(log2 10) = 4 passes, each merging runs from one half into the
// other), then the first k sorted indices give values and indices.
// CHECK-LABEL: func.func @topk
// CHECK-DAG: %[[PASSES:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[SCRATCH:.*]] = tensor.empty() : tensor<20xi64>
// CHECK: scf.for %[[ROW:.*]] = {{.*}} iter_args({{.*}}, %[[BUF:.*]] = %[[SCRATCH]]) -> (tensor<2x3xf32>, tensor<2x3xi64>, tensor<20xi64>)
// CHECK: scf.for {{.*}} iter_args({{.*}} = %[[BUF]]) -> (tensor<20xi64>)
// CHECK: tensor.insert
// CHECK: scf.for %[[P:.*]] = %{{.*}} to %[[PASSES]]
// CHECK: arith.shli %{{.*}}, %[[P]] : index
// CHECK: scf.for
// CHECK: scf.for {{.*}} -> (index, index, tensor<20xi64>)
// CHECK: tensor.extract %arg0[%[[ROW]], %{{.*}}] : tensor<2x10xf32>
// CHECK: tensor.extract %arg0[%[[ROW]], %{{.*}}] : tensor<2x10xf32>
// CHECK: arith.cmpf ogt
// CHECK: tensor.insert {{.*}} : tensor<20xi64>
// CHECK: scf.for {{.*}} -> (tensor<2x3xf32>, tensor<2x3xi64>)
// CHECK: tensor.insert {{.*}} : tensor<2x3xf32>
// CHECK: tensor.insert {{.*}} : tensor<2x3xi64>
// CHECK-NOT: nngraph.topk
func.func @topk(%x: tensor<2x10xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
  %v, %i = nngraph.topk %x {k = 3 : i64} : (tensor<2x10xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
  return %v, %i : tensor<2x3xf32>, tensor<2x3xi64>
}

// -----

// A sorted axis of unknown size: the passes are 64 - ctlz(n - 1), and the
// smallest come first (cmpf olt).
// CHECK-LABEL: func.func @topk_dynamic
// CHECK: math.ctlz
// CHECK: tensor.empty(%{{.*}}) : tensor<?xi64>
// CHECK: arith.cmpf olt
// CHECK-NOT: nngraph.topk
func.func @topk_dynamic(%x: tensor<?xf32>) -> (tensor<2xf32>, tensor<2xi64>) {
  %v, %i = nngraph.topk %x {k = 2 : i64, largest = false} : (tensor<?xf32>) -> (tensor<2xf32>, tensor<2xi64>)
  return %v, %i : tensor<2xf32>, tensor<2xi64>
}

// -----

// cumsum: the summed position is an extra reduction dim; exclusive and
// reverse choose the comparison of the summed and the output positions.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @cumsum
// CHECK: linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[$IN]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: %[[I:.*]] = linalg.index 1
// CHECK: %[[K:.*]] = linalg.index 2
// CHECK: arith.cmpi sle, %[[K]], %[[I]]
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: arith.cmpi sgt
// CHECK: arith.addi
func.func @cumsum(%x: tensor<2x5xf32>, %y: tensor<2x5xi32>) -> (tensor<2x5xf32>, tensor<2x5xi32>) {
  %0 = nngraph.cumsum %x {axis = 1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %1 = nngraph.cumsum %y {axis = -1 : i64, exclusive = true, reverse = true} : (tensor<2x5xi32>) -> tensor<2x5xi32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x5xi32>
}
