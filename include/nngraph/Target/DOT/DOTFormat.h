//===- DOTFormat.h - the DOT row of the format registry ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the DOT format's row of the format registry
// (nngraph/Target/Formats/FormatRegistry.h).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_DOT_DOTFORMAT_H
#define NNGRAPH_TARGET_DOT_DOTFORMAT_H

namespace mlir {
namespace nngraph {
struct FormatInfo;

namespace dot {

/// The DOT row of the format registry.
const FormatInfo &getDOTFormat();

} // namespace dot
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_DOT_DOTFORMAT_H
