// RUN: nngraph-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(nngraph-build-in-destinations))" | FileCheck %s

// A concat in one buffer: each part is built in its slice. The second
// insertion's destination (the first insertion) is defined after the second
// part's loop, so it moves up to before that loop.
// CHECK-LABEL: func.func @concat
// CHECK: %[[BUF:.*]] = bufferization.alloc_tensor() : tensor<4x16xf32>
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[BUF]][0, 0] [4, 8] [1, 1]
// CHECK: %[[P0:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %[[S0]])
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[P0]] into %[[BUF]][0, 0] [4, 8]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[I0]][0, 8] [4, 8] [1, 1]
// CHECK: %[[P1:.*]] = linalg.generic {{.*}} outs(%[[S1]] : tensor<4x8xf32>)
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[P1]] into %[[I0]][0, 8] [4, 8]
// CHECK: return %[[I1]]
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @concat(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %buf = bufferization.alloc_tensor() : tensor<4x16xf32>
  %e0 = tensor.empty() : tensor<4x8xf32>
  %p0 = scf.forall (%i) in (4) shared_outs(%o = %e0) -> (tensor<4x8xf32>) {
    %s = tensor.extract_slice %a[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
    }
  }
  %e1 = tensor.empty() : tensor<4x8xf32>
  %p1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %i0 = tensor.insert_slice %p0 into %buf[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x16xf32>
  %i1 = tensor.insert_slice %p1 into %i0[0, 8] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x16xf32>
  return %i1 : tensor<4x16xf32>
}

// -----

// Inside a loop: a tile filled from an empty tensor and inserted in
// parallel is built in the shared output's tile; the chain runs through an
// scf.for's iteration argument and a rank-reducing insertion.
// CHECK-LABEL: func.func @tile
// CHECK: scf.forall (%[[I:.*]]) in (4) shared_outs(%[[O:.*]] = %{{.*}})
// CHECK: %[[T:.*]] = tensor.extract_slice %[[O]][%[[I]], 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : tensor<8xf32>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[F]])
// CHECK: tensor.parallel_insert_slice
func.func @tile(%init: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %l = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %f) -> (tensor<8xf32>) {
      %v = vector.transfer_read %acc[%c0], %one : tensor<8xf32>, vector<8xf32>
      %w = arith.addf %v, %v : vector<8xf32>
      %t = vector.transfer_write %w, %acc[%c0] : vector<8xf32>, tensor<8xf32>
      scf.yield %t : tensor<8xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %l into %o[%i, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<4x8xf32>
    }
  }
  return %r : tensor<4x8xf32>
}

// -----

// Left alone: a source that does not start from tensor.empty (a function
// argument; an extract_slice, whose result is not tied to an operand).
// CHECK-LABEL: func.func @not_empty
// CHECK: bufferization.alloc_tensor
// CHECK: tensor.extract_slice %arg1[0, 0] [4, 8] [1, 1]
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.insert_slice
func.func @not_empty(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>) -> tensor<4x24xf32> {
  %buf = bufferization.alloc_tensor() : tensor<4x24xf32>
  %s = tensor.extract_slice %b[0, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
  %i0 = tensor.insert_slice %a into %buf[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x24xf32>
  %i1 = tensor.insert_slice %s into %i0[0, 8] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x24xf32>
  return %i1 : tensor<4x24xf32>
}

// -----

// Left alone: the insertion's offset comes from a call made after the
// producer, which cannot move above it (a call may have side effects).
// CHECK-LABEL: func.func @unmovable
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8xf32>)
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.insert_slice
func.func private @offset() -> index
func.func @unmovable(%buf: tensor<64xf32>) -> tensor<64xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %off = func.call @offset() : () -> index
  %r = tensor.insert_slice %f into %buf[%off] [8] [1] : tensor<8xf32> into tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// An empty tensor that CSE made shared by two values (the packed weights of
// two layers of one shape) becomes one per use, so that each value gets a
// buffer of its own, live only as long as it is.
// CHECK-LABEL: func.func @shared_empty
// CHECK: tensor.empty() : tensor<4x8xf32>
// CHECK: tensor.empty() : tensor<4x8xf32>
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<4x8xf32>) outs(%[[E:[^ ]*]] : tensor<4x8xf32>)
// CHECK-NOT: outs(%[[E]] :
// CHECK: linalg.generic {{.*}} ins(%arg1 : tensor<4x8xf32>) outs(
// CHECK-NOT: outs(%[[E]] :
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @shared_empty(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}
