//===- TranslateRegistration.cpp - XOC translations ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers the XOC translations with mlir-translate.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/XOC/TranslateRegistration.h"

void mlir::nngraph::xoc::registerXOCTranslations() {}
