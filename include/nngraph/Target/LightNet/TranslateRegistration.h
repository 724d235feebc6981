//===- TranslateRegistration.h - LightNet translations ------------*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the registration of the LightNet import and export
// translations with mlir-translate.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_LIGHTNET_TRANSLATEREGISTRATION_H
#define NNGRAPH_TARGET_LIGHTNET_TRANSLATEREGISTRATION_H

namespace mlir {
namespace nngraph {
namespace lightnet {

/// Registers --import-lightnet and --export-lightnet.
void registerLightNetTranslations();

} // namespace lightnet
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_LIGHTNET_TRANSLATEREGISTRATION_H
