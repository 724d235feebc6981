// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// Broadcasting: operands align on their last axes, size-1 axes read index 0.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$B0:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @binary_broadcast
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: %[[A:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<3xf32>) outs(%[[E0]] : tensor<2x3xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]]
// CHECK: arith.mulf
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$B0]], #[[$ID]]]
// CHECK: arith.subi
func.func @binary_broadcast(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %i: tensor<2x3xi32>, %j: tensor<1x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %c = nngraph.constant dense<2.0> : tensor<f32>
  %a = nngraph.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %m = nngraph.mul %a, %c : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %s = nngraph.sub %i, %j : (tensor<2x3xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %m, %s : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// Dynamic sizes come from the operand that is not 1 on that axis.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x3xf32>
// CHECK: tensor.empty(%[[D]]) : tensor<?x3xi1>
// CHECK: arith.cmpf ogt
func.func @dynamic(%x: tensor<?x3xf32>, %y: tensor<3xf32>) -> tensor<?x3xi1> {
  %g = nngraph.greater %x, %y : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xi1>
  return %g : tensor<?x3xi1>
}

// -----

// CHECK-LABEL: func.func @unary
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: math.tanh
// CHECK: math.expm1
// CHECK: arith.select
// CHECK: math.erf
// CHECK: arith.fptosi {{.*}} : f32 to i32
// CHECK-NOT: nngraph.
func.func @unary(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %r = nngraph.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  %s = nngraph.sigmoid %r : (tensor<4xf32>) -> tensor<4xf32>
  %t = nngraph.tanh %s : (tensor<4xf32>) -> tensor<4xf32>
  %e = nngraph.elu %t {alpha = 0.5 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %g = nngraph.gelu %e : (tensor<4xf32>) -> tensor<4xf32>
  %c = nngraph.cast %g : (tensor<4xf32>) -> tensor<4xi32>
  %i = nngraph.identity %x : (tensor<4xf32>) -> tensor<4xf32>
  %d = nngraph.dropout %i : (tensor<4xf32>) -> tensor<4xf32>
  return %g, %d, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}

// -----

// Sign as numpy's (the ONNX reference): 1 above zero, -1 below, else 0, NaN
// kept (a NaN compares unordered); integers compare signed.
// CHECK-LABEL: func.func @sign
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK: %[[R0:.*]] = arith.select %[[NAN]], %[[X]], %{{.*}} : f32
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
// CHECK: %[[R1:.*]] = arith.select %[[NEG]], %{{.*}}, %[[R0]] : f32
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[X]], %{{.*}} : f32
// CHECK: arith.select %[[POS]], %{{.*}}, %[[R1]] : f32
// CHECK: linalg.generic
// CHECK: ^bb0(%[[I:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[INEG:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i32
// CHECK: %[[IR:.*]] = arith.select %[[INEG]], %{{.*}}, %{{.*}} : i32
// CHECK: %[[IPOS:.*]] = arith.cmpi sgt, %[[I]], %{{.*}} : i32
// CHECK: arith.select %[[IPOS]], %{{.*}}, %[[IR]] : i32
// CHECK-NOT: nngraph.
func.func @sign(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %s = nngraph.sign %x : (tensor<4xf32>) -> tensor<4xf32>
  %t = nngraph.sign %i : (tensor<4xi32>) -> tensor<4xi32>
  return %s, %t : tensor<4xf32>, tensor<4xi32>
}

// -----

// Mod without fmod has the divisor's sign (Python's %): the remainder moves
// by the divisor where the signs differ; logical ops on i1; trigonometry
// through math.
// CHECK-LABEL: func.func @mod_logic_trig
// CHECK: linalg.generic
// CHECK: %[[R:.*]] = arith.remsi
// CHECK: arith.xori
// CHECK: arith.andi
// CHECK: %[[S:.*]] = arith.addi %[[R]]
// CHECK: arith.select %{{.*}}, %[[S]], %[[R]]
// CHECK: linalg.generic
// CHECK: arith.remf
// CHECK-NOT: arith.select
// CHECK: linalg.yield
// CHECK: linalg.generic
// CHECK: arith.ori
// CHECK: linalg.generic
// CHECK: arith.constant true
// CHECK: arith.xori
// CHECK: linalg.generic
// CHECK: math.acos
// CHECK: linalg.generic
// CHECK: math.sinh
func.func @mod_logic_trig(%a: tensor<6xi32>, %b: tensor<6xi32>, %x: tensor<6xf32>, %y: tensor<6xf32>, %p: tensor<6xi1>, %q: tensor<6xi1>) -> (tensor<6xi32>, tensor<6xf32>, tensor<6xi1>, tensor<6xf32>) {
  %0 = nngraph.mod %a, %b : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %1 = nngraph.mod %x, %y {fmod = true} : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %2 = nngraph.or %p, %q : (tensor<6xi1>, tensor<6xi1>) -> tensor<6xi1>
  %3 = nngraph.not %2 : (tensor<6xi1>) -> tensor<6xi1>
  %4 = nngraph.acos %x : (tensor<6xf32>) -> tensor<6xf32>
  %5 = nngraph.sinh %4 : (tensor<6xf32>) -> tensor<6xf32>
  return %0, %1, %3, %5 : tensor<6xi32>, tensor<6xf32>, tensor<6xi1>, tensor<6xf32>
}

// -----

// BitShift: amounts outside [0, width) shift by 0 and give 0 (left), or by
// width - 1 (right: the sign fills). Not of integers flips every bit.
// BitCast reinterprets the bits; booleans are bytes.
// CHECK-LABEL: func.func @bits
// CHECK: linalg.generic
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[B:.*]], %{{.*}} : i32
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[B]], %{{.*}} : i32
// CHECK: %[[OK:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[OK]], %[[B]]
// CHECK: %[[SHL:.*]] = arith.shli %{{.*}}, %[[SAFE]] : i32
// CHECK: arith.select %[[OK]], %[[SHL]]
// CHECK: linalg.generic
// CHECK: %[[C31:.*]] = arith.constant 31 : i32
// CHECK: %[[RSAFE:.*]] = arith.select %{{.*}}, %{{.*}}, %[[C31]] : i32
// CHECK: arith.shrsi %{{.*}}, %[[RSAFE]] : i32
// CHECK: linalg.generic
// CHECK: %[[ONES:.*]] = arith.constant -1 : i32
// CHECK: arith.xori %{{.*}}, %[[ONES]] : i32
// CHECK: linalg.generic
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK: linalg.generic
// CHECK: arith.extui %{{.*}} : i1 to i8
// CHECK: linalg.generic
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i8
func.func @bits(%a: tensor<4xi32>, %b: tensor<4xi32>, %p: tensor<4xi1>, %c: tensor<4xi8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi8>, tensor<4xi1>) {
  %0 = nngraph.bit_shift %a, %b {left = true} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = nngraph.bit_shift %a, %b {left = false} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = nngraph.not %a : (tensor<4xi32>) -> tensor<4xi32>
  %3 = nngraph.bitcast %a : (tensor<4xi32>) -> tensor<4xf32>
  %4 = nngraph.bitcast %p : (tensor<4xi1>) -> tensor<4xi8>
  %5 = nngraph.bitcast %c : (tensor<4xi8>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi8>, tensor<4xi1>
}
