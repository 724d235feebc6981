// RUN: nngraph-opt %s --split-input-file --nngraph-cpu-tile-and-vectorize="vector-width=8" --canonicalize --cse | FileCheck %s

// A pad of a tile loop's result: a vectorised fill of the border of the
// padded tensor (an alloc_tensor, which CSE does not merge), whose interior
// the producer's loop writes in place; no tensor.pad, no separate copy. The
// border is cut into disjoint slabs, a padding of one on both sides of an
// axis one strided slab: the top and bottom rows (2 x 10 pixels), then the
// left and right columns of the interior rows (8 x 2); one loop walks the
// 36 pixels of both, never the interior.
// CHECK-LABEL: func.func @pad_of_producer
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() : tensor<1x10x10x16xf32>
// CHECK: %[[FILL:.*]] = scf.forall (%[[K:.*]]) in (36) shared_outs(%[[O:.*]] = %[[BUF]])
// CHECK: affine.delinearize_index %[[K]] into (2, 10)
// CHECK: affine.delinearize_index {{.*}} into (8, 2)
// CHECK: arith.cmpi sge, %[[K]], %c20
// CHECK: vector.transfer_write {{.*}} : vector<16xf32>, tensor<1x1x1x16xf32>
// CHECK: tensor.parallel_insert_slice {{.*}} into %[[O]]
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[FILL]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK: %[[R:.*]] = scf.forall {{.*}} shared_outs({{.*}} = %[[IN]])
// CHECK: arith.maximumf {{.*}} : vector<16xf32>
// CHECK: tensor.insert_slice %[[R]] into %[[FILL]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK-NOT: tensor.pad
// CHECK-NOT: linalg.copy
func.func @pad_of_producer(%x: tensor<1x8x8x16xf32>) -> tensor<1x10x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  return %p : tensor<1x10x10x16xf32>
}

// -----

// The same when the padding value is a constant defined after the producer
// (as a later rewrite leaves it: nngraph-cpu-winograd grows a pad): the
// constant is made again before the producer, and its loop still writes
// the interior of the padded tensor.
// CHECK-LABEL: func.func @pad_value_after_producer
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() : tensor<1x10x10x16xf32>
// CHECK: %[[FILL:.*]] = scf.forall ({{.*}}) in (36) shared_outs({{.*}} = %[[BUF]])
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[FILL]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK: scf.forall {{.*}} shared_outs({{.*}} = %[[IN]])
// CHECK-NOT: tensor.pad
// CHECK-NOT: linalg.copy
func.func @pad_value_after_producer(%x: tensor<1x8x8x16xf32>) -> tensor<1x10x10x16xf32> {
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = math.absf %in : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  return %p : tensor<1x10x10x16xf32>
}

// -----

// A pad of a convolution whose accumulator (the bias broadcast) and epilogue
// share one tensor.empty, as CSE leaves them: the convolution's tile loop
// still writes the interior of the padded tensor (MobileNet-v2's expansion
// convs fed a separate full copy before).
// CHECK-LABEL: func.func @pad_of_conv_sharing_empty
// CHECK: %[[FILL:.*]] = scf.forall ({{.*}}) in (36) shared_outs
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[FILL]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK: %[[R:.*]] = scf.forall {{.*}} shared_outs({{.*}} = %[[IN]])
// CHECK: vector.contract
// CHECK: tensor.insert_slice %[[R]] into %[[FILL]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK-NOT: linalg.copy
func.func @pad_of_conv_sharing_empty(%x: tensor<1x8x8x16xf32>, %w: tensor<1x1x16x16xf32>, %b: tensor<16xf32>) -> tensor<1x10x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %acc = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x8x8x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>) outs(%acc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  return %p : tensor<1x10x10x16xf32>
}

// -----

// A pad of a function argument: the border fills and a vectorised copy.
// CHECK-LABEL: func.func @pad_of_argument
// CHECK: scf.forall ({{.*}}) in (36)
// CHECK: vector.transfer_write {{.*}} : vector<16xf32>
// CHECK: scf.forall
// CHECK: vector.transfer_read %arg0{{.*}} : tensor<1x8x8x16xf32>, vector<16xf32>
// CHECK: vector.transfer_write {{.*}} : vector<16xf32>
// CHECK: tensor.insert_slice
// CHECK-NOT: tensor.pad
func.func @pad_of_argument(%x: tensor<1x8x8x16xf32>) -> tensor<1x10x10x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  return %p : tensor<1x10x10x16xf32>
}

// -----

// Paddings other than one on both sides (the 7x7 stem's 3, the asymmetric
// padding of a stride-2 "same" convolution): one slab per padded side, each
// over the interior along the axes before it and the whole tensor along
// those after it, so that the slabs are disjoint; none for a side without
// padding. Rows 0-29: the three rows above (3 x 10 pixels); 30-39: the row
// below (row 11); 40-55: the two columns left of the interior rows.
// CHECK-LABEL: func.func @pad_asymmetric
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() : tensor<1x12x10x16xf32>
// CHECK: %[[FILL:.*]] = scf.forall (%[[K:.*]]) in (56) shared_outs({{.*}} = %[[BUF]])
// CHECK: affine.delinearize_index %[[K]] into (3, 10)
// CHECK: arith.cmpi sge, %[[K]], %c30
// CHECK: arith.select {{.*}}, %c11,
// CHECK: affine.delinearize_index {{.*}} into (8, 2)
// CHECK: arith.cmpi sge, %[[K]], %c40
// CHECK: vector.transfer_write {{.*}} : vector<16xf32>, tensor<1x1x1x16xf32>
// CHECK: tensor.extract_slice %[[FILL]][0, 3, 2, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK-NOT: tensor.pad
func.func @pad_asymmetric(%x: tensor<1x8x8x16xf32>) -> tensor<1x12x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %p = tensor.pad %r low[0, 3, 2, 0] high[0, 1, 0, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x12x10x16xf32>
  return %p : tensor<1x12x10x16xf32>
}

// -----

// A padded innermost axis (rows of different lengths): the whole padded
// tensor is filled, then the source copied into its interior.
// CHECK-LABEL: func.func @pad_innermost
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() : tensor<4x12xf32>
// CHECK: %[[FILL:.*]] = scf.forall ({{.*}}) in (4) shared_outs({{.*}} = %[[BUF]])
// CHECK: vector.transfer_write {{.*}} : vector<12xf32>, tensor<1x12xf32>
// CHECK: tensor.extract_slice %[[FILL]][0, 2] [4, 8] [1, 1]
// CHECK-NOT: tensor.pad
func.func @pad_innermost(%x: tensor<4x8xf32>) -> tensor<4x12xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 2] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x12xf32>
  return %p : tensor<4x12xf32>
}
