// nngraph-parallelize-linalg (the threads fallback of nngraph-cpu-pipeline)
// splits large linalg ops on buffers at the top level of a function along
// their outermost parallel loop that indexes every output, into an
// scf.parallel of one tile per thread.
// RUN: nngraph-opt %s --nngraph-parallelize-linalg="threads=2 min-iterations=64" --cse --split-input-file | FileCheck %s

// The batch loop of size 1 cannot be split; the channel loop can: two
// tiles of 8 channels (no partial tile).
// CHECK-LABEL: func.func @pool
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.parallel (%[[C:.*]]) = (%[[C0]]) to (%[[C16]]) step (%[[C8]]) {
// CHECK: %[[IN:.*]] = memref.subview %{{.*}}[0, %[[C]], 0, 0] [1, 8, 8, 8]
// CHECK: %[[OUT:.*]] = memref.subview %{{.*}}[0, %[[C]], 0, 0] [1, 8, 4, 4]
// CHECK: linalg.pooling_nchw_max {{.*}} ins(%[[IN]], %{{.*}} : memref<1x8x8x8xf32, {{.*}}>, memref<2x2xf32>) outs(%[[OUT]] : memref<1x8x4x4xf32, {{.*}}>)
// CHECK-NOT: linalg.pooling_nchw_max
func.func @pool(%in: memref<1x16x8x8xf32>, %w: memref<2x2xf32>, %out: memref<1x16x4x4xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
    ins(%in, %w : memref<1x16x8x8xf32>, memref<2x2xf32>) outs(%out : memref<1x16x4x4xf32>)
  return
}

// -----

// A row reduction splits its rows (d0), never the reduced loop; 9 rows
// make a full tile of 5 and a partial one of 4.
// CHECK-LABEL: func.func @row_sum
// CHECK: scf.parallel
// CHECK: affine.min
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
func.func @row_sum(%x: memref<9x32xf32>, %y: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<9x32xf32>) outs(%y : memref<9xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Loop d0 does not index the output: splitting it would race. d1 is split.
// CHECK-LABEL: func.func @column_sum
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: scf.parallel (%[[J:.*]]) = (%{{.*}}) to (%[[C32]]) step (%[[C16]])
// CHECK: memref.subview %{{.*}}[0, %[[J]]] [9, 16]
// CHECK: memref.subview %{{.*}}[%[[J]]] [16]
func.func @column_sum(%x: memref<9x32xf32>, %y: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<9x32xf32>) outs(%y : memref<32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left alone: too few iterations, dynamic sizes, ops inside loops (a
// schedule's tiles), ops on tensors.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.parallel
// CHECK: linalg.fill ins(%{{.*}}) outs(%{{.*}} : memref<4x4xf32>)
// CHECK: linalg.fill ins(%{{.*}}) outs(%{{.*}} : memref<?x64xf32>)
// CHECK: scf.for
// CHECK-NEXT: linalg.fill ins(%{{.*}}) outs(%{{.*}} : memref<64x64xf32>)
// CHECK: linalg.fill ins(%{{.*}}) outs(%{{.*}} : tensor<64x64xf32>)
// CHECK-NOT: scf.parallel
func.func @left_alone(%small: memref<4x4xf32>, %dyn: memref<?x64xf32>, %big: memref<64x64xf32>,
                      %t: tensor<64x64xf32>, %n: index) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  linalg.fill ins(%zero : f32) outs(%small : memref<4x4xf32>)
  linalg.fill ins(%zero : f32) outs(%dyn : memref<?x64xf32>)
  scf.for %i = %c0 to %n step %c1 {
    linalg.fill ins(%zero : f32) outs(%big : memref<64x64xf32>)
  }
  %r = linalg.fill ins(%zero : f32) outs(%t : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
