//===- NpyFile.h - NumPy .npy arrays ----------------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares a minimal reader and writer of NumPy .npy files
// (format 1.0/2.0, C order, little-endian numeric dtypes) and the host array
// that nngraph-run and the Python package pass to compiled models.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_EXECUTION_NPYFILE_H
#define NNGRAPH_EXECUTION_NPYFILE_H

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
  /// "float32 [2, 3]".
  std::string describe() const;
};

/// The .npy dtype of an element type ("<f4"), or empty.
std::string getNpyDType(Type element);

llvm::Expected<NpyArray> readNpy(llvm::StringRef path);
llvm::Error writeNpy(const NpyArray &array, llvm::StringRef path);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_NPYFILE_H
