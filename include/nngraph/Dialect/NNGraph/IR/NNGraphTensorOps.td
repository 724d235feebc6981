//===- NNGraphTensorOps.td - nngraph tensor operations -----*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file defines the data-movement, indexing, resampling and reduction
// operations of the nngraph dialect. It is included by NNGraphOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHTENSOROPS_TD
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHTENSOROPS_TD

include "nngraph/Dialect/NNGraph/IR/NNGraphBase.td"

def NNGraph_ReshapeOp : NNGraph_InferOp<"reshape",
    [NNGraph_ShapeOnly, SameOperandsAndResultElementType]> {
  let summary = "Reshape to a static target";
  let description = [{
    ONNX `Reshape` with the target as the attribute `shape`: `0` copies the
    input dimension at the same position, `-1` (at most once) is inferred from
    the element count. MXNet's codes `-2`, `-3` and `-4` are resolved by the
    importer.

    Imported from: MXNet `Reshape`; NNVM and TVM `reshape`; LightNet
    `reshape`; Relay `reshape`; XOC `Reshape` (target from the output shape).

    Example:

    ```mlir
    %y = nngraph.reshape %x {shape = array<i64: 0, -1>}
        : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input, DenseI64ArrayAttr:$shape);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_FlattenOp : NNGraph_InferOp<"flatten",
    [NNGraph_ShapeOnly, SameOperandsAndResultElementType]> {
  let summary = "Flatten to a matrix";
  let description = [{
    ONNX `Flatten`: the axes before `axis` form the first dimension, the rest
    the second.

    Imported from: MXNet `Flatten`; NNVM `flatten`; Relay `nn.batch_flatten`.

    Example:

    ```mlir
    %y = nngraph.flatten %x : (tensor<1x512x1x1xf32>) -> tensor<1x512xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input,
                   DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs NNGraph_Tensor:$output);
}

def NNGraph_SqueezeOp : NNGraph_InferOp<"squeeze",
    [NNGraph_ShapeOnly, SameOperandsAndResultElementType]> {
  let summary = "Remove size-1 axes";
  let description = [{
    ONNX `Squeeze`: removes the listed axes, which must have size 1, or every
    size-1 axis when `axes` is absent.

    Imported from: MXNet `squeeze`, `SliceChannel(squeeze_axis=1)` pieces;
    Relay `squeeze`.

    Example:

    ```mlir
    %y = nngraph.squeeze %x {axes = array<i64: 0>}
        : (tensor<1x4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input,
                   OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_UnsqueezeOp : NNGraph_InferOp<"unsqueeze",
    [NNGraph_ShapeOnly, SameOperandsAndResultElementType]> {
  let summary = "Insert size-1 axes";
  let description = [{
    ONNX `Unsqueeze`: inserts size-1 axes at the listed positions of the
    result (negative positions count from the end of the result).

    Imported from: MXNet `expand_dims`; Relay and TVM `expand_dims`.

    Example:

    ```mlir
    %y = nngraph.unsqueeze %x {axes = array<i64: 1, 2>}
        : (tensor<8xf32>) -> tensor<8x1x1xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input, DenseI64ArrayAttr:$axes);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_TransposeOp : NNGraph_InferOp<"transpose",
    [SameOperandsAndResultElementType]> {
  let summary = "Permute axes";
  let description = [{
    ONNX `Transpose`: result axis `i` is input axis `perm[i]`; without `perm`
    the axes are reversed. Folds an identity permutation; two transposes
    compose.

    Imported from: MXNet `transpose`, `SwapAxis`; LightNet `transpose`;
    Relay `transpose`.

    Example:

    ```mlir
    %y = nngraph.transpose %x {perm = array<i64: 0, 2, 3, 1>}
        : (tensor<1x3x4x5xf32>) -> tensor<1x4x5x3xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input,
                   OptionalAttr<DenseI64ArrayAttr>:$perm);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NNGraph_ConcatOp : NNGraph_InferOp<"concat",
    [SameOperandsAndResultElementType]> {
  let summary = "Concatenate along an axis";
  let description = [{
    ONNX `Concat`: joins one or more tensors of equal rank along `axis`; all
    other dimensions must agree.

    Imported from: MXNet `Concat` (`dim`, default 1), `stack` (after
    `unsqueeze`); LightNet `concat`; Relay `concatenate`.

    Example:

    ```mlir
    %y = nngraph.concat %a, %b {axis = 1 : i64}
        : (tensor<1x2x4xf32>, tensor<1x3x4xf32>) -> tensor<1x5x4xf32>
    ```
  }];
  let arguments = (ins Variadic<NNGraph_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_SplitOp : NNGraph_InferOp<"split",
    [SameOperandsAndResultElementType]> {
  let summary = "Split along an axis";
  let description = [{
    ONNX `Split`: cuts `input` along `axis` into pieces of the sizes listed in
    `split`, which must add up to the dimension.

    Imported from: MXNet `SliceChannel`/`split` (equal pieces); Relay `split`.

    Example:

    ```mlir
    %a, %b = nngraph.split %x {axis = 1 : i64, split = array<i64: 2, 2>}
        : (tensor<1x4xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input,
                   DefaultValuedAttr<I64Attr, "0">:$axis,
                   DenseI64ArrayAttr:$split);
  let results = (outs Variadic<NNGraph_Tensor>:$outputs);
}

def NNGraph_SliceOp : NNGraph_InferOp<"slice",
    [SameOperandsAndResultElementType]> {
  let summary = "Strided slice";
  let description = [{
    ONNX `Slice` with static `starts`, `ends`, optional `axes` (default
    `0..n-1`) and `steps` (default 1, negative steps walk backwards). Indices
    are clamped to the dimension as in ONNX; `INT64_MAX` means "to the end".

    Imported from: MXNet `slice`, `slice_axis`, `slice_like`, `Crop`,
    `reverse`; LightNet `slice`; Relay `strided_slice`.

    Example:

    ```mlir
    %y = nngraph.slice %x {starts = array<i64: 1>, ends = array<i64: 4>,
        axes = array<i64: 1>} : (tensor<2x4xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input, DenseI64ArrayAttr:$starts,
                   DenseI64ArrayAttr:$ends,
                   OptionalAttr<DenseI64ArrayAttr>:$axes,
                   OptionalAttr<DenseI64ArrayAttr>:$steps);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_PadOp : NNGraph_InferOp<"pad",
    [NNGraph_LayoutSensitive, SameOperandsAndResultElementType]> {
  let summary = "Pad with a constant, by reflection, by edge or by wrapping";
  let description = [{
    ONNX `Pad`: `pads` lists `[b1, ..., bn, e1, ..., en]` for all `n` axes
    (non-negative); `mode` is `constant` (with `value`), `reflect`, `edge`
    or `wrap` (the input repeated periodically, as numpy's `wrap`).

    Imported from: MXNet `Pad`; Relay `nn.pad`.

    Example:

    ```mlir
    %y = nngraph.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>}
        : (tensor<1x3x4x4xf32>) -> tensor<1x3x6x6xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input, DenseI64ArrayAttr:$pads,
                   DefaultValuedAttr<NNGraph_PadModeAttr,
                       "::mlir::nngraph::PadMode::Constant">:$mode,
                   DefaultValuedAttr<F32Attr, "0.0f">:$value);
  let results = (outs NNGraph_Tensor:$output);
}

def NNGraph_ExpandOp : NNGraph_InferOp<"expand",
    [SameOperandsAndResultElementType]> {
  let summary = "Broadcast to a shape";
  let description = [{
    ONNX `Expand`: broadcasts `input` and the attribute `shape` as in numpy
    (so `shape` may be smaller than the input in a dimension).

    Imported from: MXNet `broadcast_to`, `broadcast_like`, `ones_like` /
    `zeros_like` of a scalar; Relay `broadcast_to`.

    Example:

    ```mlir
    %y = nngraph.expand %x {shape = array<i64: 2, 3>}
        : (tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input, DenseI64ArrayAttr:$shape);
  let results = (outs NNGraph_Tensor:$output);
}

def NNGraph_TileOp : NNGraph_InferOp<"tile", [SameOperandsAndResultElementType]> {
  let summary = "Repeat the whole tensor";
  let description = [{
    ONNX `Tile`: dimension `i` of the result is `repeats[i]` times the input's.

    Imported from: MXNet `tile` (shorter `reps` are padded with leading ones
    by the importer); Relay `tile`.

    Example:

    ```mlir
    %y = nngraph.tile %x {repeats = array<i64: 2, 1>}
        : (tensor<2x3xf32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input, DenseI64ArrayAttr:$repeats);
  let results = (outs NNGraph_Tensor:$output);
}

def NNGraph_GatherOp : NNGraph_InferOp<"gather"> {
  let summary = "Gather along an axis";
  let description = [{
    ONNX `Gather`: the result shape is `data.shape[:axis] + indices.shape +
    data.shape[axis+1:]`; negative indices count from the end.

    Imported from: MXNet `take`, `Embedding`; Relay `take`.

    Example:

    ```mlir
    %y = nngraph.gather %d, %i {axis = 0 : i64}
        : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$data, NNGraph_IndexTensor:$indices,
                   DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_GatherElementsOp : NNGraph_InferOp<"gather_elements"> {
  let summary = "Gather elements along an axis";
  let description = [{
    ONNX `GatherElements`: `indices` has the rank of `data` and the result
    its shape; `out[i][j][k] = data[indices[i][j][k]][j][k]` for axis 0,
    and so on; negative indices count from the end.

    Imported from: XOC `GatherElements`.

    Example:

    ```mlir
    %y = nngraph.gather_elements %d, %i {axis = 1 : i64}
        : (tensor<2x4xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$data, NNGraph_IndexTensor:$indices,
                   DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs NNGraph_Tensor:$output);
}

def NNGraph_CumSumOp : NNGraph_InferOp<"cumsum",
    [SameOperandsAndResultElementType]> {
  let summary = "Cumulative sum along an axis";
  let description = [{
    ONNX `CumSum` with a constant axis: `out[i] = sum(x[k] for k <= i)`
    along `axis`; `exclusive` leaves the element itself out (`k < i`),
    `reverse` sums from the end (`k >= i`).

    Imported from: XOC `CumSum` (its axis input a constant).

    Example:

    ```mlir
    %y = nngraph.cumsum %x {axis = 0 : i64}
        : (tensor<5xf32>) -> tensor<5xf32>
    ```
  }];
  let arguments = (ins NNGraph_NumericTensor:$input, I64Attr:$axis,
                   DefaultValuedAttr<BoolAttr, "false">:$exclusive,
                   DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs NNGraph_NumericTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getInput(), inferred)">.body;
}

def NNGraph_CumProdOp : NNGraph_InferOp<"cumprod",
    [SameOperandsAndResultElementType]> {
  let summary = "Cumulative product along an axis";
  let description = [{
    ONNX `CumProd` with a constant axis: as `nngraph.cumsum` with products
    (`exclusive`: the empty product 1 first).

    Imported from: XOC `CumProd` (its axis input a constant).

    Example:

    ```mlir
    %y = nngraph.cumprod %x {axis = 0 : i64}
        : (tensor<5xf32>) -> tensor<5xf32>
    ```
  }];
  let arguments = (ins NNGraph_NumericTensor:$input, I64Attr:$axis,
                   DefaultValuedAttr<BoolAttr, "false">:$exclusive,
                   DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs NNGraph_NumericTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getInput(), inferred)">.body;
}

def NNGraph_GatherNDOp : NNGraph_InferOp<"gather_nd"> {
  let summary = "Gather slices by index tuples";
  let description = [{
    ONNX `GatherND`: the last axis of `indices` holds index tuples into the
    leading axes of `data` after `batch_dims` shared batch axes. The result
    shape is `indices.shape[:-1] + data.shape[batch_dims + k:]` with
    `k = indices.shape[-1]`. With `tuples_first` (MXNet's layout, no batch
    axes) the first axis of `indices` holds the tuples instead: the result
    shape is `indices.shape[1:] + data.shape[k:]` with
    `k = indices.shape[0]`. Negative indices count from the end.

    Imported from: XOC `GatherND`; MXNet `gather_nd` (`tuples_first`, its
    float indices cast to i64 first).

    Example:

    ```mlir
    %y = nngraph.gather_nd %d, %i
        : (tensor<4x5x6xf32>, tensor<3x2xi64>) -> tensor<3x6xf32>
    %z = nngraph.gather_nd %d, %j {tuples_first = true}
        : (tensor<4x5x6xf32>, tensor<2x3xi64>) -> tensor<3x6xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$data, NNGraph_IndexTensor:$indices,
                   DefaultValuedAttr<I64Attr, "0">:$batch_dims,
                   DefaultValuedAttr<BoolAttr, "false">:$tuples_first);
  let results = (outs NNGraph_Tensor:$output);
}

def NNGraph_GridSampleOp : NNGraph_InferOp<"grid_sample"> {
  let summary = "Sample an image at the points of a grid";
  let description = [{
    ONNX `GridSample`: `input` is N x C x D1 x ... x Dk (k = 2 or 3),
    `grid` N x O1 x ... x Ok x k holds normalised coordinates in [-1, 1]
    (x first); the result N x C x O1 x ... x Ok reads the input at each
    point with `mode` interpolation (nearest: round half to even; linear;
    cubic: Keys, a = -0.75). Coordinates map to pixel centres, or to the
    corner pixels with `align_corners`; points outside read zeros, the
    border, or the input reflected at its borders (`padding_mode`).

    Imported from: XOC `GridSample` (bilinear and bicubic are linear and
    cubic).

    Example:

    ```mlir
    %y = nngraph.grid_sample %x, %g {mode = #nngraph.grid_sample_mode<linear>}
        : (tensor<1x1x4x4xf32>, tensor<1x6x6x2xf32>) -> tensor<1x1x6x6xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$grid,
                   DefaultValuedAttr<NNGraph_GridSampleModeAttr,
                       "::mlir::nngraph::GridSampleMode::Linear">:$mode,
                   DefaultValuedAttr<NNGraph_GridPaddingAttr,
                       "::mlir::nngraph::GridPadding::Zeros">:$padding_mode,
                   DefaultValuedAttr<BoolAttr, "false">:$align_corners);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_ScatterElementsOp : NNGraph_InferOp<"scatter_elements"> {
  let summary = "Scatter elements along an axis";
  let description = [{
    ONNX `ScatterElements` (and the older `Scatter`): a copy of `data` in
    which each element of `updates` lands where the index at the same
    position in `indices` says along `axis` (its own position on the other
    axes): `out[indices[i][j]][j] = updates[i][j]` for axis 0. With a
    `reduction` other than `none` it is combined with the value there.
    Updates are applied in row-major order of `updates`, so with duplicate
    indices the last one wins. Negative indices count from the end.

    Imported from: XOC `ScatterElements`, `Scatter`.

    Example:

    ```mlir
    %y = nngraph.scatter_elements %d, %i, %u {axis = 1 : i64}
        : (tensor<3x3xf32>, tensor<2x2xi64>, tensor<2x2xf32>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$data, NNGraph_IndexTensor:$indices,
                   NNGraph_Tensor:$updates,
                   DefaultValuedAttr<I64Attr, "0">:$axis,
                   DefaultValuedAttr<NNGraph_ScatterReductionAttr,
                       "::mlir::nngraph::ScatterReduction::None">:$reduction);
  let results = (outs NNGraph_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getData(), inferred)">.body;
}

def NNGraph_ScatterNDOp : NNGraph_InferOp<"scatter_nd"> {
  let summary = "Scatter slices by index tuples";
  let description = [{
    ONNX `ScatterND`: a copy of `data` into which the slices of `updates`
    are written at the index tuples of the last axis of `indices` (k =
    its size): `out[indices[i]] = updates[i]`, `updates` being of shape
    `indices.shape[:-1] + data.shape[k:]`. With a `reduction` other than
    `none` each update is combined with the value there. Updates are
    applied in row-major order.

    Imported from: XOC `ScatterND`.

    Example:

    ```mlir
    %y = nngraph.scatter_nd %d, %i, %u
        : (tensor<8xf32>, tensor<4x1xi64>, tensor<4xf32>) -> tensor<8xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$data, NNGraph_IndexTensor:$indices,
                   NNGraph_Tensor:$updates,
                   DefaultValuedAttr<NNGraph_ScatterReductionAttr,
                       "::mlir::nngraph::ScatterReduction::None">:$reduction);
  let results = (outs NNGraph_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getData(), inferred)">.body;
}

def NNGraph_ShapeOp : NNGraph_InferOp<"shape"> {
  let summary = "Shape of a tensor";
  let description = [{
    ONNX `Shape`: a 1-D `i64` tensor with the dimensions of `input`.

    Imported from: MXNet `shape_array`; Relay `shape_of`.

    Example:

    ```mlir
    %s = nngraph.shape %x : (tensor<2x3xf32>) -> tensor<2xi64>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input);
  let results = (outs RankedTensorOf<[I64]>:$output);
  let hasFolder = 1;
}

def NNGraph_ResizeOp : NNGraph_InferOp<"resize",
    [NNGraph_LayoutSensitive, SameOperandsAndResultElementType]> {
  let summary = "Resize / upsample by nearest or linear interpolation";
  let description = [{
    ONNX `Resize` with either `scales` (one per axis; output size
    `floor(D * scale)`) or `sizes`, exactly one of the two. `mode` is
    `nearest` or `linear` (bilinear on 4-D NCHW);
    `coordinate_transform` and `nearest_mode` are ONNX's
    `coordinate_transformation_mode` and `nearest_mode`.

    Imported from: MXNet `UpSampling(sample_type=nearest)` (asymmetric,
    floor), `BilinearResize2D`; LightNet `upsample`, `resize`;
    Relay `nn.upsampling`, `image.resize2d`.

    Example:

    ```mlir
    %y = nngraph.resize %x {scales = array<f32: 1.0, 1.0, 2.0, 2.0>,
        coordinate_transform = #nngraph.coordinate_transform<asymmetric>,
        nearest_mode = #nngraph.nearest_mode<floor>}
        : (tensor<1x8x4x4xf32>) -> tensor<1x8x8x8xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input,
                   OptionalAttr<DenseF32ArrayAttr>:$scales,
                   OptionalAttr<DenseI64ArrayAttr>:$sizes,
                   DefaultValuedAttr<NNGraph_ResizeModeAttr,
                       "::mlir::nngraph::ResizeMode::Nearest">:$mode,
                   DefaultValuedAttr<NNGraph_CoordinateTransformAttr,
                       "::mlir::nngraph::CoordinateTransform::HalfPixel">:
                       $coordinate_transform,
                   DefaultValuedAttr<NNGraph_NearestModeAttr,
                       "::mlir::nngraph::NearestMode::RoundPreferFloor">:
                       $nearest_mode);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_OneHotOp : NNGraph_Op<"one_hot", [Pure]> {
  let summary = "One-hot encoding";
  let description = [{
    ONNX `OneHot` with static `depth`, `on_value` and `off_value`: inserts an
    axis of size `depth` at `axis`. The result element type is the result's
    (`float32` for MXNet's default `dtype`).

    Imported from: MXNet `one_hot`; Relay `one_hot`.

    Example:

    ```mlir
    %y = nngraph.one_hot %i {depth = 10 : i64}
        : (tensor<4xi64>) -> tensor<4x10xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$indices, I64Attr:$depth,
                   DefaultValuedAttr<I64Attr, "-1">:$axis,
                   DefaultValuedAttr<F32Attr, "1.0f">:$on_value,
                   DefaultValuedAttr<F32Attr, "0.0f">:$off_value);
  let results = (outs NNGraph_NumericTensor:$output);
  let hasVerifier = 1;
}

def NNGraph_TopKOp : NNGraph_InferOp<"topk"> {
  let summary = "Largest or smallest k elements along an axis";
  let description = [{
    ONNX `TopK` with a static `k`: returns the values and their `i64`
    indices along `axis`.

    Imported from: MXNet `topk`, `argsort` (k = dimension, indices then
    cast), `sort`; LightNet `sort1d`; Relay `topk`.

    Example:

    ```mlir
    %v, %i = nngraph.topk %x {k = 5 : i64}
        : (tensor<1x1000xf32>) -> (tensor<1x5xf32>, tensor<1x5xi64>)
    ```
  }];
  let arguments = (ins NNGraph_NumericTensor:$input, I64Attr:$k,
                   DefaultValuedAttr<I64Attr, "-1">:$axis,
                   DefaultValuedAttr<BoolAttr, "true">:$largest,
                   DefaultValuedAttr<BoolAttr, "true">:$sorted);
  let results = (outs NNGraph_NumericTensor:$values,
                      RankedTensorOf<[I64]>:$indices);
}

def NNGraph_RoiAlignOp : NNGraph_InferOp<"roi_align"> {
  let summary = "Bilinear pooling of regions of interest";
  let description = [{
    ONNX `RoiAlign`: for each region `rois[r]` = (x1, y1, x2, y2) (scaled
    by `spatial_scale`) of image `batch_indices[r]` of `input` (N x C x H
    x W), an `output_height` x `output_width` grid of bins, each the
    average (`mode` avg) or the maximum (max: of the weighted corner
    values, as ONNX's reference) of `sampling_ratio` x `sampling_ratio`
    bilinear samples (0: ceil(bin size) per axis, per region). With
    `half_pixel` the coordinates are shifted by -0.5 (ONNX's
    `half_pixel`, MXNet's `aligned`); without it regions are at least 1
    pixel wide and high (`output_half_pixel`). Samples outside the image
    by more than one pixel count 0; a batch index outside the input gives
    a zero region. The result is R x C x output_height x output_width.
    Without `batch_indices`, `rois` is R x 5 with each region's batch index
    first (MXNet's layout, truncated to an integer).

    Imported from: XOC `RoiAlign`; MXNet `_contrib_ROIAlign` (rois with
    the batch index first; exported back).

    Example:

    ```mlir
    %y = nngraph.roi_align %x, %rois, %idx {output_height = 7 : i64,
        output_width = 7 : i64, spatial_scale = 6.250000e-02 : f32}
        : (tensor<1x256x32x32xf32>, tensor<100x4xf32>, tensor<100xi64>)
        -> tensor<100x256x7x7xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$rois,
                   Optional<NNGraph_IndexTensor>:$batch_indices,
                   DefaultValuedAttr<NNGraph_RoiPoolModeAttr,
                       "::mlir::nngraph::RoiPoolMode::Avg">:$mode,
                   DefaultValuedAttr<I64Attr, "1">:$output_height,
                   DefaultValuedAttr<I64Attr, "1">:$output_width,
                   DefaultValuedAttr<I64Attr, "0">:$sampling_ratio,
                   DefaultValuedAttr<F32Attr, "1.0f">:$spatial_scale,
                   DefaultValuedAttr<BoolAttr, "true">:$half_pixel);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_BoxNMSOp : NNGraph_InferOp<"box_nms"> {
  let summary = "Non-maximum suppression of detection boxes, MXNet's way";
  let description = [{
    MXNet `_contrib_box_nms`. `data` is ... x N x W: per batch (all but the
    last two dimensions), N boxes of W values each: a score at
    `score_index`, four coordinates from `coord_start` (`in_format`: corner
    = x1, y1, x2, y2; center = x, y, w, h), and a class id at `id_index`
    (-1: none). Boxes whose score is above `valid_thresh` (and whose class
    is not `background_id`, when both are given) are sorted by descending
    score (equal scores keep their order), the first `topk` kept (-1: all);
    going down that list, each box not yet suppressed suppresses the later
    ones of its class (of any class with `force_suppress` or without ids)
    whose IoU with it exceeds `overlap_thresh`. The result has the shape
    of `data`: the surviving boxes in that order, whole rows copied from
    `data`, then rows of -1; coordinates are rewritten in `out_format`
    (rows whose first coordinate is negative are left as they are, as
    MXNet does). The output size does not depend on the data.

    Imported from: MXNet `_contrib_box_nms` (`_contrib_box_non_maximum_suppression`).

    Example:

    ```mlir
    %y = nngraph.box_nms %x {id_index = 0 : i64, topk = 400 : i64,
        overlap_thresh = 4.500000e-01 : f32, valid_thresh = 0.00999999977 : f32}
        : (tensor<1x8732x6xf32>) -> tensor<1x8732x6xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$data,
                   DefaultValuedAttr<F32Attr, "0.5f">:$overlap_thresh,
                   DefaultValuedAttr<F32Attr, "0.0f">:$valid_thresh,
                   DefaultValuedAttr<I64Attr, "-1">:$topk,
                   DefaultValuedAttr<I64Attr, "2">:$coord_start,
                   DefaultValuedAttr<I64Attr, "1">:$score_index,
                   DefaultValuedAttr<I64Attr, "-1">:$id_index,
                   DefaultValuedAttr<I64Attr, "-1">:$background_id,
                   DefaultValuedAttr<BoolAttr, "false">:$force_suppress,
                   DefaultValuedAttr<NNGraph_BoxFormatAttr,
                       "::mlir::nngraph::BoxFormat::Corner">:$in_format,
                   DefaultValuedAttr<NNGraph_BoxFormatAttr,
                       "::mlir::nngraph::BoxFormat::Corner">:$out_format);
  let results = (outs NNGraph_FloatTensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getData(), inferred)">.body;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def NNGraph_ReduceSumOp : NNGraph_ReduceOp<"reduce_sum", "ReduceSum",
    "MXNet `sum` (keepdims default false); Relay `sum`">;
def NNGraph_ReduceMeanOp : NNGraph_ReduceOp<"reduce_mean", "ReduceMean",
    "MXNet `mean`; Relay `mean`; XOC `ReduceMean`">;
def NNGraph_ReduceMaxOp : NNGraph_ReduceOp<"reduce_max", "ReduceMax",
    "MXNet `max`; LightNet `maxreduce`; Relay `max`">;
def NNGraph_ReduceMinOp : NNGraph_ReduceOp<"reduce_min", "ReduceMin",
    "MXNet `min`; Relay `min`">;
def NNGraph_ReduceProdOp : NNGraph_ReduceOp<"reduce_prod", "ReduceProd",
    "MXNet `prod`; Relay `prod`">;

class NNGraph_ArgReduceOp<string mnemonic, string onnx, string sources>
    : NNGraph_InferOp<mnemonic> {
  let summary = onnx;
  let description = "ONNX `" # onnx # "`: the `i64` index of the extreme "
      # "element along `axis`; `select_last_index` picks the last of equal "
      # "extremes.\n\nImported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%i = nngraph." # mnemonic
      # " %x {axis = 1 : i64, keepdims = false} : (tensor<1x1000xf32>) -> "
      # "tensor<1xi64>\n```";
  let arguments = (ins NNGraph_NumericTensor:$input,
                   DefaultValuedAttr<I64Attr, "0">:$axis,
                   DefaultValuedAttr<BoolAttr, "true">:$keepdims,
                   DefaultValuedAttr<BoolAttr, "false">:$select_last_index);
  let results = (outs RankedTensorOf<[I64]>:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferArgReduce(getOperationName(), location, adaptor.getInput(), adaptor.getAxis(), adaptor.getKeepdims(), inferred)">.body;
}
def NNGraph_ArgMaxOp : NNGraph_ArgReduceOp<"argmax", "ArgMax",
    "MXNet `argmax` (then cast); LightNet `maxreduce_arg`; Relay `argmax`">;
def NNGraph_ArgMinOp : NNGraph_ArgReduceOp<"argmin", "ArgMin",
    "MXNet `argmin`; Relay `argmin`">;

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHTENSOROPS_TD
