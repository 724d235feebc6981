// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg --verify-diagnostics | FileCheck %s

// Unsigned integers become signless ones of their width, the signature too.
// add has the same bits either way and stays on i8; div and greater read
// the values: their operands are zero-extended to i16 (sign-extend, then
// keep the low 8 bits), and div's quotient is truncated back to i8.
// CHECK-LABEL: func.func @uint8
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>, %[[Y:.*]]: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi1>)
// CHECK: arith.constant dense<255> : tensor<i16>
// CHECK: linalg.generic
// CHECK: arith.addi %{{.*}}, %{{.*}} : i8
// CHECK: arith.extsi %{{.*}} : i8 to i16
// CHECK: arith.andi %{{.*}}, %{{.*}} : i16
// CHECK: arith.divsi %{{.*}}, %{{.*}} : i16
// CHECK: arith.trunci %{{.*}} : i16 to i8
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i16
// CHECK-NOT: ui8
func.func @uint8(%x: tensor<4xui8>, %y: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xi1>) {
  %0 = nngraph.add %x, %y : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = nngraph.div %x, %y : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %2 = nngraph.greater %x, %y : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xui8>, tensor<4xui8>, tensor<4xi1>
}

// -----

// Casts from and to unsigned: uint8 to float reads the zero-extended value
// (255 is 255.0, not -1.0); float to uint8 converts to i16 and truncates.
// Constants keep their bits: the sign-extended constant (folded) is masked.
// CHECK-LABEL: func.func @casts
// CHECK-SAME: -> (tensor<3xf32>, tensor<3xi8>)
// CHECK-DAG: %[[MASK:.*]] = arith.constant dense<255> : tensor<i16>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<[1, -1, 127]> : tensor<3xi16>
// CHECK: linalg.generic {{.*}} ins(%[[C]], %[[MASK]] :
// CHECK: arith.andi
// CHECK: arith.sitofp %{{.*}} : i16 to f32
// CHECK: arith.fptosi %{{.*}} : f32 to i16
// CHECK: arith.trunci %{{.*}} : i16 to i8
func.func @casts(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xui8>) {
  %c = nngraph.constant dense<[1, 255, 127]> : tensor<3xui8>
  %0 = nngraph.cast %c : (tensor<3xui8>) -> tensor<3xf32>
  %1 = nngraph.cast %x : (tensor<3xf32>) -> tensor<3xui8>
  return %0, %1 : tensor<3xf32>, tensor<3xui8>
}

// -----

// No signless type is twice as wide as ui64.
func.func @uint64(%x: tensor<2xui64>, %y: tensor<2xui64>) -> tensor<2xui64> {
  // expected-error@+1 {{cannot lower nngraph.div on 'tensor<2xui64>': unsigned integers wider than 32 bits}}
  %0 = nngraph.div %x, %y : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xui64>
  return %0 : tensor<2xui64>
}
