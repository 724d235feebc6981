//===- InputBinding.h - where a model's input values come from --*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file declares the one input-binding policy that nngraph-run and the
// Python package share: an input takes its value from a weights file (by
// name), else from a named array, else deterministic random values (weights
// in [-0.5, 0.5), data in [0, 1)) when the caller asks for them; anything
// else is missing, with one message naming what is. bindInputs applies the
// policy to NpyArrays; planInputs only decides, for callers (Python) that
// keep their own storage.
//
//===----------------------------------------------------------------------===//

#ifndef NNGRAPH_EXECUTION_INPUTBINDING_H
#define NNGRAPH_EXECUTION_INPUTBINDING_H

#include "nngraph/Execution/Execution.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace nngraph {

/// Where the value of one input comes from.
enum class InputSource { Weights, Named, RandomWeight, RandomData, Missing };

/// The name of `source` ("weights", "named", "random-weight",
/// "random-data", "missing").
llvm::StringRef getInputSourceName(InputSource source);

struct BindingOptions {
  /// Seed of the [-0.5, 0.5) values of weights without a value; none: such
  /// weights are missing.
  std::optional<unsigned> randomWeights;
  /// Seed of the [0, 1) values of data inputs without a value; none: such
  /// inputs are missing.
  std::optional<unsigned> randomInputs;
};

/// What the policy needs to know of one input.
struct InputQuery {
  llvm::StringRef name;
  /// Marked as a weight (role "weight").
  bool isWeight = false;
  /// Random values must be positive (TensorInfo::positive).
  bool positive = false;
  /// Random values need a static shape.
  bool hasStaticShape = true;
  /// A value by this name is in the weights file / the named arrays.
  bool inWeights = false;
  bool inNamed = false;
};

/// The policy's choice for one input; random choices carry the seed and
/// range that fillUniform takes.
struct InputChoice {
  InputSource source = InputSource::Missing;
  unsigned seed = 0;
  double low = 0, high = 0;
};

/// The choices for `inputs`, in order, and the messages for what is
/// missing: "weights without values: a, b" for weights, "missing inputs:
/// x" for data inputs (empty when nothing is).
struct InputPlan {
  std::vector<InputChoice> choices;
  std::string missingWeights, missingInputs;
};

InputPlan planInputs(llvm::ArrayRef<InputQuery> inputs,
                     const BindingOptions &options);

/// A weight's value as a weights file holds it.
struct WeightView {
  llvm::StringRef dtype;
  llvm::ArrayRef<int64_t> shape;
  llvm::ArrayRef<char> data;
};

/// An array given for an input by name, and where it came from (for
/// messages: "'x.npy'"; may be empty).
struct NamedArray {
  NpyArray array;
  std::string origin;
};

/// Binds a value to every input of `inputs` by planInputs: weights are
/// copied, named arrays moved from `named`. A weight or array of the wrong
/// dtype or shape, or a missing input, is reported through `report` with
/// the source it came from; returns failure after any.
FailureOr<std::vector<NpyArray>> bindInputs(
    llvm::ArrayRef<TensorInfo> inputs,
    llvm::function_ref<std::optional<WeightView>(llvm::StringRef)> lookupWeight,
    llvm::StringMap<NamedArray> &named, const BindingOptions &options,
    llvm::function_ref<void(InputSource, const llvm::Twine &)> report);

} // namespace nngraph
} // namespace mlir

#endif // NNGRAPH_EXECUTION_INPUTBINDING_H
