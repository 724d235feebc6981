//===- InputBinding.cpp - where a model's input values come from ----------===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the input-binding policy declared in InputBinding.h:
// the choice of each input's source, the messages for missing inputs, and
// the binding of NpyArrays that nngraph-run runs a model on.
//
//===----------------------------------------------------------------------===//

#include "nngraph/Execution/InputBinding.h"

#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::nngraph;

StringRef nngraph::getInputSourceName(InputSource source) {
  switch (source) {
  case InputSource::Weights:
    return "weights";
  case InputSource::Named:
    return "named";
  case InputSource::RandomWeight:
    return "random-weight";
  case InputSource::RandomData:
    return "random-data";
  case InputSource::Missing:
    return "missing";
  }
  return "missing";
}

static InputChoice chooseSource(const InputQuery &input,
                                const BindingOptions &options) {
  InputChoice choice;
  if (input.inWeights) {
    choice.source = InputSource::Weights;
  } else if (input.inNamed) {
    choice.source = InputSource::Named;
  } else if (input.hasStaticShape && input.isWeight && options.randomWeights) {
    choice = {InputSource::RandomWeight,
              getWeightSeed(*options.randomWeights, input.name),
              input.positive ? 0.5 : -0.5, input.positive ? 1.5 : 0.5};
  } else if (input.hasStaticShape && !input.isWeight && options.randomInputs) {
    choice = {InputSource::RandomData, *options.randomInputs, 0.0, 1.0};
  }
  return choice;
}

InputPlan nngraph::planInputs(ArrayRef<InputQuery> inputs,
                              const BindingOptions &options) {
  InputPlan plan;
  std::string weights, data;
  for (const InputQuery &input : inputs) {
    plan.choices.push_back(chooseSource(input, options));
    if (plan.choices.back().source != InputSource::Missing)
      continue;
    std::string &list = input.isWeight ? weights : data;
    list += (list.empty() ? "" : ", ") + input.name.str();
  }
  if (!weights.empty())
    plan.missingWeights = "weights without values: " + weights;
  if (!data.empty())
    plan.missingInputs = "missing inputs: " + data;
  return plan;
}

/// "float32 [4, 6]".
static std::string describe(StringRef dtype, ArrayRef<int64_t> shape) {
  std::string s = dtype.str() + " [";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

/// A copy of `weight` as `info`'s storage, or failure (reported) when its
/// dtype or shape differs.
static FailureOr<NpyArray>
copyWeight(const TensorInfo &info, const WeightView &weight,
           function_ref<void(InputSource, const Twine &)> report) {
  NpyArray a = info.allocate();
  if (!llvm::equal(weight.shape, info.shape) || weight.dtype != info.dtype ||
      weight.data.size() != a.bytes.size()) {
    report(InputSource::Weights, "weight '" + info.name + "' is " +
                                     describe(weight.dtype, weight.shape) +
                                     " in the params file, the model "
                                     "expects " +
                                     info.describe());
    return failure();
  }
  llvm::copy(weight.data, a.bytes.begin());
  return a;
}

/// `given`'s array, or failure (reported) when its dtype or shape differs
/// from `info`'s.
static FailureOr<NpyArray>
takeNamed(const TensorInfo &info, NamedArray &given,
          function_ref<void(InputSource, const Twine &)> report) {
  NpyArray &a = given.array;
  if (a.dtype != info.npyDType || a.shape != info.shape) {
    report(InputSource::Named,
           "input '" + info.name + "'" +
               (given.origin.empty() ? "" : " from " + given.origin) + " is " +
               a.describe() + ", the model expects " + info.describe());
    return failure();
  }
  return std::move(a);
}

FailureOr<std::vector<NpyArray>> nngraph::bindInputs(
    ArrayRef<TensorInfo> inputs,
    function_ref<std::optional<WeightView>(StringRef)> lookupWeight,
    llvm::StringMap<NamedArray> &named, const BindingOptions &options,
    function_ref<void(InputSource, const Twine &)> report) {
  std::vector<InputQuery> queries;
  std::vector<std::optional<WeightView>> weights;
  for (const TensorInfo &info : inputs) {
    weights.push_back(lookupWeight(info.name));
    InputQuery &q = queries.emplace_back();
    q.name = info.name;
    q.isWeight = info.isWeight;
    q.positive = info.positive;
    q.inWeights = weights.back().has_value();
    q.inNamed = named.contains(info.name);
  }
  InputPlan plan = planInputs(queries, options);
  std::vector<NpyArray> arrays;
  for (auto [info, choice, weight] :
       llvm::zip_equal(inputs, plan.choices, weights)) {
    FailureOr<NpyArray> a = failure();
    switch (choice.source) {
    case InputSource::Weights:
      a = copyWeight(info, *weight, report);
      break;
    case InputSource::Named:
      a = takeNamed(info, named.find(info.name)->second, report);
      break;
    case InputSource::RandomWeight:
    case InputSource::RandomData:
      a = info.allocate();
      fillUniform(*a, choice.seed, choice.low, choice.high);
      break;
    case InputSource::Missing:
      continue;
    }
    if (failed(a))
      return failure();
    arrays.push_back(std::move(*a));
  }
  if (!plan.missingWeights.empty())
    report(InputSource::Missing, plan.missingWeights);
  if (!plan.missingInputs.empty())
    report(InputSource::Missing, plan.missingInputs);
  if (!plan.missingWeights.empty() || !plan.missingInputs.empty())
    return failure();
  return arrays;
}
