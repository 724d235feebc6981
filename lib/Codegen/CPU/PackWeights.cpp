//===- PackWeights.cpp - weights in the layout of their tiles --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-pack-weights: the weights that the
// schedules read by register tiles get the layout of those tiles, so that
// each tile reads one contiguous block. The HWCF filter of a channels-last
// convolution is packed by the output-channel tile into
// (F / F', KH, KW, C, F'); the right operand of a matmul (a fully connected
// layer's transposed weight) and of a batch matmul (Winograd's transformed
// filter), when computed from weights only, by the column tile into
// (N / N0, K, N0) per matrix. The operand becomes
// linalg.unpack(linalg.pack(operand)); the pack is weight-only work (lifted
// into the prepare function), the unpack a view that the schedule resolves
// into a slice of the packed tensor.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHCPUPACKWEIGHTSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// Replaces operand `index` of `op` by unpack(pack(operand)) with one
/// inner tile `tile` on `innerDimsPos` and `outerDimsPerm`.
void packThroughView(RewriterBase &rewriter, Operation *op, unsigned index,
                     int64_t tile, ArrayRef<int64_t> innerDimsPos,
                     ArrayRef<int64_t> outerDimsPerm) {
  Value operand = op->getOperand(index);
  auto type = cast<RankedTensorType>(operand.getType());
  rewriter.setInsertionPoint(op);
  Location loc = op->getLoc();
  SmallVector<OpFoldResult> tiles{rewriter.getIndexAttr(tile)};
  Value packedInit = linalg::PackOp::createDestinationTensor(
      rewriter, loc, operand, tiles, innerDimsPos, outerDimsPerm);
  Value packed = linalg::PackOp::create(
                     rewriter, loc, operand, packedInit, innerDimsPos, tiles,
                     /*paddingValue=*/std::nullopt, outerDimsPerm)
                     .getResult();
  Value viewInit = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                           type.getElementType());
  Value view = linalg::UnPackOp::create(rewriter, loc, packed, viewInit,
                                        innerDimsPos, tiles, outerDimsPerm)
                   .getResult();
  rewriter.modifyOpInPlace(op, [&] { op->setOperand(index, view); });
}

struct PackWeightsPass
    : public nngraph::impl::NNGraphCPUPackWeightsPassBase<PackWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    int64_t simd =
        vectorWidth > 0 ? vectorWidth : nngraph::cpu::getHostVectorWidth();
    IRRewriter rewriter(&getContext());
    llvm::SetVector<Operation *> weightOnlyOps =
        nngraph::cpu::getWeightOnlyOps(getOperation());
    // The right operand of each static matmul (and of each matrix of a
    // batch matmul: Winograd's transformed filter) when it is computed from
    // weights only (packing an activation would copy it at every call): N
    // by the schedule's N0, into (N / N0, K, N0), or (B, N / N0, K, N0).
    auto packRhs = [&](linalg::LinalgOp matmul, ArrayRef<int64_t> innerDimsPos,
                       ArrayRef<int64_t> outerDimsPerm) {
      if (!matmul.hasPureTensorSemantics() ||
          llvm::any_of(matmul->getOperandTypes(), [](Type t) {
            return !cast<ShapedType>(t).hasStaticShape();
          }))
        return;
      Value rhs = matmul.getDpsInputs()[1];
      if (!nngraph::cpu::isWeightOnly(getOperation(), weightOnlyOps, rhs))
        return;
      auto type = cast<RankedTensorType>(rhs.getType());
      int64_t batch = type.getRank() - 2;
      int64_t m = cast<ShapedType>(matmul.getDpsInputs()[0].getType())
                      .getDimSize(batch);
      int64_t tile = nngraph::cpu::matmulRegisterTile(m, simd).second;
      int64_t columns = type.getDimSize(batch + 1);
      if (tile >= columns || columns % tile != 0)
        return;
      packThroughView(rewriter, matmul, 1, tile, innerDimsPos, outerDimsPerm);
    };
    getOperation().walk([&](Operation *op) {
      if (auto matmul = dyn_cast<linalg::MatmulOp>(op)) {
        if (!matmul.hasUserDefinedMaps())
          packRhs(matmul, nngraph::cpu::kPackedRhsInnerDims,
                  nngraph::cpu::kPackedRhsOuterPerm);
      } else if (auto matmul = dyn_cast<linalg::BatchMatmulOp>(op)) {
        if (!matmul.hasUserDefinedMaps())
          packRhs(matmul, nngraph::cpu::kPackedBatchRhsInnerDims,
                  nngraph::cpu::kPackedBatchRhsOuterPerm);
      }
    });
    getOperation().walk([&](linalg::Conv2DNhwcHwcfOp conv) {
      // (Only what the schedule tiles: static shapes.)
      if (!conv.hasPureTensorSemantics() ||
          llvm::any_of(conv->getOperandTypes(), [](Type t) {
            return !cast<ShapedType>(t).hasStaticShape();
          }))
        return;
      Value filter = conv.getDpsInputs()[1];
      auto type = cast<RankedTensorType>(filter.getType());
      int64_t channels = type.getDimSize(3);
      int64_t width =
          cast<ShapedType>(conv.getDpsInits()[0].getType()).getDimSize(2);
      int64_t tile = nngraph::cpu::convChannelTile(channels, width, simd);
      if (tile == channels || channels % tile != 0)
        return;
      packThroughView(rewriter, conv, 1, tile,
                      nngraph::cpu::kPackedFilterInnerDims,
                      nngraph::cpu::kPackedFilterOuterPerm);
    });
  }
};

} // namespace
