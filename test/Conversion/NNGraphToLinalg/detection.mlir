// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// box_nms: a loop over the batches carrying the result (all -1 at first);
// per batch, one pass over the boxes keeps the top-k valid candidates
// sorted (insertion: count the ones scoring at least as much, shift the
// rest down), then the greedy suppression over the candidates (IoU against
// every later kept one of the same class), then the survivors' rows
// copied in order and their coordinates converted to the center form.
// CHECK-LABEL: func.func @box_nms
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x6xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x5x6xf32>)
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (tensor<2x5x6xf32>)
// The selection: score above valid_thresh and room (not full, or better
// than the last).
// CHECK: %[[SEL:.*]]:3 = scf.for %[[I:.*]] = {{.*}} iter_args({{.*}}) -> (tensor<3xindex>, tensor<3xf32>, index)
// CHECK: %[[S:.*]] = tensor.extract %[[X]][%[[B]], %[[I]], %{{.*}}] : tensor<2x5x6xf32>
// CHECK: arith.cmpf ogt, %[[S]]
// CHECK: scf.if
// CHECK: arith.cmpf oge
// CHECK: arith.minui
// CHECK: scf.for
// CHECK: tensor.insert %[[I]] into
// CHECK: tensor.insert %[[S]] into
// The suppression: i1 flags, the class ids compared as integers.
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[SEL]]#2 {{.*}} -> (tensor<3xi1>)
// CHECK: scf.if
// CHECK: scf.for
// CHECK: arith.divf
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.fptosi
// CHECK: arith.cmpi eq
// CHECK: tensor.insert %{{.*}} into %{{.*}} : tensor<3xi1>
// The survivors, written from row 0 on; center form from corners.
// CHECK: scf.for {{.*}} to %[[SEL]]#2 {{.*}} -> (tensor<2x5x6xf32>, index)
// CHECK: scf.if
// CHECK: scf.for
// CHECK: tensor.insert %{{.*}} into %{{.*}} : tensor<2x5x6xf32>
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf olt
// CHECK-COUNT-4: tensor.insert
// CHECK-NOT: nngraph.box_nms
func.func @box_nms(%x: tensor<2x5x6xf32>) -> tensor<2x5x6xf32> {
  %0 = nngraph.box_nms %x {id_index = 0 : i64, topk = 3 : i64, out_format = #nngraph.box_format<center>} : (tensor<2x5x6xf32>) -> tensor<2x5x6xf32>
  return %0 : tensor<2x5x6xf32>
}

// -----

// Boxes of rank 2 and of rank 4 go through batches x N x W; topk = 0
// returns the data (MXNet's rule).
// CHECK-LABEL: func.func @box_nms_ranks
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [1, 8, 5] : tensor<8x5xf32> into tensor<1x8x5xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x8x5xf32> into tensor<8x5xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] : tensor<2x3x4x6xf32> into tensor<6x4x6xf32>
// CHECK: tensor.expand_shape
// CHECK: return %{{.*}}, %{{.*}}, %arg1
func.func @box_nms_ranks(%x: tensor<8x5xf32>, %y: tensor<2x3x4x6xf32>) -> (tensor<8x5xf32>, tensor<2x3x4x6xf32>, tensor<2x3x4x6xf32>) {
  %0 = nngraph.box_nms %x {coord_start = 1 : i64, score_index = 0 : i64} : (tensor<8x5xf32>) -> tensor<8x5xf32>
  %1 = nngraph.box_nms %y : (tensor<2x3x4x6xf32>) -> tensor<2x3x4x6xf32>
  %2 = nngraph.box_nms %y {topk = 0 : i64} : (tensor<2x3x4x6xf32>) -> tensor<2x3x4x6xf32>
  return %0, %1, %2 : tensor<8x5xf32>, tensor<2x3x4x6xf32>, tensor<2x3x4x6xf32>
}

// -----

// roi_align: loops over the regions (the region's box, bin sizes and
// adaptive sample counts computed once per region), then channels and
// bins; per bin, sample loops with the region's bounds; bilinear reads of
// the four corners; the average over max(count, 1) samples.
// CHECK-LABEL: func.func @roi_align
// CHECK: scf.for %[[R:[a-z0-9_]+]] = {{.*}} -> (tensor<3x2x2x2xf32>)
// CHECK: tensor.extract %{{.*}}[%[[R]], %{{.*}}] : tensor<3x4xf32>
// CHECK: math.ceil
// CHECK: tensor.extract %{{.*}}[%[[R]]] : tensor<3xi64>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[ROWS:.*]] = scf.for {{.*}} -> (f32)
// CHECK: scf.for {{.*}} -> (f32)
// CHECK-COUNT-4: tensor.extract %{{.*}} : tensor<1x2x6x6xf32>
// CHECK: arith.divf %[[ROWS]]
// CHECK: tensor.insert
// CHECK-NOT: nngraph.roi_align
func.func @roi_align(%x: tensor<1x2x6x6xf32>, %r: tensor<3x4xf32>, %i: tensor<3xi64>) -> tensor<3x2x2x2xf32> {
  %0 = nngraph.roi_align %x, %r, %i {output_height = 2 : i64, output_width = 2 : i64, spatial_scale = 0.5 : f32} : (tensor<1x2x6x6xf32>, tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x2x2x2xf32>
  return %0 : tensor<3x2x2x2xf32>
}
