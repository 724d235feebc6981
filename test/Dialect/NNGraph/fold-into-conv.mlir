// RUN: nngraph-opt %s --nngraph-fold-into-conv --split-input-file | FileCheck %s
// RUN: nngraph-opt %s --nngraph-fold-into-conv --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// Batch norm after a conv without bias: W' = W * s, b' = beta - mean * s,
// s = gamma / sqrt(var + epsilon), s along axis 0 of the weight. The new
// conv keeps the conv's name, fused with the batch norm's.

// CHECK-LABEL: func.func @conv_bn
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<1x3x8x8xf32>, %[[W:[a-z0-9]+]]: tensor<4x3x3x3xf32> {nngraph.role = "weight"}, %[[G:[a-z0-9]+]]: tensor<4xf32>, %[[B:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<4xf32>, %[[V:[a-z0-9]+]]: tensor<4xf32>)
// CHECK: %[[EPS:.*]] = nngraph.constant dense<1.000000e-03> : tensor<1xf32>
// CHECK: %[[VE:.*]] = nngraph.add %[[V]], %[[EPS]]
// CHECK: %[[SQ:.*]] = nngraph.sqrt %[[VE]]
// CHECK: %[[S:.*]] = nngraph.div %[[G]], %[[SQ]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[MS:.*]] = nngraph.mul %[[M]], %[[S]]
// CHECK: %[[T:.*]] = nngraph.sub %[[B]], %[[MS]]
// CHECK: %[[S4:.*]] = nngraph.reshape %[[S]] {shape = array<i64: 4, 1, 1, 1>}
// CHECK: %[[W2:.*]] = nngraph.mul %[[W]], %[[S4]] : (tensor<4x3x3x3xf32>, tensor<4x1x1x1xf32>) -> tensor<4x3x3x3xf32>
// CHECK: %[[C:.*]] = nngraph.conv %[[X]], %[[W2]], %[[T]] {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NOT: batch_norm
// CHECK: %[[R:.*]] = nngraph.relu %[[C]]
// CHECK: return %[[R]]

// LOC-LABEL: func.func @conv_bn
// LOC: nngraph.conv {{.*}} loc(#[[FUSED:loc[0-9]+]])
// LOC-DAG: #[[CONV:loc[0-9]+]] = loc("conv0")
// LOC-DAG: #[[BN:loc[0-9]+]] = loc("bn0")
// LOC-DAG: #[[FUSED]] = loc(fused[#[[CONV]], #[[BN]]])
func.func @conv_bn(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32> {nngraph.role = "weight"},
                   %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = nngraph.conv %x, %w {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32> loc("conv0")
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v {epsilon = 1.0e-3 : f32} : (tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32> loc("bn0")
  %2 = nngraph.relu %1 : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %2 : tensor<1x4x4x4xf32>
}

// -----

// With a conv bias: b' = b * s + (beta - mean * s); the default epsilon.

// CHECK-LABEL: func.func @conv_bias_bn
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<1x3x8x8xf32>, %[[W:[a-z0-9]+]]: tensor<4x3x3x3xf32>, %[[CB:[a-z0-9]+]]: tensor<4xf32>, %[[G:[a-z0-9]+]]: tensor<4xf32>, %[[B:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<4xf32>, %[[V:[a-z0-9]+]]: tensor<4xf32>)
// CHECK: %[[EPS:.*]] = nngraph.constant dense<9.99999974E-6> : tensor<1xf32>
// CHECK: %[[VE:.*]] = nngraph.add %[[V]], %[[EPS]]
// CHECK: %[[SQ:.*]] = nngraph.sqrt %[[VE]]
// CHECK: %[[S:.*]] = nngraph.div %[[G]], %[[SQ]]
// CHECK: %[[MS:.*]] = nngraph.mul %[[M]], %[[S]]
// CHECK: %[[T:.*]] = nngraph.sub %[[B]], %[[MS]]
// CHECK: %[[S4:.*]] = nngraph.reshape %[[S]] {shape = array<i64: 4, 1, 1, 1>}
// CHECK: %[[W2:.*]] = nngraph.mul %[[W]], %[[S4]]
// CHECK: %[[BS:.*]] = nngraph.mul %[[CB]], %[[S]]
// CHECK: %[[B2:.*]] = nngraph.add %[[BS]], %[[T]]
// CHECK: %[[C:.*]] = nngraph.conv %[[X]], %[[W2]], %[[B2]] :
// CHECK: return %[[C]]
func.func @conv_bias_bn(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %cb: tensor<4xf32>,
                        %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %0 = nngraph.conv %x, %w, %cb : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %1 : tensor<1x4x6x6xf32>
}

// -----

// MXNet fix_gamma=True: the importer's gamma is a constant of ones, which
// folds like any other gamma (s = 1 / sqrt(var + eps)).

// CHECK-LABEL: func.func @conv_bn_fix_gamma
// CHECK: %[[ONES:.*]] = nngraph.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[S:.*]] = nngraph.div %[[ONES]], %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[S4:.*]] = nngraph.reshape %[[S]] {shape = array<i64: 4, 1, 1, 1>}
// CHECK: nngraph.mul %{{.*}}, %[[S4]]
// CHECK: nngraph.conv
// CHECK-NOT: batch_norm
func.func @conv_bn_fix_gamma(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>,
                             %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %g = nngraph.constant dense<1.0> : tensor<4xf32>
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v {epsilon = 1.0e-3 : f32} : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %1 : tensor<1x4x6x6xf32>
}

// -----

// Depthwise conv (group = C): the scale is per output channel, axis 0 of
// the C x 1 x k x k weight; group and the other attributes are kept.

// CHECK-LABEL: func.func @depthwise_bn
// CHECK: %[[S4:.*]] = nngraph.reshape %{{.*}} {shape = array<i64: 8, 1, 1, 1>}
// CHECK: %[[W2:.*]] = nngraph.mul %{{.*}}, %[[S4]] : (tensor<8x1x3x3xf32>, tensor<8x1x1x1xf32>) -> tensor<8x1x3x3xf32>
// CHECK: nngraph.conv %{{.*}}, %[[W2]], %{{.*}} {group = 8 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x6x6xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x6x6xf32>
// CHECK-NOT: batch_norm
func.func @depthwise_bn(%x: tensor<1x8x6x6xf32>, %w: tensor<8x1x3x3xf32>,
                        %g: tensor<8xf32>, %b: tensor<8xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>) -> tensor<1x8x6x6xf32> {
  %0 = nngraph.conv %x, %w {group = 8 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x6x6xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x6x6xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<1x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x6x6xf32>
  return %1 : tensor<1x8x6x6xf32>
}

// -----

// Grouped 1-D and 3-D convs: the scale is reshaped to the weight's rank.

// CHECK-LABEL: func.func @conv1d_grouped_bn
// CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 6, 1, 1>} : (tensor<6xf32>) -> tensor<6x1x1xf32>
// CHECK: nngraph.conv %{{.*}} {group = 2 : i64} : (tensor<1x4x10xf32>, tensor<6x2x3xf32>, tensor<6xf32>) -> tensor<1x6x8xf32>
// CHECK-NOT: batch_norm
func.func @conv1d_grouped_bn(%x: tensor<1x4x10xf32>, %w: tensor<6x2x3xf32>,
                             %g: tensor<6xf32>, %b: tensor<6xf32>, %m: tensor<6xf32>, %v: tensor<6xf32>) -> tensor<1x6x8xf32> {
  %0 = nngraph.conv %x, %w {group = 2 : i64} : (tensor<1x4x10xf32>, tensor<6x2x3xf32>) -> tensor<1x6x8xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<1x6x8xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<1x6x8xf32>
  return %1 : tensor<1x6x8xf32>
}

// CHECK-LABEL: func.func @conv3d_bn
// CHECK: nngraph.reshape %{{.*}} {shape = array<i64: 2, 1, 1, 1, 1>} : (tensor<2xf32>) -> tensor<2x1x1x1x1xf32>
// CHECK: nngraph.conv {{.*}} : (tensor<1x3x4x4x4xf32>, tensor<2x3x2x2x2xf32>, tensor<2xf32>) -> tensor<1x2x3x3x3xf32>
// CHECK-NOT: batch_norm
func.func @conv3d_bn(%x: tensor<1x3x4x4x4xf32>, %w: tensor<2x3x2x2x2xf32>,
                     %g: tensor<2xf32>, %b: tensor<2xf32>, %m: tensor<2xf32>, %v: tensor<2xf32>) -> tensor<1x2x3x3x3xf32> {
  %0 = nngraph.conv %x, %w : (tensor<1x3x4x4x4xf32>, tensor<2x3x2x2x2xf32>) -> tensor<1x2x3x3x3xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<1x2x3x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3x3xf32>
  return %1 : tensor<1x2x3x3x3xf32>
}

// -----

// A transposed conv with one group: the scale runs along axis 1 of its
// C x M x k x k weight. With two groups the output channels are split over
// both weight axes, and nothing folds. An unknown batch size does not
// matter.

// CHECK-LABEL: func.func @conv_transpose_bn
// CHECK: %[[S4:.*]] = nngraph.reshape %{{.*}} {shape = array<i64: 1, 6, 1, 1>}
// CHECK: %[[W2:.*]] = nngraph.mul %{{.*}}, %[[S4]] : (tensor<4x6x2x2xf32>, tensor<1x6x1x1xf32>) -> tensor<4x6x2x2xf32>
// CHECK: nngraph.conv_transpose %{{.*}}, %[[W2]], %{{.*}} {strides = array<i64: 2, 2>} : (tensor<?x4x3x3xf32>, tensor<4x6x2x2xf32>, tensor<6xf32>) -> tensor<?x6x6x6xf32>
// CHECK-NOT: batch_norm
func.func @conv_transpose_bn(%x: tensor<?x4x3x3xf32>, %w: tensor<4x6x2x2xf32>,
                             %g: tensor<6xf32>, %b: tensor<6xf32>, %m: tensor<6xf32>, %v: tensor<6xf32>) -> tensor<?x6x6x6xf32> {
  %0 = nngraph.conv_transpose %x, %w {strides = array<i64: 2, 2>} : (tensor<?x4x3x3xf32>, tensor<4x6x2x2xf32>) -> tensor<?x6x6x6xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<?x6x6x6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<?x6x6x6xf32>
  return %1 : tensor<?x6x6x6xf32>
}

// CHECK-LABEL: func.func @conv_transpose_grouped_bn
// CHECK: nngraph.conv_transpose
// CHECK: nngraph.batch_norm
func.func @conv_transpose_grouped_bn(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x2x2xf32>,
                                     %g: tensor<6xf32>, %b: tensor<6xf32>, %m: tensor<6xf32>, %v: tensor<6xf32>) -> tensor<1x6x6x6xf32> {
  %0 = nngraph.conv_transpose %x, %w {strides = array<i64: 2, 2>, group = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>) -> tensor<1x6x6x6xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<1x6x6x6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<1x6x6x6xf32>
  return %1 : tensor<1x6x6x6xf32>
}

// -----

// Half precision: the epsilon constant has the tensors' element type.

// CHECK-LABEL: func.func @conv_bn_f16
// CHECK: nngraph.constant dense<{{.*}}> : tensor<1xf16>
// CHECK: nngraph.conv {{.*}} -> tensor<1x2x3x3xf16>
// CHECK-NOT: batch_norm
func.func @conv_bn_f16(%x: tensor<1x2x4x4xf16>, %w: tensor<2x2x2x2xf16>,
                       %g: tensor<2xf16>, %b: tensor<2xf16>, %m: tensor<2xf16>, %v: tensor<2xf16>) -> tensor<1x2x3x3xf16> {
  %0 = nngraph.conv %x, %w : (tensor<1x2x4x4xf16>, tensor<2x2x2x2xf16>) -> tensor<1x2x3x3xf16>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<1x2x3x3xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<1x2x3x3xf16>
  return %1 : tensor<1x2x3x3xf16>
}

// -----

// A "scale" layer: conv -> mul(c) -> add(d), c a per-channel constant and d
// a per-channel weight (on the left of the add). Both fold: W' = W * c,
// b' = d, the constants reshaped to vectors.

// CHECK-LABEL: func.func @conv_mul_add
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<1x3x8x8xf32>, %[[W:[a-z0-9]+]]: tensor<4x3x3x3xf32>, %[[D:[a-z0-9]+]]: tensor<1x4x1x1xf32> {nngraph.role = "weight"})
// CHECK: %[[K:.*]] = nngraph.constant dense<{{.*}}> : tensor<4x1x1xf32>
// CHECK: %[[K4:.*]] = nngraph.reshape %[[K]] {shape = array<i64: 4, 1, 1, 1>} : (tensor<4x1x1xf32>) -> tensor<4x1x1x1xf32>
// CHECK: %[[W2:.*]] = nngraph.mul %[[W]], %[[K4]]
// CHECK: %[[B:.*]] = nngraph.reshape %[[D]] {shape = array<i64: 4>} : (tensor<1x4x1x1xf32>) -> tensor<4xf32>
// CHECK: %[[C:.*]] = nngraph.conv %[[X]], %[[W2]], %[[B]] :
// CHECK: return %[[C]]
func.func @conv_mul_add(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
                        %d: tensor<1x4x1x1xf32> {nngraph.role = "weight"}) -> tensor<1x4x6x6xf32> {
  %c = nngraph.constant dense<[[[2.0]], [[3.0]], [[4.0]], [[5.0]]]> : tensor<4x1x1xf32>
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = nngraph.mul %0, %c : (tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) -> tensor<1x4x6x6xf32>
  %2 = nngraph.add %d, %1 : (tensor<1x4x1x1xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %2 : tensor<1x4x6x6xf32>
}

// -----

// Scalars: mul by a scalar on the left scales the bias too; sub by a
// scalar becomes a bias of one element per channel.

// CHECK-LABEL: func.func @conv_scalar_mul_sub
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<1x3x8xf32>, %[[W:[a-z0-9]+]]: tensor<4x3x3xf32>, %[[CB:[a-z0-9]+]]: tensor<4xf32>)
// CHECK-DAG: %[[K:.*]] = nngraph.constant dense<2.000000e+00> : tensor<1xf32>
// CHECK-DAG: %[[E:.*]] = nngraph.constant dense<5.000000e-01> : tensor<f32>
// CHECK: %[[K3:.*]] = nngraph.reshape %[[K]] {shape = array<i64: 1, 1, 1>}
// CHECK: %[[W2:.*]] = nngraph.mul %[[W]], %[[K3]]
// CHECK: %[[B2:.*]] = nngraph.mul %[[CB]], %[[K]] : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
// CHECK: %[[E1:.*]] = nngraph.reshape %[[E]] {shape = array<i64: 1>} : (tensor<f32>) -> tensor<1xf32>
// CHECK: %[[NE:.*]] = nngraph.neg %[[E1]]
// CHECK: %[[B3:.*]] = nngraph.add %[[B2]], %[[NE]] : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
// CHECK: %[[C:.*]] = nngraph.conv %[[X]], %[[W2]], %[[B3]] :
// CHECK: return %[[C]]
func.func @conv_scalar_mul_sub(%x: tensor<1x3x8xf32>, %w: tensor<4x3x3xf32>, %cb: tensor<4xf32>) -> tensor<1x4x6xf32> {
  %k = nngraph.constant dense<2.0> : tensor<1xf32>
  %e = nngraph.constant dense<0.5> : tensor<f32>
  %0 = nngraph.conv %x, %w, %cb : (tensor<1x3x8xf32>, tensor<4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6xf32>
  %1 = nngraph.mul %k, %0 : (tensor<1xf32>, tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
  %2 = nngraph.sub %1, %e : (tensor<1x4x6xf32>, tensor<f32>) -> tensor<1x4x6xf32>
  return %2 : tensor<1x4x6xf32>
}

// -----

// An add of a scalar to a conv without bias: the bias is expanded to one
// element per output channel.

// CHECK-LABEL: func.func @conv_add_scalar
// CHECK: %[[E:.*]] = nngraph.expand %{{.*}} {shape = array<i64: 4>} : (tensor<1xf32>) -> tensor<4xf32>
// CHECK: nngraph.conv %{{.*}}, %{{.*}}, %[[E]] :
func.func @conv_add_scalar(%x: tensor<1x3x8xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x6xf32> {
  %k = nngraph.constant dense<2.0> : tensor<1x1x1xf32>
  %0 = nngraph.conv %x, %w : (tensor<1x3x8xf32>, tensor<4x3x3xf32>) -> tensor<1x4x6xf32>
  %1 = nngraph.add %0, %k : (tensor<1x4x6xf32>, tensor<1x1x1xf32>) -> tensor<1x4x6xf32>
  return %1 : tensor<1x4x6xf32>
}

// -----

// Gemm (trans_b) then batch norm: the scale runs along axis 0 of B, and
// beta * C is the bias (gemm's beta becomes 1; alpha stays).

// CHECK-LABEL: func.func @gemm_bn
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<2x5xf32>, %[[B:[a-z0-9]+]]: tensor<3x5xf32>, %[[C:[a-z0-9]+]]: tensor<3xf32>
// CHECK: %[[S:.*]] = nngraph.div
// CHECK: %[[T:.*]] = nngraph.sub
// CHECK: %[[HALF:.*]] = nngraph.constant dense<5.000000e-01> : tensor<1xf32>
// CHECK: %[[BC:.*]] = nngraph.mul %[[C]], %[[HALF]]
// CHECK: %[[S2:.*]] = nngraph.reshape %[[S]] {shape = array<i64: 3, 1>}
// CHECK: %[[B2:.*]] = nngraph.mul %[[B]], %[[S2]] : (tensor<3x5xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
// CHECK: %[[BCS:.*]] = nngraph.mul %[[BC]], %[[S]]
// CHECK: %[[C2:.*]] = nngraph.add %[[BCS]], %[[T]]
// CHECK: nngraph.gemm %[[A]], %[[B2]], %[[C2]] {alpha = 2.000000e+00 : f32, trans_b = true} :
// CHECK-NOT: batch_norm
func.func @gemm_bn(%a: tensor<2x5xf32>, %b: tensor<3x5xf32>, %c: tensor<3xf32>,
                   %g: tensor<3xf32>, %bb: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = nngraph.gemm %a, %b, %c {trans_b = true, beta = 0.5 : f32, alpha = 2.0 : f32} : (tensor<2x5xf32>, tensor<3x5xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = nngraph.batch_norm %0, %g, %bb, %m, %v : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// Gemm without trans_b and without C, then mul by a per-column weight: the
// scale runs along axis 1 of B and no bias appears.

// CHECK-LABEL: func.func @gemm_mul
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<2x5xf32>, %[[B:[a-z0-9]+]]: tensor<5x3xf32>, %[[K:[a-z0-9]+]]: tensor<3xf32> {nngraph.role = "weight"})
// CHECK: %[[K2:.*]] = nngraph.reshape %[[K]] {shape = array<i64: 1, 3>}
// CHECK: %[[B2:.*]] = nngraph.mul %[[B]], %[[K2]] : (tensor<5x3xf32>, tensor<1x3xf32>) -> tensor<5x3xf32>
// CHECK: %[[Y:.*]] = nngraph.gemm %[[A]], %[[B2]] : (tensor<2x5xf32>, tensor<5x3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[Y]]
func.func @gemm_mul(%a: tensor<2x5xf32>, %b: tensor<5x3xf32>, %k: tensor<3xf32> {nngraph.role = "weight"}) -> tensor<2x3xf32> {
  %0 = nngraph.gemm %a, %b : (tensor<2x5xf32>, tensor<5x3xf32>) -> tensor<2x3xf32>
  %1 = nngraph.mul %0, %k : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// An identity between the conv and its batch norm does not block the fold.

// CHECK-LABEL: func.func @identity_between
// CHECK-NOT: nngraph.identity
// CHECK-NOT: nngraph.dropout
// CHECK: nngraph.conv
// CHECK-NOT: batch_norm
func.func @identity_between(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
                            %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = nngraph.identity %0 : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %2 = nngraph.dropout %1 : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %3 = nngraph.batch_norm %2, %g, %b, %m, %v : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %3 : tensor<1x4x6x6xf32>
}

// -----

// Transposes that cancel disappear (the dialect's canonicalization).

// CHECK-LABEL: func.func @transposes_cancel
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<1x3x4x5xf32>)
// CHECK-NOT: nngraph.transpose
// CHECK: return %[[X]]
func.func @transposes_cancel(%x: tensor<1x3x4x5xf32>) -> tensor<1x3x4x5xf32> {
  %0 = nngraph.transpose %x {perm = array<i64: 0, 2, 3, 1>} : (tensor<1x3x4x5xf32>) -> tensor<1x4x5x3xf32>
  %1 = nngraph.transpose %0 {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x4x5x3xf32>) -> tensor<1x3x4x5xf32>
  return %1 : tensor<1x3x4x5xf32>
}

// -----

// Not folded: the conv has another user.

// CHECK-LABEL: func.func @conv_two_uses
// CHECK: %[[C:.*]] = nngraph.conv %{{.*}}, %{{.*}} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
// CHECK: %[[N:.*]] = nngraph.batch_norm %[[C]],
// CHECK: return %[[C]], %[[N]]
func.func @conv_two_uses(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
                         %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) {
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = nngraph.batch_norm %0, %g, %b, %m, %v : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %0, %1 : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>
}

// -----

// Not folded: the batch norm does not follow a conv or gemm.

// CHECK-LABEL: func.func @bn_after_relu
// CHECK: %[[C:.*]] = nngraph.conv %{{.*}}, %{{.*}} :
// CHECK: %[[R:.*]] = nngraph.relu %[[C]]
// CHECK: %[[N:.*]] = nngraph.batch_norm %[[R]],
// CHECK: return %[[N]]
func.func @bn_after_relu(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
                         %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = nngraph.relu %0 : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %2 = nngraph.batch_norm %1, %g, %b, %m, %v : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %2 : tensor<1x4x6x6xf32>
}

// CHECK-LABEL: func.func @bn_of_input
// CHECK: %[[N:.*]] = nngraph.batch_norm %arg0,
// CHECK: return %[[N]]
func.func @bn_of_input(%x: tensor<1x4x6x6xf32>, %g: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %0 = nngraph.batch_norm %x, %g, %b, %m, %v : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// Not folded: a mul by an activation (a graph input that is not a weight),
// by a constant that varies along a spatial axis, or one that broadcasts
// the conv's result to a larger shape.

// CHECK-LABEL: func.func @mul_not_folded
// CHECK-COUNT-3: nngraph.conv %{{.*}}, %{{.*}} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
// CHECK-NEXT: nngraph.mul
// CHECK-NEXT: nngraph.mul
// CHECK-NEXT: nngraph.mul
func.func @mul_not_folded(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %s: tensor<1x4x1x1xf32>)
    -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<2x4x6x6xf32>) {
  %k = nngraph.constant dense<2.0> : tensor<6x1xf32>
  %k2 = nngraph.constant dense<2.0> : tensor<2x1x1x1xf32>
  %0 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %2 = nngraph.conv %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %3 = nngraph.mul %0, %s : (tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x6x6xf32>
  %4 = nngraph.mul %1, %k : (tensor<1x4x6x6xf32>, tensor<6x1xf32>) -> tensor<1x4x6x6xf32>
  %5 = nngraph.mul %2, %k2 : (tensor<1x4x6x6xf32>, tensor<2x1x1x1xf32>) -> tensor<2x4x6x6xf32>
  return %3, %4, %5 : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<2x4x6x6xf32>
}
