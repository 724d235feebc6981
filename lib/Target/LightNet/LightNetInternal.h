//===- LightNetInternal.h - shared by LightNet import/export ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares what the LightNet importer and exporter share: the
// TL_ dtype spellings (the attributes that keep LightNet details in the IR
// are part of the graph ABI, GraphABI.h).
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

/// TL_FLOAT -> f32, ...; null when unknown.
Type parseDType(MLIRContext *context, llvm::StringRef name);
/// f32 -> TL_FLOAT, ...; empty when LightNet has no such dtype.
std::string getDTypeSpelling(Type type);

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_LIB_TARGET_LIGHTNET_LIGHTNETINTERNAL_H
