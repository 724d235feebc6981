//===- ProfileLayers.cpp - outline and time each layer ----------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the nngraph-profile-layers pass, the graph half of
// per-layer profiling: it lists the layers of each public function (node
// name and operation, in graph order) on the module and names the layers
// that have no node name; nngraph-profile-kernels times the kernels that
// the CPU pipeline makes of them and labels each with its layers.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Dialect/NNGraph/Transforms/ProfileLayers.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h"
#include "nngraph/Dialect/NNGraph/Utils/GraphABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHPROFILELAYERSPASS
#include "nngraph/Dialect/NNGraph/Transforms/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

std::vector<ProfiledLayer> nngraph::getProfiledLayers(ModuleOp module) {
  std::vector<ProfiledLayer> layers;
  auto table = module->getAttrOfType<ArrayAttr>(kProfileLayersAttr);
  if (!table)
    return layers;
  for (Attribute entry : table) {
    auto dict = dyn_cast<DictionaryAttr>(entry);
    auto name = dict ? dict.getAs<StringAttr>("name") : nullptr;
    auto op = dict ? dict.getAs<StringAttr>("op") : nullptr;
    layers.push_back({name ? name.str() : "", op ? op.str() : ""});
  }
  return layers;
}

void nngraph::removeProfiledLayers(ModuleOp module) {
  module->removeAttr(kProfileLayersAttr);
}

/// Whether `op` is a layer the pass times: an nngraph operation with
/// results that is neither a constant nor shape-only.
static bool isTimedLayer(Operation *op) {
  if (!isa<NNGraphDialect>(op->getDialect()) || op->getNumResults() == 0 ||
      op->getNumRegions() != 0 || op->hasTrait<OpTrait::ConstantLike>())
    return false;
  auto iface = dyn_cast<NNGraphOpInterface>(op);
  return !iface || !iface.isShapeOnly();
}

namespace {
struct NNGraphProfileLayersPass
    : public nngraph::impl::NNGraphProfileLayersPassBase<
          NNGraphProfileLayersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (module->hasAttr(kProfileOpsAttr) ||
        module->hasAttr(kProfileLayersAttr)) {
      module.emitError() << "nngraph-profile-layers: the module is already "
                            "instrumented";
      return signalPassFailure();
    }
    MLIRContext *context = module.getContext();
    Builder b(context);
    SmallVector<Attribute> layers;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isDeclaration() || !func.isPublic())
        continue;
      for (Operation &layer : func.getBody().getOps()) {
        Operation *op = &layer;
        if (!isTimedLayer(op))
          continue;
        std::string name = getLocName(op->getLoc());
        if (name.empty()) {
          // Named by its position, so that the kernels made of it say so.
          name = "layer" + std::to_string(layers.size());
          op->setLoc(NameLoc::get(b.getStringAttr(name), op->getLoc()));
        }
        layers.push_back(b.getDictionaryAttr(
            {b.getNamedAttr("name", b.getStringAttr(name)),
             b.getNamedAttr("op",
                            b.getStringAttr(op->getName().getStringRef()))}));
      }
    }
    numLayers += layers.size();
    module->setAttr(kProfileOpsAttr, ArrayAttr::get(context, layers));
  }
};
} // namespace
