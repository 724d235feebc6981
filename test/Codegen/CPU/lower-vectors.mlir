// RUN: nngraph-opt %s --nngraph-cpu-lower-vectors | FileCheck %s

// A 7x8 x 8x16 contraction on buffers (the inner step of the conv
// schedule): outer products, then one FMA per reduction step and row, on
// vector<16xf32>; rank-1 loads and stores, no contraction or 2-D transfer
// left.
// CHECK-LABEL: func.func @contract
// CHECK-NOT: vector.contract
// CHECK-NOT: vector.outerproduct
// CHECK-COUNT-56: vector.fma {{.*}} : vector<16xf32>
// CHECK-NOT: vector.fma
// CHECK-NOT: vector.transfer_read {{.*}} vector<{{[0-9]+}}x{{[0-9]+}}xf32>
// CHECK: return
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#acc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @contract(%a: memref<7x8xf32>, %b: memref<8x16xf32>, %c: memref<7x16xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %va = vector.transfer_read %a[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<7x8xf32>, vector<7x8xf32>
  %vb = vector.transfer_read %b[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<8x16xf32>, vector<8x16xf32>
  %vc = vector.transfer_read %c[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<7x16xf32>, vector<7x16xf32>
  %r = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %vc : vector<7x8xf32>, vector<8x16xf32> into vector<7x16xf32>
  vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<7x16xf32>, memref<7x16xf32>
  return
}
