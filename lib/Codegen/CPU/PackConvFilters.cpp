//===- PackConvFilters.cpp - filters in the layout of their tiles -*- C++
//-*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-cpu-pack-conv-filters: the HWCF filter of a
// channels-last convolution is packed by the output-channel tile of the
// convolution schedule into (F / F', KH, KW, C, F'), so that each register
// tile reads one contiguous block of weights. The filter operand becomes
// linalg.unpack(linalg.pack(filter)); the pack is weight-only work (lifted
// into the prepare function), the unpack a view that the convolution
// schedule resolves into a slice of the packed tensor.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"
#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHCPUPACKCONVFILTERSPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

struct PackConvFiltersPass
    : public nngraph::impl::NNGraphCPUPackConvFiltersPassBase<
          PackConvFiltersPass> {
  using Base::Base;

  void runOnOperation() override {
    int64_t simd =
        vectorWidth > 0 ? vectorWidth : nngraph::cpu::getHostVectorWidth();
    IRRewriter rewriter(&getContext());
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
      int64_t tile = nngraph::cpu::channelTile(channels, simd);
      if (tile == channels || channels % tile != 0)
        return;
      rewriter.setInsertionPoint(conv);
      Location loc = conv.getLoc();
      SmallVector<OpFoldResult> tiles{rewriter.getIndexAttr(tile)};
      ArrayRef<int64_t> innerDimsPos = nngraph::cpu::kPackedFilterInnerDims;
      ArrayRef<int64_t> outerDimsPerm = nngraph::cpu::kPackedFilterOuterPerm;
      Value packedInit = linalg::PackOp::createDestinationTensor(
          rewriter, loc, filter, tiles, innerDimsPos, outerDimsPerm);
      Value packed = linalg::PackOp::create(
                         rewriter, loc, filter, packedInit, innerDimsPos, tiles,
                         /*paddingValue=*/std::nullopt, outerDimsPerm)
                         .getResult();
      Value viewInit = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                               type.getElementType());
      Value view = linalg::UnPackOp::create(rewriter, loc, packed, viewInit,
                                            innerDimsPos, tiles, outerDimsPerm)
                       .getResult();
      rewriter.modifyOpInPlace(conv, [&] { conv->setOperand(1, view); });
    });
  }
};

} // namespace
