//===- GraphABI.cpp - the graph ABI of the nngraph dialect ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the readers and writers of the graph ABI declared in
// GraphABI.h on top of the attribute helpers that the dialect's ODS
// generates.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::nngraph;

using ABI = NNGraphDialect;

NNGraphDialect &nngraph::getGraphABI(MLIRContext *context) {
  return *context->getOrLoadDialect<NNGraphDialect>();
}

bool nngraph::isGraphABIAttrName(StringRef name) {
  return name.starts_with(NNGraphDialect::getDialectNamespace()) &&
         name.drop_front(NNGraphDialect::getDialectNamespace().size())
             .starts_with(".");
}

/// Argument attribute `Helper` of type `AttrT` on argument `index`, or null.
template <typename Helper, typename AttrT>
static AttrT getArgAttr(func::FuncOp func, unsigned index) {
  return func.getArgAttrOfType<AttrT>(index, Helper::getNameStr());
}

template <typename Helper>
static std::optional<int64_t> getIntArgAttr(func::FuncOp func, unsigned index) {
  if (auto attr = getArgAttr<Helper, IntegerAttr>(func, index))
    return attr.getInt();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The graph function
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Graph inputs
//===----------------------------------------------------------------------===//

std::string nngraph::getInputName(func::FuncOp func, unsigned index) {
  if (auto name = getArgAttr<ABI::NameAttrHelper, StringAttr>(func, index))
    return name.str();
  std::string name = getLocName(func.getArgument(index).getLoc());
  return name.empty() ? "arg" + std::to_string(index) : name;
}

void nngraph::setInputName(func::FuncOp func, unsigned index, StringRef name) {
  func.setArgAttr(index, ABI::NameAttrHelper::getNameStr(),
                  StringAttr::get(func.getContext(), name));
}

StringRef nngraph::getInputRole(func::FuncOp func, unsigned index) {
  if (auto role = getArgAttr<ABI::RoleAttrHelper, StringAttr>(func, index))
    return role.getValue();
  return "";
}

void nngraph::setInputRole(func::FuncOp func, unsigned index, StringRef role) {
  func.setArgAttr(index, ABI::RoleAttrHelper::getNameStr(),
                  StringAttr::get(func.getContext(), role));
}

bool nngraph::isWeight(func::FuncOp func, unsigned index) {
  return getInputRole(func, index) == kRoleWeight;
}

NamedAttribute nngraph::getInputRoleAttr(MLIRContext *context, StringRef role) {
  return NamedAttribute(getGraphABI(context).getRoleAttrHelper().getName(),
                        StringAttr::get(context, role));
}

std::optional<int64_t> nngraph::getInputStorageId(func::FuncOp func,
                                                  unsigned index) {
  return getIntArgAttr<ABI::StorageIdAttrHelper>(func, index);
}

std::optional<int64_t> nngraph::getInputDeviceIndex(func::FuncOp func,
                                                    unsigned index) {
  return getIntArgAttr<ABI::DeviceIndexAttrHelper>(func, index);
}

DictionaryAttr nngraph::getInputMetadata(func::FuncOp func, unsigned index) {
  return getArgAttr<ABI::MetadataAttrHelper, DictionaryAttr>(func, index);
}

StringAttr nngraph::getInputLightNetOp(func::FuncOp func, unsigned index) {
  return getArgAttr<ABI::LightnetOpAttrHelper, StringAttr>(func, index);
}

ArrayAttr nngraph::getInputLightNetParams(func::FuncOp func, unsigned index) {
  return getArgAttr<ABI::LightnetParamsAttrHelper, ArrayAttr>(func, index);
}

//===----------------------------------------------------------------------===//
// Graph outputs
//===----------------------------------------------------------------------===//

ArrayAttr nngraph::getOutputNamesAttr(func::FuncOp func) {
  return func->getAttrOfType<ArrayAttr>(
      ABI::OutputNamesAttrHelper::getNameStr());
}

void nngraph::setOutputNames(func::FuncOp func, ArrayAttr names) {
  func->setAttr(ABI::OutputNamesAttrHelper::getNameStr(), names);
}

std::string nngraph::getOutputName(func::FuncOp func, unsigned index) {
  if (ArrayAttr names = getOutputNamesAttr(func))
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

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

StringRef nngraph::getSourceFormat(ModuleOp module) {
  if (auto format = module->getAttrOfType<StringAttr>(
          ABI::SourceFormatAttrHelper::getNameStr()))
    return format.getValue();
  return "";
}

void nngraph::setSourceFormat(ModuleOp module, StringRef format) {
  module->setAttr(ABI::SourceFormatAttrHelper::getNameStr(),
                  StringAttr::get(module.getContext(), format));
}

std::optional<int64_t> nngraph::getMXNetVersion(ModuleOp module) {
  if (auto version = module->getAttrOfType<IntegerAttr>(
          ABI::MxnetVersionAttrHelper::getNameStr()))
    return version.getInt();
  return std::nullopt;
}

void nngraph::setMXNetVersion(ModuleOp module, int64_t version) {
  module->setAttr(ABI::MxnetVersionAttrHelper::getNameStr(),
                  Builder(module.getContext()).getI64IntegerAttr(version));
}
