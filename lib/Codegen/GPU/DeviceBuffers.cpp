//===- DeviceBuffers.cpp - a graph's buffers in GPU memory ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-gpu-device-buffers (see Passes.td): the
// top-level allocations of a bufferized host function become gpu.alloc,
// constant globals are copied to device buffers where they are read, and
// memref.copy becomes linalg.copy so that it turns into a kernel.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHGPUDEVICEBUFFERSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// A device buffer of `type`, allocated before `op` (synchronous: the
/// async chain is made by gpu-async-region).
Value allocateOnDevice(OpBuilder &b, Location loc, MemRefType type,
                       ValueRange dynamicSizes, ValueRange symbols) {
  return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/ValueRange(), dynamicSizes,
                              symbols, /*hostShared=*/false)
      .getMemref();
}

void freeOnDevice(OpBuilder &b, Location loc, Value buffer) {
  gpu::DeallocOp::create(b, loc, /*asyncToken=*/Type(),
                         /*asyncDependencies=*/ValueRange(), buffer);
}

struct DeviceBuffers
    : nngraph::impl::NNGraphGPUDeviceBuffersPassBase<DeviceBuffers> {
  using Base::Base;

  LogicalResult runOnFunction(func::FuncOp fn) {
    if (fn.isExternal())
      return success();
    IRRewriter rewriter(fn.getContext());
    Block &body = fn.getBody().front();
    // Buffers freed before each return: allocas and the global copies.
    SmallVector<Value> freeAtReturn;
    bool ok = true;
    fn.walk([&](Operation *op) {
      Location loc = op->getLoc();
      rewriter.setInsertionPoint(op);
      if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                    copy.getTarget());
        return;
      }
      if (auto call = dyn_cast<func::CallOp>(op)) {
        if (llvm::any_of(call.getOperandTypes(), llvm::IsaPred<MemRefType>)) {
          call.emitOpError()
              << "passes a buffer to @" << call.getCallee()
              << ", which would read GPU memory on the host: calls are not "
                 "supported by nngraph-gpu-pipeline";
          ok = false;
        }
        return;
      }
      if (op->getBlock() != &body)
        return;
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        Value buffer = allocateOnDevice(rewriter, loc, alloc.getType(),
                                        alloc.getDynamicSizes(),
                                        alloc.getSymbolOperands());
        rewriter.replaceOp(alloc, buffer);
      } else if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
        Value buffer = allocateOnDevice(rewriter, loc, alloca.getType(),
                                        alloca.getDynamicSizes(),
                                        alloca.getSymbolOperands());
        rewriter.replaceOp(alloca, buffer);
        freeAtReturn.push_back(buffer);
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        freeOnDevice(rewriter, loc, dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      } else if (auto clone = dyn_cast<bufferization::CloneOp>(op)) {
        // A copy into a new buffer (the deallocation's ownership copies),
        // made by a kernel like every other copy; freed by its dealloc.
        auto type = cast<MemRefType>(clone.getType());
        if (!type.hasStaticShape() || !type.getLayout().isIdentity()) {
          clone.emitOpError(
              "of a buffer of dynamic shape or strided layout is not "
              "supported by nngraph-gpu-pipeline");
          ok = false;
          return;
        }
        Value buffer = allocateOnDevice(rewriter, loc, type, {}, {});
        linalg::CopyOp::create(rewriter, loc, clone.getInput(), buffer);
        rewriter.replaceOp(clone, buffer);
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        auto type = cast<MemRefType>(global.getType());
        rewriter.setInsertionPointAfter(global);
        Value buffer = allocateOnDevice(rewriter, loc, type, {}, {});
        rewriter.replaceAllUsesExcept(global, buffer, {});
        gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/ValueRange(), buffer,
                              global);
        freeAtReturn.push_back(buffer);
      }
    });
    if (!freeAtReturn.empty())
      fn.walk([&](func::ReturnOp ret) {
        rewriter.setInsertionPoint(ret);
        for (Value buffer : freeAtReturn)
          freeOnDevice(rewriter, ret.getLoc(), buffer);
      });
    return success(ok);
  }

  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>())
      if (failed(runOnFunction(fn)))
        signalPassFailure();
  }
};

} // namespace
