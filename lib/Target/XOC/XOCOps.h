//===- XOCOps.h - XOC operator table ----------------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the table shared by the XOC importer and exporter: for
// every ONNX operator with a typed nngraph operation, its attributes and the
// ONNX inputs that nngraph keeps as attributes. The importer reads it from
// ONNX to nngraph, the exporter from nngraph to ONNX, so that both directions
// agree by construction.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_XOC_XOCOPS_H
#define NNGRAPH_LIB_TARGET_XOC_XOCOPS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <optional>

namespace mlir {
namespace nngraph {
namespace xoc {

/// How an ONNX attribute value is spelled in JSON and held in nngraph.
enum class AttrKind {
  Int,            // integer -> i64
  Float,          // number -> f32
  Bool,           // 0/1 -> BoolAttr
  Ints,           // [integer] -> DenseI64ArrayAttr
  Floats,         // [number] -> DenseF32ArrayAttr
  AutoPad,        // "NOTSET"/"SAME_UPPER"/... -> #nngraph.auto_pad
  PadMode,        // "constant"/"reflect"/"edge"
  ResizeMode,     // "nearest"/"linear"
  CoordTransform, // coordinate_transformation_mode
  NearestMode,    // nearest_mode
  GeluApprox,     // "none"/"tanh"
  ShiftLeft,      // BitShift's "LEFT"/"RIGHT" -> BoolAttr (left)
  Reduction,      // Scatter*'s "none"/"add"/"mul"/"max"/"min"
  String,         // string -> StringAttr (Einsum's equation)
  GridMode,       // GridSample's mode ("bilinear" and "bicubic" too)
  GridPadding,    // GridSample's padding_mode
  RoiMode,        // RoiAlign's "avg"/"max"
  RoiHalfPixel,   // RoiAlign's "half_pixel"/"output_half_pixel" -> BoolAttr
  Checked,        // read and checked by the importer, not kept (kernel_shape)
  OnOff,          // OneHot's [off, on] values -> off_value and on_value
};

/// An ONNX attribute and the nngraph attribute that holds it.
struct AttrSpec {
  const char *onnx;
  const char *mlir;
  AttrKind kind;
};

/// An ONNX input that nngraph holds as an attribute (Reshape's shape,
/// ReduceMean's axes in opset 18). `asInput`: the exporter writes it as an
/// input tensor (else as the attribute).
struct StaticInput {
  unsigned index;
  const char *mlir;
  AttrKind kind;
  bool asInput;
  /// The attribute is optional: an empty or absent input leaves it unset.
  bool optional;
};

/// An ONNX attribute that nngraph does not hold: accepted only at `value`
/// (or at any value when `any`: it does not matter at inference) and not
/// kept.
struct FixedAttr {
  const char *onnx;
  double value;
  bool any;
};

struct OpSpec {
  const char *onnx;
  /// Full operation name (OpTy::getOperationName(): nngraph.conv).
  const char *mlir;
  llvm::ArrayRef<AttrSpec> attrs;
  llvm::ArrayRef<StaticInput> staticInputs;
  llvm::ArrayRef<FixedAttr> fixed;
  /// Tensor operands: at least `minOperands`, at most `maxOperands` (-1: any).
  unsigned minOperands;
  int maxOperands;
  /// Results: a fixed count, or -1 for as many as the node lists.
  int numResults;
};

/// The spec of ONNX operator `onnx`, or null.
const OpSpec *lookupONNX(llvm::StringRef onnx);
/// The spec of nngraph operation `mlir` (nngraph.conv), or null.
const OpSpec *lookupMLIR(llvm::StringRef mlir);
/// The spec that exports `op`: lookupMLIR's, or the one its types select
/// (BitwiseAnd for an nngraph.and of integers).
const OpSpec *lookupSpecFor(Operation *op);
/// Every spec, in table order.
llvm::ArrayRef<OpSpec> getOpSpecs();

/// Converts JSON `value` of `kind` into an attribute; null if it does not fit.
Attribute convertAttr(Builder &b, AttrKind kind,
                      const llvm::json::Value &value);
/// The inverse of convertAttr; nullopt if `attr` does not have `kind`.
std::optional<llvm::json::Value> attrToJSON(AttrKind kind, Attribute attr);
/// A description of `kind` for messages ("list of integers").
llvm::StringRef describeAttrKind(AttrKind kind);

/// The shortest decimal that reads back as `value` in single precision, as
/// a double (0.01, not 0.009999999776482582).
double shortestFloat(float value);

/// Puts `value` under `key` of `out`, a dotted key ("perf.time.cpu") as
/// nested objects (merged with those already there).
void putExpanded(llvm::json::Object &out, llvm::StringRef key,
                 llvm::json::Value value);
/// `in` with every dotted key expanded, at every level.
llvm::json::Object expandDottedKeys(const llvm::json::Object &in);

/// The ONNX TensorProto data type number of `type` (Cast's `to`), or 0.
int64_t getONNXDataType(Type type);

} // namespace xoc
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_XOC_XOCOPS_H
