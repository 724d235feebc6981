// RUN: nngraph-opt %s --split-input-file --convert-nngraph-to-linalg | FileCheck %s

// One group in 2-D: channels last. The input is permuted to NHWC and zero
// padded on H and W, the weight permuted to HWCF, the bias broadcast along
// the last axis into the accumulator, then the named NHWC convolution with
// strides and dilations, and the result permuted back to NCHW.
// CHECK-DAG: #[[$NCHW2NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[$FCHW2HWCF:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d2, d0, d1)>
// CHECK-DAG: #[[$LAST:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-DAG: #[[$NHWC2NCHW:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @conv_bias
// CHECK: %[[X:.*]] = linalg.generic {indexing_maps = [#[[$NCHW2NHWC]], {{.*}}]{{.*}} ins(%arg0 : tensor<1x3x32x32xf32>) outs({{.*}} : tensor<1x32x32x3xf32>)
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: %[[ACC:.*]] = linalg.generic {indexing_maps = [#[[$LAST]], {{.*}}]{{.*}} ins(%arg2 : tensor<8xf32>) outs({{.*}} : tensor<1x16x16x8xf32>)
// CHECK: %[[W:.*]] = linalg.generic {indexing_maps = [#[[$FCHW2HWCF]], {{.*}}]{{.*}} ins(%arg1 : tensor<8x3x3x3xf32>) outs({{.*}} : tensor<3x3x3x8xf32>)
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[P]], %[[W]] : tensor<1x34x34x3xf32>, tensor<3x3x3x8xf32>) outs(%[[ACC]] : tensor<1x16x16x8xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$NHWC2NCHW]], {{.*}}]{{.*}} ins(%[[C]] : tensor<1x16x16x8xf32>) outs({{.*}} : tensor<1x8x16x16xf32>)
// CHECK: return %[[R]]
func.func @conv_bias(%x: tensor<1x3x32x32xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x16x16xf32> {
  %0 = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

// -----

// A dynamic batch size is carried through the permutations.
// CHECK-LABEL: func.func @conv_dynamic_batch
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0 : tensor<?x3x8x8xf32>
// CHECK: tensor.empty(%[[N]]) : tensor<?x8x8x3xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} outs({{.*}} : tensor<?x6x6x4xf32>)
// CHECK: tensor.empty({{.*}}) : tensor<?x4x6x6xf32>
func.func @conv_dynamic_batch(%x: tensor<?x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<?x4x6x6xf32> {
  %0 = nngraph.conv %x, %w : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x6x6xf32>
  return %0 : tensor<?x4x6x6xf32>
}

// -----

// Depthwise: the (C, 1, KH, KW) weight is collapsed and permuted to
// (KH, KW, C) for the named NHWC op.
// CHECK-LABEL: func.func @depthwise
// CHECK: %[[F:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
// CHECK: %[[W:.*]] = linalg.generic {{.*}} ins(%[[F]] : tensor<4x3x3xf32>) outs({{.*}} : tensor<3x3x4xf32>)
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins({{.*}}, %[[W]] : tensor<1x8x8x4xf32>, tensor<3x3x4xf32>) outs({{.*}} : tensor<1x6x6x4xf32>)
func.func @depthwise(%x: tensor<1x4x8x8xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = nngraph.conv %x, %w {group = 4 : i64} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// Other groups: one generic whose input map picks the group's channels.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 2) * 2 + d4, d2 + d5, d3 + d6)>
// CHECK-LABEL: func.func @grouped
// CHECK: linalg.generic {indexing_maps = [#[[$IN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
func.func @grouped(%x: tensor<1x4x8x8xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = nngraph.conv %x, %w {group = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// ConvTranspose: the groups made explicit by reshapes (weight
// (G, C/G, M/G, kh, kw), output (N, G, M/G, oh, ow)), then one generic over
// (n, g, f, oh, ow, c, kh, kw) that gathers the input position
// (o + pad_begin - k * dilation) / stride when it is exact and in range; the
// bias is the accumulator.
// CHECK-DAG: #[[$W:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d5, d2, d6, d7)>
// CHECK-DAG: #[[$O:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @conv_transpose
// CHECK: %[[W:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 2, 2, 3, 3]
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<4xf32>)
// CHECK: %[[ACC:.*]] = tensor.expand_shape %[[B]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 2, 8, 8]
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$W]], #[[$O]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[W]] : tensor<2x2x2x3x3xf32>) outs(%[[ACC]] : tensor<1x2x2x8x8xf32>)
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: tensor.extract %arg0
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.select
// CHECK: tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x2x2x8x8xf32> into tensor<1x4x8x8xf32>
// CHECK-NOT: nngraph.conv_transpose
func.func @conv_transpose(%x: tensor<1x4x4x4xf32>, %w: tensor<4x2x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x8x8xf32> {
  %0 = nngraph.conv_transpose %x, %w, %b {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x4x4x4xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// A ConvTranspose of one group is a matmul of the channels-last pixels
// (N*H*W, C) and the weight (C, M*kh*kw); when the kernel tiles the output
// (kernel = stride, no padding), a permuting generic writes its blocks
// (adding the bias) as (N, M, H, kh, W, kw), collapsed to the output.
// CHECK-DAG: #[[$BLK:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d4, d1, d3, d5)>
// CHECK-DAG: #[[$BIAS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1)>
// CHECK-LABEL: func.func @conv_transpose_blocks
// CHECK: %[[X:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : tensor<2x7x7x8xf32> into tensor<98x8xf32>
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<8x4x2x2xf32> into tensor<8x16xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<98x8xf32>, tensor<8x16xf32>)
// CHECK: %[[B:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0, 1, 2], [3, 4, 5]] output_shape [2, 7, 7, 4, 2, 2]
// CHECK: %[[O:.*]] = linalg.generic {indexing_maps = [#[[$BLK]], #[[$BIAS]], {{.*}}]{{.*}} ins(%[[B]], %arg2 : tensor<2x7x7x4x2x2xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<2x4x7x2x7x2xf32>)
// CHECK: arith.addf
// CHECK: tensor.collapse_shape %[[O]] {{\[\[}}0], [1], [2, 3], [4, 5]] : tensor<2x4x7x2x7x2xf32> into tensor<2x4x14x14xf32>
// CHECK-NOT: nngraph.conv_transpose
func.func @conv_transpose_blocks(%x: tensor<2x8x7x7xf32>, %w: tensor<8x4x2x2xf32>, %b: tensor<4xf32>) -> tensor<2x4x14x14xf32> {
  %0 = nngraph.conv_transpose %x, %w, %b {strides = array<i64: 2, 2>} : (tensor<2x8x7x7xf32>, tensor<8x4x2x2xf32>, tensor<4xf32>) -> tensor<2x4x14x14xf32>
  return %0 : tensor<2x4x14x14xf32>
}

// -----

// Overlapping kernels (4x4, stride 2, padding 1): the same matmul, then a
// col2im generic sums, from the bias, the products that reach each output
// (loops n, m, oh, ow, kh, kw; the kernel's extent an operand never read);
// the input position is (o + pad - k) / stride when exact and in range.
// CHECK-DAG: #[[$WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv_transpose_overlap
// CHECK: %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<25x8xf32>, tensor<8x64xf32>)
// CHECK: %[[B:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0, 1, 2], [3, 4, 5]] output_shape [1, 5, 5, 4, 4, 4]
// CHECK: %[[ACC:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<4xf32>)
// CHECK: %[[WIN:.*]] = tensor.empty() : tensor<4x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$WIN]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[WIN]] : tensor<4x4xf32>) outs(%[[ACC]] : tensor<1x4x10x10xf32>)
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: tensor.extract %[[B]]
// CHECK-NOT: arith.mulf
// CHECK: arith.addf
// CHECK: arith.select
// CHECK-NOT: nngraph.conv_transpose
func.func @conv_transpose_overlap(%x: tensor<1x8x5x5xf32>, %w: tensor<8x4x4x4xf32>, %b: tensor<4xf32>) -> tensor<1x4x10x10xf32> {
  %0 = nngraph.conv_transpose %x, %w, %b {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x5x5xf32>, tensor<8x4x4x4xf32>, tensor<4xf32>) -> tensor<1x4x10x10xf32>
  return %0 : tensor<1x4x10x10xf32>
}

// -----

// A float16 convolution is computed in f32 and rounded once.
// CHECK-LABEL: func.func @conv_f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: linalg.conv_1d_ncw_fcw{{.*}} -> tensor<2x4x8xf32>
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @conv_f16(%x: tensor<2x4x11xf16>, %w: tensor<4x4x4xf16>) -> tensor<2x4x8xf16> {
  %0 = nngraph.conv %x, %w : (tensor<2x4x11xf16>, tensor<4x4x4xf16>) -> tensor<2x4x8xf16>
  return %0 : tensor<2x4x8xf16>
}
