//===- TranslateRegistration.h - RelayViz translations ------------*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the registration of the RelayViz import and export
// translations with mlir-translate.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_RELAYVIZ_TRANSLATEREGISTRATION_H
#define NNGRAPH_TARGET_RELAYVIZ_TRANSLATEREGISTRATION_H

namespace mlir {
namespace nngraph {
namespace relayviz {

/// Registers --import-relayviz and --export-relayviz.
void registerRelayVizTranslations();

} // namespace relayviz
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_RELAYVIZ_TRANSLATEREGISTRATION_H
