//===- MapLoops.cpp - top-level loop nests to GPU launches ------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-gpu-map-loops (see Passes.td): each
// top-level scf.parallel of a host function becomes a gpu.launch of one
// thread per iteration (dimensions collapsed, a 1-D grid of 1-D blocks,
// indices recovered by division and remainder), and every other top-level
// op that touches memory a launch of a single thread.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHGPUMAPLOOPSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `op` stays on the host: it touches no memory (index arithmetic,
/// constants), only makes views or reshapes of buffers, is a GPU runtime
/// op, or ends the function.
bool staysOnHost(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return true;
  if (isa<gpu::GPUDialect>(op->getDialect()))
    return true;
  if (isa<ViewLikeOpInterface, memref::CastOp, memref::CollapseShapeOp,
          memref::ExpandShapeOp, memref::ReinterpretCastOp,
          memref::ExtractStridedMetadataOp, memref::GetGlobalOp,
          memref::AssumeAlignmentOp, memref::DimOp>(op))
    return true;
  return isMemoryEffectFree(op);
}

/// An index constant.
Value index(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// A launch of `blocks` x `threads` (1-D) before `op`, with the builder
/// inside its body (before the terminator) and the thread's linear id in
/// `linear`.
gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, Value blocks,
                           Value threads, Value &linear) {
  Value one = index(b, loc, 1);
  auto launch =
      gpu::LaunchOp::create(b, loc, blocks, one, one, threads, one, one);
  Block &body = launch.getBody().front();
  b.setInsertionPointToStart(&body);
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&body);
  Value blockId = launch.getBlockIds().x;
  Value threadId = launch.getThreadIds().x;
  Value blockDim = launch.getBlockSize().x;
  Value base = arith::MulIOp::create(b, loc, blockId, blockDim);
  linear = arith::AddIOp::create(b, loc, base, threadId);
  return launch;
}

/// Runs a single-iteration-per-thread launch of `loop`: the iteration
/// space's dimensions collapsed row-major, the body guarded by the bound.
LogicalResult mapParallel(scf::ParallelOp loop, int64_t blockSize) {
  if (loop.getNumReductions() != 0)
    return loop.emitOpError(
        "with reductions cannot be mapped to GPU threads yet");
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  // Trip counts: ceil((ub - lb) / step) per dimension.
  SmallVector<Value> counts;
  Value total = index(b, loc, 1);
  for (auto [lb, ub, step] : llvm::zip_equal(
           loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    Value span = arith::SubIOp::create(b, loc, ub, lb);
    Value count = arith::CeilDivSIOp::create(b, loc, span, step);
    counts.push_back(count);
    total = arith::MulIOp::create(b, loc, total, count);
  }
  Value threads = index(b, loc, blockSize);
  Value blocks = arith::CeilDivSIOp::create(b, loc, total, threads);
  Value linear;
  createLaunch(b, loc, blocks, threads, linear);
  Value inBounds =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, linear, total);
  auto guard = scf::IfOp::create(b, loc, inBounds, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  // Row-major: the last dimension varies fastest.
  IRMapping mapping;
  Value rest = linear;
  for (int64_t d = static_cast<int64_t>(counts.size()) - 1; d >= 0; --d) {
    Value iteration = rest;
    if (d > 0) {
      iteration = arith::RemSIOp::create(b, loc, rest, counts[d]);
      rest = arith::DivSIOp::create(b, loc, rest, counts[d]);
    }
    Value scaled = arith::MulIOp::create(b, loc, iteration, loop.getStep()[d]);
    Value iv = arith::AddIOp::create(b, loc, scaled, loop.getLowerBound()[d]);
    mapping.map(loop.getInductionVars()[d], iv);
  }
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, mapping);
  loop.erase();
  return success();
}

/// Moves `op` into a launch of one thread. When `op` defines values (the
/// count of a sequential selection, read by the next loop's bound), the
/// launch takes every top-level op up to the last user of those values,
/// transitively, so that the values never reach the host; device
/// allocations among them move before the launch, deallocations after it.
LogicalResult mapSequential(Operation *op) {
  Block *block = op->getBlock();
  Operation *last = op;
  SmallVector<Operation *> group;
  for (Operation *it = op;; it = it->getNextNode()) {
    group.push_back(it);
    // Allocations move out of the group: their users do not extend it.
    if (isa<gpu::AllocOp>(it)) {
      if (it == last)
        break;
      continue;
    }
    for (Value result : it->getResults())
      for (Operation *user : result.getUsers()) {
        Operation *top = block->findAncestorOpInBlock(*user);
        if (top && last->isBeforeInBlock(top))
          last = top;
      }
    if (it == last)
      break;
  }
  for (Operation *member : group)
    if (member->hasTrait<OpTrait::IsTerminator>() ||
        isa<gpu::MemcpyOp, gpu::MemsetOp, gpu::LaunchOp>(member))
      return op->emitOpError()
             << "defines values that the host would read (through "
             << member->getName()
             << "); nngraph-gpu-pipeline cannot run it on the device";
  OpBuilder b(op);
  Location loc = op->getLoc();
  SmallVector<Operation *> moved;
  for (Operation *member : group) {
    if (isa<gpu::AllocOp>(member))
      member->moveBefore(op);
    else if (!isa<gpu::DeallocOp>(member))
      moved.push_back(member);
  }
  b.setInsertionPoint(op);
  Value one = index(b, loc, 1);
  Value linear;
  gpu::LaunchOp launch = createLaunch(b, loc, one, one, linear);
  for (Operation *member : moved)
    member->moveBefore(launch.getBody().front().getTerminator());
  // Deallocations in the group stay after the launch, in order.
  for (Operation *member : group)
    if (isa<gpu::DeallocOp>(member))
      member->moveAfter(launch);
  return success();
}

struct MapLoops : nngraph::impl::NNGraphGPUMapLoopsPassBase<MapLoops> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1 || blockSize > 1024) {
      getOperation().emitError()
          << "nngraph-gpu-map-loops: block-size must be in 1..1024, got "
          << blockSize;
      return signalPassFailure();
    }
    bool ok = true;
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      for (Block &block : fn.getBody()) {
        // A sequential op takes its results' users along: visit a list,
        // skipping what an earlier launch took.
        SmallVector<Operation *> ops;
        for (Operation &op : block)
          ops.push_back(&op);
        for (Operation *op : ops) {
          if (op->getBlock() != &block || staysOnHost(op))
            continue;
          if (auto loop = dyn_cast<scf::ParallelOp>(op))
            ok &= succeeded(mapParallel(loop, blockSize));
          else
            ok &= succeeded(mapSequential(op));
        }
      }
    }
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
