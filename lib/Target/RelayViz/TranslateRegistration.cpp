//===- TranslateRegistration.cpp - RelayViz translations ----------*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file registers the RelayViz translations with mlir-translate.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/RelayViz/TranslateRegistration.h"

void mlir::nngraph::relayviz::registerRelayVizTranslations() {}
