// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg --verify-diagnostics | FileCheck %s

// Reshapes with a reassociation collapse or expand; others use tensor.reshape.
// CHECK-LABEL: func.func @reshapes
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [2, 1, 12] : tensor<2x12xf32> into tensor<2x1x12xf32>
// CHECK: %[[S:.*]] = arith.constant dense<[4, 6]> : tensor<2xi64>
// CHECK: tensor.reshape %{{.*}}(%[[S]]) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : tensor<2x3x1x4xf32> into tensor<6x4xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<1x?xf32> into tensor<?xf32>
func.func @reshapes(%x: tensor<2x3x4xf32>, %y: tensor<2x3x1x4xf32>, %d: tensor<1x?xf32>) -> (tensor<2x12xf32>, tensor<2x1x12xf32>, tensor<4x6xf32>, tensor<6x4xf32>, tensor<?xf32>) {
  %0 = nngraph.reshape %x {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %1 = nngraph.unsqueeze %0 {axes = array<i64: 1>} : (tensor<2x12xf32>) -> tensor<2x1x12xf32>
  %2 = nngraph.reshape %x {shape = array<i64: 4, 6>} : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %3 = nngraph.flatten %y {axis = 2 : i64} : (tensor<2x3x1x4xf32>) -> tensor<6x4xf32>
  %4 = nngraph.squeeze %d {axes = array<i64: 0>} : (tensor<1x?xf32>) -> tensor<?xf32>
  return %0, %1, %2, %3, %4 : tensor<2x12xf32>, tensor<2x1x12xf32>, tensor<4x6xf32>, tensor<6x4xf32>, tensor<?xf32>
}

// -----

// Transpose: linalg.transpose; no perm reverses the axes.
// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x3x4x5xf32>) outs(%{{.*}} : tensor<1x4x5x3xf32>) permutation = [0, 2, 3, 1]
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x?xf32>) outs(%{{.*}} : tensor<?x2xf32>) permutation = [1, 0]
func.func @transpose(%x: tensor<1x3x4x5xf32>, %y: tensor<2x?xf32>) -> (tensor<1x4x5x3xf32>, tensor<?x2xf32>) {
  %0 = nngraph.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x4x5xf32>) -> tensor<1x4x5x3xf32>
  %1 = nngraph.transpose %y : (tensor<2x?xf32>) -> tensor<?x2xf32>
  return %0, %1 : tensor<1x4x5x3xf32>, tensor<?x2xf32>
}

// -----

// Concat: one insert_slice per input into an empty tensor.
// CHECK-LABEL: func.func @concat
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x5x4xf32>
// CHECK: %[[A:.*]] = tensor.insert_slice %{{.*}} into %[[E]][0, 0, 0] [1, 2, 4] [1, 1, 1]
// CHECK: tensor.insert_slice %{{.*}} into %[[A]][0, 2, 0] [1, 3, 4] [1, 1, 1]
func.func @concat(%a: tensor<1x2x4xf32>, %b: tensor<1x3x4xf32>) -> tensor<1x5x4xf32> {
  %0 = nngraph.concat %a, %b {axis = -2 : i64} : (tensor<1x2x4xf32>, tensor<1x3x4xf32>) -> tensor<1x5x4xf32>
  return %0 : tensor<1x5x4xf32>
}

// -----

// Split: one extract_slice per result.
// CHECK-LABEL: func.func @split
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [2, 1] [1, 1] : tensor<2x4xf32> to tensor<2x1xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 1] [2, 3] [1, 1] : tensor<2x4xf32> to tensor<2x3xf32>
func.func @split(%x: tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x3xf32>) {
  %0:2 = nngraph.split %x {axis = 1 : i64, split = array<i64: 1, 3>} : (tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x1xf32>, tensor<2x3xf32>
}

// -----

// Slice: positive steps are a strided extract_slice (negative starts count
// from the end, ends are clamped); negative steps read mirrored indices.
// CHECK-DAG: #[[$REV:.*]] = affine_map<(d0, d1) -> (-d0 + 2, d1 * 2 + 1)>
// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %{{.*}}[0, 1] [2, 3] [1, 2] : tensor<2x7xf32> to tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$REV]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<3x4xf32>) outs(%{{.*}} : tensor<3x2xf32>)
func.func @slice(%x: tensor<2x7xf32>, %y: tensor<3x4xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  %0 = nngraph.slice %x {starts = array<i64: -6>, ends = array<i64: 100>, axes = array<i64: 1>, steps = array<i64: 2>} : (tensor<2x7xf32>) -> tensor<2x3xf32>
  %1 = nngraph.slice %y {starts = array<i64: -1, 1>, ends = array<i64: -9223372036854775808, 4>, steps = array<i64: -1, 2>} : (tensor<3x4xf32>) -> tensor<3x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3x2xf32>
}

// -----

// Pad: tensor.pad for constants; edge, reflect and wrap gather clamped,
// mirrored or periodic indices.
// CHECK-LABEL: func.func @pad
// CHECK: %[[V:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: tensor.pad %{{.*}} low[0, 1] high[1, 2]
// CHECK: tensor.yield %[[V]]
// CHECK: } : tensor<2x3xf32> to tensor<3x6xf32>
// CHECK: linalg.generic
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract
// CHECK: linalg.generic
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract
// Wrap: the index modulo the size, made non-negative (pads may exceed it).
// CHECK: linalg.generic
// CHECK: arith.remsi
// CHECK: arith.cmpi slt
// CHECK: arith.select
// CHECK: tensor.extract
func.func @pad(%x: tensor<2x3xf32>) -> (tensor<3x6xf32>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<6x10xf32>) {
  %0 = nngraph.pad %x {pads = array<i64: 0, 1, 1, 2>, value = 1.5 : f32} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  %1 = nngraph.pad %x {pads = array<i64: 0, 1, 1, 2>, mode = #nngraph.pad_mode<edge>} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  %2 = nngraph.pad %x {pads = array<i64: 0, 1, 1, 2>, mode = #nngraph.pad_mode<reflect>} : (tensor<2x3xf32>) -> tensor<3x6xf32>
  %3 = nngraph.pad %x {pads = array<i64: 1, 3, 3, 4>, mode = #nngraph.pad_mode<wrap>} : (tensor<2x3xf32>) -> tensor<6x10xf32>
  return %0, %1, %2, %3 : tensor<3x6xf32>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<6x10xf32>
}

// -----

// Tile reads modulo the input size; expand broadcasts.
// CHECK-DAG: #[[$TILE:.*]] = affine_map<(d0, d1) -> (d0 mod 2, d1)>
// CHECK-DAG: #[[$EXP:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @tile_expand
// CHECK: linalg.generic {indexing_maps = [#[[$TILE]], #{{.*}}]{{.*}} ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$EXP]], #{{.*}}]{{.*}} ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
func.func @tile_expand(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<2x3xf32>) {
  %0 = nngraph.tile %x {repeats = array<i64: 2, 1>} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  %1 = nngraph.expand %y {shape = array<i64: 2, 3>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<2x3xf32>
}

// -----

// Shape: a constant when static, dims otherwise.
// CHECK-LABEL: func.func @shape
// CHECK: arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK: tensor.dim
// CHECK: arith.index_cast
// CHECK: tensor.from_elements
func.func @shape(%x: tensor<2x3xf32>, %y: tensor<?xf32>) -> (tensor<2xi64>, tensor<1xi64>) {
  %0 = nngraph.shape %x : (tensor<2x3xf32>) -> tensor<2xi64>
  %1 = nngraph.shape %y : (tensor<?xf32>) -> tensor<1xi64>
  return %0, %1 : tensor<2xi64>, tensor<1xi64>
}

// -----

// LRN: squares padded along the channels, a window sum, then the power.
// Nearest resize with integer scales reads i floordiv s.
// CHECK-DAG: #[[$WIN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d4, d2, d3)>
// CHECK-DAG: #[[$UP:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 floordiv 2, d3 floordiv 3)>
// CHECK-LABEL: func.func @lrn_resize
// CHECK: tensor.pad %{{.*}} low[0, 2, 0, 0] high[0, 2, 0, 0]
// CHECK: linalg.generic {indexing_maps = [#[[$WIN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK: math.powf
// CHECK: linalg.generic {indexing_maps = [#[[$UP]], #{{.*}}]{{.*}} ins(%{{.*}} : tensor<1x2x2x2xf32>) outs(%{{.*}} : tensor<1x2x4x6xf32>)
func.func @lrn_resize(%x: tensor<1x4x2x2xf32>, %y: tensor<1x2x2x2xf32>) -> (tensor<1x4x2x2xf32>, tensor<1x2x4x6xf32>) {
  %0 = nngraph.lrn %x {size = 5 : i64} : (tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %1 = nngraph.resize %y {scales = array<f32: 1.0, 1.0, 2.0, 3.0>, coordinate_transform = #nngraph.coordinate_transform<asymmetric>, nearest_mode = #nngraph.nearest_mode<floor>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x4x6xf32>
  return %0, %1 : tensor<1x4x2x2xf32>, tensor<1x2x4x6xf32>
}

// -----

// Linear resize has no lowering yet: the pattern fails, and the conversion
// reports the operation with its form and where it is (no node name here).
// expected-error @+1 {{cannot lower to linalg: nngraph.resize on (tensor<1x2x2x2xf32>) -> (tensor<1x2x4x4xf32>) (1 node: '}}
func.func @resize_linear(%y: tensor<1x2x2x2xf32>) -> tensor<1x2x4x4xf32> {
  %0 = nngraph.resize %y {scales = array<f32: 1.0, 1.0, 2.0, 2.0>, mode = #nngraph.resize_mode<linear>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// An empty slice may start at the end of its axis (ONNX clamps a start past
// it there), which tensor.extract_slice rejects: it is an empty tensor.
// Empty split pieces too.
// CHECK-LABEL: func.func @empty_slices
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.empty() : tensor<20x0x5xf32>
// CHECK: tensor.empty() : tensor<0xf32>
func.func @empty_slices(%x: tensor<20x10x5xf32>, %e: tensor<0xf32>) -> (tensor<20x0x5xf32>, tensor<0xf32>, tensor<0xf32>) {
  %0 = nngraph.slice %x {axes = array<i64: 1>, ends = array<i64: 1000>, starts = array<i64: 1000>, steps = array<i64: 1>} : (tensor<20x10x5xf32>) -> tensor<20x0x5xf32>
  %1:2 = nngraph.split %e {split = array<i64: 0, 0>} : (tensor<0xf32>) -> (tensor<0xf32>, tensor<0xf32>)
  return %0, %1#0, %1#1 : tensor<20x0x5xf32>, tensor<0xf32>, tensor<0xf32>
}
