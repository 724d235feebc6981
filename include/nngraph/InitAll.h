//===- InitAll.h - register everything nngraph uses -------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the registration entry points that the nngraph tools call
// instead of relying on static registration globals.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_INITALL_H
#define NNGRAPH_INITALL_H

namespace mlir {
class DialectRegistry;

namespace nngraph {

/// Adds the nngraph dialect and every upstream dialect the project's passes
/// and pipelines produce or consume.
void registerAllDialects(DialectRegistry &registry);

/// Registers the nngraph passes and the upstream passes the tools expose.
void registerAllPasses();

/// Registers every import and export translation of nngraph-translate.
void registerAllTranslations();

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_INITALL_H
