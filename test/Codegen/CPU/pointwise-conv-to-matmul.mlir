// nngraph-cpu-pointwise-conv-to-matmul: a 1x1 stride-1 convolution whose
// rows waste the convolution schedule's register tiles (AVX2: rows of 7,
// tiles of 4 + 3 pixels) becomes a matmul over all its pixels (49: tiles
// of 5, 9 x 5 + 4), its accumulator and epilogue collapsed with it.
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-pointwise-conv-to-matmul=vector-width=8 | FileCheck %s
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-pointwise-conv-to-matmul=vector-width=16 | FileCheck %s --check-prefix=AVX512
// RUN: nngraph-opt %s -split-input-file --nngraph-cpu-pointwise-conv-to-matmul=vector-width=8 --nngraph-cpu-tile-and-vectorize=vector-width=8 --canonicalize --cse | FileCheck %s --check-prefix=TILED

// ResNet's 7x7 stage: the bias (the accumulator), the convolution and the
// residual add + ReLU (the epilogue) all on (49, F).
// CHECK-LABEL: func.func @rows_of_7(
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<64xf32>) outs(%{{.*}} : tensor<49x64xf32>)
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2], [3]] : tensor<1x7x7x32xf32> into tensor<49x32xf32>
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1, 2], [3]] : tensor<1x1x32x64xf32> into tensor<32x64xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<49x32xf32>, tensor<32x64xf32>) outs(%[[B]] : tensor<49x64xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %arg3 {{\[\[}}0, 1, 2], [3]] : tensor<1x7x7x64xf32> into tensor<49x64xf32>
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%[[P]], %[[R]] : tensor<49x64xf32>, tensor<49x64xf32>) outs(%{{.*}} : tensor<49x64xf32>)
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[E]] {{\[\[}}0, 1, 2], [3]] output_shape [1, 7, 7, 64] : tensor<49x64xf32> into tensor<1x7x7x64xf32>
// CHECK: return %[[Y]]
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// With 32 registers the convolution schedule's tile divides the row.
// AVX512-LABEL: func.func @rows_of_7(
// AVX512: linalg.conv_2d_nhwc_hwcf
// AVX512-NOT: linalg.matmul
// The matmul schedule fuses the accumulator and the epilogue into its
// tiles of 5 rows (9 and a peeled 4) x 16 columns: no temporary.
// TILED-LABEL: func.func @rows_of_7(
// TILED: scf.forall
// TILED: vector.contract {{.*}} : vector<5x8xf32>, vector<8x16xf32> into vector<5x16xf32>
// TILED: arith.maximumf {{.*}} : vector<5x16xf32>
// TILED: vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// TILED: arith.maximumf {{.*}} : vector<4x16xf32>
// TILED-NOT: linalg.generic
// TILED-NOT: linalg.matmul
func.func @rows_of_7(%x: tensor<1x7x7x32xf32>, %w: tensor<1x1x32x64xf32>, %b: tensor<64xf32>,
                     %r: tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %acc = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<64xf32>) outs(%e : tensor<1x7x7x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x7x7x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x7x7x32xf32>, tensor<1x1x32x64xf32>) outs(%acc : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %e2 = tensor.empty() : tensor<1x7x7x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %r : tensor<1x7x7x64xf32>, tensor<1x7x7x64xf32>) outs(%e2 : tensor<1x7x7x64xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x7x7x64xf32>
  return %y : tensor<1x7x7x64xf32>
}

// -----

// Left as convolutions: rows of 14 (tiles of 5 + 5 + 4 fill them), stride
// 2, a 3x3 filter, 24 output channels (the convolution schedule's three
// vectors), and an epilogue that permutes back to NCHW (its pixel loops
// are not consecutive). A fill accumulator alone collapses through the
// reshape.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-5: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.matmul
// CHECK-LABEL: func.func @fill(
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<49x64xf32>) -> tensor<49x64xf32>
// CHECK: linalg.matmul ins({{.*}} : tensor<49x32xf32>, tensor<32x64xf32>) outs(%[[F]] : tensor<49x64xf32>)
// CHECK: tensor.expand_shape
func.func @kept(%x14: tensor<1x14x14x32xf32>, %w: tensor<1x1x32x64xf32>, %x: tensor<1x7x7x32xf32>,
                %w3: tensor<3x3x32x64xf32>, %x9: tensor<1x9x9x32xf32>, %w24: tensor<1x1x32x24xf32>,
                %x13: tensor<1x13x13x32xf32>)
    -> (tensor<1x14x14x64xf32>, tensor<1x7x7x64xf32>, tensor<1x7x7x64xf32>, tensor<1x7x7x24xf32>, tensor<1x64x7x7xf32>) {
  %zero = arith.constant 0.0 : f32
  %e14 = tensor.empty() : tensor<1x14x14x64xf32>
  %a14 = linalg.fill ins(%zero : f32) outs(%e14 : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %c14 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x14, %w : tensor<1x14x14x32xf32>, tensor<1x1x32x64xf32>) outs(%a14 : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %e7 = tensor.empty() : tensor<1x7x7x64xf32>
  %a7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %s2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x13, %w : tensor<1x13x13x32xf32>, tensor<1x1x32x64xf32>) outs(%a7 : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %c3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x9, %w3 : tensor<1x9x9x32xf32>, tensor<3x3x32x64xf32>) outs(%a7 : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %e24 = tensor.empty() : tensor<1x7x7x24xf32>
  %a24 = linalg.fill ins(%zero : f32) outs(%e24 : tensor<1x7x7x24xf32>) -> tensor<1x7x7x24xf32>
  %c24 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w24 : tensor<1x7x7x32xf32>, tensor<1x1x32x24xf32>) outs(%a24 : tensor<1x7x7x24xf32>) -> tensor<1x7x7x24xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x7x7x32xf32>, tensor<1x1x32x64xf32>) outs(%a7 : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %en = tensor.empty() : tensor<1x64x7x7xf32>
  %nchw = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x7x7x64xf32>) outs(%en : tensor<1x64x7x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x64x7x7xf32>
  return %c14, %s2, %c3, %c24, %nchw : tensor<1x14x14x64xf32>, tensor<1x7x7x64xf32>, tensor<1x7x7x64xf32>, tensor<1x7x7x24xf32>, tensor<1x64x7x7xf32>
}

func.func @fill(%x: tensor<1x7x7x32xf32>, %w: tensor<1x1x32x64xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x7x7x32xf32>, tensor<1x1x32x64xf32>) outs(%a : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  return %c : tensor<1x7x7x64xf32>
}

// -----

// An epilogue that reads a (C, 1, 1) slope at (c, 0, 0) (an MXNet PReLU)
// has a map that is no projected permutation: it does not collapse (and
// collapseOpIterationDims must not see it, it crashed), so the convolution
// stays one.
// CHECK-LABEL: func.func @prelu_slope(
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.matmul
func.func @prelu_slope(%x: tensor<1x7x7x32xf32>, %w: tensor<1x1x32x64xf32>, %slope: tensor<64x1x1xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x7x7x32xf32>, tensor<1x1x32x64xf32>) outs(%a : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %slope : tensor<1x7x7x64xf32>, tensor<64x1x1xf32>) outs(%e : tensor<1x7x7x64xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %n = arith.mulf %in, %s : f32
    %p = arith.cmpf ogt, %in, %zero : f32
    %r = arith.select %p, %in, %n : f32
    linalg.yield %r : f32
  } -> tensor<1x7x7x64xf32>
  return %y : tensor<1x7x7x64xf32>
}
