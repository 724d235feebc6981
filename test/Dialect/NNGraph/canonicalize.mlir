// RUN: nngraph-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @identity_dropout_cast
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @identity_dropout_cast(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = nngraph.identity %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = nngraph.dropout %0 {ratio = 0.3 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = nngraph.cast %1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

// A refining identity keeps its result type and stays.
// CHECK-LABEL: func.func @identity_refines
// CHECK: nngraph.identity
func.func @identity_refines(%x: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %0 = nngraph.identity %x : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A cast that changes the element type stays.
// CHECK-LABEL: func.func @cast_kept
// CHECK: nngraph.cast
func.func @cast_kept(%x: tensor<2xf32>) -> tensor<2xi32> {
  %0 = nngraph.cast %x : (tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @reshape_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = nngraph.reshape %[[X]] {shape = array<i64: 4, 6>} : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_chain(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %0 = nngraph.reshape %x {shape = array<i64: 6, 4>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = nngraph.unsqueeze %0 {axes = array<i64: 0>} : (tensor<6x4xf32>) -> tensor<1x6x4xf32>
  %2 = nngraph.flatten %1 {axis = 2 : i64} : (tensor<1x6x4xf32>) -> tensor<6x4xf32>
  %3 = nngraph.reshape %2 {shape = array<i64: 4, 6>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  return %3 : tensor<4x6xf32>
}

// -----

// A chain of shape-only operations that ends where it started disappears.
// CHECK-LABEL: func.func @squeeze_unsqueeze
// CHECK-SAME: (%[[X:.*]]: tensor<1x8xf32>)
// CHECK-NEXT: return %[[X]]
func.func @squeeze_unsqueeze(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = nngraph.squeeze %x : (tensor<1x8xf32>) -> tensor<8xf32>
  %1 = nngraph.unsqueeze %0 {axes = array<i64: 0>} : (tensor<8xf32>) -> tensor<1x8xf32>
  return %1 : tensor<1x8xf32>
}

// -----

// A single shape-changing reshape stays; with a static result, its target
// spells the sizes out (`0` and `-1` resolved: a graph specialised after an
// import without shapes reads like one imported with them); an open result
// keeps them.
// CHECK-LABEL: func.func @reshape_single
// CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 6>}
// CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 2, 12>}
// CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 0, -1>}
func.func @reshape_single(%x: tensor<2x3xf32>, %y: tensor<2x3x4xf32>, %z: tensor<?x3x4xf32>) -> (tensor<6xf32>, tensor<2x12xf32>, tensor<?x12xf32>) {
  %0 = nngraph.reshape %x {shape = array<i64: -1>} : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = nngraph.reshape %y {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %2 = nngraph.reshape %z {shape = array<i64: 0, -1>} : (tensor<?x3x4xf32>) -> tensor<?x12xf32>
  return %0, %1, %2 : tensor<6xf32>, tensor<2x12xf32>, tensor<?x12xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_constant
// CHECK-NEXT: %[[C:.*]] = nngraph.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: return %[[C]]
func.func @reshape_constant() -> tensor<2x2xi32> {
  %c = nngraph.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = nngraph.reshape %c {shape = array<i64: 2, 2>} : (tensor<4xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// CHECK-LABEL: func.func @transpose_inverse
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_inverse(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = nngraph.transpose %x {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = nngraph.transpose %0 {perm = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_compose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[T:.*]] = nngraph.transpose %[[X]] {perm = array<i64: 2, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_compose(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %0 = nngraph.transpose %x {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %1 = nngraph.transpose %0 {perm = array<i64: 2, 0, 1>} : (tensor<3x2x4xf32>) -> tensor<4x3x2xf32>
  return %1 : tensor<4x3x2xf32>
}

// -----

// Without 'perm' a transpose reverses the axes; twice is the identity.
// CHECK-LABEL: func.func @transpose_default_twice
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_default_twice(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = nngraph.transpose %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = nngraph.transpose %0 : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_identity_perm
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_identity_perm(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = nngraph.transpose %x {perm = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @fold_float
// CHECK-DAG: %[[ADD:.*]] = nngraph.constant dense<[4.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[SUB:.*]] = nngraph.constant dense<-2.000000e+00> : tensor<2xf32>
// CHECK-DAG: %[[MUL:.*]] = nngraph.constant dense<[3.000000e+00, 8.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[DIV:.*]] = nngraph.constant dense<[0.333333343, 5.000000e-01]> : tensor<2xf32>
// CHECK-DAG: %[[MAX:.*]] = nngraph.constant dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[MIN:.*]] = nngraph.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[MAX]], %[[MIN]]
func.func @fold_float() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = nngraph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = nngraph.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %0 = nngraph.add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = nngraph.sub %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = nngraph.mul %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %3 = nngraph.div %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %4 = nngraph.max %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %5 = nngraph.min %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @fold_int
// CHECK-DAG: %[[ADD:.*]] = nngraph.constant dense<[8, -1]> : tensor<2xi32>
// CHECK-DAG: %[[DIV:.*]] = nngraph.constant dense<[3, -3]> : tensor<2xi32>
// CHECK: return %[[ADD]], %[[DIV]]
func.func @fold_int() -> (tensor<2xi32>, tensor<2xi32>) {
  %a = nngraph.constant dense<[7, -7]> : tensor<2xi32>
  %b = nngraph.constant dense<[1, 6]> : tensor<2xi32>
  %c = nngraph.constant dense<2> : tensor<2xi32>
  %0 = nngraph.add %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %1 = nngraph.div %a, %c : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}

// -----

// Integer division by zero is left to run time.
// CHECK-LABEL: func.func @no_fold_int_div_zero
// CHECK: nngraph.div
func.func @no_fold_int_div_zero() -> tensor<2xi32> {
  %a = nngraph.constant dense<[7, -7]> : tensor<2xi32>
  %z = nngraph.constant dense<[1, 0]> : tensor<2xi32>
  %0 = nngraph.div %a, %z : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// Broadcasting operands are not folded (the folder only handles equal
// types, and splats of any shape).
// CHECK-LABEL: func.func @no_fold_broadcast
// CHECK: nngraph.add
func.func @no_fold_broadcast() -> tensor<2x2xf32> {
  %a = nngraph.constant dense<1.0> : tensor<2x2xf32>
  %b = nngraph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %0 = nngraph.add %a, %b : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Tensors above the folding limit (4096 elements) are not materialised.
// CHECK-LABEL: func.func @no_fold_large
// CHECK: nngraph.mul
func.func @no_fold_large() -> tensor<8192xf32> {
  %a = nngraph.constant dense<1.0> : tensor<8192xf32>
  %b = nngraph.constant dense<2.0> : tensor<8192xf32>
  %0 = nngraph.mul %a, %b : (tensor<8192xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  return %0 : tensor<8192xf32>
}

// -----

// CHECK-LABEL: func.func @neutral
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[I]]
func.func @neutral(%x: tensor<2x3xf32>, %i: tensor<4xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>) {
  %one = nngraph.constant dense<1.0> : tensor<3xf32>
  %zero = nngraph.constant dense<0.0> : tensor<1xf32>
  %izero = nngraph.constant dense<0> : tensor<4xi32>
  %0 = nngraph.mul %x, %one : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = nngraph.div %x, %one : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = nngraph.sub %x, %zero : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  %3 = nngraph.add %i, %izero : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi32>
}

// -----

// x + 0.0 is not x for IEEE floats (-0.0 + 0.0 = +0.0); a neutral operand
// that broadcasts the result to a larger shape is kept too.
// CHECK-LABEL: func.func @not_neutral
// CHECK: nngraph.add
// CHECK: nngraph.mul
func.func @not_neutral(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<2x3xf32>) {
  %zero = nngraph.constant dense<0.0> : tensor<3xf32>
  %one = nngraph.constant dense<1.0> : tensor<2x3xf32>
  %0 = nngraph.add %x, %zero : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = nngraph.mul %x, %one : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<3xf32>, tensor<2x3xf32>
}

// -----

// Unknown operators survive canonicalisation untouched.
// CHECK-LABEL: func.func @custom_kept
// CHECK: nngraph.custom "_contrib_box_nms"
func.func @custom_kept(%x: tensor<1x10x6xf32>) {
  %0 = nngraph.custom "_contrib_box_nms"(%x) {source_attrs = {topk = "4"}} : (tensor<1x10x6xf32>) -> tensor<1x10x6xf32>
  return
}

// -----

// A print is a side effect: canonicalization keeps it (and what it reads).
// CHECK-LABEL: func.func @print_kept
// CHECK: %[[C:.*]] = nngraph.constant
// CHECK: nngraph.print %[[C]] {message = "c:"}
func.func @print_kept() {
  %c = nngraph.constant dense<1.0> : tensor<2xf32>
  nngraph.print %c {message = "c:"} : tensor<2xf32>
  return
}

// -----

// auto_pad becomes explicit pads once the spatial sizes are static: SAME
// puts the odd pad at the end (UPPER) or the beginning (LOWER); VALID none.
// CHECK-LABEL: func.func @resolve_auto_pad
// CHECK: nngraph.conv %arg0, %arg1 {pads = array<i64: 1, 1, 1, 1>}
// CHECK: nngraph.max_pool %arg0 {kernel_shape = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>}
// CHECK: nngraph.avg_pool %arg0 {kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 0, 0>}
// CHECK: nngraph.max_pool %arg0 {kernel_shape = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>}
// CHECK: nngraph.max_pool %arg2 {auto_pad = #nngraph.auto_pad<same_upper>
func.func @resolve_auto_pad(%x: tensor<1x1x5x5xf32>, %w: tensor<2x1x3x3xf32>, %d: tensor<1x1x?x5xf32>) -> (tensor<1x2x5x5xf32>, tensor<1x1x3x3xf32>, tensor<1x1x5x5xf32>, tensor<1x1x3x3xf32>, tensor<1x1x?x5xf32>) {
  %0 = nngraph.conv %x, %w {auto_pad = #nngraph.auto_pad<same_upper>} : (tensor<1x1x5x5xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x5x5xf32>
  %1 = nngraph.max_pool %x {auto_pad = #nngraph.auto_pad<same_upper>, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %2 = nngraph.avg_pool %x {auto_pad = #nngraph.auto_pad<same_lower>, kernel_shape = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x5x5xf32>
  %3 = nngraph.max_pool %x {auto_pad = #nngraph.auto_pad<valid>, kernel_shape = array<i64: 3, 3>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %4 = nngraph.max_pool %d {auto_pad = #nngraph.auto_pad<same_upper>, kernel_shape = array<i64: 2, 2>} : (tensor<1x1x?x5xf32>) -> tensor<1x1x?x5xf32>
  return %0, %1, %2, %3, %4 : tensor<1x2x5x5xf32>, tensor<1x1x3x3xf32>, tensor<1x1x5x5xf32>, tensor<1x1x3x3xf32>, tensor<1x1x?x5xf32>
}

// -----

// Shape arithmetic on small constants folds (ONNX exporters compute Reshape
// targets this way): shape of a static tensor, gather, slice, neg, concat,
// unsqueeze/squeeze, integer casts, and a scalar broadcast in sub.
// CHECK-LABEL: func.func @shape_arithmetic
// CHECK-DAG: %[[T:.*]] = nngraph.constant dense<[2, 12]> : tensor<2xi64>
// CHECK-DAG: %[[S:.*]] = nngraph.constant dense<[3, 4]> : tensor<2xi32>
// CHECK-DAG: %[[R:.*]] = nngraph.constant dense<[-2, -3]> : tensor<2xi64>
// CHECK-NOT: nngraph.shape
// CHECK-NOT: nngraph.concat
// CHECK: return %[[T]], %[[S]], %[[R]]
func.func @shape_arithmetic(%x: tensor<2x3x4xf32>) -> (tensor<2xi64>, tensor<2xi32>, tensor<2xi64>) {
  %s = nngraph.shape %x : (tensor<2x3x4xf32>) -> tensor<3xi64>
  %i0 = nngraph.constant dense<0> : tensor<i64>
  %d0 = nngraph.gather %s, %i0 {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  %u = nngraph.unsqueeze %d0 {axes = array<i64: 0>} : (tensor<i64>) -> tensor<1xi64>
  %tail = nngraph.slice %s {starts = array<i64: 1>, ends = array<i64: 9223372036854775807>} : (tensor<3xi64>) -> tensor<2xi64>
  %c12 = nngraph.constant dense<[12]> : tensor<1xi64>
  %t = nngraph.concat %u, %c12 {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %c = nngraph.cast %tail : (tensor<2xi64>) -> tensor<2xi32>
  %one = nngraph.constant dense<1> : tensor<i64>
  %n = nngraph.neg %tail : (tensor<2xi64>) -> tensor<2xi64>
  %plus = nngraph.constant dense<[2, 2]> : tensor<2xi64>
  %m = nngraph.add %n, %plus : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  %r = nngraph.sub %m, %one : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
  return %t, %c, %r : tensor<2xi64>, tensor<2xi32>, tensor<2xi64>
}

// -----

// x ** 0 is 1 for every x (BatchNorm's fix_gamma ones of an MXNet graph
// imported without shapes): a splat once the shape is static; not before,
// and not for another exponent.
// CHECK-LABEL: func.func @pow_zero
// CHECK-DAG: %[[ONES:.*]] = nngraph.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[IONES:.*]] = nngraph.constant dense<1> : tensor<3xi32>
// CHECK-DAG: %[[OPEN:.*]] = nngraph.pow %arg1, %{{.*}} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
// CHECK-DAG: %[[TWO:.*]] = nngraph.pow %arg0, %{{.*}} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: return %[[ONES]], %[[IONES]], %[[OPEN]], %[[TWO]]
func.func @pow_zero(%x: tensor<4xf32>, %y: tensor<?xf32>, %i: tensor<3xi32>) -> (tensor<4xf32>, tensor<3xi32>, tensor<?xf32>, tensor<4xf32>) {
  %zero = nngraph.constant dense<0.0> : tensor<f32>
  %izero = nngraph.constant dense<0> : tensor<i32>
  %two = nngraph.constant dense<2.0> : tensor<f32>
  %a = nngraph.pow %x, %zero : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %b = nngraph.pow %i, %izero : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %c = nngraph.pow %y, %zero : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %d = nngraph.pow %x, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %a, %b, %c, %d : tensor<4xf32>, tensor<3xi32>, tensor<?xf32>, tensor<4xf32>
}

// -----

// Ceil mode over static sizes the windows tile exactly changes nothing and
// goes; where the last window is partial, or sizes are open, it stays.
// CHECK-LABEL: func.func @pool_exact_ceil_mode
// CHECK: nngraph.max_pool %arg0 {kernel_shape = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
// CHECK: nngraph.avg_pool %arg1 {ceil_mode = true
// CHECK: nngraph.max_pool %arg2 {ceil_mode = true
func.func @pool_exact_ceil_mode(%x: tensor<1x2x8x8xf32>, %y: tensor<1x2x7x7xf32>, %z: tensor<1x2x?x?xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x?x?xf32>) {
  %a = nngraph.max_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = true} : (tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32>
  %b = nngraph.avg_pool %y {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = true} : (tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32>
  %c = nngraph.max_pool %z {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, ceil_mode = true} : (tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32>
  return %a, %b, %c : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x?x?xf32>
}

// -----

// Unsigned constants fold as unsigned: 200 is more than 100 and 200 / 100
// is 2 (read as i8, -56 would be less and -56 / 100 = 0).
// CHECK-LABEL: func.func @unsigned_fold
// CHECK-DAG: %[[MAX:.*]] = nngraph.constant dense<200> : tensor<2xui8>
// CHECK-DAG: %[[MIN:.*]] = nngraph.constant dense<100> : tensor<2xui8>
// CHECK-DAG: %[[DIV:.*]] = nngraph.constant dense<2> : tensor<2xui8>
// CHECK: return %[[MAX]], %[[MIN]], %[[DIV]]
func.func @unsigned_fold() -> (tensor<2xui8>, tensor<2xui8>, tensor<2xui8>) {
  %a = nngraph.constant dense<200> : tensor<2xui8>
  %b = nngraph.constant dense<100> : tensor<2xui8>
  %0 = nngraph.max %a, %b : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  %1 = nngraph.min %a, %b : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  %2 = nngraph.div %a, %b : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return %0, %1, %2 : tensor<2xui8>, tensor<2xui8>, tensor<2xui8>
}
