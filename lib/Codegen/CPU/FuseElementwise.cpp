//===- FuseElementwise.cpp - elementwise fusion with recompute --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements nngraph-fuse-elementwise: first the layout
// permutations around channels-last convolutions move down through the
// elementwise ops (PermuteElementwiseToSourceLayout), then upstream's
// elementwise fusion of linalg on tensors runs with a cost model that also
// fuses a cheap producer that has several consumers into each of them
// (recomputing it), when every consumer can take it, except a
// convolution's epilogue that combines several full-size inputs (a
// residual add), which is written once. Together they remove the
// channels-last permutations between convolutions even where an activation
// feeds both a convolution and a residual add.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace nngraph {
#define GEN_PASS_DEF_NNGRAPHFUSEELEMENTWISEPASS
#include "nngraph/Codegen/Passes.h.inc"
} // namespace nngraph
} // namespace mlir

using namespace mlir;

namespace {

/// True when `op` is an all-parallel generic whose body has at most
/// `maxOps` operations besides the yield.
bool isCheapElementwise(Operation *op, unsigned maxOps) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumLoops() != generic.getNumParallelLoops())
    return false;
  return generic.getBody()->getOperations().size() <= maxOps + 1;
}

/// True when fusing the producer of `fused` into its consumer would compute
/// it once per element of a larger space: the consumer reads it through a
/// map that is not a permutation (a per-channel factor broadcast over an
/// activation) and its body does work besides casts. Such a
/// producer stays a tensor of its own: computed once (in the prepare
/// function when it depends on weights only), read by the broadcast.
bool wouldRecomputePerElement(OpOperand *fused) {
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  if (!consumer || !producer)
    return false;
  if (consumer.getMatchingIndexingMap(fused).isPermutation())
    return false;
  return !llvm::all_of(producer.getBody()->without_terminator(),
                       [](Operation &op) { return isa<CastOpInterface>(op); });
}

/// True when every use of `producer`'s results is an input of an
/// all-parallel generic, so fusing into each use leaves it dead.
bool allUsesFusable(Operation *producer) {
  for (OpOperand &use : producer->getUses()) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!consumer || !consumer.isDpsInput(&use) ||
        consumer.getNumLoops() != consumer.getNumParallelLoops())
      return false;
  }
  return true;
}

/// True when `op` is a pure permutation: a generic with one input, read
/// through a permutation, an identity output and a body that yields the
/// input (the channels-last lowering's NCHW <-> NHWC permutations).
bool isPermutation(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != op.getNumParallelLoops() ||
      !op.hasPureTensorSemantics() || op.hasIndexSemantics() ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isPermutation() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
  return op.getBody()->getOperations().size() == 1 &&
         yield.getValues().front() == op.getBody()->getArgument(0);
}

/// True when `value` holds nothing yet: a tensor.empty or an alloc_tensor
/// without a copy (HoistPermutationOutOfConcat's concat buffers).
bool isConcatBuffer(Value value) {
  if (auto alloc = value.getDefiningOp<bufferization::AllocTensorOp>())
    return !alloc.getCopy();
  return value.getDefiningOp<tensor::EmptyOp>() != nullptr;
}

/// The permutation (other than the identity) through which `op` reads its
/// input, when `op` is elementwise: an all-parallel generic whose identity
/// output its body does not read, and whose inputs read through a
/// permutation all read through the same one (a permutation to NCHW, an
/// average pool's division after it, a ReLU or batch norm of a permuted
/// value). A null map otherwise.
AffineMap getReadPermutation(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 ||
      op.getNumLoops() != op.getNumParallelLoops() ||
      !op.hasPureTensorSemantics() || op.hasIndexSemantics() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
    return {};
  AffineMap permutation;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isPermutation() || map.isIdentity())
      continue;
    if (permutation && map != permutation)
      return {};
    permutation = map;
  }
  return permutation;
}

/// A generic that copies `input` into `init` reading it through `map`.
/// A generic with `body`'s region on new operands, maps and iterators (the
/// same op moved to another layout or onto a slice).
linalg::GenericOp cloneWithOperands(RewriterBase &rewriter, Location loc,
                                    linalg::GenericOp body, ValueRange inputs,
                                    ValueRange inits, ArrayRef<AffineMap> maps,
                                    ArrayRef<utils::IteratorType> iterators) {
  auto clone = linalg::GenericOp::create(rewriter, loc, inits.getTypes(),
                                         inputs, inits, maps, iterators);
  rewriter.cloneRegionBefore(body.getRegion(), clone.getRegion(),
                             clone.getRegion().begin());
  return clone;
}

Value createPermutation(OpBuilder &b, Location loc, Value input, Value init,
                        AffineMap map) {
  unsigned rank = map.getNumDims();
  SmallVector<AffineMap> maps = {
      map, AffineMap::getMultiDimIdentityMap(rank, b.getContext())};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, ValueRange{input},
             ValueRange{init}, maps, iterators,
             [](OpBuilder &b, Location loc, ValueRange args) {
               linalg::YieldOp::create(b, loc, args.front());
             })
      ->getResult(0);
}

/// The pieces of the concat whose last insert is `top`, last first:
/// insert_slices with static offsets, sizes and unit strides, each (but
/// the last) used only by the next, down to a concat buffer; empty when
/// `top` is not such a chain of at least two pieces.
SmallVector<tensor::InsertSliceOp> getConcatPieces(Value top) {
  SmallVector<tensor::InsertSliceOp> pieces;
  Value value = top;
  while (auto insert = value.getDefiningOp<tensor::InsertSliceOp>()) {
    if ((!pieces.empty() && !insert->hasOneUse()) ||
        insert.getSourceType().getRank() != insert.getType().getRank() ||
        !insert.hasUnitStride() ||
        ShapedType::isDynamicShape(insert.getStaticOffsets()) ||
        !insert.getSourceType().hasStaticShape())
      return {};
    pieces.push_back(insert);
    value = insert.getDest();
  }
  if (pieces.size() < 2 || !isConcatBuffer(value))
    return {};
  return pieces;
}

/// concat(perm(a), perm(b), ...) -> perm(concat'(a, b, ...)) when every
/// piece is the same permutation: the concat happens in the pieces'
/// layout (channels last), and the permutation, now one op, fuses with
/// the concat's readers, where it cancels with their own permutation to
/// channels last. A concat of such concats (DenseNet's dense blocks, where
/// each layer concatenates the previous concat and its new features, and
/// a batch norm + ReLU reads every concat) becomes one chain of
/// channels-last concats: before, each concat was NCHW, and each layer
/// permuted its new features to NCHW and the whole concat back to NHWC.
struct HoistPermutationOutOfConcat
    : public OpRewritePattern<tensor::InsertSliceOp> {
  HoistPermutationOutOfConcat(MLIRContext *context, unsigned maxOps)
      : OpRewritePattern(context), maxOps(maxOps) {}
  unsigned maxOps;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp top,
                                PatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(top.getType());
    if (!resultType || !resultType.hasStaticShape())
      return failure();
    // Only the whole concat: not an insert whose result the next piece
    // goes into.
    for (Operation *user : top->getUsers())
      if (auto next = dyn_cast<tensor::InsertSliceOp>(user))
        if (next.getDest() == top.getResult())
          return failure();
    SmallVector<tensor::InsertSliceOp> pieces = getConcatPieces(top);
    if (pieces.empty())
      return failure();
    // The permutation: the one the pieces' producers read through, all
    // the same (a piece whose producer is elementwise and reads through it
    // is permuted: it iterates in the other order instead; with other uses,
    // it is recomputed so must be cheap). The other pieces are permuted
    // the other way, a copy, as their insert was. The permuted pieces must
    // hold more elements than the others: that keeps the rewrite from
    // undoing itself, since in the new concat the others are permuted.
    AffineMap inputMap;
    for (tensor::InsertSliceOp piece : pieces) {
      auto producer = piece.getSource().getDefiningOp<linalg::GenericOp>();
      AffineMap map = producer ? getReadPermutation(producer) : AffineMap();
      if (!map)
        continue;
      if (inputMap && map != inputMap)
        return failure();
      inputMap = map;
    }
    if (!inputMap)
      return failure();
    auto isPermuted = [&](linalg::GenericOp producer) {
      return producer && getReadPermutation(producer) == inputMap &&
             (isPermutation(producer) || producer->hasOneUse() ||
              isCheapElementwise(producer, maxOps));
    };
    int64_t permutedElements = 0, otherElements = 0;
    for (tensor::InsertSliceOp piece : pieces)
      (isPermuted(piece.getSource().getDefiningOp<linalg::GenericOp>())
           ? permutedElements
           : otherElements) += piece.getSourceType().getNumElements();
    if (permutedElements <= otherElements)
      return failure();

    // Input dimension k of the permutation is its output dimension
    // inputMap(k).
    int64_t rank = resultType.getRank();
    auto permute = [&](ArrayRef<int64_t> values) {
      SmallVector<int64_t> permuted(rank);
      for (int64_t k = 0; k < rank; ++k)
        permuted[k] = values[inputMap.getDimPosition(k)];
      return permuted;
    };
    Location loc = top.getLoc();
    Type element = resultType.getElementType();
    // The concat's buffer: a bufferization.alloc_tensor, not a
    // tensor.empty, which CSE would merge with every other tensor.empty of
    // its type, and whose elimination (each piece's producer writing its
    // slice) would then make all of them slices of the concat. Placed
    // first in the block, where it dominates the pieces' producers, so
    // that nngraph-build-in-destinations may make each write its slice; a
    // concat that is a piece of another is then built in its slice by
    // nngraph-elide-copies, on buffers.
    RankedTensorType bufferType =
        RankedTensorType::get(permute(resultType.getShape()), element);
    Value concat;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(top->getBlock());
      concat = bufferization::AllocTensorOp::create(rewriter, loc, bufferType,
                                                    ValueRange{});
    }
    SmallVector<int64_t> strides(rank, 1);
    SmallVector<AffineMap> inverseMaps = {
        inversePermutation(inputMap),
        AffineMap::getMultiDimIdentityMap(rank, getContext())};
    for (tensor::InsertSliceOp piece : llvm::reverse(pieces)) {
      Value source;
      auto producer = piece.getSource().getDefiningOp<linalg::GenericOp>();
      SmallVector<int64_t> shape = permute(piece.getSourceType().getShape());
      if (isPermuted(producer) && isPermutation(producer)) {
        source = producer.getDpsInputOperand(0)->get();
      } else if (isPermuted(producer)) {
        // The producer itself iterates in the permuted order: its maps
        // composed with the inverse permutation, its output permuted.
        SmallVector<AffineMap> maps;
        for (OpOperand *input : producer.getDpsInputOperands())
          maps.push_back(
              producer.getMatchingIndexingMap(input).compose(inverseMaps[0]));
        maps.push_back(inverseMaps[1]);
        Value init = tensor::EmptyOp::create(rewriter, loc, shape, element);
        source = cloneWithOperands(rewriter, loc, producer,
                                   producer.getInputs(), ValueRange{init}, maps,
                                   producer.getIteratorTypesArray())
                     ->getResult(0);
      } else {
        Value init = tensor::EmptyOp::create(rewriter, loc, shape, element);
        source = createPermutation(rewriter, loc, piece.getSource(), init,
                                   inverseMaps[0]);
      }
      SmallVector<int64_t> offsets = permute(piece.getStaticOffsets());
      ArrayRef<int64_t> sizes =
          cast<RankedTensorType>(source.getType()).getShape();
      concat = tensor::InsertSliceOp::create(
          rewriter, loc, source, concat, ValueRange{}, ValueRange{},
          ValueRange{}, offsets, sizes, strides);
    }
    Value init =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(), element);
    Value permuted = createPermutation(rewriter, loc, concat, init, inputMap);
    rewriter.replaceOp(top, permuted);
    return success();
  }
};

/// generic(concat(a, b, ...)) -> concat(generic(a), generic(b), ...) for an
/// all-parallel generic with one input and identity maps (a ReLU of a
/// concat): the elementwise op moves into the pieces, where it fuses with
/// their producers. Not a copy (canonicalization erases it), nor one that
/// permutes: a permutation of a concat is
/// what HoistPermutationOutOfConcat takes out of it, and a permuted
/// elementwise op that moved into the pieces would put them back in the
/// other layout.
struct MoveElementwiseIntoConcat : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        op.getNumLoops() != op.getNumParallelLoops() ||
        !op.hasPureTensorSemantics() || op.hasIndexSemantics() ||
        isPermutation(op) ||
        !llvm::all_of(op.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); }))
      return failure();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !resultType.hasStaticShape())
      return failure();
    SmallVector<tensor::InsertSliceOp> pieces =
        getConcatPieces(op.getDpsInputOperand(0)->get());
    if (pieces.empty())
      return failure();

    Location loc = op.getLoc();
    Type element = resultType.getElementType();
    Value result =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(), element);
    for (tensor::InsertSliceOp piece : llvm::reverse(pieces)) {
      ArrayRef<int64_t> sizes = piece.getSourceType().getShape();
      Value init = tensor::EmptyOp::create(rewriter, loc, sizes, element);
      linalg::GenericOp moved = cloneWithOperands(
          rewriter, loc, op, ValueRange{piece.getSource()}, ValueRange{init},
          op.getIndexingMapsArray(), op.getIteratorTypesArray());
      SmallVector<int64_t> strides(sizes.size(), 1);
      result = tensor::InsertSliceOp::create(
          rewriter, loc, moved->getResult(0), result, ValueRange{},
          ValueRange{}, ValueRange{}, piece.getStaticOffsets(), sizes, strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Moves an elementwise op into the layout of the tensors it permutes:
/// where every full-size input of `op` (one read through a permutation
/// map) is the result of a pure permutation with the same input map Q (a
/// channels-last convolution's result permuted back to NCHW), `op` runs in
/// its inputs' layout, reading them directly, and its result is permuted
/// afterwards: op(Q(x), Q(y), v) = Q(op'(x, y, v')). The permutation then
/// reaches op's users, where it cancels with the one to NHWC of the next
/// convolution or moves on through the next elementwise op. (Run before
/// the fusion, on its own: fusing op' back into its permutation is what
/// the fusion does for an op whose result leaves in NCHW.)
struct PermuteElementwiseToSourceLayout
    : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics() ||
        op.hasIndexSemantics() || isPermutation(op))
      return failure();
    // An elementwise op writes its whole iteration space; a reduction (a
    // global pool) a projection of it, which keeps its layout: only its
    // loops are reordered, so that the innermost one reads contiguously.
    AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    bool reduction = op.getNumReductionLoops() > 0;
    if (reduction ? !outMap.isProjectedPermutation()
                  : (!outMap.isIdentity() ||
                     op.payloadUsesValueFromOperand(op.getDpsInitOperand(0))))
      return failure();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !resultType.hasStaticShape())
      return failure();
    AffineMap permutation;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (!map.isPermutation())
        continue;
      auto producer = input->get().getDefiningOp<linalg::GenericOp>();
      if (!map.isIdentity() || !producer || !isPermutation(producer))
        return failure();
      AffineMap read =
          producer.getMatchingIndexingMap(producer.getDpsInputOperand(0));
      if (permutation && read != permutation)
        return failure();
      permutation = read;
    }
    if (!permutation)
      return failure();

    // op' iterates the source layout: its loop e = Q(d), so each input map
    // M becomes M o Q^-1, and a permuted input is read directly.
    AffineMap inverse = inversePermutation(permutation);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (map.isPermutation()) {
        auto producer = input->get().getDefiningOp<linalg::GenericOp>();
        inputs.push_back(producer.getDpsInputOperand(0)->get());
        maps.push_back(
            AffineMap::getMultiDimIdentityMap(map.getNumDims(), getContext()));
      } else {
        inputs.push_back(input->get());
        maps.push_back(map.compose(inverse));
      }
    }
    Location loc = op.getLoc();
    if (reduction) {
      maps.push_back(outMap.compose(inverse));
      SmallVector<utils::IteratorType> oldIterators =
          op.getIteratorTypesArray();
      SmallVector<utils::IteratorType> iterators;
      for (int64_t k = 0; k < permutation.getNumResults(); ++k)
        iterators.push_back(oldIterators[permutation.getDimPosition(k)]);
      rewriter.replaceOp(op,
                         cloneWithOperands(rewriter, loc, op, inputs,
                                           op.getDpsInits(), maps, iterators)
                             ->getResults());
      return success();
    }
    maps.push_back(
        AffineMap::getMultiDimIdentityMap(inverse.getNumDims(), getContext()));
    // (Dimension k of the source is dimension Q(k) of the result.)
    SmallVector<int64_t> shape;
    for (int64_t k = 0; k < resultType.getRank(); ++k)
      shape.push_back(resultType.getDimSize(permutation.getDimPosition(k)));
    Type element = resultType.getElementType();
    Value init = tensor::EmptyOp::create(rewriter, loc, shape, element);
    linalg::GenericOp moved =
        cloneWithOperands(rewriter, loc, op, inputs, ValueRange{init}, maps,
                          op.getIteratorTypesArray());
    Value back =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(), element);
    rewriter.replaceOp(op, createPermutation(rewriter, loc, moved->getResult(0),
                                             back, permutation));
    return success();
  }
};

/// True when `op` combines several inputs read in full (through a
/// permutation map), one of them the only use of a reduction's result (a
/// convolution's): `op` is that reduction's epilogue (a residual add).
bool isCombiningEpilogue(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic)
    return false;
  unsigned full = 0;
  bool reduction = false;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    if (!generic.getMatchingIndexingMap(input).isPermutation())
      continue;
    ++full;
    auto producer = input->get().getDefiningOp<linalg::LinalgOp>();
    reduction |= producer && producer.getNumReductionLoops() > 0 &&
                 input->get().hasOneUse();
  }
  return full > 1 && reduction;
}

struct FuseElementwisePass
    : public nngraph::impl::NNGraphFuseElementwisePassBase<
          FuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *op = getOperation();
    MLIRContext *context = &getContext();
    unsigned maxOps = maxRecomputeOps;
    linalg::ControlFusionFn singleUse = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    bool broadcastWork = fuseBroadcastWork;
    linalg::ControlFusionFn recompute = [maxOps,
                                         broadcastWork](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      if (!producer || (!broadcastWork && wouldRecomputePerElement(fused)))
        return false;
      // A permutation with several users that it fuses into is recomputed
      // in each (where the one to NHWC of a convolution cancels it):
      // fusing its producer into it would write the producer's result
      // permuted, and permute it back for each convolution.
      auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
      if (consumer && isPermutation(consumer) && !consumer->hasOneUse() &&
          allUsesFusable(consumer))
        return false;
      if (producer->hasOneUse())
        return true;
      // A convolution's epilogue that combines its result with other
      // full-size inputs (a residual add) is written once, by the
      // convolution: recomputed in each consumer, a ResNet-v2 stage's
      // residual sums became a chain that every later block's
      // pre-activation re-added from all the stage's convolution results.
      return maxOps > 0 && isCheapElementwise(producer, maxOps) &&
             !isCombiningEpilogue(producer) && allUsesFusable(producer);
    };
    // First the permutations between the layouts move down through the
    // elementwise ops (PermuteElementwiseToSourceLayout), on their own.
    {
      RewritePatternSet layout(context);
      layout.add<PermuteElementwiseToSourceLayout>(context);
      if (failed(applyPatternsGreedily(op, std::move(layout))))
        return signalPassFailure();
    }
    // The pattern set of upstream's linalg-fuse-elementwise-ops, with the
    // recomputing control for elementwise producers.
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, recompute);
    patterns.add<MoveElementwiseIntoConcat>(context);
    patterns.add<HoistPermutationOutOfConcat>(context, maxOps);
    // Reshapes move through elementwise ops only: folded into a contraction
    // (VGG's flatten before its first fully connected layer) they turn the
    // matmul into a generic with three reduction loops that no schedule
    // takes (805 ms of VGG-16's 1.1 s, scalar).
    linalg::ControlFusionFn reshapeControl = [singleUse](OpOperand *fused) {
      auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
      return singleUse(fused) && consumer &&
             consumer.getNumLoops() == consumer.getNumParallelLoops();
    };
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, reshapeControl);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    if (failed(applyPatternsGreedily(
            op, std::move(patterns),
            GreedyRewriteConfig().setUseTopDownTraversal())))
      return signalPassFailure();
  }
};

} // namespace
