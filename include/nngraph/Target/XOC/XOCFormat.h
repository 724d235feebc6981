//===- XOCFormat.h - the XOC row of the format registry ---------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the XOC format's row of the format registry
// (nngraph/Target/Formats/FormatRegistry.h).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_XOC_XOCFORMAT_H
#define NNGRAPH_TARGET_XOC_XOCFORMAT_H

namespace mlir {
namespace nngraph {
struct FormatInfo;

namespace xoc {

/// The XOC row of the format registry.
const FormatInfo &getXOCFormat();

} // namespace xoc
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_XOC_XOCFORMAT_H
