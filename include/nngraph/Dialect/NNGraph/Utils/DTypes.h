//===- DTypes.h - the one table of element type spellings -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the dtype table: one row per element type a graph can
// hold, with every spelling of it that nngraph reads or writes (the common
// name "float32", NumPy's "<f4", the ONNX TensorProto number, MXNet's
// mshadow type flag, DLPack's code and bits as TVM writes them, LightNet's
// TL_ name). Every importer, exporter, weights reader and the runtime look
// spellings up here instead of keeping their own switch.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_UTILS_DTYPES_H
#define NNGRAPH_DIALECT_NNGRAPH_UTILS_DTYPES_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace mlir {
namespace nngraph {

/// One element type and its spellings. Empty strings and negative numbers
/// mean "no spelling in that convention".
struct DTypeInfo {
  enum class Kind : uint8_t { Float, BFloat, Signless, Unsigned, Bool };
  Kind kind;
  /// Bits of one element (1 for bool).
  unsigned bits;
  /// The common name ("float32"), as the JSON formats and Python write it.
  llvm::StringLiteral name;
  /// NumPy's dtype string ("<f4").
  llvm::StringLiteral numpy;
  /// NumPy dtype strings a .npy reader also accepts for this type ("f4").
  llvm::ArrayRef<llvm::StringLiteral> numpyAliases;
  /// ONNX TensorProto.DataType.
  int64_t onnx;
  /// MXNet's mshadow::TypeFlag.
  int32_t mxnet;
  /// DLPack DLDataType code and bits (lanes 1) as TVM's .params write it.
  uint8_t dlCode, dlBits;
  /// LightNet's dtype name ("TL_FLOAT").
  llvm::StringLiteral lightnet;

  /// The element type (uint8 is `ui8`, the other integers signless).
  Type getType(MLIRContext *context) const;
  /// Bytes one element takes in memory and in files (bool: one byte).
  unsigned getByteSize() const { return bits < 8 ? 1 : bits / 8; }
};

/// Every row, in table order.
llvm::ArrayRef<DTypeInfo> getDTypes();

/// The row of `type`: floats by width, `i1` as bool, `ui8` as uint8, other
/// integers by width whatever their signedness; null for none.
const DTypeInfo *lookupDType(Type type);
/// The row named `name` ("float32"), or null.
const DTypeInfo *lookupDTypeByName(llvm::StringRef name);
/// The row of NumPy dtype string `numpy` ("<f4", or an alias), or null.
const DTypeInfo *lookupDTypeByNumPy(llvm::StringRef numpy);
/// The row of ONNX TensorProto data type `onnx`, or null.
const DTypeInfo *lookupDTypeByONNX(int64_t onnx);
/// The row of MXNet type flag `flag`, or null.
const DTypeInfo *lookupDTypeByMXNet(int64_t flag);
/// The row of DLPack type (`code`, `bits`, lanes 1), or null.
const DTypeInfo *lookupDTypeByDLPack(uint8_t code, uint8_t bits);
/// The row of LightNet dtype name `name` ("TL_FLOAT"), or null.
const DTypeInfo *lookupDTypeByLightNet(llvm::StringRef name);

/// The common dtype spelling of an element type ("float32", "int64",
/// "bool", ...), or empty when there is none.
std::string getDTypeName(Type type);
/// The element type a dtype name stands for (the inverse of getDTypeName:
/// "uint8" is ui8), or null for an unknown name.
Type getDTypeElementType(MLIRContext *context, llvm::StringRef name);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_DIALECT_NNGRAPH_UTILS_DTYPES_H
