//===- ExportSupport.cpp - helpers shared by the exporters ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the helpers declared in ExportSupport.h.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/Common/ExportSupport.h"

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::nngraph;

std::optional<std::vector<char>> nngraph::getRawData(ElementsAttr value) {
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    ArrayRef<char> data = blob->getData();
    return std::vector<char>(data.begin(), data.end());
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return std::nullopt;
  Type element = dense.getElementType();
  int64_t count = dense.getNumElements();
  std::vector<char> bytes;
  if (element.isInteger(1)) {
    for (bool b : dense.getValues<bool>())
      bytes.push_back(b ? 1 : 0);
    return bytes;
  }
  if (!element.isIntOrFloat())
    return std::nullopt;
  unsigned width = element.getIntOrFloatBitWidth() / 8;
  ArrayRef<char> raw = dense.getRawData();
  if (dense.isSplat()) {
    for (int64_t i = 0; i < count; ++i)
      bytes.insert(bytes.end(), raw.begin(), raw.begin() + width);
    return bytes;
  }
  return std::vector<char>(raw.begin(), raw.end());
}

void nngraph::insertGraphDialects(DialectRegistry &registry) {
  registry.insert<NNGraphDialect, arith::ArithDialect, func::FuncDialect,
                  scf::SCFDialect, tensor::TensorDialect>();
}

void nngraph::warnUnwrittenAttributes(func::FuncOp func, StringRef format,
                                      ArrayRef<StringRef> written) {
  llvm::MapVector<StringRef, std::pair<unsigned, std::string>> unwritten;
  func.walk([&](Operation *op) {
    if (op == func)
      return;
    for (NamedAttribute attr : op->getDiscardableAttrs()) {
      if (llvm::is_contained(written, attr.getName().strref()))
        continue;
      auto &entry = unwritten[attr.getName().strref()];
      if (entry.first++ == 0)
        entry.second = getLocName(op->getLoc());
    }
  });
  for (auto &[name, entry] : unwritten)
    emitWarning(func.getLoc())
        << format << ": attribute '" << name << "' of " << entry.first
        << (entry.first == 1 ? " operation" : " operations")
        << " (first: node '" << entry.second << "') is not written: " << format
        << " has no place for it";
}
