//===- NNGraphOps.td - nngraph operations ------------------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file defines the operations of the nngraph dialect. Semantics follow the
// ONNX operator of the same name; each description lists the source-format
// operators that import to it.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHOPS_TD
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHOPS_TD

include "nngraph/Dialect/NNGraph/IR/NNGraphBase.td"

//===----------------------------------------------------------------------===//
// Constants, custom operators, identities
//===----------------------------------------------------------------------===//

def NNGraph_ConstantOp : NNGraph_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "output"]>]> {
  let summary = "Constant tensor or weight";
  let description = [{
    Produces the tensor held by `value`. Weights use `dense_resource` blobs so
    that large tensors never live in the IR text; small constants use `dense`.
    Corresponds to ONNX `Constant` and initializers.

    Imported from: NNVM/MXNet `.params` weights, LightNet `create` with data,
    RelayViz `Const`, MXNet `_zeros`/`_ones`/`_arange` with static shapes.

    Example:

    ```mlir
    %w = nngraph.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %big = nngraph.constant dense_resource<conv1_weight> : tensor<64x3x7x7xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs NNGraph_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
      build($_builder, $_state, ::llvm::cast<::mlir::RankedTensorType>(
          value.getType()), value);
    }]>];
}

def NNGraph_CustomOp : NNGraph_Op<"custom"> {
  let summary = "An operator the dialect does not model, kept verbatim";
  let description = [{
    Keeps any source operator that has no typed nngraph counterpart: the
    source operator type `op_type`, every source attribute in `source_attrs`
    (kept with the source's own spelling, for example MXNet attribute strings),
    and the format it came from in `domain`. It takes and returns any number of
    tensors. A result of unranked type means that the importer knew no shape;
    a ranked result type is the importer's shape and dtype hint.

    The operation has unknown side effects, so no pass removes or reorders it;
    exporters write it back unchanged.

    Imported from: any operator of any format without a typed mapping, e.g.
    MXNet `_contrib_MultiBoxPrior`, BMXNet `QConvolution`, LightNet `tensorrt`.

    Example:

    ```mlir
    %a = nngraph.custom "_contrib_MultiBoxPrior"(%x) {domain = "mxnet",
        source_attrs = {ratios = "(1, 2, 0.5)", sizes = "(0.1, 0.2)"}}
        : (tensor<1x256x32x32xf32>) -> tensor<*xf32>
    ```
  }];
  let arguments = (ins StrAttr:$op_type, Variadic<AnyTensor>:$inputs,
                   OptionalAttr<DictionaryAttr>:$source_attrs,
                   OptionalAttr<StrAttr>:$domain);
  let results = (outs Variadic<AnyTensor>:$outputs);
  let assemblyFormat = [{
    $op_type `(` $inputs `)` attr-dict `:` functional-type($inputs, results)
  }];
  let hasVerifier = 1;
}

def NNGraph_KernelCallOp : NNGraph_Op<"kernel_call"> {
  let summary = "A call of a precompiled kernel (TVM graph-executor `tvm_op`)";
  let description = [{
    Calls the compiled function `func_name` of a runtime library (TVM's
    `deploy_lib.so`, say) on its operands. The kernel's semantics are opaque
    to nngraph: it keeps everything the graph executor needs to run it and an
    exporter needs to write it back: `num_inputs`, `num_outputs`,
    `flatten_data`, the result shapes and dtypes (the result types), the
    storage plan (`storage_ids`, one per result, and `device_index` when the
    graph has one), and every other attribute of the node in `extra_attrs`,
    as strings. `runtime` names the runtime the kernel belongs to.

    The operation has unknown side effects, so no pass removes or reorders it.

    Imported from: TVM graph-executor JSON `tvm_op` nodes.

    Example:

    ```mlir
    %y = nngraph.kernel_call "fused_nn_conv2d_add_nn_relu"(%x, %w, %b)
        {runtime = "tvm", num_inputs = 3 : i64, num_outputs = 1 : i64,
         flatten_data = false, storage_ids = array<i64: 4>}
        : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<1x64x1x1xf32>)
        -> tensor<1x64x112x112xf32>
    ```
  }];
  let arguments = (ins StrAttr:$func_name, Variadic<AnyTensor>:$inputs,
                   StrAttr:$runtime, I64Attr:$num_inputs, I64Attr:$num_outputs,
                   BoolAttr:$flatten_data,
                   OptionalAttr<DenseI64ArrayAttr>:$storage_ids,
                   OptionalAttr<DenseI64ArrayAttr>:$device_index,
                   OptionalAttr<DictionaryAttr>:$extra_attrs);
  let results = (outs Variadic<AnyTensor>:$outputs);
  let assemblyFormat = [{
    $func_name `(` $inputs `)` attr-dict `:` functional-type($inputs, results)
  }];
  let hasVerifier = 1;
}

def NNGraph_PrintOp : NNGraph_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "Prints a tensor (a side effect)";
  let description = [{
    Prints `message` and then the tensor, in the layout of the runtime named
    by `style` (`"lightnet"`: rows in brackets, three decimals, as LightNet's
    `print` does), to standard output, or appends it to `file` when given
    (LightNet `fprint`). It has no results and a write effect, so passes
    neither remove nor reorder it.

    Imported from: LightNet `print` and `fprint`.

    Example:

    ```mlir
    nngraph.print %t {message = "tensor2:", style = "lightnet"} : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input, StrAttr:$message,
                   DefaultValuedStrAttr<StrAttr, "lightnet">:$style,
                   OptionalAttr<StrAttr>:$file);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def NNGraph_IdentityOp : NNGraph_InferOp<"identity",
    [NNGraph_Elementwise, NNGraph_ShapeOnly, SameOperandsAndResultElementType]> {
  let summary = "Identity";
  let description = [{
    Returns its operand (ONNX `Identity`). Folds away.

    Imported from: MXNet `_copy`, `BlockGrad`, `LinearRegressionOutput`
    (inference), LightNet `forward`, TVM `__nop`.

    Example:

    ```mlir
    %y = nngraph.identity %x : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_DropoutOp : NNGraph_InferOp<"dropout",
    [NNGraph_Elementwise, NNGraph_ShapeOnly, SameOperandsAndResultElementType]> {
  let summary = "Dropout (inference: identity)";
  let description = [{
    ONNX `Dropout` in inference mode: returns its operand. `ratio` is kept for
    export. The mask output of the source operator is not modelled. Folds away.

    Imported from: MXNet `Dropout`.

    Example:

    ```mlir
    %y = nngraph.dropout %x {ratio = 5.000000e-01 : f32}
        : (tensor<1x4096xf32>) -> tensor<1x4096xf32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input,
                   DefaultValuedAttr<F32Attr, "0.5f">:$ratio);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
}

def NNGraph_CastOp : NNGraph_Op<"cast", [Pure, NNGraph_Elementwise]> {
  let summary = "Element type conversion";
  let description = [{
    Converts every element to the result element type (ONNX `Cast`, `to` being
    the result type). Shapes must be compatible. Folds when the types match.

    Imported from: MXNet `Cast`, XOC `Cast`, Relay `cast`.

    Example:

    ```mlir
    %y = nngraph.cast %x : (tensor<4xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input);
  let results = (outs NNGraph_Tensor:$output);
  let hasFolder = 1;
  let hasVerifier = 1;
}

def NNGraph_BitCastOp : NNGraph_Op<"bitcast", [Pure, NNGraph_Elementwise]> {
  let summary = "Reinterpret the bits of every element";
  let description = [{
    ONNX `BitCast`: every element's bits read as the result element type,
    which has the same width (booleans are stored as bytes: `i1` counts as 8
    bits, true as 1). Shapes must be compatible.

    Imported from: XOC `BitCast`.

    Example:

    ```mlir
    %y = nngraph.bitcast %x : (tensor<4xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins NNGraph_Tensor:$input);
  let results = (outs NNGraph_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Activations and unary math
//===----------------------------------------------------------------------===//

def NNGraph_ReluOp : NNGraph_UnaryNumericOp<"relu", "Relu",
    "MXNet `Activation(act_type=relu)`, `relu`; NNVM `relu`; LightNet `relu`; "
    "Relay `nn.relu`; XOC `Relu`">;
def NNGraph_SigmoidOp : NNGraph_UnaryFloatOp<"sigmoid", "Sigmoid",
    "MXNet `Activation(act_type=sigmoid)`, `sigmoid`, "
    "`LogisticRegressionOutput`; LightNet `sigmoid`; Relay `sigmoid`">;
def NNGraph_TanhOp : NNGraph_UnaryFloatOp<"tanh", "Tanh",
    "MXNet `Activation(act_type=tanh)`; Relay `tanh`">;
def NNGraph_SoftplusOp : NNGraph_UnaryFloatOp<"softplus", "Softplus",
    "MXNet `Activation(act_type=softrelu)`">;
def NNGraph_SoftsignOp : NNGraph_UnaryFloatOp<"softsign", "Softsign",
    "MXNet `Activation(act_type=softsign)`">;
def NNGraph_ExpOp : NNGraph_UnaryFloatOp<"exp", "Exp", "MXNet `exp`; Relay `exp`">;
def NNGraph_LogOp : NNGraph_UnaryFloatOp<"log", "Log", "MXNet `log`; Relay `log`">;
def NNGraph_SqrtOp : NNGraph_UnaryFloatOp<"sqrt", "Sqrt",
    "MXNet `sqrt`; Relay and TVM `sqrt`">;
def NNGraph_RsqrtOp : NNGraph_UnaryFloatOp<"rsqrt", "Reciprocal(Sqrt)",
    "MXNet `rsqrt`; Relay `rsqrt`">;
def NNGraph_ReciprocalOp : NNGraph_UnaryFloatOp<"reciprocal", "Reciprocal",
    "MXNet `reciprocal`, `_rdiv_scalar(scalar=1)`">;
def NNGraph_ErfOp : NNGraph_UnaryFloatOp<"erf", "Erf", "MXNet `erf`; Relay `erf`">;
def NNGraph_FloorOp : NNGraph_UnaryFloatOp<"floor", "Floor", "MXNet `floor`">;
def NNGraph_CeilOp : NNGraph_UnaryFloatOp<"ceil", "Ceil", "MXNet `ceil`">;
def NNGraph_RoundOp : NNGraph_UnaryFloatOp<"round", "Round",
    "MXNet `round` (ONNX rounds halves to even)">;
def NNGraph_NegOp : NNGraph_UnaryNumericOp<"neg", "Neg",
    "MXNet `negative`; TVM `negative`"> {
  let hasFolder = 1;
}
def NNGraph_AbsOp : NNGraph_UnaryNumericOp<"abs", "Abs", "MXNet `abs`">;
def NNGraph_AcosOp : NNGraph_UnaryFloatOp<"acos", "Acos", "XOC `Acos`">;
def NNGraph_AsinOp : NNGraph_UnaryFloatOp<"asin", "Asin", "XOC `Asin`">;
def NNGraph_AtanOp : NNGraph_UnaryFloatOp<"atan", "Atan", "XOC `Atan`">;
def NNGraph_CosOp : NNGraph_UnaryFloatOp<"cos", "Cos", "XOC `Cos`">;
def NNGraph_SinOp : NNGraph_UnaryFloatOp<"sin", "Sin", "XOC `Sin`">;
def NNGraph_TanOp : NNGraph_UnaryFloatOp<"tan", "Tan", "XOC `Tan`">;
def NNGraph_AcoshOp : NNGraph_UnaryFloatOp<"acosh", "Acosh", "XOC `Acosh`">;
def NNGraph_AsinhOp : NNGraph_UnaryFloatOp<"asinh", "Asinh", "XOC `Asinh`">;
def NNGraph_AtanhOp : NNGraph_UnaryFloatOp<"atanh", "Atanh", "XOC `Atanh`">;
def NNGraph_CoshOp : NNGraph_UnaryFloatOp<"cosh", "Cosh", "XOC `Cosh`">;
def NNGraph_SinhOp : NNGraph_UnaryFloatOp<"sinh", "Sinh", "XOC `Sinh`">;
def NNGraph_SignOp : NNGraph_UnaryNumericOp<"sign", "Sign",
    "MXNet `sign`; NNVM `sign`; Relay `sign`; XOC `Sign`"> {
  let summary = "Sign (elementwise): -1, 0 or 1";
  let description = [{
    Applies ONNX `Sign` to every element: `1` where the element is greater
    than zero, `-1` where it is less than zero, `0` where it is zero (`-0.0`
    included, which gives `+0.0`). A NaN stays NaN (as numpy's `sign`, the
    ONNX reference). Floats and integers; the result has the operand's type.

    Imported from: MXNet `sign`; NNVM `sign`; Relay `sign`; XOC `Sign`.

    Example:

    ```mlir
    %y = nngraph.sign %x : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
}

def NNGraph_LeakyReluOp : NNGraph_UnaryFloatOp<"leaky_relu", "LeakyRelu",
    "MXNet `LeakyReLU(act_type=leaky)` (MXNet default slope 0.25), "
    "`LeakyReLU(act_type=rrelu)` at inference; LightNet `lrelu`"> {
  let arguments = (ins NNGraph_FloatTensor:$input,
                   DefaultValuedAttr<F32Attr, "0.01f">:$alpha);
}
def NNGraph_EluOp : NNGraph_UnaryFloatOp<"elu", "Elu",
    "MXNet `LeakyReLU(act_type=elu)`"> {
  let arguments = (ins NNGraph_FloatTensor:$input,
                   DefaultValuedAttr<F32Attr, "1.0f">:$alpha);
}
def NNGraph_SeluOp : NNGraph_UnaryFloatOp<"selu", "Selu",
    "MXNet `LeakyReLU(act_type=selu)`"> {
  let arguments = (ins NNGraph_FloatTensor:$input,
                   DefaultValuedAttr<F32Attr, "1.67326319217681884765625f">:$alpha,
                   DefaultValuedAttr<F32Attr, "1.05070102214813232421875f">:$gamma);
}
def NNGraph_GeluOp : NNGraph_UnaryFloatOp<"gelu", "Gelu",
    "MXNet `LeakyReLU(act_type=gelu)`"> {
  let arguments = (ins NNGraph_FloatTensor:$input,
                   DefaultValuedAttr<NNGraph_GeluApproximationAttr,
                       "::mlir::nngraph::GeluApproximation::None">:$approximate);
}
def NNGraph_HardSigmoidOp : NNGraph_UnaryFloatOp<"hard_sigmoid", "HardSigmoid",
    "MXNet `hard_sigmoid`"> {
  let arguments = (ins NNGraph_FloatTensor:$input,
                   DefaultValuedAttr<F32Attr, "0.2f">:$alpha,
                   DefaultValuedAttr<F32Attr, "0.5f">:$beta);
}
def NNGraph_ClipOp : NNGraph_UnaryNumericOp<"clip", "Clip",
    "MXNet `clip` (`a_min`, `a_max`); Relay `clip`"> {
  let arguments = (ins NNGraph_NumericTensor:$input,
                   OptionalAttr<F32Attr>:$min, OptionalAttr<F32Attr>:$max);
}

//===----------------------------------------------------------------------===//
// Binary elementwise, comparison, select
//===----------------------------------------------------------------------===//

def NNGraph_AddOp : NNGraph_BinaryOp<"add", "Add",
    "MXNet `elemwise_add`, `broadcast_add`, `_Plus`, `_plus_scalar` (with a "
    "splat constant); Relay `add`, `nn.bias_add`; LightNet `elew(TL_SUM)`; "
    "XOC `Add`", [Commutative]> {
  let hasFolder = 1;
}
def NNGraph_SubOp : NNGraph_BinaryOp<"sub", "Sub",
    "MXNet `elemwise_sub`, `broadcast_sub`, `_minus_scalar`, `_rminus_scalar`; "
    "Relay `subtract`"> {
  let hasFolder = 1;
}
def NNGraph_MulOp : NNGraph_BinaryOp<"mul", "Mul",
    "MXNet `elemwise_mul`, `broadcast_mul`, `_mul_scalar`; Relay `multiply`; "
    "LightNet `elew(TL_MUL)`", [Commutative]> {
  let hasFolder = 1;
}
def NNGraph_DivOp : NNGraph_BinaryOp<"div", "Div",
    "MXNet `elemwise_div`, `broadcast_div`, `_div_scalar`, `_rdiv_scalar`, "
    "`_DivScalar`; Relay `divide`"> {
  let hasFolder = 1;
}
def NNGraph_PowOp : NNGraph_BinaryOp<"pow", "Pow",
    "MXNet `broadcast_power`, `_power_scalar`, BatchNorm's `fix_gamma` ones "
    "where the channel count is not known yet (`pow(moving_mean, 0)`); Relay "
    "`power`"> {
  let hasFolder = 1;
}
def NNGraph_MaxOp : NNGraph_BinaryOp<"max", "Max",
    "MXNet `broadcast_maximum`, `_maximum_scalar`; Relay `maximum`",
    [Commutative]> {
  let hasFolder = 1;
}
def NNGraph_MinOp : NNGraph_BinaryOp<"min", "Min",
    "MXNet `broadcast_minimum`, `_minimum_scalar`; Relay `minimum`",
    [Commutative]> {
  let hasFolder = 1;
}

def NNGraph_ModOp : NNGraph_BinaryOp<"mod", "Mod", "XOC `Mod`"> {
  let summary = "Mod with numpy broadcasting";
  let description = [{
    ONNX `Mod`: the remainder of `lhs / rhs`. With `fmod` it has the sign
    of the dividend, as C's `fmod`; without, the sign of the divisor, as
    Python's `%` and `numpy.mod`.

    Imported from: XOC `Mod`.

    Example:

    ```mlir
    %z = nngraph.mod %x, %y : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
    ```
  }];
  let arguments = (ins NNGraph_NumericTensor:$lhs, NNGraph_NumericTensor:$rhs,
                   DefaultValuedAttr<BoolAttr, "false">:$fmod);
}

/// Logical operation on boolean tensors, bitwise on integers, with numpy
/// broadcasting.
class NNGraph_LogicalOp<string mnemonic, string onnx, list<Trait> traits = []>
    : NNGraph_InferOp<mnemonic, !listconcat(traits,
          [NNGraph_Elementwise, SameOperandsAndResultElementType])> {
  let summary = "Logical " # onnx # " (bitwise on integers) with numpy "
      # "broadcasting";
  let description = "Computes ONNX `" # onnx # "` of boolean tensors, and `"
      # "Bitwise" # onnx # "` of integer tensors, elementwise; operands "
      # "broadcast as in numpy.\n\nImported from: XOC `" # onnx # "`, `Bitwise"
      # onnx # "`.\n\nExample:\n\n```mlir\n%z = nngraph." # mnemonic
      # " %x, %y : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>\n```";
  let arguments = (ins NNGraph_IntegerTensor:$lhs, NNGraph_IntegerTensor:$rhs);
  let results = (outs NNGraph_IntegerTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferBroadcast(getOperationName(), location, adaptor.getLhs(), adaptor.getRhs(), ::mlir::Type(), inferred)">.body;
}
def NNGraph_AndOp : NNGraph_LogicalOp<"and", "And", [Commutative]>;
def NNGraph_OrOp : NNGraph_LogicalOp<"or", "Or", [Commutative]>;
def NNGraph_XorOp : NNGraph_LogicalOp<"xor", "Xor", [Commutative]>;
def NNGraph_NotOp : NNGraph_InferOp<"not",
    [NNGraph_Elementwise, SameOperandsAndResultElementType]> {
  let summary = "Logical Not (bitwise on integers), elementwise";
  let description = [{
    Applies ONNX `Not` to every element of a boolean tensor, `BitwiseNot` to
    every element of an integer tensor.

    Imported from: XOC `Not`, `BitwiseNot`.

    Example:

    ```mlir
    %y = nngraph.not %x : (tensor<4xi1>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins NNGraph_IntegerTensor:$input);
  let results = (outs NNGraph_IntegerTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferUnary(location, adaptor.getInput(), inferred)">.body;
}

def NNGraph_BitShiftOp : NNGraph_InferOp<"bit_shift",
    [NNGraph_Elementwise, SameOperandsAndResultElementType]> {
  let summary = "Bit shift with numpy broadcasting";
  let description = [{
    ONNX `BitShift`: `lhs` shifted by `rhs` bits, to the left when `left`,
    else to the right (arithmetic for signless integers, which nngraph reads
    as signed; logical for unsigned ones). A shift by a negative amount or by
    the element width or more gives 0 (-1 for a negative signless `lhs`
    shifted right), as ONNX's reference does.

    Imported from: XOC `BitShift`.

    Example:

    ```mlir
    %z = nngraph.bit_shift %x, %y {left = true}
        : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
    ```
  }];
  let arguments = (ins NNGraph_IntegerTensor:$lhs, NNGraph_IntegerTensor:$rhs,
                   BoolAttr:$left);
  let results = (outs NNGraph_IntegerTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferBroadcast(getOperationName(), location, adaptor.getLhs(), adaptor.getRhs(), ::mlir::Type(), inferred)">.body;
}

def NNGraph_PReluOp : NNGraph_InferOp<"prelu",
    [NNGraph_Elementwise, SameOperandsAndResultElementType]> {
  let summary = "PRelu";
  let description = [{
    ONNX `PRelu`: `x < 0 ? slope * x : x`, where `slope` broadcasts to the
    shape of `input` (unidirectional broadcasting; a per-channel slope of
    an NCHW input has shape `Cx1x1`).

    Imported from: MXNet `LeakyReLU(act_type=prelu)` (gamma reshaped to
    `(C,1,1)`), Relay `nn.prelu`.

    Example:

    ```mlir
    %y = nngraph.prelu %x, %s : (tensor<1x8x4x4xf32>, tensor<8x1x1xf32>)
        -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$slope);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_EqualOp : NNGraph_CompareOp<"equal", "Equal", "MXNet `broadcast_equal`, `_equal_scalar`">;
def NNGraph_NotEqualOp : NNGraph_CompareOp<"not_equal", "Not(Equal)",
    "MXNet `broadcast_not_equal`, `_not_equal_scalar`, the condition of `where`">;
def NNGraph_LessOp : NNGraph_CompareOp<"less", "Less",
    "MXNet `broadcast_lesser`, `_lesser_scalar` (then cast)">;
def NNGraph_LessEqualOp : NNGraph_CompareOp<"less_equal", "LessOrEqual",
    "MXNet `broadcast_lesser_equal`, `_lesser_equal_scalar`">;
def NNGraph_GreaterOp : NNGraph_CompareOp<"greater", "Greater",
    "MXNet `broadcast_greater`, `_greater_scalar` (then cast)">;
def NNGraph_GreaterEqualOp : NNGraph_CompareOp<"greater_equal", "GreaterOrEqual",
    "MXNet `broadcast_greater_equal`, `_greater_equal_scalar`">;

def NNGraph_WhereOp : NNGraph_InferOp<"where", [NNGraph_Elementwise]> {
  let summary = "Select with numpy broadcasting";
  let description = [{
    ONNX `Where`: `condition ? x : y` elementwise, all three broadcast as in
    numpy. `x` and `y` share the result element type.

    Imported from: MXNet `where` (numeric condition compared with zero first).

    Example:

    ```mlir
    %r = nngraph.where %c, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<1xf32>)
        -> tensor<4xf32>
    ```
  }];
  let arguments = (ins NNGraph_BoolTensor:$condition, NNGraph_Tensor:$x,
                   NNGraph_Tensor:$y);
  let results = (outs NNGraph_Tensor:$output);
}

//===----------------------------------------------------------------------===//
// Convolution, dense layers, normalisation, pooling
//===----------------------------------------------------------------------===//

def NNGraph_ConvOp : NNGraph_InferOp<"conv", [NNGraph_LayoutSensitive]> {
  let summary = "N-d convolution (grouped, depthwise, dilated)";
  let description = [{
    ONNX `Conv` on an `N x C x D1 x ... x Dn` input with an
    `M x C/group x k1 x ... x kn` weight and an optional bias of size `M`.
    `strides` and `dilations` default to 1, `pads` (`[b1, ..., bn, e1, ..., en]`)
    to 0. `auto_pad` other than `notset` computes the padding (`same_upper`,
    `same_lower`: output size `ceil(D / stride)`; `valid`: none) and then `pads`
    must be absent. Depthwise convolution is `group = C`.

    Imported from: MXNet `Convolution`, `ChannelwiseConvolution`, inlined
    `_sg_mkldnn_conv`; NNVM `conv2d`; LightNet `conv2d`; Relay `nn.conv2d`;
    XOC `Conv`.

    Example:

    ```mlir
    %y = nngraph.conv %x, %w, %b {pads = array<i64: 1, 1, 1, 1>,
        strides = array<i64: 2, 2>}
        : (tensor<1x3x224x224xf32>, tensor<64x3x3x3xf32>, tensor<64xf32>)
        -> tensor<1x64x112x112xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$weight,
                   Optional<NNGraph_FloatTensor>:$bias,
                   OptionalAttr<DenseI64ArrayAttr>:$strides,
                   OptionalAttr<DenseI64ArrayAttr>:$dilations,
                   OptionalAttr<DenseI64ArrayAttr>:$pads,
                   DefaultValuedAttr<I64Attr, "1">:$group,
                   DefaultValuedAttr<NNGraph_AutoPadAttr,
                       "::mlir::nngraph::AutoPad::NotSet">:$auto_pad);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_ConvTransposeOp : NNGraph_InferOp<"conv_transpose",
    [NNGraph_LayoutSensitive]> {
  let summary = "N-d transposed convolution";
  let description = [{
    ONNX `ConvTranspose`: input `N x C x D...`, weight `C x M/group x k...`,
    optional bias of size `M`. Output size per spatial axis is
    `stride * (D - 1) + output_padding + (k - 1) * dilation + 1 - pad_begin
    - pad_end`, or `output_shape` (spatial sizes) when given.

    Imported from: MXNet `Deconvolution` (`adj` is `output_padding`,
    `target_shape` is `output_shape`); LightNet `deconv2d`;
    Relay `nn.conv2d_transpose`.

    Example:

    ```mlir
    %y = nngraph.conv_transpose %x, %w {strides = array<i64: 2, 2>}
        : (tensor<1x8x4x4xf32>, tensor<8x4x2x2xf32>) -> tensor<1x4x8x8xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$weight,
                   Optional<NNGraph_FloatTensor>:$bias,
                   OptionalAttr<DenseI64ArrayAttr>:$strides,
                   OptionalAttr<DenseI64ArrayAttr>:$dilations,
                   OptionalAttr<DenseI64ArrayAttr>:$pads,
                   OptionalAttr<DenseI64ArrayAttr>:$output_padding,
                   OptionalAttr<DenseI64ArrayAttr>:$output_shape,
                   DefaultValuedAttr<I64Attr, "1">:$group,
                   DefaultValuedAttr<NNGraph_AutoPadAttr,
                       "::mlir::nngraph::AutoPad::NotSet">:$auto_pad);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_GemmOp : NNGraph_InferOp<"gemm", [SameOperandsAndResultElementType]> {
  let summary = "General matrix multiply (fully connected layer)";
  let description = [{
    ONNX `Gemm`: `alpha * op(A) * op(B) + beta * C` on 2-D `A` and `B`, where
    `op` transposes when `trans_a` / `trans_b` is set; the optional `C`
    broadcasts to `M x N`.

    Imported from: MXNet `FullyConnected` (after flattening, `trans_b`);
    NNVM `dense`; Relay `nn.dense`; XOC `Gemm`.

    Example:

    ```mlir
    %y = nngraph.gemm %x, %w, %b {trans_b = true}
        : (tensor<1x512xf32>, tensor<1000x512xf32>, tensor<1000xf32>)
        -> tensor<1x1000xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$a, NNGraph_FloatTensor:$b,
                   Optional<NNGraph_FloatTensor>:$c,
                   DefaultValuedAttr<F32Attr, "1.0f">:$alpha,
                   DefaultValuedAttr<F32Attr, "1.0f">:$beta,
                   DefaultValuedAttr<BoolAttr, "false">:$trans_a,
                   DefaultValuedAttr<BoolAttr, "false">:$trans_b);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_MatMulOp : NNGraph_InferOp<"matmul", [SameOperandsAndResultElementType]> {
  let summary = "Matrix product with numpy semantics (batched)";
  let description = [{
    ONNX `MatMul` (numpy `matmul`): 1-D operands are promoted to matrices and
    the promoted axis removed again; leading batch axes broadcast. This is
    also the batch matmul: `B x M x K` times `B x K x N`.

    Imported from: MXNet `dot`, `batch_dot`, `FullyConnected(flatten=False)`;
    Relay `nn.batch_matmul`, `nn.matmul`; LightNet `dot_product` (with a sum).

    Example:

    ```mlir
    %y = nngraph.matmul %a, %b : (tensor<8x4x16xf32>, tensor<8x16x32xf32>)
        -> tensor<8x4x32xf32>
    ```
  }];
  let arguments = (ins NNGraph_NumericTensor:$a, NNGraph_NumericTensor:$b);
  let results = (outs NNGraph_NumericTensor:$output);
}

def NNGraph_EinsumOp : NNGraph_InferOp<"einsum"> {
  let summary = "Einstein summation";
  let description = [{
    ONNX `Einsum`: the `equation` names every axis of every operand by a
    letter (`...` for the leading axes that broadcast); the result has the
    axes after `->` (without it, the ellipsis's axes and then the letters
    named once, in alphabetical order), the other axes are summed over, and
    a letter repeated in one operand reads its diagonal.

    Imported from: XOC `Einsum`.

    Example:

    ```mlir
    %z = nngraph.einsum %x, %y {equation = "bij,bjk->bik"}
        : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
    ```
  }];
  let arguments = (ins Variadic<NNGraph_NumericTensor>:$inputs,
                   StrAttr:$equation);
  let results = (outs NNGraph_NumericTensor:$output);
}

def NNGraph_BatchNormOp : NNGraph_InferOp<"batch_norm",
    [NNGraph_LayoutSensitive, SameOperandsAndResultElementType]> {
  let summary = "Batch normalisation (inference)";
  let description = [{
    ONNX `BatchNormalization` in inference mode over axis 1:
    `scale * (x - mean) / sqrt(var + epsilon) + bias`; `scale`, `bias`,
    `mean` and `var` have the size of the channel axis.

    Imported from: MXNet `BatchNorm` (the importer substitutes ones for gamma
    when `fix_gamma`, MXNet's default epsilon is 1e-3); NNVM `batch_norm`;
    LightNet `batchnorm`; Relay `nn.batch_norm`.

    Example:

    ```mlir
    %y = nngraph.batch_norm %x, %s, %b, %m, %v {epsilon = 1.000000e-03 : f32}
        : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
           tensor<8xf32>) -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$scale,
                   NNGraph_FloatTensor:$bias, NNGraph_FloatTensor:$mean,
                   NNGraph_FloatTensor:$var,
                   DefaultValuedAttr<F32Attr, "1.0e-5f">:$epsilon);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_LayerNormOp : NNGraph_InferOp<"layer_norm",
    [SameOperandsAndResultElementType]> {
  let summary = "Layer normalisation";
  let description = [{
    ONNX `LayerNormalization`: normalises over the axes from `axis` to the
    last, then scales by `scale` and adds the optional `bias`; both broadcast
    to the normalised shape.

    Imported from: MXNet `LayerNorm`; Relay `nn.layer_norm`.

    Example:

    ```mlir
    %y = nngraph.layer_norm %x, %s, %b {axis = -1 : i64}
        : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>)
        -> tensor<2x16x64xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$scale,
                   Optional<NNGraph_FloatTensor>:$bias,
                   DefaultValuedAttr<I64Attr, "-1">:$axis,
                   DefaultValuedAttr<F32Attr, "1.0e-5f">:$epsilon);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_InstanceNormOp : NNGraph_InferOp<"instance_norm",
    [NNGraph_LayoutSensitive, SameOperandsAndResultElementType]> {
  let summary = "Instance normalisation";
  let description = [{
    ONNX `InstanceNormalization`: normalises each channel of each sample over
    its spatial axes, then applies the per-channel `scale` and `bias`.

    Imported from: MXNet `InstanceNorm`; Relay `nn.instance_norm`.

    Example:

    ```mlir
    %y = nngraph.instance_norm %x, %s, %b
        : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>)
        -> tensor<1x8x4x4xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, NNGraph_FloatTensor:$scale,
                   NNGraph_FloatTensor:$bias,
                   DefaultValuedAttr<F32Attr, "1.0e-5f">:$epsilon);
  let results = (outs NNGraph_FloatTensor:$output);
}

def NNGraph_LRNOp : NNGraph_InferOp<"lrn",
    [NNGraph_LayoutSensitive, SameOperandsAndResultElementType]> {
  let summary = "Local response normalisation across channels";
  let description = [{
    ONNX `LRN`: `x / (bias + alpha / size * sum(x^2 over size channels))^beta`.

    Imported from: MXNet `LRN` (`nsize` is `size`, `knorm` is `bias`);
    Relay `nn.lrn`.

    Example:

    ```mlir
    %y = nngraph.lrn %x {size = 5 : i64}
        : (tensor<1x96x55x55xf32>) -> tensor<1x96x55x55xf32>
    ```
  }];
  let arguments = (ins NNGraph_FloatTensor:$input, I64Attr:$size,
                   DefaultValuedAttr<F32Attr, "1.0e-4f">:$alpha,
                   DefaultValuedAttr<F32Attr, "0.75f">:$beta,
                   DefaultValuedAttr<F32Attr, "1.0f">:$bias);
  let results = (outs NNGraph_FloatTensor:$output);
}

class NNGraph_PoolOp<string mnemonic, string onnx, string sources,
                     dag extraArgs>
    : NNGraph_InferOp<mnemonic,
          [NNGraph_LayoutSensitive, SameOperandsAndResultElementType]> {
  let summary = onnx;
  let description = "ONNX `" # onnx # "` over the spatial axes of an "
      # "`N x C x D1 x ... x Dn` input with window `kernel_shape`. "
      # "`strides` and `dilations` default to 1, `pads` (`[b1..bn, e1..en]`) "
      # "to 0. With `ceil_mode` the output size rounds up, but a window that "
      # "would start in the end padding is dropped (ONNX rule).\n\n"
      # "Imported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%y = nngraph." # mnemonic
      # " %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, "
      # "ceil_mode = true} : (tensor<1x64x112x112xf32>) -> "
      # "tensor<1x64x56x56xf32>\n```";
  let arguments = !con((ins NNGraph_FloatTensor:$input,
                        DenseI64ArrayAttr:$kernel_shape,
                        OptionalAttr<DenseI64ArrayAttr>:$strides,
                        OptionalAttr<DenseI64ArrayAttr>:$pads,
                        OptionalAttr<DenseI64ArrayAttr>:$dilations,
                        DefaultValuedAttr<BoolAttr, "false">:$ceil_mode,
                        DefaultValuedAttr<NNGraph_AutoPadAttr,
                            "::mlir::nngraph::AutoPad::NotSet">:$auto_pad),
                       extraArgs);
  let results = (outs NNGraph_FloatTensor:$output);
  // Drops ceil_mode where it changes nothing (static sizes that the windows
  // tile exactly).
  let hasFolder = 1;
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferPool(getOperationName(), location, adaptor.getInput(), adaptor.getKernelShape(), adaptor.getStrides(), adaptor.getPads(), adaptor.getDilations(), adaptor.getCeilMode(), adaptor.getAutoPad(), inferred)">.body;
}

def NNGraph_MaxPoolOp : NNGraph_PoolOp<"max_pool", "MaxPool",
    "MXNet `Pooling(pool_type=max)`; NNVM `max_pool2d`; LightNet `maxpool2d`; "
    "Relay `nn.max_pool2d`; XOC `MaxPool`", (ins)>;
def NNGraph_AvgPoolOp : NNGraph_PoolOp<"avg_pool", "AveragePool",
    "MXNet `Pooling(pool_type=avg)`; NNVM `avg_pool2d`; LightNet `avgpool2d`; "
    "Relay `nn.avg_pool2d`",
    (ins DefaultValuedAttr<BoolAttr, "false">:$count_include_pad)>;

class NNGraph_GlobalPoolOp<string mnemonic, string onnx, string sources>
    : NNGraph_InferOp<mnemonic,
          [NNGraph_LayoutSensitive, SameOperandsAndResultElementType]> {
  let summary = onnx;
  let description = "ONNX `" # onnx # "`: reduces every spatial axis of an "
      # "`N x C x D...` input to size 1.\n\nImported from: " # sources
      # ".\n\nExample:\n\n```mlir\n%y = nngraph." # mnemonic
      # " %x : (tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32>\n```";
  let arguments = (ins NNGraph_FloatTensor:$input);
  let results = (outs NNGraph_FloatTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferGlobalPool(getOperationName(), location, adaptor.getInput(), inferred)">.body;
}
def NNGraph_GlobalMaxPoolOp : NNGraph_GlobalPoolOp<"global_max_pool",
    "GlobalMaxPool", "MXNet `Pooling(global_pool=True, pool_type=max)`; "
    "Relay `nn.global_max_pool2d`">;
def NNGraph_GlobalAvgPoolOp : NNGraph_GlobalPoolOp<"global_avg_pool",
    "GlobalAveragePool", "MXNet `Pooling(global_pool=True, pool_type=avg)`, "
    "`_contrib_AdaptiveAvgPooling2D(output_size=1)`; NNVM and TVM "
    "`global_avg_pool2d`; Relay `nn.global_avg_pool2d`">;

class NNGraph_SoftmaxBase<string mnemonic, string onnx, string sources>
    : NNGraph_InferOp<mnemonic, [SameOperandsAndResultElementType]> {
  let summary = onnx;
  let description = "ONNX `" # onnx # "` (opset 13) along `axis` (default "
      # "-1, the last axis).\n\nImported from: " # sources # ".\n\n"
      # "Example:\n\n```mlir\n%y = nngraph." # mnemonic
      # " %x {axis = 1 : i64} : (tensor<1x1000xf32>) -> tensor<1x1000xf32>\n```";
  let arguments = (ins NNGraph_FloatTensor:$input,
                   DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs NNGraph_FloatTensor:$output);
  let extraClassDefinition = NNGraph_InferBy<
      "::mlir::nngraph::detail::inferSameWithAxis(getOperationName(), location, adaptor.getInput(), adaptor.getAxis(), inferred)">.body;
}
def NNGraph_SoftmaxOp : NNGraph_SoftmaxBase<"softmax", "Softmax",
    "MXNet `softmax`, `SoftmaxOutput` and `SoftmaxActivation` at inference; "
    "NNVM `softmax`; LightNet `softmax`; Relay `nn.softmax`">;
def NNGraph_LogSoftmaxOp : NNGraph_SoftmaxBase<"log_softmax", "LogSoftmax",
    "MXNet `log_softmax`; Relay `nn.log_softmax`">;

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

include "nngraph/Dialect/NNGraph/IR/NNGraphTensorOps.td"

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHOPS_TD
