//===- PlanBuffers.cpp - intermediates at planned arena offsets -*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-plan-buffers: the statically shaped buffers
// that a function allocates in its body block (after bufferization, the
// graph's intermediates: activations, padded inputs) become views into one
// arena at byte offsets planned here from their live ranges, so that a
// call of the function allocates nothing (the arena is an argument) or one
// buffer (the arena itself) instead of one per intermediate, and buffers
// whose lifetimes do not overlap share memory. The offsets come from the
// "greedy by size" planner of TFLite and ONNX Runtime: largest buffer
// first, each into the best-fitting gap left by the buffers already placed
// whose live ranges overlap its own.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/BufferPlan.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHPLANBUFFERSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;
using namespace mlir::nngraph;

namespace {

/// A buffer to place: its alloc, size in bytes, live range (positions of
/// top-level ops in the function's block, both ends included), the
/// deallocs to drop, and its offset once placed.
struct Buffer {
  memref::AllocOp alloc;
  int64_t bytes = 0;
  int64_t start = 0, end = 0;
  SmallVector<Operation *> deallocs;
  int64_t offset = -1;

  bool overlaps(const Buffer &other) const {
    return start <= other.end && other.start <= end;
  }
};

/// The bytes of a buffer of `type` when the pass can place it: a static
/// shape of at least one element, identity layout, default memory space
/// and an integer or float element type of whole bytes.
std::optional<int64_t> getPlannableBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      type.getMemorySpace() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (bits % 8 != 0 || type.getNumElements() == 0)
    return std::nullopt;
  return type.getNumElements() * int64_t(bits / 8);
}

/// Sets the live range of `buffer` in `body`: from the first top-level op
/// that accesses it or an alias of it (views do not: a concat's buffer is
/// allocated, and sliced, first in the function) to the last one that
/// uses it. Aliases are, conservatively,
/// every memref result of an op that uses the buffer or an alias (a view,
/// subview, cast, reshape, a loop that carries it, or anything else), and
/// of the op whose region yields one (a loop that returns it). Fails when
/// an alias escapes the function (returned) or is freed other than by
/// memref.dealloc.
LogicalResult setLiveRange(Buffer &buffer, Block &body,
                           const DenseMap<Operation *, int64_t> &position) {
  int64_t allocated = position.lookup(buffer.alloc);
  buffer.start = std::numeric_limits<int64_t>::max();
  buffer.end = allocated;
  SmallVector<Value> worklist{buffer.alloc.getResult()};
  DenseSet<Value> seen{buffer.alloc.getResult()};
  auto addAliases = [&](Operation *op) {
    for (Value result : op->getResults())
      if (isa<BaseMemRefType>(result.getType()) && seen.insert(result).second)
        worklist.push_back(result);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<memref::DeallocOp>(user)) {
        buffer.deallocs.push_back(user);
        continue;
      }
      if (isa<bufferization::DeallocOp>(user) ||
          (user->getBlock() == &body && user->hasTrait<OpTrait::ReturnLike>()))
        return failure();
      Operation *top = body.findAncestorOpInBlock(*user);
      if (!top)
        return failure();
      buffer.end = std::max(buffer.end, position.lookup(top));
      if (!isa<ViewLikeOpInterface>(user))
        buffer.start = std::min(buffer.start, position.lookup(top));
      addAliases(user);
      // A value yielded from a region may come out as a result of the op
      // that holds the region (a loop carrying the buffer).
      if (user != top && user->hasTrait<OpTrait::IsTerminator>())
        addAliases(user->getParentOp());
    }
  }
  if (buffer.start > buffer.end)
    buffer.start = allocated;
  return success();
}

/// `bytes` rounded up to the arena's alignment.
int64_t alignUp(int64_t bytes) {
  return int64_t(llvm::alignTo(uint64_t(bytes), uint64_t(kArenaAlignment)));
}

/// Places each buffer at a 64-byte aligned offset where it shares no byte
/// with a buffer whose live range overlaps its own: largest first, into
/// the smallest gap that fits it between the overlapping buffers already
/// placed, else after the last of them. Returns the arena's size.
int64_t placeBuffers(MutableArrayRef<Buffer> buffers) {
  SmallVector<Buffer *> order;
  for (Buffer &buffer : buffers)
    order.push_back(&buffer);
  llvm::stable_sort(order, [](const Buffer *a, const Buffer *b) {
    return a->bytes > b->bytes;
  });
  SmallVector<Buffer *> placed;
  int64_t arena = 0;
  for (Buffer *buffer : order) {
    SmallVector<Buffer *> live;
    for (Buffer *other : placed)
      if (other->overlaps(*buffer))
        live.push_back(other);
    llvm::sort(live, [](const Buffer *a, const Buffer *b) {
      return a->offset < b->offset;
    });
    int64_t best = -1, bestGap = 0, gapStart = 0;
    for (Buffer *other : live) {
      int64_t gap = other->offset - gapStart;
      if (gap >= buffer->bytes && (best < 0 || gap < bestGap)) {
        best = gapStart;
        bestGap = gap;
      }
      gapStart = std::max(gapStart, alignUp(other->offset + other->bytes));
    }
    buffer->offset = best >= 0 ? best : gapStart;
    arena = std::max(arena, buffer->offset + buffer->bytes);
    placed.push_back(buffer);
  }
  return alignUp(arena);
}

/// The top-level allocs of `func` that can be placed, with live ranges.
SmallVector<Buffer> collectBuffers(func::FuncOp func) {
  Block &body = func.getBody().front();
  DenseMap<Operation *, int64_t> position;
  for (auto [i, op] : llvm::enumerate(body))
    position[&op] = i;
  SmallVector<Buffer> buffers;
  for (auto alloc : body.getOps<memref::AllocOp>()) {
    std::optional<int64_t> bytes = getPlannableBytes(alloc.getType());
    std::optional<uint64_t> alignment = alloc.getAlignment();
    if (!bytes || !alloc.getDynamicSizes().empty() ||
        !alloc.getSymbolOperands().empty() ||
        (alignment && *alignment > uint64_t(kArenaAlignment)))
      continue;
    Buffer buffer;
    buffer.alloc = alloc;
    buffer.bytes = *bytes;
    if (succeeded(setLiveRange(buffer, body, position)))
      buffers.push_back(std::move(buffer));
  }
  return buffers;
}

struct PlanBuffersPass
    : public nngraph::impl::NNGraphPlanBuffersPassBase<PlanBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Functions that something in the module calls keep their signature.
    DenseSet<StringAttr> called;
    module.walk([&](CallOpInterface call) {
      if (auto callee = dyn_cast<SymbolRefAttr>(call.getCallableForCallee()))
        called.insert(callee.getRootReference());
    });
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.getBody().hasOneBlock())
        continue;
      bool argument = arenaArgument && func.isPublic() &&
                      !called.contains(func.getSymNameAttr());
      planFunction(func, argument);
    }
  }

  /// Places the buffers of `func` in an arena: its new last argument when
  /// `argument`, else allocated at its entry.
  void planFunction(func::FuncOp func, bool argument) {
    SmallVector<Buffer> buffers = collectBuffers(func);
    if (buffers.empty())
      return;
    int64_t size = placeBuffers(buffers);
    Block &body = func.getBody().front();
    auto arenaType =
        MemRefType::get({size}, IntegerType::get(func.getContext(), 8));
    OpBuilder b = OpBuilder::atBlockBegin(&body);
    Value arena;
    if (argument) {
      if (failed(func.insertArgument(func.getNumArguments(), arenaType, {},
                                     func.getLoc())))
        return signalPassFailure();
      func->setAttr(kArenaSizeAttrName, b.getI64IntegerAttr(size));
      arena = body.getArguments().back();
    } else {
      arena = memref::AllocOp::create(b, func.getLoc(), arenaType,
                                      b.getI64IntegerAttr(kArenaAlignment));
    }
    // An op may free an alias of two buffers (a select of both): erase once.
    llvm::SetVector<Operation *> deallocs;
    for (Buffer &buffer : buffers) {
      b.setInsertionPoint(buffer.alloc);
      Location loc = buffer.alloc.getLoc();
      Value offset = arith::ConstantIndexOp::create(b, loc, buffer.offset);
      Value view = memref::ViewOp::create(b, loc, buffer.alloc.getType(), arena,
                                          offset, ValueRange{});
      buffer.alloc.replaceAllUsesWith(view);
      buffer.alloc.erase();
      deallocs.insert(buffer.deallocs.begin(), buffer.deallocs.end());
    }
    for (Operation *dealloc : deallocs)
      dealloc->erase();
  }
};

} // namespace
