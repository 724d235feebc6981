//===- NNGraphBase.td - nngraph op base classes ------------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file defines the type constraints and operation base classes shared by
// every nngraph operation definition file.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHBASE_TD
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHBASE_TD

include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.td"
include "nngraph/Dialect/NNGraph/IR/NNGraphAttrs.td"
include "nngraph/Dialect/NNGraph/IR/NNGraphInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def NNGraph_Tensor : RankedTensorOf<[AnyType]>;
def NNGraph_FloatTensor : RankedTensorOf<[AnyFloat]>;
// Integers are signless (read as signed, two's complement) or unsigned
// (XOC's uint8); the lowering widens unsigned operands where the sign matters
// (lib/Conversion/NNGraphToLinalg/Unsigned.cpp).
def NNGraph_NumericTensor
    : RankedTensorOf<[AnyFloat, AnySignlessInteger, AnyUnsignedInteger]>;
def NNGraph_IntegerTensor
    : RankedTensorOf<[AnySignlessInteger, AnyUnsignedInteger]>;
def NNGraph_IndexTensor : RankedTensorOf<[I32, I64]>;
def NNGraph_BoolTensor : RankedTensorOf<[I1]>;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

/// Every nngraph operation answers the property interface and uses the TOSA
/// style generic assembly `operands attr-dict : functional-type`.
class NNGraph_Op<string mnemonic, list<Trait> traits = []>
    : Op<NNGraph_Dialect, mnemonic, !listconcat(traits, [NNGraph_OpInterface])> {
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
}

/// The refinement rule shared by every type-inferring operation.
defvar NNGraph_CompatDef = [{
  bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                          ::mlir::TypeRange actual) {
    return ::mlir::nngraph::detail::areRefinedTypes(inferred, actual);
  }
}];

/// Defines inferReturnTypes of a family as a call of one shared function.
class NNGraph_InferBy<string call> {
  code body = NNGraph_CompatDef # [{
  ::llvm::LogicalResult $cppClass::inferReturnTypes(
      ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
      Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
    return }] # call # [{;
  }
  }];
}

/// A side-effect free operation whose result types follow from its operands
/// and attributes. The declared result types may refine the inferred ones
/// (static where inference gives `?`), as in TOSA.
class NNGraph_InferOp<string mnemonic, list<Trait> traits = []>
    : NNGraph_Op<mnemonic,
                 !listconcat(traits, [Pure, InferTypeOpAdaptorWithIsCompatible])> {
  let extraClassDefinition = NNGraph_CompatDef;
}

/// Unary elementwise operation on floating-point tensors.
class NNGraph_UnaryFloatOp<string mnemonic, string onnx, string sources,
                           list<Trait> traits = []>
    : NNGraph_InferOp<mnemonic, !listconcat(traits,
          [NNGraph_Elementwise, SameOperandsAndResultElementType])> {
  let summary = onnx # " (elementwise)";
  let description = "Applies ONNX `" # onnx # "` to every element.\n\n"
      # "Imported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%y = nngraph." # mnemonic
      # " %x : (tensor<2x3xf32>) -> tensor<2x3xf32>\n```";
  let arguments = (ins NNGraph_FloatTensor:$input);
  let results = (outs NNGraph_FloatTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getInput(), inferred)">.body;
}

/// Unary elementwise operation on integer or floating-point tensors.
class NNGraph_UnaryNumericOp<string mnemonic, string onnx, string sources,
                             list<Trait> traits = []>
    : NNGraph_InferOp<mnemonic, !listconcat(traits,
          [NNGraph_Elementwise, SameOperandsAndResultElementType])> {
  let summary = onnx # " (elementwise)";
  let description = "Applies ONNX `" # onnx # "` to every element.\n\n"
      # "Imported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%y = nngraph." # mnemonic
      # " %x : (tensor<4xi32>) -> tensor<4xi32>\n```";
  let arguments = (ins NNGraph_NumericTensor:$input);
  let results = (outs NNGraph_NumericTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getInput(), inferred)">.body;
}

/// Binary elementwise operation with numpy (multidirectional) broadcasting.
class NNGraph_BinaryOp<string mnemonic, string onnx, string sources,
                       list<Trait> traits = []>
    : NNGraph_InferOp<mnemonic, !listconcat(traits,
          [NNGraph_Elementwise, SameOperandsAndResultElementType])> {
  let summary = onnx # " with numpy broadcasting";
  let description = "Computes ONNX `" # onnx # "` elementwise; operands "
      # "broadcast as in numpy.\n\nImported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%z = nngraph." # mnemonic
      # " %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n```";
  let arguments = (ins NNGraph_NumericTensor:$lhs, NNGraph_NumericTensor:$rhs);
  let results = (outs NNGraph_NumericTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferBroadcast(getOperationName(), location, adaptor.getLhs(), adaptor.getRhs(), ::mlir::Type(), inferred)">.body;
}

/// Comparison with numpy broadcasting; the result is a boolean tensor.
class NNGraph_CompareOp<string mnemonic, string onnx, string sources>
    : NNGraph_InferOp<mnemonic, [NNGraph_Elementwise, SameOperandsElementType]> {
  let summary = onnx # " comparison with numpy broadcasting";
  let description = "Compares elementwise as ONNX `" # onnx # "`; the result "
      # "is `i1`.\n\nImported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%b = nngraph." # mnemonic
      # " %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>\n```";
  let arguments = (ins NNGraph_NumericTensor:$lhs, NNGraph_NumericTensor:$rhs);
  let results = (outs NNGraph_BoolTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferBroadcast(getOperationName(), location, adaptor.getLhs(), adaptor.getRhs(), ::mlir::IntegerType::get(context, 1), inferred)">.body;
}

/// Reduction over `axes` (all axes when absent).
class NNGraph_ReduceOp<string mnemonic, string onnx, string sources>
    : NNGraph_InferOp<mnemonic, [SameOperandsAndResultElementType]> {
  let summary = onnx;
  let description = "Reduces as ONNX `" # onnx # "` over `axes` (every axis "
      # "when absent; negative axes count from the end). `keepdims` keeps the "
      # "reduced axes as size 1.\n\nImported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%r = nngraph." # mnemonic
      # " %x {axes = array<i64: 2, 3>} : (tensor<1x8x4x4xf32>) -> "
      # "tensor<1x8x1x1xf32>\n```";
  let arguments = (ins NNGraph_NumericTensor:$input,
                   OptionalAttr<DenseI64ArrayAttr>:$axes,
                   DefaultValuedAttr<BoolAttr, "true">:$keepdims);
  let results = (outs NNGraph_NumericTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferReduce(getOperationName(), location, adaptor.getInput(), adaptor.getAxes(), adaptor.getKeepdims(), inferred)">.body;
}

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHBASE_TD
