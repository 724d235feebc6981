//===- Passes.h - nngraph code generation passes ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the code generation passes of nngraph-cpu-pipeline
// (linalg and vector level).
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_CODEGEN_PASSES_H
#define NNGRAPH_CODEGEN_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace nngraph {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "nngraph/Codegen/Passes.h.inc"

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_CODEGEN_PASSES_H
