//===- NNVMFormat.h - the NNVM row of the format registry -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the NNVM format's row of the format registry
// (nngraph/Target/Formats/FormatRegistry.h).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_NNVM_NNVMFORMAT_H
#define NNGRAPH_TARGET_NNVM_NNVMFORMAT_H

namespace mlir {
namespace nngraph {
struct FormatInfo;

namespace nnvm {

/// The NNVM row of the format registry.
const FormatInfo &getNNVMFormat();

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_NNVM_NNVMFORMAT_H
