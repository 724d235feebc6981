//===- NpyFile.h - NumPy .npy arrays for nngraph-run ------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares a minimal reader and writer of NumPy .npy files
// (format 1.0/2.0, C order, little-endian numeric dtypes) and the array the
// runner passes to compiled models.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TOOLS_NNGRAPH_RUN_NPYFILE_H
#define NNGRAPH_TOOLS_NNGRAPH_RUN_NPYFILE_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {

/// A dense C-order array: NumPy dtype string ("<f4"), shape and bytes.
struct NpyArray {
  std::string dtype;
  std::vector<int64_t> shape;
  std::vector<char> bytes;

  int64_t numElements() const;
  unsigned elementSize() const;
  /// Element `i` converted to double / set from a double.
  double get(int64_t i) const;
  void set(int64_t i, double v);
  /// Zero-filled storage for `type`; fails for element types .npy lacks.
  LogicalResult allocate(RankedTensorType type);
  /// Whether the array has `type`'s dtype and shape.
  LogicalResult checkType(RankedTensorType type) const;
  /// "float32 [2, 3]".
  std::string describe() const;
};

/// The .npy dtype of an element type ("<f4"), or empty.
std::string getNpyDType(Type element);
/// "float32 [2, 3]" for a tensor type.
std::string describeType(RankedTensorType type);

llvm::Expected<NpyArray> readNpy(llvm::StringRef path);
llvm::Error writeNpy(const NpyArray &array, llvm::StringRef path);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TOOLS_NNGRAPH_RUN_NPYFILE_H
