//===- LightNetInternal.h - shared by LightNet import/export ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what the LightNet importer and exporter share: the
// attribute names that keep LightNet details in the IR and the TL_ dtype
// spellings.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_LIB_TARGET_LIGHTNET_LIGHTNETINTERNAL_H
#define NNGRAPH_LIB_TARGET_LIGHTNET_LIGHTNETINTERNAL_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir {
namespace nngraph {
namespace lightnet {

/// Argument attribute: "input" (feeds a data argument) or "weight".
inline constexpr llvm::StringLiteral kRoleAttr = "nngraph.role";
/// Argument attribute: the `params` of the `create` op, verbatim, as an
/// array of {arg_name, value} dictionaries.
inline constexpr llvm::StringLiteral kCreateParamsAttr =
    "nngraph.lightnet_params";
/// Argument attribute: the `create` op's name when it differs from the
/// tensor name.
inline constexpr llvm::StringLiteral kCreateOpAttr = "nngraph.lightnet_op";

/// TL_FLOAT -> f32, ...; null when unknown.
Type parseDType(MLIRContext *context, llvm::StringRef name);
/// f32 -> TL_FLOAT, ...; empty when LightNet has no such dtype.
std::string getDTypeSpelling(Type type);

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_LIGHTNET_LIGHTNETINTERNAL_H
