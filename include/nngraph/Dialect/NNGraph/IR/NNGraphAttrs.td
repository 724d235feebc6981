//===- NNGraphAttrs.td - nngraph enums and attributes ------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file defines the enumerated attributes of the nngraph dialect. Their
// spellings follow the ONNX attribute values in lower case.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHATTRS_TD
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHATTRS_TD

include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class NNGraph_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<NNGraph_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

def NNGraph_AutoPad : I32EnumAttr<"AutoPad", "ONNX auto_pad", [
    I32EnumAttrCase<"NotSet", 0, "notset">,
    I32EnumAttrCase<"SameUpper", 1, "same_upper">,
    I32EnumAttrCase<"SameLower", 2, "same_lower">,
    I32EnumAttrCase<"Valid", 3, "valid">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_AutoPadAttr : NNGraph_EnumAttr<NNGraph_AutoPad, "auto_pad">;

def NNGraph_PadMode : I32EnumAttr<"PadMode", "padding mode", [
    I32EnumAttrCase<"Constant", 0, "constant">,
    I32EnumAttrCase<"Reflect", 1, "reflect">,
    I32EnumAttrCase<"Edge", 2, "edge">,
    I32EnumAttrCase<"Wrap", 3, "wrap">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_PadModeAttr : NNGraph_EnumAttr<NNGraph_PadMode, "pad_mode">;

def NNGraph_ScatterReduction : I32EnumAttr<"ScatterReduction",
    "how a scattered update meets the value it lands on", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"Add", 1, "add">,
    I32EnumAttrCase<"Mul", 2, "mul">,
    I32EnumAttrCase<"Max", 3, "max">,
    I32EnumAttrCase<"Min", 4, "min">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_ScatterReductionAttr
    : NNGraph_EnumAttr<NNGraph_ScatterReduction, "scatter_reduction">;

def NNGraph_BoxFormat : I32EnumAttr<"BoxFormat",
    "how a detection box's four coordinates are encoded", [
    I32EnumAttrCase<"Corner", 0, "corner">,
    I32EnumAttrCase<"Center", 1, "center">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_BoxFormatAttr : NNGraph_EnumAttr<NNGraph_BoxFormat, "box_format">;

def NNGraph_RoiPoolMode : I32EnumAttr<"RoiPoolMode",
    "how RoiAlign combines the samples of a bin", [
    I32EnumAttrCase<"Avg", 0, "avg">,
    I32EnumAttrCase<"Max", 1, "max">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_RoiPoolModeAttr
    : NNGraph_EnumAttr<NNGraph_RoiPoolMode, "roi_pool_mode">;

def NNGraph_GridSampleMode : I32EnumAttr<"GridSampleMode",
    "GridSample interpolation", [
    I32EnumAttrCase<"Nearest", 0, "nearest">,
    I32EnumAttrCase<"Linear", 1, "linear">,
    I32EnumAttrCase<"Cubic", 2, "cubic">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_GridSampleModeAttr
    : NNGraph_EnumAttr<NNGraph_GridSampleMode, "grid_sample_mode">;

def NNGraph_GridPadding : I32EnumAttr<"GridPadding",
    "how GridSample reads outside the input", [
    I32EnumAttrCase<"Zeros", 0, "zeros">,
    I32EnumAttrCase<"Border", 1, "border">,
    I32EnumAttrCase<"Reflection", 2, "reflection">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_GridPaddingAttr
    : NNGraph_EnumAttr<NNGraph_GridPadding, "grid_padding">;

def NNGraph_ResizeMode : I32EnumAttr<"ResizeMode", "interpolation mode", [
    I32EnumAttrCase<"Nearest", 0, "nearest">,
    I32EnumAttrCase<"Linear", 1, "linear">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_ResizeModeAttr : NNGraph_EnumAttr<NNGraph_ResizeMode, "resize_mode">;

def NNGraph_CoordinateTransform : I32EnumAttr<"CoordinateTransform",
    "ONNX coordinate_transformation_mode", [
    I32EnumAttrCase<"HalfPixel", 0, "half_pixel">,
    I32EnumAttrCase<"PytorchHalfPixel", 1, "pytorch_half_pixel">,
    I32EnumAttrCase<"AlignCorners", 2, "align_corners">,
    I32EnumAttrCase<"Asymmetric", 3, "asymmetric">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_CoordinateTransformAttr
    : NNGraph_EnumAttr<NNGraph_CoordinateTransform, "coordinate_transform">;

def NNGraph_NearestMode : I32EnumAttr<"NearestMode", "ONNX nearest_mode", [
    I32EnumAttrCase<"RoundPreferFloor", 0, "round_prefer_floor">,
    I32EnumAttrCase<"RoundPreferCeil", 1, "round_prefer_ceil">,
    I32EnumAttrCase<"Floor", 2, "floor">,
    I32EnumAttrCase<"Ceil", 3, "ceil">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_NearestModeAttr : NNGraph_EnumAttr<NNGraph_NearestMode, "nearest_mode">;

def NNGraph_GeluApproximation : I32EnumAttr<"GeluApproximation",
    "ONNX Gelu approximate", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"Tanh", 1, "tanh">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::nngraph";
}
def NNGraph_GeluApproximationAttr
    : NNGraph_EnumAttr<NNGraph_GeluApproximation, "gelu_approximation">;

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHATTRS_TD
