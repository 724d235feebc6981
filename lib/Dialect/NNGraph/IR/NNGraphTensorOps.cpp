//===- NNGraphTensorOps.cpp - data movement and indexing ops ----*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements result-type inference and verification of the shape
// manipulation, indexing and resampling operations of nngraph, following the
// ONNX shape rules.
//
//===----------------------------------------------------------------------===//

#include "ShapeUtils.h"
#include "nngraph/Dialect/NNGraph/IR/NNGraphOps.h"

#include "mlir/Dialect/Traits.h"
#include "llvm/ADT/SmallSet.h"

#include <limits>

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::detail;

static Type withShape(RankedTensorType type, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, type.getElementType());
}

LogicalResult ReshapeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  ArrayRef<int64_t> target = adaptor.getShape();
  SmallVector<int64_t> shape;
  int64_t inferIndex = -1, known = 1;
  bool knownDynamic = false;
  for (auto [i, value] : llvm::enumerate(target)) {
    int64_t d = value;
    if (d == -1) {
      if (inferIndex >= 0)
        return opError(name, loc, "expects at most one -1 in 'shape'");
      inferIndex = i;
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    if (d < -1)
      return opError(name, loc,
                     "expects 'shape' values >= -1, got " + formatList(target));
    if (d == 0) {
      if (static_cast<int64_t>(i) >= input.getRank())
        return opError(name, loc,
                       "uses 0 (copy) at position " + llvm::Twine(i) +
                           " beyond the input rank " +
                           llvm::Twine(input.getRank()));
      d = input.getDimSize(i);
    }
    shape.push_back(d);
    if (ShapedType::isDynamic(d))
      knownDynamic = true;
    else
      known *= d;
  }
  int64_t total = shapeProduct(input.getShape());
  if (!ShapedType::isDynamic(total) && !knownDynamic) {
    if (inferIndex >= 0) {
      if (known == 0 || total % known != 0)
        return opError(name, loc,
                       "cannot reshape " + formatShape(input.getShape()) +
                           " into " + formatList(target));
      shape[inferIndex] = total / known;
    } else if (known != total) {
      return opError(name, loc,
                     "cannot reshape " + formatShape(input.getShape()) + " (" +
                         llvm::Twine(total) + " elements) into " +
                         formatShape(shape) + " (" + llvm::Twine(known) +
                         " elements)");
    }
  }
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult FlattenOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  int64_t rank = input.getRank();
  int64_t axis = adaptor.getAxis();
  // ONNX Flatten accepts axis == rank.
  if (axis < -rank || axis > rank)
    return opError(name, loc,
                   "axis " + llvm::Twine(axis) + " is out of range for rank " +
                       llvm::Twine(rank) + " (expected [" + llvm::Twine(-rank) +
                       ", " + llvm::Twine(rank) + "])");
  if (axis < 0)
    axis += rank;
  inferred.push_back(
      withShape(input, {shapeProduct(input.getShape().take_front(axis)),
                        shapeProduct(input.getShape().drop_front(axis))}));
  return success();
}

LogicalResult SqueezeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  llvm::SmallSet<int64_t, 4> axes;
  if (OptI64s attr = adaptor.getAxes()) {
    for (int64_t axis : *attr) {
      if (failed(normalizeAxis(name, loc, axis, input.getRank())))
        return failure();
      int64_t d = input.getDimSize(axis);
      if (!ShapedType::isDynamic(d) && d != 1)
        return opError(name, loc,
                       "cannot squeeze axis " + llvm::Twine(axis) +
                           " of size " + llvm::Twine(d));
      if (!axes.insert(axis).second)
        return opError(name, loc,
                       "axis " + llvm::Twine(axis) +
                           " appears twice in 'axes'");
    }
  } else {
    // Without 'axes' every size-1 axis goes; a dynamic axis may or may not be
    // 1, so the result rank is unknown (see detail::areRefinedTypes).
    if (!input.hasStaticShape()) {
      inferred.push_back(UnrankedTensorType::get(input.getElementType()));
      return success();
    }
    for (auto [i, d] : llvm::enumerate(input.getShape()))
      if (d == 1)
        axes.insert(i);
  }
  SmallVector<int64_t> shape;
  for (auto [i, d] : llvm::enumerate(input.getShape()))
    if (!axes.contains(i))
      shape.push_back(d);
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult UnsqueezeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  int64_t rank = input.getRank() + adaptor.getAxes().size();
  llvm::SmallSet<int64_t, 4> axes;
  for (int64_t axis : adaptor.getAxes()) {
    if (failed(normalizeAxis(name, loc, axis, rank)))
      return failure();
    if (!axes.insert(axis).second)
      return opError(name, loc,
                     "axis " + llvm::Twine(axis) + " appears twice in 'axes'");
  }
  SmallVector<int64_t> shape;
  ArrayRef<int64_t> rest = input.getShape();
  for (int64_t i = 0; i < rank; ++i) {
    if (axes.contains(i)) {
      shape.push_back(1);
    } else {
      shape.push_back(rest.front());
      rest = rest.drop_front();
    }
  }
  inferred.push_back(withShape(input, shape));
  return success();
}

/// Reads the permutation of a transpose, defaulting to the reversed axes.
static LogicalResult getPermutation(StringRef name, OptLoc loc, OptI64s attr,
                                    int64_t rank,
                                    SmallVectorImpl<int64_t> &perm) {
  if (!attr) {
    for (int64_t i = rank - 1; i >= 0; --i)
      perm.push_back(i);
    return success();
  }
  SmallVector<bool> seen(rank, false);
  bool valid = static_cast<int64_t>(attr->size()) == rank;
  for (int64_t p : *attr) {
    if (!valid || p < 0 || p >= rank || seen[p]) {
      valid = false;
      break;
    }
    seen[p] = true;
  }
  if (!valid)
    return opError(name, loc,
                   "expects 'perm' to be a permutation of [0, " +
                       llvm::Twine(rank) + "), got " + formatList(*attr));
  perm.append(attr->begin(), attr->end());
  return success();
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  SmallVector<int64_t> perm, shape;
  if (!input || failed(getPermutation(name, loc, adaptor.getPerm(),
                                      input.getRank(), perm)))
    return failure();
  for (int64_t p : perm)
    shape.push_back(input.getDimSize(p));
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  if (adaptor.getInputs().empty())
    return opError(name, loc, "expects at least one input");
  auto first = getRankedType(name, loc, adaptor.getInputs().front(), "input");
  if (!first)
    return failure();
  int64_t axis = adaptor.getAxis();
  if (failed(normalizeAxis(name, loc, axis, first.getRank())))
    return failure();
  SmallVector<int64_t> shape(first.getShape());
  for (auto [i, v] : llvm::enumerate(adaptor.getInputs().drop_front())) {
    auto type = getRankedType(name, loc, v, "input");
    if (!type)
      return failure();
    if (type.getRank() != first.getRank())
      return opError(name, loc,
                     "expects inputs of equal rank, input " +
                         llvm::Twine(i + 1) + " has rank " +
                         llvm::Twine(type.getRank()) + " instead of " +
                         llvm::Twine(first.getRank()));
    for (int64_t d = 0; d < type.getRank(); ++d) {
      int64_t a = shape[d], b = type.getDimSize(d);
      if (d == axis) {
        shape[d] = ShapedType::isDynamic(a) || ShapedType::isDynamic(b)
                       ? ShapedType::kDynamic
                       : a + b;
      } else if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) &&
                 a != b) {
        return opError(name, loc,
                       "expects input " + llvm::Twine(i + 1) + " of shape " +
                           formatShape(type.getShape()) +
                           " to match the others outside axis " +
                           llvm::Twine(axis));
      } else if (ShapedType::isDynamic(a)) {
        shape[d] = b;
      }
    }
  }
  inferred.push_back(withShape(first, shape));
  return success();
}

LogicalResult SplitOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  int64_t axis = adaptor.getAxis();
  if (failed(normalizeAxis(name, loc, axis, input.getRank())))
    return failure();
  ArrayRef<int64_t> sizes = adaptor.getSplit();
  if (sizes.empty())
    return opError(name, loc, "expects a non-empty 'split'");
  int64_t sum = 0;
  for (int64_t size : sizes) {
    if (size < 0)
      return opError(name, loc,
                     "expects non-negative 'split' sizes, got " +
                         formatList(sizes));
    sum += size;
  }
  int64_t dim = input.getDimSize(axis);
  if (!ShapedType::isDynamic(dim) && sum != dim)
    return opError(name, loc,
                   "expects 'split' sizes " + formatList(sizes) +
                       " to add up to dimension " + llvm::Twine(axis) +
                       " of size " + llvm::Twine(dim));
  SmallVector<int64_t> shape(input.getShape());
  for (int64_t size : sizes) {
    shape[axis] = size;
    inferred.push_back(withShape(input, shape));
  }
  return success();
}

/// Size of an ONNX slice of a dimension of static size `dim`.
static int64_t sliceSize(int64_t dim, int64_t start, int64_t end,
                         int64_t step) {
  auto clamp = [](int64_t v, int64_t lo, int64_t hi) {
    return std::max(lo, std::min(v, hi));
  };
  if (dim == 0) // Nothing to slice, whatever the bounds and the step.
    return 0;
  if (start < 0)
    start += dim;
  if (end < 0 && end != std::numeric_limits<int64_t>::min())
    end += dim;
  if (step > 0) {
    start = clamp(start, 0, dim);
    end = clamp(end, 0, dim);
    return end > start ? (end - start + step - 1) / step : 0;
  }
  start = clamp(start, 0, dim - 1);
  end = clamp(end, -1, dim - 1);
  return start > end ? (start - end - step - 1) / -step : 0;
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  ArrayRef<int64_t> starts = adaptor.getStarts(), ends = adaptor.getEnds();
  size_t n = starts.size();
  if (ends.size() != n)
    return opError(name, loc,
                   "expects 'starts' and 'ends' of equal length, got " +
                       llvm::Twine(n) + " and " + llvm::Twine(ends.size()));
  SmallVector<int64_t> axes, steps;
  if (OptI64s attr = adaptor.getAxes())
    axes.assign(attr->begin(), attr->end());
  else
    for (size_t i = 0; i < n; ++i)
      axes.push_back(i);
  if (OptI64s attr = adaptor.getSteps())
    steps.assign(attr->begin(), attr->end());
  else
    steps.assign(n, 1);
  if (axes.size() != n || steps.size() != n)
    return opError(name, loc,
                   "expects 'axes' and 'steps' to have one value per start");
  SmallVector<int64_t> shape(input.getShape());
  llvm::SmallSet<int64_t, 4> seen;
  for (size_t i = 0; i < n; ++i) {
    int64_t axis = axes[i];
    if (failed(normalizeAxis(name, loc, axis, input.getRank())))
      return failure();
    if (!seen.insert(axis).second)
      return opError(name, loc,
                     "axis " + llvm::Twine(axis) + " appears twice in 'axes'");
    if (steps[i] == 0)
      return opError(name, loc, "expects non-zero 'steps'");
    if (!ShapedType::isDynamic(shape[axis]))
      shape[axis] = sliceSize(shape[axis], starts[i], ends[i], steps[i]);
  }
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  int64_t rank = input.getRank();
  SmallVector<int64_t> pads;
  if (failed(getSpatialAttr(name, loc, "pads", adaptor.getPads(), 2 * rank, 0,
                            0, pads)))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = input.getDimSize(i);
    shape.push_back(ShapedType::isDynamic(d) ? d
                                             : d + pads[i] + pads[rank + i]);
  }
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult ExpandOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  for (int64_t d : adaptor.getShape())
    if (d < 0)
      return opError(name, loc,
                     "expects non-negative 'shape' values, got " +
                         formatList(adaptor.getShape()));
  SmallVector<int64_t> shape;
  if (!OpTrait::util::getBroadcastedShape(input.getShape(), adaptor.getShape(),
                                          shape))
    return opError(name, loc,
                   "cannot broadcast " + formatShape(input.getShape()) +
                       " to " + formatList(adaptor.getShape()));
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult TileOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  SmallVector<int64_t> repeats;
  if (failed(getSpatialAttr(name, loc, "repeats", adaptor.getRepeats(),
                            input.getRank(), 1, 0, repeats)))
    return failure();
  SmallVector<int64_t> shape;
  for (auto [d, r] : llvm::zip_equal(input.getShape(), repeats))
    shape.push_back(ShapedType::isDynamic(d) ? d : d * r);
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto data = getRankedType(name, loc, adaptor.getData(), "data");
  auto indices = getRankedType(name, loc, adaptor.getIndices(), "indices");
  if (!data || !indices)
    return failure();
  int64_t axis = adaptor.getAxis();
  if (failed(normalizeAxis(name, loc, axis, data.getRank())))
    return failure();
  SmallVector<int64_t> shape(data.getShape().take_front(axis));
  llvm::append_range(shape, indices.getShape());
  llvm::append_range(shape, data.getShape().drop_front(axis + 1));
  inferred.push_back(withShape(data, shape));
  return success();
}

LogicalResult
GatherElementsOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                   Adaptor adaptor,
                                   SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto data = getRankedType(name, loc, adaptor.getData(), "data");
  auto indices = getRankedType(name, loc, adaptor.getIndices(), "indices");
  if (!data || !indices)
    return failure();
  if (data.getRank() != indices.getRank() || data.getRank() == 0)
    return opError(name, loc,
                   "expects indices of the data's rank (" +
                       llvm::Twine(data.getRank()) + "), got rank " +
                       llvm::Twine(indices.getRank()));
  int64_t axis = adaptor.getAxis();
  if (failed(normalizeAxis(name, loc, axis, data.getRank())))
    return failure();
  inferred.push_back(withShape(data, indices.getShape()));
  return success();
}

LogicalResult GatherNDOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto data = getRankedType(name, loc, adaptor.getData(), "data");
  auto indices = getRankedType(name, loc, adaptor.getIndices(), "indices");
  if (!data || !indices)
    return failure();
  int64_t b = adaptor.getBatchDims();
  bool first = adaptor.getTuplesFirst();
  if (first && b != 0)
    return opError(name, loc,
                   "expects 'batch_dims' 0 with 'tuples_first', got " +
                       llvm::Twine(b));
  if (indices.getRank() < 1 || b < 0 ||
      b >= std::min(data.getRank(), indices.getRank()))
    return opError(name, loc,
                   "expects 'batch_dims' " + llvm::Twine(b) +
                       " below the ranks of data and indices");
  int64_t k = first ? indices.getShape().front() : indices.getShape().back();
  if (ShapedType::isDynamic(k) || k < 1 || b + k > data.getRank())
    return opError(name, loc,
                   Twine("expects the ") + (first ? "first" : "last") +
                       " indices dimension to be static and at most the "
                       "data rank minus 'batch_dims', got " +
                       formatShape(indices.getShape()));
  SmallVector<int64_t> shape(first ? indices.getShape().drop_front()
                                   : indices.getShape().drop_back());
  llvm::append_range(shape, data.getShape().drop_front(b + k));
  inferred.push_back(withShape(data, shape));
  return success();
}

LogicalResult GridSampleOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  auto grid = getRankedType(name, loc, adaptor.getGrid(), "grid");
  if (!input || !grid)
    return failure();
  int64_t k = input.getRank() - 2;
  if ((k != 2 && k != 3) || grid.getRank() != k + 2 ||
      (!grid.isDynamicDim(k + 1) && grid.getDimSize(k + 1) != k))
    return opError(name, loc,
                   "expects an input of rank 4 or 5 and a grid of its rank "
                   "ending in the spatial rank, got " +
                       formatShape(input.getShape()) + " and " +
                       formatShape(grid.getShape()));
  if (adaptor.getMode() == GridSampleMode::Cubic && k != 2)
    return opError(name, loc, "expects cubic sampling of 2-D inputs only");
  SmallVector<int64_t> shape{grid.getDimSize(0), input.getDimSize(1)};
  llvm::append_range(shape, grid.getShape().slice(1, k));
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult ScatterElementsOp::verify() {
  auto data = cast<RankedTensorType>(getData().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto updates = cast<RankedTensorType>(getUpdates().getType());
  int64_t rank = data.getRank();
  auto axis = static_cast<int64_t>(getAxis());
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    return emitOpError("expects 'axis' in [")
           << -rank << ", " << rank << "), got " << axis;
  if (indices.getRank() != rank ||
      failed(verifyCompatibleShape(indices.getShape(), updates.getShape())))
    return emitOpError("expects indices and updates of one shape and the "
                       "rank of data, got ")
           << formatShape(indices.getShape()) << " and "
           << formatShape(updates.getShape()) << " for data "
           << formatShape(data.getShape());
  if (updates.getElementType() != data.getElementType())
    return emitOpError("expects updates of the data's element type");
  return success();
}

LogicalResult RoiAlignOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  auto rois = getRankedType(name, loc, adaptor.getRois(), "rois");
  if (!input || !rois)
    return failure();
  RankedTensorType indices;
  if (adaptor.getBatchIndices()) {
    indices =
        getRankedType(name, loc, adaptor.getBatchIndices(), "batch_indices");
    if (!indices)
      return failure();
  }
  // R x 4 with R batch indices, or R x 5 with the index first.
  int64_t columns = indices ? 4 : 5;
  if (input.getRank() != 4 || rois.getRank() != 2 ||
      (!rois.isDynamicDim(1) && rois.getDimSize(1) != columns) ||
      (indices && (indices.getRank() != 1 ||
                   failed(verifyCompatibleShape(
                       indices.getShape(), rois.getShape().take_front())))))
    return opError(name, loc,
                   "expects an N x C x H x W input and R x 4 rois with R "
                   "batch indices (or R x 5 rois without), got " +
                       formatShape(input.getShape()) + ", " +
                       formatShape(rois.getShape()) +
                       (indices ? " and " + formatShape(indices.getShape())
                                : std::string(" and no batch indices")));
  auto height = static_cast<int64_t>(adaptor.getOutputHeight());
  auto width = static_cast<int64_t>(adaptor.getOutputWidth());
  if (height < 1 || width < 1 ||
      static_cast<int64_t>(adaptor.getSamplingRatio()) < 0)
    return opError(name, loc,
                   "expects output sizes of at least 1 and a sampling ratio "
                   "of at least 0");
  inferred.push_back(withShape(
      input, {rois.getDimSize(0), input.getDimSize(1), height, width}));
  return success();
}

LogicalResult BoxNMSOp::verify() {
  auto type = cast<RankedTensorType>(getData().getType());
  if (type.getRank() < 2)
    return emitOpError("expects boxes of rank 2 or more (... x boxes x "
                       "values), got ")
           << formatShape(type.getShape());
  int64_t width = type.getShape().back();
  int64_t coords = getCoordStart(), score = getScoreIndex(), id = getIdIndex();
  auto within = [&](int64_t i) {
    return i >= 0 && (ShapedType::isDynamic(width) || i < width);
  };
  auto inBox = [&](int64_t i) { return i >= coords && i < coords + 4; };
  if (!within(coords) || !within(coords + 3))
    return emitOpError("expects 'coord_start' + 0..3 within the ")
           << width << " values of a box, got " << coords;
  if (!within(score) || inBox(score))
    return emitOpError("expects 'score_index' within the ")
           << width << " values of a box and outside its coordinates, got "
           << score;
  if (id >= 0 && (!within(id) || inBox(id) || id == score))
    return emitOpError("expects 'id_index' within the ")
           << width
           << " values of a box and apart from the score and coordinates, got "
           << id;
  return success();
}

LogicalResult ScatterNDOp::verify() {
  auto data = cast<RankedTensorType>(getData().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto updates = cast<RankedTensorType>(getUpdates().getType());
  int64_t k = indices.getRank() ? indices.getShape().back() : 0;
  if (indices.getRank() < 1 || ShapedType::isDynamic(k) || k < 1 ||
      k > data.getRank())
    return emitOpError("expects the last indices dimension to be static and "
                       "at most the data rank, got ")
           << formatShape(indices.getShape());
  SmallVector<int64_t> expected(indices.getShape().drop_back());
  llvm::append_range(expected, data.getShape().drop_front(k));
  if (failed(verifyCompatibleShape(expected, updates.getShape())))
    return emitOpError("expects updates of shape ")
           << formatShape(expected) << ", got "
           << formatShape(updates.getShape());
  if (updates.getElementType() != data.getElementType())
    return emitOpError("expects updates of the data's element type");
  return success();
}

LogicalResult ShapeOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto input =
      getRankedType(getOperationName(), loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  inferred.push_back(
      RankedTensorType::get({input.getRank()}, IntegerType::get(context, 64)));
  return success();
}

LogicalResult ResizeOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  int64_t rank = input.getRank();
  auto scales = adaptor.getScales();
  auto sizes = adaptor.getSizes();
  if (scales.has_value() == sizes.has_value())
    return opError(name, loc, "expects exactly one of 'scales' and 'sizes'");
  SmallVector<int64_t> shape;
  if (sizes) {
    if (failed(getSpatialAttr(name, loc, "sizes", sizes, rank, 1, 1, shape)))
      return failure();
  } else {
    if (static_cast<int64_t>(scales->size()) != rank)
      return opError(name, loc,
                     "expects " + llvm::Twine(rank) +
                         " values in 'scales', got " +
                         llvm::Twine(scales->size()));
    for (auto [d, scale] : llvm::zip_equal(input.getShape(), *scales)) {
      if (!(scale > 0.0f))
        return opError(name, loc, "expects positive 'scales'");
      shape.push_back(ShapedType::isDynamic(d)
                          ? d
                          : static_cast<int64_t>(
                                std::floor(static_cast<double>(d) * scale)));
    }
  }
  inferred.push_back(withShape(input, shape));
  return success();
}

LogicalResult OneHotOp::verify() {
  auto indices = getIndices().getType();
  int64_t axis = getAxis();
  int64_t rank = indices.getRank() + 1;
  int64_t depth = getDepth();
  if (depth < 1)
    return emitOpError("expects 'depth' >= 1, got ") << depth;
  if (failed(normalizeAxis(getOperationName(), getLoc(), axis, rank)))
    return failure();
  SmallVector<int64_t> shape(indices.getShape());
  shape.insert(shape.begin() + axis, depth);
  if (failed(verifyCompatibleShape(shape, getType().getShape())))
    return emitOpError("expects result shape ")
           << formatShape(shape) << ", got "
           << formatShape(getType().getShape());
  return success();
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto input = getRankedType(name, loc, adaptor.getInput(), "input");
  if (!input)
    return failure();
  int64_t axis = adaptor.getAxis();
  int64_t k = adaptor.getK();
  if (failed(normalizeAxis(name, loc, axis, input.getRank())))
    return failure();
  int64_t dim = input.getDimSize(axis);
  if (k < 1 || (!ShapedType::isDynamic(dim) && k > dim))
    return opError(name, loc,
                   "expects 'k' in [1, " + llvm::Twine(dim) + "], got " +
                       llvm::Twine(k));
  SmallVector<int64_t> shape(input.getShape());
  shape[axis] = k;
  inferred.push_back(withShape(input, shape));
  inferred.push_back(
      RankedTensorType::get(shape, IntegerType::get(context, 64)));
  return success();
}
