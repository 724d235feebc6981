// RUN: nngraph-opt %s --split-input-file --nngraph-cpu-tile-and-vectorize="vector-width=8" --canonicalize --cse | FileCheck %s

// A standalone elementwise op: tiled in an scf.forall whose tile is a
// vector along the contiguous axis (four vectors of 8 here), no scalar op.
// CHECK-LABEL: func.func @relu
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (4, 64) step (1, 32)
// CHECK: vector.transfer_read {{.*}} : tensor<4x64xf32>, vector<32xf32>
// CHECK: arith.maximumf {{.*}} : vector<32xf32>
// CHECK: vector.transfer_write {{.*}} : vector<32xf32>, tensor<1x32xf32>
// CHECK-NOT: linalg.generic
func.func @relu(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x64xf32>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// -----

// A permutation: 8x8 blocks, read as rows of the input and transposed in
// registers.
// CHECK-LABEL: func.func @transpose
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (16, 24) step (8, 8)
// CHECK: vector.transfer_read {{.*}} : tensor<24x16xf32>, vector<8x8xf32>
// CHECK: vector.transpose {{.*}} [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// CHECK: vector.transfer_write {{.*}} : vector<8x8xf32>, tensor<8x8xf32>
// CHECK-NOT: linalg.generic
func.func @transpose(%x: tensor<24x16xf32>) -> tensor<16x24xf32> {
  %e = tensor.empty() : tensor<16x24xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<24x16xf32>) outs(%e : tensor<16x24xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<16x24xf32>
  return %r : tensor<16x24xf32>
}

// -----

// Dynamic shapes keep the generic (lowered to loops later): correct, not
// scheduled.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
func.func @dynamic(%x: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%d) : tensor<?x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}
