//===- RelayVizFormat.h - the RelayViz format's registry row ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the RelayViz format's row of the format registry
// (nngraph/Target/Formats/FormatRegistry.h).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_RELAYVIZ_RELAYVIZFORMAT_H
#define NNGRAPH_TARGET_RELAYVIZ_RELAYVIZFORMAT_H

namespace mlir {
namespace nngraph {
struct FormatInfo;

namespace relayviz {

/// The RelayViz row of the format registry.
const FormatInfo &getRelayVizFormat();

} // namespace relayviz
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_RELAYVIZ_RELAYVIZFORMAT_H
