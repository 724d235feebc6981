//===- TranslateRegistration.cpp - LightNet translations ----------*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers the LightNet translations with mlir-translate.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/LightNet/TranslateRegistration.h"

void mlir::nngraph::lightnet::registerLightNetTranslations() {}
