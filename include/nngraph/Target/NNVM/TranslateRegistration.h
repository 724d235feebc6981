//===- TranslateRegistration.h - NNVM family translations -------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the registration of the NNVM family translations.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TARGET_NNVM_TRANSLATEREGISTRATION_H
#define NNGRAPH_TARGET_NNVM_TRANSLATEREGISTRATION_H

namespace mlir {
namespace nngraph {
namespace nnvm {

/// Registers --import-nnvm and its options.
void registerNNVMTranslations();
/// Registers the test translations of the .params codec.
void registerNNVMParamsTestTranslations();

} // namespace nnvm
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TARGET_NNVM_TRANSLATEREGISTRATION_H
