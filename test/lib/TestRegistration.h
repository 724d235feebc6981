//===- TestRegistration.h - test-only passes and translations ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the registration of what exists only for the lit tests:
// the --test-nngraph-op-properties pass and the --test-graph-summary and
// --test-graph-abi translations. They live in NNGraphTestLib (test/lib), which
// nngraph-opt and nngraph-translate link and the production libraries, the
// runner and the Python package do not (as upstream's mlir/test/lib).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_TEST_LIB_TESTREGISTRATION_H
#define NNGRAPH_TEST_LIB_TESTREGISTRATION_H

namespace mlir {
namespace nngraph {
namespace test {

/// --test-nngraph-op-properties: NNGraphOpInterface answers as attributes.
void registerTestOpPropertiesPass();

/// --test-graph-summary: sources, operations, edges, shapes and names of a
/// graph, one per line, for comparing format conversions.
void registerGraphSummaryTranslation();

/// --test-graph-abi: a graph's inputs, outputs and dtypes as the graph ABI
/// readers see them.
void registerTestGraphABITranslation();

/// Every test-only pass.
inline void registerTestPasses() { registerTestOpPropertiesPass(); }

/// Every test-only translation.
inline void registerTestTranslations() {
  registerGraphSummaryTranslation();
  registerTestGraphABITranslation();
}

} // namespace test
} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_TEST_LIB_TESTREGISTRATION_H
