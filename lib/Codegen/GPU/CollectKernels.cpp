//===- CollectKernels.cpp - one gpu.module for a graph's kernels ----------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-gpu-collect-kernels (see Passes.td): the
// kernels that gpu-kernel-outlining put in a module each move into the
// first module, named after the module they came from.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHGPUCOLLECTKERNELSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

struct CollectKernels
    : nngraph::impl::NNGraphGPUCollectKernelsPassBase<CollectKernels> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> modules(module.getOps<gpu::GPUModuleOp>());
    if (modules.size() < 2)
      return;
    gpu::GPUModuleOp first = modules.front();
    // Each moved kernel: (module name, kernel name) -> new kernel name.
    DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    SymbolTable firstTable(first);
    for (gpu::GPUModuleOp other : llvm::drop_begin(modules)) {
      if (other.getTargetsAttr() != first.getTargetsAttr() ||
          other->getDiscardableAttrDictionary() !=
              first->getDiscardableAttrDictionary())
        continue;
      auto funcs = llvm::to_vector(other.getOps<gpu::GPUFuncOp>());
      // Only modules that hold kernels and nothing else move.
      if (funcs.empty() || !llvm::all_of(other.getBody()->without_terminator(),
                                         llvm::IsaPred<gpu::GPUFuncOp>))
        continue;
      for (gpu::GPUFuncOp fn : funcs) {
        StringAttr oldName = fn.getNameAttr();
        std::string base = other.getName().str();
        if (funcs.size() > 1)
          base += "_" + oldName.str();
        fn->remove();
        fn.setName(base);
        StringAttr newName = firstTable.insert(fn);
        renamed[{other.getNameAttr(), oldName}] = newName;
      }
      other.erase();
    }
    // The first module's own kernel keeps its name; the launches of the
    // moved ones point at the first module.
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto it =
          renamed.find({launch.getKernelModuleName(), launch.getKernelName()});
      if (it == renamed.end())
        return;
      launch.setKernelAttr(SymbolRefAttr::get(
          first.getNameAttr(), {FlatSymbolRefAttr::get(it->second)}));
    });
  }
};

} // namespace
