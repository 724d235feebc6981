//===- NNGraphToLinalg.h - nngraph to linalg patterns -----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the patterns that lower nngraph operations to linalg on
// tensors, one populate function per operation family behind one public
// entry point.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_CONVERSION_NNGRAPHTOLINALG_NNGRAPHTOLINALG_H
#define NNGRAPH_CONVERSION_NNGRAPHTOLINALG_NNGRAPHTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace mlir {
namespace nngraph {

/// Adds every nngraph-to-linalg pattern to `patterns` and marks the
/// operations they lower illegal in `target`.
void populateNNGraphToLinalgConversionPatterns(RewritePatternSet &patterns,
                                               ConversionTarget &target);

namespace detail {
/// Constants, identities and elementwise operations (with broadcasting).
void populateElementwisePatterns(RewritePatternSet &patterns,
                                 ConversionTarget &target);
/// MatMul (batch broadcasting, 1-D operands), Gemm and Einsum.
void populateMatmulPatterns(RewritePatternSet &patterns,
                            ConversionTarget &target);
/// Conv (1-3-D, grouped, depthwise) with padding and bias; ConvTranspose.
void populateConvPatterns(RewritePatternSet &patterns,
                          ConversionTarget &target);
/// nngraph.print: a call of the runtime library's LightNet-style printer.
void populatePrintPatterns(RewritePatternSet &patterns,
                           ConversionTarget &target);
/// Reductions (axes, keepdims), softmax, log_softmax, batch, layer and
/// instance norm, argmax/argmin, topk.
void populateReductionPatterns(RewritePatternSet &patterns,
                               ConversionTarget &target);
/// MaxPool, AveragePool (pads, ceil_mode, count_include_pad), global pools.
void populatePoolingPatterns(RewritePatternSet &patterns,
                             ConversionTarget &target);
/// Reshapes, transpose, concat, split, slice, pad, tile, expand, shape,
/// nearest resize and LRN.
void populateShapePatterns(RewritePatternSet &patterns,
                           ConversionTarget &target);
/// Gather, GatherND and OneHot: data moved by run-time indices.
void populateGatherPatterns(RewritePatternSet &patterns,
                            ConversionTarget &target);
/// MXNet box_nms: sequential loops (each step depends on the ones before).
void populateDetectionPatterns(RewritePatternSet &patterns,
                               ConversionTarget &target);
/// Unsigned integers as signless ones: operations whose result depends on
/// the reading compute on zero-extended operands of twice the width, then
/// every unsigned type becomes the signless type of its width (the
/// function's signature too). Runs before the patterns, which take signless
/// integers only.
LogicalResult legalizeUnsignedIntegers(func::FuncOp func);
} // namespace detail

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_CONVERSION_NNGRAPHTOLINALG_NNGRAPHTOLINALG_H
