//===- TranslateRegistration.h - XOC translations ------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the registration of the XOC import and export
// translations with mlir-translate.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_XOC_TRANSLATEREGISTRATION_H
#define NNGRAPH_TARGET_XOC_TRANSLATEREGISTRATION_H

namespace mlir {
namespace nngraph {
namespace xoc {

/// Registers --import-xoc and --export-xoc.
void registerXOCTranslations();

} // namespace xoc
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_XOC_TRANSLATEREGISTRATION_H
