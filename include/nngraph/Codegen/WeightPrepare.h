//===- WeightPrepare.h - the split into prepare and run ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the contract between nngraph-lift-weight-transforms,
// which splits a graph function `@f` into `@f_prepare` (the work that
// depends only on weights and constants) and `@f` (the rest, taking the
// prepared tensors), and the runtime that calls them (Executable). The pass
// records the split in one dictionary attribute on `@f`, written on linalg
// on tensors and kept through the lowering to the LLVM dialect (function
// attributes survive convert-func-to-llvm), so the runtime reads it from
// the lowered module:
//
//   nngraph.prepare = {
//     function = @f_prepare,
//     weight_args = array<i64: 1, 2>,   // @f's original arguments that
//                                       // @f_prepare takes, in order
//     kept_args = array<i64: 0>,        // @f's original arguments that
//                                       // @f still takes, as its first ones
//     prepared_types = [tensor<...>]    // @f_prepare's results, which are
//   }                                   // @f's further arguments, in order
//
// These are not graph-ABI attributes (GraphABI.h): importers and exporters
// never see them; they exist only inside the CPU pipeline and its output.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_CODEGEN_WEIGHTPREPARE_H
#define NNGRAPH_CODEGEN_WEIGHTPREPARE_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace nngraph {

/// The dictionary attribute on a split graph function, and its keys.
inline constexpr llvm::StringLiteral kWeightPrepareAttrName = "nngraph.prepare";
inline constexpr llvm::StringLiteral kPrepareFunctionKey = "function";
inline constexpr llvm::StringLiteral kPrepareWeightArgsKey = "weight_args";
inline constexpr llvm::StringLiteral kPrepareKeptArgsKey = "kept_args";
inline constexpr llvm::StringLiteral kPreparedTypesKey = "prepared_types";

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_CODEGEN_WEIGHTPREPARE_H
