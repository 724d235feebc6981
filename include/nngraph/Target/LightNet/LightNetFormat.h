//===- LightNetFormat.h - the LightNet format's registry row ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the LightNet format's row of the format registry
// (nngraph/Target/Formats/FormatRegistry.h).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_LIGHTNET_LIGHTNETFORMAT_H
#define NNGRAPH_TARGET_LIGHTNET_LIGHTNETFORMAT_H

namespace mlir {
namespace nngraph {
struct FormatInfo;

namespace lightnet {

/// The LightNet row of the format registry.
const FormatInfo &getLightNetFormat();

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_LIGHTNET_LIGHTNETFORMAT_H
