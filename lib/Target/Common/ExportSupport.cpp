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
#include "nngraph/Target/Common/GraphBuilder.h"

#include "nngraph/Dialect/NNGraph/IR/NNGraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::nngraph;

func::FuncOp nngraph::getGraphFunction(ModuleOp module, StringRef format) {
  if (auto main = module.lookupSymbol<func::FuncOp>("main"))
    return main;
  auto funcs = module.getOps<func::FuncOp>();
  if (!funcs.empty() && std::next(funcs.begin()) == funcs.end())
    return *funcs.begin();
  emitError(module.getLoc())
      << format << ": expected a function named 'main' or exactly one function";
  return nullptr;
}

std::string nngraph::getLocName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string n = getLocName(inner); !n.empty())
        return n;
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return getLocName(call.getCallee());
  return "";
}

std::string nngraph::getInputName(func::FuncOp func, unsigned index) {
  if (auto name = func.getArgAttrOfType<StringAttr>(index, kArgNameAttr))
    return name.str();
  std::string name = getLocName(func.getArgument(index).getLoc());
  return name.empty() ? "arg" + std::to_string(index) : name;
}

std::string nngraph::getOutputName(func::FuncOp func, unsigned index) {
  if (auto names = func->getAttrOfType<ArrayAttr>(kResultNamesAttr))
    if (index < names.size())
      if (auto name = dyn_cast<StringAttr>(names[index]))
        return name.str();
  Operation *ret = func.getBody().front().getTerminator();
  if (index < ret->getNumOperands()) {
    Value v = ret->getOperand(index);
    std::string name = getLocName(v.getLoc());
    if (!name.empty())
      return name;
  }
  return "output" + std::to_string(index);
}

std::string nngraph::getDTypeName(Type type) {
  if (type.isF32())
    return "float32";
  if (type.isF64())
    return "float64";
  if (type.isF16())
    return "float16";
  if (type.isBF16())
    return "bfloat16";
  if (type.isInteger(1))
    return "bool";
  if (type.isUnsignedInteger(8))
    return "uint8";
  if (type.isInteger(8))
    return "int8";
  if (type.isInteger(16))
    return "int16";
  if (type.isInteger(32))
    return "int32";
  if (type.isInteger(64))
    return "int64";
  return "";
}

Type nngraph::getDTypeElementType(MLIRContext *context, StringRef name) {
  Builder b(context);
  return llvm::StringSwitch<Type>(name)
      .Case("float32", b.getF32Type())
      .Case("float64", b.getF64Type())
      .Case("float16", b.getF16Type())
      .Case("bfloat16", b.getBF16Type())
      .Case("bool", b.getI1Type())
      .Case("uint8", b.getIntegerType(8, /*isSigned=*/false))
      .Case("int8", b.getIntegerType(8))
      .Case("int16", b.getIntegerType(16))
      .Case("int32", b.getI32Type())
      .Case("int64", b.getI64Type())
      .Default(nullptr);
}

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
