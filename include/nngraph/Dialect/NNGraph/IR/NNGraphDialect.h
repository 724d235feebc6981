//===- NNGraphDialect.h - nngraph dialect -----------------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the nngraph dialect and its enumerated attributes.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHDIALECT_H
#define NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHDIALECT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
// The discardable attribute helpers (discardableAttrs) read operations.
#include "mlir/IR/Operation.h"

#include "nngraph/Dialect/NNGraph/IR/NNGraphOpsDialect.h.inc"

#include "nngraph/Dialect/NNGraph/IR/NNGraphEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "nngraph/Dialect/NNGraph/IR/NNGraphAttrs.h.inc"

#endif // NNGRAPH_DIALECT_NNGRAPH_IR_NNGRAPHDIALECT_H
