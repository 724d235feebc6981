// As in nngraph-cpu-pipeline, CSE runs before the fusion too.
// RUN: nngraph-opt %s --convert-nngraph-to-linalg --canonicalize --cse --nngraph-fuse-elementwise --cse | FileCheck %s
// RUN: nngraph-opt %s --convert-nngraph-to-linalg --canonicalize --cse --nngraph-fuse-elementwise=max-recompute-ops=0 --cse | FileCheck %s --check-prefix=SINGLE
// RUN: nngraph-opt %s --convert-nngraph-to-linalg --canonicalize --cse --nngraph-fuse-elementwise=fuse-broadcast-work --cse | FileCheck %s --check-prefix=BCAST

// Two channels-last convolutions and a residual add. The ReLU between them
// feeds both the second convolution (through a permutation to NHWC) and the
// add (in NCHW); recomputing it in each consumer leaves no NCHW tensor
// between the convolutions: one permutation at the input, the second conv's
// input is the NHWC ReLU, and the add reads both convolutions in NHWC and
// writes the NCHW result.
// CHECK-DAG: #[[$TO_NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$TO_NCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @two
// CHECK: %[[X:.*]] = linalg.generic {indexing_maps = [#[[$TO_NHWC]], #[[$ID]]]{{.*}} ins(%arg0 : tensor<1x16x28x28xf32>)
// CHECK: tensor.pad %[[X]]
// CHECK: %[[C1:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[R1:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]]{{.*}} ins(%[[C1]] : tensor<1x28x28x32xf32>) outs({{.*}} : tensor<1x28x28x32xf32>)
// CHECK: arith.maximumf
// CHECK: tensor.pad %[[R1]]
// CHECK: %[[C2:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.generic {indexing_maps = [#[[$TO_NCHW]], #[[$TO_NCHW]], #[[$ID]]]{{.*}} ins(%[[C2]], %[[C1]] : tensor<1x28x28x32xf32>, tensor<1x28x28x32xf32>) outs({{.*}} : tensor<1x32x28x28xf32>)
// CHECK: arith.maximumf
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
// CHECK: return

// Without recomputation (upstream's single-use rule) the ReLU is written
// once, channels-last: it reads the convolution's result through the
// permutation to NCHW, so it moves into the convolution's layout and the
// permutation after it reaches its users, where it cancels with the second
// convolution's (PermuteElementwiseToSourceLayout); the add reads the ReLU.
// SINGLE-LABEL: func.func @two
// SINGLE: %[[C1:.*]] = linalg.conv_2d_nhwc_hwcf
// SINGLE: %[[R1:.*]] = linalg.generic {{.*}} ins(%[[C1]] : tensor<1x28x28x32xf32>) outs({{.*}} : tensor<1x28x28x32xf32>)
// SINGLE: tensor.pad %[[R1]]
// SINGLE: %[[C2:.*]] = linalg.conv_2d_nhwc_hwcf
// SINGLE: linalg.generic {{.*}} ins(%[[C2]], %[[R1]] : tensor<1x28x28x32xf32>, tensor<1x28x28x32xf32>) outs({{.*}} : tensor<1x32x28x28xf32>)
// SINGLE-NOT: linalg.generic
// SINGLE: return
func.func @two(%x: tensor<1x16x28x28xf32>, %w1: tensor<32x16x3x3xf32>, %b1: tensor<32xf32>, %w2: tensor<32x32x3x3xf32>, %b2: tensor<32xf32>) -> tensor<1x32x28x28xf32> {
  %0 = nngraph.conv %x, %w1, %b1 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x28x28xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>) -> tensor<1x32x28x28xf32>
  %1 = nngraph.relu %0 : (tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %2 = nngraph.conv %1, %w2, %b2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x32x28x28xf32>, tensor<32x32x3x3xf32>, tensor<32xf32>) -> tensor<1x32x28x28xf32>
  %3 = nngraph.add %2, %1 : (tensor<1x32x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %4 = nngraph.relu %3 : (tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  return %4 : tensor<1x32x28x28xf32>
}

// -----

// A concat of two channels-last convolutions (SqueezeNet's fire module):
// the pieces' ReLUs read their convolutions through the permutation to
// NCHW, so they iterate channels-last instead and the permutation moves
// out of the concat, where it cancels with the last convolution's to NHWC:
// the concat is along the NHWC channels (offset 8 on dimension 3), in a
// buffer of its own (an alloc_tensor, which CSE does not merge), and no
// NCHW tensor remains between the convolutions.
// CHECK-LABEL: func.func @fire
// CHECK: %[[CAT:.*]] = bufferization.alloc_tensor() : tensor<1x9x9x16xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$TO_NHWC]], #[[$ID]]]{{.*}} ins(%arg0 : tensor<1x4x9x9xf32>)
// CHECK: %[[C1:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[C2:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[R1:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]]{{.*}} ins(%[[C1]] : tensor<1x9x9x8xf32>)
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[R1]] into %[[CAT]][0, 0, 0, 0] [1, 9, 9, 8] [1, 1, 1, 1]
// CHECK: %[[R2:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]]{{.*}} ins(%[[C2]] : tensor<1x9x9x8xf32>)
// CHECK: %[[I2:.*]] = tensor.insert_slice %[[R2]] into %[[I1]][0, 0, 0, 8] [1, 9, 9, 8] [1, 1, 1, 1]
// CHECK: %[[C3:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[I2]],
// CHECK: linalg.generic {indexing_maps = [#[[$TO_NCHW]], #[[$ID]]]{{.*}} ins(%[[C3]] : tensor<1x9x9x16xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @fire(%x: tensor<1x4x9x9xf32>, %w1: tensor<8x4x1x1xf32>, %w2: tensor<8x4x3x3xf32>, %w3: tensor<16x16x1x1xf32>) -> tensor<1x16x9x9xf32> {
  %0 = nngraph.conv %x, %w1 : (tensor<1x4x9x9xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x9x9xf32>
  %1 = nngraph.relu %0 : (tensor<1x8x9x9xf32>) -> tensor<1x8x9x9xf32>
  %2 = nngraph.conv %x, %w2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x4x9x9xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x9x9xf32>
  %3 = nngraph.relu %2 : (tensor<1x8x9x9xf32>) -> tensor<1x8x9x9xf32>
  %4 = nngraph.concat %1, %3 {axis = 1 : i64} : (tensor<1x8x9x9xf32>, tensor<1x8x9x9xf32>) -> tensor<1x16x9x9xf32>
  %5 = nngraph.conv %4, %w3 : (tensor<1x16x9x9xf32>, tensor<16x16x1x1xf32>) -> tensor<1x16x9x9xf32>
  return %5 : tensor<1x16x9x9xf32>
}

// -----

// A flatten between a convolution and a fully connected layer (VGG's
// classifier): the reshape is not folded into the matmul (that would make
// it a generic with three reduction loops, which no schedule takes); the
// ReLU with the permutation back to NCHW is one generic, then the
// collapse and a linalg.matmul.
// CHECK-LABEL: func.func @flatten_dense
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$TO_NCHW]], #[[$ID]]]{{.*}} outs({{.*}} : tensor<1x16x3x3xf32>)
// CHECK: arith.maximumf
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2, 3]] : tensor<1x16x3x3xf32> into tensor<1x144xf32>
// CHECK: linalg.matmul ins(%[[F]], %{{.*}} : tensor<1x144xf32>, tensor<144x10xf32>)
func.func @flatten_dense(%x: tensor<1x8x3x3xf32>, %w: tensor<16x8x3x3xf32>, %fc: tensor<10x144xf32>) -> tensor<1x10xf32> {
  %0 = nngraph.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x3x3xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x3x3xf32>
  %1 = nngraph.relu %0 : (tensor<1x16x3x3xf32>) -> tensor<1x16x3x3xf32>
  %2 = nngraph.flatten %1 : (tensor<1x16x3x3xf32>) -> tensor<1x144xf32>
  %3 = nngraph.gemm %2, %fc {trans_b = true} : (tensor<1x144xf32>, tensor<10x144xf32>) -> tensor<1x10xf32>
  return %3 : tensor<1x10xf32>
}

// -----

// Two layers of a dense block (DenseNet): each concat holds the previous
// one and a convolution's features, and a batch norm + ReLU reads each.
// Both concats are channels-last, each in a buffer of its own
// (nngraph-elide-copies builds the first in the second's, on buffers),
// and each batch norm reads its concat in NHWC.
// CHECK-LABEL: func.func @dense_block
// CHECK-DAG: %[[BIG:.*]] = bufferization.alloc_tensor() : tensor<1x8x8x32xf32>
// CHECK-DAG: %[[SMALL:.*]] = bufferization.alloc_tensor() : tensor<1x8x8x24xf32>
// CHECK: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[B:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[A]] into %[[SMALL]][0, 0, 0, 0] [1, 8, 8, 16]
// CHECK: %[[CAT0:.*]] = tensor.insert_slice %[[B]] into %[[I0]][0, 0, 0, 16] [1, 8, 8, 8]
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], {{.*}}]{{.*}} ins(%[[CAT0]], {{.*}} : tensor<1x8x8x24xf32>, tensor<24xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[CAT0]] into %[[BIG]][0, 0, 0, 0] [1, 8, 8, 24]
// CHECK: %[[CAT1:.*]] = tensor.insert_slice %[[C]] into %[[I1]][0, 0, 0, 24] [1, 8, 8, 8]
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], {{.*}}]{{.*}} ins(%[[CAT1]], {{.*}} : tensor<1x8x8x32xf32>, tensor<32xf32>
// CHECK: return
func.func @dense_block(%x: tensor<1x16x8x8xf32>, %w0: tensor<16x16x1x1xf32>, %w1: tensor<8x16x3x3xf32>, %w2: tensor<8x24x3x3xf32>, %w3: tensor<8x32x1x1xf32>, %s24: tensor<24xf32>, %s32: tensor<32xf32>) -> tensor<1x8x8x8xf32> {
  %a = nngraph.conv %x, %w0 : (tensor<1x16x8x8xf32>, tensor<16x16x1x1xf32>) -> tensor<1x16x8x8xf32>
  %0 = nngraph.conv %a, %w1 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x8x8xf32>, tensor<8x16x3x3xf32>) -> tensor<1x8x8x8xf32>
  %c0 = nngraph.concat %a, %0 {axis = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x24x8x8xf32>
  %b1 = nngraph.batch_norm %c0, %s24, %s24, %s24, %s24 : (tensor<1x24x8x8xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<1x24x8x8xf32>
  %r1 = nngraph.relu %b1 : (tensor<1x24x8x8xf32>) -> tensor<1x24x8x8xf32>
  %1 = nngraph.conv %r1, %w2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x24x8x8xf32>, tensor<8x24x3x3xf32>) -> tensor<1x8x8x8xf32>
  %c1 = nngraph.concat %c0, %1 {axis = 1 : i64} : (tensor<1x24x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x32x8x8xf32>
  %b2 = nngraph.batch_norm %c1, %s32, %s32, %s32, %s32 : (tensor<1x32x8x8xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<1x32x8x8xf32>
  %r2 = nngraph.relu %b2 : (tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %2 = nngraph.conv %r2, %w3 : (tensor<1x32x8x8xf32>, tensor<8x32x1x1xf32>) -> tensor<1x8x8x8xf32>
  return %2 : tensor<1x8x8x8xf32>
}

// -----

// A concat whose larger piece is channels-last (a convolution) and whose
// smaller one is not (a graph input): the permutation moves out, and the
// input is permuted to NHWC on its way in.
// CHECK-LABEL: func.func @mixed_pieces
// CHECK: %[[CAT:.*]] = bufferization.alloc_tensor() : tensor<1x8x8x24xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[C]] into %[[CAT]][0, 0, 0, 0] [1, 8, 8, 16]
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[$TO_NHWC]], #[[$ID]]]{{.*}} ins(%arg1 : tensor<1x8x8x8xf32>)
// CHECK: tensor.insert_slice %[[Y]] into %[[I0]][0, 0, 0, 16] [1, 8, 8, 8]
func.func @mixed_pieces(%x: tensor<1x16x8x8xf32>, %y: tensor<1x8x8x8xf32>, %w: tensor<16x16x1x1xf32>, %w2: tensor<8x24x1x1xf32>) -> tensor<1x8x8x8xf32> {
  %a = nngraph.conv %x, %w : (tensor<1x16x8x8xf32>, tensor<16x16x1x1xf32>) -> tensor<1x16x8x8xf32>
  %c = nngraph.concat %a, %y {axis = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x24x8x8xf32>
  %r = nngraph.conv %c, %w2 : (tensor<1x24x8x8xf32>, tensor<8x24x1x1xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// -----

// The same with the graph input as the larger piece: the concat stays in
// NCHW (permuting 16 channels of input to save permuting 8 of features
// would cost more), and the pass terminates.
// CHECK-LABEL: func.func @mostly_nchw
// CHECK-NOT: bufferization.alloc_tensor
// CHECK: tensor.insert_slice %arg1 into %{{.*}}[0, 0, 0, 0] [1, 16, 8, 8]
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 16, 0, 0] [1, 8, 8, 8]
func.func @mostly_nchw(%x: tensor<1x16x8x8xf32>, %y: tensor<1x16x8x8xf32>, %w: tensor<8x16x1x1xf32>, %w2: tensor<8x24x1x1xf32>) -> tensor<1x8x8x8xf32> {
  %a = nngraph.conv %x, %w : (tensor<1x16x8x8xf32>, tensor<8x16x1x1xf32>) -> tensor<1x8x8x8xf32>
  %c = nngraph.concat %y, %a {axis = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x24x8x8xf32>
  %r = nngraph.conv %c, %w2 : (tensor<1x24x8x8xf32>, tensor<8x24x1x1xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// -----

// A pre-activation (ResNet v2): batch norm and ReLU of a residual sum feed
// two convolutions. The batch norm's factor scale / sqrt(var + eps) is not
// fused into the per-element generic that broadcasts it (it would take a
// square root and a division per element): it stays a generic over the 16
// channels. CSE before the fusion makes the two permutations to NHWC one,
// so that even the single-use rule fuses the pre-activation into it and no
// NCHW tensor is left between the convolutions.
// CHECK-LABEL: func.func @pre_activation
// CHECK: %[[F:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%arg3, %arg6 : tensor<16xf32>, tensor<16xf32>) outs(%{{.*}} : tensor<16xf32>)
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: linalg.generic {{.*}} ins({{.*}}%[[F]], %arg4, %arg5 : {{.*}}) outs(%{{.*}} : tensor<1x8x8x16xf32>)
// CHECK-NOT: math.sqrt
// CHECK-NOT: arith.divf
// CHECK: return
// SINGLE-LABEL: func.func @pre_activation
// SINGLE-NOT: outs(%{{.*}} : tensor<1x16x8x8xf32>)
// SINGLE: return
func.func @pre_activation(%x: tensor<1x16x8x8xf32>, %y: tensor<1x16x8x8xf32>, %w0: tensor<16x16x1x1xf32>, %s: tensor<16xf32>, %b: tensor<16xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>, %w1: tensor<8x16x1x1xf32>, %w2: tensor<8x16x1x1xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %a = nngraph.conv %x, %w0 : (tensor<1x16x8x8xf32>, tensor<16x16x1x1xf32>) -> tensor<1x16x8x8xf32>
  %sum = nngraph.add %a, %y : (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %n = nngraph.batch_norm %sum, %s, %b, %m, %v : (tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x8x8xf32>
  %r = nngraph.relu %n : (tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %c1 = nngraph.conv %r, %w1 : (tensor<1x16x8x8xf32>, tensor<8x16x1x1xf32>) -> tensor<1x8x8x8xf32>
  %c2 = nngraph.conv %r, %w2 : (tensor<1x16x8x8xf32>, tensor<8x16x1x1xf32>) -> tensor<1x8x8x8xf32>
  return %c1, %c2 : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}

// -----

// A squeeze-and-excitation gate: the sigmoid of a per-channel vector
// scales the activation. The exponential stays in the generic over the
// channels, computed once per channel, not once per element.
// CHECK-LABEL: func.func @gate
// CHECK: %[[G:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x8x1x1xf32>)
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[G]] : tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>)
// CHECK-NOT: math.exp
// CHECK: return
// With fuse-broadcast-work (the GPU pipeline), one generic computes it per
// element.
// BCAST-LABEL: func.func @gate
// BCAST: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>)
// BCAST: math.exp
// BCAST-NOT: linalg.generic
// BCAST: return
func.func @gate(%x: tensor<1x8x4x4xf32>, %g: tensor<1x8x1x1xf32>) -> tensor<1x8x4x4xf32> {
  %0 = nngraph.sigmoid %g : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %1 = nngraph.mul %x, %0 : (tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  return %1 : tensor<1x8x4x4xf32>
}

// -----

// Pre-activation residual blocks (ResNet v2): each sum of a block feeds the
// next block's ReLU and the next sum. The sums are computed once, in NHWC
// (a permutation of several inputs moves into their layout too), and each
// ReLU and sum reads the previous sum: recomputing the sums in their
// consumers re-added every earlier convolution's result in each later
// block (ResNet-50 v2: 0.93x the time without that).
// CHECK-LABEL: func.func @preact_chain
// CHECK: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[B:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[S1:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]]{{.*}} ins(%[[A]], %[[B]] : tensor<1x28x28x32xf32>, tensor<1x28x28x32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK: %[[R1:.*]] = linalg.generic {{.*}} ins(%[[S1]] : tensor<1x28x28x32xf32>)
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[S2:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]]{{.*}} ins(%[[C]], %[[S1]] : tensor<1x28x28x32xf32>, tensor<1x28x28x32xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[S2]] : tensor<1x28x28x32xf32>)
// CHECK: %[[D:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.generic {indexing_maps = [#[[$TO_NCHW]], #[[$TO_NCHW]], #[[$ID]]]{{.*}} ins(%[[D]], %[[S2]] : tensor<1x28x28x32xf32>, tensor<1x28x28x32xf32>) outs({{.*}} : tensor<1x32x28x28xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @preact_chain(%x: tensor<1x16x28x28xf32>, %w1: tensor<32x16x1x1xf32>, %w2: tensor<32x16x3x3xf32>, %w3: tensor<32x32x3x3xf32>, %b: tensor<32xf32>) -> tensor<1x32x28x28xf32> {
  %a = nngraph.conv %x, %w1, %b : (tensor<1x16x28x28xf32>, tensor<32x16x1x1xf32>, tensor<32xf32>) -> tensor<1x32x28x28xf32>
  %c = nngraph.conv %x, %w2, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x28x28xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>) -> tensor<1x32x28x28xf32>
  %s1 = nngraph.add %a, %c : (tensor<1x32x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %r1 = nngraph.relu %s1 : (tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %d = nngraph.conv %r1, %w3, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x32x28x28xf32>, tensor<32x32x3x3xf32>, tensor<32xf32>) -> tensor<1x32x28x28xf32>
  %s2 = nngraph.add %d, %s1 : (tensor<1x32x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %r2 = nngraph.relu %s2 : (tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %e = nngraph.conv %r2, %w3, %b {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x32x28x28xf32>, tensor<32x32x3x3xf32>, tensor<32xf32>) -> tensor<1x32x28x28xf32>
  %s3 = nngraph.add %e, %s2 : (tensor<1x32x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  return %s3 : tensor<1x32x28x28xf32>
}

// -----

// A global average pool of a channels-last convolution's ReLU: the
// reduction keeps its (N, C) result but iterates the convolution's layout,
// channels innermost, and reads its result directly (through the
// permutation to NCHW it read a 7x7 window of each channel 32 floats apart:
// ResNet-50 v2's last batch norm, ReLU and pool took 0.86 ms, now 0.11).
// CHECK-LABEL: func.func @global_pool
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #{{.*}}], iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%[[C]] : tensor<1x7x7x32xf32>) outs(%{{.*}} : tensor<1x32xf32>)
// CHECK: arith.maximumf
// CHECK: arith.addf
func.func @global_pool(%x: tensor<1x16x7x7xf32>, %w: tensor<32x16x1x1xf32>, %b: tensor<32xf32>) -> tensor<1x32x1x1xf32> {
  %c = nngraph.conv %x, %w, %b : (tensor<1x16x7x7xf32>, tensor<32x16x1x1xf32>, tensor<32xf32>) -> tensor<1x32x7x7xf32>
  %r = nngraph.relu %c : (tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  %p = nngraph.global_avg_pool %r : (tensor<1x32x7x7xf32>) -> tensor<1x32x1x1xf32>
  return %p : tensor<1x32x1x1xf32>
}
