//===- NNGraphInterfaces.td - nngraph op properties --------*- tablegen -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file defines the operator-property interface of the nngraph dialect and
// the marker traits its default answers are derived from. This is NNVM's
// operator attribute registry in MLIR form: a pass asks an operation for a
// property instead of switching over operator names, and a new operator states
// its properties where it is defined.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHINTERFACES_TD
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHINTERFACES_TD

include "mlir/IR/OpBase.td"

class NNGraph_Trait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::OpTrait::nngraph";
}

/// Every result element depends only on the operand elements at the same
/// (numpy-broadcast) index.
def NNGraph_Elementwise : NNGraph_Trait<"Elementwise">;
/// The result is the operand's data in the same element order, only the shape
/// changes (reshape, flatten, squeeze, identity, ...).
def NNGraph_ShapeOnly : NNGraph_Trait<"ShapeOnly">;
/// The operator interprets dimensions by position (NCHW batch/channel/spatial).
def NNGraph_LayoutSensitive : NNGraph_Trait<"LayoutSensitive">;

def NNGraph_OpInterface : OpInterface<"NNGraphOpInterface"> {
  let cppNamespace = "::mlir::nngraph";
  let description = [{
    Properties that graph passes query on nngraph operators. The defaults are
    derived from the marker traits `Elementwise`, `ShapeOnly` and
    `LayoutSensitive`; an operator with special knowledge overrides a method by
    declaring it in its class.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns true if every result element depends only on the operand
        elements at the same (broadcast) index.
      }], "bool", "isElementwise", (ins), [{}], [{
        return $_op->template hasTrait<::mlir::OpTrait::nngraph::Elementwise>();
      }]>,
    InterfaceMethod<[{
        Returns true if the operator only reinterprets the shape of operand 0:
        the result has the same elements in the same order.
      }], "bool", "isShapeOnly", (ins), [{}], [{
        return $_op->template hasTrait<::mlir::OpTrait::nngraph::ShapeOnly>();
      }]>,
    InterfaceMethod<[{
        Returns true if the operator gives dimensions a positional meaning
        (NCHW), so that a layout change must rewrite it.
      }], "bool", "isLayoutSensitive", (ins), [{}], [{
        return $_op->template hasTrait<
            ::mlir::OpTrait::nngraph::LayoutSensitive>();
      }]>,
    InterfaceMethod<[{
        Returns the (operand, result) pairs whose storage may be shared, as
        NNVM's FInplaceOption: the result can be computed in place of the
        operand. Elementwise operators may reuse any operand of the result's
        type; shape-only operators alias operand 0.
      }], "::llvm::SmallVector<std::pair<unsigned, unsigned>>",
      "getInplacePairs", (ins), [{}], [{
        return ::mlir::nngraph::detail::getDefaultInplacePairs($_op);
      }]>,
    InterfaceMethod<[{
        Checks the operator's attributes and properties against its ODS
        constraints (required attributes present, attribute kinds right),
        without looking at operand or result types, and reports the first
        violation at the operator's location. Result-type inference assumes
        these invariants: `nngraph::inferResultTypes` checks them first, so
        that inference is safe on any attribute combination.
      }], "::llvm::LogicalResult", "verifyAttributeInvariants", (ins), [{}], [{
        return typename ConcreteOp::Adaptor($_op).verify($_op->getLoc());
      }]>,
  ];
}

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHINTERFACES_TD
