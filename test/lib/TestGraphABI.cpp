//===- TestGraphABI.cpp - print a graph through the graph ABI ---*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements --test-graph-abi, which prints what the graph ABI
// readers (GraphABI.h) and the dtype table (DTypes.h) make of a module: its
// source format, each graph input with its name, role and TVM storage plan,
// each output name, and every spelling of each element type. The lit tests
// of the ABI run it on imported graphs and on hand-written modules.
//
//===----------------------------------------------------------------------===//

#include "TestRegistration.h"
#include "nngraph/Dialect/NNGraph/Utils/DTypes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;
using namespace mlir::nngraph;

/// "float32 <f4 onnx=1 mxnet=0 lightnet=TL_FLOAT", with "-" for no spelling;
/// "none" when the type has no row. Checks that each spelling leads back.
static std::string describeDType(Type type) {
  Type element = getElementTypeOrSelf(type);
  const DTypeInfo *d = lookupDType(element);
  if (!d)
    return "none";
  auto orDash = [](StringRef s) {
    return s.empty() ? std::string("-") : s.str();
  };
  std::string s = d->name.str() + " " + orDash(d->numpy) +
                  " onnx=" + std::to_string(d->onnx) +
                  " mxnet=" + std::to_string(d->mxnet) +
                  " dlpack=" + std::to_string(d->dlCode) + ":" +
                  std::to_string(d->dlBits) +
                  " lightnet=" + orDash(d->lightnet) +
                  " bytes=" + std::to_string(d->getByteSize());
  bool back = getDTypeElementType(element.getContext(), d->name) ==
                  d->getType(element.getContext()) &&
              lookupDTypeByONNX(d->onnx) == d &&
              lookupDTypeByMXNet(d->mxnet) == d &&
              lookupDTypeByDLPack(d->dlCode, d->dlBits) == d &&
              (d->numpy.empty() || lookupDTypeByNumPy(d->numpy) == d) &&
              (d->lightnet.empty() || lookupDTypeByLightNet(d->lightnet) == d);
  return back ? s : s + " (does not read back)";
}

static LogicalResult printABI(ModuleOp module, raw_ostream &os) {
  func::FuncOp func = getGraphFunction(module, "abi");
  if (!func)
    return failure();
  StringRef format = getSourceFormat(module);
  os << "source_format " << (format.empty() ? "-" : format) << "\n";
  if (std::optional<int64_t> version = getMXNetVersion(module))
    os << "mxnet_version " << *version << "\n";
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    StringRef role = getInputRole(func, i);
    os << "input " << i << " '" << getInputName(func, i)
       << "' role=" << (role.empty() ? "-" : role)
       << " weight=" << isWeight(func, i);
    if (std::optional<int64_t> id = getInputStorageId(func, i))
      os << " storage_id=" << *id;
    if (std::optional<int64_t> device = getInputDeviceIndex(func, i))
      os << " device_index=" << *device;
    if (getInputMetadata(func, i))
      os << " metadata";
    if (StringAttr op = getInputLightNetOp(func, i))
      os << " lightnet_op=" << op.getValue();
    if (getInputLightNetParams(func, i))
      os << " lightnet_params";
    os << " : " << describeDType(func.getArgument(i).getType()) << "\n";
  }
  for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
    os << "output " << i << " '" << getOutputName(func, i)
       << "' : " << describeDType(func.getResultTypes()[i]) << "\n";
  // Operations carrying ABI attributes, by attribute name.
  func.walk([&](Operation *op) {
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (op != func && isGraphABIAttrName(attr.getName()))
        os << "op '" << getLocName(op->getLoc()) << "' "
           << attr.getName().getValue() << "\n";
  });
  return success();
}

void mlir::nngraph::test::registerTestGraphABITranslation() {
  TranslateFromMLIRRegistration abi(
      "test-graph-abi",
      "Print a graph's inputs, outputs and dtypes as the graph ABI reads them",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("abi: expected a module");
        return printABI(module, os);
      },
      [](DialectRegistry &registry) { insertGraphDialects(registry); });
}
